"""Encounters that last: their logs in SQLite or PostgreSQL, for every front end.

store = Store()                              # FRACAS_DATABASE_URL, or a SQLite file
encounter_id = store.create(open_encounter("raptors.yaml", seed=7))
tracked = Tracked(store, encounter_id)
reply = tracked.run("start")                 # committed before it returns
store.export(encounter_id)                   # the save, as fracas export prints it

The names below are imported when first used, so that ``fracas.store.summaries`` (what
``fracas list`` reads) loads without SQLAlchemy.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fracas.store.records import (
        Answer,
        Conflict,
        Entry,
        Link,
        Loaded,
        Member,
        StoreError,
        UnknownEncounter,
        UnknownLink,
        told,
    )
    from fracas.store.store import Store
    from fracas.store.summaries import ENVIRONMENT, Summary, default_url
    from fracas.store.tracked import Tracked

__all__ = [
    "ENVIRONMENT",
    "Answer",
    "Conflict",
    "Entry",
    "Link",
    "Loaded",
    "Member",
    "Store",
    "StoreError",
    "Summary",
    "Tracked",
    "UnknownEncounter",
    "UnknownLink",
    "default_url",
    "told",
]

_HOMES = {
    "ENVIRONMENT": "summaries",
    "Summary": "summaries",
    "default_url": "summaries",
    "Store": "store",
    "Tracked": "tracked",
}
"""The module of each exported name that is not ``fracas.store.records``'s."""


def __getattr__(name: str) -> object:
    """The exported ``name`` from its module, imported now (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES.get(name, 'records')}"), name)

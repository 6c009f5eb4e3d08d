"""Encounters that last: their logs in SQLite or PostgreSQL, for every front end.

store = Store()                              # FRACAS_DATABASE_URL, or a SQLite file
encounter_id = store.create(open_encounter("raptors.yaml", seed=7))
tracked = Tracked(store, encounter_id)
reply = tracked.run("start")                 # committed before it returns
store.export(encounter_id)                   # the save, as fracas export prints it
"""

from fracas.store.database import ENVIRONMENT, default_url
from fracas.store.records import (
    Answer,
    Conflict,
    Entry,
    Link,
    Loaded,
    Member,
    StoreError,
    Summary,
    UnknownEncounter,
    UnknownLink,
    told,
)
from fracas.store.store import Store
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

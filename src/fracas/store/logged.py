"""A step as the store's log keeps it: the JSON text of its save data (``saving.dump_step``).

The text is made by pydantic in one pass, record by record (``TypeAdapter.dump_json``), rather
than as Python data first and then by ``json.dumps``: for an attack that is ~0.23 M machine
instructions against ~0.49 M, the largest part of a command's path through the store after the
database's own (``docs/performance.md``, "Target 4, seventh session"). The text reads back
(``json.loads``) as exactly ``dump_step``'s data; ``tests/store/test_logged.py`` checks it for
every step of fights of every ruleset.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from fracas.engine.action import Action
from fracas.engine.encounter import Step
from fracas.engine.events import Event


def step_text(step: Step) -> str:
    """``json.dumps(dump_step(step))``, as data: its action and its events."""
    events = ",".join(_record(event) for event in step.events)
    return f'{{"action":{_record(step.action)},"events":[{events}]}}'


def _record(record: Action | Event) -> str:
    """One action or event as a save holds it: its class's name as ``type``, then its fields
    (``saving._dump``)."""
    fields = _adapter(type(record)).dump_json(record).decode()
    kind = f'{{"type":"{type(record).__name__}"'
    return f"{kind}}}" if fields == "{}" else f"{kind},{fields[1:]}"


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(kind: type[Any]) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(kind)
    if found is None:
        found = _ADAPTERS[kind] = TypeAdapter(kind)
    return found

"""A step as the store's log keeps it: the JSON text of its save data (``saving.dump_step``).

The text is made by pydantic in one pass, record by record (``TypeAdapter.dump_json``), rather
than as Python data first and then by ``json.dumps``: for an attack that is ~0.23 M machine
instructions against ~0.49 M, the largest part of a command's path through the store after the
database's own (``docs/performance.md``, "Target 4, seventh session"). The text reads back
(``json.loads``) as exactly ``dump_step``'s data; ``tests/store/test_logged.py`` checks it for
every step of fights of every ruleset. Each record goes straight to its class's
``SchemaSerializer.to_json`` (what ``TypeAdapter.dump_json`` calls, with the same defaults), and
the text is put together as bytes and decoded once: ~0.15 M instructions for the attack.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter
from pydantic_core import SchemaSerializer

from fracas.engine.action import Action
from fracas.engine.encounter import Step
from fracas.engine.events import Event


def step_text(step: Step) -> str:
    """``json.dumps(dump_step(step))``, as data: its action and its events."""
    events = b",".join([_record(event) for event in step.events])
    return (b'{"action":%b,"events":[%b]}' % (_record(step.action), events)).decode()


def _record(record: Action | Event) -> bytes:
    """One action or event as a save holds it: its class's name as ``type``, then its fields
    (``saving._dump``)."""
    kind = type(record)
    head, serializer = _WRITERS.get(kind) or _writer(kind)
    fields = serializer.to_json(record)
    return head + b"}" if fields == b"{}" else head + b"," + fields[1:]


_WRITERS: dict[type[Any], tuple[bytes, SchemaSerializer]] = {}
"""Each record class's start of text (its ``type``) and its serializer."""


def _writer(kind: type[Any]) -> tuple[bytes, SchemaSerializer]:
    found = _WRITERS[kind] = (
        b'{"type":"%b"' % kind.__name__.encode(),
        TypeAdapter(kind).serializer,
    )
    return found

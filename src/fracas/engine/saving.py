"""Saving an encounter as JSON-ready data, and loading it back by replaying its events.

A save holds the ruleset, its settings, the seed and the log (each step's action and events,
and the undone steps waiting for redo). Loading folds the events into a fresh state; no rule
runs and no die is rolled, so the loaded encounter is identical to the saved one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import TypeAdapter, ValidationError

from fracas.engine.action import Action
from fracas.engine.encounter import ENGINE_ACTIONS, Encounter, Step
from fracas.engine.events import ENGINE_EVENTS, Event
from fracas.engine.registry import find
from fracas.engine.ruleset import Ruleset
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED

FORMAT = "fracas-encounter"
VERSION = 1


class SaveFileError(FracasError):
    """A save that cannot be read: names the place in the file that is wrong."""


def save(encounter: Encounter) -> dict[str, Any]:
    """The encounter as plain JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": encounter.ruleset.descriptor.slug,
        "settings": encounter.ruleset.settings.model_dump(mode="json"),
        "seed": encounter.seed,
        "steps": [dump_step(step) for step in encounter.steps],
        "undone": [dump_step(step) for step in encounter.undone],
    }


def load(data: Mapping[str, Any], rulesets: Callable[[str], type[Ruleset]] = find) -> Encounter:
    """The encounter a ``save`` describes, rebuilt by replay; ``rulesets`` finds its ruleset."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SaveFileError(f"not a {FORMAT} version {VERSION} save")
    ruleset_type = rulesets(str(data.get("ruleset", "")))
    try:
        settings = ruleset_type.settings_model.model_validate(data.get("settings", {}))
    except ValidationError as error:
        raise SaveFileError(f"settings: {error}") from error
    seed = checked_seed(data.get("seed"))
    ruleset = ruleset_type(settings)
    reader = _Reader(ruleset)
    steps = [reader.step(s, f"steps[{n}]") for n, s in enumerate(_list(data, "steps"))]
    undone = [reader.step(s, f"undone[{n}]") for n, s in enumerate(_list(data, "undone"))]
    encounter = Encounter(ruleset, seed=seed)
    encounter.replay(steps, undone)
    return encounter


def checked_seed(seed: Any) -> int:
    """``seed`` if it is a whole number from 0 to MAX_SEED, else a SaveFileError naming it."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SaveFileError(f"seed: must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def dump_step(step: Step) -> dict[str, Any]:
    """One step as JSON-ready data, as in a save's ``steps`` (a store logs step by step)."""
    return {"action": _dump(step.action), "events": [_dump(e) for e in step.events]}


def _dump(record: Action | Event) -> dict[str, Any]:
    fields: dict[str, Any] = _adapter(type(record)).dump_python(record, mode="json")
    return {"type": type(record).__name__, **fields}


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(kind: type[Any]) -> TypeAdapter[Any]:
    if kind not in _ADAPTERS:
        _ADAPTERS[kind] = TypeAdapter(kind)
    return _ADAPTERS[kind]


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise SaveFileError(f"{key}: expected a list")
    return value


class _Reader:
    """Reads steps back with the action and event classes of the engine and one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.context = {"sheet_model": ruleset.sheet_model}
        self.actions = _by_name((*ENGINE_ACTIONS, *ruleset.actions))
        self.events = _by_name((*ENGINE_EVENTS, *ruleset.events))

    def step(self, data: Any, where: str) -> Step:
        if not isinstance(data, dict):
            raise SaveFileError(f"{where}: expected an object")
        action = self._read(data.get("action"), self.actions, f"{where}.action")
        events = data.get("events")
        if not isinstance(events, list):
            raise SaveFileError(f"{where}.events: expected a list")
        return Step(
            action,
            tuple(self._read(e, self.events, f"{where}.events[{n}]") for n, e in enumerate(events)),
        )

    def _read(self, data: Any, kinds: Mapping[str, type[Any]], where: str) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise SaveFileError(f"{where}: expected an object with a type")
        fields = {k: v for k, v in data.items() if k != "type"}
        kind = kinds.get(data["type"])
        if kind is None:
            raise SaveFileError(f"{where}: unknown type {data['type']!r}")
        try:
            return _adapter(kind).validate_python(fields, context=self.context)
        except ValidationError as error:
            first = error.errors()[0]
            place = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"])
            raise SaveFileError(f"{where}{place} ({data['type']}): {first['msg']}") from error


def _by_name(kinds: tuple[type[Any], ...]) -> dict[str, type[Any]]:
    table: dict[str, type[Any]] = {}
    for kind in kinds:
        if kind.__name__ in table and table[kind.__name__] is not kind:
            raise FracasError(
                f"two classes are called {kind.__name__}: saves could not tell them apart"
            )
        table[kind.__name__] = kind
    return table

"""Sessions from files and back: encounter YAML in, save JSON in and out, autosave names.

Every problem reading a file is a FracasError whose message starts with the file's name (a
ContentError for encounter YAML, with line and column), so a front end prints one line.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fracas.app.rulesets import find as find_ruleset
from fracas.app.session import Session, session_metadata
from fracas.content import load_encounter
from fracas.dice import DiceSource
from fracas.engine import saving
from fracas.engine.encounter import Encounter, Step
from fracas.engine.events import CombatantJoined
from fracas.engine.gm import AddCombatant
from fracas.engine.names import BadName, name_problem
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant
from fracas.errors import FracasError

Finder = Callable[[str], type[Ruleset]]
"""Finds a ruleset class by slug, name or alias (``fracas.app.rulesets.find``)."""

SAVE_SUFFIX = ".fracas.json"


class SessionFileError(FracasError):
    """A save file that cannot be read or written."""


def open_encounter(
    path: str | os.PathLike[str],
    seed: int = 0,
    dice: DiceSource | None = None,
    *,
    find: Finder = find_ruleset,
    text: str | None = None,
) -> Session:
    """A session on the encounter file at ``path``: its ruleset, settings and combatants.

    Combatants are added by logged ``add`` steps (group and hidden kept); undo stops at them.
    ``text``, when given, is read instead of the file (``path`` still names it in errors).
    Raises ContentError (bad YAML, an unknown field or ruleset: file, line and column).
    """
    loaded = load_encounter(path, lambda slug: find(slug).sheet_model, text=text)
    ruleset = find(loaded.ruleset)
    settings = loaded.validate_settings(ruleset.settings_model)
    encounter = Encounter(ruleset(settings), seed=seed, dice=dice)
    for entry in loaded.combatants:
        encounter.apply(
            AddCombatant(
                name=entry.name,
                side=entry.side,
                sheet=entry.sheet,
                group=entry.group,
                hidden=entry.hidden,
            )
        )
    return Session(encounter, loaded.name, setup=len(encounter.steps))


def new_session(
    ruleset: str,
    seed: int = 0,
    dice: DiceSource | None = None,
    name: str = "",
    *,
    find: Finder = find_ruleset,
) -> Session:
    """An empty encounter of the ruleset called ``ruleset``, with its default settings; BadName
    when ``name`` may not be a name (``fracas.engine.names``)."""
    _check_name(name, "the encounter's name")
    kind = find(ruleset)
    return Session(Encounter(kind(), seed=seed, dice=dice), name)


def session_from_save(
    data: dict[str, Any], dice: DiceSource | None = None, *, find: Finder = find_ruleset
) -> Session:
    """The session a ``Session.save()`` (or a bare engine save) describes, rebuilt by replay."""
    encounter = saving.load(data, find)
    encounter.dice = dice
    name, setup = session_metadata(data)
    return Session(encounter, name, setup=min(setup, len(encounter.steps)))


def imported_session(
    data: dict[str, Any], dice: DiceSource | None = None, *, find: Finder = find_ruleset
) -> Session:
    """``session_from_save`` for a save from outside (a file, an upload): BadName when a name
    in it (the encounter's, a combatant's, a side or a group) may not be a name, as had it
    been typed (``fracas.engine.names``). A store's own encounters load without this check."""
    session = session_from_save(data, dice, find=find)
    _check_name(session.name, "name")
    encounter = session.encounter
    for kind, steps in (("steps", encounter.steps), ("undone", encounter.undone)):
        for number, step in enumerate(steps):
            for joined in _joined(step):
                for given in (joined.name, joined.side, joined.group or ""):
                    _check_name(given, f"{kind}[{number}]")
    return session


def _joined(step: Step) -> list[Combatant]:
    """The combatants that join the fight in ``step``."""
    return [e.combatant for e in step.events if isinstance(e, CombatantJoined)]


def _check_name(name: str, where: str) -> None:
    problem = name_problem(name)
    if problem is not None:
        raise BadName(f"{where}: {name!r}: {problem}")


def load_session(
    path: str | os.PathLike[str], dice: DiceSource | None = None, *, find: Finder = find_ruleset
) -> Session:
    """Resume the session saved at ``path`` (a save from outside: ``imported_session``)."""
    data = read_json(path)
    try:
        return imported_session(data, dice, find=find)
    except FracasError as error:
        raise SessionFileError(f"{path}: {error}") from error


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise SessionFileError(f"{path}: cannot read file: {error.strerror or error}") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SessionFileError(
            f"{path}:{error.lineno}:{error.colno}: not JSON: {error.msg}"
        ) from error
    if not isinstance(data, dict):
        raise SessionFileError(f"{path}: not a fracas save (expected a JSON object)")
    return data


def write_session(session: Session, path: str | os.PathLike[str]) -> Path:
    """Write the session's save to ``path`` atomically (a crash never leaves half a file)."""
    target = Path(path)
    text = json.dumps(session.save(), indent=1, ensure_ascii=False) + "\n"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as error:
        raise SessionFileError(f"{path}: cannot write: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise SessionFileError(f"{path}: cannot write: {error.strerror or error}") from error
    return target


def autosave_path(name: str, folder: str | os.PathLike[str] = ".") -> Path:
    """``<name>.fracas.json`` in ``folder``, numbered (``-2``, ``-3`` …) to overwrite no file."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "encounter"
    base = Path(folder)
    candidate, number = base / f"{stem}{SAVE_SUFFIX}", 1
    while candidate.exists():
        number += 1
        candidate = base / f"{stem}-{number}{SAVE_SUFFIX}"
    return candidate

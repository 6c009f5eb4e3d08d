"""Setting up an ``odds`` question: an encounter, stat blocks joining it, the actor's turn.

The encounter is a file, a ruleset's demo, or a session the caller opened (a stored encounter
as it stands). ``--attacker`` and ``--target`` stat blocks (one
sheet at the top level of a YAML file) join it as ``Attacker`` (side ``attackers``) and
``Target`` (side ``targets``). The fight is started and the turn moved to whoever acts, with
the engine's own ``start`` and ``turn`` actions, so the action is asked about exactly as it
would be played at the table.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.session import Session
from fracas.commands import CommandError, MissingArgument, parse_line
from fracas.content import load_statblock
from fracas.engine.action import Action, CombatantId
from fracas.engine.gm import AddCombatant, MoveTurn
from fracas.engine.turns import StartCombat
from fracas.errors import FracasError

ATTACKER = ("Attacker", "attackers")
TARGET = ("Target", "targets")
"""Name and side of the combatants the ``--attacker`` and ``--target`` stat blocks become."""


def encounter_path(where: str) -> Path:
    """``where`` as an encounter file when it names one, else the demo of the ruleset it names."""
    path = Path(where)
    if path.suffix.lower() in (".yaml", ".yml") or path.is_file():
        return path
    return demo_of(where)


def open_scenario(
    where: str | Session,
    *,
    attacker: str | os.PathLike[str] | None = None,
    target: str | os.PathLike[str] | None = None,
    seed: int = 0,
) -> Session:
    """A session on the encounter ``where`` names (or ``where`` itself, a session the caller
    opened, which changes), with the stat blocks added to it."""
    session = _session_of(where, seed)
    model = session.encounter.ruleset.sheet_model
    for path, (name, side) in ((attacker, ATTACKER), (target, TARGET)):
        if path is not None:
            sheet = load_statblock(path, model)
            session.encounter.apply(AddCombatant(name=name, side=side, sheet=sheet))
    session.setup = len(session.encounter.steps)
    return session


def _session_of(where: str | Session, seed: int) -> Session:
    if isinstance(where, Session):
        return where
    return open_encounter(encounter_path(where), seed)


def ready(session: Session, command: str) -> Action:
    """The action ``command`` asks for, with the fight started and the turn its actor's.

    Without a ``NAME:`` prefix the actor is the ``Attacker`` if one joined, else the first
    combatant of the encounter. When the command leaves out an argument it needs and a
    ``Target`` joined, the Target is named first after the verb (``attack -with axe`` is asked
    as ``attack Target -with axe``). Raises CommandError or another FracasError (IllegalAction …).
    """
    begin(session)
    try:
        action = session.bind(command)
    except MissingArgument:
        if _joined(session, TARGET) is None:
            raise
        action = session.bind(_naming_target(command))
    if action is None:
        raise CommandError("no command given")
    if action.actor is not None:
        _turn_of(session, action.actor)
    return action


def prepare(session: Session, commands: Sequence[str]) -> None:
    """Play set-up commands before the action asked about (``Thom: intend attack``, ``end`` to
    leave Kaiser's Intention phase), on the encounter's seeded dice; their rolls are not
    enumerated. Raises FracasError naming the command that could not be played."""
    begin(session)
    for command in commands:
        reply = session.run(command)
        if reply.error is not None or reply.needs is not None:
            problem = reply.error or f"it waits for a d{reply.needs}"
            raise CommandError(f"--before {command!r}: {problem}")


def following(session: Session, commands: Sequence[str]) -> list[Action]:
    """The actions of follow-up commands (``Target: parry``), bound in the current state; name
    who acts in each, or it is the one whose turn it is."""
    found: list[Action] = []
    for command in commands:
        try:
            action = session.bind(command)
        except FracasError as error:
            raise CommandError(f"--then {command!r}: {error}") from error
        if action is None:
            raise CommandError("an empty follow-up command")
        found.append(action)
    return found


def begin(session: Session) -> CombatantId:
    """Start the fight (if it has not started) and make it the default actor's turn: the
    ``Attacker`` if one joined, else the encounter's first combatant. Returns that actor."""
    if not session.state.clock.started:
        session.encounter.apply(StartCombat())
    actor = _default_actor(session)
    _turn_of(session, actor)
    return actor


def _joined(session: Session, who: tuple[str, str]) -> CombatantId | None:
    """The combatant a stat block joined as (``ATTACKER`` or ``TARGET``), if it did."""
    name, side = who
    return next((c.id for c in session.state if c.name == name and c.side == side), None)


def _naming_target(command: str) -> str:
    """``command`` with the Target as the first word after the verb (and its switches)."""
    line = parse_line(command)
    if line is None:
        return command
    end = max((line.verb_span, *line.switch_spans), key=lambda span: span[1])[1]
    return f"{line.text[:end]} {TARGET[0]}{line.text[end:]}"


def _default_actor(session: Session) -> CombatantId:
    state = session.state
    attacker = _joined(session, ATTACKER)
    if attacker is not None:
        return attacker
    if not state.combatants:
        raise FracasError("the encounter has nobody in it")
    return next(iter(state.combatants))


def _turn_of(session: Session, actor: CombatantId) -> None:
    if not session.state.is_turn_of(actor):
        session.encounter.apply(MoveTurn(target=actor))

"""Random play for the conformance suite: command lines drawn from a session's own catalogue.

Nothing here names a ruleset. A command is a spec from the session's catalogue with each
parameter filled from its kind: combatants by id or name, small ints, one of the choices, a flag
or not, the names of the acting combatant's weapons and abilities (any list of named records on
its sheet), pool and effect names, sides, or a short word. ``end`` is drawn often enough for
rounds to pass, ``start`` often enough for the fight to begin, ``undo`` once it is over; half the
lines are the first of a few drawn that the rules allow, so games get deep; now and then dice
are typed in after ``!`` or a player (a speaker) gives the line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import strategies as st
from pydantic import BaseModel

from fracas.app import Reply, Session, SessionCommand, open_encounter
from fracas.app.rulesets import demo_path
from fracas.commands import CommandSpec, Param, ParamKind
from fracas.dice import DiceSource
from fracas.engine import registry
from fracas.engine.action import CombatantId
from fracas.engine.rolls import RollDice
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.errors import FracasError

RULESETS: tuple[type[Ruleset], ...] = registry.rulesets()


def examples(per_ruleset: int) -> int:
    """``per_ruleset`` hypothesis examples while one or two rulesets are registered, fewer each
    (never under a third) as more land, so the whole suite stays near a minute."""
    share = round(per_ruleset * 2 / max(2, len(RULESETS)))
    return max(per_ruleset // 3, share)


SEEDS = st.integers(min_value=0, max_value=2**31 - 1)

SOMETIMES = st.sampled_from([False, False, False, True])
"""True about one time in four (hypothesis draws small integers far more often than that)."""

WORDS = ("x", "fire", "Stunned", "Bleeding", "hp", "AP", "all", "0", "axe", "ghost", "-", "é")

DICE_WORDS = (
    "1d20",
    "1d20+3",
    "2d6",
    "4d6kh3",
    "2d20kl1",
    "1d20ro1",
    "3d6e6",
    "6d10>=8",
    "2d6[fire]",
    "d%",
    "1d6-7",
    "0d6",
    "1d0",
    "1d",
    "d",
)


def ruleset_id(ruleset: type[Ruleset]) -> str:
    return ruleset.descriptor.slug


def demo_of(ruleset: type[Ruleset]) -> Path:
    path = demo_path(ruleset)
    if path is None:
        pytest.fail(f"the {ruleset.descriptor.slug} ruleset ships no demo.yaml to play")
    return path


def open_demo(ruleset: type[Ruleset], seed: int, dice: DiceSource | None = None) -> Session:
    """A session on the ruleset's demo encounter, combat not started; seeded dice unless
    ``dice`` (faces a table rolls) is given."""
    return open_encounter(demo_of(ruleset), seed=seed, dice=dice)


# --- filling a command line -------------------------------------------------------------


def quoted(text: str) -> str:
    """``text`` as one argument of the command language."""
    if text and not any(ch.isspace() or ch in "\"'#,:!" for ch in text) and text[0] != "-":
        return text
    return f"'{text}'" if '"' in text else f'"{text}"'


def named_records(sheet: BaseModel) -> list[str]:
    """The names of every list of named records on a sheet: weapons, abilities, powers…"""
    names: list[str] = []
    for name in type(sheet).model_fields:
        value = getattr(sheet, name)
        if isinstance(value, list | tuple | set | frozenset):
            for item in value:
                label = getattr(item, "name", None)
                if isinstance(item, BaseModel) and isinstance(label, str) and label:
                    names.append(label)
    return sorted(set(names))


@dataclass
class Vocabulary:
    """What a command may name in a state: who, what they wield, their pools and effects."""

    combatants: list[tuple[CombatantId, str]]
    acting: tuple[CombatantId, ...]
    records: dict[CombatantId, list[str]]
    pools: list[str]
    effects: list[str]
    sides: list[str]
    words: list[str] = field(default_factory=lambda: list(WORDS))

    @classmethod
    def of(cls, state: EncounterState) -> Vocabulary:
        return cls(
            combatants=[(c.id, c.name) for c in state],
            acting=state.acting(),
            records={c.id: named_records(c.sheet) for c in state},
            pools=sorted({p for c in state for p in c.pools}),
            effects=sorted({e.name for c in state for e in c.effects}),
            sides=sorted({c.side for c in state}),
        )

    def strings(self, actor: CombatantId | None) -> list[str]:
        """Strings worth typing as a STR or REST argument, the actor's own records first."""
        own = self.records.get(actor, []) if actor is not None else []
        everyone = sorted({r for names in self.records.values() for r in names})
        found = [*own, *everyone, *self.pools, *self.effects, *self.sides, *self.words]
        return list(dict.fromkeys(found))


def combatant_word(vocabulary: Vocabulary) -> st.SearchStrategy[str]:
    """A combatant by id or display name (now and then: nobody there)."""
    if not vocabulary.combatants:
        return st.just("nobody")
    words = [quoted(c) for c, _ in vocabulary.combatants]
    words += [quoted(n) for _, n in vocabulary.combatants]
    return st.sampled_from([*words, *words, *words, "nobody"])


def combatant_words(vocabulary: Vocabulary) -> st.SearchStrategy[str]:
    """One or more combatants: ``a b`` or ``a,b``."""
    return st.tuples(
        st.lists(combatant_word(vocabulary), min_size=1, max_size=3), st.booleans()
    ).map(lambda pair: (" " if pair[1] or '"' in "".join(pair[0]) else ",").join(pair[0]))


def argument(
    param: Param, spec: CommandSpec, vocabulary: Vocabulary, actor: CombatantId | None
) -> st.SearchStrategy[str]:
    """One typed value for ``param``."""
    strings = vocabulary.strings(actor)
    if param.kind is ParamKind.COMBATANT:
        return combatant_word(vocabulary)
    if param.kind is ParamKind.COMBATANTS:
        return combatant_words(vocabulary)
    if param.kind is ParamKind.INT:
        return st.integers(min_value=-2, max_value=25).map(str)
    if param.kind is ParamKind.CHOICE:
        return st.sampled_from([c.label for c in param.choices] + ["nonesuch"])
    if spec.action is RollDice:
        return st.sampled_from(DICE_WORDS)
    if param.kind is ParamKind.PARSED:
        return st.one_of(combatant_word(vocabulary), st.sampled_from(["'{}'", "'{name: x}'"]))
    if param.kind is ParamKind.REST:
        return st.sampled_from(strings)
    return st.sampled_from(strings).map(quoted)


def pick_spec(session: Session) -> st.SearchStrategy[CommandSpec]:
    """A command, weighted so that a fight starts, its rounds pass and its actions are tried:
    the ruleset's own commands most, ``end`` often, ``start`` while the fight has not begun,
    ``undo`` once it is over, and the game master's and the session's commands now and then."""
    catalogue = session.catalogue
    ruleset = session.encounter.ruleset
    own = [s for s in catalogue if s.action in ruleset.actions]
    session_commands = [s for s in catalogue if issubclass(s.action, SessionCommand)]
    engine = [s for s in catalogue if s not in own and s not in session_commands]
    end, start = catalogue.get("end"), catalogue.get("start")
    assert end is not None and start is not None, "the catalogue lacks end or start"
    state = session.state
    choices: list[tuple[int, list[CommandSpec]]] = [
        (8, own or engine),
        (5, [end]),
        (3, engine),
        (2, session_commands),
    ]
    if not state.clock.started:
        choices.append((10, [start]))
    undo = catalogue.get("undo")
    if state.ended and undo is not None:
        choices.append((10, [undo]))
    weighted = [specs for weight, specs in choices for _ in range(weight)]
    return st.sampled_from(weighted).flatmap(st.sampled_from)


@st.composite
def command_line(draw: st.DrawFn, session: Session) -> str:
    """One command line for ``session`` in its current state."""
    vocabulary = Vocabulary.of(session.state)
    spec = draw(pick_spec(session))
    gm_command = spec.action.game_master or issubclass(spec.action, SessionCommand)
    actor: CombatantId | None = None
    prefix = ""
    everyone = [c for c, _ in vocabulary.combatants]
    if everyone and not gm_command:
        pool = list(vocabulary.acting) or everyone
        anyone = draw(SOMETIMES)
        actor = draw(st.sampled_from(everyone if anyone else pool))
        if len(vocabulary.acting) != 1 or actor not in vocabulary.acting or draw(st.booleans()):
            prefix = f"{quoted(actor)}: "
    elif everyone and draw(SOMETIMES) and draw(st.booleans()):
        actor = draw(st.sampled_from(everyone))
        prefix = f"{quoted(actor)}: "
    words = [spec.verb]
    rest: str | None = None
    for param in spec.params:
        if param.kind is ParamKind.BOOL:
            if draw(SOMETIMES):
                words.append(f"-{param.flag}")
        elif param.kind is ParamKind.REST:
            if param.required or draw(st.booleans()):
                rest = draw(argument(param, spec, vocabulary, actor))
        elif param.positional:
            words.append(draw(argument(param, spec, vocabulary, actor)))
        elif draw(SOMETIMES):
            words += [f"-{param.flag}", draw(argument(param, spec, vocabulary, actor))]
    if rest is not None:
        words.append(rest)
    return prefix + " ".join(words)


# --- running lines and checking the state -----------------------------------------------


@dataclass
class Outcome:
    """What one line did to the session."""

    line: str
    reply: Reply | None
    raised: FracasError | None


def run_line(session: Session, line: str, speaker: CombatantId | None = None) -> Outcome:
    """Run ``line``: a reply, or a FracasError; any other exception escapes (a failure).

    A line that fails (an error reply or a FracasError) must leave the very same state.
    """
    before = session.state
    steps = len(session.encounter.steps)
    try:
        reply = session.run(line, speaker=speaker)
    except FracasError as error:
        assert session.state is before, f"{line!r} raised {error!r} and changed the state"
        return Outcome(line, None, error)
    if reply.error is not None:
        assert "\n" not in reply.error, f"{line!r}: a multi-line error {reply.error!r}"
        assert reply.error.strip(), f"{line!r}: an empty error"
        assert session.state is before, f"{line!r} failed ({reply.error}) but changed the state"
        assert len(session.encounter.steps) == steps
        assert reply.step is None
    if reply.step is not None:
        assert session.encounter.steps[-1] is reply.step
    return Outcome(line, reply, None)


def check_views(session: Session) -> None:
    """Everyone can read the table and the whole log: the game master and every side."""
    sides = sorted({c.side for c in session.state})
    players = [next(c.id for c in session.state if c.side == side) for side in sides]
    for speaker in [None, *players]:
        for line in ("status", "log all"):
            reply = session.run(line, speaker=speaker)
            assert reply.error is None, f"{line!r} as {speaker or 'the GM'}: {reply.error}"
            assert reply.lines, f"{line!r} as {speaker or 'the GM'} said nothing"


def check_invariants(session: Session) -> None:
    """What holds in every reachable state of every ruleset."""
    state = session.state
    encounter = session.encounter
    clock = state.clock
    assert state.rng[0] == encounter.seed
    for key, combatant in state.combatants.items():
        assert combatant.id == key
        wanted = set(encounter.ruleset.pools(combatant.sheet))
        missing = wanted - set(combatant.pools)
        assert not missing, f"{combatant.name} lost the pools {sorted(missing)}"
    for turn in clock.order:
        assert turn.actors, f"an empty turn in the order: {clock.order}"
        for actor in turn.actors:
            assert actor in state.combatants, f"{actor!r} is in the order but not the encounter"
    for holder in clock.held:
        assert holder in state.combatants, f"{holder!r} holds a turn but is not in the encounter"
    assert clock.round >= 0
    assert clock.index >= 0
    if clock.started and clock.order and not state.ended:
        assert clock.index < len(clock.order), (
            f"turn index {clock.index} is past the order of {len(clock.order)} turns"
        )
    if not clock.started:
        assert not clock.order and clock.index == 0
    ids = [e.id for c in state for e in c.effects]
    assert len(ids) == len(set(ids)), f"effect ids repeat: {ids}"
    assert len(session.encounter.steps) >= session.setup


def is_legal(session: Session, line: str) -> bool:
    """Whether ``line`` binds to an action the rules allow now (session commands count)."""
    try:
        action = session.bind(line)
    except FracasError:
        return False
    if action is None:
        return False
    return isinstance(action, SessionCommand) or session.encounter.can(action)


FACES = st.lists(st.integers(min_value=0, max_value=25), min_size=1, max_size=3).map(
    lambda faces: " ".join(map(str, faces))
)


@st.composite
def next_line(draw: st.DrawFn, session: Session, speaker: CombatantId | None) -> str:
    """The next line of a game: often the first of a few drawn lines the rules allow; now and
    then with dice typed in after ``!``; only faces when a command waits for dice."""
    if session.pending(speaker) is not None and draw(st.booleans()):
        return draw(FACES)
    line = draw(command_line(session))
    if draw(st.booleans()):
        for _ in range(8):
            if is_legal(session, line):
                break
            line = draw(command_line(session))
    if draw(SOMETIMES) and draw(st.booleans()):
        line += " !" + draw(FACES)
    return line


def play(
    session: Session,
    data: st.DataObject,
    max_lines: int = 40,
    after: Callable[[Session, Outcome], None] | None = None,
) -> list[Outcome]:
    """Run a random game of up to ``max_lines`` command lines, checking the invariants.

    Most lines come from the game master; now and then one comes from a player (a speaker).
    """
    check_invariants(session)
    count = data.draw(st.integers(min_value=0, max_value=max_lines), label="lines")
    done: list[Outcome] = []
    for _ in range(count):
        speaker: CombatantId | None = None
        if session.state.combatants and data.draw(SOMETIMES, label="player speaks"):
            speaker = data.draw(st.sampled_from(list(session.state.combatants)), label="speaker")
        line = data.draw(next_line(session, speaker), label="line")
        outcome = run_line(session, line, speaker)
        check_invariants(session)
        done.append(outcome)
        if after is not None:
            after(session, outcome)
    return done


def transcript(outcomes: Iterable[Outcome]) -> str:
    """The game as lines, each with what came of it (for failure messages)."""
    told = []
    for o in outcomes:
        if o.raised is not None:
            result = f"raised {o.raised!r}"
        elif o.reply is not None and o.reply.error is not None:
            result = f"error: {o.reply.error}"
        else:
            result = "ok"
        told.append(f"{o.line!r} -> {result}")
    return "\n".join(told)

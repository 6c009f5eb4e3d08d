"""Properties: any text either parses/binds or raises a CommandError, never anything else."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fracas.commands import (
    CommandError,
    CommandLine,
    bind,
    normalize_name,
    parse_line,
    resolve_name,
)
from fracas.engine.action import Action, CombatantId

from .sample_actions import BOB, CATALOGUE, COMBATANTS, CONTEXT, Attack

PIECES = [
    # verbs, prefixes, aliases, switches, unknown verbs
    "attack",
    "att",
    "a",
    "hit",
    "+attack",
    "+attack/adv",
    "heal",
    "roll",
    "note",
    "pose",
    "guard",
    "move",
    "cleave/no-reckless",
    "end-turn",
    "done",
    "at",
    "xyzzy",
    "place",
    "3,4",
    "-facing",
    "+sheet/b",
    # actors and names
    "bob:",
    "raptor2:",
    "'Raptor 2':",
    "zed",
    "rap",
    "raptor",
    "Raptor",
    "2",
    "r1",
    "bob",
    '"Raptor 1"',
    "'Bob the Brave'",
    "gob",
    "arch",
    "zorg",
    # numbers, dice, words
    "3",
    "+3",
    "-2",
    "0",
    "99999999999999999999",
    "1d20+3",
    "2d6",
    "+",
    "it's",
    "1.5",
    ",",
    "--",
    # options
    "-with",
    "-with=axe",
    "--with",
    "-bonus",
    "-bonus=zz",
    "-adv",
    "-advantage=no",
    "-no-adv",
    "-non-lethal",
    "-mode",
    "-speed",
    "-stance",
    "-targets",
    "-amount",
    "-dice",
    "-about",
    "-target",
    "-x",
    "-s",
    "-with=",
    "-with='great axe'",
    '-target="Raptor 1"',
    # choices
    "defensive",
    "all-out",
    "open",
    "cl",
    "fast",
    "slow",
    # trouble
    '"',
    "'",
    "#",
    "# comment",
    ":",
    "/",
    "=",
    "\n",
    "\t",
    "é",
    "\x00",
]

lines = st.lists(
    st.tuples(st.sampled_from(PIECES), st.sampled_from(["", " ", " ", "  ", "\t", ",", ":"])),
    max_size=8,
).map(lambda parts: "".join(piece + sep for piece, sep in parts))

any_text = st.one_of(st.text(max_size=60), lines)


def _check_line(line: CommandLine) -> None:
    previous = -1
    for token in line.tokens:
        assert line.text[token.start : token.end] == token.raw
        assert token.start > previous
        previous = token.end
    assert line.verb == line.verb.lower()
    if line.tokens:
        assert line.raw_from(0).startswith(line.tokens[0].raw)


@settings(max_examples=400, deadline=None)
@given(any_text)
def test_parse_line_returns_or_raises_a_command_error(text: str) -> None:
    try:
        line = parse_line(text)
    except CommandError as error:
        assert error.column is not None and 0 <= error.column <= len(text)
        assert error.message in str(error)
        return
    if line is not None:
        _check_line(line)


@settings(max_examples=400, deadline=None)
@given(any_text)
def test_bind_returns_an_action_or_raises_a_command_error(text: str) -> None:
    try:
        line = parse_line(text)
    except CommandError:
        return
    if line is None:
        return
    try:
        action = bind(line, CATALOGUE, CONTEXT)
    except CommandError as error:
        assert error.message
        assert error.column is None or 0 <= error.column <= len(text)
        return
    assert isinstance(action, Action)
    spec = CATALOGUE.lookup(line.verb)
    assert type(action) is spec.action


safe_text = st.text(
    alphabet=st.characters(blacklist_characters='"\n', blacklist_categories=["Cs"]), max_size=20
)


@settings(max_examples=200, deadline=None)
@given(
    target=st.sampled_from(sorted(COMBATANTS)),
    weapon=st.none() | safe_text,
    bonus=st.integers(min_value=-(10**9), max_value=10**9),
    advantage=st.booleans(),
    non_lethal=st.booleans(),
    by_name=st.booleans(),
)
def test_an_attack_written_out_binds_back_to_itself(
    target: CombatantId,
    weapon: str | None,
    bonus: int,
    advantage: bool,
    non_lethal: bool,
    by_name: bool,
) -> None:
    expected = Attack(
        actor=BOB,
        target=target,
        weapon=weapon,
        bonus=bonus,
        advantage=advantage,
        non_lethal=non_lethal,
    )
    named = COMBATANTS[target] if by_name else target
    parts = ["+attack", f'"{named}"', f"-bonus={bonus:+d}"]
    if weapon is not None:
        parts += ["-with", f'"{weapon}"']
    if advantage:
        parts.append("-advantage")
    parts.append(f"-non-lethal={'yes' if non_lethal else 'no'}")
    line = parse_line(" ".join(parts) + "  # written by the test")
    assert line is not None
    assert bind(line, CATALOGUE, CONTEXT) == expected


names = st.text(min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, names, min_size=1, max_size=8))
def test_every_combatant_is_found_by_its_id_when_keys_are_distinct(
    table: dict[str, str],
) -> None:
    combatants = {CombatantId(key): value for key, value in table.items()}
    owners: dict[str, CombatantId] = {}
    for combatant_id, name in combatants.items():
        for key in {normalize_name(combatant_id), normalize_name(name)}:
            assume(key and owners.setdefault(key, combatant_id) == combatant_id)
    for combatant_id, name in combatants.items():
        assert resolve_name(combatant_id, combatants) == combatant_id
        assert resolve_name(name, combatants) == combatant_id

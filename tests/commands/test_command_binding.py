"""bind: from a parsed line to a typed action, and every error on the way."""

from __future__ import annotations

from typing import TypeVar

import pytest

from fracas.commands import (
    AmbiguousCommand,
    AmbiguousName,
    AmbiguousOption,
    BindContext,
    CommandError,
    InvalidAction,
    InvalidValue,
    MissingArgument,
    MissingValue,
    RepeatedOption,
    UnexpectedArgument,
    UnknownCommand,
    UnknownName,
    UnknownOption,
    bind,
    bind_text,
    parse_line,
)
from fracas.engine.action import Action

from .sample_actions import (
    ALL_ACTIONS,
    BOB,
    CATALOGUE,
    COMBATANTS,
    CONTEXT,
    Atone,
    Attack,
    Cleave,
    EndTurn,
    Guard,
    Heal,
    Move,
    Note,
    Place,
    Pose,
    Roll,
    Speed,
    Stance,
    cid,
)

A = TypeVar("A", bound=Action)


def act(text: str, context: BindContext = CONTEXT) -> Action:
    action = bind_text(text, CATALOGUE, context)
    assert action is not None
    return action


def act_as(text: str, kind: type[A]) -> A:
    action = act(text)
    assert isinstance(action, kind)
    return action


def error(text: str, context: BindContext = CONTEXT) -> CommandError:
    with pytest.raises(CommandError) as caught:
        bind_text(text, CATALOGUE, context)
    return caught.value


# -- the happy paths, one kind at a time ---------------------------------------------------------


def test_combatant_positional_and_defaults() -> None:
    assert act("attack rap2") == Attack(actor=BOB, target=cid("raptor-2"))


def test_every_attack_field() -> None:
    action = act('attack "Raptor 2" -with axe -bonus +3 -advantage -non-lethal')
    assert action == Attack(
        actor=BOB,
        target=cid("raptor-2"),
        weapon="axe",
        bonus=3,
        advantage=True,
        non_lethal=True,
    )


def test_options_may_come_first_and_use_equals() -> None:
    action = act("attack -bonus=-2 -with='great axe' zed")
    assert action == Attack(actor=BOB, target=cid("zed"), weapon="great axe", bonus=-2)


def test_required_field_given_as_a_flag() -> None:
    assert act("attack -target zed") == Attack(actor=BOB, target=cid("zed"))


def test_double_dash_options_and_any_case() -> None:
    assert act("ATTACK zed --WITH Axe --Non_Lethal") == Attack(
        actor=BOB, target=cid("zed"), weapon="Axe", non_lethal=True
    )


def test_option_prefixes() -> None:
    assert act("attack zed -adv -w axe -n") == Attack(
        actor=BOB, target=cid("zed"), weapon="axe", advantage=True, non_lethal=True
    )


def test_bool_values_and_negation() -> None:
    assert act_as("attack zed -advantage=no", Attack).advantage is False
    assert act_as("attack zed -advantage=YES", Attack).advantage is True
    assert act_as("cleave", Cleave).reckless is True
    assert act_as("cleave -no-reckless", Cleave).reckless is False
    assert act_as("cleave -no-reck", Cleave).reckless is False
    assert act_as("cleave -reckless=off", Cleave).reckless is False
    assert act_as("cleave -no-reckless=no", Cleave).reckless is True


def test_int_signs() -> None:
    assert act("move 3") == Move(actor=BOB, squares=3)
    assert act("move +3") == Move(actor=BOB, squares=3)
    assert act("move -2") == Move(actor=BOB, squares=-2)
    assert act("move 2 -toward zed -slowly") == Move(
        actor=BOB, squares=2, toward=cid("zed"), careful=True
    )


def test_enum_and_literal_choices() -> None:
    assert act("guard defensive") == Guard(actor=BOB, stance=Stance.DEFENSIVE)
    assert act("guard ALL-OUT -mode closed -speed s") == Guard(
        actor=BOB, stance=Stance.ALL_OUT, mode="closed", speed=Speed.SLOW
    )
    assert act_as("guard all_out", Guard).stance is Stance.ALL_OUT
    assert act_as("guard d -mode o", Guard).mode == "open"
    assert act_as("guard d -mode CLO", Guard).mode == "closed"


def test_many_combatants() -> None:
    expected = Heal(actor=BOB, targets=(cid("raptor-1"), cid("zed")), amount=5)
    assert act("heal r1 zed 5") == expected
    assert act("heal r1,zed 5") == expected
    assert act("heal r1, zed 5") == expected
    assert act("heal -targets r1 -targets zed -amount 5") == expected
    assert act("heal -amount 5 r1 zed") == expected
    assert act('heal "Raptor 1" zed 5') == expected
    assert act("heal zed 5") == Heal(actor=BOB, targets=(cid("zed"),), amount=5)


def test_optional_many_combatants() -> None:
    assert act("cleave") == Cleave(actor=BOB)
    assert act("cleave -targets r1,r2") == Cleave(
        actor=BOB, targets=(cid("raptor-1"), cid("raptor-2"))
    )


def test_unquoted_names_with_spaces_are_joined_when_exact() -> None:
    assert act("attack Raptor 2") == Attack(actor=BOB, target=cid("raptor-2"))
    assert act("attack Bob the Brave -adv") == Attack(actor=BOB, target=BOB, advantage=True)
    assert act("heal Raptor 1 Raptor 10 7") == Heal(
        actor=BOB, targets=(cid("raptor-1"), cid("raptor-10")), amount=7
    )
    # joining never steals an argument that another field needs
    assert act("heal raptor-1 2") == Heal(actor=BOB, targets=(cid("raptor-1"),), amount=2)


def test_parsed_by_the_field_metadata() -> None:
    assert act("place 3,4 -facing 0,1") == Place(actor=BOB, square=(3, 4), facing=(0, 1))
    assert act("place 3,4") == Place(actor=BOB, square=(3, 4))


# -- the rest of the line ------------------------------------------------------------------------


def test_rest_of_line_is_raw() -> None:
    assert act("roll 2d6  + 3 # damage") == Roll(actor=BOB, dice="2d6  + 3")
    assert act("roll -secret 1d20+5 -label hidden") == Roll(
        actor=BOB, dice="1d20+5 -label hidden", secret=True
    )
    assert act("roll -label init 'x' 1d20") == Roll(actor=BOB, dice="'x' 1d20", label="init")


def test_rest_as_one_quoted_string_is_unquoted() -> None:
    assert act('roll "2d6 + 3"') == Roll(actor=BOB, dice="2d6 + 3")


def test_rest_given_as_a_flag() -> None:
    assert act("roll -dice 4d6kh3") == Roll(actor=BOB, dice="4d6kh3")


def test_rest_after_required_positionals() -> None:
    assert act("pose zed swings: wildly, and -misses- # ooc") == Pose(
        actor=BOB, who=cid("zed"), text="swings: wildly, and -misses-"
    )


def test_optional_rest() -> None:
    assert act("note") == Note(actor=BOB)
    assert act("note -about zed is bleeding") == Note(
        actor=BOB, about=cid("zed"), text="is bleeding"
    )


def test_double_dash_ends_the_options() -> None:
    assert act("note -- -about is a flag") == Note(actor=BOB, text="-about is a flag")
    assert act("move -- 3") == Move(actor=BOB, squares=3)


# -- actor, verb prefix, alias, switches ---------------------------------------------------------


def test_default_actor_and_actor_prefix() -> None:
    assert act("attack zed").actor == BOB
    assert act("rap3: attack zed").actor == "raptor-3"
    assert act('"Raptor 3": +attack zed').actor == "raptor-3"
    assert act("attack zed", BindContext(COMBATANTS)).actor is None
    assert act("zed: attack bob", BindContext(COMBATANTS)).actor == "zed"


def test_verb_prefix_and_aliases() -> None:
    expected = Attack(actor=BOB, target=cid("zed"))
    for verb in ("attack", "att", "atta", "hit", "HIT", "strike", "str", "+attack"):
        assert act(f"{verb} zed") == expected
    assert act("done") == EndTurn(actor=BOB)
    assert act("end") == EndTurn(actor=BOB)
    assert act("END_TURN") == EndTurn(actor=BOB)
    assert act("atone") == Atone(actor=BOB)


def test_switches_are_bool_flags() -> None:
    assert act("+attack/adv/non zed") == Attack(
        actor=BOB, target=cid("zed"), advantage=True, non_lethal=True
    )
    assert act("cleave/no-reckless") == Cleave(actor=BOB, reckless=False)


def test_bind_accepts_a_mapping() -> None:
    line = parse_line("swing zed")
    assert line is not None
    mapping = {"swing": Attack, "heal": Heal}
    assert bind(line, mapping, CONTEXT) == Attack(actor=BOB, target=cid("zed"))


def test_blank_lines_bind_to_none() -> None:
    assert bind_text("  # nothing", CATALOGUE, CONTEXT) is None


# -- every error ---------------------------------------------------------------------------------

ERRORS: list[tuple[str, type[CommandError], str, int | None]] = [
    ("atack zed", UnknownCommand, 'unknown command "atack" (did you mean attack?)', 0),
    ("zz: xyzzy", UnknownCommand, 'unknown command "xyzzy"', 4),
    ("at zed", AmbiguousCommand, 'command "at" is ambiguous: atone, attack', 0),
    ("attack", MissingArgument, "attack: missing target", None),
    ("attack -with axe", MissingArgument, "attack: missing target", None),
    ("heal zed", MissingArgument, "heal: missing amount", None),
    ("roll", MissingArgument, "roll: missing dice", None),
    ("roll -secret", MissingArgument, "roll: missing dice", None),
    ("pose", MissingArgument, "pose: missing who", None),
    ("attack zed -with", MissingValue, "attack: -with needs a value at column 11", 11),
    ("attack zed -with -adv", MissingValue, "attack: -with needs a value at column 11", 11),
    (
        "attack zed foo",
        UnexpectedArgument,
        'attack: unexpected argument "foo" at column 11',
        11,
    ),
    (
        "attack -adv zed 'foo bar'",
        UnexpectedArgument,
        "attack: unexpected argument \"'foo bar'\" at column 16",
        16,
    ),
    ("end-turn now", UnexpectedArgument, 'end-turn: unexpected argument "now" at column 9', 9),
    (
        "attack zed -bonus zz",
        InvalidValue,
        'attack: "zz" is not a number for -bonus at column 18',
        18,
    ),
    (
        "attack zed -bonus=1.5",
        InvalidValue,
        'attack: "1.5" is not a number for -bonus at column 18',
        18,
    ),
    ("move zz", InvalidValue, 'move: "zz" is not a number for squares at column 5', 5),
    (
        "move 1234567890123456789",
        InvalidValue,
        'move: "1234567890123456789" is too large for squares at column 5',
        5,
    ),
    (
        "attack zed -adv=maybe",
        InvalidValue,
        'attack: "maybe" is not yes or no for -advantage at column 16',
        16,
    ),
    (
        "guard sideways",
        InvalidValue,
        'guard: "sideways" is not one of defensive, all-out for stance at column 6',
        6,
    ),
    (
        "guard d -mode cl",
        InvalidValue,
        'guard: "cl" is ambiguous for -mode at column 14 (closed, clear)',
        14,
    ),
    ("heal , 3", InvalidValue, 'heal: "," names no combatant for targets at column 5', 5),
    (
        "attack zed -foo",
        UnknownOption,
        "attack: unknown option -foo at column 11",
        11,
    ),
    (
        "attack zed -widh axe",
        UnknownOption,
        "attack: unknown option -widh at column 11 (did you mean -with?)",
        11,
    ),
    ("attack/zap zed", UnknownOption, "attack: unknown option /zap at column 7", 7),
    (
        "attack/with zed",
        InvalidValue,
        "attack: switch /with needs a value at column 7 (use -with WEAPON)",
        7,
    ),
    (
        "attack zed -no-with",
        UnknownOption,
        "attack: unknown option -no-with at column 11 (did you mean -with?)",
        11,
    ),
    ("guard d -s fast", AmbiguousOption, "guard: -s is ambiguous (-stance, -speed) at column 8", 8),
    (
        "attack zed -with a -with b",
        RepeatedOption,
        "attack: -with given twice at column 19",
        19,
    ),
    ("attack zed -adv -adv", RepeatedOption, "attack: -advantage given twice at column 16", 16),
    ("attack/adv zed -adv", RepeatedOption, "attack: -advantage given twice at column 15", 15),
    (
        "attack zed -target bob",
        UnexpectedArgument,
        'attack: unexpected argument "zed" at column 7 (target is already given by -target)',
        7,
    ),
    (
        "attack zorg",
        UnknownName,
        'attack: unknown combatant "zorg" at column 7 (combatants: Bob the Brave, Goblin Archer,'
        " Raptor 1, Raptor 2, Raptor 3, Raptor 4, Raptor 10, Zed)",
        7,
    ),
    (
        "attack raptr1",
        UnknownName,
        'attack: unknown combatant "raptr1" at column 7'
        " (did you mean Raptor 1, Raptor 4, Raptor 10?)",
        7,
    ),
    (
        "attack raptor",
        AmbiguousName,
        'attack: "raptor" at column 7 matches Raptor 1, Raptor 2, Raptor 3, Raptor 4, Raptor 10',
        7,
    ),
    (
        "heal r1,raptor 3",
        AmbiguousName,
        'heal: "raptor" at column 8 matches Raptor 1, Raptor 2, Raptor 3, Raptor 4, Raptor 10',
        8,
    ),
    (
        "attack -with=axe -target='Raptor 7'",
        UnknownName,
        'attack: unknown combatant "Raptor 7" at column 26 (did you mean Raptor 2, Raptor 3,'
        " Raptor 4?)",
        26,
    ),
    (
        "xx: attack zed",
        UnknownName,
        'attack: unknown actor "xx" at column 0 (combatants: Bob the Brave, Goblin Archer,'
        " Raptor 1, Raptor 2, Raptor 3, Raptor 4, Raptor 10, Zed)",
        0,
    ),
    (
        "'raptor': attack zed",
        AmbiguousName,
        'attack: actor "raptor" at column 0 matches Raptor 1, Raptor 2, Raptor 3, Raptor 4,'
        " Raptor 10",
        0,
    ),
    (
        "place 3",
        InvalidValue,
        'place: "3" is not valid for square at column 6 (a square is COLUMN,ROW)',
        6,
    ),
    (
        "place 1,1 -facing=x,y",
        InvalidValue,
        'place: "x,y" is not valid for -facing at column 18'
        " (invalid literal for int() with base 10: 'x')",
        18,
    ),
    ("move 101", InvalidAction, "move: cannot move more than 100 squares", None),
]


@pytest.mark.parametrize(("text", "kind", "message", "column"), ERRORS)
def test_errors_name_what_and_where(
    text: str, kind: type[CommandError], message: str, column: int | None
) -> None:
    caught = error(text)
    assert type(caught) is kind
    assert str(caught) == message
    assert caught.column == column
    assert caught.text == text


def test_missing_argument_carries_the_usage() -> None:
    caught = error("attack")
    assert isinstance(caught, MissingArgument)
    assert caught.usage == "attack TARGET [-with WEAPON] [-bonus BONUS] [-advantage] [-non-lethal]"
    assert caught.argument == "target"


def test_render_points_at_the_column() -> None:
    assert error("attack zed -bonus zz").render() == (
        'attack: "zz" is not a number for -bonus at column 18\n'
        "attack zed -bonus zz\n"
        "                  ^"
    )
    assert error("attack").render() == "attack: missing target"


def test_an_actor_with_spaces_must_be_quoted() -> None:
    caught = error("raptor 3: attack zed")
    assert str(caught) == 'unknown command "raptor"'
    assert act("'raptor 3': attack zed").actor == "raptor-3"


def test_unknown_actor_among_no_combatants() -> None:
    caught = error("bob: attack bob", BindContext({}))
    assert str(caught) == 'attack: unknown actor "bob" at column 0 (there are no combatants)'


def test_all_sample_actions_are_in_the_catalogue() -> None:
    assert {spec.action for spec in CATALOGUE} == set(ALL_ACTIONS)

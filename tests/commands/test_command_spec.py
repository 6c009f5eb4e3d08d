"""spec_of and ActionCatalogue: what introspection finds in an action class."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from fracas.commands import (
    MISSING,
    ActionCatalogue,
    ActionSpecError,
    ParamKind,
    spec_of,
)
from fracas.commands.errors import CommandError
from fracas.engine.action import Action, CombatantId

from .sample_actions import (
    Attack,
    Cleave,
    Guard,
    Heal,
    Move,
    Note,
    Place,
    Roll,
    Speed,
    Stance,
    parse_square,
)


def test_attack_spec() -> None:
    spec = spec_of(Attack)
    assert spec.action is Attack
    assert spec.verb == "attack"
    assert spec.aliases == ("hit", "strike")
    assert spec.help == "Make one weapon attack (2 AP)."
    assert [p.name for p in spec.params] == ["target", "weapon", "bonus", "advantage", "non_lethal"]
    target, weapon, bonus, advantage, non_lethal = spec.params
    assert (target.kind, target.required, target.default, target.flag) == (
        ParamKind.COMBATANT,
        True,
        MISSING,
        "target",
    )
    assert (weapon.kind, weapon.required, weapon.optional, weapon.flag, weapon.help) == (
        ParamKind.STR,
        False,
        True,
        "with",
        "weapon name",
    )
    assert (bonus.kind, bonus.default, bonus.help) == (ParamKind.INT, 0, "added to the roll")
    assert (advantage.kind, advantage.required, advantage.default) == (ParamKind.BOOL, False, False)
    assert non_lethal.flag == "non-lethal"
    assert spec.positionals == (target,)
    assert spec.rest is None
    assert spec.param("weapon") is weapon
    with pytest.raises(KeyError):
        spec.param("actor")


def test_spec_is_cached() -> None:
    assert spec_of(Attack) is spec_of(Attack)
    assert spec_of(Attack, verb="swing").verb == "swing"


def test_choice_kinds() -> None:
    spec = spec_of(Guard)
    stance, mode, speed = spec.params
    assert stance.kind is ParamKind.CHOICE and stance.required
    assert [(c.label, c.value) for c in stance.choices] == [
        ("defensive", Stance.DEFENSIVE),
        ("all-out", Stance.ALL_OUT),
    ]
    assert [c.label for c in mode.choices] == ["open", "closed", "clear"]
    assert (mode.required, mode.default) == (False, "open")
    assert [(c.label, c.value) for c in speed.choices] == [
        ("fast", Speed.FAST),
        ("slow", Speed.SLOW),
    ]
    assert speed.optional
    assert stance.metavar == "{defensive|all-out}"


def test_parsed_kind() -> None:
    square, facing = spec_of(Place).params
    assert (square.kind, square.required, square.parse) == (ParamKind.PARSED, True, parse_square)
    assert (facing.kind, facing.optional, facing.required) == (ParamKind.PARSED, True, False)


def test_tuple_rest_and_optional_combatant_kinds() -> None:
    assert spec_of(Heal).params[0].kind is ParamKind.COMBATANTS
    assert spec_of(Heal).params[0].required
    cleave = spec_of(Cleave).params[0]
    assert (cleave.kind, cleave.required, cleave.default) == (ParamKind.COMBATANTS, False, ())
    dice = spec_of(Roll).params[0]
    assert (dice.kind, dice.required, dice.help) == (ParamKind.REST, True, "dice to roll")
    assert spec_of(Roll).rest is dice
    assert spec_of(Roll).positionals == ()
    about, text = spec_of(Note).params
    assert (about.kind, about.optional, about.required) == (ParamKind.COMBATANT, True, False)
    assert (text.kind, text.required, text.default) == (ParamKind.REST, False, "")
    assert spec_of(Move).param("careful").flag == "slowly"


@dataclass(frozen=True)
class NoDoc(Action):
    verb: ClassVar[str] = "NoDoc"


def test_no_docstring_gives_an_empty_help_line_and_verbs_are_lower_case() -> None:
    spec = spec_of(NoDoc)
    assert (spec.verb, spec.help) == ("nodoc", "")


@dataclass(frozen=True)
class FactoryDefault(Action):
    """Defaults from a factory."""

    verb: ClassVar[str] = "factory"
    names: tuple[CombatantId, ...] = field(default_factory=tuple)


def test_default_factory_is_optional_without_a_default_value() -> None:
    param = spec_of(FactoryDefault).params[0]
    assert (param.required, param.default) == (False, MISSING)


@dataclass(frozen=True)
class FloatField(Action):
    """Bad."""

    verb: ClassVar[str] = "float"
    ratio: float


@dataclass(frozen=True)
class UnionField(Action):
    """Bad."""

    verb: ClassVar[str] = "union"
    amount: int | str


@dataclass(frozen=True)
class RestOnInt(Action):
    """Bad."""

    verb: ClassVar[str] = "restint"
    amount: int = field(metadata={"rest": True})


@dataclass(frozen=True)
class TwoRests(Action):
    """Bad."""

    verb: ClassVar[str] = "tworests"
    one: str = field(metadata={"rest": True})
    two: str = field(metadata={"rest": True})


@dataclass(frozen=True)
class SharedFlag(Action):
    """Bad."""

    verb: ClassVar[str] = "shared"
    one: str = field(default="", metadata={"flag": "x"})
    two: str = field(default="", metadata={"flag": "x"})


@dataclass(frozen=True)
class NoVerb(Action):
    """Bad: the verb of Action is empty."""


@dataclass(frozen=True)
class BadAlias(Action):
    """Bad."""

    verb: ClassVar[str] = "fine"
    aliases: ClassVar[tuple[str, ...]] = ("not fine",)


@dataclass(frozen=True)
class ListField(Action):
    """Bad."""

    verb: ClassVar[str] = "list"
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class ParseNotCallable(Action):
    """Bad."""

    verb: ClassVar[str] = "parse"
    square: object = field(metadata={"parse": "not a function"})


@dataclass(frozen=True)
class OfferedByAWord(Action):
    """Bad: ``offered_by`` names whose sheet offers the names, a combatant field."""

    verb: ClassVar[str] = "offer"
    word: str = ""
    power: str = field(default="", metadata={"offered": lambda _: (), "offered_by": "word"})


@dataclass(frozen=True)
class AimsAWord(Action):
    """Bad: ``aims`` declares whom a combatant field is meant for."""

    verb: ClassVar[str] = "aim"
    word: str = field(default="", metadata={"aims": "ally"})


@dataclass(frozen=True)
class AimsAFriend(Action):
    """Bad: ``aims`` is "ally" or "foe"."""

    verb: ClassVar[str] = "aim"
    target: CombatantId = field(metadata={"aims": "friend"})


class NotADataclass(Action):
    """Subclass without @dataclass."""

    verb: ClassVar[str] = "plain"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (FloatField, "FloatField.ratio: the command language cannot type <class 'float'>"),
        (UnionField, "UnionField.amount: a union other than X | None cannot be typed"),
        (RestOnInt, "RestOnInt.amount: only a str field can take the rest of the line"),
        (TwoRests, "TwoRests: more than one field takes the rest of the line"),
        (SharedFlag, "SharedFlag: fields one and two share the flag -x"),
        (NoVerb, "NoVerb: verb '' is not a command name (letters first)"),
        (BadAlias, "BadAlias: alias 'not fine' is not a command name"),
        (ListField, "ListField.names: the command language cannot type tuple[str, ...]"),
        (ParseNotCallable, "ParseNotCallable.square: metadata 'parse' is not callable"),
        (OfferedByAWord, "OfferedByAWord.power: offered_by 'word' is no combatant field"),
        (AimsAWord, "AimsAWord.word: aims 'ally' is not 'ally' or 'foe' on a combatant field"),
        (
            AimsAFriend,
            "AimsAFriend.target: aims 'friend' is not 'ally' or 'foe' on a combatant field",
        ),
    ],
)
def test_declaration_errors(action: type[Action], message: str) -> None:
    with pytest.raises(ActionSpecError) as caught:
        spec_of(action)
    assert str(caught.value) == message
    assert isinstance(caught.value, CommandError)


def test_not_an_action_class() -> None:
    with pytest.raises(ActionSpecError):
        spec_of(int)  # type: ignore[arg-type]
    spec = spec_of(NotADataclass)  # an Action subclass is a dataclass through its base
    assert spec.params == ()


def test_catalogue_finds_by_verb_alias_and_any_case() -> None:
    catalogue = ActionCatalogue([Attack, Heal])
    assert len(catalogue) == 2
    assert [spec.verb for spec in catalogue] == ["attack", "heal"]
    assert catalogue.get("HIT") is spec_of(Attack)
    assert catalogue.get("hi") is None
    assert "strike" in catalogue and "Heal" in catalogue and "he" not in catalogue
    assert 3 not in catalogue


def test_catalogue_refuses_a_name_used_twice() -> None:
    @dataclass(frozen=True)
    class Hit(Action):
        """Another hit."""

        verb: ClassVar[str] = "hit"

    with pytest.raises(ActionSpecError, match='"hit" names both Attack and'):
        ActionCatalogue([Attack, Hit])


def test_catalogue_from_mapping_uses_the_keys_as_verbs() -> None:
    catalogue = ActionCatalogue.from_mapping({"swing": Attack, "heal": Heal})
    assert catalogue.get("swing") is spec_of(Attack, verb="swing")
    assert catalogue.get("hit") is spec_of(Attack, verb="swing")
    assert catalogue.get("attack") is None

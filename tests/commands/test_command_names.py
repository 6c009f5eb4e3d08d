"""resolve_name: lenient matching of typed names against combatants."""

from __future__ import annotations

import pytest

from fracas.commands import (
    AmbiguousName,
    CommandError,
    UnknownName,
    display_names,
    normalize_name,
    resolve_name,
)
from fracas.engine.action import CombatantId

from .sample_actions import COMBATANTS, cid


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # exact id or exact name, ignoring case, spaces, - and _
        ("raptor-2", "raptor-2"),
        ("raptor2", "raptor-2"),
        ("Raptor 2", "raptor-2"),
        ("RAPTOR_2", "raptor-2"),
        ("raptor10", "raptor-10"),
        ("bob", "bob"),
        ("Bob the Brave", "bob"),
        ("bobthebrave", "bob"),
        ("zed", "zed"),
        # a unique prefix
        ("bo", "bob"),
        ("goblin", "goblin-archer"),
        ("Z", "zed"),
        # prefixes of the words, in order, skipping words allowed
        ("rap2", "raptor-2"),
        ("r2", "raptor-2"),
        ("r10", "raptor-10"),
        ("rap02", "raptor-2"),
        ("gob arch", "goblin-archer"),
        ("g a", "goblin-archer"),
        ("bob brave", "bob"),
        # a unique substring
        ("archer", "goblin-archer"),
        ("brave", "bob"),
        ("tor2", "raptor-2"),
    ],
)
def test_lenient_matches(typed: str, expected: str) -> None:
    assert resolve_name(typed, COMBATANTS) == expected


def test_numbers_are_never_cut() -> None:
    only_ten = {cid("raptor-10"): "Raptor 10", cid("bob"): "Bob"}
    with pytest.raises(UnknownName):
        resolve_name("raptor1", only_ten)  # not a prefix of raptor10: 1 is not 10
    with pytest.raises(UnknownName):
        resolve_name("rap1", only_ten)
    with pytest.raises(UnknownName):
        resolve_name("0", only_ten)  # not a substring: it would cut 10
    assert resolve_name("10", only_ten) == "raptor-10"


def test_raptor1_is_not_ambiguous_with_raptor10() -> None:
    assert resolve_name("raptor1", COMBATANTS) == "raptor-1"
    assert resolve_name("r1", COMBATANTS) == "raptor-1"


def test_ambiguous_lists_every_candidate_in_natural_order() -> None:
    with pytest.raises(AmbiguousName) as caught:
        resolve_name("raptor", COMBATANTS)
    error = caught.value
    assert error.candidates == ("Raptor 1", "Raptor 2", "Raptor 3", "Raptor 4", "Raptor 10")
    assert str(error) == '"raptor" matches Raptor 1, Raptor 2, Raptor 3, Raptor 4, Raptor 10'
    assert isinstance(error, CommandError)


def test_ambiguous_at_the_first_rule_that_matches() -> None:
    # "r" is a prefix of five raptors: the substring rule (which would add Bob the Brave,
    # Goblin Archer) is never reached
    with pytest.raises(AmbiguousName) as caught:
        resolve_name("r", COMBATANTS)
    assert "Bob the Brave" not in caught.value.candidates


def test_an_exact_match_beats_a_longer_name() -> None:
    fighters = {cid("gob"): "Goblin", cid("gob-boss"): "Goblin Boss"}
    assert resolve_name("goblin", fighters) == "gob"


def test_shared_display_names_are_listed_with_their_ids() -> None:
    twins = {cid("gob-1"): "Goblin", cid("gob-2"): "Goblin"}
    assert display_names(twins) == {"gob-1": "Goblin (gob-1)", "gob-2": "Goblin (gob-2)"}
    with pytest.raises(AmbiguousName) as caught:
        resolve_name("goblin", twins)
    assert caught.value.candidates == ("Goblin (gob-1)", "Goblin (gob-2)")
    assert resolve_name("gob-2", twins) == "gob-2"
    assert resolve_name("gob2", twins) == "gob-2"


def test_unknown_suggests_the_closest_names() -> None:
    with pytest.raises(UnknownName) as caught:
        resolve_name("zedd", {cid("zed"): "Zed", cid("bob"): "Bob", cid("ann"): "Ann"})
    assert caught.value.suggestions == ("Zed",)
    assert str(caught.value) == 'unknown combatant "zedd" (did you mean Zed?)'


def test_unknown_without_close_names_lists_the_combatants_when_few() -> None:
    few = {cid("zed"): "Zed", cid("bob"): "Bob"}
    with pytest.raises(UnknownName) as caught:
        resolve_name("xylophone", few)
    assert caught.value.suggestions == ()
    assert str(caught.value) == 'unknown combatant "xylophone" (combatants: Bob, Zed)'


def test_unknown_among_many_combatants_says_no_more() -> None:
    many = {CombatantId(f"orc-{n}"): f"Orc {n}" for n in range(1, 20)}
    with pytest.raises(UnknownName) as caught:
        resolve_name("xylophone", many)
    assert str(caught.value) == 'unknown combatant "xylophone"'


def test_unknown_when_there_are_no_combatants() -> None:
    with pytest.raises(UnknownName) as caught:
        resolve_name("bob", {})
    assert str(caught.value) == 'unknown combatant "bob" (there are no combatants)'


@pytest.mark.parametrize("typed", ["", "  ", "-", "_ -"])
def test_an_empty_name_matches_nothing(typed: str) -> None:
    with pytest.raises(UnknownName):
        resolve_name(typed, COMBATANTS)


def test_located_messages() -> None:
    with pytest.raises(UnknownName) as unknown:
        resolve_name("zz", {cid("zed"): "Zed"}, what="actor", command="attack", column=0)
    assert str(unknown.value) == 'attack: unknown actor "zz" at column 0 (combatants: Zed)'
    with pytest.raises(AmbiguousName) as ambiguous:
        resolve_name("rap", COMBATANTS, what="actor", command="attack", column=3, text="x")
    assert str(ambiguous.value).startswith('attack: actor "rap" at column 3 matches Raptor 1, ')
    assert ambiguous.value.column == 3


def test_normalize_name() -> None:
    assert normalize_name(" Raptor-2_B ") == "raptor2b"
    assert normalize_name("STRASSE") == normalize_name("straße")


def test_every_combatant_is_found_by_its_id_and_by_its_name() -> None:
    for combatant_id, name in COMBATANTS.items():
        assert resolve_name(combatant_id, COMBATANTS) == combatant_id
        assert resolve_name(name, COMBATANTS) == combatant_id
        assert resolve_name(name.upper(), COMBATANTS) == combatant_id

"""Making shielding and pseudogravity points, and spending pseudogravity through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.engine.gm import ApplyEffect
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn
from fracas.rules.lurasko.actions import Charge, Lift, Silence
from fracas.rules.lurasko.events import PseudogravityUsed
from fracas.rules.lurasko.queries import COVER, GROUP_DEFENSE, PSEUDOGRAVITY_LIGHT, YIELDS
from tests.rules.lurasko.support import FOE, HERO, duel, of_type, sheet

WARD = {
    "name": "Ward",
    "precision": "low",
    "points": 10,
    "resource": "charge",
    "cost": 2,
    "capacity": 30,
}
HAND = {"name": "Gravity hand", "points": 40, "resource": "charge", "percent_of_weight": 10}


def charged_hero(**changes: Any) -> Any:
    fields = {"resources": {"charge": 30}, "shields": [WARD], "pseudogravity": [HAND], **changes}
    return sheet(**fields)


def test_shielding_points_are_made_from_a_resource_on_your_own_turn() -> None:
    """Seed: "Shielding sources generally require some kind of resource (such as charge or
    insight) to be spent to create shielding points, which can only be done on the shielding
    character's own turn. The cost of points ... will be detailed in the source"."""
    encounter = duel(hero=charged_hero())
    encounter.apply(Charge(actor=HERO, source="ward", points=10))
    pools = encounter.state[HERO].pools
    assert (pools["Ward"].current, pools["charge"].current) == (20, 10)
    with pytest.raises(IllegalAction) as over:
        encounter.check(Charge(actor=HERO, source="Ward", points=11))
    assert over.value.code == "over-capacity"
    with pytest.raises(IllegalAction) as poor:
        encounter.check(Charge(actor=HERO, source="Ward", points=6))
    assert poor.value.code == "not-enough-charge"
    encounter.apply(EndTurn())
    with pytest.raises(IllegalAction) as not_yours:
        encounter.check(Charge(actor=HERO, source="Ward", points=1))
    assert not_yours.value.code == "not-your-turn"


def test_pseudogravity_points_are_made_the_same_way() -> None:
    """Seed: "Pseudogravity sources generally require some kind of resource ... to be spent to
    create points, which can only be done on the user's own turn." """
    encounter = duel(hero=charged_hero())
    encounter.apply(Charge(actor=HERO, source="Gravity hand", points=20))
    assert encounter.state[HERO].pools["Gravity hand"].current == 60


def test_points_against_a_share_of_the_weight_inventory_included() -> None:
    """Seed: "the amount expended is compared to some fraction of the target's pound weight ...
    consider their inventory as well". 150 + 30 lb, 10 %: 18 points are needed."""
    foe = sheet(weight_lb=150, inventory_lb=30)
    encounter = duel(hero=charged_hero(), foe=foe)
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=17))
    (used,) = of_type(step.events, PseudogravityUsed)
    assert (used.weight_lb, used.needed, used.moved) == (180, 18, False)
    assert encounter.state[HERO].pools["Gravity hand"].current == 23
    again = duel(hero=charged_hero(), foe=foe)
    step = again.apply(Lift(actor=HERO, target=FOE, points=18))
    assert of_type(step.events, PseudogravityUsed)[0].moved


def test_an_unwilling_flyer_resists_until_it_yields() -> None:
    """Seed: "An unwilling character with a flying SPD ... may consider their pound weight to be
    higher ... If the character chose not to resist using flying SPD, they cannot reverse this
    decision until their next movement phase." 100 lb with 3 flying SPD: 130."""
    flyer = sheet(weight_lb=100, flying_spd=3)
    encounter = duel(hero=charged_hero(), foe=flyer)
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=10))
    assert of_type(step.events, PseudogravityUsed)[0].weight_lb == 130
    encounter = duel(hero=charged_hero(), foe=flyer, lifting_uses_action=False)
    encounter.apply(Lift(actor=HERO, target=FOE, points=10, willing=True))
    assert encounter.state[FOE].marks[YIELDS] is True
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=10))
    assert of_type(step.events, PseudogravityUsed)[0].weight_lb == 100
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (FOE,)
    assert encounter.state[FOE].marks[YIELDS] is None


def test_silencing_divides_points_and_two_4s_make_5() -> None:
    """Seed: "two overlapping areas of 4 silencing would create a total effect of 5 silencing."
    40 points through 5: 8 effective, short of 18."""
    encounter = duel(hero=charged_hero(), foe=sheet(weight_lb=180))
    encounter.apply(Silence(target=FOE, amount=4))
    encounter.apply(Silence(target=FOE, amount=4))
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=40))
    (used,) = of_type(step.events, PseudogravityUsed)
    assert (used.silencings, used.effective, used.moved) == ((4, 4), 8, False)
    assert encounter.state[HERO].pools["Gravity hand"].current == 0


def test_points_fixed_before_acting_are_spent_even_when_an_unforeseen_silencing_thwarts() -> None:
    """Seed: "The amount of pseudogravity points being expended must be decided by the user
    before taking the required action to use them. If they are thwarted by an unforeseen use of
    silencing or flight, they cannot increase the points to compensate." 20 points move 180 lb
    at a tenth; under an unseen 4 silencing they are 5: spent, nothing moves, and the action is
    gone, so no second try this turn."""
    encounter = duel(hero=charged_hero(), foe=sheet(weight_lb=180))
    encounter.apply(Silence(target=FOE, amount=4))
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=20))
    (used,) = of_type(step.events, PseudogravityUsed)
    assert (used.spent, used.effective, used.needed, used.moved) == (20, 5, 18, False)
    assert encounter.state[HERO].pools["Gravity hand"].current == 20
    before = encounter.state
    with pytest.raises(IllegalAction) as again:
        encounter.apply(Lift(actor=HERO, target=FOE, points=20))
    assert again.value.code == "not-enough-action"
    assert encounter.state is before


def test_silencing_where_the_user_stands_does_not_count() -> None:
    """Seed: "pseudogravity users are unaffected by silencing in their own location"; nor do
    gravnet airships feel it."""
    encounter = duel(hero=charged_hero(), foe=sheet(weight_lb=180))
    encounter.apply(Silence(target=HERO, amount=4))
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=20))
    assert of_type(step.events, PseudogravityUsed)[0].moved
    ship = duel(hero=charged_hero(), foe=sheet(weight_lb=180, gravnet=True))
    ship.apply(Silence(target=FOE, amount=4))
    step = ship.apply(Lift(actor=HERO, target=FOE, points=20))
    assert of_type(step.events, PseudogravityUsed)[0].silencings == ()


def test_the_user_glows_dimly_and_a_moved_target_leaves_cover() -> None:
    """Seed: "Expending pseudogravity points in any way causes the user to become a dim light
    source, reverting them to Low Stealth" ... "Any notable pseudogravity movement removes a
    character from cover." """
    encounter = duel(hero=charged_hero(), foe=sheet(weight_lb=100))
    encounter.apply(ApplyEffect(target=FOE, name=COVER))
    encounter.apply(Lift(actor=HERO, target=FOE, points=10))
    assert encounter.state[HERO].has(PSEUDOGRAVITY_LIGHT)
    assert not encounter.state[FOE].has(COVER)
    encounter.apply(EndTurn())
    assert not encounter.state[HERO].has(PSEUDOGRAVITY_LIGHT)


def test_points_cannot_be_spent_that_are_not_there() -> None:
    encounter = duel(hero=charged_hero())
    before = encounter.state
    with pytest.raises(IllegalAction) as refused:
        encounter.apply(Lift(actor=HERO, target=FOE, points=41))
    assert refused.value.code == "not-enough-gravity hand"
    assert encounter.state is before


def test_unused_points_of_a_fading_source_are_gone_at_the_end_of_the_turn() -> None:
    """Seed: "The cost of points, as well as how long unused points continue to exist, will be
    detailed in the source Ability or device": a source that fades keeps none past its
    owner's turn; the others last."""
    flicker = {**WARD, "name": "Flicker", "fades": True}
    encounter = duel(hero=sheet(resources={"charge": 30}, shields=[flicker, WARD]))
    encounter.apply(Charge(actor=HERO, source="Flicker", points=5))
    encounter.apply(EndTurn())
    pools = encounter.state[HERO].pools
    assert (pools["Flicker"].current, pools["Ward"].current) == (0, 10)


def test_lifting_an_item_from_a_character_lifts_the_character() -> None:
    """Seed: "attempting to lift an item from a character's hands or inventory will amount to an
    attempt to lift the character." """
    encounter = duel(hero=charged_hero(), foe=sheet(weight_lb=150, inventory_lb=30))
    step = encounter.apply(Lift(actor=HERO, target=FOE, points=10, item=True))
    (used,) = of_type(step.events, PseudogravityUsed)
    assert (used.item, used.weight_lb, used.moved) == (True, 180, False)


def test_a_short_range_move_takes_a_target_out_of_group_defense() -> None:
    """Seed: "if it is capable of at least short range movement, it can remove a character from
    group defense, or from a group entirely"; a shorter push cannot."""
    far = {**HAND, "short_range": True}
    encounter = duel(hero=charged_hero(pseudogravity=[far]), foe=sheet(weight_lb=100))
    encounter.apply(ApplyEffect(target=FOE, name=GROUP_DEFENSE))
    encounter.apply(Lift(actor=HERO, target=FOE, points=10))
    assert not encounter.state[FOE].has(GROUP_DEFENSE)
    near = duel(hero=charged_hero(), foe=sheet(weight_lb=100))
    near.apply(ApplyEffect(target=FOE, name=GROUP_DEFENSE))
    near.apply(Lift(actor=HERO, target=FOE, points=10))
    assert near.state[FOE].has(GROUP_DEFENSE)

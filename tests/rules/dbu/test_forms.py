"""Transformation, the Triggered Maneuver and the United Attack on the engine, loaded dice."""

from __future__ import annotations

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant, MoveTurn
from fracas.engine.ruleset import IllegalAction
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.dbu.actions import Attack, Convert, HoldBack, Move, Respond, Transform, Trigger
from fracas.rules.dbu.economy import ACTIONS, KP, LP
from fracas.rules.dbu.events import DuelExchanged, WoundRolled
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.queries import RESPONDING, has_effect, holding_back, tier_of
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet, pool

HERO_FIRST = (9, 2)
FORMS = [{"name": "Super Form", "tiers": 1}, {"name": "Kaioken", "tiers": 1}]


def refused(encounter: Encounter, action: object) -> str:
    before = encounter.state
    with pytest.raises(IllegalAction) as error:
        encounter.apply(action)  # type: ignore[arg-type]
    assert encounter.state is before
    return error.value.code


def test_each_stacked_transformation_takes_its_own_maneuver() -> None:
    """Seed: 'If you intend to stack transformations, such as using Kaioken with the Super Saiyan
    Blue Legendary Form, you must use this Maneuver twice – once for each transformation.'"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(transformations=FORMS))
    encounter.apply(Transform(actor=HERO, form="super form"))
    assert tier_of(encounter.state[HERO]) == 2
    assert refused(encounter, Transform(actor=HERO, form="Super Form")) == "transformed"
    encounter.apply(Transform(actor=HERO, form="Kaioken"))
    assert tier_of(encounter.state[HERO]) == 3
    assert pool(encounter, HERO, ACTIONS) == 1
    assert refused(encounter, Transform(actor=HERO, form="Ultra")) == "unknown-form"


def test_transforming_ends_holding_back() -> None:
    """Seed: 'If you would increase your Tier of Power through any means (except reducing your
    number of Holding Back stacks), stop Holding Back and lose all Holding Back stacks. You
    cannot use the Holding Back Maneuver while your current Tier of Power exceeds your base Tier
    of Power.'"""
    encounter = fight(*HERO_FIRST, hero=make_sheet(tier=2, transformations=FORMS))
    encounter.apply(HoldBack(actor=HERO, stacks=1))
    encounter.apply(Transform(actor=HERO, form="Kaioken"))
    assert holding_back(encounter.state[HERO]) == 0
    assert tier_of(encounter.state[HERO]) == 3


def test_a_triggered_maneuver_pays_now_and_acts_on_another_turn() -> None:
    """Seed: 'Note the Action Cost of Triggered Maneuver is equal to the Action Cost of your
    response activation … When the defined activation happens, you immediately use your response
    as an Out-of-Sequence Action.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Trigger(actor=HERO, actions=1, when="when the Foe moves"))
    assert pool(encounter, HERO, ACTIONS) == 2
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Attack(actor=HERO, target=FOE, triggered=True), faces=[1, 9])
    assert pool(encounter, HERO, ACTIONS) == 2
    assert refused(encounter, Attack(actor=HERO, target=FOE, triggered=True)) == "no-trigger"


def test_an_unused_trigger_is_lost_at_the_start_of_your_next_turn() -> None:
    """Seed: 'If the defined activation doesn't happen before the start of your next turn, the
    actions spent on the Triggered Maneuver are effectively lost.'"""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Trigger(actor=HERO, actions=2))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(EndTurn(actor=FOE))
    assert not encounter.state[HERO].has(TRIGGER)


def test_a_united_attack_adds_the_allys_wager_and_half_its_wound_bonus() -> None:
    """Seed: 'you may use the United Attack Maneuver as an Instant Action by spending One Action.
    Spend the Ki Points to make the same type of Attacking Maneuver as your ally … you may apply
    a Ki Wager onto your ally's Attacking Maneuver (this Ki Wager cannot exceed 1/4 of your
    Capacity Rate). If they successfully strike (hit) an opponent, add 1/2 of any bonuses to
    your Wound Roll for this Attacking Maneuver onto your ally's Wound Roll.'"""
    encounter = fight(9, 2, 1, start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())  # Hero 11, Foe 4, Ally 3
    ally = CombatantId("ally")
    encounter.apply(Attack(actor=HERO, target=FOE, united=ally, united_wager=5), faces=[9, 1, 6])
    assert (pool(encounter, ally, ACTIONS), pool(encounter, ally, KP)) == (2, 25)
    (wound,) = [e for e in encounter.steps[-1].events if isinstance(e, WoundRolled)]
    assert wound.wound.total == 6 + 2 + (2 // 2 + 5)
    too_much = Attack(actor=HERO, target=FOE, united=ally, united_wager=6)
    assert refused(encounter, too_much) == "united-wager-cap"


def test_a_united_attack_in_a_duel_adds_force_or_spirit_to_each_roll() -> None:
    """Seed: 'If your ally enters into a Duel Maneuver, you may add your Force or Spirit Modifier
    (whichever is higher) onto each of their rolls. During one of the rolls (you decide which),
    you may additionally add a Ki Wager worth up to 1/10th of your Capacity Rate.' The Ally's
    Spirit 3; its Capacity Rate 20 allows a wager of 2."""
    encounter = fight(9, 2, 1, start=False)
    encounter.apply(AddCombatant(name="Ally", side="heroes", sheet=make_sheet(name="Ally")))
    encounter.apply(StartCombat())
    ally = CombatantId("ally")
    duel = Attack(
        actor=HERO, target=FOE, signature=True, defense="duel", united=ally, united_wager=2
    )
    too_much = Attack(
        actor=HERO, target=FOE, signature=True, defense="duel", united=ally, united_wager=3
    )
    assert refused(encounter, too_much) == "united-wager-cap"
    encounter.apply(duel, faces=[5] * 7)
    rolls = [e.attack.total for e in encounter.steps[-1].events if isinstance(e, DuelExchanged)]
    assert rolls == [5 + 2 + 3 + 2, 5 + 2 + 3, 5 + 2 + 3]


def test_any_maneuver_can_be_the_response_taken_on_another_turn() -> None:
    """Seed: 'a Triggered Maneuver, which lets you take part of your turn during another
    character's turn as an Out-of-Sequence Action … When the defined activation happens, you
    immediately use your response as an Out-of-Sequence Action. Perform your response and fully
    resolve its effects. Afterward, the turn and round will continue as normal.' The Hero pays
    1 Action to move away when the Foe comes close; on the Foe's turn it moves, and keeps the 2
    Actions it left unused, no more."""
    encounter = fight(*HERO_FIRST)
    encounter.apply(Trigger(actor=HERO, actions=1, when="the Foe comes close"))
    encounter.apply(EndTurn(actor=HERO))
    assert refused(encounter, Move(actor=HERO, squares=3)) == "not-your-turn"
    encounter.apply(Respond(actor=HERO))
    assert pool(encounter, HERO, ACTIONS) == 1
    encounter.apply(Move(actor=HERO, squares=3))
    assert not has_effect(encounter.state[HERO], RESPONDING)
    assert not has_effect(encounter.state[HERO], TRIGGER)
    assert pool(encounter, HERO, ACTIONS) == 2
    assert encounter.state.is_turn_of(FOE)
    assert refused(encounter, Move(actor=HERO, squares=3)) == "not-your-turn"


def test_the_turn_waits_for_a_response_to_be_finished() -> None:
    """Seed: 'all other maneuvers are paused while the Out-of-Sequence Actions are completed'.
    The Foe cannot end its turn under the Hero's response; the Hero finishes it (``respond
    -done``: its unspent Actions are lost, 'the actions spent on the Triggered Maneuver are
    effectively lost') and gets back the Action it had left; then the turn ends."""
    encounter = fight(*HERO_FIRST, 1, start=False)
    encounter.apply(AddCombatant(name="Other", side="foes", sheet=make_sheet(name="Other")))
    encounter.apply(StartCombat())
    assert refused(encounter, Respond(actor=HERO)) == "no-trigger"
    assert refused(encounter, Respond(actor=HERO, done=True)) == "not-responding"
    encounter.apply(Trigger(actor=HERO, actions=2))
    assert refused(encounter, Respond(actor=HERO)) == "your-turn"
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Respond(actor=HERO))
    assert pool(encounter, HERO, ACTIONS) == 2
    assert refused(encounter, EndTurn(actor=FOE)) == "cannot-end"
    assert refused(encounter, EndTurn()) == "cannot-end"
    encounter.apply(Respond(actor=HERO, done=True))
    assert not has_effect(encounter.state[HERO], RESPONDING)
    assert pool(encounter, HERO, ACTIONS) == 1
    encounter.apply(EndTurn(actor=FOE))
    assert encounter.state.is_turn_of(CombatantId("other"))


def test_a_response_still_open_when_the_architect_moves_the_turn_is_over() -> None:
    """The Architect moving the turn on (a ruling) ends the turn, and the response with it."""
    encounter = fight(*HERO_FIRST, 1)
    encounter.apply(Trigger(actor=HERO, actions=2))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Respond(actor=HERO))
    encounter.apply(MoveTurn(target=HERO))
    assert not has_effect(encounter.state[HERO], RESPONDING)
    assert pool(encounter, HERO, ACTIONS) == 1


def test_everything_else_is_paused_while_a_response_is_completed() -> None:
    """Seed: 'all other maneuvers are paused while the Out-of-Sequence Actions are completed.
    You can only use one Out-of-Sequence Action at a time.' While the Hero responds on the Foe's
    turn, the Foe can neither attack nor convert; once the response is spent, it goes on."""
    encounter = fight(*HERO_FIRST, 2, 9)
    encounter.apply(Trigger(actor=HERO, actions=1, when="the Foe comes close"))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Respond(actor=HERO))
    for action in (Attack(actor=FOE, target=HERO), Convert(actor=FOE, count=1)):
        before = encounter.state
        with pytest.raises(IllegalAction) as error:
            encounter.apply(action)
        assert encounter.state is before
        assert error.value.code == "paused"
        assert "while Hero's Out-of-Sequence Action is completed" in error.value.reason
    encounter.apply(Move(actor=HERO, squares=3))
    encounter.apply(Attack(actor=FOE, target=HERO))
    assert pool(encounter, FOE, ACTIONS) == 2


def test_a_trigger_not_chosen_is_not_activated() -> None:
    """Seed: 'If multiple would activate in response to a situation, you can choose which one to
    use – the others are not used but also do not count as being activated'. Attacked, the Foe
    chooses the Cross Counter (an Out-of-Sequence Action) over its waiting Triggered Maneuver:
    the trigger is still waiting, and can still be taken."""
    encounter = fight(*HERO_FIRST, 5, 5, 5, 9, 2, 6)
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Trigger(actor=FOE, actions=1, when="the Hero attacks"))
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(Attack(actor=HERO, target=FOE, defense="cross"))
    assert pool(encounter, HERO, LP) == 34
    assert has_effect(encounter.state[FOE], TRIGGER)
    encounter.apply(Respond(actor=FOE))
    assert has_effect(encounter.state[FOE], RESPONDING)


GRANTS = [
    {"name": "Afterimage", "actions": 1, "per": "round"},
    {"name": "Zanzoken", "actions": 2, "per": "encounter"},
]


def test_a_granted_out_of_sequence_action_costs_nothing_and_only_the_chosen_one_counts() -> None:
    """Seed (Out-of-Sequence Action): 'They can only be activated by Traits, Talents or Effects
    that specifically state that an Out-of-Sequence action is activated … they cost no
    traditional actions … If multiple would activate in response to a situation, you can choose
    which one to use – the others are not used but also do not count as being activated for
    any "once per Combat Round" or "once per Combat Encounter" limitations.' The Hero's sheet
    grants two; on the Foe's turn it chooses Afterimage (1 Action, once a round): Zanzoken is
    not activated, and is still there to use once Afterimage is spent for the round."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(out_of_sequence=GRANTS))
    encounter.apply(EndTurn(actor=HERO))
    assert refused(encounter, Respond(actor=HERO, grant="Kaioken")) == "unknown-grant"
    encounter.apply(Respond(actor=HERO, grant="afterimage"))
    assert pool(encounter, HERO, ACTIONS) == 1
    assert refused(encounter, Respond(actor=HERO, grant="Zanzoken")) == "responding"
    assert refused(encounter, Convert(actor=FOE, count=1)) == "paused"
    encounter.apply(Move(actor=HERO, squares=2))
    assert pool(encounter, HERO, ACTIONS) == 3
    assert refused(encounter, Respond(actor=HERO, grant="Afterimage")) == "once-per-round"
    encounter.apply(Respond(actor=HERO, grant="Zanzoken"))
    assert pool(encounter, HERO, ACTIONS) == 2
    encounter.apply(Respond(actor=HERO, done=True))
    encounter.apply(EndTurn(actor=FOE))
    encounter.apply(EndTurn(actor=HERO))
    encounter.apply(Respond(actor=HERO, grant="Afterimage"))
    encounter.apply(Respond(actor=HERO, done=True))
    assert refused(encounter, Respond(actor=HERO, grant="Zanzoken")) == "once-per-encounter"


def test_a_granted_out_of_sequence_action_occurs_on_ones_own_turn_too() -> None:
    """Seed (Out-of-Sequence Action): 'Out-of-Sequence Actions are a type of action that can
    occur at any point.' On its own turn the Hero activates Afterimage (1 Action): it moves with
    that Action, and its own 3 Actions come back when the Out-of-Sequence Action is spent. A
    Triggered Maneuver's response is not one of these: it 'lets you take part of your turn
    during another character's turn', so it is refused on one's own turn."""
    encounter = fight(*HERO_FIRST, hero=make_sheet(out_of_sequence=GRANTS))
    encounter.apply(Trigger(actor=HERO, actions=1, when="the Foe comes close"))
    assert refused(encounter, Respond(actor=HERO)) == "your-turn"
    encounter.apply(Respond(actor=HERO, grant="Afterimage"))
    assert has_effect(encounter.state[HERO], RESPONDING)
    assert pool(encounter, HERO, ACTIONS) == 1
    encounter.apply(Move(actor=HERO, squares=2))
    assert not has_effect(encounter.state[HERO], RESPONDING)
    assert pool(encounter, HERO, ACTIONS) == 2
    assert encounter.state.is_turn_of(HERO)

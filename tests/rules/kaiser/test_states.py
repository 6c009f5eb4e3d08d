"""States on the rolls: Maneuver, Situation and State modifiers add up, Blind and Surprised
do not stack."""

from __future__ import annotations

from dataclasses import replace

from fracas.engine.gm import ApplyEffect
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Raise, Use
from fracas.rules.kaiser.events import CheckRolled
from fracas.rules.kaiser.states import characteristic_of, state_parts
from fracas.rules.kaiser.vocabulary import Characteristic
from tests.rules.kaiser.support import BANDIT, CEIL, SETTINGS, duel, make_sheet


def test_states_add_up_but_blind_and_surprised_take_the_worst() -> None:
    """Seed: "Any bonus or penalty that comes from a Maneuver, Situation, or State are added
    together, unless explicitly stated otherwise like with Blind and Surprised." """
    encounter = duel(4, 5, 2, 2, 1, 2, 2, 3, 3, 3, 2, 2)
    for state in ("Fully Restrained", "Blind", "Surprised"):
        encounter.apply(ApplyEffect(target=BANDIT, name=state))
    parts = state_parts(encounter.state[BANDIT], settings=SETTINGS)
    assert parts == [("Fully Restrained", -20), ("Blind", -9)]
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Dodge", 8), ("Fully Restrained", -20), ("Blind", -9))
    assert defence.roll.total == 0


def test_a_situation_adds_up_with_the_states_on_a_defensive_roll() -> None:
    """Seed: "Any bonus or penalty that comes from a Maneuver, Situation, or State are added
    together"; the Situations are the setting ``situations``."""
    settings = SETTINGS.model_copy(update={"situations": {"Prone": -4}})
    encounter = duel(4, 5, 2, 2, 1, 2, 5, 5, bandit=make_sheet(life_points=1000), settings=settings)
    encounter.apply(ApplyEffect(target=BANDIT, name="Prone"))
    encounter.apply(ApplyEffect(target=BANDIT, name="Fully Restrained"))
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Dodge", 8), ("Prone", -4), ("Fully Restrained", -20))


def test_an_initiative_roll_20_above_surprises_the_opponent_until_its_turn() -> None:
    """Kaiser's Combat Rounds: "your Initiative roll is 20 points greater than your opponents.
    In this case, your opponent gains the Surprised State when making any Opposed Skill Checks
    against you until they take their turn." """
    fast = make_sheet(initiative=25)
    encounter = duel(6, 5, 1, 2, 2, 2, 6, 5, ceil=fast)
    surprised = encounter.state[BANDIT].effect("Surprised")
    assert surprised is not None and surprised.source == CEIL
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    defence = [e for e in step.events if isinstance(e, CheckRolled)][1]
    assert defence.parts == (("Dodge", 8), ("Surprised", -9))
    encounter.apply(EndTurn())
    assert not encounter.state[BANDIT].has("Surprised")
    assert not encounter.state[CEIL].has("Surprised")


def test_a_surprised_creature_is_not_surprised_by_others() -> None:
    """The Surprised State counts "when making any Opposed Skill Checks against you"."""
    encounter = duel(4, 5, 2, 2)
    encounter.apply(ApplyEffect(target=BANDIT, name="Surprised"))
    assert state_parts(encounter.state[BANDIT], settings=SETTINGS, against=CEIL) == [
        ("Surprised", -9)
    ]
    sourced = encounter.state[BANDIT].effects[0]
    other = replace(sourced, source=BANDIT)
    creature = replace(encounter.state[BANDIT], effects=(other,))
    assert state_parts(creature, settings=SETTINGS, against=CEIL) == []


def test_skill_bonuses_from_several_powers_diminish_on_the_roll() -> None:
    """Seed: "A skill bonus gained from multiple powers will apply the highest bonus, then half
    of the second highest, a third of the third highest, and so on." """

    def blessing(name: str, bonus: int) -> dict[str, object]:
        return {
            "name": name,
            "types": ["automatic"],
            "effect": name,
            "skill_bonuses": {"attack": bonus},
        }

    blessed = make_sheet(powers=[blessing("Bless", 3), blessing("Zeal", 4), blessing("Fury", 3)])
    encounter = duel(4, 5, 2, 2, 3, 3, 5, 5, ceil=blessed)
    for power in ("bless", "zeal", "fury"):
        encounter.apply(Use(actor=CEIL, power=power))
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    offence = next(e for e in step.events if isinstance(e, CheckRolled))
    assert offence.parts == (("Attack", 10), ("powers", 4 + 3 // 2 + 3 // 3))


def test_characteristics_from_powers_and_sacrifices_on_the_engine() -> None:
    """Seed: "Any bonus gained from multiple powers will apply the greatest bonus. Any penalty
    gained from multiple powers will apply the worst penalty"; a sacrifice "actually reduces
    your base Characteristic". An area barrier's radius is the Focus in feet."""

    def power(name: str, bonus: int, **more: object) -> dict[str, object]:
        return {
            "name": name,
            "types": ["automatic"],
            "effect": name,
            "characteristic_bonuses": {"focus": bonus},
            **more,
        }

    shield = {"name": "Ward", "types": ["defense"], "barrier": 40}
    sheet = make_sheet(
        characteristics={"focus": 6},
        powers=[
            power("Clarity", 2),
            power("Insight", 3),
            power("Haze", -1),
            shield,
            {
                "name": "Blood Pact",
                "types": ["automatic"],
                "effect": "Pact",
                "sacrifice": {"focus": 2},
            },
        ],
    )
    encounter = duel(4, 5, 2, 2, ceil=sheet)
    for name in ("clarity", "insight", "haze", "blood"):
        encounter.apply(Use(actor=CEIL, power=name))
    assert characteristic_of(encounter.state[CEIL], Characteristic.FOCUS) == 6 - 2 + 3 - 1
    encounter.apply(Raise(actor=CEIL, power="ward", over=(CEIL,), area=True))
    ward = encounter.state[CEIL].effect("Ward")
    assert ward is not None and ward.data["radius"] == 6

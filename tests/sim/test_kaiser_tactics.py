"""Kaiser's built-in tactics: Intentions first, then strikes, and the Counter reaction."""

from __future__ import annotations

from fracas.app.rulesets import demo_of
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import SetPool
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.kaiser.actions import Attack, Intend, Use
from fracas.rules.kaiser.queries import AP, COUNTER, MANA
from fracas.sim.fight import fight
from fracas.sim.policy import tactics_for
from fracas.sim.runner import loaded
from fracas.sim.tactics.kaiser import Intending
from tests.rules.kaiser.support import BANDIT, CEIL, duel

THOM, SHAMAN = CombatantId("thom"), CombatantId("shaman")
BANDIT_1 = CombatantId("bandit-1")


def demo(seed: int = 3) -> Encounter:
    """The kaiser demo (Ceil, Thom, two Bandits, a Shaman), started: the Intention phase."""
    ruleset, setup = loaded(str(demo_of("kaiser")))
    encounter = Encounter(ruleset, seed)
    encounter.state = setup
    encounter.apply(StartCombat())
    return encounter


def declared(encounter: Encounter, who: CombatantId) -> list[Intend]:
    """Everything the tactics declare for ``who`` in the Intention phase, applied."""
    policy, found = Intending(), []
    while (action := policy.choose(encounter, who)) is not None:
        assert isinstance(action, Intend)
        encounter.apply(action)
        found.append(action)
    return found


def test_the_built_in_tactics_of_kaiser_are_these() -> None:
    ruleset, _ = loaded(str(demo_of("kaiser")))
    assert isinstance(tactics_for(ruleset), Intending)


def test_in_the_intention_phase_each_declares_what_its_arms_need() -> None:
    """Kaiser's Action Points: "Intentions are an action that is declared before rolling
    Initiative": the Magic Intention for spells, the Attack Intention (Weapon Cost + 1 AP) for
    the weapon."""
    encounter = demo()
    ceil = declared(encounter, CEIL)
    assert [(i.intention, i.weapons) for i in ceil] == [("magic", ()), ("attack", ("Long Sword",))]
    assert encounter.state[CEIL].pools[AP].current == 6 - 2 - 3
    assert [(i.intention, i.weapons) for i in declared(encounter, THOM)] == [("attack", ("Mace",))]
    assert [(i.intention, i.weapons) for i in declared(encounter, SHAMAN)] == [("magic", ())]


def test_in_the_action_phase_it_strikes_the_most_hurt_enemy_with_its_hardest_arm() -> None:
    """The Long Sword (Base Damage 7) before Fire Bolt (6), at the first bandit while nobody is
    hurt; Fire Bolt, at the most hurt, once the one Attack Action of Attack 9 is used; nothing
    once the mana is gone too."""
    encounter = demo()
    for who in encounter.state.combatants:
        declared(encounter, who)
    encounter.apply(EndTurn())
    assert encounter.state.acting() == (CEIL,)
    policy = Intending()
    first = policy.choose(encounter, CEIL)
    assert first == Attack(actor=CEIL, target=BANDIT_1, weapon="Long Sword")
    encounter.apply(first)
    hurt = max(
        (c for c in encounter.state if c.side == "bandits"),
        key=lambda c: encounter.ruleset.damage_suffered(c),
    )
    bolt = Use(actor=CEIL, power="Fire Bolt", targets=(hurt.id,))
    assert policy.choose(encounter, CEIL) == bolt
    encounter.apply(SetPool(target=CEIL, pool=MANA, value=0))
    assert policy.choose(encounter, CEIL) is None


def test_a_failed_hand_to_hand_attack_is_countered() -> None:
    """Kaiser's Counter reaction "can be taken after an opponent has failed an attack against
    you": Ceil's Offensive Roll 13 against the Bandit's Dodge 18."""
    encounter = duel(4, 5, 2, 2, 1, 2, 5, 5)
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert encounter.state[BANDIT].marks.get(COUNTER) == CEIL
    policy = Intending()
    assert policy.react(encounter, BANDIT) == Attack(actor=BANDIT, target=CEIL, counter=True)
    assert policy.react(encounter, CEIL) is None


def test_a_simulated_kaiser_fight_is_a_real_fight() -> None:
    """With the tactics, the demo's fight deals damage and ends with a side standing."""
    ruleset, setup = loaded(str(demo_of("kaiser")))
    result = fight(ruleset, setup, tactics_for(ruleset), seed=5, max_rounds=20)
    assert result.winner in {"party", "bandits"}
    assert sum(result.taken.values()) > 0 and sum(result.dealt.values()) > 0

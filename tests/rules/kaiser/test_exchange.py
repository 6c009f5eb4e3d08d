"""An attack split at its Exchange: the Offensive Roll, the Defensive Roll, and what the two
totals do (``AttackRule.offensive_roll``, ``defensive_roll``, ``exchange``); loaded dice."""

from __future__ import annotations

import pytest

from fracas.dice import DiceNeeded, LoadedDice
from fracas.engine.events import reduce
from fracas.rules.kaiser.actions import Attack
from fracas.rules.kaiser.attack import AttackRule, Defended
from fracas.rules.kaiser.queries import AP, ATTACKS, COUNTER, COUNTER_BONUS, DEFENCES, LP
from tests.rules.kaiser.support import BANDIT, CEIL, SETTINGS, duel, make_sheet

RULE = AttackRule(SETTINGS)
SWING = Attack(actor=CEIL, target=BANDIT, defence="dodge")


def test_the_exchange_is_a_function_of_the_two_totals() -> None:
    """SOURCES.md 1.1: "Offensive > Defensive: the attack succeeds. The defender loses 1 AP
    this round, then damage is computed." "Defensive > Offensive: the attack fails. For a
    hand-to-hand attack the defender gets a Counter bonus = floor(DoS/2)". "Tie: nothing
    happens." Given the totals, the Exchange rolls no die short of a Critical (no dice given
    here: one asked for would fail)."""
    state = duel(4, 5, 2, 2).state
    no_dice = LoadedDice(())
    hit = reduce(state, RULE.exchange(state, SWING, 19, Defended(13, ()), no_dice))
    assert hit[BANDIT].pools[LP].current == 60 - (6 - 2) * 7  # 6 DoS less Absorption 2, x 7
    assert hit[BANDIT].pools[AP].current == 3 - 1
    assert hit[CEIL].marks[ATTACKS] == 1
    miss = reduce(state, RULE.exchange(state, SWING, 13, Defended(18, ()), no_dice))
    assert (miss[BANDIT].marks[COUNTER], miss[BANDIT].marks[COUNTER_BONUS]) == (CEIL, 5 // 2)
    assert miss[BANDIT].pools == state[BANDIT].pools
    tie = reduce(state, RULE.exchange(state, SWING, 14, Defended(14, ()), no_dice))
    assert tie[BANDIT] == state[BANDIT]
    assert tie[CEIL].marks[ATTACKS] == 1


def test_a_critical_is_the_one_roll_the_exchange_makes() -> None:
    """A hit that takes half the target's Life Points or more rolls a Critical (its level and
    the Physical Resistance Check): the Exchange asks for those dice, and only then."""
    state = duel(4, 5, 2, 2, bandit=make_sheet(life_points=20)).state
    with pytest.raises(DiceNeeded):
        RULE.exchange(state, SWING, 19, Defended(13, ()), LoadedDice(()))


@pytest.mark.parametrize(
    "faces",
    [(5, 4, 2, 3), (1, 2, 5, 5), (3, 3, 4, 4), (6, 6, 2, 5, 5), (6, 6, 6, 6, 6, 1, 1, 1, 1)],
)
def test_an_attack_is_its_two_rolls_then_their_exchange(faces: tuple[int, ...]) -> None:
    """The rule's resolution is the Offensive Roll (open: a double 6 rolls on), the target's
    Defensive Roll and the Exchange of their totals, in that order, on the same dice: the same
    events and the same state as the attack applied."""
    rolled = (*faces, 3, 3, 3, 3, 3, 3)  # and a Critical's, if the hit makes one
    encounter = duel(4, 5, 2, 2, *rolled)
    before = encounter.state
    dice = LoadedDice(rolled)
    offence = RULE.offensive_roll(before, SWING, dice)
    defended = RULE.defensive_roll(before, SWING, dice)
    rest = RULE.exchange(before, SWING, offence.roll.total, defended, dice)
    step = encounter.apply(SWING)
    parts = (offence, *defended.events, *rest)
    assert step.events[: len(parts)] == parts
    assert reduce(before, parts)[BANDIT] == encounter.state[BANDIT]
    assert encounter.state[BANDIT].marks[DEFENCES] == 1

"""Kaiser's checks: 2d6 + value, with Advantage/Disadvantage dice, Open Rolls and Fumbles.

SOURCES.md 1.2 and 1.3: "An/Dn means roll 2d6 plus n extra d6 and keep the highest (A) or
lowest (D) two. A and D cancel (net = A - D)." "Open Roll (skill checks only): double 6 -> add
another d6, and repeat while it shows 6." "Fumble: double 1 is an immediate failure. On Opposed
checks the die result becomes 0 (fumble level 2-5), -5 (6-11) or -10 (12+). The fumble level is
another 2d6. Skill + die is floored at 0. Mastery (Final Skill > 20): fumble only on three or
more 1s." "Resistance Checks use 2d6 + Resistance, with no Open Roll and no Fumble."
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, Expression, RollResult, dice, roll
from fracas.engine.frozen import frozen

MASTERY_SKILL = 20
"""A Final Skill above this is Mastery: fumbles need three or more 1s."""


TWO_D6 = dice(2, 6)
ONE_D6 = dice(1, 6)
"""A check's dice without Advantage (and a fumble's level), and an Open Roll's extra die."""


def check_dice(net_advantage: int) -> Expression:
    """``2d6``, ``(2+n)d6kh2`` with n Advantage, ``(2+n)d6kl2`` with n Disadvantage."""
    extra = abs(net_advantage)
    if extra == 0:
        return TWO_D6
    pool = dice(2 + extra, 6)
    return pool.keep_highest(2) if net_advantage > 0 else pool.keep_lowest(2)


def opens(kept: Sequence[int]) -> bool:
    """An Open Roll: both kept dice show 6."""
    return len(kept) == 2 and kept[0] == 6 and kept[1] == 6


def fumbles(kept: Sequence[int], rolled: Sequence[int], final_skill: int) -> bool:
    """Double 1 on the kept dice; with Mastery, three or more 1s among all the dice rolled."""
    if final_skill > MASTERY_SKILL:
        return sum(1 for face in rolled if face == 1) >= 3
    return len(kept) == 2 and kept[0] == 1 and kept[1] == 1


def fumble_die_value(level: int) -> int:
    """The die result of a fumble on an opposed check, from the fumble level (another 2d6)."""
    if level >= 12:
        return -10
    if level >= 6:
        return -5
    return 0


@frozen
class CheckRoll:
    """One rolled check: the dice (kept two of them), an open roll's extra d6s, a fumble's level
    die, the value added, and the total (floored at 0 for a skill check)."""

    dice: RollResult
    bonus: int
    total: int
    extra: tuple[RollResult, ...] = ()
    fumble_level: RollResult | None = None

    @property
    def fumbled(self) -> bool:
        return self.fumble_level is not None

    @property
    def die(self) -> int:
        """What the dice count for: the kept two, the open roll's extra dice, or a fumble's."""
        if self.fumble_level is not None:
            return fumble_die_value(self.fumble_level.total)
        return self.dice.total + sum(r.total for r in self.extra)


def roll_skill_check(
    source: DiceSource,
    bonus: int,
    *,
    net_advantage: int = 0,
    final_skill: int | None = None,
    open_ended: bool = True,
) -> CheckRoll:
    """A Skill Check (Offensive and Defensive Rolls are these): 2d6 (or the A/D pool) + bonus,
    open on double 6, a fumble on double 1 (its level rolled at once); with ``open_ended``
    False, neither."""
    first = roll(TWO_D6 if not net_advantage else check_dice(net_advantage), source)
    dice_total = first.total
    if not open_ended:
        return CheckRoll(first, bonus, max(0, dice_total + bonus))
    skill = bonus if final_skill is None else final_skill
    if net_advantage:
        kept = first.kept_faces(6)
        # every die rolled counts only with Mastery; without, the kept two stand in for them
        rolled = tuple(d.natural for d in first.dice()) if skill > MASTERY_SKILL else kept
        fumbled, opened = fumbles(kept, rolled, skill), opens(kept)
    else:  # 2d6, both kept: double 1 totals 2 and double 6 totals 12; no three 1s for Mastery
        fumbled, opened = dice_total == 2 and skill <= MASTERY_SKILL, dice_total == 12
    if fumbled:
        level = roll(TWO_D6, source)
        return CheckRoll(first, bonus, max(0, bonus + fumble_die_value(level.total)), (), level)
    if opened:
        extra: list[RollResult] = []
        while True:
            more = roll(ONE_D6, source)
            extra.append(more)
            if more.total != 6:
                break
        total = dice_total + sum(r.total for r in extra) + bonus
        return CheckRoll(first, bonus, max(0, total), tuple(extra))
    return CheckRoll(first, bonus, max(0, dice_total + bonus))


def roll_resistance_check(source: DiceSource, value: int, *, net_advantage: int = 0) -> CheckRoll:
    """A Resistance Check: 2d6 (or the A/D pool) + Resistance, no Open Roll, no Fumble."""
    rolled = roll(check_dice(net_advantage), source)
    return CheckRoll(rolled, value, rolled.total + value)


def degrees(total: int, against: int, *, tie_succeeds: bool) -> int:
    """Degrees against a difficulty or an opposing roll: DoS > 0, DoF < 0.

    SOURCES.md 1.2: "DoS = roll - difficulty ... DoF = difficulty - roll"; "Tie on a
    Difficulty check: counts as a success with 1 DoS. Tie on an Opposed check: goes to the
    defender." ``tie_succeeds`` picks which (a tie that fails is 0 degrees: no success).
    """
    if total == against:
        return 1 if tie_succeeds else 0
    return total - against

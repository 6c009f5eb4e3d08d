"""Combat Rolls: a base d10 plus Extra Dice plus named modifiers, with criticals and botches.

"Attacks come in the form of a Strike Roll, which uses a d10 and any Extra Dice (such as Tier of
Power Extra Dice) for your roll, then you add your Haste and Awareness modifiers onto your
Natural Result." A natural result at or above the critical target adds the Critical Extra Dice;
one at or below the Botch Rate takes a penalty (SOURCES.md 2.2-2.3).
"""

from __future__ import annotations

from functools import lru_cache

from fracas.dice import DiceSource, Expression, LoadedDice, RollResult, dice, roll
from fracas.engine.frozen import frozen
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import critical_extra_dice, tier_extra_dice, times_tier

BOTCH = "Botch"


@frozen
class Modifier:
    """One named number added to a roll (``Haste +2``, ``Diminishing Defense -1``)."""

    label: str
    amount: int


@frozen
class CombatRoll:
    """A rolled Combat Roll: the dice (base d10 first), the Critical Extra Dice if it was a
    critical, and every modifier, the botch penalty included."""

    dice: RollResult
    critical: RollResult | None
    modifiers: tuple[Modifier, ...]

    @property
    def natural(self) -> int:
        """The base die's face: the Natural Result."""
        return self.dice.dice()[0].natural

    @property
    def botched(self) -> bool:
        return any(m.label == BOTCH for m in self.modifiers)

    @property
    def total(self) -> int:
        """The Dice Score: every die and every modifier."""
        extra = self.critical.total if self.critical is not None else 0
        return self.dice.total + extra + sum(m.amount for m in self.modifiers)


@lru_cache(maxsize=256)
def combat_dice(tier: int, bonus: Expression | None = None) -> Expression:
    """A d10 with the Tier's Extra Dice and any bonus dice (Energy Charges, +2d6 …); made once
    for the same Tier and bonus (every Strike and Dodge asks)."""
    expression: Expression = dice(1, 10)
    for extra in (tier_extra_dice(tier), bonus):
        if extra is not None:
            expression = expression + extra
    return expression


def combat_roll(
    source: DiceSource,
    tier: int,
    modifiers: tuple[Modifier, ...],
    *,
    settings: DbuSettings,
    botch_rate: int | None = None,
    bonus: Expression | None = None,
    solid: bool = False,
    maximum: bool = False,
) -> CombatRoll:
    """Roll a Combat Roll at ``tier``. ``solid``: the d10 alone, no Extra Dice, criticals or
    botches (Initiative). ``botch_rate`` overrides the setting (Blitz, Energy Charge raise it).
    ``maximum``: every die shows its highest face (Empower in Melee Range)."""
    if solid:
        return CombatRoll(roll(dice(1, 10), source), None, tuple(m for m in modifiers if m.amount))
    expression = combat_dice(tier, bonus)
    rolled = roll(expression, LoadedDice(highest_faces(expression)) if maximum else source)
    natural = rolled.dice()[0].natural
    critical = None
    if natural >= settings.critical_natural:
        extra = critical_extra_dice(tier)
        if extra is not None:
            critical = roll(extra, LoadedDice(highest_faces(extra)) if maximum else source)
    rate = settings.botch_rate if botch_rate is None else botch_rate
    kept = [m for m in modifiers if m.amount]
    if natural <= rate and settings.botch_penalty:
        kept.append(Modifier(BOTCH, -times_tier(settings.botch_penalty, tier)))
    return CombatRoll(rolled, critical, tuple(kept))


def highest_faces(expression: Expression) -> list[int]:
    """The highest face of every die of ``expression``, in rolling order."""
    return [term.sides for term in expression.dice_terms() for _ in range(term.count)]


def beats(attack: int, defence: int, *, settings: DbuSettings) -> bool:
    """Whether an attacking score beats a defending one: 'If the Strike Roll is higher, the
    attack successfully hits'; SOURCES.md section 8: the defender wins ties."""
    return attack > defence or (attack == defence and not settings.defender_wins_ties)

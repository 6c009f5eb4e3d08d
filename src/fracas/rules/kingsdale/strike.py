"""Striking, missing and defending: pure functions of the numbers (the chapter and SOURCES.md 3.2).

A strike is 1d20 plus cumulative bonuses ("If you have +3 to strike, your target is -2 to strike
roll 1d20+3-2") against the attack's threshold; the defender parries or dodges by meeting or
beating the strike's total.
"""

from __future__ import annotations

from enum import Enum

from fracas.engine.frozen import frozen
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Weapon, WeaponKind


class Shot(Enum):
    """How a strike is made (Aimed Shots, Called Shots, Aimed Called Shots, Shooting Bursts)."""

    NORMAL = "normal"
    AIMED = "aimed"
    CALLED = "called"
    AIMED_CALLED = "aimed-called"
    BURST = "burst"


ACTIONS_OF = {Shot.NORMAL: 1, Shot.AIMED: 2, Shot.CALLED: 2, Shot.AIMED_CALLED: 3, Shot.BURST: 2}
"""Attacks each kind of strike uses: aimed two, called two, aimed called three, a burst two."""


class Fumble(Enum):
    """The fumble table rolled on a natural 1 (What is a Miss)."""

    UNFIXABLE = "weapon failure, not fixable in this scene"
    TEAMMATE = "hits a teammate if possible, else drops the weapon"
    FIXABLE = "weapon failure, fixable in this scene"
    DROPPED = "drops the weapon"
    MISS = "a plain miss"


def fumble(face: int) -> Fumble:
    """ "1 results in a weapon failure that will not be fixable … 5-20 … results in missing." """
    table = {1: Fumble.UNFIXABLE, 2: Fumble.TEAMMATE, 3: Fumble.FIXABLE, 4: Fumble.DROPPED}
    return table.get(face, Fumble.MISS)


class Outcome(Enum):
    """What a strike roll did before any defence."""

    HIT = "hit"
    SPREAD = "spread"
    """A burst roll of 8-11: the damage is spread between the clustered targets."""
    MISS = "miss"
    FUMBLE = "fumble"


def threshold(weapon: Weapon, shot: Shot, settings: KingsdaleSettings) -> int:
    """The total a strike needs: melee 5, ranged 8, missile 5; a called ranged shot 12; a burst
    12 for one target. "Melee called shots do not require the 12 or higher"."""
    if shot is Shot.BURST:
        return settings.burst_single_target
    kind = weapon.kind
    if kind is WeaponKind.MELEE:
        return settings.melee_strike
    if shot in (Shot.CALLED, Shot.AIMED_CALLED):
        return settings.called_ranged_strike
    return settings.ranged_strike if kind is WeaponKind.RANGED else settings.missile_strike


def outcome(
    natural: int, total: int, needed: int, shot: Shot, settings: KingsdaleSettings
) -> Outcome:
    """ "A natural roll of 1 is always a miss"; "A modified roll which is 1 to 4 … is always a
    miss"; a burst's 8-11 spreads; otherwise the total meets the threshold or misses."""
    if natural == 1:
        return Outcome.FUMBLE
    if total < settings.always_miss_below:
        return Outcome.MISS
    if total >= needed:
        return Outcome.HIT
    if shot is Shot.BURST and total >= settings.burst_spread:
        return Outcome.SPREAD
    return Outcome.MISS


@frozen
class StrikeBonus:
    """The parts of a strike's bonus, each named for the log."""

    parts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        total = 0
        for _, amount in self.parts:  # a loop: no generator, read once a strike
            total += amount
        return total


def strike_bonus(
    *,
    base: int,
    weapon: Weapon,
    shot: Shot,
    wild: bool,
    modifier: int,
    settings: KingsdaleSettings,
) -> StrikeBonus:
    """Every bonus and penalty of one strike, cumulative.

    Ranged weapons use the W.P. bonus, melee the hand-to-hand strike bonus plus any W.P.
    Aimed: +2, and "Laser pulses can be aimed, but at half of the standard total bonus".
    Bursts: "Someone with W.P. bonus is at half bonus … without W.P. is at -3". Wild: "no
    bonuses of any type … without W.P. is at -6".
    """
    wp = weapon.wp or 0
    ranged = weapon.kind is not WeaponKind.MELEE
    parts: list[tuple[str, int]] = [] if ranged else [("strike", base)]
    if wild:
        parts = [] if weapon.wp is not None else [("wild, no W.P.", settings.no_wp_wild_penalty)]
    elif shot is Shot.BURST:
        if weapon.wp is None:
            parts.append(("burst, no W.P.", settings.no_wp_burst_penalty))
        else:
            parts.append(("W.P., half for a burst", wp // 2))
    else:
        if weapon.wp is not None:
            parts.append(("W.P.", wp))
        if shot in (Shot.AIMED, Shot.AIMED_CALLED):
            parts.append(("aimed", settings.aimed_bonus))
            if weapon.pulse:
                whole = sum(amount for _, amount in parts)
                parts = [("aimed pulse, half bonus", whole // 2)]
    if modifier:
        parts.append(("modifier", modifier))
    return StrikeBonus(
        tuple([(name, amount) for name, amount in parts if amount or name == "strike"])
    )


def shot_refusal(weapon: Weapon, shot: Shot, *, targets: int = 1) -> str | None:
    """Why ``shot`` cannot be made with ``weapon``, or None. Aimed, called and aimed called
    shots need the W.P.; a pulse weapon makes no called shot and no burst; a burst needs an
    automatic firearm; aimed or called paired shots need a single target. (A burst is never aimed or
    called: "Weapons cannot be aimed on full-automatic settings", "burst/pulse shots … cannot
    be used to make a called shot".)"""
    if shot is Shot.NORMAL:  # none of the refusals below: the usual strike
        return None
    aimed_or_called = shot in (Shot.AIMED, Shot.CALLED, Shot.AIMED_CALLED)
    if aimed_or_called and weapon.wp is None:
        return f"an {shot.value} shot needs the W.P. of the {weapon.name} (Aimed/Called Shots)"
    if shot in (Shot.CALLED, Shot.AIMED_CALLED) and weapon.pulse:
        return "burst/pulse shots cannot be used to make a called shot (Called Shots)"
    if shot is Shot.BURST and weapon.kind is WeaponKind.MELEE:
        return "only firearms shoot bursts (Shooting Bursts)"
    if shot is Shot.BURST and weapon.pulse:
        return "laser pulses are not bursts (Shooting Bursts)"
    if shot is Shot.BURST and not weapon.automatic:
        return (
            f"the {weapon.name} is not automatic: a burst is multiple shots in rapid fashion, and"
            " simultaneous shots from two barrels are not bursts (Shooting Bursts)"
        )
    if aimed_or_called and targets > 1:
        return "aimed and called paired shots need a single target (Paired Firearms)"
    return None


def defended(
    *,
    defence_total: int,
    defence_natural: int,
    strike_total: int,
    strike_natural: int,
    settings: KingsdaleSettings,
) -> bool:
    """The defender "meets or beats" the strike (``defender_wins_ties``; else it must beat
    it); a natural 20 strike only yields to a natural 20 defence (SOURCES.md 3.2)."""
    if settings.natural_20_critical and strike_natural == 20:
        return defence_natural == 20
    if settings.defender_wins_ties:
        return defence_total >= strike_total
    return defence_total > strike_total

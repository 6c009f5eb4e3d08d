"""Damage to armour, S.D.C., H.P. and M.D.C. (Armor Failure; SOURCES.md 3.3).

M.D. passes from the outermost armour layer inwards; a destroyed layer's overflow goes on as
M.D.; only what overflows the innermost layer reaches an S.D.C. wearer, converted to S.D.C. (1
per M.D. by default). S.D.C. damage does nothing to M.D.C. armour or beings. An S.D.C. wearer's
S.D.C. takes damage before H.P. "A called shot that exceeds armor capacity will kill the target
on a head or body shot and dismember on a limb shot."
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from fracas.engine.frozen import frozen
from fracas.rules.kingsdale.settings import KingsdaleSettings


class Location(Enum):
    """Where a called shot aims."""

    HEAD = "head"
    BODY = "body"
    ARM = "arm"
    LEG = "leg"

    @property
    def limb(self) -> bool:
        return self in (Location.ARM, Location.LEG)


@frozen
class Layer:
    """A pool that takes damage in turn: an armour layer, M.D.C., S.D.C. or H.P."""

    name: str
    current: int


@frozen
class Step:
    """One pool's share of a hit: ``before`` → ``after``, and what it is told as."""

    pool: str
    before: int
    after: int
    note: str = ""


@frozen
class Account:
    """The whole of one hit: each pool's step, and a called shot's verdict (killed, a limb)."""

    amount: int
    mega: bool
    steps: tuple[Step, ...]
    note: str = ""
    """Why the hit did nothing (S.D.C. damage on M.D.C.), told with it."""
    killed: bool = False
    severed: Location | None = None
    """A called shot past the armour: killed (head, body), or the limb dismembered."""


def take(
    amount: int,
    *,
    mega: bool,
    armor: Sequence[Layer],
    mdc: int | None,
    sdc: int,
    hp: int,
    called: Location | None = None,
    settings: KingsdaleSettings,
) -> Account:
    """The account of ``amount`` damage (M.D. if ``mega``) on a target wearing ``armor``
    (outermost first). ``mdc`` is an M.D.C. being's own M.D.C. (None for an S.D.C. being). The
    called-shot exemption is from the S.D.C. conversion, so it applies to S.D.C. beings only.

    Seed: "10 MDC Armor of Ithan, 28 MDC Branaghan Overcoat, 60 MDC EBA and a 12 MDC NG
    Stalker Suit … A hit from a 120 MDC … 10 SDC would flow through to hit the target."
    """
    steps: list[Step] = []
    left = amount
    worn = [layer for layer in armor if layer.current > 0]
    for layer in worn:
        if left <= 0:
            break
        if not mega:
            return Account(
                amount, mega, tuple(steps), "S.D.C. damage does nothing to M.D.C. armour"
            )
        taken = min(left, layer.current)
        note = "destroyed" if taken == layer.current else ""
        steps.append(Step(layer.name, layer.current, layer.current - taken, note))
        left -= taken
    if left <= 0:
        return Account(amount, mega, tuple(steps))
    if called is not None and worn and mega and mdc is None:
        if called.limb:
            return Account(amount, mega, tuple(steps), severed=called)
        return Account(amount, mega, tuple(steps), killed=True)
    if mdc is not None:
        if not mega:
            return Account(
                amount, mega, tuple(steps), "S.D.C. damage does nothing to an M.D.C. being"
            )
        steps.append(Step("MDC", mdc, mdc - left))
        return Account(amount, mega, tuple(steps))
    if mega:
        factor = settings.overflow_sdc_per_md if worn else settings.sdc_per_md
        left *= factor
    steps.extend(_structure(left, sdc, hp))
    return Account(amount, mega, tuple(steps))


def _structure(left: int, sdc: int, hp: int) -> list[Step]:
    """S.D.C. first, the rest to H.P. (Palladium)."""
    steps: list[Step] = []
    if sdc > 0:
        taken = min(left, sdc)
        steps.append(Step("SDC", sdc, sdc - taken))
        left -= taken
    if left > 0:
        steps.append(Step("HP", hp, hp - left))
    return steps

"""What the lurasko ruleset records beyond the engine's own events: every roll, every account.

These are records: the state changes through the engine's events that come with them (marks for
damage and degrees, pools for shielding points and aura stores, effects for stun and the rest).
"""

from __future__ import annotations

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.engine.frozen import frozen
from fracas.rules.lurasko.damage import DamageAccount, DamageStep, Portion
from fracas.rules.lurasko.vocabulary import InjuryType


@frozen
class DamageCalledOut(Record):
    """The attack's damage and drive per portion, "17, 20 drive", with the dice behind them
    (none for fixed damage) and what the attacker chose: the STR used, a reduction to a
    ``percent`` of the damage, a critical's drive bonus. ``dismembers``: whether the hit can
    dismember limbs."""

    attacker: CombatantId
    target: CombatantId
    weapon: str
    portions: tuple[Portion, ...]
    rolls: tuple[RollResult, ...] = ()
    strength: int | None = None
    percent: int = 100
    drive_bonus: int = 0
    dismembers: bool = True


@frozen
class ShieldingUsed(Record):
    """Low- or medium-precision shielding before the defense roll; ``stopped``: nothing was
    left, and the attack is over."""

    target: CombatantId
    steps: tuple[DamageStep, ...]
    stopped: bool


@frozen
class DefenseRolled(Record):
    """The defender's roll against its TN: ``outcome`` is dodged, hit or critical, ``margin``
    how far the roll failed by."""

    defender: CombatantId
    attacker: CombatantId
    roll: RollResult
    tn: int
    outcome: str
    margin: int


@frozen
class InjuryTypeSet(Record):
    """The hit's injury type: rolled on the melee or ranged table (``roll``), or chosen by the
    attacker with a critical (``roll`` None) or fixed by the rules (a damage aura: Core)."""

    target: CombatantId
    injury: InjuryType
    table: str
    roll: RollResult | None = None


@frozen
class DamageTaken(Record):
    """The itemised account of one hit on ``target``, its running damage before and after,
    its injury factor and the degrees of injury the hit inflicted."""

    target: CombatantId
    account: DamageAccount
    damage_before: int
    damage_after: int
    factor: int
    degrees: int
    injury: InjuryType | None


@frozen
class AreaBurst(Record):
    """A deliberate AoE on ``target``: its ``original`` energy, what is left after the
    target's shielding (``left``), the area damage the others in its group face (None: no
    area), and whether the attack was ``over`` (stopped by low-precision shielding). Fires and
    collapses count the original value; heat and electric bring a ``fire_risk``."""

    attacker: CombatantId
    target: CombatantId
    original: int
    left: int
    area: int | None
    over: bool
    fire_risk: bool = False


@frozen
class ZoneStruck(Record):
    """A ZAoE (``zone``: cluster or point) with its ``high`` and ``low`` values; heat and
    electric bring a ``fire_risk``."""

    attacker: CombatantId
    weapon: str
    zone: str
    high: int
    low: int
    fire_risk: bool = False


@frozen
class AuraStruck(Record):
    """``holder``'s damage aura struck back at ``attacker``: undodgeable, Core injuries."""

    holder: CombatantId
    attacker: CombatantId
    aura: str
    portion: Portion


@frozen
class PseudogravityUsed(Record):
    """``user`` spent ``spent`` pseudogravity points on ``target``: through ``silencings``
    (the amounts that applied) they made ``effective`` points (rounded down) against the
    ``needed`` share of an effective ``weight_lb``; ``moved`` says whether it worked. ``item``:
    aimed at an item the target holds, which "will amount to an attempt to lift the
    character"."""

    user: CombatantId
    target: CombatantId
    source: str
    spent: int
    silencings: tuple[int, ...]
    effective: int
    weight_lb: int
    needed: int
    moved: bool
    item: bool = False


@frozen
class InjuryHealed(Record):
    """Healing on ``target``: its running damage before and after, its injury factor, and the
    degrees of injury of each type the healing removed."""

    target: CombatantId
    damage_before: int
    damage_after: int
    factor: int
    removed: tuple[tuple[InjuryType, int], ...]


LURASKO_EVENTS = (
    DamageCalledOut,
    ShieldingUsed,
    DefenseRolled,
    InjuryTypeSet,
    DamageTaken,
    AuraStruck,
    AreaBurst,
    PseudogravityUsed,
    ZoneStruck,
    InjuryHealed,
)

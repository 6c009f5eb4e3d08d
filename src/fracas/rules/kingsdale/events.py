"""What the kingsdale ruleset records beyond the engine's events: every roll, every account.

These are records: the state changes through the engine's events (pools, effects, marks) that
come with them. Each carries its dice, so the log explains every number.
"""

from __future__ import annotations

from fracas.dice import RollResult
from fracas.engine.action import CombatantId
from fracas.engine.events import Record
from fracas.engine.frozen import frozen
from fracas.rules.kingsdale.damage import Account


@frozen
class InitiativeRolled(Record):
    """``+init``: 1d20 + the sheet's initiative bonus; ``natural`` is the d20's face."""

    combatant: CombatantId
    roll: RollResult
    natural: int


@frozen
class StrikeRolled(Record):
    """A strike: the roll (bonuses itemised in ``bonuses``), the total it needed, the outcome
    (hit, spread, miss, fumble) and the kind of shot."""

    attacker: CombatantId
    target: CombatantId
    weapon: str
    shot: str
    roll: RollResult
    bonuses: tuple[tuple[str, int], ...]
    needed: int
    outcome: str
    undefendable: str = ""
    """Why the target may not parry or dodge it ("ambush", "horror", "volley"), or empty."""


@frozen
class Fumbled(Record):
    """A natural 1 to strike: the 1d20 on the fumble table and what it did."""

    attacker: CombatantId
    roll: RollResult
    result: str


@frozen
class DefenceRolled(Record):
    """A parry, dodge, auto-dodge or auto-parry against a strike (``roll`` None: no defence)."""

    defender: CombatantId
    attacker: CombatantId
    defence: str
    roll: RollResult | None
    strike_total: int
    success: bool


@frozen
class DamageRolled(Record):
    """The damage dice of a hit; ``note`` says why it was doubled or split."""

    attacker: CombatantId
    target: CombatantId
    roll: RollResult
    amount: int
    mega: bool
    note: str = ""


@frozen
class DamageTaken(Record):
    """The itemised account of one hit on ``target``: each armour layer, M.D.C., S.D.C., H.P."""

    target: CombatantId
    account: Account


@frozen
class CheckRolled(Record):
    """A Horror Factor save, a perception roll, a d100 skill roll: the roll, the number it
    needed (None: the GM's call) and whether it succeeded."""

    combatant: CombatantId
    check: str
    roll: RollResult
    against: int | None
    success: bool
    note: str = ""


@frozen
class SpellWorked(Record):
    """An action of casting: the PPE channelled so far of what the spell needs; ``cast`` once
    it is cast (the PPE is spent then), ``interrupted`` when the caster defended instead."""

    caster: CombatantId
    spell: str
    channelled: int
    needed: int
    cast: bool = False
    interrupted: bool = False
    target: CombatantId | None = None


@frozen
class PsionicsUsed(Record):
    """A psionic power used (+psi) for its ISP, at ``target`` if any."""

    user: CombatantId
    power: str
    isp: int
    target: CombatantId | None = None


KINGSDALE_EVENTS = (
    InitiativeRolled,
    StrikeRolled,
    Fumbled,
    DefenceRolled,
    DamageRolled,
    DamageTaken,
    CheckRolled,
    SpellWorked,
    PsionicsUsed,
)

"""An Attacking Maneuver ready to roll, and what it did."""

from __future__ import annotations

from fracas.dice import Expression
from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.vocabulary import Category, Foundation


@frozen
class AttackPlan:
    """One Attacking Maneuver, ready to roll: who, what, what it adds to each roll, and how the
    target answers it (``answer``: dodge or a Parry option)."""

    maneuver: str
    attacker: CombatantId
    target: CombatantId
    foundation: Foundation
    category: Category
    wager: int = 0
    strike_extra: tuple[Modifier, ...] = ()
    wound_extra: tuple[Modifier, ...] = ()
    wound_dice: Expression | None = None
    category_on_hit: int = 0
    charges: int = 0
    signature: bool = False
    answer: str = "dodge"
    flare_ki: int = 0
    rebound: bool = False
    intervener: CombatantId | None = None
    intervention: str = "wall"
    co_deflectors: tuple[CombatantId, ...] = ()
    shield: bool = False
    deflectors: tuple[CombatantId, ...] = ()
    rebound_area: tuple[CombatantId, ...] = ()


@frozen
class Outcome:
    """What an attack did: its events, whether it hit, the damage it dealt, and whether it was
    turned away from every other target too (a successful Deflect or Redirect)."""

    events: tuple[Event, ...]
    hit: bool
    damage: int
    spared: bool = False

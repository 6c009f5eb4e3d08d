"""The combatant sheet (``+sheet/b``): bonuses, attacks per melee, structure, armour, weapons.

Field names are what a game master types in YAML::

    name: Player 1
    attacks: 6
    initiative: 3
    strike: 2
    parry: 3
    dodge: 3
    hand_to_hand: true
    hp: 30
    sdc: 40
    armor:
      - {name: Armor of Ithan, mdc: 10}
      - {name: EBA, mdc: 60}
    weapons:
      - {name: Vibro-Sword, kind: melee, damage: 2d6, mega: true}
      - {name: Laser Rifle, kind: ranged, damage: 3d6, mega: true, wp: 2, payload: 30}

Every model is frozen and rejects unknown fields with an error naming them.
"""

from __future__ import annotations

from enum import Enum
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.dice import DiceNotation

RESERVED_POOLS = ("Actions", "HP", "SDC", "MDC", "PPE", "ISP")
"""Pool names an armour layer or weapon payload may not take."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WeaponKind(Enum):
    """How a weapon attacks: each has its own strike threshold (Standard Action/Attack)."""

    MELEE = "melee"
    RANGED = "ranged"
    MISSILE = "missile"


class Weapon(_Record):
    """A weapon. ``wp`` is the strike bonus of its W.P. (None: the wielder lacks the W.P.);
    ``mega`` means M.D. damage; ``payload`` its shots (a pool, for magazines and sprays)."""

    name: str = Field(min_length=1)
    kind: WeaponKind = WeaponKind.MELEE
    damage: DiceNotation
    mega: bool = False
    wp: int | None = None
    pulse: bool = False
    automatic: bool = False
    shotgun: bool = False
    handgun: bool = False
    payload: int | None = Field(None, ge=1)
    holstered: bool = False
    taped_clips: bool = False
    """Taped double E-clips: change-and-fire in one action (Combat Amendments)."""
    """Carried but not in hand: drawing it takes one action."""


class ArmorLayer(_Record):
    """One layer of M.D.C. armour (a spell, a coat, body armour), worn outermost first."""

    name: str = Field(min_length=1)
    mdc: int = Field(ge=0)


class Sheet(_Record):
    """What ``+sheet/b`` shows of a character or NPC."""

    name: str = ""
    attacks: int = Field(3, ge=0, description="attacks/actions per melee round")
    extra_arms: bool = False
    initiative: int = 0
    strike: int = 0
    ps_damage: int = Field(0, description="the P.S. S.D.C. damage bonus of melee weapons")
    md_punch: DiceNotation | None = Field(
        None, description="M.D. normal punch damage, added to M.D. melee weapons"
    )
    parry: int = 0
    dodge: int = 0
    auto_dodge: int | None = None
    auto_parry: bool = False
    hand_to_hand: bool = True
    paired_weapons: bool = False
    paired_firearms: bool = False
    horror_factor_save: int = 0
    perception: int = 0
    speed: int = Field(10, ge=0)
    mental_endurance: int = Field(0, ge=0)
    level: int = Field(1, ge=1)
    ppe: int = Field(0, ge=0)
    isp: int = Field(0, ge=0)
    hp: int = Field(10, ge=0)
    sdc: int = Field(0, ge=0)
    mdc: int = Field(0, ge=0, description="an M.D.C. being's own M.D.C. (0: an S.D.C. being)")
    armor: tuple[ArmorLayer, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    skills: dict[str, int] = Field(default_factory=dict, description="skill name -> percent")

    @model_validator(mode="after")
    def _names(self) -> Self:
        names = [layer.name for layer in self.armor]
        names += [payload_pool(w) for w in self.weapons if w.payload is not None]
        for name in names:
            if name in RESERVED_POOLS:
                raise ValueError(f"{name!r} is a pool of its own; name the armour otherwise")
        if len(set(names)) != len(names):
            raise ValueError("two armour layers (or weapon payloads) share a name")
        weapons = [w.name.lower() for w in self.weapons]
        if len(set(weapons)) != len(weapons):
            raise ValueError("two weapons share a name")
        return self

    @property
    def mdc_being(self) -> bool:
        return self.mdc > 0

    def weapon(self, name: str | None) -> Weapon | None:
        """The weapon called ``name`` (any case; a unique prefix of its name or of one of its
        words: ``mace`` for Neural Mace), or the first for None."""
        if name is None:
            return self.weapons[0] if self.weapons else None
        wanted = name.strip().lower()
        exact = [w for w in self.weapons if w.name.lower() == wanted]
        found = exact or [
            w
            for w in self.weapons
            if any(part.startswith(wanted) for part in (w.name.lower(), *w.name.lower().split()))
        ]
        return found[0] if len(found) == 1 else None


def payload_pool(weapon: Weapon) -> str:
    """The pool holding a weapon's shots."""
    return f"{weapon.name} payload"


# --- what a sheet offers the command language's fields (pick lists, never limits) ---------


def weapons_of(sheet: Sheet) -> list[str]:
    """The sheet's weapons, by name."""
    return [weapon.name for weapon in sheet.weapons]


def skills_of(sheet: Sheet) -> list[str]:
    """The sheet's skills, by name."""
    return list(sheet.skills)

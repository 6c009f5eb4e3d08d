"""The kingsdale actions: the MUSH verbs (``+init``, ``+cast``, ``+psi``, strikes, defences).

Each action's verb is what the command language types; the first docstring line is its help.
Their rules are in ``initiative.py``, ``combat.py``, ``defence.py`` and ``actions_more.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from fracas.engine.action import Action, CombatantId
from fracas.rules.kingsdale.damage import Location
from fracas.rules.kingsdale.strike import Shot


@dataclass(frozen=True)
class RollInitiative(Action):
    """Roll your initiative before the fight (+init): 1d20 + your initiative bonus."""

    verb: ClassVar[str] = "init"


@dataclass(frozen=True)
class Strike(Action):
    """Strike (one action; aimed or called two, aimed called three, a burst two)."""

    verb: ClassVar[str] = "strike"
    aliases: ClassVar[tuple[str, ...]] = ("attack",)
    target: CombatantId
    weapon: str | None = field(
        default=None, metadata={"help": "the weapon (default: the first)", "flag": "with"}
    )
    shot: Shot = field(default=Shot.NORMAL, metadata={"help": "aimed, called, a burst …"})
    at: Location | None = field(
        default=None, metadata={"help": "a called shot's aim: head, body, arm or leg"}
    )
    also: tuple[CombatantId, ...] = field(
        default=(), metadata={"help": "a burst's other clustered targets (5 ft apart or less)"}
    )
    mod: int = field(default=0, metadata={"help": "other bonuses and penalties, cumulative"})
    wild: bool = field(default=False, metadata={"help": "shooting wild (drunk, horseback …)"})
    close: bool = field(default=False, metadata={"help": "a shot fired from 10 ft or less"})
    volley: int = field(default=1, metadata={"help": "missiles in the volley (4+: no dodge)"})
    paired: bool = field(
        default=False, metadata={"help": "both paired weapons at the target: two hits, one roll"}
    )


@dataclass(frozen=True)
class Parry(Action):
    """Parry a strike (no action for a hand-to-hand fighter, else one)."""

    verb: ClassVar[str] = "parry"
    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )
    psi: str | None = field(
        default=None, metadata={"help": "a defensive psionic power raised with the parry"}
    )
    isp: int = field(default=0, metadata={"help": "the ISP the psionic power costs"})


@dataclass(frozen=True)
class Dodge(Action):
    """Dodge a strike (one action)."""

    verb: ClassVar[str] = "dodge"
    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )


@dataclass(frozen=True)
class AutoDodge(Action):
    """Auto-dodge a strike (no action; needs the auto-dodge ability)."""

    verb: ClassVar[str] = "autododge"
    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )


@dataclass(frozen=True)
class AutoParry(Action):
    """Auto-parry a strike (no action; needs the auto-parry ability)."""

    verb: ClassVar[str] = "autoparry"
    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )


@dataclass(frozen=True)
class NoDefence(Action):
    """Take a strike without parrying or dodging."""

    verb: ClassVar[str] = "nodefence"
    aliases: ClassVar[tuple[str, ...]] = ("take",)
    attacker: CombatantId | None = field(
        default=None, metadata={"help": "whose strike (default: the oldest)", "flag": "from"}
    )


ACTIONS: tuple[type[Action], ...] = (
    RollInitiative,
    Strike,
    Parry,
    Dodge,
    AutoDodge,
    AutoParry,
    NoDefence,
)

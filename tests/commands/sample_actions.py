"""Test-only actions covering every parameter kind the command language knows."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from fracas.commands import ActionCatalogue, BindContext
from fracas.engine.action import Action, CombatantId


@dataclass(frozen=True)
class Attack(Action):
    """Make one weapon attack (2 AP).

    The rest of the docstring is not the help line.
    """

    verb: ClassVar[str] = "attack"
    aliases: ClassVar[tuple[str, ...]] = ("hit", "strike")
    target: CombatantId
    weapon: str | None = field(default=None, metadata={"help": "weapon name", "flag": "with"})
    bonus: int = field(default=0, metadata={"help": "added to the roll"})
    advantage: bool = False
    non_lethal: bool = False


class Stance(enum.Enum):
    DEFENSIVE = 1
    ALL_OUT = 2


class Speed(enum.Enum):
    FAST = "fast"
    SLOW = "slow"


@dataclass(frozen=True)
class Guard(Action):
    """Take a stance."""

    verb: ClassVar[str] = "guard"
    stance: Stance
    mode: Literal["open", "closed", "clear"] = "open"
    speed: Speed | None = None


@dataclass(frozen=True)
class Roll(Action):
    """Roll dice."""

    verb: ClassVar[str] = "roll"
    dice: str = field(metadata={"rest": True, "help": "dice to roll"})
    secret: bool = False
    label: str | None = None


@dataclass(frozen=True)
class Note(Action):
    """Write a note in the log."""

    verb: ClassVar[str] = "note"
    about: CombatantId | None = None
    text: str = field(default="", metadata={"rest": True})


@dataclass(frozen=True)
class Heal(Action):
    """Heal one or more combatants."""

    verb: ClassVar[str] = "heal"
    targets: tuple[CombatantId, ...]
    amount: int


@dataclass(frozen=True)
class Cleave(Action):
    """Hit everyone next to you."""

    verb: ClassVar[str] = "cleave"
    targets: tuple[CombatantId, ...] = ()
    reckless: bool = True


@dataclass(frozen=True)
class Pose(Action):
    """Describe what a combatant does."""

    verb: ClassVar[str] = "pose"
    who: CombatantId
    text: str = field(metadata={"rest": True})


@dataclass(frozen=True)
class Move(Action):
    """Move a number of squares."""

    verb: ClassVar[str] = "move"
    squares: int
    toward: CombatantId | None = None
    careful: bool = field(default=False, metadata={"flag": "slowly"})

    def __post_init__(self) -> None:
        if self.squares > 100:
            raise ValueError("cannot move more than 100 squares")


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn."""

    verb: ClassVar[str] = "end-turn"
    aliases: ClassVar[tuple[str, ...]] = ("done",)


@dataclass(frozen=True)
class Atone(Action):
    """Atone for your sins."""

    verb: ClassVar[str] = "atone"


def parse_square(text: str) -> tuple[int, int]:
    """``3,4`` → (3, 4): a type the command language does not know, parsed by the action."""
    column, comma, row = text.partition(",")
    if not comma:
        raise ValueError("a square is COLUMN,ROW")
    return int(column), int(row)


@dataclass(frozen=True)
class Place(Action):
    """Put a token on a square."""

    verb: ClassVar[str] = "place"
    square: tuple[int, int] = field(metadata={"parse": parse_square, "help": "COLUMN,ROW"})
    facing: tuple[int, int] | None = field(default=None, metadata={"parse": parse_square})


ALL_ACTIONS: tuple[type[Action], ...] = (
    Attack,
    Guard,
    Roll,
    Note,
    Heal,
    Cleave,
    Pose,
    Move,
    EndTurn,
    Atone,
    Place,
)
CATALOGUE = ActionCatalogue(ALL_ACTIONS)

COMBATANTS: dict[CombatantId, str] = {
    CombatantId("raptor-1"): "Raptor 1",
    CombatantId("raptor-2"): "Raptor 2",
    CombatantId("raptor-3"): "Raptor 3",
    CombatantId("raptor-4"): "Raptor 4",
    CombatantId("raptor-10"): "Raptor 10",
    CombatantId("bob"): "Bob the Brave",
    CombatantId("goblin-archer"): "Goblin Archer",
    CombatantId("zed"): "Zed",
}
BOB = CombatantId("bob")
CONTEXT = BindContext(COMBATANTS, actor=BOB)


def cid(text: str) -> CombatantId:
    return CombatantId(text)

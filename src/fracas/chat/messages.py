"""What a chat session says, and to whom: everyone in the scene, the game masters, or one person."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Everyone(Enum):
    """Everyone connected to the scene."""

    EVERYONE = "everyone"


class GameMasters(Enum):
    """Every game master connected to the scene (there may be several, or none)."""

    GAME_MASTERS = "game masters"


EVERYONE = Everyone.EVERYONE
GAME_MASTERS = GameMasters.GAME_MASTERS


@dataclass(frozen=True)
class Member:
    """One person connected to the scene, by the name they connected with."""

    name: str


Recipient = Everyone | GameMasters | Member


@dataclass(frozen=True)
class Message:
    """One line for ``to``."""

    to: Recipient
    text: str


def to(recipient: Recipient, lines: tuple[str, ...] | list[str]) -> list[Message]:
    """``lines`` as messages for one recipient."""
    return [Message(recipient, line) for line in lines]

"""Who is looking at the encounter: the game master, or a player on one side."""

from __future__ import annotations

from dataclasses import dataclass

from fracas.engine.state import Combatant


@dataclass(frozen=True)
class Audience:
    """The game master (``side`` None: sees everything) or a player of ``side``.

    A player never sees a hidden combatant, and sees the pools (and ruleset marks) of their own
    side's combatants only; everyone's effects, names, sides and the order are public.
    """

    side: str | None = None

    @property
    def gm(self) -> bool:
        return self.side is None

    def sees(self, combatant: Combatant) -> bool:
        return self.gm or not combatant.hidden

    def sees_pools(self, combatant: Combatant) -> bool:
        return self.gm or combatant.side == self.side


GM = Audience()
"""The game master's view."""


def player(side: str) -> Audience:
    """The view of a player whose character is on ``side``."""
    return Audience(side)

"""Who is looking at the encounter: the game master, or a player on one side.

This is the one filter every output a player can reach goes through (views, the log, narration,
replies, live messages, completions): build a player's audience with ``player(side, state)``,
from the state as it is now, and ask it what may be shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from fracas.engine.state import Combatant, EncounterState


@dataclass(frozen=True)
class Audience:
    """The game master (``side`` None: sees everything) or a player of ``side``.

    A player never sees a hidden combatant, and sees the pools (and ruleset marks) of their own
    side's combatants only; everyone's effects, names, sides and the order are public.

    ``unseen``: the ids and names of the combatants hidden now. A player sees nothing of them,
    not even in steps from before they were concealed, and no line of free text (a note, a
    command as typed) that names them.
    """

    side: str | None = None
    unseen: frozenset[str] = frozenset()

    @property
    def gm(self) -> bool:
        return self.side is None

    def sees(self, combatant: Combatant) -> bool:
        return self.gm or not (combatant.hidden or combatant.id in self.unseen)

    def sees_pools(self, combatant: Combatant) -> bool:
        return self.gm or combatant.side == self.side

    def may_read(self, line: str) -> bool:
        """Whether a line of text may be shown: not to a player when it names a combatant
        hidden now (as a whole word, in any case)."""
        return self.gm or not any(_names(name, line) for name in self.unseen)

    def lines(self, lines: Iterable[str]) -> list[str]:
        """The lines this audience may read, in order."""
        return [line for line in lines if self.may_read(line)]


GM = Audience()
"""The game master's view."""


def player(side: str, state: EncounterState | None = None) -> Audience:
    """The view of a player whose character is on ``side``, with the combatants hidden in
    ``state`` (the encounter now) unseen."""
    if state is None:
        return Audience(side)
    hidden = [c for c in state if c.hidden]
    return Audience(side, frozenset(x for c in hidden for x in (c.id, c.name)))


def _names(name: str, line: str) -> bool:
    pattern = rf"(?<![^\W_]){re.escape(name)}(?![^\W_])"
    return re.search(pattern, line, re.IGNORECASE) is not None

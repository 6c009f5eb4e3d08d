"""Who is still standing, side by side, brought up to date one changed combatant at a time.

A ruleset says of one combatant at a time whether it stands (``Ruleset.standing``). The answers
for one combatants mapping are kept with it; for the next mapping only the combatants that are
different objects are asked again (the reducer keeps every combatant an event left alone as the
very same object). The usual end of a fight (one side left standing) and the tactics' standing
enemies are read from it.

Kept this way, not along with the state event by event: asking again only when someone asks
costs less on a small fight than noting every change (measured in docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fracas.engine.action import CombatantId
from fracas.engine.frozen import frozen
from fracas.engine.state import Combatant

StandingTest = Callable[[Combatant], bool | None]
"""Whether a combatant stands (True), is down (False) or does not count (None: an object)."""


@frozen
class Outcome:
    """How a fight ended: why (said in the log), and the side that won it (None: nobody did)."""

    reason: str
    winner: str | None = None


class Standing:
    """What one standing test says of the combatants of one mapping (the last it was brought
    up to date with, ``now``)."""

    __slots__ = ("answers", "combatants", "counted", "sides_up", "test", "up")

    def __init__(
        self,
        test: StandingTest,
        combatants: Mapping[CombatantId, Combatant],
        answers: Mapping[CombatantId, tuple[str, bool | None]],
        up: tuple[CombatantId, ...],
        counted: Mapping[str, int],
        sides_up: Mapping[str, int],
    ) -> None:
        self.test = test
        self.combatants = combatants
        self.answers = answers
        """Each combatant's side and what the test said of it."""
        self.up = up
        """Those standing, in the combatants' order."""
        self.counted = counted
        """How many of each side count (the test says True or False of them)."""
        self.sides_up = sides_up
        """How many of each side stand (only sides with someone standing)."""

    @staticmethod
    def of(combatants: Mapping[CombatantId, Combatant], test: StandingTest) -> Standing:
        """Asking ``test`` of everyone."""
        answers = {c.id: (c.side, test(c)) for c in combatants.values()}
        up: list[CombatantId] = []
        counted: dict[str, int] = {}
        sides_up: dict[str, int] = {}
        for combatant, (side, answer) in answers.items():  # counted by hand: Counter is slower
            if answer is None:
                continue
            counted[side] = counted.get(side, 0) + 1
            if answer:
                up.append(combatant)
                sides_up[side] = sides_up.get(side, 0) + 1
        return Standing(test, combatants, answers, tuple(up), counted, sides_up)

    def now(self, combatants: Mapping[CombatantId, Combatant]) -> Standing:
        """This for ``combatants``, asking again only of those that are not the objects it was
        worked out from; worked out afresh when anyone joined, left, fell, rose or turned.

        When every answer is the same, this very object is moved on to ``combatants`` (no new
        one): what it says is true of both mappings, so one who kept it reads the same."""
        seen = self.combatants
        if combatants is seen:
            return self
        if len(combatants) != len(seen):
            return Standing.of(combatants, self.test)
        answers, test = self.answers, self.test
        for key, combatant in combatants.items():
            if seen.get(key) is not combatant and answers.get(key) != (
                combatant.side,
                test(combatant),
            ):
                return Standing.of(combatants, test)
        self.combatants = combatants
        return self

    def outcome(self) -> Outcome | None:
        """``"SIDE win"`` when those who count are of several sides and only one side has
        anyone standing, ``"nobody is left standing"`` when none has, else None (it goes on)."""
        if len(self.counted) < 2 or len(self.sides_up) > 1:
            return None
        winner = next(iter(self.sides_up), None)
        return Outcome(f"{winner} win", winner) if winner else Outcome("nobody is left standing")

"""A fighter's state as study mode keys it: what the tables read, interned as a number.

A fighter's state is split in two. Its *tallies* (a running total the rules only add to, and
the counts they keep from it) are numbers the lean loop keeps. Its *rest* is everything else the
rules may read: its pools but those a turn refills, its marks but the tallies and the marks the
ruleset's study module names unread, its effects (name, source, data and the anchor each ends
at). A rest is a hashable value, interned as a small number (``Rests.number``) so that the
tables' keys hash fast; an effect's end is kept *relative* to a round (its round less that
round), so that the same rest met in another round is the same key.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from fracas.engine.action import CombatantId
from fracas.engine.state import Anchor, Combatant, Effect, Moment, Reset, Scalar

Ends = tuple[int, CombatantId, Moment]
"""An effect's anchor: its round relative to a round, the combatant, the moment of its turn."""
EffectKey = tuple[str, CombatantId | None, Ends | None, tuple[tuple[str, Scalar], ...]]
Rest = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, Scalar], ...], tuple[EffectKey, ...]]


def rest_of(combatant: Combatant, now: int, left_out: Collection[str]) -> Rest:
    """``combatant``'s rest in round ``now``: pools no turn refills, marks but ``left_out``,
    effects with their ends relative to ``now``."""
    pools = tuple(
        sorted((n, p.current) for n, p in combatant.pools.items() if p.reset is not Reset.TURN)
    )
    marks = tuple(sorted((k, v) for k, v in combatant.marks.items() if k not in left_out))
    effects = tuple(
        sorted(
            (
                e.name,
                e.source,
                None if e.ends is None else (e.ends.round - now, e.ends.combatant, e.ends.moment),
                tuple(sorted(e.data.items())),
            )
            for e in combatant.effects
        )
    )
    return pools, marks, effects


def with_rest(base: Combatant, rest: Rest, now: int, tallies: Mapping[str, Scalar]) -> Combatant:
    """``base`` (the fighter as it started) carrying ``rest`` in round ``now`` and the marks
    ``tallies`` (the tallies as the rules keep them)."""
    pools = {**base.pools, **{n: replace(base.pools[n], current=v) for n, v in rest[0]}}
    effects = tuple(
        Effect(
            name=name,
            id=f"s{number}",
            ends=None if ends is None else Anchor(ends[0] + now, ends[1], ends[2]),
            source=source,
            data=dict(data),
        )
        for number, (name, source, ends, data) in enumerate(rest[2], 1)
    )
    marks = {**dict(rest[1]), **tallies}
    return replace(base, pools=pools, marks=marks, effects=effects)


@dataclass
class Rests:
    """Every rest met so far, numbered; and each number moved to another round."""

    known: dict[Rest, int] = field(default_factory=dict)
    listed: list[Rest] = field(default_factory=list)
    anchored: list[bool] = field(default_factory=list)
    """Whether the rest of that number has an effect that ends at an anchor."""
    _moved: dict[tuple[int, int], int] = field(default_factory=dict)

    def number(self, rest: Rest) -> int:
        found = self.known.get(rest)
        if found is None:
            found = self.known[rest] = len(self.listed)
            self.listed.append(rest)
            self.anchored.append(any(e[2] is not None for e in rest[2]))
        return found

    def moved(self, number: int, by: int) -> int:
        """The rest ``number`` with its effects' ends ``by`` rounds later (relative to a round
        ``by`` earlier)."""
        if not by or not self.anchored[number]:
            return number
        key = (number, by)
        found = self._moved.get(key)
        if found is None:
            pools, marks, effects = self.listed[number]
            shifted = tuple(
                (n, s, None if e is None else (e[0] + by, e[1], e[2]), d) for n, s, e, d in effects
            )
            found = self._moved[key] = self.number((pools, marks, shifted))
        return found

    def expired(self, number: int, combatant: CombatantId | None, moment: Moment) -> int:
        """The rest ``number`` (relative to the round now) without the effects that end at
        ``moment`` of ``combatant``'s turn this round, or earlier (``engine.clock.due``); no
        ``combatant`` ends those anchored to an earlier round (a new round's start)."""
        if not self.anchored[number]:
            return number
        pools, marks, effects = self.listed[number]
        kept = tuple(e for e in effects if not _due(e[2], combatant, moment))
        return number if len(kept) == len(effects) else self.number((pools, marks, kept))


def _due(ends: Ends | None, combatant: CombatantId | None, moment: Moment) -> bool:
    if ends is None:
        return False
    if combatant is None:
        return ends[0] < 0
    rank = 0 if moment is Moment.START else 1
    other = 0 if ends[2] is Moment.START else 1
    return ends[1] == combatant and (ends[0], other) <= (0, rank)

"""An effect's remaining duration in words, from its anchor and the clock.

An anchor is an absolute point (the start or end of a combatant's turn in a round); how it reads
depends on where the clock stands: ``until the start of Druid's next turn``, ``until the end of
Raptor 2's turn``, ``for 2 more rounds, until the end of Bo's turn in round 4``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from enum import Enum

from fracas.app.wording import possessive
from fracas.engine.action import CombatantId
from fracas.engine.state import Anchor, Clock, Effect, EncounterState, Moment


class _Place(Enum):
    CURRENT = "current"
    PASSED = "passed"
    UPCOMING = "upcoming"
    ABSENT = "absent"


def _place(clock: Clock, combatant: CombatantId) -> _Place:
    for index, turn in enumerate(clock.order):
        if combatant in turn.actors:
            if index == clock.index:
                return _Place.CURRENT
            return _Place.PASSED if index < clock.index else _Place.UPCOMING
    return _Place.ABSENT


def round_name(clock: Clock, number: int) -> str:
    """How people are told of the clock's round ``number``: ``round 3``, or ``the surprise
    round`` for one played before round 1 (the clock counts those too). Before the fight
    starts, whether its first round will be a surprise round is not known yet: that one is
    ``the fight's first round``."""
    if not clock.started and number == 1:
        return "the fight's first round"
    if number <= clock.surprise_rounds:
        return "the surprise round"
    return f"round {number - clock.surprise_rounds}"


def capitalised(text: str) -> str:
    """``text`` with its first letter upper-case (a round's name opening a line)."""
    return text[:1].upper() + text[1:]


def until(
    anchor: Anchor | None,
    state: EncounterState,
    name: Callable[[CombatantId], str | None] | None = None,
) -> str:
    """``anchor`` in words as seen at ``state``'s clock.

    ``name`` gives a combatant's display name, or None for one the reader may not see (the words
    then speak of the round only); by default the name in ``state`` (the id if it left).
    """
    if anchor is None:
        return "until removed"
    namer = name if name is not None else _name_in(state)
    who = namer(anchor.combatant)
    clock = state.clock
    ahead = anchor.round - clock.round
    if who is None:
        if not clock.started or ahead < 0:
            return f"until {round_name(clock, anchor.round)}"
        if ahead == 0:
            return "until later this round"
        if ahead == 1:
            return "until next round"
        return f"for {ahead} more rounds, until {round_name(clock, anchor.round)}"
    moment = "start" if anchor.moment is Moment.START else "end"
    turn = f"the {moment} of {possessive(who)}"
    if not clock.started or ahead < 0:
        return f"until {turn} turn in {round_name(clock, anchor.round)}"
    place = _place(clock, anchor.combatant)
    if ahead == 0:
        if place is _Place.CURRENT and anchor.moment is Moment.END:
            return f"until {turn} turn (this turn)"
        if place is _Place.UPCOMING:
            return f"until {turn} turn this round"
        return f"until {turn} turn in {round_name(clock, anchor.round)}"
    if ahead == 1:
        if place in (_Place.CURRENT, _Place.PASSED):
            return f"until {turn} next turn"
        return f"until {turn} turn next round"
    return f"for {ahead} more rounds, until {turn} turn in {round_name(clock, anchor.round)}"


def _name_in(state: EncounterState) -> Callable[[CombatantId], str | None]:
    def name(combatant: CombatantId) -> str | None:
        found = state.combatants.get(combatant)
        return found.name if found is not None else combatant

    return name


Lasting = Callable[[Effect], str | None]
"""How long an effect with no anchored end lasts, in its ruleset's words (``a new PhR check in
1 round``): the ones that end by themselves; None where it lasts until removed."""


LastingTells = Callable[[Effect], Collection[str]]
"""The parameters of an effect its ruleset's ``lasting`` words tell (``countdown``, for ``a new
PhR check in 1 round``): left out where the effect's parameters are shown beside the words."""


def untold(effect: Effect, tells: LastingTells | None) -> list[tuple[str, object]]:
    """``effect``'s parameters but those its duration's words tell."""
    told = tells(effect) if tells is not None and effect.ends is None else ()
    return [(key, value) for key, value in effect.data.items() if key not in told]


def lasts(
    effect: Effect,
    state: EncounterState,
    name: Callable[[CombatantId], str | None] | None = None,
    lasting: Lasting | None = None,
) -> str:
    """How long ``effect`` lasts in words at ``state``'s clock: until its anchor; without one,
    as its ruleset's ``lasting`` says (an effect that ends by itself), else until removed."""
    if effect.ends is None and lasting is not None and (words := lasting(effect)) is not None:
        return words
    return until(effect.ends, state, name)

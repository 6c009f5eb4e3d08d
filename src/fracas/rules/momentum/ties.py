"""Initiative ties, which the seed gives to the game master: "If two creatures have the same
Initiative, the GM decides who goes first."

When the first round starts, each set of turns sharing an Initiative the game master has not
ordered yet is offered to the game master, with the present order (the order they joined) as
the proposal; ``tiebreak NAME`` puts one first, in this round's turns still to come and in every
round after. With the setting ``ask_initiative_ties`` off, the join order decides without
asking (what a simulation plays).
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, OrderChanged
from fracas.engine.state import EncounterState, Turn
from fracas.rules.momentum.events import TieOffered

TIE_BREAK = "tie_break"
"""Mark: the game master's tie-break rank (higher goes first among equal Initiatives)."""


def tie_rank(state: EncounterState, turn: Turn) -> int:
    """The game master's rank of ``turn`` among equal Initiatives (0: not ranked)."""
    return max(int(state[a].marks.get(TIE_BREAK) or 0) for a in turn.actors)


def offered_ties(state: EncounterState) -> list[Event]:
    """An offer to the game master of each set of turns of the round with one Initiative and
    no order the game master gave them, in the present order (the proposal)."""
    tied: dict[int, list[Turn]] = {}
    for turn in state.clock.order:
        tied.setdefault(turn.initiative, []).append(turn)
    notes: list[Event] = []
    for value, turns in tied.items():
        if len(turns) < 2 or len({tie_rank(state, t) for t in turns}) == len(turns):
            continue
        notes.append(TieOffered(value, tuple(t.actors for t in turns)))
    return notes


def reordered(state: EncounterState, target: CombatantId) -> list[Event]:
    """The round's turns still to come that share ``target``'s Initiative, put in the game
    master's tie-break order (``state`` has the new rank); none when nothing moves."""
    clock = state.clock
    mine = next((t for t in clock.order[clock.index + 1 :] if target in t.actors), None)
    if mine is None:
        return []
    later = list(clock.order[clock.index + 1 :])
    places = [n for n, t in enumerate(later) if t.initiative == mine.initiative]
    ranked = sorted((later[n] for n in places), key=lambda t: -tie_rank(state, t))
    for n, turn in zip(places, ranked, strict=True):
        later[n] = turn
    order = (*clock.order[: clock.index + 1], *later)
    return [] if order == clock.order else [OrderChanged(order, clock.index)]

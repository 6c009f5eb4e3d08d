"""A power's strikes read each target after the events so far, folding them only when one of
them may change that target (``rules/kaiser/folded.py``); a hit's wound reads the AP the hit
took without folding it (``wound``'s ``ap_lost``). Loaded dice."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import pytest

from fracas.engine.events import EffectApplied, Event, MarkSet, Note, PoolChanged, reduce
from fracas.engine.state import Combatant, Effect, EncounterState, evolve
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Attack, Use
from fracas.rules.kaiser.folded import Folded
from fracas.rules.kaiser.queries import AP, DEFENCES, LP, UNCONSCIOUS
from fracas.rules.kaiser.wounds import CRITICAL
from tests.rules.kaiser.support import BANDIT, CEIL, FIRE_BOLT, duel, make_sheet
from tests.rules.kaiser.test_powers import INITIATIVE, arena, mage

ALPHABET: tuple[Event, ...] = (
    Note("a ruling"),
    PoolChanged(CEIL, AP, -1, "cost"),
    PoolChanged(BANDIT, LP, -5, "damage"),
    MarkSet(CEIL, "mana_spent", 10),
    MarkSet(BANDIT, DEFENCES, 1),
    EffectApplied(CEIL, Effect("Shelter")),
)
"""Records, each combatant's own pool and mark events, and an event that is neither (an effect
takes a number from the state's counter: it changes more than its bearer)."""


def but(combatant: Combatant, unread: frozenset[str]) -> Combatant:
    """``combatant`` without its marks ``unread``."""
    marks = {key: value for key, value in combatant.marks.items() if key not in unread}
    return evolve(combatant, marks=marks)


@pytest.mark.parametrize("unread", [frozenset(), frozenset({DEFENCES})])
@pytest.mark.parametrize("events", [list(e) for n in range(4) for e in product(ALPHABET, repeat=n)])
def test_the_combatant_asked_about_is_the_one_the_events_so_far_leave(
    events: list[Event], unread: frozenset[str]
) -> None:
    """Whatever the events so far, ``combatant`` is ``now()[who]`` but for the marks
    ``unread``: read from the state before them while no event not folded may change the rest
    of ``who``, else after folding them."""
    state = duel(4, 5, 2, 2).state
    for who in (CEIL, BANDIT):
        growing: list[Event] = []
        folded = Folded(state, growing)
        for event in events:
            growing.append(event)
            found = folded.combatant(who, unread)
            assert but(found, unread) == but(reduce(state, growing)[who], unread)
            assert found is folded.state[who]
        untouched = all(
            isinstance(e, Note)
            or (isinstance(e, PoolChanged | MarkSet) and e.combatant != who)
            or (isinstance(e, MarkSet) and e.key in unread)
            for e in events
        )
        fresh = Folded(state, list(events))
        assert but(fresh.combatant(who, unread), unread) == but(reduce(state, events)[who], unread)
        assert (fresh.folded == 0) == untouched  # folded only when it had to
        assert fresh.now() == reduce(state, events)


def test_a_critical_after_a_hit_takes_only_the_ap_the_hit_left() -> None:
    """SOURCES.md 1.1: "The defender loses 1 AP this round, then damage is computed"; 1.6: a
    failed Critical "costs 1 AP per DoF". A Bandit of 20 LP with 3 AP is hit for 28 (6 DoS, less
    Absorption 2, x 7): the hit takes 1 AP, the Critical's 6 DoF (level 12 + 2, PhR 3 + 5) the
    2 left, no lower than 0."""
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3, 6, 6, 1, 2, bandit=make_sheet(life_points=20))
    assert encounter.state[BANDIT].pools[AP].current == 3
    encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    bandit = encounter.state[BANDIT]
    assert bandit.pools[AP].current == 0
    assert bandit.pools[LP].current == 20 - 28
    assert bandit.has(CRITICAL) and bandit.has(UNCONSCIOUS)


def test_a_power_s_critical_after_its_hit_takes_only_the_ap_the_hit_left() -> None:
    """The same for an Attack power: Fire Bolt hits for 24 (6 DoS less Absorption 2, x 6) a
    Bandit of 20 LP with its 6 AP; the hit takes 1 and the Critical's 6 DoF the 5 left."""
    bandit = make_sheet(life_points=20)
    encounter = arena(*INITIATIVE, 4, 4, 3, 3, 6, 6, 1, 2, ceil=mage(FIRE_BOLT), bandit=bandit)
    assert encounter.state[BANDIT].pools[AP].current == 6
    encounter.apply(Use(actor=CEIL, power="fire", targets=(BANDIT,), defence="dodge"))
    struck = encounter.state[BANDIT]
    assert struck.pools[AP].current == 0
    assert struck.pools[LP].current == 20 - 24
    assert struck.has(CRITICAL) and struck.has(UNCONSCIOUS)


def one_by_one(state: EncounterState, events: Sequence[Event]) -> EncounterState:
    """``events`` applied to ``state`` each on its own, as the engine's tape applies them."""
    for event in events:
        state = event.apply(state)
    return state


def test_a_step_the_rules_fold_at_once_leads_where_its_events_one_by_one_lead() -> None:
    """An attack, the End phase and the Initiative the rules hand over folded (``written``)
    leave the state their events leave applied one at a time."""
    encounter = duel(4, 5, 2, 2, 5, 4, 2, 3, 4, 4, 3, 3, 6, 6, 1, 2, 2, 2)
    before = encounter.state
    step = encounter.apply(Attack(actor=CEIL, target=BANDIT, defence="dodge"))
    assert len(step.events) > 2 and encounter.state == one_by_one(before, step.events)
    for _ in range(3):  # Ceil's turn, the Bandit's (the End phase), the Intention phase
        before = encounter.state
        step = encounter.apply(EndTurn())
        assert encounter.state == one_by_one(before, step.events)
    assert encounter.state.clock.round == 2

"""Size Categories, Tiny to Gargantuan (issue 18, item 7), everywhere DBU reads a size: the
Grapple's Moving a Target, the Defense Value and Soak. Hero and Foe are Tier 1: Strike d10 + 3,
Dodge d10 + Agility Modifier 4, Wound d10 + Force 2, Soak 2 (Tenacity), 40 LP, 30 KP, Capacity
20; driven through commands with typed-in dice."""

from __future__ import annotations

import json

import pytest

from fracas.app.session import Session
from fracas.engine.saving import load, save
from fracas.rules.dbu.damage import soak_of
from fracas.rules.dbu.movement import grapple_drag_ki
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.vocabulary import Size
from tests.rules.dbu.support import FOE, HERO, fight, make_sheet

SETTINGS = DbuSettings()


def table(hero: str = "medium", foe: str = "medium") -> Session:
    encounter = fight(9, 2, hero=make_sheet(size=hero), foe=make_sheet(size=foe))
    return Session(encounter, "sizes", setup=len(encounter.steps))


def ok(session: Session, line: str) -> tuple[str, ...]:
    reply = session.run(line)
    assert reply.error is None, reply.error
    return reply.lines


def pools(session: Session, who: object) -> dict[str, int]:
    return {name: p.current for name, p in session.state[who].pools.items()}  # type: ignore[index]


UNTOUCHED = {"Actions": 3, "Counter": 1, "Converted": 0, "LP": 40, "KP": 30, "Capacity": 20}


def test_the_size_scale_runs_from_tiny_to_gargantuan() -> None:
    """SOURCES.md: Size Categories Tiny, Small, Medium, Large, Huge, Gargantuan; Medium is a
    human."""
    assert [(s.value, s.steps) for s in Size] == [
        ("tiny", -2), ("small", -1), ("medium", 0), ("large", 1), ("huge", 2), ("gargantuan", 3),
    ]  # fmt: skip


def test_dragging_three_size_categories_up_costs_4_ki_a_square() -> None:
    """Seed (Moving A Target): 'pay 2 Ki Points for each square moved if the other character is
    a Size Category larger than them. Increase this cost by +1 Ki Points for each Size Category
    the other character is larger than them by after the first.' A Tiny Hero drags a Large Foe
    (3 larger) 2 squares: 2 times (2 + 2) = 8 Ki and Capacity."""
    assert grapple_drag_ki(Size.TINY, Size.LARGE) == 4
    assert grapple_drag_ki(Size.SMALL, Size.GARGANTUAN) == 5
    assert grapple_drag_ki(Size.HUGE, Size.LARGE) == 0
    session = table(hero="tiny", foe="large")
    ok(session, "grapple foe !8 5")
    ok(session, "move 2 !9 1")
    assert pools(session, HERO) == {**UNTOUCHED, "Actions": 1, "KP": 30 - 8, "Capacity": 20 - 8}
    assert pools(session, FOE) == UNTOUCHED


@pytest.mark.parametrize(
    ("size", "defense", "soak"),
    [("tiny", 6, 0), ("small", 5, 1), ("medium", 4, 2), ("large", 3, 3), ("huge", 2, 4),
     ("gargantuan", 1, 5)],
)  # fmt: skip
def test_each_size_category_moves_defense_and_soak_by_1t(
    size: str, defense: int, soak: int
) -> None:
    """SOURCES.md 2.4: 'Defense Value (Agility Modifier ± size: Small +1(T), Large -1(T))';
    2.5: 'Size: Small -1(T) Soak, Large +1(T) Soak', a step for each Size Category from Medium
    (settings ``size_defense_per_step``, ``size_soak_per_step``). Hero's Strike 9 + 3 = 12
    against the Foe's Dodge 5 + Defense Value; a hit's Wound 6 + 2 = 8 less the Soak."""
    session = table(foe=size)
    lines = ok(session, "attack foe !9 5 6")
    assert any(f"Defense Value +{defense} → {5 + defense}: hit" in line for line in lines)
    assert pools(session, FOE) == {**UNTOUCHED, "LP": 40 - (8 - soak)}
    assert soak_of(make_sheet(size=size), 1, settings=SETTINGS) == soak


def test_a_save_with_small_medium_and_large_sheets_still_loads() -> None:
    """DESIGN: a save is the ruleset, its settings, the seed and the event log; loading replays
    it to the identical state. Sheets saved when only small, medium and large existed keep
    their meaning."""
    session = table(hero="small", foe="large")
    ok(session, "attack foe !8 5 6")
    data = json.loads(json.dumps(save(session.encounter)))
    loaded = load(data)
    assert loaded.state == session.state
    assert [loaded.state[c].sheet.size for c in (HERO, FOE)] == [Size.SMALL, Size.LARGE]  # type: ignore[attr-defined]

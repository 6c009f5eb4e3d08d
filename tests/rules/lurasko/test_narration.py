"""What the players are told of the chapter's unseen things."""

from __future__ import annotations

from fracas.app.audience import GM, player
from fracas.app.narration import Narrator
from fracas.engine.gm import RemoveEffect
from fracas.rules.lurasko.actions import Lift, Silence
from fracas.rules.lurasko.queries import SILENCING
from fracas.rules.lurasko.ruleset import Lurasko
from tests.rules.lurasko.support import FOE, HERO, duel, sheet

NARRATOR = Narrator(Lurasko)
HAND = {"name": "Gravity hand", "points": 40, "resource": "charge", "percent_of_weight": 10}


def test_silencing_is_told_to_the_game_master_only() -> None:
    """Seed: "Silencing is not visible or audible, and can only be detected with certain
    Abilities and devices." The game master places it and sees it everywhere; the players are
    not told it is placed or lifted, do not find it in the order's notes, and a thwarted lift
    tells them only that nothing moved."""
    hero = sheet(pseudogravity=[HAND], resources={"charge": 30})
    encounter = duel(hero=hero, foe=sheet(weight_lb=180))
    heroes, foes = player("heroes"), player("foes")
    before = encounter.state
    placed = encounter.apply(Silence(target=FOE, amount=4))
    assert NARRATOR.step(placed, before, GM) == ("Silencing on Foe (amount 4; until removed)",)
    assert NARRATOR.step(placed, before, heroes) == ()
    assert NARRATOR.step(placed, before, foes) == ()
    assert "Silencing" in "\n".join(NARRATOR.order_table(encounter.state, GM))
    assert "Silencing" not in "\n".join(NARRATOR.order_table(encounter.state, heroes))
    before = encounter.state
    lifted = encounter.apply(Lift(actor=HERO, target=FOE, points=40))
    gm_lines = "\n".join(NARRATOR.step(lifted, before, GM))
    hero_lines = "\n".join(NARRATOR.step(lifted, before, heroes))
    assert "(silencing 4)" in gm_lines and "not moved" in gm_lines
    assert "silencing" not in hero_lines.lower() and "not moved" in hero_lines
    before = encounter.state
    lifted_off = encounter.apply(RemoveEffect(target=FOE, name=SILENCING))
    assert NARRATOR.step(lifted_off, before, GM)[0].startswith("Silencing on Foe ends")
    assert NARRATOR.step(lifted_off, before, heroes) == ()

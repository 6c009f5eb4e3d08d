"""Held actions brought back to mind (issue 18, item 13): as each turn starts, the holder and
the game master are reminded that a held action can fire now if its trigger happens."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.audience import player
from fracas.app.rulesets import demo_path
from fracas.dice import LoadedDice
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.momentum.ruleset import Momentum
from tests.app.fight import ok

REMINDER = (
    "Scout holds 2 AP ready (a raptor comes close; attack … -held fires it): it can fire now"
    " if its trigger happens"
)


def test_a_ready_action_is_brought_back_to_mind_as_each_turn_starts() -> None:
    """Seed 003 *Holding Actions*: "a creature must spend the AP that the action would cost on
    their turn and name a trigger. The action is not performed if the trigger does not happen
    until the creature's next turn." """
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=1)
    ok(session.run("start"))
    assert session.state.acting() == ("scout",)
    ok(session.run("ready 2 a raptor comes close"))
    reply = ok(session.run("end"))
    assert reply.lines[-1] == REMINDER
    assert session.state.acting() == ("druid",)
    assert session.state["scout"].has("Held Action")
    scout_side = session.state["scout"].side
    raptors = session.state["raptor-1"].side
    assert REMINDER in session.log(1, player(scout_side))[-1]
    assert not any("holds 2 AP" in line for line in session.log(1, player(raptors)))


def test_a_triggered_maneuver_is_brought_back_to_mind_as_each_turn_starts() -> None:
    """Seed 001 *Triggered Maneuver*: the Actions are spent now, to act when the defined
    activation happens before the start of your next turn."""
    path = demo_path(Dbu)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice([4, 8, 9]))
    ok(session.run("start"))
    ok(session.run("trigger 1 a Saibaman attacks"))
    reply = ok(session.run("end"))
    assert reply.lines[-1] == (
        "Sena holds a Triggered Maneuver of 1 Action (a Saibaman attacks; -triggered fires it):"
        " it can fire now if its trigger happens"
    )
    assert session.state["sena"].has("Triggered Maneuver")

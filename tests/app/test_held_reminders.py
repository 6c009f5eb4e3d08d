"""Held actions brought back to mind (issue 18, item 13): as each turn starts, the holder and
the game master are reminded that a held action can fire now if its trigger happens."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.audience import player
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.app.views import CombatantView, EncounterView, HeldView
from fracas.commands import ParamKind
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
    kept = session.state["scout"].effect("Held Action")
    assert kept is not None
    held = HeldView("2 AP ready", "a raptor comes close", kept.id, "attack", "held")
    assert _scout(session.view()).held == (held,)  # a page offers attack … -held as a click
    assert _scout(session.view(player(raptors))).held is None
    assert _fires(session, "attack", "held")


def _scout(view: EncounterView) -> CombatantView:
    found = view.combatant("Scout")
    assert found is not None
    return found


def _fires(session: Session, verb: str, flag: str) -> bool:
    """Whether the session's catalogue has ``verb`` with the switch ``-flag``."""
    spec = session.catalogue.get(verb)
    return spec is not None and any(
        p.flag == flag and p.kind is ParamKind.BOOL for p in spec.params
    )


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
        "Sena holds a Triggered Maneuver of 1 Action (a Saibaman attacks; attack … -triggered"
        " fires it): it can fire now if its trigger happens"
    )
    assert session.state["sena"].has("Triggered Maneuver")
    kept = session.state["sena"].effect("Triggered Maneuver")
    sena = session.view().combatant("Sena")
    assert kept is not None and sena is not None
    what = "a Triggered Maneuver of 1 Action"
    assert sena.held == (HeldView(what, "a Saibaman attacks", kept.id, "attack", "triggered"),)
    assert _fires(session, "attack", "triggered")

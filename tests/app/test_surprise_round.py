"""DBU's surprise round is told as the surprise round, and the first round after it is Round 1:
the log, the prompts and the durations count from it."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.views import headline
from fracas.dice import LoadedDice
from fracas.rules.dbu.ruleset import Dbu
from tests.app.fight import ok


def test_the_surprise_round_comes_before_round_1() -> None:
    """Seed 001 *Surprise*: "battles begin with a surprise round. This takes place after
    Initiative, but before the first round"."""
    path = demo_path(Dbu)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice([4, 8, 9]))
    reply = ok(session.run("surprise kora"))
    assert "Guard Down on Kora (until the end of Kora's turn in the fight's first round)" in (
        reply.lines
    )
    reply = ok(session.run("start"))
    assert "The surprise round begins: Sena (10), Saibaman 1 + Saibaman 2 + Saibaman 3 (10)" in (
        reply.lines
    )
    assert not any(line.startswith("Round 1") for line in reply.lines)
    assert reply.prompts[0].lines[0].startswith("The surprise round: your turn, Sena")
    reply = ok(session.run("effect sena Focused -rounds 2"))
    assert reply.lines == (
        "Focused on Sena (for 2 more rounds, until the end of Sena's turn in round 2)",
    )
    guard = ok(session.run("status"))
    assert any("Guard Down" in line and "surprise round" in line for line in guard.lines)
    assert headline(session.view()).endswith(", the surprise round: Sena's turn")
    ok(session.run("end"))
    reply = ok(session.run("end"))  # the Saibamen's turn: the surprise round is over
    assert any(line.startswith("Round 1 begins:") for line in reply.lines)
    assert ", round 1: " in headline(session.view())  # the clock's round 2
    clock = session.state.clock
    assert (clock.round, clock.surprise_rounds) == (2, 1)
    assert session.state["sena"].has("Focused")

"""The Effect and End Phases and Out-of-Sequence Actions from the command language: the game
master's ``phases`` and ``respond -done`` name nobody and go to the one who must answer."""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_of
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId

SENA = CombatantId("sena")


def test_the_game_master_answers_for_the_one_whose_phase_waits() -> None:
    """Seed (End Phase): 'You can decide the order in which they activate'. Kora (11), Sena (7)
    and the Saibamen (6) roll Initiative; Sena's End Phase ends Shaken and Powered Up at once:
    ``phases`` typed by the game master is Sena's order; then Sena's Talent grants an
    Out-of-Sequence Action on the Saibamen's turn, which cannot end until she finishes it."""
    session = open_encounter(demo_of("dbu"), dice=LoadedDice([9, 5, 5]))
    session.run("start")
    session.run("end")
    session.run("effect sena Shaken -rounds 0")
    session.run('effect sena "Powered Up" -rounds 0')
    told = session.run("end").lines
    assert any("End Phase: shaken-ends, powered-up-ends occur at once" in line for line in told)
    assert session.state.is_turn_of(SENA)
    reply = session.run("phases powered-up-ends,shaken-ends")
    assert reply.error is None
    assert [line for line in reply.lines if "ends (expired)" in line] == [
        "Powered Up on Sena ends (expired)",
        "Shaken on Sena ends (expired)",
    ]
    assert not session.state.is_turn_of(SENA)
    assert session.run("Sena: respond -with afterimage").error is None
    refused = session.run("end").error
    assert refused is not None and "Sena: respond -done to finish it" in refused
    assert session.run("respond -done").error is None
    assert session.run("end").error is None

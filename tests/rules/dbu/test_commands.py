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


KORA = CombatantId("kora")


def test_a_refusal_told_to_a_player_does_not_name_a_hidden_combatant() -> None:
    """A player never sees a hidden combatant (the narrator calls it 'someone'), nor in a
    refusal. Seed (End Phase): 'You can decide the order in which they activate': the hidden
    Saibaman 2's End Phase waits for its order, and Sena, refused meanwhile, is not told whose
    phase it is. Seed (Out-of-Sequence Action): 'all other maneuvers are paused while the
    Out-of-Sequence Actions are completed': Kora, paused by the hidden Saibaman's response and
    unable to end her turn under it, is not told who responds either."""
    session = open_encounter(demo_of("dbu"), dice=LoadedDice([9, 5, 5]))
    session.run("start")
    session.run("conceal saibaman-2")
    session.run("effect saibaman-2 Shaken -rounds 0")
    session.run('effect saibaman-2 "Powered Up" -rounds 0')
    session.run("end")
    session.run("end")
    assert session.run("Saibaman 2: trigger 1 when Kora attacks").error is None
    session.run("end")
    refused = session.run("convert", SENA).error
    assert refused is not None and "End Phase comes first" in refused
    assert "Saibaman 2" not in refused
    assert session.run("Saibaman 2: phases auto").error is None
    assert session.state.is_turn_of(KORA)
    assert session.run("Saibaman 2: respond").error is None
    for line in ("attack saibaman-1", "end"):
        refused = session.run(line, KORA).error
        assert refused is not None and "Out-of-Sequence Action" in refused
        assert "Saibaman 2" not in refused


def test_a_players_bad_order_names_only_its_own_items() -> None:
    """Seed (End Phase): 'You can decide the order in which they activate' (the player's own
    effects). The hidden Saibaman 2 is Powered Up, Sena is Shaken: Sena's bad standing order
    is refused naming her own items, never the hidden combatant's effect, and naming that
    effect is refused like any other unknown item (it tells her nothing)."""
    session = open_encounter(demo_of("dbu"), dice=LoadedDice([9, 5, 5]))
    session.run("start")
    session.run("conceal saibaman-2")
    session.run('effect saibaman-2 "Powered Up" -rounds 2')
    session.run("effect sena Shaken -rounds 2")
    for line in ("phases teatime", "phases powered-up-ends"):
        refused = session.run(line, SENA).error
        assert refused is not None
        named = refused.partition(" (not ")[0]
        assert "shaken-ends" in named and "powered-up" not in named
    assert session.run("phases shaken-ends,slowed", SENA).error is None


def test_the_game_master_names_whose_phase_when_several_wait() -> None:
    """Seed (End Phase): 'You can decide the order in which they activate': each player its
    own. The Saibamen share a turn; the End Phases of Saibaman 1 and Saibaman 2 wait at once,
    so a bare ``phases`` by the game master is told to name whose order it is, and then
    answers the one named."""
    session = open_encounter(demo_of("dbu"), dice=LoadedDice([9, 5, 5]))
    session.run("start")
    session.run("end")
    session.run("end")
    for who in ("saibaman-1", "saibaman-2"):
        session.run(f"effect {who} Shaken -rounds 0")
        session.run(f'effect {who} "Powered Up" -rounds 0')
    session.run("end")
    refused = session.run("phases auto").error
    assert refused is not None and "say whose phase" in refused and "NAME: phases" in refused
    told = session.run("Saibaman 1: phases auto")
    assert told.error is None
    assert "Shaken on Saibaman 1 ends (expired)" in told.lines
    assert not session.state.combatants[CombatantId("saibaman-1")].has("Shaken")
    assert session.state.combatants[CombatantId("saibaman-2")].has("Shaken")

"""The MUSH flow through a session: players answer strikes off-turn as their own characters."""

from __future__ import annotations

from fracas.engine.action import CombatantId

from .support import demo

P1, NPC1 = CombatantId("player-1"), CombatantId("npc-1")


def test_players_roll_init_and_answer_strikes_off_turn() -> None:
    """Seed: "Enginering the command +init will automatically roll your initiative"; "Player1
    rolls dodge against NPC 2" (a defence given outside one's own pose)."""
    session = demo([18, 16, 12, 8, 15, 9, 3, 4])
    assert session.run("+init", P1).ok
    session.run("start")
    session.run("end")
    assert session.run("strike player-1 -with mace").ok and session.state.is_turn_of(NPC1)
    refused = session.run("dodge", CombatantId("player-2"))
    assert refused.error == "dodge: there is no strike on Player 2"
    reply = session.run("+dodge", P1)
    assert reply.lines == (
        "Player 1 uses one action (dodge)",
        "Player 1 dodges NPC 1's strike: 1d20 (9) + 4 = 13 vs 17: fails",
        "Damage to Player 1: 2d6 (3, 4) = 7 S.D.C.",
        "Player 1 takes 7 S.D.C. (S.D.C. damage does nothing to M.D.C. armour)",
    )


def test_a_player_cannot_answer_for_another() -> None:
    """Issue 3: a player controls the combatant they claim; bad commands change nothing."""
    session = demo([18, 16, 12, 8, 15])
    session.run("start")
    session.run("strike npc-1 -with vibro")
    before = session.state
    reply = session.run("NPC 1: parry", P1)
    assert reply.error is not None and session.state is before


def test_a_defence_the_game_master_types_is_the_defenders() -> None:
    """Seed demo: "NPC 1 rolls to dodge one strike": the game master types ``dodge`` on Player
    1's pose, and it is NPC 1, the one the strike waits on, who dodges."""
    session = demo([18, 16, 12, 8, 15, 16])
    session.run("start")
    session.run("strike npc-1 -with vibro")
    reply = session.run("dodge")
    assert reply.step is not None and reply.step.action.actor == NPC1
    assert "NPC 1 dodges Player 1's strike: 1d20 (16) + 3 = 19 vs 18: succeeds" in reply.lines


def test_with_no_strike_waiting_a_typed_defence_is_the_posers_and_refused() -> None:
    """Issue 3: an action the rules forbid is refused with the rule, and changes nothing."""
    session = demo([18, 16, 12, 8])
    session.run("start")
    before = session.state
    assert session.run("dodge").error == "dodge: there is no strike on Player 1"
    assert session.state is before

"""The MUSH's own messages: the automated pose message and the +vinit table."""

from __future__ import annotations

from fracas.app.audience import Audience
from fracas.app.narration import Narrator
from fracas.rules.kingsdale.ruleset import Kingsdale

from .support import demo


def test_the_automated_message_reads_as_in_the_chapter() -> None:
    """Seed: "Melee Round 1 - Pose One - Initiative Count 21. / You have Two attacks/actions for
    this pose. / Please pose and make any necessary rolls." """
    session = demo([18, 16, 12, 8])
    session.run("start")
    turn = session.state.clock.turn
    assert turn is not None
    assert Narrator(Kingsdale).turn_prompt(turn, session.state) == (
        "Melee Round 1 - Pose One - Initiative Count 21.",
        "You have Two attacks/actions for this pose.",
        "Please pose and make any necessary rolls.",
    )


def test_vinit_prints_the_demo_pose_table() -> None:
    """Seed demo: "Pose Round One of Three in Melee Round 1 / Name Init Actions Notes / Player 1
    21 Two / NPC 1 18 Two / Player 2 13 Two / NPC 2 9 One"."""
    session = demo([18, 16, 12, 8])
    reply = session.run("start")
    assert "Melee Round 1 - Pose One - Initiative Count 21: Player 1 poses." in reply.lines
    assert session.run("+vinit").lines == (
        "Pose Round One of Three in Melee Round 1",
        "Name      Init  Actions  Notes",
        "Player 1  21    Two",
        "NPC 1     18    Two",
        "Player 2  13    Two",
        "NPC 2     9     One",
    )


def test_vinit_notes_effects_and_hides_hidden_npcs_from_players() -> None:
    """Seed: "+vinit will also show if you or other PCs are under a positive or negative
    influence"; a hidden NPC is left out of a player's table."""
    session = demo([18, 16, 12, 8, 15])
    session.run("start")
    session.run("strike npc-1 -with vibro")
    session.run("conceal npc-2")
    gm = session.narrator.order_table(session.state)
    player = session.narrator.order_table(session.state, Audience("players"))
    assert "NPC 1     18    Two      answers Player 1's strike" in gm
    assert any(line.startswith("NPC 2") for line in gm)
    assert not any(line.startswith("NPC 2") for line in player)


def test_vinit_before_the_fight() -> None:
    session = demo()
    assert session.run("vinit").lines == (
        "No pose order yet: the fight has not started (+init, then start).",
    )


def test_free_rolls_are_the_mush_roll() -> None:
    """Seed: "He rolls to strike via the command +roll 1d20+strike bonus"."""
    session = demo([15])
    assert session.run("+roll 1d20+3").lines == ("The game master rolls: 1d20 (15) + 3 = 18",)


def test_a_hidden_npcs_strike_is_not_told_to_the_players() -> None:
    """Issue 3: hidden NPCs; narration never names a hidden combatant to a player."""
    session = demo([18, 16, 12, 8, 14])
    session.run("conceal npc-1")
    session.run("start")
    session.run("end")
    assert session.run("strike player-1 -with mace").ok
    _, step, before = list(session.history())[-1]
    gm = session.narrator.step(step, before)
    players = session.narrator.step(step, before, Audience("players"))
    assert any("NPC 1 strikes Player 1" in line for line in gm)
    assert not any("NPC 1" in line for line in players)

"""A player's log never names a hidden combatant, not even in the command lines it repeats."""

from __future__ import annotations

from fracas.app import GM, open_encounter, player
from fracas.app.rulesets import demo_path
from fracas.rules.momentum.ruleset import Momentum


def test_a_hidden_npcs_command_is_not_repeated_to_players() -> None:
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=3)
    assert session.run('add "Ghost Raptor" raptors "Raptor 1" -hidden').ok
    for text in ("start", "turn ghost-raptor", "Ghost Raptor: attack druid -with claws !15 3"):
        assert session.run(text).ok, text
    party = session.log(2, player("party"))
    assert party == [
        "[10] (a command of the game master's)",
        "    End of Scout's turn",
        "[11] (a command of the game master's)",
        "    Druid takes 3: armor \u22121 (4 \u2192 3); Vitality 20 \u2192 17",
    ]
    assert all("Ghost" not in line for line in session.log(None, player("party")))
    assert all("Ghost" not in line for line in session.run("log all", "druid").lines)
    assert any("Ghost Raptor" in line for line in session.log(2, GM))

"""What players read never shows the engine's internal state as ``key = value`` or
``[key=value]`` (issue 18, item 14): every demo fight, played through its commands on its
loaded dice, with ``status`` and ``order`` after every line, for the game master and the
players of each side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fracas.app import open_encounter
from fracas.app.audience import GM, player
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.dice import LoadedDice
from fracas.rules.kaiser.ruleset import Kaiser
from tests.golden.test_transcripts import SCRIPTS, faces

INTERNAL = re.compile(r"\b[a-z_]+ = \S|\[[a-z_ ]+=")
"""``pin_round = 1``, ``[kind=damage_reduction, …]``: a ruleset's bookkeeping as it is kept."""


def _session(script: Path) -> tuple[Session, list[str]]:
    lines = script.read_text(encoding="utf-8").splitlines()
    encounter = (script.parent / lines[0].removeprefix("encounter:").strip()).resolve()
    dice = faces(script)
    loaded = [int(face) for face in dice[1].split(",")] if dice else []
    session = open_encounter(encounter, seed=3, dice=LoadedDice(loaded))
    commands = [line for line in lines[1:] if line.strip() and not line.startswith("#")]
    return session, commands


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_no_line_a_player_reads_is_internal_state(script: Path) -> None:
    session, commands = _session(script)
    read: list[str] = []
    for command in commands:
        reply = session.run(command)
        read += reply.lines
        read += [line for prompt in reply.prompts for line in prompt.lines]
        read += session.run("status").lines
        read += session.run("order").lines
    sides = sorted({c.side for c in session.state})
    for audience in (GM, *(player(side) for side in sides)):
        read += session.log(None, audience)
    leaks = [line for line in read if INTERNAL.search(line)]
    assert leaks == []


def test_kaiser_lists_everyone_once_and_the_intention_phase_without_an_initiative() -> None:
    """Seed 000 *Combat Rounds*: the Intention phase is not ordered by Initiative, so its
    banner shows none ("(0)" read as a roll); ``order`` lists each combatant once, at its turn
    now or next."""
    path = demo_path(Kaiser)
    assert path is not None
    session = open_encounter(path, seed=1, dice=LoadedDice([5, 5, 4, 4, 3, 3, 3, 4, 2, 3]))
    reply = session.run("start")
    assert (
        reply.lines[0]
        == "Round 1 begins: Intention phase: Ceil + Thom + Bandit 1 + Bandit 2 + Shaman"
    )
    for who in ("Ceil", "Thom", "Shaman"):
        session.run(f"{who}: intend magic" if who != "Thom" else "Thom: intend attack")
    session.run("end")
    table = session.run("order").lines
    rows = [row.lstrip("> ").split("  ")[0] for row in table[2:]]
    assert rows == ["Ceil", "Thom", "Bandit 2", "Shaman", "Bandit 1"]
    assert table[2].startswith(">  Ceil")

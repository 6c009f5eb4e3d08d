"""Issue 19, item 2: whatever a player asks, of every ruleset, nothing the game master keeps
back reaches them: no hidden or concealed combatant's name, no NPC's stat block, no secret note."""

from __future__ import annotations

import json

import pytest

from fracas.app import completion, open_encounter
from fracas.app.rulesets import available, demo_path
from fracas.app.session import Session
from fracas.engine.gm import AddCombatant
from fracas.engine.ruleset import Ruleset
from fracas.rules.momentum.ruleset import Momentum
from fracas.web.projection import log_lines, view_json

LURKER = "Zed Lurker"
SECRET = "the ambush waits at the ford"


def prepared(kind: type[Ruleset]) -> tuple[Session, str, str, str]:
    """The demo with a hidden NPC added, a visible NPC concealed after its add, a note naming
    the hidden one and a secret note: the session, the player's combatant, the concealed NPC's
    name and a visible NPC's name."""
    path = demo_path(kind)
    assert path is not None
    session = open_encounter(path, seed=5)
    combatants = list(session.state)
    hero = combatants[0]
    others = [c for c in combatants if c.side != hero.side]
    assert len(others) >= 2, kind
    concealed, visible = others[0], others[1]
    lurker = AddCombatant(name=LURKER, side=visible.side, sheet=visible.sheet, hidden=True)
    assert session.apply(lurker).ok
    for text in (f"conceal {concealed.id}", f"note {LURKER} is behind the door"):
        assert session.run(text).ok, text
    assert session.run(f"note -secret {SECRET}").ok
    session.run("start")
    return session, hero.id, concealed.name, visible.name


def said(session: Session, hero: str, visible: str) -> list[str]:
    """Every line a player gets for every command of the catalogue: bare, naming a visible NPC
    and naming themselves; then their log, view, and what the sheets they may act as offer the
    action bar (the catalogue's ``offered``), as the web sends them."""
    out: list[str] = []
    own = session.state[hero].name  # type: ignore[index]
    for spec in session.catalogue:
        for argument in ("", f'"{visible}"', f'"{own}"'):
            reply = session.run(f"{spec.verb} {argument}".strip(), hero)  # type: ignore[arg-type]
            out += [*reply.lines, reply.error or ""]
    out += session.run("log all", hero).lines  # type: ignore[arg-type]
    audience = session.audience(hero)  # type: ignore[arg-type]
    out += log_lines(session, audience, None)
    out.append(json.dumps(view_json(session, audience)))
    sheets = {who: completion.offered(session, who) for who in completion.actors(session, hero)}
    assert list(sheets) == [hero]  # their own combatant's, and no other's
    out.append(json.dumps(sheets))
    return out


@pytest.mark.parametrize("kind", [k for k in available() if demo_path(k) is not None])
def test_no_command_shows_a_player_what_the_game_master_keeps_back(kind: type[Ruleset]) -> None:
    session, hero, concealed, visible = prepared(kind)
    lines = said(session, hero, visible)
    assert lines
    sheet = next(c for c in session.state if c.name == visible).sheet
    for line in lines:
        assert LURKER not in line and "zed-lurker" not in line, line
        assert concealed not in line, line
        assert SECRET not in line, line
        assert sheet.model_dump_json()[:40] not in line, line
        assert '"stats"' not in line and "'{" not in line, line
    gm_log = "\n".join(session.log(None))
    assert LURKER in gm_log and SECRET in gm_log and concealed in gm_log


def test_a_players_log_all_has_no_stat_block_and_forgets_a_concealed_combatant() -> None:
    """The issue's case: ``log all`` through a player showed ``[4] add "Raptor 1" raptors
    '{"name":"Raptor","stats":{…}}'`` and, after ``conceal``, the concealed raptor's add."""
    session, hero, concealed, _ = prepared(Momentum)
    lines = session.run("log all", hero).lines  # type: ignore[arg-type]
    assert not any('"stats"' in line or concealed in line for line in lines), lines
    assert "[1] (a command of the game master's)" in lines

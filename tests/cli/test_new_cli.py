"""``fracas new``: a stored encounter built from the library, its links printed."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.store import Store


def test_new_stores_the_encounter_and_prints_its_links(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.db'}"
    result = CliRunner().invoke(
        app,
        [
            "new",
            "momentum",
            "Ambush",
            "--add",
            "druid",
            "--add",
            "scout -side party",
            "--add",
            "raptor x3 -hidden",
            "--players",
            "--database",
            url,
            "--seed",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    first, gm, druid, scout, serve = result.output.splitlines()
    match = re.fullmatch(r"encounter (\w+) \(Ambush, momentum, 5 combatants\) in (.+)", first)
    assert match is not None and match.group(2) == url
    encounter = match.group(1)
    assert serve == f"fracas serve {encounter} serves it; fracas resume {encounter} plays it here"
    store = Store(url)
    tokens = {}
    for line, holder in ((gm, "game master"), (druid, "Druid"), (scout, "Scout")):
        label, _, link = line.strip().partition(": ")
        assert label == holder and link.startswith("http://127.0.0.1:8000/")
        tokens[holder] = link.rsplit("/", 1)[1]
    gm_link = store.link(tokens["game master"])
    assert gm_link is not None and gm_link.gm and gm_link.encounter == encounter
    druid_link = store.link(tokens["Druid"])
    assert druid_link is not None and druid_link.combatant == "druid"
    session = store.load(encounter).session
    assert [(c.name, c.side, c.hidden) for c in session.state] == [
        ("Druid", "party", False),
        ("Scout", "party", False),
        ("Raptor 1", "raptors", True),
        ("Raptor 2", "raptors", True),
        ("Raptor 3", "raptors", True),
    ]
    assert session.log(1)[0] == "[3] add raptor x3 -hidden"
    assert session.undo().error == "nothing to undo"  # the build is the encounter's setup


def test_a_bad_add_line_stores_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.db'}"
    result = CliRunner().invoke(
        app, ["new", "momentum", "--add", "druid", "--add", "raptr x0", "--database", url]
    )
    assert result.exit_code == 2
    assert "add line 2 ('raptr x0'): add: x0: add 1 to 50 at a time" in result.output
    assert Store(url).summaries() == []
    unknown = CliRunner().invoke(app, ["new", "chess", "--database", url])
    assert unknown.exit_code == 2 and "no ruleset called 'chess'" in unknown.output

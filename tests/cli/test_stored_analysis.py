"""``fracas sim`` and ``fracas odds`` on an encounter stored in a real SQLite database: the fight
as it stands (combatants removed, Vitality set), not as its file began."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.store import Store, Tracked
from tests.store.conftest import demo

runner = CliRunner()


def stored_duel(tmp_path: Path) -> tuple[str, str]:
    """The momentum demo stored, then cut down by the game master to the party against Raptor 4
    at 1 Vitality; its database URL and id."""
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    tracked = Tracked(store, encounter)
    for command in (
        "remove raptor-1",
        "remove raptor-2",
        "remove raptor-3",
        "set raptor-4 vitality 1",
    ):
        reply = tracked.run(command)
        assert reply.ok, reply
    store.close()
    return url, encounter


def test_sim_plays_the_stored_fight_as_it_stands(tmp_path: Path) -> None:
    url, encounter = stored_duel(tmp_path)
    arguments = ["sim", encounter, "--database", url, "--runs", "40", "--workers", "1", "--json"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["encounter"] == encounter and summary["runs"] == 40
    names = [c["name"] for c in summary["combatants"]]
    assert names == ["Druid", "Scout", "Rusher", "Raptor 4"]
    party = next(s for s in summary["sides"] if s["side"] == "party")
    assert party["probability"] >= 0.9  # three against one raptor on its last Vitality
    demo_run = runner.invoke(app, ["sim", "momentum", "--runs", "40", "--workers", "1", "--json"])
    assert len(json.loads(demo_run.stdout)["combatants"]) == 7  # the file's fight is not it


def test_sim_validates_the_stored_fight_as_it_stands(tmp_path: Path) -> None:
    url, encounter = stored_duel(tmp_path)
    arguments = ["sim", encounter, "--database", url, "--runs", "40", "--workers", "1"]
    result = runner.invoke(app, [*arguments, "--validate", "--json"])
    found = json.loads(result.stdout)
    assert result.exit_code == (0 if found["agrees"] else 1), result.output
    assert found["encounter"] == encounter and found["runs"] == 40
    assert [f["figure"] for f in found["figures"]][:2] == ["party win rate", "raptors win rate"]


def test_sim_goes_on_from_a_started_fight(tmp_path: Path) -> None:
    url, encounter = stored_duel(tmp_path)
    store = Store(url)
    assert Tracked(store, encounter).run("start").ok
    store.close()
    arguments = ["sim", encounter, "--database", url, "--runs", "10", "--workers", "1", "--json"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert sum(s["wins"] for s in json.loads(result.stdout)["sides"]) == 10


def test_odds_of_an_action_in_the_stored_fight(tmp_path: Path) -> None:
    """Raptor 4 is as in the demo, so the Scout's odds against it are the demo's; Raptor 1 was
    removed from the stored fight, so it cannot be attacked there."""
    url, encounter = stored_duel(tmp_path)
    store = Store(url)
    before = store.export(encounter)
    command = "Scout: attack raptor-4 -with dagger"
    result = runner.invoke(app, ["odds", encounter, command, "--database", url, "--json"])
    assert result.exit_code == 0, result.output
    stored = json.loads(result.stdout)
    fresh = json.loads(runner.invoke(app, ["odds", "momentum", command, "--json"]).stdout)
    assert stored["exact"] and stored["outcomes"] == fresh["outcomes"]
    assert stored["damage"] == fresh["damage"]
    gone = ["odds", encounter, "Scout: attack raptor-1 -with dagger", "--database", url]
    result = runner.invoke(app, gone)
    assert result.exit_code == 2 and "raptor-1" in result.stderr
    assert store.export(encounter) == before  # asking changed nothing stored
    store.close()


def test_an_id_that_names_nothing_is_one_line_and_exit_2(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    for command in (["sim", "deadbeef"], ["odds", "deadbeef", "attack raptor-1"]):
        result = runner.invoke(app, [*command, "--database", url])
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1
        assert "'deadbeef' is no encounter file, no ruleset" in result.stderr
        assert "no encounter stored in sqlite:///" in result.stderr


def test_the_analysis_commands_do_not_import_the_store() -> None:
    code = "import sys, fracas.cli.analysis; print('fracas.store' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"

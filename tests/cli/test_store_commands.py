"""``fracas list``, ``resume``, ``export`` and ``import`` on a real SQLite store."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fracas.cli import app
from fracas.store import Store, Tracked
from tests.store.conftest import demo

runner = CliRunner()


def test_export_import_list_and_resume(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    Tracked(store, encounter).run("start")

    exported = runner.invoke(app, ["export", encounter, "--database", url])
    assert exported.exit_code == 0, exported.output
    fight = tmp_path / "fight.json"
    fight.write_text(exported.stdout)
    assert json.loads(exported.stdout) == store.export(encounter)

    imported = runner.invoke(app, ["import", str(fight), "--database", url])
    assert imported.exit_code == 0, imported.output
    copy = imported.stdout.strip()
    assert store.export(copy) == store.export(encounter)

    listed = runner.invoke(app, ["list", "--database", url])
    assert encounter in listed.stdout and copy in listed.stdout
    assert "Surrounded by raptors" in listed.stdout

    resumed = runner.invoke(
        app, ["resume", copy, "--database", url], input="attack raptor-1 -with shortbow\nundo\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert "Scout attacks Raptor 1" in resumed.stdout and "Undone" in resumed.stdout
    assert len(store.load(copy).session.encounter.undone) == 1  # both changes were committed
    store.close()


def test_bad_ids_and_files_are_one_line_errors(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    for command in (["export", "nope"], ["resume", "nope"], ["import", str(tmp_path / "x.json")]):
        result = runner.invoke(app, [*command, "--database", url])
        assert result.exit_code == 2
        assert result.stderr.startswith("fracas: error: ") and result.stderr.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fracas-encounter", "version": 1, "ruleset": "nope"}')
    result = runner.invoke(app, ["import", str(bad), "--database", url])
    assert result.exit_code == 2 and "nope" in result.stderr
    assert Store(url).summaries() == []

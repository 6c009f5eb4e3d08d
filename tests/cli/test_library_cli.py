"""``fracas library``: list, show and check the stat blocks, with exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.library import ENVIRONMENT

OGRE = "name: Ogre\nruleset: momentum\nfrom: rusher\nside: ogres\nsheet: {vitality: 40}\n"
RAPTOR = "name: Raptor\nruleset: momentum\nfrom: raptor\nsheet: {armor: 3}\n"
BROKEN = "name: Bad\nruleset: momentum\nfrom: raptor\nsheet: {armour: 2, vitality: lots}\n"


@pytest.fixture
def mine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's library: a folder of its own, as FRACAS_LIBRARY."""
    folder = tmp_path / "library"
    folder.mkdir()
    monkeypatch.setenv(ENVIRONMENT, str(folder))
    monkeypatch.setenv("COLUMNS", "200")
    return folder


def test_the_list_shows_every_ruleset_and_marks_the_users_entries(mine: Path) -> None:
    (mine / "ogre.yaml").write_text(OGRE, encoding="utf-8")
    (mine / "raptor.yaml").write_text(RAPTOR, encoding="utf-8")
    result = CliRunner().invoke(app, ["library", "momentum"])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.strip("│ ").split()) for line in result.output.splitlines()]
    assert "Ogre │ momentum │ ogres │ Vitality 40, Armor 3, NM 6 │ user:" in lines  # its file below
    assert any(
        line.startswith(
            "Raptor │ momentum │ raptors │ Vitality 14, Armor 3, NM 0 │ user (shadows built-in)"
        )
        for line in lines
    )
    assert "Raptor alpha │ momentum │ raptors │ Vitality 20, Armor 2, NM 0 │ built-in" in lines
    assert "Bandit" not in result.output


def test_the_list_as_json_reports_broken_files_with_every_error(mine: Path) -> None:
    (mine / "bad.yaml").write_text(BROKEN, encoding="utf-8")
    result = CliRunner().invoke(app, ["library", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {e["ruleset"] for e in data["entries"]} == {
        "dbu",
        "kaiser",
        "kingsdale",
        "lurasko",
        "momentum",
    }
    kora = next(e for e in data["entries"] if e["name"] == "Kora")
    assert kora["numbers"] == {"Tier": 2, "LP": 60, "KP": 50, "Speed": 6}
    assert kora["origin"] == "built-in" and "dbu/demo.yaml" in kora["source"]
    (broken,) = data["broken"]
    assert broken["file"] == str(mine / "bad.yaml")
    assert [(e["line"], e["column"], e["path"], e["message"]) for e in broken["errors"]] == [
        (4, 9, "sheet.armour", "unknown field (did you mean armor?)"),
        (4, 30, "sheet.vitality", 'expected an integer, got "lots"'),
    ]


def test_show_prints_one_entry_resolved_with_its_source(mine: Path) -> None:
    result = CliRunner().invoke(app, ["library", "show", "rap", "alpha"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Raptor alpha (momentum)\n")
    assert "builds on: raptor\n" in result.output
    assert "  vitality: 20\n" in result.output and "  - name: Claws\n" in result.output
    shown = CliRunner().invoke(app, ["library", "show", "chief", "--json"])
    data = json.loads(shown.output)
    assert (data["name"], data["sheet"]["life_points"]) == ("Bandit Chief", 100)
    unknown = CliRunner().invoke(app, ["library", "show", "dragon", "--ruleset", "momentum"])
    assert unknown.exit_code == 2
    assert 'unknown library entry "dragon"' in unknown.output


def test_check_exits_one_and_prints_every_error(mine: Path, tmp_path: Path) -> None:
    (mine / "ogre.yaml").write_text(OGRE, encoding="utf-8")
    assert CliRunner().invoke(app, ["library", "check"]).exit_code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "bad.yaml").write_text(BROKEN, encoding="utf-8")
    (other / "readme.txt").write_text("notes", encoding="utf-8")
    result = CliRunner().invoke(app, ["library", "check", str(other)])
    assert result.exit_code == 1
    bad = other / "bad.yaml"
    assert f"{bad}:4:9: sheet.armour: unknown field (did you mean armor?)" in result.output
    assert f'{bad}:4:30: sheet.vitality: expected an integer, got "lots"' in result.output
    assert "readme.txt: not a library entry" in result.output
    assert "0 entries ok, 2 broken files (3 errors)" in result.output
    missing = CliRunner().invoke(app, ["library", "check", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2

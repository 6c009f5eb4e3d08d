"""The ``fracas`` command, end to end, on the toy rule system loaded through FRACAS_RULESETS."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.app import rulesets
from fracas.app.files import load_session
from fracas.app.rulesets import ENVIRONMENT
from fracas.cli.app import app
from fracas.engine import registry
from fracas.engine.action import CombatantId
from tests.cli.toyrules import DemoToy

BO = CombatantId("bo")

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.cli.toyrules:DemoToy"

ENCOUNTER = """\
ruleset: toy
name: Back-alley brawl
combatants:
  - name: Ada
    side: heroes
    sheet: {speed: 9}
  - name: Bo
    side: villains
    sheet: {speed: 5, hp: 12}
"""

SCRIPT = """\
# Ada against Bo
encounter: brawl.yaml
start
punch bo
pnuch bo        # a typo: the script goes on
punch bo
end
Bo: punch ada
roll 1d20+2
"""

TRANSCRIPT = """\
# Back-alley brawl (toy), seed 1
> start
Ada's initiative is 9
Bo's initiative is 5
Round 1 begins: Ada (9), Bo (5)
Ada's turn
[to Ada] Round 1: your turn, Ada (AP 2/2, HP 10/10).
> punch bo
Ada spends 1 AP (punch)
Punched: attacker=Ada, target=Bo, face=4
Bo HP \u22124 (12 \u2192 8)
> pnuch bo        # a typo: the script goes on
error: unknown command "pnuch" (did you mean punch?)
> punch bo
Ada spends 1 AP (punch)
Punched: attacker=Ada, target=Bo, face=6
Bo HP \u22126 (8 \u2192 2)
> end
End of Ada's turn
Bo's turn
[to Bo] Round 1: your turn, Bo (AP 2/2, HP 2/12).
> Bo: punch ada
Bo spends 1 AP (punch)
Punched: attacker=Bo, target=Ada, face=3
Ada HP \u22123 (10 \u2192 7)
> roll 1d20+2
The game master rolls: 1d20 (17) + 2 = 19
"""


@pytest.fixture(autouse=True)
def toy_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, TOY)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder holding brawl.yaml and fight.txt; the current folder during the test."""
    (tmp_path / "brawl.yaml").write_text(ENCOUNTER, encoding="utf-8")
    (tmp_path / "fight.txt").write_text(SCRIPT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


runner = CliRunner()


def test_run_prints_the_transcript_and_fails_when_a_command_failed(folder: Path) -> None:
    result = runner.invoke(app, ["run", "fight.txt", "--seed", "1", "--dice", "4,6,3,17"])
    assert result.stdout == TRANSCRIPT
    assert result.exit_code == 1


def test_run_succeeds_when_every_command_did(folder: Path) -> None:
    script = folder / "ok.txt"
    script.write_text("encounter: brawl.yaml\nstart\npunch bo !2\nstatus\n", encoding="utf-8")
    result = runner.invoke(app, ["run", str(script), "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "Bo HP \u22122 (12 \u2192 10)" in result.stdout
    assert "> Ada  heroes    init   9  AP 1/2, HP 10/10" in result.stdout


def test_run_json_prints_a_save_that_resumes(folder: Path) -> None:
    result = runner.invoke(app, ["run", "fight.txt", "--seed", "1", "--dice", "4,6,3,17", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["format"] == "fracas-encounter" and data["name"] == "Back-alley brawl"
    assert data["ruleset"] == "toy" and data["seed"] == 1 and len(data["steps"]) == 8
    assert 'unknown command "pnuch"' in result.stderr
    saved = folder / "saved.json"
    saved.write_text(result.stdout, encoding="utf-8")
    session = load_session(saved, find=rulesets.find)
    assert session.state[BO].pools["HP"].current == 2


def test_run_waits_for_typed_dice_on_the_next_line(folder: Path) -> None:
    script = folder / "dice.txt"
    script.write_text("encounter: brawl.yaml\nstart\npunch bo\n5\n", encoding="utf-8")
    result = runner.invoke(app, ["run", str(script), "--typed-dice"])
    assert result.exit_code == 0, result.output
    assert "punch bo: roll a d6 and type its face\n> 5\nAda spends 1 AP" in result.stdout


def test_run_fails_when_the_script_ends_waiting_for_dice(folder: Path) -> None:
    script = folder / "dice.txt"
    script.write_text("encounter: brawl.yaml\nstart\npunch bo\n", encoding="utf-8")
    result = runner.invoke(app, ["run", str(script), "--typed-dice"])
    assert result.exit_code == 1
    assert "error: punch bo: the script ended waiting for a d6" in result.stdout


def test_run_on_an_empty_encounter_of_a_ruleset(folder: Path) -> None:
    script = folder / "empty.txt"
    script.write_text(
        "ruleset: punches\nadd Ada heroes '{speed: 2}'\nadd Bo villains Ada\nstart\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["run", str(script), "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Round 1 begins: Ada (2), Bo (2)" in result.stdout


def test_the_encounter_option_wins_over_the_script(folder: Path) -> None:
    other = folder / "other.yaml"
    other.write_text(ENCOUNTER.replace("Back-alley brawl", "Other fight"), encoding="utf-8")
    result = runner.invoke(app, ["run", "fight.txt", "--encounter", str(other), "--seed", "1"])
    assert result.stdout.startswith("# Other fight (toy), seed 1\n")


def test_run_saves_after_every_step(folder: Path) -> None:
    result = runner.invoke(app, ["run", "fight.txt", "--seed", "1", "--save", "out.json"])
    assert result.exit_code == 1
    session = load_session(folder / "out.json", find=rulesets.find)
    assert len(session.encounter.steps) == 8


@pytest.mark.parametrize(
    ("arguments", "files", "message"),
    [
        (["run", "missing.txt"], {}, "missing.txt: cannot read the script"),
        (["run", "s.txt"], {"s.txt": "start\n"}, "no encounter: give an encounter file"),
        (
            ["run", "s.txt"],
            {"s.txt": "encounter: nowhere.yaml\n"},
            "nowhere.yaml: cannot read file",
        ),
        (
            ["run", "s.txt"],
            {"s.txt": "encounter: e.yaml\n", "e.yaml": "ruleset: chess\nname: x\ncombatants: []\n"},
            "e.yaml:1:10: ruleset: no ruleset called 'chess'",
        ),
        (
            ["run", "s.txt"],
            {"s.txt": "encounter: e.yaml\n", "e.yaml": "ruleset: toy\nname: [unclosed\n"},
            "e.yaml:3:1:",
        ),
        (["run", "s.txt", "--ruleset", "chess"], {"s.txt": ""}, "no ruleset called 'chess'"),
        (["run", "s.txt", "--ruleset", "toy", "--dice", "x"], {"s.txt": ""}, "--dice: 'x'"),
        (["play", "--load", "nothing.json"], {}, "nothing.json: cannot read file"),
        (["play", "bad.json", "--load", "x.json"], {"bad.json": ""}, "give only one of"),
        (["play", "--demo", "chess"], {}, "no ruleset called 'chess'"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    folder: Path, arguments: list[str], files: dict[str, str], message: str
) -> None:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("fracas: error: ")
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


PLAYED = "start\npunch bo\nhelp punch\nstatus\nsave copy.json\nBo: punch ada\nquit\nend\n"


def test_play_reads_piped_commands_and_autosaves(folder: Path) -> None:
    result = runner.invoke(app, ["play", "brawl.yaml", "--seed", "2", "--dice", "4"], PLAYED)
    out = result.stdout
    assert "saving to back-alley-brawl.fracas.json" in out
    assert "> punch bo\nAda spends 1 AP (punch)\nPunched: attacker=Ada, target=Bo, face=4\n" in out
    assert "Back-alley brawl, round 1: Ada's turn" in out
    assert "\u25b6" in out and "HP" in out and "12/12" in out and "8/12" in out
    assert "  Punch someone for 1d6 (1 AP)." in out
    assert "saved to copy.json" in out
    assert "error: punch only on your turn" in out
    assert "> end" not in out  # quit stops reading
    assert result.exit_code == 1  # a piped command failed
    saved = load_session(folder / "back-alley-brawl.fracas.json", find=rulesets.find)
    assert len(saved.encounter.steps) == 4
    copy = load_session(folder / "copy.json", find=rulesets.find)
    assert copy.state == saved.state


def test_play_never_overwrites_an_earlier_autosave(folder: Path) -> None:
    runner.invoke(app, ["play", "brawl.yaml", "--seed", "2"], "start\n")
    result = runner.invoke(app, ["play", "brawl.yaml", "--seed", "2"], "start\n")
    assert result.exit_code == 0
    assert (folder / "back-alley-brawl.fracas.json").exists()
    assert (folder / "back-alley-brawl-2.fracas.json").exists()


def test_play_resumes_a_save_and_keeps_saving_to_it(folder: Path) -> None:
    runner.invoke(app, ["play", "brawl.yaml", "--seed", "2", "--save", "s.json"], "start\n")
    result = runner.invoke(app, ["play", "--load", "s.json", "--dice", "5"], "punch bo\n")
    assert result.exit_code == 0, result.output
    assert "Bo HP \u22125 (12 \u2192 7)" in result.stdout
    resumed = load_session(folder / "s.json", find=rulesets.find)
    assert resumed.state[BO].pools["HP"].current == 7


def test_play_marks_hidden_combatants_for_the_game_master(folder: Path) -> None:
    result = runner.invoke(app, ["play", "--demo", "toy", "--no-save"], "start\n")
    assert result.exit_code == 0, result.output
    assert "Lurker (hidden)" in result.stdout
    assert not list(folder.glob("*.fracas.json"))


def test_play_asks_for_typed_dice(folder: Path) -> None:
    result = runner.invoke(
        app, ["play", "brawl.yaml", "--typed-dice", "--no-save"], "start\npunch bo\n6\n"
    )
    assert result.exit_code == 0, result.output
    assert "punch bo: roll a d6 and type its face\n> 6\nAda spends 1 AP" in result.stdout


def test_rulesets_lists_slug_name_and_aliases() -> None:
    result = runner.invoke(app, ["rulesets"])
    assert result.exit_code == 0
    assert "toy" in result.stdout and "punches" in result.stdout


def test_docs_commands_prints_the_reference() -> None:
    result = runner.invoke(app, ["docs", "commands"])
    assert result.exit_code == 0
    assert result.stdout.startswith("### Session commands\n")
    check = runner.invoke(app, ["docs", "commands", "--check", str(ROOT / "docs" / "commands.md")])
    assert check.exit_code == 0, check.output


def test_help_works() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("play", "run", "rulesets", "docs"):
        assert command in result.stdout


def test_python_m_fracas_runs_a_script(folder: Path) -> None:
    environment = {**os.environ, ENVIRONMENT: TOY, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-m", "fracas", "run", "fight.txt", "--seed", "1", "--dice", "4,6,3,17"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,
        cwd=folder,
        timeout=60,
        check=False,
    )
    assert completed.stdout == TRANSCRIPT
    assert completed.returncode == 1
    assert completed.stderr == ""


def test_python_m_fracas_help() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "fracas", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0
    assert "Usage: fracas" in completed.stdout


def test_the_toy_demo_is_found_by_convention() -> None:
    path = rulesets.demo_path(DemoToy)
    assert path is not None and path.name == "demo.yaml"
    assert rulesets.demo_of("toy") == path


@pytest.mark.skipif(not registry.rulesets(), reason="no ruleset is installed yet")
def test_play_demo_opens_the_first_installed_ruleset_with_a_demo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(ENVIRONMENT)
    monkeypatch.chdir(tmp_path)
    ruleset, _ = rulesets.default_demo()
    result = runner.invoke(app, ["play", "--demo", "--seed", "1"], "start\nend\nstatus\nundo\n")
    assert result.exit_code == 0, result.output
    assert ruleset.descriptor.name in result.stdout
    assert "Round 1 begins" in result.stdout
    assert list(tmp_path.glob("*.fracas.json"))

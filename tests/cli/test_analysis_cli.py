"""``fracas odds`` and ``fracas sim`` end to end: tables, JSON, charts and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.app.rulesets import ENVIRONMENT
from fracas.cli.app import app
from tests.sim.duel import ENCOUNTER as DUEL

TOY = "tests.cli.toyrules:DemoToy"


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv(ENVIRONMENT, TOY)
    monkeypatch.setenv("COLUMNS", "120")
    return CliRunner()


def test_odds_prints_outcomes_and_damage(runner: CliRunner) -> None:
    result = runner.invoke(app, ["odds", "momentum", "Scout: attack raptor-1 -with dagger"])
    assert result.exit_code == 0, result.output
    # the d20 undecided (fracas.dice.undecided): a natural 1, a miss, a hit, a natural 20
    assert "exact, 24 resolutions" in result.output
    assert "critical hit" in result.output and "1/20" in result.output
    assert "damage: mean 0.825" in result.output


def test_odds_as_json_with_exact_fractions(runner: CliRunner) -> None:
    result = runner.invoke(app, ["odds", "toy", "Ada: punch bo", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] is True
    assert data["outcomes"] == {
        "damage": {"fraction": "1/1", "probability": 1.0, "interval": [1.0, 1.0]}
    }
    assert data["damage"]["3"]["fraction"] == "1/6"
    assert data["mean_damage"] == 3.5
    assert data["percentiles"]["50"] == 3


def test_odds_against_a_target_stat_block_with_a_chart(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "knight.yaml").write_text("speed: 4\nhp: 20\n", encoding="utf-8")
    chart = tmp_path / "odds.svg"
    result = runner.invoke(
        app,
        [
            "odds",
            "toy",
            "punch target",
            "--target",
            str(tmp_path / "knight.yaml"),
            "--plot",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    assert chart.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_odds_of_an_exchange_with_follow_ups(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ENVIRONMENT, "tests.sim.duel:Duel")
    encounter = tmp_path / "duel.yaml"
    encounter.write_text(DUEL, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["odds", str(encounter), "Ada: lunge bo", "--then", "Bo: take", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["action"].startswith("Ada: lunge Bo; then Bo: take")
    assert data["damage"] == {"3": {"fraction": "1/1", "probability": 1.0}}


def test_odds_sampled_when_there_are_too_many_ways_to_roll(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["odds", "toy", "Ada: punch bo", "--max-branches", "3", "--samples", "300"]
    )
    assert result.exit_code == 0, result.output
    assert "sampled: 300 runs, not exact (punch: more than 3 ways to roll)" in result.output
    assert "±" in result.output


KAISER_INTENTIONS = (
    "Ceil: intend magic",
    "Thom: intend attack",
    "Bandit 1: intend attack",
    "Bandit 2: intend attack",
    "Shaman: intend magic",
    "end",
)
"""Kaiser's Intention phase, declared in full: attacks are only made in the Action phase."""


def test_odds_after_set_up_commands_through_a_rulesets_phases() -> None:
    """Kaiser's round opens with the Intention phase (SOURCES.md 1.9): nothing is attacked with
    before it ends. Given in full with --before, it is played as typed; left out, the tactics
    declare everyone's Intentions and end it, and the output says so ("settled")."""
    asked = ["odds", "kaiser", "Thom: attack bandit-2", "--samples", "200", "--max-branches", "50"]
    before = [part for command in KAISER_INTENTIONS for part in ("--before", command)]
    typed = CliRunner().invoke(app, [*asked, *before, "--json"])
    assert typed.exit_code == 0, typed.output
    data = json.loads(typed.output)
    assert data["action"].startswith('Thom: attack "Bandit 2"') and data["exact"] is False
    assert data["settled"] == []
    assert set(data["outcomes"]) <= {"hit", "critical", "miss", "tie"}
    settled = CliRunner().invoke(app, [*asked, "--json"])
    assert settled.exit_code == 0, settled.output
    data = json.loads(settled.output)
    assert "Thom: intend attack -with Mace" in data["settled"]
    assert data["settled"][-1] == "end"  # the game master ends the phase for all
    assert data["action"].endswith('then Thom: attack "Bandit 2" (kaiser)')
    wrong = CliRunner().invoke(app, [*asked, "--before", "Thom: fly"])
    assert wrong.exit_code == 2 and "--before 'Thom: fly'" in wrong.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["odds", "toy", "Ada: kick bo"], "kick"),
        (["odds", "toy", "Bo: punch ada", "--plot", "x.gif"], ".png or .svg"),
        (["odds", "nonesuch", "punch bo"], "no ruleset called 'nonesuch'"),
        (["sim", "toy", "--runs", "0"], "--runs must be at least 1"),
        (["sim", "toy", "--workers", "2", "--cluster", "tcp://x:1"], "not both"),
        (["sim", "toy", "--runs", "2", "--cluster", "no-port"], "--cluster no-port: "),
        (["sim", "toy", "--workers", "2", "--policy", "os:path"], "policy 'os:path': "),
        (["sim", "toy", "--policy", "tests.sim.test_sim:Passive"], "policy 'tests.sim"),
        (["sim", "toy", "--policy", "builtins:str"], "is not a policy"),
        (["sim", "toy", "--max-rounds", "0"], "--max-rounds must be at least 1"),
        (["sim", "nowhere.yaml", "--plot", "x.gif"], "x.gif: a chart is written as .png"),
        (["sim", "nowhere.yaml", "--plot", "no/such/dir/sim.png"], "no folder no/such/dir"),
        (["odds", "nowhere.yaml", "punch", "--plot", "no/dir/x.svg"], "no folder no/dir"),
        (["odds", "toy", "Ada: punch bo", "--then", "Bo: kick"], "--then 'Bo: kick': "),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    runner: CliRunner, arguments: list[str], message: str
) -> None:
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2
    assert result.output.startswith("fracas: error: ") and result.output.count("\n") == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_sim_prints_win_odds_rounds_and_damage(runner: CliRunner) -> None:
    result = runner.invoke(app, ["sim", "toy", "--runs", "20", "--workers", "1", "--seed", "4"])
    assert result.exit_code == 0, result.output
    for text in ("heroes", "villains", "95 % interval", "rounds: mean", "dealt / fight", "Ada"):
        assert text in result.output


def test_sim_json_is_the_same_on_one_or_two_workers(runner: CliRunner, tmp_path: Path) -> None:
    chart = tmp_path / "sim.png"
    outputs = []
    for workers in ("1", "2"):
        result = runner.invoke(
            app,
            [
                "sim",
                "toy",
                "--runs",
                "16",
                "--seed",
                "9",
                "--workers",
                workers,
                "--json",
                "--plot",
                str(chart),
            ],
        )
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(result.output))
    assert outputs[0] == outputs[1]
    assert outputs[0]["runs"] == 16
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_dbu_odds_answer_a_waiting_effect_phase_and_say_so() -> None:
    """Seed dbu (Effect Phase): 'You can decide the order in which they activate': Sena's
    phase waits for her order when her turn comes; the odds answer it as the dbu tactics do
    (``phases auto``) instead of refusing the attack, and print that they did."""
    before = [
        "--before",
        "effect sena Shaken -rounds 0 -until start",
        "--before",
        'effect sena "Powered Up" -rounds 0 -until start',
    ]
    asked = ["odds", "dbu", "Sena: attack saibaman-1", "--max-branches", "5", "--samples", "30"]
    result = CliRunner().invoke(app, [*asked, *before, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["settled"] == ["Sena: phases auto"]
    assert data["action"].startswith('Sena: phases auto; then Sena: attack "Saibaman 1"')
    table = CliRunner().invoke(app, [*asked, *before])
    assert table.exit_code == 0 and "Sena: phases auto; then Sena: attack" in table.output


def test_sampled_odds_as_json_carry_each_outcomes_interval() -> None:
    """The table gives a sampled probability with its 95 % interval; the JSON gives it too."""
    asked = ["odds", "momentum", "Rusher: attack raptor-2 -adv", "--max-branches", "10"]
    result = CliRunner().invoke(app, [*asked, "--samples", "400", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] is False and data["samples"] == 400
    assert set(data["outcomes"]) >= {"hit", "miss"}
    for outcome in data["outcomes"].values():
        low, high = outcome["interval"]
        assert low < outcome["probability"] < high
    exact = json.loads(CliRunner().invoke(app, [*asked[:3], "--json"]).output)
    hit = exact["outcomes"]["hit"]
    assert hit["interval"] == [hit["probability"], hit["probability"]]

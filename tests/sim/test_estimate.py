"""The difficulty estimate: played in chunks until every side's odds are known to ±5 %, or its
time budget is spent; the same figures ``fracas sim`` gives for the same fights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.cli.app import app
from fracas.errors import FracasError
from fracas.sim.estimate import (
    BUDGET_SPENT,
    CHUNK,
    PRECISE,
    Headway,
    estimate,
    study_of,
    widest,
)
from fracas.sim.report import summarize
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.study.mode import STUDY, forget, plans_built
from fracas.store import Store, Tracked

KAISER = str(demo_of("kaiser"))


def test_it_stops_at_the_first_chunk_where_every_side_is_known_to_5_percent() -> None:
    heard: list[Headway] = []
    found = estimate(study_of(KAISER, seed=3), workers=1, told=heard.append, budget=600)
    assert found.stopped == PRECISE and found.margin <= 0.05
    assert found.fights % CHUNK == 0
    assert [h.fights for h in heard] == list(range(CHUNK, found.fights + 1, CHUNK))
    setup = loaded(KAISER)[1]
    same = simulate(Study(KAISER, found.fights, 3), workers=1)
    summary = summarize(same, setup, encounter=KAISER, seed=3, policy="tactics")
    assert found.sides == summary.sides  # fracas sim's own figures for the same fights
    one_chunk_fewer = simulate(Study(KAISER, found.fights - CHUNK, 3), workers=1)
    earlier = summarize(one_chunk_fewer, setup, encounter=KAISER, seed=3, policy="tactics")
    assert widest(earlier) > 0.05
    for fall in found.falls:
        down = sum(fall.id not in r.survivors for r in same)
        assert fall.chance == down / found.fights
    chances = [fall.chance for fall in found.falls]
    assert chances == sorted(chances, reverse=True)
    assert {fall.name for fall in found.falls} == {c.name for c in setup}
    low, high = found.rounds_spread
    assert low <= found.rounds_median <= high


def test_two_workers_give_the_same_estimate_as_one() -> None:
    alone = estimate(study_of(KAISER, seed=5), workers=1, budget=600)
    shared = estimate(study_of(KAISER, seed=5), workers=2, budget=600)
    assert (alone.fights, alone.sides, alone.falls) == (shared.fights, shared.sides, shared.falls)
    assert (alone.rounds_median, alone.rounds_spread) == (
        shared.rounds_median,
        shared.rounds_spread,
    )


def test_a_spent_budget_stops_it_after_the_chunk_playing() -> None:
    heard: list[Headway] = []
    found = estimate(study_of(str(demo_of("momentum"))), workers=1, budget=1e-6, told=heard.append)
    assert found.stopped == BUDGET_SPENT
    assert found.fights == CHUNK and len(heard) == 1
    assert found.margin > 0.05 and heard[0].margin == found.margin


def test_the_command_on_a_stored_encounter_as_it_stands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(open_encounter(KAISER, seed=1))
    assert Tracked(store, encounter).run("remove shaman").ok
    store.close()
    runner = CliRunner()
    arguments = ["estimate", encounter, "--database", url, "--workers", "1", "--json"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["encounter"] == encounter and found["stopped"] == PRECISE
    assert found["fights"] >= CHUNK and found["margin"] <= 0.05
    assert "Shaman" not in {fall["name"] for fall in found["falls"]}
    table = runner.invoke(app, ["estimate", "kaiser", "--workers", "1"])
    assert table.exit_code == 0, table.output
    assert "stopped: every side's odds known to ±5%" in table.stdout
    assert "most likely to fall" in table.stdout


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    for arguments in (["kaiser", "--budget", "0"], ["nothing-here", "--database", url]):
        result = runner.invoke(app, ["estimate", *arguments])
        assert result.exit_code == 2
        assert result.stderr.startswith("fracas: error: ") and result.stderr.count("\n") == 1


def test_its_seconds_include_study_mode_s_set_up() -> None:
    forget()  # the plan is built afresh, as in a new process
    found = estimate(study_of(str(demo_of("momentum")), seed=2), workers=1, budget=600)
    assert found.mode == STUDY
    assert 0 < found.setup_seconds < found.seconds
    built = plans_built()
    again = estimate(study_of(str(demo_of("momentum")), seed=2), workers=1, budget=600)
    assert plans_built() == built  # the plan built once per process
    assert 0 < again.setup_seconds < again.seconds
    assert found.to_json()["setup_seconds"] == found.setup_seconds


def test_a_fight_of_one_side_is_refused_with_its_side_named(tmp_path: Path) -> None:
    """'each side's chance to win' (the estimate) needs two sides: the Kaiser demo with its
    bandits removed is refused before a fight is played, by the API's function and the
    command alike."""
    session = open_encounter(KAISER, seed=1)
    for bandit in ("bandit-1", "bandit-2", "shaman"):
        assert session.run(f"remove {bandit}").ok
    assert {c.side for c in session.state} == {"party"}
    study = study_of(KAISER, 1, json.dumps(session.save()))
    with pytest.raises(FracasError, match="everyone in the fight is on side 'party'"):
        estimate(study, workers=1)
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(session)
    store.close()
    result = CliRunner().invoke(app, ["estimate", encounter, "--database", url])
    assert result.exit_code == 2
    assert result.stderr == (
        "fracas: error: everyone in the fight is on side 'party': an estimate weighs two sides"
        " against each other, so put someone on another side\n"
    )

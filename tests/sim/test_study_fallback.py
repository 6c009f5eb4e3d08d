"""``--mode auto`` falls back to the engine when study mode meets, mid-study, a fight it cannot
mirror; study modes are found through the ``fracas.studies`` entry points (issue 21)."""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from dataclasses import asdict, replace
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fracas.app.rulesets import ENVIRONMENT as RULESETS
from fracas.cli.app import app
from fracas.cli.estimate import played_words
from fracas.errors import FracasError
from fracas.sim.estimate import CHUNK, Headway, estimate, study_of
from fracas.sim.runner import Study, simulate
from fracas.sim.study import dbu, kaiser, kingsdale, lurasko, momentum, registry
from fracas.sim.study.mode import AUTO, ENGINE, STUDY, decide, forget, plan_of, played
from fracas.sim.study.table import Unmirrorable
from tests.sim import bully

BULLY = str(Path(__file__).parent / "encounters" / "bully.yaml")
REASON = "Bo's punch on Ada takes differently at 1 HP: the tables' key leaves it out"
FELL_BACK = f"study mode met a fight it cannot play, mid-study: {REASON}"


@pytest.fixture
def bullies(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bully ruleset and its study mode, loaded from this directory (``bully.py``)."""
    monkeypatch.setenv(RULESETS, bully.RULESETS)
    monkeypatch.setenv(registry.ENVIRONMENT, bully.STUDIES)
    forget()
    yield
    forget()


def test_the_five_study_modes_are_found_through_their_entry_points() -> None:
    found = {slug: registry.planner(slug) for slug in ("dbu", "kaiser", "kingsdale", "lurasko")}
    assert found == {
        "dbu": dbu.plan,
        "kaiser": kaiser.plan,
        "kingsdale": kingsdale.plan,
        "lurasko": lurasko.plan,
    }
    assert registry.planner("momentum") is momentum.plan
    assert registry.planner("toy") is None


def test_fracas_studies_adds_a_study_mode_and_refuses_a_bad_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(registry.ENVIRONMENT, f" {bully.STUDIES} ,")
    assert registry.planner("bully") is bully.plan
    monkeypatch.setenv(registry.ENVIRONMENT, "bully=tests.sim.bully:BULLIES")
    with pytest.raises(FracasError, match=r"bully=tests.sim.bully:BULLIES is not a function"):
        registry.planner("bully")
    monkeypatch.setenv(registry.ENVIRONMENT, "bully=tests.sim.nowhere:plan")
    with pytest.raises(FracasError, match=r"FRACAS_STUDIES: cannot load bully=tests.sim.nowh"):
        registry.planner("bully")
    monkeypatch.setenv(registry.ENVIRONMENT, "tests.sim.bully:plan")
    with pytest.raises(FracasError, match=r"'tests.sim.bully:plan' is not slug=module:function"):
        registry.planner("bully")


def test_an_installed_study_mode_wins_over_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    installed = EntryPoint("bully", "tests.sim.bully:plan", registry.GROUP)
    monkeypatch.setattr(
        registry, "entry_points", lambda group, name: [installed] if name == "bully" else []
    )
    monkeypatch.setenv(registry.ENVIRONMENT, "bully=fracas.sim.study.momentum:plan")
    assert registry.planner("bully") is bully.plan


def _sim(*asked: str) -> Any:
    result = CliRunner().invoke(app, ["sim", BULLY, "--runs", "60", "--seed", "4", *asked])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _figures(report: dict[str, Any]) -> dict[str, Any]:
    """A report's figures, without the mode that played them."""
    return {k: v for k, v in report.items() if k not in {"mode", "mode_why"}}


def test_auto_plays_the_whole_study_again_by_the_engine_and_says_why(bullies: None) -> None:
    study = Study(BULLY, runs=60, seed=4)
    assert decide(study, AUTO).mode == STUDY  # the plan fits: what study mode meets is later
    fast = _sim("--workers", "1", "--json")
    # the third fight was the first to have Bo punch: two fights' one table was filled by then
    assert plan_of(BULLY, None, None, "tactics").describe() == (
        "1 of 2 attack tables filled from 14 rule resolutions as the fights needed them"
    )
    assert (fast["mode"], fast["mode_why"]) == (ENGINE, FELL_BACK)
    slow = _sim("--workers", "1", "--json", "--mode", "engine")
    assert (slow["mode"], slow["mode_why"]) == (ENGINE, "asked for")
    assert _figures(fast) == _figures(slow)
    assert sum(side["wins"] for side in fast["sides"]) == 60


def test_the_fallback_is_the_same_on_two_worker_processes(bullies: None) -> None:
    shared = _sim("--workers", "2", "--json")
    assert (shared["mode"], shared["mode_why"]) == (ENGINE, FELL_BACK)
    assert _figures(shared) == _figures(_sim("--workers", "1", "--json", "--mode", "engine"))


def test_what_a_worker_process_meets_comes_back_as_unmirrorable(bullies: None) -> None:
    met = Unmirrorable(REASON)
    again = pickle.loads(pickle.dumps(met))
    assert type(again) is Unmirrorable and str(again) == REASON
    study = Study(BULLY, runs=60, seed=4, mode=STUDY)
    with pytest.raises(Unmirrorable, match="Bo's punch on Ada takes differently"):
        simulate(study, workers=2)
    decision, results = played(study, AUTO, lambda s: simulate(s, workers=2))
    assert decision.mode == ENGINE
    assert results == simulate(replace(study, mode=ENGINE), workers=1)


def test_the_report_names_why_the_engine_played(bullies: None) -> None:
    result = CliRunner().invoke(app, ["sim", BULLY, "--runs", "30", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert f"mode: engine ({FELL_BACK})" in " ".join(result.output.split())


@pytest.mark.parametrize("asked", [["--mode", "study"], ["--validate"]])
def test_asked_for_study_mode_it_is_a_clear_error(bullies: None, asked: list[str]) -> None:
    result = CliRunner().invoke(app, ["sim", BULLY, "--runs", "60", "--workers", "1", *asked])
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert f"study mode cannot play this fight: {REASON}" in result.output
    assert "Traceback" not in result.output


def test_the_estimate_falls_back_and_gives_the_engine_s_figures(
    bullies: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = estimate(study_of(BULLY, seed=2), workers=1, budget=600)
    assert (found.mode, found.mode_why) == (ENGINE, FELL_BACK)
    monkeypatch.delenv(registry.ENVIRONMENT)  # no study mode: the engine from the start
    forget()
    engine = estimate(study_of(BULLY, seed=2), workers=1, budget=600)
    assert engine.mode_why.startswith("study mode cannot play it: study mode has no lean loop")
    assert found.stopped == engine.stopped == "precise"
    kept = ("fights", "sides", "rounds_median", "rounds_spread", "falls", "margin")
    assert {k: asdict(found)[k] for k in kept} == {k: asdict(engine)[k] for k in kept}


def test_the_estimate_s_progress_tells_the_fall_back_and_counts_the_engine_s_fights(
    bullies: None,
) -> None:
    heard: list[Headway] = []
    found = estimate(study_of(BULLY, seed=1), workers=1, budget=600, told=heard.append)
    # seed 1: study mode played two chunks; the third met Bo punching (its first fight to)
    told = [(h.fights, h.mode, h.fell_back) for h in heard[:3]]
    assert told == [(10, STUDY, ""), (20, STUDY, ""), (0, ENGINE, FELL_BACK)]
    assert heard[2].margin == 1.0  # told at once, before the engine's first chunk
    engine = heard[3:]
    assert [h.fights for h in engine] == list(range(CHUNK, found.fights + 1, CHUNK))
    assert {(h.mode, h.fell_back) for h in engine} == {(ENGINE, FELL_BACK)}
    assert (found.mode, found.mode_why) == (ENGINE, FELL_BACK)
    seconds = [h.seconds for h in heard]
    assert seconds == sorted(seconds)  # the budget's clock runs on from the start
    assert played_words(heard[1]) == "20 fights (study)"
    assert played_words(heard[-1]) == (
        f"{found.fights} fights by the engine, again from the first (study mode fell back)"
    )


def test_a_cluster_s_unmirrorable_falls_back_too(bullies: None) -> None:
    distributed = pytest.importorskip("distributed")
    study = Study(BULLY, runs=40, seed=4)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        decision, results = played(study, AUTO, lambda s: simulate(s, cluster=address))
    assert (decision.mode, decision.why) == (ENGINE, FELL_BACK)
    assert results == simulate(replace(study, mode=ENGINE), workers=1)


HOLY = str(Path(__file__).parent / "encounters" / "momentum_holy.yaml")
HOLY_REASON = "Paladin's attack on Raptor 1 takes differently at 1 Vitality"


def test_a_momentum_fight_whose_holy_hits_read_vitality_falls_back_mid_study() -> None:
    """Seed: "Holy damage is non-lethal against biological creatures ..."; "You cannot drop the
    Vitality of a creature below an amount that would kill them with a non-lethal attack." So a
    holy hit bigger than a raptor's 14 Vitality takes less from one at 1 Vitality than from one
    unhurt: the Paladin's table, filled in the first fight, cannot leave Vitality out."""
    forget()
    assert decide(Study(HOLY, runs=40, seed=1), AUTO).mode == STUDY
    asked = ["sim", HOLY, "--runs", "40", "--seed", "1", "--workers", "1", "--json"]
    fast = json.loads(CliRunner().invoke(app, asked).output)
    assert fast["mode"] == ENGINE
    assert fast["mode_why"].startswith(
        f"study mode met a fight it cannot play, mid-study: {HOLY_REASON}"
    )
    slow = json.loads(CliRunner().invoke(app, [*asked, "--mode", "engine"]).output)
    assert _figures(fast) == _figures(slow)
    assert sum(side["wins"] for side in fast["sides"]) == 40
    refused = CliRunner().invoke(app, [*asked, "--mode", "study"])
    assert refused.exit_code == 2
    assert f"study mode cannot play this fight: {HOLY_REASON}" in refused.output

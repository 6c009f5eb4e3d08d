"""``--cluster``: the same study on a real Dask scheduler and worker (in this process, to keep
the test quick; the runs travel through Dask as they would to remote workers)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from fracas.app.rulesets import demo_of
from fracas.errors import FracasError
from fracas.sim import runner
from fracas.sim.runner import Study, run_chunk, simulate

distributed = pytest.importorskip("distributed")


def test_a_dask_cluster_gives_the_same_fights_as_local_workers() -> None:
    study = Study(str(demo_of("momentum")), runs=12, seed=5)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        done: list[int] = []
        on_cluster = simulate(study, cluster=cluster.scheduler_address, progress=done.append)
    assert on_cluster == simulate(study, workers=1)
    assert sum(done) == 12


def test_workers_read_the_encounter_from_the_study_not_the_file(tmp_path: Path) -> None:
    """What a cluster worker does: the file is gone, its contents came with the study."""
    copy = tmp_path / "fight.yaml"
    copy.write_text(demo_of("momentum").read_text(encoding="utf-8"), encoding="utf-8")
    text = copy.read_text(encoding="utf-8")
    study = Study(str(copy), runs=4, seed=2)
    expected = run_chunk(study, 0, 4)
    copy.unlink()
    assert run_chunk(replace(study, text=text), 0, 4) == expected


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", "1s")
    study = Study(str(demo_of("momentum")), runs=2)
    with pytest.raises(FracasError, match="cannot reach the scheduler"):
        simulate(study, cluster="tcp://127.0.0.1:9")


def _rules_imported() -> list[str]:
    return sorted(name for name in sys.modules if name.endswith(".ruleset"))


def test_a_worker_preloading_the_runner_imports_the_rulesets_as_it_starts() -> None:
    """``dask worker --preload fracas.sim.runner`` (docs/analysis.md): the worker, a process of
    its own, has every installed ruleset imported before it is sent any study."""
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            preload=["fracas.sim.runner"],
        ) as cluster,
        distributed.Client(cluster.scheduler_address) as client,
    ):
        (imported,) = client.run(_rules_imported).values()
    for slug in ("dbu", "kaiser", "kingsdale", "lurasko", "momentum"):
        assert f"fracas.rules.{slug}.ruleset" in imported

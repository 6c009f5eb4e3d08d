"""Issue 19, item 1, on the command line: every ``--seed`` takes 0 to 2**63 - 1 (what a store's
signed 64-bit column keeps) and a save read by ``fracas import`` or ``--load`` holds its seed and
setup to the same; anything else is exit 2 with one line naming the field, and nothing stored.
``fracas new --seed 2**63`` and ``fracas import`` of such a save used to end in a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.seeds import MAX_SEED
from fracas.store import Store
from tests.store.conftest import demo

runner = CliRunner()


def stored(url: str) -> int:
    """How many encounters the store at ``url`` holds."""
    store = Store(url)
    try:
        return len(store.summaries())
    finally:
        store.close()


def refusal(arguments: list[str]) -> str:
    """The error line of a command refused before it ran."""
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2, result.output
    return result.output.strip().splitlines()[-1]


@pytest.mark.parametrize("seed", [str(MAX_SEED + 1), "-1"])
@pytest.mark.parametrize(
    "command",
    [
        ["new", "momentum", "--database", "URL"],
        ["run", "script.txt", "--ruleset", "momentum"],
        ["play", "--ruleset", "momentum"],
        ["chat", "serve", "--demo", "--database", "URL"],
        ["sim", "fight.yaml"],
        ["odds", "fight.yaml", "attack a b"],
        ["estimate", "fight.yaml"],
    ],
)
def test_every_seed_option_refuses_what_a_store_cannot_keep(
    tmp_path: Path, command: list[str], seed: str
) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    line = refusal([url if word == "URL" else word for word in command] + ["--seed", seed])
    assert line.startswith("Error: Invalid value for '--seed'"), line
    assert stored(url) == 0  # new and chat serve store in URL when they run


def test_new_keeps_the_largest_seed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    result = runner.invoke(app, ["new", "momentum", "--seed", str(MAX_SEED), "--database", url])
    assert result.exit_code == 0, result.output
    store = Store(url)
    (summary,) = store.summaries()
    assert store.export(summary.id)["seed"] == MAX_SEED
    store.close()


def saved(tmp_path: Path, **changes: Any) -> Path:
    data = {**demo().save(), **changes}
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"seed": MAX_SEED + 1}, f"seed: must be a whole number from 0 to {MAX_SEED}"),
        ({"seed": -1}, f"seed: must be a whole number from 0 to {MAX_SEED}"),
        ({"seed": "7"}, "seed: must be a whole number"),
        ({"setup": -(2**70)}, "setup: must be a whole number from 0 up"),
    ],
)
def test_import_refuses_a_save_out_of_range_and_stores_nothing(
    tmp_path: Path, changes: dict[str, Any], named: str
) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    path = saved(tmp_path, **changes)
    line = refusal(["import", str(path), "--database", url])
    assert line.startswith(f"fracas: error: {path}: {named}"), line
    assert stored(url) == 0


def test_a_loaded_save_out_of_range_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path, seed=MAX_SEED + 1)
    script = tmp_path / "script.txt"
    script.write_text("start\n")
    line = refusal(["run", str(script), "--load", str(path)])
    assert f"seed: must be a whole number from 0 to {MAX_SEED}" in line, line

"""What ``fracas`` loads before a command runs (issue 20, target 1): the command line imports the
app layer, the store, the web app and the dice only inside the commands that use them, so that
``fracas --help`` and ``fracas list`` start quickly (``list`` reads a SQLite file without
SQLAlchemy). ``benchmarks/startup.py`` measures the time; these tests check the imports, which
do not depend on the machine's load."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

from fracas.cli import analysis, estimate
from fracas.sim.estimate import BUDGET
from fracas.sim.odds import MAX_BRANCHES, SAMPLES
from fracas.sim.runner import TACTICS
from fracas.sim.study.mode import AUTO
from fracas.store import Store
from tests.store.conftest import demo

HEAVY = ("fracas.app.session", "lark", "sqlalchemy", "fastapi", "icepool")
"""The sessions (and the rulesets with them), the command grammars, the store's database layer,
the web app and exact dice: what start-up must not pay for."""


def _loaded(code: str, names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` are in ``sys.modules`` after a fresh interpreter runs ``code``."""
    check = f"{code}\nimport sys\nprint('loaded:', *(n for n in {names!r} if n in sys.modules))"
    found = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    last = found.stdout.splitlines()[-1].split()
    assert last[0] == "loaded:"
    return last[1:]


def test_importing_the_command_line_loads_none_of_the_heavy_layers() -> None:
    assert _loaded("import fracas.cli.app", (*HEAVY, "fracas.app")) == []


def test_help_loads_none_of_the_heavy_layers() -> None:
    code = (
        "import sys\nfrom fracas.cli.app import app\n"
        "try:\n    app(['--help'], prog_name='fracas')\nexcept SystemExit:\n    pass"
    )
    assert _loaded(code, (*HEAVY, "fracas.app", "rich")) == []


def test_the_store_loads_sqlalchemy_but_not_the_app_layer() -> None:
    assert _loaded("from fracas.store import Store", (*HEAVY, "fracas.app")) == ["sqlalchemy"]


def test_the_store_package_loads_its_parts_when_they_are_used() -> None:
    light = ("fracas.store.store", "fracas.store.tracked", "platformdirs")
    assert _loaded("import fracas.store.summaries", (*HEAVY, "fracas.app", *light)) == []


def test_list_reads_a_sqlite_file_without_sqlalchemy_or_the_app_layer(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    store.close()
    code = (
        "import sys\nfrom fracas.cli.app import app\n"
        f"try:\n    app(['list', '--database', {url!r}], prog_name='fracas')\n"
        "except SystemExit:\n    pass"
    )
    assert _loaded(code, (*HEAVY, "fracas.app", "fracas.engine", "fracas.store.store")) == []
    printed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert encounter in printed and "Surrounded by raptors" in printed


def test_the_defaults_written_out_for_help_are_the_simulators() -> None:
    """analysis.py and estimate.py repeat five defaults so that --help need not import the sim."""
    odds_options = inspect.signature(analysis.odds_command).parameters
    assert odds_options["samples"].default == SAMPLES
    assert odds_options["max_branches"].default == MAX_BRANCHES
    sim_options = inspect.signature(analysis.sim_command).parameters
    assert (sim_options["policy"].default, sim_options["mode"].default) == (TACTICS, AUTO)
    assert inspect.signature(estimate.estimate_command).parameters["budget"].default == BUDGET


RULES = ("fracas.engine.ruleset", "fracas.rules.momentum.ruleset", "fracas.app.catalogue")
"""A ruleset's class and rules, and the session commands: what listing the rulesets needs not."""


def _command(arguments: list[str]) -> str:
    """Code that runs ``fracas ARGUMENTS`` in the interpreter, as the console script does."""
    return (
        f"import sys\nsys.argv = ['fracas', *{arguments!r}]\nfrom fracas.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )


def test_every_commands_help_loads_none_of_the_heavy_layers() -> None:
    single = "play run rulesets library new serve list odds sim estimate resume export import"
    single += " links revoke delete"
    commands = [*([name] for name in single.split()), ["chat", "serve"], ["docs", "commands"]]
    code = "\n".join(_command([*words, "--help"]) for words in commands)
    assert _loaded(code, (*HEAVY, "fracas.app", "fracas.engine", "rich.table", "pydantic")) == []


def test_rulesets_reads_the_descriptors_without_the_rules() -> None:
    code = _command(["rulesets"])
    assert _loaded(code, (*HEAVY, *RULES, "pydantic")) == []
    wide = {**os.environ, "COLUMNS": "200"}
    printed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=wide
    ).stdout
    assert "Momentum (d20, 3 AP, Narrative Momentum)" in printed


def test_library_checks_the_stat_blocks_without_the_rules() -> None:
    """``fracas library`` validates every built-in sheet by its ruleset's sheet schema, which
    the descriptor names: no ruleset class, rules or session is loaded."""
    rules = [f"fracas.rules.{slug}.{part}" for slug in SLUGS for part in ("ruleset", "actions")]
    code = _command(["library"])
    assert _loaded(code, (*RULES, *rules, "fracas.app.session", "sqlalchemy", "fastapi")) == []
    wide = {**os.environ, "COLUMNS": "200"}
    printed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=wide
    ).stdout
    assert "Vitality 18, Armor 1, NM 6" in printed  # the Scout's key numbers, from its sheet
    assert "broken" not in printed


SLUGS = ("dbu", "kaiser", "kingsdale", "lurasko", "momentum")


def test_the_app_package_loads_its_parts_when_they_are_used() -> None:
    assert _loaded("import fracas.app.rulesets", (*HEAVY, *RULES)) == []
    assert _loaded("from fracas.app import Session", HEAVY) == ["fracas.app.session", "lark"]


def test_the_app_package_exports_every_name_it_lists() -> None:
    import fracas.app

    assert all(getattr(fracas.app, name) is not None for name in fracas.app.__all__)


def test_playing_a_fight_does_not_load_the_exact_dice() -> None:
    code = "from fracas.app import open_encounter, demo_of\n"
    code += "open_encounter(demo_of('momentum'), seed=1).run('start')"
    assert _loaded(code, ("icepool", "fracas.dice.exact")) == []

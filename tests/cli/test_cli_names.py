"""Issue 19, item 8, on the command line: a name with a right-to-left override, a zero-width
character or a NUL is refused wherever the CLI takes one (``fracas new``, ``import``, ``play``
and ``run`` with a file or a save, ``chat serve``, ``library check``), as the web, the API and
chat refuse it: one line saying which name, where and why, and nothing stored or started."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.rules import momentum
from fracas.store import Store

runner = CliRunner()

BAD = ["Evil\u202etxt.exe", "Ra\u200bptor", "Nul\x00l"]
"""A right-to-left override, a zero-width space and a NUL, each inside a name."""

DEMO = Path(momentum.__file__).parent / "demo.yaml"


def refused(result_output: str, exit_code: int, escaped: str) -> None:
    """The command failed with one line naming the bad character."""
    assert exit_code == 2, result_output
    assert result_output.startswith("fracas: error: "), result_output
    assert result_output.count("\n") == 1 and "a name may not hold" in result_output
    assert escaped in result_output


def escape(name: str) -> str:
    """How the error shows a name's bad character: its code point."""
    bad = next(c for c in name if not c.isalnum() and c != ".")
    return f"U+{ord(bad):04X}"


@pytest.mark.parametrize("name", BAD)
def test_new_refuses_a_bad_encounter_name_and_stores_nothing(tmp_path: Path, name: str) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.db'}"
    result = runner.invoke(app, ["new", "momentum", name, "--database", url])
    refused(result.stderr, result.exit_code, escape(name))
    assert "the encounter's name" in result.stderr
    as_combatant = runner.invoke(
        app, ["new", "momentum", "Fine", "--add", f'raptor -as "{name}"', "--database", url]
    )
    refused(as_combatant.stderr, as_combatant.exit_code, escape(name))
    assert Store(url).summaries() == []


def demo_save(tmp_path: Path) -> dict[str, object]:
    """A save of the momentum demo, as ``fracas export`` writes it."""
    url = f"sqlite:///{tmp_path / 'source.db'}"
    made = runner.invoke(
        app, ["new", "momentum", "Ambush", "--add", "raptor x2", "--database", url]
    )
    assert made.exit_code == 0, made.output
    encounter = made.output.split()[1]
    exported = runner.invoke(app, ["export", encounter, "--database", url])
    assert exported.exit_code == 0, exported.output
    save: dict[str, object] = json.loads(exported.stdout)
    return save


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("what", ["encounter", "combatant", "side"])
def test_import_and_load_refuse_a_save_with_a_bad_name(
    tmp_path: Path, name: str, what: str
) -> None:
    text = json.dumps(demo_save(tmp_path))
    was = {"encounter": '"Ambush"', "combatant": '"Raptor 2"', "side": '"raptors"'}[what]
    assert was in text
    fight = tmp_path / "fight.json"
    fight.write_text(text.replace(was, json.dumps(name)), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'fracas.db'}"
    imported = runner.invoke(app, ["import", str(fight), "--database", url])
    refused(imported.stderr, imported.exit_code, escape(name))
    assert Store(url).summaries() == []
    for command in (["play", "--load", str(fight)], ["run", "--load", str(fight), str(fight)]):
        loaded = runner.invoke(app, command, input="quit\n")
        refused(loaded.stderr, loaded.exit_code, escape(name))


def bad_encounter_file(tmp_path: Path, name: str, what: str) -> Path:
    """The momentum demo with ``name`` as its name, its first combatant's or that one's side."""
    text = DEMO.read_text(encoding="utf-8")
    was = {
        "encounter": "name: Surrounded by raptors",
        "combatant": "  - name: Druid",
        "side": "    side: party",
    }[what]
    assert was in text
    key = was.rsplit(":", 1)[0]
    quoted = json.dumps(name)  # a YAML double-quoted scalar takes JSON's escapes
    path = tmp_path / "fight.yaml"
    path.write_text(text.replace(was, f"{key}: {quoted}", 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("what", ["encounter", "combatant", "side"])
def test_an_encounter_file_with_a_bad_name_is_refused_where_it_is_written(
    tmp_path: Path, name: str, what: str
) -> None:
    path = bad_encounter_file(tmp_path, name, what)
    line = {"encounter": 5, "combatant": 23, "side": 24}[what]
    script = tmp_path / "fight.script"
    script.write_text("next\n")
    for command in (["play", str(path)], ["run", str(script), "--encounter", str(path)]):
        result = runner.invoke(app, command, input="quit\n")
        refused(result.stderr, result.exit_code, escape(name))
        assert f"{path}:{line}:" in result.stderr


def test_chat_serve_refuses_an_encounter_file_with_a_bad_name(tmp_path: Path) -> None:
    path = bad_encounter_file(tmp_path, BAD[0], "encounter")
    url = f"sqlite:///{tmp_path / 'fracas.db'}"
    command = [sys.executable, "-m", "fracas", "chat", "serve", str(path), "--port", "0"]
    done = subprocess.run(
        [*command, "--database", url], capture_output=True, text=True, timeout=120
    )
    refused(done.stderr, done.returncode, escape(BAD[0]))
    assert Store(url).summaries() == []


def test_library_check_refuses_an_entry_with_a_bad_name(tmp_path: Path) -> None:
    entry = tmp_path / "ogre.yaml"
    entry.write_text(
        'name: "Og\\u202ere"\nruleset: momentum\nside: "og\\u200bres"\nfrom: raptor\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["library", "check", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert f"{entry}:1:7: name: a name may not hold right-to-left override" in result.output
    assert f"{entry}:3:7: side: a name may not hold zero width space" in result.output

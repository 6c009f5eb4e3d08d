"""Golden transcripts: every ``*.script`` here, run by ``fracas run`` on loaded dice, must print
exactly its ``*.transcript``.

A script names its encounter on its first line (``encounter: FILE``, relative to the script).
Its dice come from the optional ``*.dice`` file beside it: faces separated by spaces, commas or
new lines, ``#`` starting a comment. A new ruleset adds its own three files; nothing here changes.

After a deliberate change to the output, rewrite the transcripts and read the diff::

    FRACAS_UPDATE_GOLDEN=1 .venv/bin/pytest tests/golden
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app

HERE = Path(__file__).parent
SCRIPTS = sorted(HERE.glob("*.script"))
UPDATE = "FRACAS_UPDATE_GOLDEN"
SEED = "3"
"""The seed a transcript is run with (its dice are loaded, so it only shows in the header)."""

runner = CliRunner()


def faces(script: Path) -> list[str]:
    """The ``--dice`` option from the script's ``.dice`` file, or none."""
    dice = script.with_suffix(".dice")
    if not dice.exists():
        return []
    text = "\n".join(
        line.split("#", 1)[0] for line in dice.read_text(encoding="utf-8").splitlines()
    )
    found = [face for face in re.split(r"[\s,]+", text) if face]
    return ["--dice", ",".join(found)] if found else []


def transcript(script: Path) -> str:
    """What ``fracas run SCRIPT`` prints."""
    result = runner.invoke(app, ["run", str(script), "--seed", SEED, *faces(script)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_there_are_golden_scripts() -> None:
    assert SCRIPTS, f"no *.script in {HERE}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_transcript_matches(script: Path) -> None:
    expected_file = script.with_suffix(".transcript")
    actual = transcript(script)
    if os.environ.get(UPDATE) == "1":
        expected_file.write_text(actual, encoding="utf-8")
        return
    if not expected_file.exists():
        pytest.fail(f"{expected_file.name} is missing; write it with {UPDATE}=1")
    expected = expected_file.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"{expected_file.name} (checked in)",
                tofile=f"{expected_file.name} (fracas run)",
            )
        )
        pytest.fail(
            f"{script.name} no longer prints {expected_file.name}:\n{diff}\n"
            f"If the change is intended, regenerate: {UPDATE}=1 .venv/bin/pytest tests/golden",
            pytrace=False,
        )


def test_the_script_ran_out_of_no_dice() -> None:
    """Every golden script has all its dice: none ends waiting for a face."""
    for script in SCRIPTS:
        assert "the script ended waiting" not in transcript(script), script.name

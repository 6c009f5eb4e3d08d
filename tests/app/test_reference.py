"""docs/commands.md: its command table is generated from the code and must be up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.app.reference import (
    BEGIN,
    END,
    REGENERATE,
    command_reference,
    generated_part,
    update_reference,
)
from fracas.errors import FracasError
from tests.engine.toy import Toy

PAGE = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def test_docs_commands_md_is_up_to_date() -> None:
    current = generated_part(PAGE.read_text(encoding="utf-8"))
    assert current == command_reference(), (
        f"docs/commands.md is out of date with the commands in the code; regenerate it: "
        f"{REGENERATE}"
    )


def test_the_reference_lists_every_command_of_a_ruleset() -> None:
    reference = command_reference([Toy])
    assert "### `toy`: Toy (also: punches)" in reference
    assert "| `punch` |  | `punch TARGET` | Punch someone for 1d6 (1 AP). |" in reference
    assert "| `status` | `show` | `status` |" in reference
    assert "`effect TARGET NAME [-rounds ROUNDS] [-until {start\\|end}]`" in reference


def test_update_rewrites_only_the_generated_part(tmp_path: Path) -> None:
    page = tmp_path / "commands.md"
    page.write_text(f"# Hand-written\n\n{BEGIN}\nold\n{END}\n\nmore\n", encoding="utf-8")
    assert update_reference(page, "new\n")
    assert page.read_text(encoding="utf-8") == f"# Hand-written\n\n{BEGIN}\nnew\n{END}\n\nmore\n"
    assert not update_reference(page, "new\n")


def test_a_page_without_markers_is_an_error(tmp_path: Path) -> None:
    page = tmp_path / "commands.md"
    page.write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(FracasError, match="markers"):
        update_reference(page, "x\n")

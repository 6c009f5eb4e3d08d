"""The tracker's table fits the width it is printed in: a table where it fits, one block per
combatant where it does not; no line is ever cut."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.views import view
from fracas.cli.app import app
from fracas.cli.terminal import encounter_table

DEMOS = ("momentum", "kaiser", "dbu", "kingsdale", "lurasko")


def printed(slug: str, width: int) -> str:
    session = open_encounter(demo_of(slug), seed=1)
    assert session.run("start").ok
    first = next(iter(session.state)).id
    assert session.run(f"effect {first} Blessed-by-a-rather-long-named-saint -rounds 2").ok
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, color_system=None)
    console.print(encounter_table(view(session.encounter, name=session.name)))
    text = out.getvalue()
    for c in view(session.encounter).combatants:
        assert c.name in text
        for pool in c.pools or ():
            assert f"{pool.current}/{pool.maximum}" in text
    return text


@pytest.mark.parametrize("width", [60, 100, 200])
@pytest.mark.parametrize("slug", DEMOS)
def test_no_line_is_cut_at_any_width(slug: str, width: int) -> None:
    text = printed(slug, width)
    assert "\N{HORIZONTAL ELLIPSIS}" not in text
    assert all(len(line.rstrip()) <= width for line in text.splitlines())
    assert "Blessed-by-a-rather" in text


def test_a_table_too_wide_becomes_one_block_per_combatant() -> None:
    """Kingsdale's demo has eleven pools: at 100 columns it is stacked, at 240 a table."""
    stacked = printed("kingsdale", 100)
    assert "┃" not in stacked
    assert "NPC 1 · npcs · init" in stacked
    assert "Dead Boy Armor 60/60" in stacked
    assert "┃ Init ┃" in printed("kingsdale", 240)


def test_piped_play_output_is_never_cut() -> None:
    command = ["play", "--demo", "kingsdale", "--no-save", "--seed", "1"]
    result = CliRunner().invoke(app, command, input="start\n")
    assert result.exit_code == 0, result.output
    assert "\N{HORIZONTAL ELLIPSIS}" not in result.stdout
    assert "C-12 Laser Rifle payload 40/40" in result.stdout

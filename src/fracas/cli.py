"""The command-line tracker: ``fracas play`` reads commands, applies them, shows the fight."""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from fracas.commands import ActionCatalogue, BindContext, bind_text
from fracas.content import load_encounter
from fracas.engine.encounter import ENGINE_ACTIONS, Encounter, NothingToUndo
from fracas.engine.gm import AddCombatant
from fracas.engine.registry import find, rulesets
from fracas.errors import FracasError

app = typer.Typer(help="fracas: tabletop RPG combat on one engine.", no_args_is_help=True)
console = Console()


def open_encounter(path: Path, seed: int) -> Encounter:
    """A fresh encounter with the combatants of an encounter file."""
    loaded = load_encounter(path, lambda slug: find(slug).sheet_model)
    ruleset = find(loaded.ruleset)
    encounter = Encounter(ruleset(loaded.validate_settings(ruleset.settings_model)), seed=seed)
    for c in loaded.combatants:
        encounter.apply(
            AddCombatant(name=c.name, side=c.side, sheet=c.sheet, group=c.group, hidden=c.hidden)
        )
    return encounter


def show(encounter: Encounter) -> None:
    """The order of the round, whose turn it is, pools and effects."""
    state = encounter.state
    table = Table(title=f"Round {state.clock.round}" if state.clock.started else "Not started")
    for column in ("", "name", "side", "init", "pools", "effects"):
        table.add_column(column)
    for c in state:
        pools = ", ".join(f"{n} {p.current}/{p.maximum}" for n, p in c.pools.items())
        effects = ", ".join(e.name for e in c.effects)
        mark = "▶" if state.is_turn_of(c.id) else ""
        table.add_row(
            mark,
            c.name,
            c.side,
            str(c.initiative if c.initiative is not None else "-"),
            pools,
            effects,
        )
    console.print(table)


def run_line(encounter: Encounter, line: str) -> None:
    """Apply one command line and print what happened, or the error; an error changes nothing."""
    word = line.strip().lower()
    if word in ("undo", "redo"):
        try:
            step = encounter.undo() if word == "undo" else encounter.redo()
            console.print(f"{word}: {step.action.verb}")
        except NothingToUndo as error:
            console.print(f"[red]{error}[/red]")
        return
    typed = tuple(a for a in ENGINE_ACTIONS if a is not AddCombatant)  # sheets come from files
    catalogue = ActionCatalogue((*typed, *encounter.ruleset.actions))
    names = {c.id: c.name for c in encounter.state}
    acting = encounter.state.acting()
    context = BindContext(names, acting[0] if len(acting) == 1 else None)
    try:
        action = bind_text(line, catalogue, context)
        if action is None:
            return
        step = encounter.apply(action)
    except FracasError as error:
        console.print(f"[red]{error}[/red]")
        return
    for event in step.events:
        console.print(f"  {event}")


@app.command()
def play(
    file: Path | None = typer.Argument(None, help="an encounter YAML file"),
    demo: bool = typer.Option(False, "--demo", help="the first registered ruleset's demo fight"),
    seed: int = typer.Option(0, help="seed of the dice"),
) -> None:
    """Run a fight interactively: one command a line (undo, redo, quit)."""
    if file is None and not demo:
        raise typer.BadParameter("give an encounter FILE or --demo")
    path = file or Path(str(files(rulesets()[0].__module__.rsplit(".", 1)[0]) / "demo.yaml"))
    try:
        encounter = open_encounter(path, seed)
    except FracasError as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(2) from error
    show(encounter)
    for line in sys.stdin:
        if line.strip().lower() in ("quit", "exit"):
            break
        run_line(encounter, line.rstrip("\n"))
        show(encounter)


@app.command(name="rulesets")
def list_rulesets() -> None:
    """List the installed rulesets."""
    for ruleset in rulesets():
        d = ruleset.descriptor
        console.print(f"{d.slug}: {d.name} (also: {', '.join(d.aliases) or '-'})")


def main() -> None:
    app()

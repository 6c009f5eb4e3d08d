"""What every ``fracas`` command shares at the terminal: failing with one line, the console,
the encounter table, a reply's lines and reading the lines a user types or pipes in."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fracas.app.session import Reply, Session
from fracas.app.views import EncounterView, headline
from fracas.cli.lineedit import editing

EXTRA_WORDS = ("quit", "exit", "save")
"""Words the terminal front ends read themselves, completed with the verbs."""

PIPED_WIDTH = 120
"""The width of the tracker's output when it goes to a file or a pipe, not a terminal."""


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2: nothing could start."""
    typer.echo(f"fracas: error: {message}", err=True)
    raise typer.Exit(2)


def stdout_console() -> Console:
    """A console for stdout: the terminal's width, or PIPED_WIDTH when it is not a terminal."""
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=PIPED_WIDTH)
    return console


def encounter_table(v: EncounterView) -> Table:
    """The tracker's table: who acts, initiative, name and notes, side, pools, effects."""
    pools = v.pool_names
    table = Table(title=headline(v), title_justify="left", expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("Init", justify="right", no_wrap=True)
    table.add_column("Name", no_wrap=True)
    table.add_column("Side", no_wrap=True)
    for name in pools:
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("Effects", min_width=12)
    for c in v.combatants:
        marker = Text("\u25b6", style="bold green") if c.acting else Text("")
        label = Text(c.name, style="bold" if c.acting else "")
        flags = (("hidden", c.hidden), ("holding", c.holding), ("out", c.out))
        notes = [note for note, on in flags if on]
        if notes:
            label.append(f" ({', '.join(notes)})", style="dim italic")
        cells: list[Text] = [
            marker,
            Text("-" if c.initiative is None else str(c.initiative)),
            label,
            Text(c.side),
        ]
        for pool_name in pools:
            pool = c.pool(pool_name)
            if c.pools is None:
                cells.append(Text("?", style="dim"))
            else:
                cells.append(Text(f"{pool.current}/{pool.maximum}" if pool else ""))
        cells.append(Text("\n".join(e.render() for e in c.effects)))
        table.add_row(*cells, style="dim" if c.out else None)
    return table


def told(session: Session, reply: Reply) -> list[str]:
    """The reply's lines, then each player's prompt as ``[to NAME] LINE``."""
    lines = list(reply.lines)
    for prompt in reply.prompts:
        names = " + ".join(session.state[a].name for a in prompt.actors)
        lines.extend(f"[to {names}] {line}" for line in prompt.lines)
    return lines


def show(console: Console, session: Session, reply: Reply) -> None:
    """Print the reply's lines and prompts, then its error in red."""
    for line in told(session, reply):
        console.print(Text(line), soft_wrap=True)
    if reply.error is not None:
        console.print(Text(f"error: {reply.error}", style="bold red"), soft_wrap=True)


def _prompt(session: Session) -> str:
    pending = session.pending()
    if pending is not None:
        return f"d{pending.sides}> "
    acting = [session.state[a].name for a in session.encounter.acting()]
    return f"{', '.join(acting) or 'gm'}> "


def read_lines(console: Console, session: Session, interactive: bool) -> Iterator[str]:
    """The lines typed at the prompt (who acts, or the die waited for), or piped on stdin."""
    if not interactive:
        for line in sys.stdin:
            yield line.rstrip("\r\n")
        return
    with editing(lambda: session, extra=EXTRA_WORDS):
        while True:
            try:
                yield input(_prompt(session))
            except (EOFError, KeyboardInterrupt):
                console.print()
                return

"""What every ``fracas`` command shares at the terminal: failing with one line, the console,
the encounter table, a reply's lines and reading the lines a user types or pipes in."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fracas.app.session import Reply, Session
from fracas.app.views import EncounterView, headline

DROPPED = re.compile(r"~~(.+?)~~")
"""A die that does not count, as the dice render it in plain text (``(6, 5, 3, ~~1~~)``)."""

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


def struck(line: str) -> Text:
    """``line`` with each dropped die's ``~~1~~`` shown as a struck-through ``1``."""
    text = Text()
    at = 0
    for found in DROPPED.finditer(line):
        text.append(line[at : found.start()])
        text.append(found.group(1), style="strike")
        at = found.end()
    text.append(line[at:])
    return text


def show(console: Console, session: Session, reply: Reply) -> None:
    """Print the reply's lines and prompts, then its error in red. A terminal that shows
    styles strikes dropped dice through; elsewhere (a file, a pipe) they keep their plain
    ``~~1~~``."""
    styled = console.is_terminal and console.color_system is not None
    for line in told(session, reply):
        console.print(struck(line) if styled else Text(line), soft_wrap=True)
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
    while True:
        try:
            yield console.input(_prompt(session))
        except (EOFError, KeyboardInterrupt):
            console.print()
            return

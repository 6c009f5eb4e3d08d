"""What every ``fracas`` command shares at the terminal: failing with one line, the console,
the encounter table, a reply's lines and reading the lines a user types or pipes in."""

from __future__ import annotations

import errno
import logging
import re
import socket
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, NoReturn

import typer

# Rich and the app layer are imported where a function needs them, not here: every command
# imports this module (for ``fail``), and ``fracas --help`` must not pay for them.
if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, Group, RenderResult
    from rich.table import Table
    from rich.text import Text

    from fracas.app.session import Reply, Session
    from fracas.app.views import CombatantView, EncounterView

EXTRA_WORDS = ("quit", "exit", "save")
"""Words the terminal front ends read themselves, completed with the verbs."""

DROPPED = re.compile(r"~~(.+?)~~")
"""A die that does not count, as the dice render it in plain text (``(6, 5, 3, ~~1~~)``)."""

PIPED_WIDTH = 120
"""The width of the tracker's output when it goes to a file or a pipe, not a terminal."""


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2: nothing could start."""
    typer.echo(f"fracas: error: {message}", err=True)
    raise typer.Exit(2)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: any free port) for a server to listen on; one
    line on stderr and exit status 2 when the port is taken or the address cannot be used."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            taken = f"port {port} on {host} is in use"
            fail(f"{taken}: stop what listens there or choose another with --port")
        why = error.strerror or str(error)
        fail(f"cannot listen on {host} port {port} ({why}): choose another --host or --port")
    return sock


def log_to_stderr() -> None:
    """Show fracas's own log on stderr, a line each (a client dropped, a database failure), as
    a server's console should; other libraries keep their own settings."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    logger = logging.getLogger("fracas")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


def stdout_console() -> Console:
    """A console for stdout: the terminal's width, or PIPED_WIDTH when it is not a terminal."""
    from rich.console import Console

    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=PIPED_WIDTH)
    return console


def encounter_table(v: EncounterView) -> Fitted:
    """The tracker's table, which fits the width it is printed in: a table (who acts,
    initiative, name and notes, side, pools, effects) when it fits, else one block per
    combatant. Nothing is ever cut."""
    return Fitted(v)


EFFECTS_WIDTH = 12
"""The narrowest the Effects column gets before the table gives way to blocks."""


class Fitted:
    """A renderable that is the tracker's table where it fits with its Effects column at
    ``EFFECTS_WIDTH``, and the stacked blocks where it does not."""

    def __init__(self, v: EncounterView) -> None:
        self.view = v
        self.headers, self.rows = _cells(v)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.width() <= options.max_width:
            yield _table(self.view, self.headers, self.rows)
        else:
            yield _stacked(self.view)

    def width(self) -> int:
        """The table's narrowest width: every column but Effects unwrapped, each padded by a
        space on both sides, and a border between and around the columns."""
        from rich.cells import cell_len

        columns = zip(self.headers[:-1], *(row[:-1] for row in self.rows), strict=True)
        widths = [*(max(cell_len(text.plain) for text in column) for column in columns)]
        widths.append(EFFECTS_WIDTH)
        return sum(widths) + 3 * len(widths) + 1


def _cells(v: EncounterView) -> tuple[list[Text], list[list[Text]]]:
    """The header and the rows of the table: marker, initiative, name and notes, side, pools,
    effects."""
    from rich.text import Text

    pools = v.pool_names
    headers = [Text(h) for h in ("", "Init", "Name", "Side", *pools, "Effects")]
    rows: list[list[Text]] = []
    for c in v.combatants:
        cells: list[Text] = [
            _marker(c),
            Text("-" if c.initiative is None else str(c.initiative)),
            _label(c),
            Text(c.side),
        ]
        for pool_name in pools:
            pool = c.pool(pool_name)
            if c.pools is None:
                cells.append(Text("?", style="dim"))
            else:
                cells.append(Text(f"{pool.current}/{pool.maximum}" if pool else ""))
        cells.append(Text("\n".join(e.render() for e in c.effects)))
        rows.append(cells)
    return headers, rows


def _table(v: EncounterView, headers: list[Text], rows: list[list[Text]]) -> Table:
    from rich.table import Table

    from fracas.app.views import headline

    table = Table(title=headline(v), title_justify="left", expand=False)
    for index, header in enumerate(headers[:-1]):
        right = index == 1 or index >= 4
        table.add_column(header, justify="right" if right else "left", no_wrap=True)
    table.add_column(headers[-1], min_width=EFFECTS_WIDTH, overflow="fold")
    for c, cells in zip(v.combatants, rows, strict=True):
        table.add_row(*cells, style="dim" if c.out else None)
    return table


def _marker(c: CombatantView) -> Text:
    from rich.text import Text

    return Text("\u25b6", style="bold green") if c.acting else Text("")


def _label(c: CombatantView) -> Text:
    """The name, bold for the one acting, and its notes (hidden, holding, out)."""
    from rich.text import Text

    label = Text(c.name, style="bold" if c.acting else "")
    flags = (("hidden", c.hidden), ("holding", c.holding), ("out", c.out))
    notes = [note for note, on in flags if on]
    if notes:
        label.append(f" ({', '.join(notes)})", style="dim italic")
    return label


def _stacked(v: EncounterView) -> Group:
    """The headline, then per combatant a line of who (marker, name, side, initiative), a line
    of pools and one per effect, indented; every line wraps, none is cut."""
    from rich.console import Group
    from rich.text import Text

    from fracas.app.views import headline

    lines: list[Text] = [Text(headline(v), style="italic")]
    for c in v.combatants:
        who = Text.assemble(_marker(c), " " if c.acting else "  ", _label(c))
        initiative = "-" if c.initiative is None else str(c.initiative)
        who.append(f" \u00b7 {c.side} \u00b7 init {initiative}")
        lines.append(who)
        if c.pools is None:
            lines.append(Text("    pools hidden", style="dim"))
        elif c.pools:
            lines.append(Text("    " + " \u00b7 ".join(p.render() for p in c.pools)))
        lines.extend(Text(f"    {e.render()}") for e in c.effects)
    for line in lines:
        line.overflow = "fold"
    return Group(*lines)


def told(session: Session, reply: Reply) -> list[str]:
    """The reply's lines, then each player's prompt as ``[to NAME] LINE``."""
    lines = list(reply.lines)
    for prompt in reply.prompts:
        names = " + ".join(session.state[a].name for a in prompt.actors)
        lines.extend(f"[to {names}] {line}" for line in prompt.lines)
    return lines


def struck(line: str) -> Text:
    """``line`` with each dropped die's ``~~1~~`` shown as a struck-through ``1``."""
    from rich.text import Text

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
    from rich.text import Text

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
    from fracas.cli.lineedit import editing

    with editing(lambda: session, extra=EXTRA_WORDS):
        while True:
            try:
                yield input(_prompt(session))
            except (EOFError, KeyboardInterrupt):
                console.print()
                return

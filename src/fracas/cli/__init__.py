"""The ``fracas`` command line, one module per concern.

    app.py       the root Typer app: play, run, rulesets, docs, and every other command registered
    store.py     commands on stored encounters: list, resume, export, import, links, revoke, delete
    serve.py     fracas serve: the web tracker
    chat.py      fracas chat serve: the MUD/MUSH line server
    analysis.py  fracas odds and fracas sim
    estimate.py  fracas estimate: how hard a fight is
    fights.py    which fight an analysis command is about: a file, a ruleset's demo, a stored id
    terminal.py  what they share at the terminal: one-line failures, the console, the tracker table

Nothing is imported here, so that ``import fracas.cli`` costs nothing until ``main`` runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typer._click import Command


def main() -> None:
    """The console script ``fracas``."""
    import typer

    from fracas.cli.app import app

    command = typer.main.get_command(app)
    command(prog_name="fracas", default_map=_help_not_asked(command))


def _help_not_asked(command: Command) -> dict[str, Any]:
    """``--help`` given as False to ``command`` and every command under it (a default map).

    Typer converts a value it parses through a pydantic ``TypeAdapter``, which it builds (and
    imports pydantic for, ~0.13 s of CPU) for the ``--help`` flag of every command on the way
    that was not given it, whose value is None; it converts no bool. So ``fracas --help`` of
    any command, and a command without other options (``fracas rulesets``), start without
    pydantic."""
    found: dict[str, Any] = {"help": False}
    for name, under in getattr(command, "commands", {}).items():
        found[name] = _help_not_asked(under)
    return found

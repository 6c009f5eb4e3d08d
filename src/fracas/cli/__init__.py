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


def main() -> None:
    """The console script ``fracas``."""
    from fracas.cli.app import app

    app(prog_name="fracas")

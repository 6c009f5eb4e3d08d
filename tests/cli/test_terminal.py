"""The terminal's rendering of a reply (issue 18, item 16): dropped dice struck through with
Rich's style at a terminal, the plain ``~~1~~`` of the reply's text everywhere else."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from fracas.cli.terminal import show
from tests.app.fight import ok, toy_session


def _printed(console: Console) -> str:
    session = toy_session()
    reply = ok(session.run("roll 4d6kh3 !6 5 3 1"))
    assert reply.lines == ("The game master rolls: 4d6kh3 (6, 5, 3, ~~1~~) = 14",)
    show(console, session, reply)
    file = console.file
    assert isinstance(file, StringIO)
    return file.getvalue()


def test_a_terminal_strikes_a_dropped_die_through() -> None:
    console = Console(file=StringIO(), force_terminal=True, color_system="standard", width=200)
    printed = _printed(console)
    assert "~~" not in printed
    assert "\x1b[9m1\x1b[0m" in printed  # SGR 9: crossed out
    assert "(6, 5, 3, \x1b[9m1\x1b[0m) = 14" in printed


def test_a_pipe_keeps_the_plain_text() -> None:
    console = Console(file=StringIO(), force_terminal=False, width=200)
    assert _printed(console) == "The game master rolls: 4d6kh3 (6, 5, 3, ~~1~~) = 14\n"

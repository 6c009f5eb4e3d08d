"""A server whose port is taken says so in one line on stderr and exits with status 2, before
it prints a banner or touches the database."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app


@pytest.fixture
def taken() -> Iterator[int]:
    """A port on 127.0.0.1 that a real socket is listening on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


@pytest.mark.parametrize(
    "command", [["serve"], ["chat", "serve", "--demo", "momentum"]], ids=["serve", "chat"]
)
def test_a_busy_port_is_one_line_and_exit_2(command: list[str], taken: int, tmp_path: Path) -> None:
    database = tmp_path / "busy.sqlite3"
    arguments = [*command, "--port", str(taken), "--database", f"sqlite:///{database}"]
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"fracas: error: port {taken} on 127.0.0.1 is in use: stop what listens there or"
        " choose another with --port\n"
    )
    assert not database.exists()


def test_an_address_that_cannot_be_used_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """192.0.2.1 (TEST-NET-1) is not an address of this machine."""
    database = tmp_path / "busy.sqlite3"
    arguments = ["serve", "--host", "192.0.2.1", "--database", f"sqlite:///{database}"]
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 2
    assert result.stderr.startswith("fracas: error: cannot listen on 192.0.2.1 port 8000 (")
    assert result.stderr.count("\n") == 1

"""``fracas play`` at a terminal: line editing, history and tab completion; a piped stdin gets
plain lines. The terminal test drives the real command through a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.app.completion import complete, typed_name
from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.session import Session
from fracas.cli.app import app
from fracas.cli.terminal import EXTRA_WORDS

MINUS = "\N{MINUS SIGN}".encode()


def momentum() -> Session:
    return open_encounter(demo_of("momentum"), seed=1)


def test_the_first_word_completes_to_verbs_the_front_ends_words_and_actors() -> None:
    session = momentum()
    assert complete(session, "", "dam") == ["damage"]
    assert complete(session, "", "qu", extra=EXTRA_WORDS) == ["quit"]
    assert complete(session, "", "Rap") == ["Raptor-1:", "Raptor-2:", "Raptor-3:", "Raptor-4:"]
    assert "start" in complete(session, "", "")


def test_later_words_complete_to_names_and_options_of_the_verb() -> None:
    session = momentum()
    assert complete(session, "damage ", "dr") == ["Druid"]
    assert complete(session, "damage ", "raptor-3") == ["Raptor-3"]
    assert complete(session, "damage Druid 3 ", "-") == ["-type"]
    assert complete(session, "Druid: attack ", "rap") == [f"Raptor-{n}" for n in range(1, 5)]
    assert complete(session, "damage ", "nobody") == []


def test_a_player_is_not_offered_the_game_masters_verbs() -> None:
    session = momentum()
    player = session.audience(session.state["druid"].id)
    assert complete(session, "", "dam", audience=player) == []
    assert complete(session, "", "und", audience=player) == []
    assert complete(session, "", "dam") == ["damage"]


def test_a_completed_name_is_read_back_as_the_combatant() -> None:
    session = momentum()
    reply = session.run(f"damage {typed_name('Raptor 2')} 4")
    assert reply.ok, reply.error
    assert session.state["raptor-2"].pools["Vitality"].current == 10


class Terminal:
    """``fracas play`` on the far side of a pseudo-terminal."""

    def __init__(self, data_home: Path) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(data_home), "COLUMNS": "100"}
        command = [sys.executable, "-m", "fracas", "play", "--demo", "momentum", "--no-save"]
        self.process = subprocess.Popen(
            [*command, "--seed", "1"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.output = b""
        self.prompts = 0

    def read_until(self, marker: bytes, count: int = 1, timeout: float = 30) -> bytes:
        end = time.monotonic() + timeout
        while self.output.count(marker) < count and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        assert self.output.count(marker) >= count, self.output.decode(errors="replace")
        return self.output

    def type(self, keys: bytes) -> bytes:
        """Wait for the next prompt (keys typed ahead of readline would be cooked by the
        terminal), type ``keys`` and return what came back."""
        self.prompts += 1
        self.read_until(b"gm> ", self.prompts)
        os.write(self.master, keys)
        return self.output

    def close(self) -> int:
        try:
            return self.process.wait(timeout=30)
        finally:
            os.close(self.master)


def test_arrows_home_end_history_and_tab_at_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.type(b"dam\tDru\t3\r")  # tab completes the verb, then the name
        terminal.read_until(b"Druid Vitality " + MINUS + b"3 (20 \xe2\x86\x92 17)")
        terminal.type(b"\x1b[A\x7f2\r")  # Up recalls the line; Backspace edits it
        terminal.read_until(b"Druid Vitality " + MINUS + b"2 (17 \xe2\x86\x92 15)")
        terminal.type(b"\x1b[A\x1b[H\x1b[F\x7f1\r")  # Home, then End: the cursor is at the end
        terminal.read_until(b"Druid Vitality " + MINUS + b"1 (15 \xe2\x86\x92 14)")
        terminal.type(b"quit\r")
        assert terminal.close() == 0
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()
    assert b"error" not in terminal.output
    history = (tmp_path / "fracas" / "history").read_text().splitlines()
    assert history[-4:] == ["damage Druid 3", "damage Druid 2", "damage Druid 1", "quit"]


def test_a_piped_stdin_gets_no_prompt_and_no_escape_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    command = ["play", "--demo", "momentum", "--no-save", "--seed", "1"]
    result = CliRunner().invoke(app, command, input="damage druid 3\nheal druid 1\n")
    assert result.exit_code == 0, result.output
    assert "Druid Vitality \N{MINUS SIGN}3 (20 \N{RIGHTWARDS ARROW} 17)" in result.stdout
    assert "Druid Vitality +1 (17 \N{RIGHTWARDS ARROW} 18)" in result.stdout
    assert "gm>" not in result.stdout and "\x1b" not in result.stdout
    assert not (tmp_path / "fracas" / "history").exists()

"""Just enough of telnet (RFC 854) for a line server: clean lines out of the byte stream.

MUD and MUSH clients, and ``telnet`` itself, may mix option negotiation into what they send.
The server takes no options: every ``DO`` is answered ``WONT`` and every ``WILL`` ``DONT``, so the
client settles into plain lines at once. Subnegotiations are skipped, a doubled ``IAC`` is a
data byte, and a line ends at LF (a CR before it is dropped, and so is a CR NUL).
"""

from __future__ import annotations

from dataclasses import dataclass, field

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
CR, LF, NUL = 13, 10, 0

MAX_LINE = 4096
"""Bytes a line may hold; a longer one is reported once and dropped up to its end."""


class LineTooLong(Exception):
    """A client sent more than MAX_LINE bytes without ending the line. Raised once per such
    line, after the whole of the data fed was read: ``lines`` and ``replies`` are what
    ``feed`` would have returned (the lines completed around it)."""

    def __init__(self, lines: list[str], replies: bytes) -> None:
        super().__init__(f"a line may hold at most {MAX_LINE} bytes; the rest of it was dropped")
        self.lines = lines
        self.replies = replies


@dataclass
class TelnetReader:
    """Feed it the bytes a client sends; it returns the lines completed and the replies owed."""

    _line: bytearray = field(default_factory=bytearray)
    _state: str = "data"
    _command: int = 0
    _dropping: bool = False
    """Inside a line that grew too long: its bytes are dropped until it ends."""
    _overflowed: bool = False

    def feed(self, data: bytes) -> tuple[list[str], bytes]:
        """The complete lines in ``data`` (so far) and the negotiation bytes to send back;
        LineTooLong (holding both) when a line grew past MAX_LINE in ``data``."""
        lines: list[str] = []
        replies = bytearray()
        for byte in data:
            line = self._byte(byte, replies)
            if line is not None:
                lines.append(line)
        if self._overflowed:
            self._overflowed = False
            raise LineTooLong(lines, bytes(replies))
        return lines, bytes(replies)

    def _byte(self, byte: int, replies: bytearray) -> str | None:
        state = self._state
        if state == "data":
            return self._data(byte)
        if state == "iac":
            self._after_iac(byte)
        elif state == "option":
            answer = WONT if self._command == DO else DONT if self._command == WILL else None
            if answer is not None:
                replies += bytes((IAC, answer, byte))
            self._state = "data"
        elif state == "sub":
            self._state = "sub-iac" if byte == IAC else "sub"
        elif state == "sub-iac":
            self._state = "data" if byte == SE else "sub"
        return None

    def _after_iac(self, byte: int) -> None:
        if byte == IAC:
            self._append(IAC)
            self._state = "data"
        elif byte in (DO, DONT, WILL, WONT):
            self._command = byte
            self._state = "option"
        elif byte == SB:
            self._state = "sub"
        else:
            self._state = "data"

    def _data(self, byte: int) -> str | None:
        if byte == IAC:
            self._state = "iac"
            return None
        if byte == LF and self._dropping:
            self._dropping = False
            return None
        if byte == LF:
            text = bytes(self._line).rstrip(b"\r").decode("utf-8", errors="replace")
            self._line.clear()
            return text
        if byte == NUL and self._line.endswith(b"\r"):
            self._line.pop()  # CR NUL: a bare carriage return, nothing to keep
            return None
        self._append(byte)
        return None

    def _append(self, byte: int) -> None:
        if self._dropping:
            return
        if len(self._line) >= MAX_LINE:
            self._line.clear()
            self._dropping = self._overflowed = True
            return
        self._line.append(byte)


def encode(text: str) -> bytes:
    """One line to send: UTF-8 (which never holds an IAC byte), ended by CR LF."""
    return text.replace("\r", "").replace("\n", " ").encode("utf-8") + b"\r\n"

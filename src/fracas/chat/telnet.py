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
"""Bytes a line may hold; a longer one is cut off and reported."""


class LineTooLong(Exception):
    """A client sent more than MAX_LINE bytes without ending the line."""


@dataclass
class TelnetReader:
    """Feed it the bytes a client sends; it returns the lines completed and the replies owed."""

    _line: bytearray = field(default_factory=bytearray)
    _state: str = "data"
    _command: int = 0

    def feed(self, data: bytes) -> tuple[list[str], bytes]:
        """The complete lines in ``data`` (so far) and the negotiation bytes to send back."""
        lines: list[str] = []
        replies = bytearray()
        for byte in data:
            line = self._byte(byte, replies)
            if line is not None:
                lines.append(line)
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
        if len(self._line) >= MAX_LINE:
            self._line.clear()
            raise LineTooLong(f"a line may hold at most {MAX_LINE} bytes")
        self._line.append(byte)


def encode(text: str) -> bytes:
    """One line to send: UTF-8 (which never holds an IAC byte), ended by CR LF."""
    return text.replace("\r", "").replace("\n", " ").encode("utf-8") + b"\r\n"

"""Lines out of a telnet byte stream (RFC 854): negotiation refused, subnegotiation skipped."""

from __future__ import annotations

import pytest

from fracas.chat.telnet import (
    DO,
    DONT,
    IAC,
    MAX_LINE,
    SB,
    SE,
    WILL,
    WONT,
    LineTooLong,
    TelnetReader,
    encode,
)

ECHO, NAWS = 1, 31


def test_plain_lines_end_at_lf_with_or_without_cr() -> None:
    lines, replies = TelnetReader().feed(b"connect bo pw\r\n+init\n")
    assert lines == ["connect bo pw", "+init"]
    assert replies == b""


def test_a_line_may_arrive_in_pieces() -> None:
    reader = TelnetReader()
    assert reader.feed(b"+ro") == ([], b"")
    assert reader.feed(b"ll 1d20\r") == ([], b"")
    assert reader.feed(b"\n") == (["+roll 1d20"], b"")


def test_every_option_is_refused_and_its_bytes_never_reach_the_line() -> None:
    data = bytes((IAC, DO, ECHO, IAC, WILL, NAWS)) + b"hi" + bytes((IAC, WONT, ECHO)) + b"\r\n"
    lines, replies = TelnetReader().feed(data)
    assert lines == ["hi"]
    assert replies == bytes((IAC, WONT, ECHO, IAC, DONT, NAWS))


def test_subnegotiation_is_skipped_and_a_doubled_iac_is_data() -> None:
    window = bytes((IAC, SB, NAWS, 0, 80, 0, 24, IAC, SE))
    lines, _ = TelnetReader().feed(window + b"a" + bytes((IAC, IAC)) + b"\r\0b\n")
    assert lines == ["a\ufffdb"]


def test_a_line_too_long_is_refused_and_the_next_line_is_read() -> None:
    reader = TelnetReader()
    with pytest.raises(LineTooLong, match=f"at most {MAX_LINE} bytes"):
        reader.feed(b"x" * (MAX_LINE + 1))
    assert reader.feed(b"\n+vinit\n") == (["", "+vinit"], b"")


def test_a_line_out_is_utf8_ended_by_crlf_and_stays_one_line() -> None:
    assert (
        encode("Raptor 1 takes 5 \u2192 9\nmore") == "Raptor 1 takes 5 \u2192 9 more\r\n".encode()
    )

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
    assert reader.feed(b"\n+vinit\n") == (["+vinit"], b"")


def test_a_megabyte_line_is_refused_once_and_the_lines_around_it_are_kept() -> None:
    """Issue 19, item 8: a 1 MB line without a newline got ~244 errors; one, then its rest is
    dropped, and the lines before and after it in the same data are read."""
    reader = TelnetReader()
    refusals = 0
    chunks = [b"+vinit\n" + b"x" * 1024]
    chunks += [b"x" * 1024] * 1023 + [b"x\n+init\n"]
    lines = []
    for chunk in chunks:
        try:
            lines += reader.feed(chunk)[0]
        except LineTooLong as error:
            refusals += 1
            lines += error.lines
    assert refusals == 1
    assert lines == ["+vinit", "+init"]


def test_a_line_out_is_utf8_ended_by_crlf_and_stays_one_line() -> None:
    assert (
        encode("Raptor 1 takes 5 \u2192 9\nmore") == "Raptor 1 takes 5 \u2192 9 more\r\n".encode()
    )

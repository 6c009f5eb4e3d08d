"""parse_line: the shape of a line, its spans, its comments and its syntax errors."""

from __future__ import annotations

import pytest

from fracas.commands import CommandError, CommandLine, CommandSyntaxError, TokenKind, parse_line
from fracas.errors import FracasError


def parsed(text: str) -> CommandLine:
    line = parse_line(text)
    assert line is not None
    return line


def test_verb_and_words_with_spans() -> None:
    line = parsed("attack raptor2 1d20+3")
    assert (line.actor, line.verb, line.switches) == (None, "attack", ())
    assert [(t.kind, t.value, t.start, t.end) for t in line.tokens] == [
        (TokenKind.WORD, "raptor2", 7, 14),
        (TokenKind.WORD, "1d20+3", 15, 21),
    ]
    assert line.verb_span == (0, 6)
    for token in line.tokens:
        assert line.text[token.start : token.end] == token.raw


def test_words_may_hold_digits_dice_dashes_apostrophes_and_dots() -> None:
    line = parsed("say it's 4d6kh3 -2 +3 well-known 1.5 + 6d10>=8")
    assert [t.value for t in line.tokens] == [
        "it's",
        "4d6kh3",
        "-2",
        "+3",
        "well-known",
        "1.5",
        "+",
        "6d10>=8",
    ]
    assert all(t.kind is TokenKind.WORD for t in line.tokens)


def test_verb_is_case_insensitive_and_plus_is_ignored() -> None:
    assert parsed("+ATTACK bob").verb == "attack"
    assert parsed("Attack bob").verb == "attack"
    assert parsed("+ attack bob").verb == "attack"


def test_mush_switches() -> None:
    line = parsed("+sheet/B/Full bob")
    assert (line.verb, line.switches) == ("sheet", ("b", "full"))
    assert line.verb_span == (1, 6)
    assert line.switch_spans == ((7, 8), (9, 13))
    assert [t.value for t in line.tokens] == ["bob"]


def test_actor_prefix() -> None:
    line = parsed("raptor2: attack bob")
    assert (line.actor, line.actor_span, line.verb) == ("raptor2", (0, 7), "attack")
    assert parsed("raptor2 : +attack bob").actor == "raptor2"
    assert parsed("raptor2:attack bob").actor == "raptor2"
    quoted = parsed('"Raptor 2": attack bob')
    assert (quoted.actor, quoted.actor_span) == ("Raptor 2", (0, 10))
    assert parsed("'Raptor 2': attack bob").actor == "Raptor 2"


def test_a_colon_after_the_first_word_is_not_an_actor() -> None:
    line = parsed("note the raptor says: hi")
    assert line.actor is None
    assert [t.value for t in line.tokens] == ["the", "raptor", "says:", "hi"]


def test_quoted_strings() -> None:
    line = parsed("""attack "Raptor 2" 'Big # Bob' "it's" '' """)
    kinds = [t.kind for t in line.tokens]
    assert kinds == [TokenKind.STRING] * 4
    assert [t.value for t in line.tokens] == ["Raptor 2", "Big # Bob", "it's", ""]
    first = line.tokens[0]
    assert (first.start, first.end, first.value_start, first.quoted) == (7, 17, 8, True)


def test_options() -> None:
    line = parsed("attack bob -with axe --Non_Lethal -bonus=-2 -with='great axe'")
    options = [t for t in line.tokens if t.kind is TokenKind.OPTION]
    assert [(t.name, t.value) for t in options] == [
        ("with", None),
        ("non-lethal", None),
        ("bonus", "-2"),
        ("with", "great axe"),
    ]


def test_option_value_positions() -> None:
    line = parsed('attack -bonus=+3 -with="great axe"')
    bonus, weapon = line.tokens
    assert (bonus.value_start, bonus.quoted) == (14, False)
    assert line.text[bonus.value_start :].startswith("+3")
    assert (weapon.value_start, weapon.quoted) == (24, True)
    assert line.text[weapon.value_start :].startswith("great axe")


def test_a_dash_before_a_digit_is_a_word_not_an_option() -> None:
    line = parsed("move -2 - --")
    assert [(t.kind, t.value) for t in line.tokens] == [
        (TokenKind.WORD, "-2"),
        (TokenKind.WORD, "-"),
        (TokenKind.WORD, "--"),
    ]


@pytest.mark.parametrize("text", ["", "   ", "# a comment", "   # indented comment", "\t"])
def test_blank_and_comment_lines_parse_to_none(text: str) -> None:
    assert parse_line(text) is None


def test_comments_end_the_line_outside_quotes() -> None:
    line = parsed('roll 2d6 + 3 # for "damage"')
    assert [t.value for t in line.tokens] == ["2d6", "+", "3"]
    assert line.raw_from(0) == "2d6 + 3"
    assert [t.value for t in parsed('say "#1 fan"').tokens] == ["#1 fan"]
    assert [t.value for t in parsed("attack bob#2").tokens] == ["bob"]


def test_raw_from() -> None:
    line = parsed("roll  2d6 +  3   ")
    assert line.raw_from(0) == "2d6 +  3"
    assert line.raw_from(1) == "+  3"
    assert line.raw_from(3) == ""


def test_carriage_return_is_whitespace() -> None:
    assert [t.value for t in parsed("attack bob\r").tokens] == ["bob"]


SYNTAX_ERRORS = [
    ('attack "Raptor 2', "unterminated quote at column 7", 7),
    ("attack 'Raptor", "unterminated quote at column 7", 7),
    ('"Raptor 2 attack', "unterminated quote at column 0", 0),
    ("bob:", "missing command after the actor at column 4", 4),
    ("bob: # nothing", "missing command after the actor at column 4", 4),
    ("2d6 attack", 'expected a command name, found "2d6" at column 0', 0),
    ('"Raptor 2" attack', 'expected a command name, found "Raptor 2" at column 0', 0),
    ("-with attack", 'expected a command name, found "-with" at column 0', 0),
    ("++attack", 'expected a command name, found "+attack" at column 1', 1),
    ("bob: 12", 'expected a command name, found "12" at column 5', 5),
    ("attack bob\nattack", "line break inside a command at column 10", 10),
    ('attack "bob"x', 'expected a space before "x" at column 12', 12),
    ("attack!", 'expected a space before "!" at column 6', 6),
    ("bob: jim: attack", 'expected a space before ":" at column 8', 8),
    ("sheet/", 'empty switch after "/" at column 6', 6),
    ("sheet//b", 'empty switch after "/" at column 6', 6),
    ("attack -with= bob", '-with needs a value after "=" at column 13', 13),
]


@pytest.mark.parametrize(("text", "message", "column"), SYNTAX_ERRORS)
def test_syntax_errors_name_the_problem_and_column(text: str, message: str, column: int) -> None:
    with pytest.raises(CommandSyntaxError) as caught:
        parse_line(text)
    error = caught.value
    assert error.message == message
    assert error.column == column
    assert error.text == text
    assert isinstance(error, CommandError)
    assert isinstance(error, FracasError)


def test_syntax_error_str_has_a_caret_line() -> None:
    with pytest.raises(CommandSyntaxError) as caught:
        parse_line('attack "Raptor 2')
    assert str(caught.value) == ('unterminated quote at column 7\nattack "Raptor 2\n       ^')


def test_caret_keeps_tabs_aligned() -> None:
    with pytest.raises(CommandSyntaxError) as caught:
        parse_line("attack\t'x")
    assert caught.value.caret() == "attack\t'x\n      \t^"


def test_caret_is_empty_for_multi_line_text() -> None:
    with pytest.raises(CommandSyntaxError) as caught:
        parse_line("attack\nbob")
    assert caught.value.caret() == ""
    assert str(caught.value) == "line break inside a command at column 6"


def test_a_line_parsed_once_is_kept_and_a_bad_line_is_refused_every_time() -> None:
    first = parse_line("attack raptor-1 -mode=burst")
    assert first is parse_line("attack raptor-1 -mode=burst")  # kept, not parsed again
    assert first is not None and first.verb == "attack"
    for _ in range(2):
        with pytest.raises(CommandSyntaxError) as raised:
            parse_line('attack "raptor')
        assert raised.value.column == 7

"""Text → CommandLine: the shape of a command, before anyone knows what the command means.

A line is ``[ACTOR ":"] [+]VERB[/SWITCH...] ARG*`` (the grammar is ``command.lark``). ``#`` starts
a comment outside quotes; a blank or comment-only line parses to None. Every token keeps its
character span in the line, so a binder can slice the raw rest of the line and an error can point
at a column.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from importlib import resources

import lark

from fracas.commands.errors import CommandSyntaxError

__all__ = ["CommandLine", "Token", "TokenKind", "parse_line"]


class TokenKind(enum.Enum):
    """What an argument token looks like."""

    WORD = "word"
    """A bare word: ``raptor2``, ``-2``, ``1d20+3``, ``+``, ``it's``."""
    STRING = "string"
    """A quoted string: ``"Raptor 2"`` or ``'Raptor 2'``; its value has no quotes."""
    OPTION = "option"
    """``-name``, ``--name`` or ``-name=value``."""


@dataclass(frozen=True)
class Token:
    """One argument as typed: its kind, its exact text and where it sits in the line.

    ``value`` is the word, the string without its quotes, or an option's value after ``=``
    (None when the option has no ``=``). ``name`` is an option's name, lower case with ``_`` made
    ``-`` (None for other kinds). ``value_start`` is where ``value`` begins in the line.
    """

    kind: TokenKind
    raw: str
    start: int
    end: int
    value: str | None
    name: str | None = None
    value_start: int | None = None
    quoted: bool = False
    """The value was typed in quotes (a STRING, or ``-name="..."``)."""


@dataclass(frozen=True)
class CommandLine:
    """A parsed line. ``verb`` and ``switches`` are lower case; ``actor`` is as typed (unquoted).

    The ``*_span`` fields are (start, end) offsets into ``text``.
    """

    text: str
    actor: str | None
    verb: str
    switches: tuple[str, ...]
    tokens: tuple[Token, ...]
    actor_span: tuple[int, int] | None = None
    verb_span: tuple[int, int] = (0, 0)
    switch_spans: tuple[tuple[int, int], ...] = ()

    def raw_from(self, index: int) -> str:
        """The line as typed from token ``index`` to the last token (comments left out)."""
        if index >= len(self.tokens):
            return ""
        return self.text[self.tokens[index].start : self.tokens[-1].end]


@functools.cache
def _parser() -> lark.Lark:
    grammar = resources.files("fracas.commands").joinpath("command.lark").read_text("utf-8")
    return lark.Lark(grammar, parser="lalr", lexer="contextual")


PARSED = 512
"""How many lines ``parse_line`` keeps parsed: a table types the same few commands over and
over (``attack raptor-1``, ``undo``), and lark's parse was a fifth of running one."""


@functools.lru_cache(maxsize=PARSED)
def parse_line(text: str) -> CommandLine | None:
    """Parse one line of command text; None for a blank or comment-only line. The shape of a
    line depends on its text alone (never on an encounter), so a line parsed once is kept
    (the last ``PARSED``); a CommandLine is frozen, so sharing it is safe.

    Raises CommandSyntaxError (with the 0-based column) when the line is not a command.
    """
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedCharacters as exc:
        raise _character_error(text, exc.pos_in_stream or 0) from None
    except lark.exceptions.UnexpectedToken as exc:
        raise _token_error(text, exc.token) from None
    except lark.exceptions.LarkError as exc:  # pragma: no cover - lark's other failures
        raise CommandSyntaxError(f"cannot read the line ({exc})", column=0, text=text) from None
    found: list[lark.Token] = []
    _collect(tree, found)
    if not found:
        return None
    return _build(text, found)


def _collect(tree: lark.Tree[lark.Token], into: list[lark.Token]) -> None:
    for child in tree.children:
        if isinstance(child, lark.Tree):
            _collect(child, into)
        else:
            into.append(child)


def _character_error(text: str, pos: int) -> CommandSyntaxError:
    char = text[pos] if pos < len(text) else ""
    if char in "\"'":
        problem = "unterminated quote"
    elif char in "\n\r" or (char.isspace() and char not in " \t"):
        problem = "line break inside a command"
    else:
        problem = f"unexpected character {char!r}"
    return CommandSyntaxError(problem, column=pos, text=text)


def _token_error(text: str, token: lark.Token) -> CommandSyntaxError:
    if token.type == "$END":
        column = token.end_pos if token.end_pos is not None else len(text)
        return CommandSyntaxError("missing command after the actor", column=column, text=text)
    start = token.start_pos if token.start_pos is not None else 0
    if token.type == "ACTOR":  # pragma: no cover - the grammar only tries ACTOR at the start
        return CommandSyntaxError("unexpected actor", column=start, text=text)
    found = str(token.value)
    shown = found if found[:1] in ("'", '"') else f'"{found}"'
    return CommandSyntaxError(f"expected a command name, found {shown}", column=start, text=text)


def _build(text: str, found: list[lark.Token]) -> CommandLine:
    actor: str | None = None
    actor_span: tuple[int, int] | None = None
    rest = list(found)
    if rest[0].type == "ACTOR":
        head = rest.pop(0)
        raw = str(head)[:-1].rstrip()  # drop the colon and any spaces before it
        actor = _unquote(raw)
        actor_span = (_start(head), _start(head) + len(raw))
    if rest[0].type == "PLUS":
        rest.pop(0)
    verb_token = rest.pop(0)
    verb, switches, switch_spans = _split_verb(text, verb_token)
    previous_end = _end(verb_token)
    tokens: list[Token] = []
    for tok in rest:
        start = _start(tok)
        if start == previous_end:
            raise CommandSyntaxError(f'expected a space before "{tok}"', column=start, text=text)
        tokens.append(_argument(text, tok))
        previous_end = _end(tok)
    return CommandLine(
        text=text,
        actor=actor,
        verb=verb,
        switches=switches,
        tokens=tuple(tokens),
        actor_span=actor_span,
        verb_span=(_start(verb_token), _start(verb_token) + len(str(verb_token).split("/")[0])),
        switch_spans=switch_spans,
    )


def _split_verb(
    text: str, tok: lark.Token
) -> tuple[str, tuple[str, ...], tuple[tuple[int, int], ...]]:
    name, *parts = str(tok).split("/")
    position = _start(tok) + len(name)
    switches: list[str] = []
    spans: list[tuple[int, int]] = []
    for part in parts:
        position += 1  # the slash
        if not part:
            raise CommandSyntaxError('empty switch after "/"', column=position, text=text)
        switches.append(part.lower())
        spans.append((position, position + len(part)))
        position += len(part)
    return name.lower(), tuple(switches), tuple(spans)


def _argument(text: str, tok: lark.Token) -> Token:
    raw = str(tok)
    start, end = _start(tok), _end(tok)
    if tok.type == "STRING":
        return Token(
            TokenKind.STRING, raw, start, end, raw[1:-1], value_start=start + 1, quoted=True
        )
    if tok.type == "WORD":
        return Token(TokenKind.WORD, raw, start, end, raw, value_start=start)
    name, equals, value = raw.lstrip("-").partition("=")
    name = name.lower().replace("_", "-")
    if not equals:
        return Token(TokenKind.OPTION, raw, start, end, None, name=name)
    value_start = end - len(value)
    if not value:
        raise CommandSyntaxError(f'-{name} needs a value after "="', column=end, text=text)
    quoted = value[0] in "\"'"
    if quoted:
        value, value_start = value[1:-1], value_start + 1
    return Token(
        TokenKind.OPTION, raw, start, end, value, name=name, value_start=value_start, quoted=quoted
    )


def _unquote(raw: str) -> str:
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    return raw


def _start(tok: lark.Token) -> int:
    return tok.start_pos if tok.start_pos is not None else 0


def _end(tok: lark.Token) -> int:
    return tok.end_pos if tok.end_pos is not None else _start(tok) + len(tok)

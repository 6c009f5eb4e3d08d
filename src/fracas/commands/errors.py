"""Errors of the command language: each names what is wrong and where.

Every error carries ``message`` (one line, what ``str()`` gives, except for a syntax error which
adds the line and a caret under it), ``column`` (0-based offset into the typed line, or None when
nothing in particular is to blame) and ``text`` (the typed line, when known). ``render()`` gives
the message with the line and a caret under the column, for front ends that can show two lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.errors import FracasError


def _at(column: int | None) -> str:
    return "" if column is None else f" at column {column}"


def _prefix(command: str | None) -> str:
    return "" if command is None else f"{command}: "


def _listing(items: Sequence[str]) -> str:
    return ", ".join(items)


class CommandError(FracasError):
    """A line of command text that cannot become an action."""

    def __init__(self, message: str, *, column: int | None = None, text: str | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        self.text = text

    def __str__(self) -> str:
        return self.message

    def caret(self) -> str:
        """The typed line and a caret under the column, or "" when either is unknown."""
        if self.text is None or self.column is None or "\n" in self.text:
            return ""
        pad = "".join("\t" if ch == "\t" else " " for ch in self.text[: self.column])
        return f"{self.text}\n{pad}^"

    def render(self) -> str:
        """The message, then the line and a caret when they are known."""
        caret = self.caret()
        return f"{self.message}\n{caret}" if caret else self.message


class CommandSyntaxError(CommandError):
    """The line is not shaped like a command: an unterminated quote, no command name ..."""

    def __init__(self, problem: str, *, column: int, text: str):
        super().__init__(f"{problem} at column {column}", column=column, text=text)
        self.problem = problem

    def __str__(self) -> str:
        return self.render()


class ActionSpecError(CommandError):
    """An action class that the command language cannot describe (a declaration bug)."""


class UnknownCommand(CommandError):
    """No command has this name, alias or prefix."""

    def __init__(
        self,
        verb: str,
        suggestions: Sequence[str] = (),
        *,
        column: int | None = None,
        text: str | None = None,
    ):
        hint = f" (did you mean {_listing(suggestions)}?)" if suggestions else ""
        super().__init__(f'unknown command "{verb}"{hint}', column=column, text=text)
        self.verb = verb
        self.suggestions = tuple(suggestions)


class AmbiguousCommand(CommandError):
    """The typed name is a prefix of several commands."""

    def __init__(
        self,
        verb: str,
        candidates: Sequence[str],
        *,
        column: int | None = None,
        text: str | None = None,
    ):
        super().__init__(
            f'command "{verb}" is ambiguous: {_listing(candidates)}', column=column, text=text
        )
        self.verb = verb
        self.candidates = tuple(candidates)


class UnknownName(CommandError):
    """No combatant matches a typed name; ``suggestions`` are the closest display names."""

    def __init__(
        self,
        typed: str,
        suggestions: Sequence[str] = (),
        *,
        what: str = "combatant",
        note: str = "",
        command: str | None = None,
        column: int | None = None,
        text: str | None = None,
    ):
        if suggestions:
            hint = f" (did you mean {_listing(suggestions)}?)"
        elif note:
            hint = f" ({note})"
        else:
            hint = ""
        message = f'{_prefix(command)}unknown {what} "{typed}"{_at(column)}{hint}'
        super().__init__(message, column=column, text=text)
        self.typed = typed
        self.suggestions = tuple(suggestions)


class AmbiguousName(CommandError):
    """Several combatants match a typed name; ``candidates`` lists all their display names."""

    def __init__(
        self,
        typed: str,
        candidates: Sequence[str],
        *,
        what: str = "",
        command: str | None = None,
        column: int | None = None,
        text: str | None = None,
    ):
        role = f"{what} " if what else ""
        message = f'{_prefix(command)}{role}"{typed}"{_at(column)} matches {_listing(candidates)}'
        super().__init__(message, column=column, text=text)
        self.typed = typed
        self.candidates = tuple(candidates)


class ArgumentError(CommandError):
    """The command is known but its arguments do not fit it."""

    def __init__(
        self,
        command: str,
        problem: str,
        *,
        column: int | None = None,
        text: str | None = None,
        hint: str = "",
    ):
        suffix = f" ({hint})" if hint else ""
        super().__init__(f"{command}: {problem}{_at(column)}{suffix}", column=column, text=text)
        self.command = command
        self.problem = problem


class MissingArgument(ArgumentError):
    """A required argument was not given (``attack: missing target``)."""

    def __init__(self, command: str, argument: str, *, usage: str = "", text: str | None = None):
        super().__init__(command, f"missing {argument}", text=text)
        self.argument = argument
        self.usage = usage


class MissingValue(ArgumentError):
    """An option that takes a value came last or was followed by another option."""

    def __init__(self, command: str, option: str, *, column: int, text: str | None = None):
        super().__init__(command, f"{option} needs a value", column=column, text=text)
        self.option = option


class UnexpectedArgument(ArgumentError):
    """More arguments than the command takes."""

    def __init__(
        self, command: str, argument: str, *, column: int, text: str | None = None, hint: str = ""
    ):
        problem = f'unexpected argument "{argument}"'
        super().__init__(command, problem, column=column, text=text, hint=hint)
        self.argument = argument


class UnknownOption(ArgumentError):
    """An option or switch the command does not have."""

    def __init__(
        self,
        command: str,
        option: str,
        suggestions: Sequence[str] = (),
        *,
        column: int,
        text: str | None = None,
    ):
        hint = f"did you mean {_listing(suggestions)}?" if suggestions else ""
        problem = f"unknown option {option}"
        super().__init__(command, problem, column=column, text=text, hint=hint)
        self.option = option
        self.suggestions = tuple(suggestions)


class AmbiguousOption(ArgumentError):
    """An abbreviated option that could be several options."""

    def __init__(
        self,
        command: str,
        option: str,
        candidates: Sequence[str],
        *,
        column: int,
        text: str | None = None,
    ):
        super().__init__(
            command,
            f"{option} is ambiguous ({_listing(candidates)})",
            column=column,
            text=text,
        )
        self.option = option
        self.candidates = tuple(candidates)


class RepeatedOption(ArgumentError):
    """The same argument given twice (``-with axe -with sword``)."""

    def __init__(self, command: str, option: str, *, column: int, text: str | None = None):
        super().__init__(command, f"{option} given twice", column=column, text=text)
        self.option = option


class InvalidValue(ArgumentError):
    """A value of the wrong shape: not a number, not one of the choices, not yes or no."""


class InvalidAction(ArgumentError):
    """The action class itself refused the arguments (a ValueError from its constructor)."""

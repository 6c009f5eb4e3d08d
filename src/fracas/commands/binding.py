"""CommandLine → Action: fit the typed arguments to the fields of one action class.

The verb picks the command (exactly, by alias, or by unique prefix). Then, left to right:

* ``-flag`` / ``--flag`` / ``-flag=value`` / a MUSH switch ``/flag`` give a field by its flag name
  (any case, a unique prefix allowed). A bool flag takes no value; ``-no-flag`` and
  ``-flag=no`` make it False. Any other flag takes the value after ``=`` or the next argument.
  A switch (``+attack/adv``) can only set a bool field.
* every other argument is positional: the required non-bool fields are filled in field order. A
  ``tuple[CombatantId, ...]`` field takes as many arguments as the fields after it leave over
  (names may also be joined by commas: ``a,b``), or exactly one when the command has a rest field.
  Spare arguments that together spell a combatant's id or name exactly are joined into one name
  (``attack Raptor 2``); a name with spaces can always be quoted instead.
* a ``rest`` field starts at the first positional argument after the required fields are filled
  and takes the line as typed from there to its end (options included: put options before it).
  When the rest is one quoted string, it is that string without quotes.
* a bare ``--`` ends the options: every later argument is positional.

The actor is the ``ACTOR:`` prefix, matched leniently, or else the context's default actor.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from fracas.commands.catalogue import ActionCatalogue
from fracas.commands.errors import (
    AmbiguousOption,
    InvalidAction,
    InvalidValue,
    MissingArgument,
    MissingValue,
    RepeatedOption,
    UnexpectedArgument,
    UnknownOption,
)
from fracas.commands.help import usage
from fracas.commands.names import normalize_name, resolve_name
from fracas.commands.spec import MISSING, CommandSpec, Param, ParamKind, spec_of
from fracas.commands.syntax import CommandLine, Token, TokenKind, parse_line
from fracas.engine.action import Action, CombatantId
from fracas.errors import FracasError

__all__ = ["BindContext", "CommandSpec", "bind", "bind_text", "spec_of"]

_INT = re.compile(r"[+-]?[0-9]+\Z")
_MAX_DIGITS = 18
_MAX_JOINED = 6
_TRUE = frozenset({"yes", "y", "true", "t", "on", "1"})
_FALSE = frozenset({"no", "n", "false", "f", "off", "0"})


@dataclass(frozen=True)
class BindContext:
    """What binding needs to know about the encounter.

    ``combatants`` maps each combatant's id to its display name; ``actor`` is who acts when the
    line has no ``ACTOR:`` prefix (the combatant whose turn it is, or the chat speaker's
    character; None for the game master).
    """

    combatants: Mapping[CombatantId, str] = field(default_factory=dict)
    actor: CombatantId | None = None


def _catalogue(actions: Mapping[str, type[Action]] | ActionCatalogue) -> ActionCatalogue:
    if isinstance(actions, ActionCatalogue):
        return actions
    return ActionCatalogue.from_mapping(actions)


def bind(
    line: CommandLine,
    actions: Mapping[str, type[Action]] | ActionCatalogue,
    context: BindContext,
) -> Action:
    """The action a parsed line asks for. Raises a CommandError naming what is wrong and where.

    ``actions`` is an ActionCatalogue or a mapping verb → action class.
    """
    spec = _catalogue(actions).lookup(line.verb, column=line.verb_span[0], text=line.text)
    actor = context.actor
    if line.actor is not None:
        actor = resolve_name(
            line.actor,
            context.combatants,
            what="actor",
            command=spec.verb,
            column=line.actor_span[0] if line.actor_span else 0,
            text=line.text,
        )
    values = _Binder(spec, line, context).run()
    try:
        return spec.action(actor=actor, **values)
    except ValueError as exc:
        raise InvalidAction(spec.verb, str(exc), text=line.text) from exc


def bind_text(
    text: str,
    actions: Mapping[str, type[Action]] | ActionCatalogue,
    context: BindContext,
) -> Action | None:
    """parse_line then bind; None for a blank or comment-only line."""
    line = parse_line(text)
    return None if line is None else bind(line, actions, context)


class _Binder:
    """The state of binding one line to one spec."""

    def __init__(self, spec: CommandSpec, line: CommandLine, context: BindContext) -> None:
        self.spec = spec
        self.line = line
        self.context = context
        self.command = spec.verb
        self.values: dict[str, object] = {}
        self.names: dict[str, list[CombatantId]] = {}
        self.flags = {param.flag: param for param in spec.params}

    def run(self) -> dict[str, object]:
        self._switches()
        positionals, rest = self._walk()
        self._positionals(positionals)
        self._rest(rest)
        for name, ids in self.names.items():
            self.values[name] = tuple(ids)
        for param in self.spec.params:
            given = param.name in self.values
            if param.kind is ParamKind.BOOL and not given and param.default is not MISSING:
                self.values[param.name] = param.default
        return self.values

    # -- walking the tokens ------------------------------------------------------------------

    def _walk(self) -> tuple[list[Token], str | None]:
        tokens = self.line.tokens
        positionals: list[Token] = []
        options_open = True
        index = 0
        while index < len(tokens):
            token = tokens[index]
            if options_open and token.kind is TokenKind.OPTION:
                index = self._option(index)
                continue
            if options_open and token.kind is TokenKind.WORD and token.raw == "--":
                options_open = False
                index += 1
                continue
            if self._rest_starts(len(positionals)):
                return positionals, self._rest_text(index)
            positionals.append(token)
            index += 1
        return positionals, None

    def _given(self, param: Param) -> bool:
        return param.name in self.values or param.name in self.names

    def _rest_starts(self, filled: int) -> bool:
        rest = self.spec.rest
        if rest is None or self._given(rest):
            return False
        pending = sum(not self._given(param) for param in self.spec.positionals)
        return filled >= pending

    def _rest_text(self, index: int) -> str:
        tokens = self.line.tokens
        last = tokens[-1]
        if index == len(tokens) - 1 and last.kind is TokenKind.STRING and last.value is not None:
            return last.value
        return self.line.raw_from(index)

    # -- options and switches ----------------------------------------------------------------

    def _option(self, index: int) -> int:
        tokens = self.line.tokens
        token = tokens[index]
        name = token.name or ""
        param, negated = self._flag(name, f"-{name}", token.start)
        label = f"-{param.flag}"
        if param.kind is ParamKind.BOOL:
            value = True
            if token.value is not None:
                value = self._bool(token.value, label, token.value_start)
            self._set(param, value != negated, label, token.start)
            return index + 1
        if token.value is not None:
            self._give(
                param,
                label,
                token.value,
                token.value_start or token.start,
                token.quoted,
                token.start,
            )
            return index + 1
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is None or following.kind is TokenKind.OPTION:
            raise MissingValue(self.command, label, column=token.start, text=self.line.text)
        value_text, column = _positional_value(following)
        self._give(param, label, value_text, column, following.quoted, token.start)
        return index + 2

    def _switches(self) -> None:
        for switch, (start, _) in zip(self.line.switches, self.line.switch_spans, strict=True):
            label = f"/{switch}"
            param, negated = self._flag(switch, label, start)
            if param.kind is not ParamKind.BOOL:
                raise InvalidValue(
                    self.command,
                    f"switch {label} needs a value",
                    column=start,
                    text=self.line.text,
                    hint=f"use -{param.flag} {param.metavar}",
                )
            self._set(param, not negated, label, start)

    def _flag(self, name: str, shown: str, column: int) -> tuple[Param, bool]:
        """The parameter a typed flag name gives, and whether it is negated (``no-``)."""
        flags = self.flags
        if name in flags:
            return flags[name], False
        base = name[3:] if name.startswith("no-") else ""
        if base in flags and flags[base].kind is ParamKind.BOOL:
            return flags[base], True
        matches = [param for flag, param in flags.items() if flag.startswith(name)]
        if len(matches) == 1:
            return matches[0], False
        if matches:
            raise AmbiguousOption(
                self.command,
                shown,
                [f"-{param.flag}" for param in matches],
                column=column,
                text=self.line.text,
            )
        if base:
            negated = [
                param
                for flag, param in flags.items()
                if param.kind is ParamKind.BOOL and flag.startswith(base)
            ]
            if len(negated) == 1:
                return negated[0], True
        close = difflib.get_close_matches(name, list(flags), n=3, cutoff=0.6)
        raise UnknownOption(
            self.command,
            shown,
            [f"-{flag}" for flag in close],
            column=column,
            text=self.line.text,
        )

    def _set(self, param: Param, value: object, label: str, column: int) -> None:
        if self._given(param):
            raise RepeatedOption(self.command, label, column=column, text=self.line.text)
        self.values[param.name] = value

    # -- positionals and the rest ------------------------------------------------------------

    def _positionals(self, tokens: list[Token]) -> None:
        pending = [param for param in self.spec.positionals if not self._given(param)]
        has_rest = self.spec.rest is not None
        index = 0
        for number, param in enumerate(pending):
            if index >= len(tokens):
                raise MissingArgument(
                    self.command,
                    param.label,
                    usage=usage(self.spec, with_help=False),
                    text=self.line.text,
                )
            # the arguments this parameter may use, leaving one for each parameter after it
            budget = 1 if has_rest else max(1, len(tokens) - index - (len(pending) - number - 1))
            if param.kind is ParamKind.COMBATANTS:
                end = index + budget
                while index < end:
                    index = self._positional(param, tokens, index, end - index)
            elif param.kind is ParamKind.COMBATANT:
                index = self._positional(param, tokens, index, budget)
            else:
                index = self._positional(param, tokens, index, 1)
        if index < len(tokens):
            extra = tokens[index]
            flagged = [param for param in self.spec.positionals if param not in pending]
            hint = "; ".join(f"{p.label} is already given by -{p.flag}" for p in flagged)
            raise UnexpectedArgument(
                self.command, extra.raw, column=extra.start, text=self.line.text, hint=hint
            )

    def _positional(self, param: Param, tokens: list[Token], index: int, budget: int) -> int:
        """Give ``param`` the argument at ``index``; return the index after what it used.

        A name typed without quotes over several arguments (``attack Raptor 2``) is joined when
        the joined words are exactly a combatant's id or name and the arguments are spare.
        """
        size = self._joined_name(tokens, index, budget) if budget > 1 else 1
        first = tokens[index]
        value_text, column = _positional_value(first)
        if size > 1:
            value_text = " ".join(token.raw for token in tokens[index : index + size])
        self._give(param, param.label, value_text, column, first.quoted, first.start)
        return index + size

    def _joined_name(self, tokens: list[Token], index: int, budget: int) -> int:
        keys = {normalize_name(key) for key in self.context.combatants}
        keys |= {normalize_name(name) for name in self.context.combatants.values()}
        for size in range(min(budget, _MAX_JOINED), 1, -1):
            group = tokens[index : index + size]
            if len(group) < size or any(
                token.kind is not TokenKind.WORD or "," in token.raw for token in group
            ):
                continue
            if normalize_name("".join(token.raw for token in group)) in keys:
                return size
        return 1

    def _rest(self, text: str | None) -> None:
        rest = self.spec.rest
        if rest is None or self._given(rest):
            return
        if text is not None:
            self.values[rest.name] = text
        elif rest.required:
            raise MissingArgument(
                self.command,
                rest.label,
                usage=usage(self.spec, with_help=False),
                text=self.line.text,
            )

    # -- values ------------------------------------------------------------------------------

    def _give(
        self, param: Param, label: str, text: str, column: int, quoted: bool, where: int
    ) -> None:
        """Convert ``text`` (typed at ``column``) for ``param`` and record it."""
        if param.kind is ParamKind.COMBATANTS:
            found = self.names.setdefault(param.name, [])
            found.extend(self._combatants(text, column, quoted, label))
            return
        if param.repeat:
            earlier = self.values.get(param.name, ())
            assert isinstance(earlier, tuple)
            self.values[param.name] = (*earlier, self._convert(param, text, column, label))
            return
        if self._given(param):
            raise RepeatedOption(self.command, label, column=where, text=self.line.text)
        self.values[param.name] = self._convert(param, text, column, label)

    def _convert(self, param: Param, text: str, column: int, label: str) -> object:
        kind = param.kind
        if kind is ParamKind.COMBATANT:
            return self._combatant(text, column)
        if kind is ParamKind.INT:
            return self._int(text, column, label)
        if kind is ParamKind.BOOL:
            return self._bool(text, label, column)
        if kind is ParamKind.CHOICE:
            return self._choice(param, text, column, label)
        if kind is ParamKind.PARSED and param.parse is not None:
            return self._parsed(param.parse, text, column, label)
        return text

    def _parsed(self, parse: Callable[[str], object], text: str, column: int, label: str) -> object:
        try:
            return parse(text)
        except (ValueError, FracasError) as exc:
            problem = f'"{text}" is not valid for {label}'
            raise InvalidValue(
                self.command, problem, column=column, text=self.line.text, hint=str(exc)
            ) from exc

    def _combatant(self, text: str, column: int) -> CombatantId:
        return resolve_name(
            text, self.context.combatants, command=self.command, column=column, text=self.line.text
        )

    def _combatants(self, text: str, column: int, quoted: bool, label: str) -> list[CombatantId]:
        pieces: list[tuple[str, int]] = []
        if quoted:
            pieces.append((text, column))
        else:
            offset = 0
            for piece in text.split(","):
                if piece.strip():
                    pieces.append((piece, column + offset))
                offset += len(piece) + 1
        if not pieces or not any(normalize_name(piece) for piece, _ in pieces):
            raise InvalidValue(
                self.command,
                f'"{text}" names no combatant for {label}',
                column=column,
                text=self.line.text,
            )
        return [self._combatant(piece, start) for piece, start in pieces]

    def _int(self, text: str, column: int, label: str) -> int:
        if not _INT.match(text):
            problem = f'"{text}" is not a number for {label}'
            raise InvalidValue(self.command, problem, column=column, text=self.line.text)
        if len(text.lstrip("+-")) > _MAX_DIGITS:
            problem = f'"{text}" is too large for {label}'
            raise InvalidValue(self.command, problem, column=column, text=self.line.text)
        return int(text)

    def _bool(self, text: str, label: str, column: int | None) -> bool:
        word = text.casefold()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        problem = f'"{text}" is not yes or no for {label}'
        raise InvalidValue(self.command, problem, column=column, text=self.line.text)

    def _choice(self, param: Param, text: str, column: int, label: str) -> object:
        wanted = normalize_name(text)
        keyed = [(normalize_name(choice.label), choice) for choice in param.choices]
        for key, choice in keyed:
            if key == wanted:
                return choice.value
        matches = [choice for key, choice in keyed if wanted and key.startswith(wanted)]
        if len(matches) == 1:
            return matches[0].value
        labels = ", ".join(choice.label for choice in (matches or param.choices))
        if matches:
            problem = f'"{text}" is ambiguous for {label}'
            raise InvalidValue(
                self.command, problem, column=column, text=self.line.text, hint=labels
            )
        problem = f'"{text}" is not one of {labels} for {label}'
        raise InvalidValue(self.command, problem, column=column, text=self.line.text)


def _positional_value(token: Token) -> tuple[str, int]:
    """The text a non-option argument gives, and where it starts (after ``--`` any token)."""
    if token.kind is TokenKind.OPTION or token.value is None:
        return token.raw, token.start
    return token.value, token.value_start if token.value_start is not None else token.start

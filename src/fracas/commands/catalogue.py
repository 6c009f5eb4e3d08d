"""ActionCatalogue: the commands one table understands, found by verb, alias or unique prefix."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping

from fracas.commands.errors import ActionSpecError, AmbiguousCommand, UnknownCommand
from fracas.commands.spec import CommandSpec, spec_of
from fracas.engine.action import Action

__all__ = ["ActionCatalogue"]


def _key(name: str) -> str:
    """Verbs compare in lower case with ``_`` and ``-`` the same (``end_turn`` is ``end-turn``)."""
    return name.lower().replace("_", "-")


class ActionCatalogue:
    """A set of commands, each built from an action class (or given as a CommandSpec).

    A verb or alias may name only one command (ActionSpecError otherwise). ``lookup`` finds a
    command by its verb, one of its aliases, or a prefix of them that names one command only.
    """

    def __init__(self, actions: Iterable[type[Action] | CommandSpec] = ()) -> None:
        self._specs: list[CommandSpec] = []
        self._names: dict[str, CommandSpec] = {}
        for item in actions:
            self.add(item if isinstance(item, CommandSpec) else spec_of(item))

    @classmethod
    def from_mapping(cls, actions: Mapping[str, type[Action]]) -> ActionCatalogue:
        """A catalogue from verb → action class; the key is the verb, the class's aliases count."""
        return cls(spec_of(action, verb=verb) for verb, action in actions.items())

    def add(self, spec: CommandSpec) -> None:
        """Add a command; ActionSpecError when one of its names is taken."""
        for name in map(_key, (spec.verb, *spec.aliases)):
            owner = self._names.get(name)
            if owner is not None and owner is not spec:
                raise ActionSpecError(
                    f'"{name}" names both {owner.action.__qualname__} '
                    f"and {spec.action.__qualname__}"
                )
        self._specs.append(spec)
        for name in map(_key, (spec.verb, *spec.aliases)):
            self._names[name] = spec

    def __iter__(self) -> Iterator[CommandSpec]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def __contains__(self, verb: object) -> bool:
        return isinstance(verb, str) and _key(verb) in self._names

    def get(self, verb: str) -> CommandSpec | None:
        """The command whose verb or alias is exactly ``verb`` (any case), or None."""
        return self._names.get(_key(verb))

    def lookup(
        self, verb: str, *, column: int | None = None, text: str | None = None
    ) -> CommandSpec:
        """The command ``verb`` names: exactly, as an alias, or as a unique prefix.

        Raises UnknownCommand (with the closest verbs) or AmbiguousCommand (with all candidates).
        """
        wanted = _key(verb)
        exact = self._names.get(wanted)
        if exact is not None:
            return exact
        found: dict[str, CommandSpec] = {}
        for name, spec in self._names.items():
            if name.startswith(wanted):
                found[spec.verb] = spec
        if len(found) == 1:
            return next(iter(found.values()))
        if found:
            candidates = sorted(found)
            raise AmbiguousCommand(verb, candidates, column=column, text=text)
        close = difflib.get_close_matches(wanted, list(self._names), n=3, cutoff=0.6)
        suggestions = list(dict.fromkeys(self._names[name].verb for name in close))
        raise UnknownCommand(verb, suggestions, column=column, text=text)

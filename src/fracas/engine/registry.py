"""Finding rulesets by slug or alias.

Rulesets are plug-ins: a package declares its ruleset class under the ``fracas.rulesets``
entry-point group (fracas's own do so in ``pyproject.toml``), and ``find`` loads it on demand.
A package may also declare the ruleset's descriptor, under the same name in the
``fracas.descriptors`` group, so that listing the rulesets (``listed``) loads none of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

from fracas.engine.descriptor import Descriptor
from fracas.errors import FracasError

if TYPE_CHECKING:
    from fracas.engine.ruleset import Ruleset

GROUP = "fracas.rulesets"
DESCRIPTORS = "fracas.descriptors"


class UnknownRuleset(FracasError):
    """No installed ruleset answers to the name."""


@dataclass(frozen=True)
class Listed:
    """A ruleset as a list of them shows it: who it is, and where it is declared."""

    descriptor: Descriptor
    module: str
    """The module that declares the descriptor: its package is the ruleset's (and holds its
    demo)."""


def _ruleset(entry: EntryPoint) -> type[Ruleset]:
    from fracas.engine.ruleset import Ruleset

    loaded = entry.load()
    if not (isinstance(loaded, type) and issubclass(loaded, Ruleset)):
        raise FracasError(f"entry point {entry.name!r} in {GROUP} is not a Ruleset class")
    return loaded


@cache
def rulesets() -> tuple[type[Ruleset], ...]:
    """Every installed ruleset class, by slug."""
    found = [_ruleset(entry) for entry in entry_points(group=GROUP)]
    return tuple(sorted(found, key=lambda r: r.descriptor.slug))


@cache
def listed() -> tuple[Listed, ...]:
    """Every installed ruleset, by slug, read from its ``fracas.descriptors`` entry where it
    has one (its rules are not loaded) and from its class where it has none."""
    described = {entry.name: entry for entry in entry_points(group=DESCRIPTORS)}
    found: list[Listed] = []
    for entry in entry_points(group=GROUP):
        light = described.get(entry.name)
        if light is None:
            ruleset = _ruleset(entry)
            found.append(Listed(ruleset.descriptor, ruleset.__module__))
            continue
        descriptor = light.load()
        if not isinstance(descriptor, Descriptor):
            raise FracasError(f"entry point {light.name!r} in {DESCRIPTORS} is not a Descriptor")
        found.append(Listed(descriptor, light.module))
    return tuple(sorted(found, key=lambda item: item.descriptor.slug))


def find(name: str) -> type[Ruleset]:
    """The ruleset whose slug, name or alias is ``name`` (any case)."""
    wanted = name.strip().lower()
    for ruleset in rulesets():
        d = ruleset.descriptor
        if wanted in {d.slug.lower(), d.name.lower(), *(a.lower() for a in d.aliases)}:
            return ruleset
    known = ", ".join(r.descriptor.slug for r in rulesets()) or "none installed"
    raise UnknownRuleset(f"no ruleset called {name!r} (known: {known})")

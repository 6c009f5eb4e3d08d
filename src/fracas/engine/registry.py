"""Finding rulesets by slug or alias.

Rulesets are plug-ins: a package declares its ruleset class under the ``fracas.rulesets``
entry-point group (fracas's own do so in ``pyproject.toml``), and ``find`` loads it on demand.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from fracas.engine.ruleset import Ruleset
from fracas.errors import FracasError

GROUP = "fracas.rulesets"


class UnknownRuleset(FracasError):
    """No installed ruleset answers to the name."""


@cache
def rulesets() -> tuple[type[Ruleset], ...]:
    """Every installed ruleset class, by slug."""
    found: list[type[Ruleset]] = []
    for entry in entry_points(group=GROUP):
        loaded = entry.load()
        if not (isinstance(loaded, type) and issubclass(loaded, Ruleset)):
            raise FracasError(f"entry point {entry.name!r} in {GROUP} is not a Ruleset class")
        found.append(loaded)
    return tuple(sorted(found, key=lambda r: r.descriptor.slug))


def find(name: str) -> type[Ruleset]:
    """The ruleset whose slug, name or alias is ``name`` (any case)."""
    wanted = name.strip().lower()
    for ruleset in rulesets():
        d = ruleset.descriptor
        if wanted in {d.slug.lower(), d.name.lower(), *(a.lower() for a in d.aliases)}:
            return ruleset
    known = ", ".join(r.descriptor.slug for r in rulesets()) or "none installed"
    raise UnknownRuleset(f"no ruleset called {name!r} (known: {known})")

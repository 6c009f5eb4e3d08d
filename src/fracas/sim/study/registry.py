"""Finding a ruleset's study mode: the plan maker its package declares.

A study mode is a plug-in, as a ruleset is: a package declares, under the ``fracas.studies``
entry-point group, a ruleset's slug mapped to its ``Planner``, the function that makes the plan
of a fight from its set-up (fracas's own five do so in ``pyproject.toml``:
``momentum = "fracas.sim.study.momentum:plan"``). ``FRACAS_STUDIES`` adds more without
installing them, for development and tests, as ``FRACAS_RULESETS`` adds rulesets: a
comma-separated list of ``slug=module:function``. An installed entry wins over the
environment's for the same slug. The planner's module is imported only when a plan is made.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Protocol

from fracas.errors import FracasError

if TYPE_CHECKING:
    from fracas.engine.ruleset import Ruleset
    from fracas.engine.state import EncounterState
    from fracas.sim.fight import FightResult

GROUP = "fracas.studies"
ENVIRONMENT = "FRACAS_STUDIES"


class Plan(Protocol):
    """What a ruleset's study mode makes of an encounter (``loop.Plan``, ``lurasko``): it
    plays fights, filling its tables from the rules as they need them (``table.Unmirrorable``
    when one meets what study mode cannot play)."""

    def play(self, seed: int, max_rounds: int) -> FightResult:
        """One fight with dice seeded ``seed``."""
        ...

    def describe(self) -> str:
        """Its tables, in words."""
        ...


class Planner(Protocol):
    """Makes the plan of a fight from its set-up (not started); ``table.Unmirrorable`` when
    study mode cannot play it."""

    def __call__(self, ruleset: Ruleset, setup: EncounterState) -> Plan: ...


def planner(slug: str) -> Planner | None:
    """The planner declared for the ruleset ``slug``, or None when there is none. Raises
    FracasError when the declared one is not a function."""
    for entry in entry_points(group=GROUP, name=slug):
        return _checked(entry.load(), f"entry point {slug!r} in {GROUP}")
    named = _from_environment().get(slug)
    if named is None:
        return None
    module, _, name = named.partition(":")
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as error:
        raise FracasError(f"{ENVIRONMENT}: cannot load {slug}={named} ({error})") from error
    return _checked(found, f"{ENVIRONMENT}: {slug}={named}")


def _from_environment() -> dict[str, str]:
    """``FRACAS_STUDIES``: each slug's ``module:function``."""
    found = {}
    for item in os.environ.get(ENVIRONMENT, "").split(","):
        if not item.strip():
            continue
        slug, equals, named = item.strip().partition("=")
        if not equals or ":" not in named:
            raise FracasError(f"{ENVIRONMENT}: {item.strip()!r} is not slug=module:function")
        found[slug.strip()] = named.strip()
    return found


def _checked(found: object, where: str) -> Planner:
    if not callable(found):
        raise FracasError(f"{where} is not a function that makes a plan")
    made: Planner = found
    return made

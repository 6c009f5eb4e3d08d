"""Which rulesets the app can run, and where a ruleset keeps its demo encounter.

The installed rulesets come from the engine's registry (the ``fracas.rulesets`` entry points).
``FRACAS_RULESETS`` adds more without installing them, for development and tests: a comma-
separated list of ``module:Class`` (``FRACAS_RULESETS=tests.cli.rulesets:DemoToy``).
"""

from __future__ import annotations

import importlib
import os
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from fracas.engine import registry
from fracas.engine.descriptor import Descriptor
from fracas.engine.registry import Listed, UnknownRuleset
from fracas.errors import FracasError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from fracas.engine.ruleset import Ruleset

ENVIRONMENT = "FRACAS_RULESETS"
DEMO = "demo.yaml"


def available() -> tuple[type[Ruleset], ...]:
    """The installed rulesets by slug, then those ``FRACAS_RULESETS`` names, in its order."""
    installed = registry.rulesets()
    slugs = {ruleset.descriptor.slug for ruleset in installed}
    extra = tuple(r for r in _from_environment() if r.descriptor.slug not in slugs)
    return (*installed, *extra)


def listed() -> tuple[Listed, ...]:
    """What ``available`` gives, without loading the installed rulesets' rules (those that
    ``FRACAS_RULESETS`` names are loaded, as classes)."""
    installed = registry.listed()
    slugs = {item.descriptor.slug for item in installed}
    extra = tuple(
        Listed(r.descriptor, r.__module__)
        for r in _from_environment()
        if r.descriptor.slug not in slugs
    )
    return (*installed, *extra)


def _from_environment() -> tuple[type[Ruleset], ...]:
    found: list[type[Ruleset]] = []
    for item in os.environ.get(ENVIRONMENT, "").split(","):
        if not item.strip():
            continue
        from fracas.engine.ruleset import Ruleset  # only when one is named: it loads the dice

        module, _, name = item.strip().partition(":")
        try:
            loaded = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError, ValueError) as error:
            raise FracasError(f"{ENVIRONMENT}: cannot load {item.strip()!r} ({error})") from error
        if not (isinstance(loaded, type) and issubclass(loaded, Ruleset)):
            raise FracasError(f"{ENVIRONMENT}: {item.strip()!r} is not a Ruleset class")
        found.append(loaded)
    return tuple(found)


def find(name: str) -> type[Ruleset]:
    """The available ruleset whose slug, name or alias is ``name`` (any case)."""
    every = available()
    for ruleset in every:
        if _answers(ruleset.descriptor, name):
            return ruleset
    raise _unknown(name, [r.descriptor for r in every])


def described(name: str) -> Descriptor:
    """The descriptor of the available ruleset whose slug, name or alias is ``name`` (any
    case), read as ``listed`` reads it: its rules are not loaded."""
    every = [item.descriptor for item in listed()]
    for descriptor in every:
        if _answers(descriptor, name):
            return descriptor
    raise _unknown(name, every)


def sheet_model(name: str) -> type[BaseModel]:
    """The sheet schema of the ruleset called ``name``: loaded from where its descriptor says
    (``sheet``) without its rules, else from its class."""
    where = described(name).sheet
    if not where:
        return find(name).sheet_model
    module, _, attribute = where.partition(":")
    model: type[BaseModel] = getattr(importlib.import_module(module), attribute)
    return model


def _answers(descriptor: Descriptor, name: str) -> bool:
    d = descriptor
    return name.strip().lower() in {d.slug.lower(), d.name.lower(), *(a.lower() for a in d.aliases)}


def _unknown(name: str, every: list[Descriptor]) -> UnknownRuleset:
    known = ", ".join(d.slug for d in every) or "none installed"
    return UnknownRuleset(f"no ruleset called {name!r} (known: {known})")


def demo_path(ruleset: type[Ruleset]) -> Path | None:
    """The ``demo.yaml`` in the package that defines ``ruleset``, or None when it has none."""
    return demo_in(ruleset.__module__)


def demo_in(module: str) -> Path | None:
    """The ``demo.yaml`` in the package of ``module`` (a ruleset's, or its descriptor's), or
    None when it has none."""
    package = importlib.import_module(module).__package__ or module
    try:
        candidate = resources.files(package).joinpath(DEMO)
    except (ModuleNotFoundError, TypeError):
        return None
    if not candidate.is_file():
        return None
    return Path(str(candidate))


def default_demo() -> tuple[type[Ruleset], Path]:
    """The first available ruleset that ships a demo, and its demo file."""
    for ruleset in available():
        path = demo_path(ruleset)
        if path is not None:
            return ruleset, path
    if not available():
        raise UnknownRuleset("no ruleset is installed, so there is no demo to play")
    raise FracasError("no installed ruleset ships a demo encounter")


def demo_of(name: str) -> Path:
    """The demo file of the ruleset called ``name``."""
    ruleset = find(name)
    path = demo_path(ruleset)
    if path is None:
        raise FracasError(f"the {ruleset.descriptor.slug} ruleset ships no demo encounter")
    return path

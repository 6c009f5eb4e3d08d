"""The command reference of ``docs/commands.md``, written from the catalogue so it cannot drift.

The page has a hand-written part and a generated part between two markers; ``update_reference``
rewrites the generated part (``python -m fracas docs commands --write docs/commands.md``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel

from fracas.app.adding import entry_spec
from fracas.app.catalogue import SESSION_COMMANDS, add_spec, build_catalogue
from fracas.commands import CommandSpec, spec_of, usage
from fracas.engine import registry
from fracas.engine.action import Action
from fracas.engine.encounter import ENGINE_ACTIONS
from fracas.engine.gm import AddCombatant
from fracas.engine.joining import AddCombatants
from fracas.engine.ruleset import Ruleset
from fracas.errors import FracasError

BEGIN = "<!-- BEGIN GENERATED COMMAND REFERENCE -->"
END = "<!-- END GENERATED COMMAND REFERENCE -->"
REGENERATE = "python -m fracas docs commands --write docs/commands.md"


def _table(specs: Iterable[CommandSpec]) -> list[str]:
    lines = ["| command | aliases | usage | what it does |", "|---|---|---|---|"]
    for spec in sorted(specs, key=lambda s: s.verb):
        aliases = ", ".join(f"`{a}`" for a in spec.aliases)
        shown = usage(spec, with_help=False).replace("|", "\\|")
        lines.append(f"| `{spec.verb}` | {aliases} | `{shown}` | {spec.help} |")
    return lines


def _engine_specs(action: type[Action]) -> tuple[CommandSpec, ...]:
    if action is AddCombatant:  # both forms of add: the library's and the sheet's
        return (entry_spec(), add_spec(BaseModel))
    if action is AddCombatants:  # what add ENTRY becomes; never typed as such
        return ()
    return (spec_of(action),)


def command_reference(rulesets: Iterable[type[Ruleset]] | None = None) -> str:
    """The generated part of ``docs/commands.md``: every command's usage and help line.

    ``rulesets`` defaults to the installed ones (the registry), in slug order.
    """
    every = tuple(registry.rulesets() if rulesets is None else rulesets)
    common = ENGINE_ACTIONS
    lines = [
        "### Session commands",
        "",
        *_table(spec_of(command) for command in SESSION_COMMANDS),
        "",
        "### Engine commands (every ruleset)",
        "",
        *_table(spec for action in common for spec in _engine_specs(action)),
    ]
    for ruleset in every:
        build_catalogue(ruleset)  # a name two commands share is an error here too
        d = ruleset.descriptor
        own = [spec_of(action) for action in ruleset.actions if action not in common]
        aliases = f" (also: {', '.join(d.aliases)})" if d.aliases else ""
        lines += ["", f"### `{d.slug}`: {d.name}{aliases}", ""]
        lines += _table(own) if own else ["This ruleset adds no commands of its own."]
    if not every:
        lines += ["", "No ruleset is installed, so no ruleset commands are listed."]
    return "\n".join(lines) + "\n"


def generated_part(page: str) -> str:
    """The text between the markers of a page; FracasError when they are missing."""
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        raise FracasError(f"the page has no {BEGIN} … {END} markers")
    return page[start + len(BEGIN) : end].strip("\n") + "\n"


def update_reference(path: str | os.PathLike[str], reference: str | None = None) -> bool:
    """Rewrite the generated part of the page at ``path``; True when it changed."""
    target = Path(path)
    page = target.read_text(encoding="utf-8")
    generated_part(page)
    text = reference if reference is not None else command_reference()
    start, end = page.find(BEGIN), page.find(END)
    updated = f"{page[: start + len(BEGIN)]}\n{text}{page[end:]}"
    if updated == page:
        return False
    target.write_text(updated, encoding="utf-8")
    return True

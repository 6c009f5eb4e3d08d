"""``fracas library``: the stat blocks ``add ENTRY`` finds, listed, shown and checked.

    fracas library [RULESET] [--search TEXT] [--json]   the entries: name, ruleset, side,
                                                        key numbers, where each comes from
    fracas library show NAME [--ruleset R] [--json]     one entry, resolved, with its source
    fracas library check [PATH]                         every file of a folder (default: the
                                                        user's library) checked; exit 1 on
                                                        any error, all of them printed

The user's library is ``FRACAS_LIBRARY`` (folders separated by the system's path separator) or
the ``library`` folder in the user's data directory. Registered on the ``fracas`` app in
cli/app.py; the library and the rulesets are imported when the command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli.terminal import fail, stdout_console
from fracas.errors import FracasError

# The library, Rich and YAML are imported inside the commands, so that ``fracas --help`` does
# not load them.
if TYPE_CHECKING:
    from fracas.library import BrokenFile, Entry, Library

USAGE = "[RULESET] | show NAME | check [PATH]"


def library(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar=USAGE,
            help="A ruleset to list the entries of (default: all); show NAME prints one entry; "
            "check [PATH] checks a folder of entries (default: your library).",
            show_default=False,
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", metavar="RULESET", help="show: the ruleset of the entry."),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            "--search", metavar="TEXT", help="Only entries whose name or description holds TEXT."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The same, as JSON.")] = False,
) -> None:
    """List, show and check the library of stat blocks (add ENTRY xN adds from it)."""
    given = list(words or [])
    if given[:1] == ["show"]:
        if len(given) < 2:
            fail("library show: which entry? (fracas library show NAME)")
        _show(" ".join(given[1:]), ruleset, as_json)
    elif given[:1] == ["check"]:
        if len(given) > 2:
            fail("library check: one folder at most")
        _check(Path(given[1]) if len(given) == 2 else None)
    else:
        if len(given) > 1:
            fail(f"library: one ruleset at most (usage: fracas library {USAGE})")
        _list(given[0] if given else ruleset, search or "", as_json)


def _load() -> Library:
    from fracas.library import load_library

    return load_library()


def _slug(name: str | None) -> str | None:
    if name is None:
        return None
    from fracas.app.rulesets import described

    try:
        return described(name).slug
    except FracasError as error:
        fail(str(error))


def _list(ruleset: str | None, search: str, as_json: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    from fracas.library.numbers import key_numbers
    from fracas.library.records import broken_record, entry_record

    library = _load()
    entries = library.search(_slug(ruleset), search)
    if as_json:
        data = {
            "entries": [entry_record(e) for e in entries],
            "broken": [broken_record(b) for b in library.broken],
        }
        typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    console = stdout_console()
    table = Table("name", "ruleset", "side", "key numbers", "from")
    for entry in entries:
        numbers = ", ".join(f"{label} {value}" for label, value in key_numbers(entry).items())
        origin = entry.origin if entry.builtin else f"{entry.origin}: {entry.file}"
        table.add_row(
            Text(entry.name), Text(entry.ruleset), Text(entry.side), Text(numbers), Text(origin)
        )
    if entries:
        console.print(table)
    else:
        console.print("no entries" + (f" matching {search!r}" if search else ""))
    _print_broken(library.broken)


def _print_broken(broken: tuple[BrokenFile, ...]) -> None:
    """Each broken file and all its errors, one a line, never wrapped (to be read by editors)."""
    for item in broken:
        count = len(item.errors)
        typer.echo(f"broken: {item.file} ({count} error{'s' if count > 1 else ''})")
        for error in item.errors:
            typer.echo(f"  {error}")


def _show(name: str, ruleset: str | None, as_json: bool) -> None:
    from rich.text import Text

    from fracas.commands import CommandError
    from fracas.library.numbers import key_numbers
    from fracas.library.records import entry_record

    library = _load()
    slug = _slug(ruleset)
    slugs = [slug] if slug is not None else sorted({e.ruleset for e in library.entries})
    found: list[Entry] = []
    errors: list[str] = []
    for each in slugs:
        try:
            found.append(library.find(each, name))
        except CommandError as error:
            errors.append(error.message)
    if not found:
        fail("; ".join(errors) if slug is not None else f"no library entry {name!r} in any ruleset")
    if len(found) > 1:
        which = ", ".join(f"{e.name} ({e.ruleset})" for e in found)
        fail(f"{name!r} names entries of several rulesets: {which}; add --ruleset RULESET")
    (entry,) = found
    if as_json:
        typer.echo(json.dumps(entry_record(entry, sheet=True), indent=1, ensure_ascii=False))
        return
    console = stdout_console()
    console.print(Text(f"{entry.name} ({entry.ruleset})", style="bold"))
    if entry.description:
        console.print(Text(entry.description))
    numbers = ", ".join(f"{label} {value}" for label, value in key_numbers(entry).items())
    rows = [
        ("side", entry.side + (" (hidden)" if entry.hidden else "")),
        ("key numbers", numbers),
        ("from", entry.origin),
        ("builds on", entry.base or ""),
        ("source", entry.source),
        ("file", entry.file),
    ]
    for label, value in rows:
        if value:
            console.print(Text(f"{label}: {value}"))
    sheet = entry.sheet.model_dump(mode="json", exclude_defaults=True)
    import yaml

    text = yaml.safe_dump(sheet, sort_keys=False, allow_unicode=True, default_flow_style=False)
    console.print(Text("sheet (fields at their defaults left out):"))
    console.print(Text("\n".join(f"  {line}" for line in text.splitlines())))


def _check(path: Path | None) -> None:
    from fracas.library import load_library, user_folders

    folders = (path,) if path is not None else user_folders()
    if path is not None and not path.is_dir():
        fail(f"{path}: not a folder")
    library = load_library(folders)
    mine = [e for e in library.entries if not e.builtin]
    broken = [b for b in library.broken if not _is_builtin(b.file)]
    for entry in sorted(mine, key=lambda e: e.file):
        shadow = " (shadows built-in)" if entry.shadows else ""
        typer.echo(f"ok: {entry.file}: {entry.name} ({entry.ruleset}){shadow}")
    _print_broken(tuple(broken))
    shown = ", ".join(str(folder) for folder in folders)
    errors = sum(len(b.errors) for b in broken)
    typer.echo(
        f"{len(mine)} entr{'y' if len(mine) == 1 else 'ies'} ok, {len(broken)} broken file"
        f"{'' if len(broken) == 1 else 's'} ({errors} error{'' if errors == 1 else 's'}) in {shown}"
    )
    if broken:
        raise typer.Exit(1)


def _is_builtin(file: str) -> bool:
    from fracas.library import builtin_folder

    return Path(file).is_relative_to(builtin_folder())

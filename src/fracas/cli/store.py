"""The ``fracas`` commands on stored encounters: list, resume, export, import, links, revoke,
delete.

    fracas list                     every stored encounter, the latest first
    fracas resume ID                the tracker on a stored encounter; every step is committed
    fracas export ID > fight.json   its save, as JSON
    fracas import fight.json        a save stored as a new encounter; prints its id and links
    fracas links ID                 its secret links: token, whom each is for
    fracas revoke TOKEN             a link that opens nothing from now on
    fracas delete ID                the encounter gone for good (asks first; --export FILE saves it)

``--database URL`` (or ``FRACAS_DATABASE_URL``) picks the database; the default is a SQLite file
in the user's data directory. Registered on the ``fracas`` app by ``register``; the store (and
SQLAlchemy with it) is imported when a command runs, so that every other command starts
without it; ``list`` reads a SQLite file without it (``fracas.store.summaries``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli.serve import HOST, PORT
from fracas.cli.terminal import encounter_table, fail, read_lines, show, stdout_console
from fracas.errors import FracasError

# The store, the app layer and Rich are imported inside the commands (see the docstring).
if TYPE_CHECKING:
    from fracas.app.session import Session
    from fracas.engine.state import Combatant
    from fracas.store import Store

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help="The database (default: FRACAS_DATABASE_URL, else a SQLite file in the user's "
        "data directory).",
    ),
]
IdArgument = Annotated[str, typer.Argument(metavar="ID", help="The encounter's id (fracas list).")]


def register(app: typer.Typer) -> None:
    """Add the store's commands to the ``fracas`` app."""
    app.command("list")(list_encounters)
    app.command()(resume)
    app.command()(export)
    app.command("import")(import_save)
    app.command("links")(list_links)
    app.command()(revoke)
    app.command()(delete)


def _store(url: str | None) -> Store:
    from fracas.store import Store

    try:
        return Store(url)
    except FracasError as error:
        fail(str(error))


def list_encounters(database: DatabaseOption = None) -> None:
    """List the stored encounters: id, name, ruleset, log entries, last change."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from fracas.store.summaries import listed

    try:
        url, found = listed(database)
    except FracasError as error:
        fail(str(error))
    console = Console(highlight=False)
    if not found:
        console.print(f"no encounters stored in {url}")
        return
    table = Table("id", "name", "ruleset", "entries", "changed")
    for item in found:
        changed = time.strftime("%Y-%m-%d %H:%M", time.localtime(item.updated))
        table.add_row(
            Text(item.id), Text(item.name), Text(item.ruleset), str(item.version), changed
        )
    console.print(table)


def resume(encounter: IdArgument, database: DatabaseOption = None) -> None:
    """Track a stored encounter at the table; each step is committed before it is shown."""
    from rich.text import Text

    from fracas.app.views import view
    from fracas.store import Tracked

    store = _store(database)
    try:
        tracked = Tracked(store, encounter)
    except FracasError as error:
        fail(str(error))
    console = stdout_console()
    session = tracked.session
    console.print(Text(f"{encounter} in {store.url}", style="dim"))
    console.print(encounter_table(view(session.encounter, name=session.name)))
    interactive = sys.stdin.isatty()
    failed = False
    for text in read_lines(console, tracked.session, interactive):
        if not interactive:
            console.print(Text(f"> {text}", style="bold"))
        if text.strip().lower() in ("quit", "exit"):
            break
        try:
            reply = tracked.run(text)
        except FracasError as error:
            console.print(Text(f"error: {error}", style="bold red"))
            failed = True
            continue
        show(console, tracked.session, reply)
        failed |= not reply.ok
        if reply.changed:
            session = tracked.session
            console.print(encounter_table(view(session.encounter, name=session.name)))
    if failed and not interactive:
        raise typer.Exit(1)


def export(encounter: IdArgument, database: DatabaseOption = None) -> None:
    """Print a stored encounter's save as JSON (fracas import or fracas play --load read it)."""
    try:
        data = _store(database).export(encounter)
    except FracasError as error:
        fail(str(error))
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False))


def import_save(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A save (fracas export's JSON).")],
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Also make the player's link of this combatant (repeat for several).",
        ),
    ] = None,
    address: Annotated[
        str,
        typer.Option("--address", metavar="URL", help="The tracker's address (fracas serve's)."),
    ] = f"http://{HOST}:{PORT}",
    database: DatabaseOption = None,
) -> None:
    """Store a save file as a new encounter; print its id and its game master's link (and the
    player links asked for with --player)."""
    from fracas.app.files import imported_session, read_json

    store = _store(database)
    try:
        data = read_json(file)
        session = imported_session(data)
        combatants = [_combatant_named(session, typed) for typed in players or []]
        encounter = store.create(session, "import")
        granted = [store.grant(encounter)] + [store.grant(encounter, c.id) for c in combatants]
    except FracasError as error:
        fail(f"{file}: {error}" if str(file) not in str(error) else str(error))
    named = f": {session.name}" if session.name else ""
    typer.echo(f"imported {file} as encounter {encounter}{named}")
    base = address.rstrip("/")
    typer.echo(f"  game master: {base}/gm/{granted[0].token}")
    for combatant, link in zip(combatants, granted[1:], strict=True):
        typer.echo(f"  {combatant.name}: {base}/play/{link.token}")
    typer.echo(f"Open them while fracas serve runs there; fracas links {encounter} lists them.")


def _combatant_named(session: Session, typed: str) -> Combatant:
    """The combatant ``typed`` names, matched as in commands (``drui`` is Druid)."""
    from fracas.commands.names import resolve_name

    state = session.state
    try:
        found = resolve_name(typed, {c.id: c.name for c in state}, what="combatant for --player")
    except FracasError as error:
        raise FracasError(f"nothing imported: {error}") from error
    return state[found]


def list_links(encounter: IdArgument, database: DatabaseOption = None) -> None:
    """List a stored encounter's secret links: token, and whom each is for."""
    from rich.table import Table
    from rich.text import Text

    store = _store(database)
    try:
        found = store.links(encounter)
        state = store.load(encounter).session.state
    except FracasError as error:
        fail(str(error))
    console = stdout_console()
    if not found:
        console.print(f"encounter {encounter} has no links (fracas serve makes the GM's)")
        return
    table = Table("for", "page")
    table.add_column("token", no_wrap=True)  # whole on one line, to be copied
    for link in found:
        who = state.combatants.get(link.combatant) if link.combatant is not None else None
        holder = "game master" if link.gm else who.name if who is not None else str(link.combatant)
        page = f"/gm/{link.token}" if link.gm else f"/play/{link.token}"
        table.add_row(Text(holder), Text(page), Text(link.token))
    console.print(table)


def revoke(
    token: Annotated[str, typer.Argument(metavar="TOKEN", help="The link's token (fracas links).")],
    database: DatabaseOption = None,
) -> None:
    """Revoke a secret link: its page and live updates stop at once, its token opens nothing."""
    try:
        link = _store(database).revoke(token)
    except FracasError as error:
        fail(str(error))
    if link.gm:
        typer.echo(f"revoked the game master's link to encounter {link.encounter}")
        typer.echo(f"fracas serve {link.encounter} prints a new one")
    else:
        typer.echo(f"revoked {link.combatant}'s player's link to encounter {link.encounter}")


def delete(
    encounter: IdArgument,
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking.")] = False,
    save: Annotated[
        Path | None,
        typer.Option("--export", metavar="FILE", help="Write its save to FILE first."),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Delete a stored encounter for good: its log, its links, its chat claims.

    It cannot be undone: keep its save first with --export FILE (or fracas export ID > FILE);
    fracas import FILE brings it back as a new encounter.
    """
    from fracas.store import Conflict

    store = _store(database)
    try:
        summary = next((s for s in store.summaries() if s.id == encounter), None)
        if summary is None:
            fail(f"no encounter {encounter!r}")
        loaded = store.load(encounter) if save is not None else None
    except FracasError as error:
        fail(str(error))
    if save is not None and loaded is not None:
        data = loaded.session.save()
        try:
            save.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
        except OSError as error:
            fail(f"{save}: cannot write the save, so nothing was deleted: {error.strerror}")
        typer.echo(f"saved {encounter} to {save} (fracas import {save} brings it back)")
    if not yes:
        _confirm(encounter, summary.name, saved=save is not None)
    try:  # with a save: only the encounter as saved, not a step made since (served elsewhere)
        store.delete(encounter, loaded.version if loaded is not None else None)
    except Conflict:
        fail(
            f"{encounter} changed since it was saved to {save}: nothing deleted "
            "(run fracas delete again to save it as it is now)"
        )
    except FracasError as error:
        fail(str(error))
    typer.echo(f"deleted {encounter}")


def _confirm(encounter: str, name: str, saved: bool) -> None:
    """Ask on a terminal; refuse to delete unasked anywhere else."""
    keep = "" if saved else f" (keep it first: fracas export {encounter} > FILE, or --export FILE)"
    if not sys.stdin.isatty():
        fail(f"not deleting {encounter} without --yes{keep}")
    label = f"{encounter} ({name})" if name else encounter
    if not typer.confirm(f"Delete {label} for good?{keep}", default=False):
        typer.echo("nothing deleted")
        raise typer.Exit(1)

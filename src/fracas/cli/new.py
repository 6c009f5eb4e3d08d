"""``fracas new``: a stored encounter built from the library, and the links to open it.

    fracas new momentum "Ambush" --add druid --add scout --add "raptor x4" --players

Each ``--add`` is the arguments of an ``add`` command (``"raptor x3 -side pack -hidden"``); the
encounter is stored in the database (``--database`` or ``FRACAS_DATABASE_URL``, else the
default one) and its game master's link printed, with a link per combatant the players see when
``--players`` is given. Registered on the ``fracas`` app in cli/app.py; the store and the
library are imported when it runs.
"""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from fracas.cli.store import DatabaseOption
from fracas.cli.terminal import fail
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED


def new(
    ruleset: Annotated[
        str, typer.Argument(metavar="RULESET", help="The ruleset (fracas rulesets).")
    ],
    name: Annotated[
        str, typer.Argument(metavar="[NAME]", help="The encounter's name.", show_default=False)
    ] = "",
    adds: Annotated[
        list[str] | None,
        typer.Option(
            "--add",
            metavar='"ENTRY [xN] [-side SIDE] …"',
            help="Combatants from the library, as the arguments of add (repeat it).",
        ),
    ] = None,
    players: Annotated[
        bool, typer.Option("--players", help="Print a link for each combatant the players see.")
    ] = False,
    url: Annotated[
        str,
        typer.Option("--url", metavar="URL", help="Where fracas serve answers, for the links."),
    ] = "http://127.0.0.1:8000",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", metavar="N", min=0, max=MAX_SEED, help="Seed of the dice (default: random)."
        ),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Build a stored encounter from the library and print its game master's link."""
    from fracas.app.building import build_encounter
    from fracas.store import Store

    try:
        session = build_encounter(
            ruleset,
            name,
            adds or [],
            seed=secrets.randbelow(1_000_000) if seed is None else seed,
        )
        store = Store(database)
        encounter = store.create(session, "new")
        links = [("game master", f"/gm/{store.grant(encounter).token}")]
        if players:
            shown = [c for c in session.state if not c.hidden]
            links += [(c.name, f"/play/{store.grant(encounter, c.id).token}") for c in shown]
    except FracasError as error:
        fail(str(error))
    base = url.rstrip("/")
    count = len(session.state.combatants)
    label = f"{name}, " if name else ""
    slug = session.encounter.ruleset.descriptor.slug
    typer.echo(f"encounter {encounter} ({label}{slug}, {count} combatants) in {store.url}")
    for holder, page in links:
        typer.echo(f"  {holder}: {base}{page}")
    typer.echo(f"fracas serve {encounter} serves it; fracas resume {encounter} plays it here")

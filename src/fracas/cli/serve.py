"""``fracas serve``: the web tracker, on the embedded database unless told otherwise.

With no arguments it opens one demo encounter per registered ruleset (the one it opened last
time, if it is still there) and prints each one's game-master link; given stored encounters'
ids, it prints theirs. Every encounter in the database stays reachable through its own links.
Registered on the ``fracas`` app in cli/app.py; the server, the database and FastAPI are imported
when it runs, so that every other command starts without them.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli.terminal import listening_socket, log_to_stderr
from fracas.errors import FracasError

# The web app, the store and the rulesets are imported when the command runs, so that
# ``fracas --help`` does not load them.
if TYPE_CHECKING:
    from fracas.store import Store

DEMO_ORIGIN = "demo:"
HOST = "127.0.0.1"
PORT = 8000


def serve(
    encounters: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[ID]...",
            help="Stored encounters to print the game master's links of (fracas list); "
            "without any, one demo encounter per ruleset.",
        ),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = HOST,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port.")] = PORT,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="The database (default: FRACAS_DATABASE_URL, else a SQLite file in the user's "
            "data directory).",
        ),
    ] = None,
    demos: Annotated[
        bool, typer.Option("--demos/--no-demos", help="Open a demo encounter per ruleset.")
    ] = True,
    server_token: Annotated[
        str | None,
        typer.Option(
            "--server-token",
            envvar="FRACAS_SERVER_TOKEN",
            metavar="TOKEN",
            help="The token creating, importing and listing encounters need (Authorization: "
            "Bearer TOKEN). Beyond 127.0.0.1 one is made up and printed when not given.",
        ),
    ] = None,
) -> None:
    """Run the web tracker: a game master's page and players' pages, updated live."""
    import uvicorn

    from fracas.store import Store
    from fracas.web.app import create_app
    from fracas.web.guard import loopback

    server_token = server_token or None  # an empty token is none
    if server_token is None and not loopback(host):
        server_token = secrets.token_urlsafe(24)

    sock = listening_socket(host, port)
    port = sock.getsockname()[1]
    try:
        store = Store(database)
        if encounters:
            shown = [(f"encounter {e}", store.grant(e).token) for e in encounters]
        else:
            shown = demo_encounters(store) if demos else []
    except FracasError as error:
        sock.close()
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from error
    base = f"http://{host}:{port}"
    typer.echo(f"fracas web tracker on {base} (database {store.url})")
    home = f"{base}/" if server_token is None else f"{base}/#token={server_token}"
    typer.echo(f"  encounters (list, create, import): {home}")
    for name, token in shown:
        typer.echo(f"  {name}: game master {base}/gm/{token}")
    if server_token is not None:
        typer.echo(f"Server token (to create, import or list encounters): {server_token}")
    typer.echo("Player links are made on the game master's page. Ctrl+C stops the server.")
    log_to_stderr()
    # uvicorn's defaults already pick httptools and uvloop (installed with uvicorn[standard]);
    # the access log, which its warning level would drop line by line, is not built at all.
    app = create_app(store, server_token)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])


def demo_encounters(store: Store) -> list[tuple[str, str]]:
    """(title, game master's token) of one demo encounter per ruleset that ships a demo."""
    from fracas.app.files import open_encounter
    from fracas.app.rulesets import available, demo_path

    shown: list[tuple[str, str]] = []
    for ruleset in available():
        path = demo_path(ruleset)
        if path is None:
            continue
        origin = DEMO_ORIGIN + ruleset.descriptor.slug
        encounter = store.find_origin(origin)
        if encounter is None:
            session = open_encounter(path, seed=secrets.randbelow(1_000_000))
            encounter = store.create(session, origin)
        title = f"{ruleset.descriptor.name} demo"
        shown.append((title, store.grant(encounter).token))
    return shown

"""``fracas chat serve``: play a stored encounter over a MUD/MUSH-style line server (the server
and the database are imported when it runs, so that every other command starts without them)."""

from __future__ import annotations

import secrets
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli.terminal import fail, listening_socket, log_to_stderr
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED

# The chat server, the store and the rulesets are imported when the command runs, so that
# ``fracas --help`` does not load them.
if TYPE_CHECKING:
    from fracas.chat.server import ChatServer
    from fracas.store import Store, Tracked

chat_app = typer.Typer(help="Play over chat: a line server for MUD/MUSH clients and telnet.")

DEFAULT_PORT = 4201


@chat_app.command("serve")
def serve(
    file: Annotated[
        str | None,
        typer.Argument(metavar="FILE", help="An encounter file (YAML); with --demo, a ruleset."),
    ] = None,
    demo: Annotated[bool, typer.Option("--demo", help="Serve a ruleset's demo fight.")] = False,
    resume: Annotated[
        str | None, typer.Option("--resume", metavar="ID", help="Serve a stored encounter.")
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="The database (default: FRACAS_DATABASE_URL, else a SQLite file in the "
            "user's data directory).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", metavar="N", min=0, max=MAX_SEED, help="Seed of the dice."),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="The port to listen on (0: any free one).")
    ] = DEFAULT_PORT,
    password: Annotated[
        str | None,
        typer.Option(
            "--gm-password", metavar="WORD", help="The game master's password (default: new)."
        ),
    ] = None,
    typed_dice: Annotated[
        bool, typer.Option("--typed-dice", help="Every die is rolled at the table and typed in.")
    ] = False,
) -> None:
    """Serve an encounter to chat clients: connect with telnet HOST PORT.

    Players connect, claim their combatant (+claim NAME) and play it with the engine's
    commands, each starting with + (+init, +vinit, +roll 1d20+3, +sheet/b); other lines are
    poses. Dice rolled at the table go after ! (+strike npc-1 !15), or on the next line when a
    command asks for them. The encounter lives in the store, every step committed before anyone
    is told of it: --resume ID serves it again after a restart (fracas list shows the ids), and
    players connect with their passwords and play what they claimed, without claiming again.
    """
    import asyncio

    from fracas.chat.server import ChatServer
    from fracas.chat.session import ChatSession
    from fracas.dice import LoadedDice
    from fracas.store import Store, Tracked

    dice = LoadedDice(()) if typed_dice else None
    sock = listening_socket(host, port)
    try:
        store = Store(database)
        tracked = Tracked(store, _stored(store, file, demo, resume, seed), dice)
        chat = ChatSession(tracked)  # with the claims kept from before a restart
    except FracasError as error:
        fail(str(error))
    session = tracked.session
    title = f"{session.name or 'an encounter'} ({session.encounter.ruleset.descriptor.name})"
    server = ChatServer(chat, password or secrets.token_urlsafe(9), title)
    log_to_stderr()
    try:
        asyncio.run(_run(server, sock, tracked))
    except KeyboardInterrupt:
        typer.echo("stopped")


async def _run(server: ChatServer, sock: socket.socket, tracked: Tracked) -> None:
    listening = await server.start(sock=sock)
    bound = listening.sockets[0].getsockname()
    typer.echo(f"fracas chat: listening on {bound[0]} port {bound[1]}")
    typer.echo(f"game master password: {server.game_master_password}")
    typer.echo(f"encounter {tracked.id} in {tracked.store.url}")
    typer.echo(f"resume it: fracas chat serve --resume {tracked.id}")
    sys.stdout.flush()
    async with listening:
        await listening.serve_forever()


def _stored(
    store: Store, file: str | None, demo: bool, resume: str | None, seed: int | None
) -> str:
    """The id of the encounter to serve: the one resumed, or a new one from a file or demo."""
    from fracas.app import rulesets as known_rulesets
    from fracas.app.files import open_encounter

    if resume is not None:
        if file is not None or demo:
            fail("give either --resume ID or an encounter, not both")
        store.version(resume)  # an unknown id fails here, with its message
        return resume
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    if demo:
        path = known_rulesets.demo_of(file) if file else known_rulesets.default_demo()[1]
    elif file is not None:
        path = Path(file)
    else:
        fail("no encounter: give an encounter file, --demo [RULESET] or --resume ID")
    return store.create(open_encounter(path, chosen), origin=f"chat:{path}")

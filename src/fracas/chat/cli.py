"""``fracas chat serve``: play an encounter over a MUD/MUSH-style line server."""

from __future__ import annotations

import asyncio
import secrets
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from fracas.app import rulesets as known_rulesets
from fracas.app.files import autosave_path, load_session, open_encounter, write_session
from fracas.app.session import Session
from fracas.chat.server import ChatServer
from fracas.chat.session import ChatSession
from fracas.dice import DiceSource, LoadedDice
from fracas.errors import FracasError

chat_app = typer.Typer(help="Play over chat: a line server for MUD/MUSH clients and telnet.")

DEFAULT_PORT = 4201


@chat_app.command("serve")
def serve(
    file: Annotated[
        str | None,
        typer.Argument(metavar="FILE", help="An encounter file (YAML); with --demo, a ruleset."),
    ] = None,
    demo: Annotated[bool, typer.Option("--demo", help="Serve a ruleset's demo fight.")] = False,
    load: Annotated[
        Path | None, typer.Option("--load", metavar="SAVE", help="Resume a saved encounter.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help="Seed of the dice.")] = (
        None
    ),
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
    save: Annotated[
        Path | None, typer.Option("--save", metavar="FILE", help="Save here after every step.")
    ] = None,
    typed_dice: Annotated[
        bool, typer.Option("--typed-dice", help="Every die is rolled at the table and typed in.")
    ] = False,
) -> None:
    """Serve an encounter to chat clients: connect with telnet HOST PORT.

    Players connect, claim their combatant (+claim NAME) and play it with the engine's
    commands, each starting with + (+init, +vinit, +roll 1d20+3, +sheet/b); other lines are
    poses. Dice rolled at the table go after ! (+strike npc-1 !15), or on the next line when a
    command asks for them. The encounter is saved after every step (to --save, the --load file, or
    ./NAME.fracas.json); --load resumes it after a restart.
    """
    session = _open(file, demo, load, seed, LoadedDice(()) if typed_dice else None)
    target = save or load or autosave_path(session.name or "encounter")
    word = password or secrets.token_urlsafe(9)

    def saved(changed: Session) -> None:
        write_session(changed, target)

    chat = ChatSession(session, on_change=saved)
    title = f"{session.name or 'an encounter'} ({session.encounter.ruleset.descriptor.name})"
    server = ChatServer(chat, word, title)
    try:
        asyncio.run(_run(server, host, port, word, target))
    except KeyboardInterrupt:
        typer.echo("stopped")


async def _run(server: ChatServer, host: str, port: int, password: str, target: Path) -> None:
    listening = await server.start(host, port)
    bound = listening.sockets[0].getsockname()
    typer.echo(f"fracas chat: listening on {bound[0]} port {bound[1]}")
    typer.echo(f"game master password: {password}")
    typer.echo(f"saving to {target} (resume: fracas chat serve --load {target})")
    sys.stdout.flush()
    async with listening:
        await listening.serve_forever()


def _open(
    file: str | None, demo: bool, load: Path | None, seed: int | None, dice: DiceSource | None
) -> Session:
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    try:
        if load is not None:
            return load_session(load, dice)
        if demo:
            path = known_rulesets.demo_of(file) if file else known_rulesets.default_demo()[1]
            return open_encounter(path, chosen, dice)
        if file is not None:
            return open_encounter(Path(file), chosen, dice)
    except FracasError as error:
        _fail(str(error))
    _fail("no encounter: give an encounter file, --demo [RULESET] or --load SAVE")


def _fail(message: str) -> NoReturn:
    typer.echo(f"fracas: error: {message}", err=True)
    raise typer.Exit(2)

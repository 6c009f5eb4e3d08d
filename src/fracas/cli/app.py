"""The ``fracas`` command: the table-side tracker, script runner and reference (Typer + Rich).

    fracas play [FILE] [--demo] [--load SAVE] [--seed N] [--dice FACES] [--save FILE]
    fracas run SCRIPT [--encounter FILE] [--seed N] [--dice FACES] [--json] [--save FILE]
    fracas rulesets
    fracas library [RULESET] | show NAME | check [PATH]   (see fracas.cli.library)
    fracas new RULESET [NAME] --add "ENTRY xN" … [--players]   (see fracas.cli.new)
    fracas chat serve [FILE] [--demo] [--load SAVE] [--port N] [--gm-password WORD]
    fracas odds WHERE COMMAND …   and   fracas sim ENCOUNTER …   (see fracas.cli.analysis)
    fracas estimate ENCOUNTER [--budget SECONDS] [--json]   (see fracas.cli.estimate)
    fracas docs commands [--write PAGE | --check PAGE]

Exit status: 0 when all went well; 1 when a command of a script (or a piped ``play``) failed;
2 when nothing could start (a bad file, an unknown ruleset, bad YAML, bad options). Errors are
one line on stderr, never a traceback. Everything about commands is in ``docs/commands.md``.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fracas.cli import analysis
from fracas.cli.chat import chat_app
from fracas.cli.estimate import estimate_command
from fracas.cli.library import library
from fracas.cli.new import new
from fracas.cli.serve import serve
from fracas.cli.store import register as register_store
from fracas.cli.terminal import fail
from fracas.errors import FracasError
from fracas.seeds import MAX_SEED

# Sessions, rulesets, the dice and Rich are imported inside the commands that use them: Typer
# needs only the commands' signatures to parse and to print --help, and loading the app layer
# takes about a second.
if TYPE_CHECKING:
    from rich.console import Console

    from fracas.app.session import Session
    from fracas.dice import DiceSource

app = typer.Typer(
    name="fracas",
    help="fracas: tabletop-RPG combat, tracked at the table or run from scripts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
docs_app = typer.Typer(help="Write the reference pages generated from the code.")
app.add_typer(docs_app, name="docs")
app.add_typer(chat_app, name="chat")
register_store(app)
app.command()(serve)
app.command()(library)
app.command()(new)

QUIT = frozenset({"quit", "exit"})
SAVE_WORDS = ("save", "write")
"""``save FILE`` in the tracker and in scripts (``write FILE`` when a ruleset has a save verb)."""

SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        metavar="N",
        min=0,
        max=MAX_SEED,
        help="Seed of the dice (default: a random one, shown).",
    ),
]
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        metavar="FACES",
        help="Faces for the first dice, in order (20,3,6); when they run out, each die is "
        "asked for and typed in.",
    ),
]
TypedOption = Annotated[
    bool,
    typer.Option("--typed-dice", help="Roll every die at the table and type its face in."),
]
SaveOption = Annotated[
    Path | None, typer.Option("--save", metavar="FILE", help="Save here after every step.")
]
LoadOption = Annotated[
    Path | None, typer.Option("--load", metavar="SAVE", help="Resume a saved encounter.")
]
RulesetOption = Annotated[
    str | None,
    typer.Option("--ruleset", metavar="NAME", help="Start an empty encounter of this ruleset."),
]


@dataclass(frozen=True)
class _Source:
    """Where the encounter comes from: a file, a save, or an empty one of a ruleset."""

    encounter: Path | None = None
    load: Path | None = None
    ruleset: str | None = None


def _dice(faces: str | None, typed: bool) -> DiceSource | None:
    from fracas.dice import LoadedDice

    if faces is None:
        return LoadedDice(()) if typed else None
    parts = [p for p in re.split(r"[\s,]+", faces.strip()) if p]
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        fail(f"--dice: {faces!r} is not a list of faces (like 20,3,6)")
    return LoadedDice(int(p) for p in parts)


def _start(source: _Source, seed: int, dice: DiceSource | None) -> Session:
    from fracas.app.files import load_session, new_session, open_encounter

    given = [x for x in (source.encounter, source.load, source.ruleset) if x is not None]
    if len(given) > 1:
        fail("give only one of an encounter file, --load and --ruleset")
    try:
        if source.load is not None:
            return load_session(source.load, dice)
        if source.encounter is not None:
            return open_encounter(source.encounter, seed, dice)
        if source.ruleset is not None:
            return new_session(source.ruleset, seed, dice)
    except FracasError as error:
        fail(str(error))
    fail("no encounter: give an encounter file, --demo, --load SAVE or --ruleset NAME")


def _save_word(session: Session, text: str) -> str | None:
    """The file a ``save FILE`` line names ("" when it names none), or None for other lines."""
    words = text.split(maxsplit=1)
    if not words or words[0].lower() not in SAVE_WORDS:
        return None
    if words[0].lower() == "save" and session.catalogue.get("save") is not None:
        return None  # the ruleset has a save command of its own; "write FILE" still saves
    return words[1].strip() if len(words) > 1 else ""


def _is_status(session: Session, text: str) -> bool:
    from fracas.app.catalogue import Status
    from fracas.commands import CommandError

    try:
        return isinstance(session.bind(text), Status)
    except (CommandError, FracasError):
        return False


# --- play ----------------------------------------------------------------------------------


@app.command()
def play(
    file: Annotated[
        str | None,
        typer.Argument(
            metavar="FILE", help="An encounter file (YAML); with --demo, a ruleset's name."
        ),
    ] = None,
    demo: Annotated[
        bool,
        typer.Option(
            "--demo",
            help="Play a ruleset's demo fight: the one named in place of FILE, or else the "
            "first installed ruleset that ships one.",
        ),
    ] = False,
    load: LoadOption = None,
    ruleset: RulesetOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    typed_dice: TypedOption = False,
    save: SaveOption = None,
    no_save: Annotated[bool, typer.Option("--no-save", help="Do not autosave.")] = False,
) -> None:
    """Track a fight at the table: type commands, see the order, pools and every roll.

    Reads one command per line until end of input or quit. After every step the encounter is
    saved (to --save, to the file given to --load, or to a new ./NAME.fracas.json).
    """
    from rich.text import Text

    from fracas.app import rulesets as known_rulesets
    from fracas.app.files import autosave_path
    from fracas.app.views import view
    from fracas.cli.terminal import encounter_table, read_lines, show, stdout_console

    console = stdout_console()
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    encounter = Path(file) if file is not None and not demo else None
    if demo:
        try:
            if file is not None:
                encounter = known_rulesets.demo_of(file)
            else:
                encounter = known_rulesets.default_demo()[1]
        except FracasError as error:
            fail(str(error))
    session = _start(_Source(encounter, load, ruleset), chosen, _dice(dice, typed_dice))
    target = None if no_save else (save or load or autosave_path(session.name or "encounter"))
    about = f"{session.encounter.ruleset.descriptor.name}; seed {session.encounter.seed}"
    if target is not None:
        about += f"; saving to {target} (resume: fracas play --load {target})"
    console.print(Text(about, style="dim"))
    console.print(encounter_table(view(session.encounter, name=session.name)))
    interactive = sys.stdin.isatty()
    failed = False
    for text in read_lines(console, session, interactive):
        if not interactive:
            console.print(Text(f"> {text}", style="bold"))
        if text.strip().lower() in QUIT:
            break
        saving_to = _save_word(session, text)
        if saving_to is not None:
            failed |= not _save_command(console, session, saving_to or target)
            continue
        status = _is_status(session, text)
        reply = session.run(text)
        if status and reply.ok:
            console.print(encounter_table(view(session.encounter, name=session.name)))
            continue
        show(console, session, reply)
        failed |= not reply.ok
        if reply.changed:
            if target is not None:
                failed |= not _write(console, session, target)
            console.print(encounter_table(view(session.encounter, name=session.name)))
    if target is not None and session.encounter.steps:
        console.print(Text(f"saved to {target}", style="dim"))
    if failed and not interactive:
        raise typer.Exit(1)


def _write(console: Console, session: Session, target: Path) -> bool:
    from rich.text import Text

    from fracas.app.files import write_session

    try:
        write_session(session, target)
    except FracasError as error:
        console.print(Text(f"error: {error}", style="bold red"))
        return False
    return True


def _save_command(console: Console, session: Session, where: str | Path | None) -> bool:
    from rich.text import Text

    if not where:
        console.print(Text("error: save: say where (save FILE)", style="bold red"))
        return False
    if not _write(console, session, Path(where)):
        return False
    console.print(Text(f"saved to {where}"))
    return True


# --- run -----------------------------------------------------------------------------------

_DIRECTIVE = re.compile(r"\s*(encounter|ruleset)\s*:\s*(\S.*?)\s*\Z", re.IGNORECASE)


def _script(path: Path) -> tuple[list[str], _Source]:
    """The script's command lines, and the encounter its first line names (if it does)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        fail(f"{path}: cannot read the script ({getattr(error, 'strerror', None) or error})")
    for index, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _DIRECTIVE.fullmatch(line)
        if match is None:
            break
        rest = lines[:index] + lines[index + 1 :]
        if match.group(1).lower() == "encounter":
            return rest, _Source(encounter=path.parent / match.group(2))
        return rest, _Source(ruleset=match.group(2))
    return lines, _Source()


@app.command()
def run(
    script: Annotated[
        Path, typer.Argument(metavar="SCRIPT", help="A file of commands, one per line.")
    ],
    encounter: Annotated[
        Path | None,
        typer.Option(
            "--encounter",
            metavar="FILE",
            help="The encounter to run it on (instead of the script's 'encounter: FILE').",
        ),
    ] = None,
    load: LoadOption = None,
    ruleset: RulesetOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    typed_dice: TypedOption = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the final save (JSON) instead of the transcript."),
    ] = False,
    save: SaveOption = None,
) -> None:
    """Run a script of commands and print the transcript: each command, then what happened.

    The first line may name the encounter: 'encounter: FILE' (relative to the script) or
    'ruleset: NAME' (an empty one). A command that fails prints its error and the script goes
    on; the exit status is then 1.
    """
    from fracas.app.files import write_session
    from fracas.cli.terminal import told

    lines, named = _script(script)
    source = named
    if encounter is not None or load is not None or ruleset is not None:
        source = _Source(encounter, load, ruleset)
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    session = _start(source, chosen, _dice(dice, typed_dice))
    out: list[str] = []
    errors: list[str] = []
    title = session.name or "encounter"
    slug = session.encounter.ruleset.descriptor.slug
    out.append(f"# {title} ({slug}), seed {session.encounter.seed}")
    for text in lines:
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        out.append(f"> {text}")
        if text.strip().lower() in QUIT:
            break
        saving_to = _save_word(session, text)
        if saving_to is not None:
            saved, message = _script_save(session, saving_to, script)
            out.append(message if saved else f"error: {message}")
            if not saved:
                errors.append(f"{text}: {message}")
            continue
        reply = session.run(text)
        out.extend(told(session, reply))
        if reply.error is not None:
            out.append(f"error: {reply.error}")
            errors.append(f"{text}: {reply.error}")
        if reply.changed and save is not None:
            try:
                write_session(session, save)
            except FracasError as error:
                fail(str(error))
    waiting = session.pending()
    if waiting is not None:
        message = f"{waiting.command}: the script ended waiting for a d{waiting.sides}"
        out.append(f"error: {message}")
        errors.append(message)
    if as_json:
        typer.echo(json.dumps(session.save(), indent=1, ensure_ascii=False))
        for problem in errors:
            typer.echo(f"error: {problem}", err=True)
    else:
        typer.echo("\n".join(out))
    if errors:
        raise typer.Exit(1)


def _script_save(session: Session, where: str, script: Path) -> tuple[bool, str]:
    """Save as a script's ``save FILE`` asks (FILE relative to the script): (done, message)."""
    from fracas.app.files import write_session

    if not where:
        return False, "save: say where (save FILE)"
    try:
        write_session(session, script.parent / where)
    except FracasError as error:
        return False, str(error)
    return True, f"saved to {where}"


# --- rulesets and docs ---------------------------------------------------------------------


@app.command("rulesets")
def list_rulesets() -> None:
    """List the installed rulesets: slug, name, aliases, and whether a demo ships with it."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from fracas.app import rulesets as known_rulesets

    try:
        found = known_rulesets.listed()
    except FracasError as error:
        fail(str(error))
    console = Console(highlight=False)
    if not found:
        console.print("no ruleset is installed")
        return
    table = Table("slug", "name", "aliases", "demo")
    for item in found:
        d = item.descriptor
        demo = "yes" if known_rulesets.demo_in(item.module) is not None else ""
        table.add_row(Text(d.slug), Text(d.name), Text(", ".join(d.aliases)), Text(demo))
    console.print(table)


@docs_app.command("commands")
def docs_commands(
    write: Annotated[
        Path | None,
        typer.Option("--write", metavar="PAGE", help="Rewrite the page's generated part."),
    ] = None,
    check: Annotated[
        Path | None,
        typer.Option("--check", metavar="PAGE", help="Exit 1 when the page is out of date."),
    ] = None,
) -> None:
    """Print the command reference generated from the installed rulesets' commands."""
    from fracas.app.reference import (
        REGENERATE,
        command_reference,
        generated_part,
        update_reference,
    )

    try:
        reference = command_reference()
        if check is not None:
            current = generated_part(check.read_text(encoding="utf-8"))
            if current != reference:
                typer.echo(f"{check} is out of date; regenerate it: {REGENERATE}", err=True)
                raise typer.Exit(1)
            typer.echo(f"{check} is up to date")
            return
        if write is not None:
            changed = update_reference(write, reference)
            typer.echo(f"{write} {'updated' if changed else 'was up to date'}")
            return
    except (FracasError, OSError) as error:
        fail(str(error))
    typer.echo(reference, nl=False)


app.command("odds")(analysis.odds_command)
app.command("sim")(analysis.sim_command)
app.command("estimate")(estimate_command)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"fracas {version('fracas')}")
        except PackageNotFoundError:
            typer.echo("fracas (not installed)")
        raise typer.Exit()


@app.callback()
def _main(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """fracas: tabletop-RPG combat, tracked at the table or run from scripts."""

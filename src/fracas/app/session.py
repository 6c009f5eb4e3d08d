"""A session: an encounter driven by command text, as every front end drives it.

``Session.run(text)`` parses and binds one line with the command language, carries it out and
returns a ``Reply``: the step (if one was taken), the narrated lines, and a one-line error when
the line could not be done (nothing changes then). ``speaker`` is the combatant of the player
typing (chat, web); None is the game master, who may act as anyone with a ``NAME:`` prefix.

Dice the table rolls by hand are typed after ``!`` (``punch bo !4``, see ``fracas.app.faces``).
When a command needs a die that was not typed (the encounter's dice are loaded and ran out), the
reply says which die (``needs``) and the session waits: the speaker's next line, if it is only
faces, carries the command on; any other line drops it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from fracas.app.adding import AddEntry, add_form, from_library
from fracas.app.audience import GM, Audience, player
from fracas.app.catalogue import (
    Help,
    Log,
    Order,
    Redo,
    SessionCommand,
    ShowSheet,
    Status,
    Undo,
    add_spec,
    build_catalogue,
    command_text,
)
from fracas.app.faces import faces_only, split_faces
from fracas.app.narration import Narrator
from fracas.app.sheets import sheet_lines
from fracas.app.views import EncounterView, render_text, view
from fracas.commands import (
    ActionCatalogue,
    BindContext,
    CommandError,
    bind,
    describe,
    help_table,
    normalize_name,
    parse_line,
    resolve_name,
)
from fracas.dice import DiceNeeded, DiceValueError, LoadedDice
from fracas.engine import saving
from fracas.engine.action import Action, CombatantId, combatants_named
from fracas.engine.encounter import Encounter, Step
from fracas.engine.events import TurnStarted, reduce
from fracas.engine.joining import AddCombatants
from fracas.engine.state import EncounterState
from fracas.errors import FracasError
from fracas.library import Library, load_library

_SPACED_ACTOR = re.compile(r"\s*([^\s\"'#:+/-][^\"'#:]*?\s[^\"'#:]*?)\s*:(?=\s|\Z)")

DEFAULT_LOG = 10
"""How many steps ``log`` tells without a count."""


@dataclass(frozen=True)
class Reply:
    """What one line did.

    ``lines`` are for the reader (narration, help, the table); ``error`` is one line saying why
    nothing happened; ``needs`` is the sides of the die the command waits for; ``changed`` says
    the encounter changed (a step, an undo or a redo), so a front end saves and redraws.
    """

    command: str
    lines: tuple[str, ...] = ()
    step: Step | None = None
    error: str | None = None
    needs: int | None = None
    changed: bool = False
    prompts: tuple[Prompt, ...] = ()
    """Told privately to the players whose turn the command started."""

    @property
    def ok(self) -> bool:
        """Nothing went wrong (a command waiting for dice is not wrong)."""
        return self.error is None


@dataclass(frozen=True)
class Prompt:
    """Lines for the players of ``actors`` alone: their turn has started (MUSH: time to pose)."""

    actors: tuple[CombatantId, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Pending:
    """A command waiting for dice: its text, the faces it has so far, the die it needs."""

    command: str
    faces: tuple[int, ...]
    sides: int
    from_stream: tuple[int, ...] = ()
    """Faces it took from the encounter's loaded dice, given back if it is dropped."""

    def question(self) -> str:
        """What the table is asked: the command, the die to roll and the faces so far."""
        return _ask(self.command, self.sides, self.faces)


class Session:
    """An encounter, its name, and everything needed to run command text on it.

    ``setup`` is how many of the first steps set the encounter up (the combatants of its file):
    undo does not go back past them.
    """

    def __init__(
        self,
        encounter: Encounter,
        name: str = "",
        *,
        setup: int = 0,
        narrator: Narrator | None = None,
        library: Library | None = None,
    ) -> None:
        self.encounter = encounter
        self.name = name
        self.setup = setup
        self.narrator = narrator if narrator is not None else Narrator(encounter.ruleset)
        self.catalogue = build_catalogue(encounter.ruleset)
        self.library = library
        """Where ``add ENTRY`` finds entries; None: the built-in and user's library, read at
        each such add (so a file the user has just written is found)."""
        self._sheet_form = ActionCatalogue(
            [add_spec(encounter.ruleset.sheet_model, lambda: self.encounter.state)]
        )
        self._pending: dict[CombatantId | None, Pending] = {}

    @property
    def state(self) -> EncounterState:
        return self.encounter.state

    # --- running text -------------------------------------------------------------------

    def run(
        self,
        text: str,
        speaker: CombatantId | None = None,
        faces: Sequence[int] | None = None,
    ) -> Reply:
        """Carry out one line of command text for ``speaker`` (None: the game master).

        ``faces`` are dice typed in for this command (as ``!FACES`` at the end of the line).
        """
        if "\n" in text or "\r" in text:
            return Reply(text, error="one command per line")
        if speaker is not None and speaker not in self.state.combatants:
            return Reply(text, error=f"there is no combatant {speaker!r} to speak for")
        pending = self._pending.pop(speaker, None)
        if pending is not None:
            typed = faces_only(text)
            if typed is not None and faces is None:
                return self._command(pending.command, speaker, (*pending.faces, *typed), pending)
            self._give_back(pending)
        command, typed = split_faces(text)
        if typed is not None and faces is not None:
            return Reply(text, error="dice given twice: after ! and as faces")
        given = tuple(faces) if faces is not None else typed
        return self._command(command, speaker, given, None, shown=text)

    def pending(self, speaker: CombatantId | None = None) -> Pending | None:
        """The command ``speaker`` has waiting for dice, if any."""
        return self._pending.get(speaker)

    def wait(self, speaker: CombatantId | None, pending: Pending) -> None:
        """Let ``speaker``'s command wait for dice again (one kept by a store, after a reload)."""
        self._pending[speaker] = pending

    def _command(
        self,
        text: str,
        speaker: CombatantId | None,
        faces: tuple[int, ...] | None,
        pending: Pending | None,
        shown: str | None = None,
    ) -> Reply:
        shown = text if shown is None else shown
        try:
            action = self.bind(text, speaker)
        except CommandError as error:
            return Reply(shown, error=error.message)
        if action is None:
            if faces:
                return Reply(shown, error="dice typed, but no command to roll them for")
            return Reply(shown)
        if isinstance(action, SessionCommand):
            if faces:
                return Reply(shown, error=f"{action.verb} rolls no dice")
            return self._session_command(action, speaker, shown)
        if isinstance(action, AddEntry):
            try:
                action = self.from_library(action, text)
            except CommandError as error:
                return Reply(shown, error=error.message)
        return self._apply(action, faces, speaker, text, shown, pending)

    def from_library(self, request: AddEntry, command: str) -> AddCombatants:
        """The engine action an ``add ENTRY`` asks for, its sheets found in the library."""
        ruleset = self.encounter.ruleset
        slug, model = ruleset.descriptor.slug, ruleset.sheet_model
        library = self.library if self.library is not None else load_library(ruleset=slug)
        return from_library(request, library, slug, self.state, command, model)

    def bind(self, text: str, speaker: CombatantId | None = None) -> Action | None:
        """The action one line asks for (None for a blank line); CommandError when it cannot."""
        line = parse_line(self._spaced_actor(text, speaker))
        if line is None:
            return None
        spec = self.catalogue.lookup(line.verb, column=line.verb_span[0], text=line.text)
        context = BindContext(self._names(speaker), self._default_actor(spec.action, speaker))
        catalogue = self.catalogue
        if spec.action is AddEntry:
            line, catalogue = add_form(line, self.catalogue, self._sheet_form)
        action = bind(line, catalogue, context)
        if speaker is not None and action.actor != speaker:
            name = self.state[speaker].name
            raise CommandError(f"{spec.verb}: you play {name}, and can act only as {name}")
        return action

    def _spaced_actor(self, text: str, speaker: CombatantId | None) -> str:
        """``Raptor 1: attack`` as ``Raptor-1: attack``: a prefix with spaces that is exactly a
        combatant's name is joined (same length, so error columns still point right)."""
        match = _SPACED_ACTOR.match(text)
        if match is None:
            return text
        typed = match.group(1)
        names = self._names(speaker)
        wanted = normalize_name(typed)
        if not any(wanted in (normalize_name(i), normalize_name(n)) for i, n in names.items()):
            return text
        joined = re.sub(r"\s", "-", typed)
        return text[: match.start(1)] + joined + text[match.end(1) :]

    def _names(self, speaker: CombatantId | None) -> dict[CombatantId, str]:
        if speaker is None:  # the game master sees everyone
            return {c.id: c.name for c in self.state}
        audience = self.audience(speaker)
        return {c.id: c.name for c in self.state if audience.sees(c)}

    def _default_actor(
        self, action: type[Action], speaker: CombatantId | None
    ) -> CombatantId | None:
        if speaker is not None:
            return speaker
        if action.game_master or issubclass(action, SessionCommand):
            return None
        chosen = self.encounter.ruleset.default_actor(self.state, action)
        if chosen is not None:
            return chosen
        acting = self.encounter.acting()
        return acting[0] if len(acting) == 1 else None

    def audience(self, speaker: CombatantId | None) -> Audience:
        """Who a speaker is: the game master for None, else a player of its side."""
        if speaker is None:
            return GM
        return player(self.state[speaker].side, self.state)

    # --- applying actions ---------------------------------------------------------------

    def apply(
        self,
        action: Action,
        faces: Sequence[int] | None = None,
        speaker: CombatantId | None = None,
    ) -> Reply:
        """Carry out an action built by a program, narrated like typed text. A player
        (``speaker``) may name only combatants their side sees, as in typed text: one hidden
        from them is refused as if it were not there, and nothing of it is told."""
        if speaker is not None:
            refused = self._unseen(action, speaker)
            if refused is not None:
                return refused
        text = self.command_text(action)
        return self._apply(action, tuple(faces) if faces is not None else None, speaker, text)

    def _unseen(self, action: Action, speaker: CombatantId) -> Reply | None:
        """The refusal of a player's action naming a combatant the player may not see (or
        given for a combatant no longer there); None when it names none."""
        shown = command_text(action, self.catalogue, str)  # ids, as given: a name may be secret
        if speaker not in self.state.combatants:
            return Reply(shown, error=f"there is no combatant {speaker!r} to speak for")
        audience = self.audience(speaker)
        for combatant in combatants_named(action):
            found = self.state.combatants.get(combatant)
            if found is not None and not audience.sees(found):
                return Reply(shown, error=f"there is no combatant {combatant!r}")
        return None

    def _apply(
        self,
        action: Action,
        faces: tuple[int, ...] | None,
        speaker: CombatantId | None,
        text: str,
        shown: str | None = None,
        pending: Pending | None = None,
    ) -> Reply:
        shown = text if shown is None else shown
        before = self.state
        stream = self.encounter.dice if isinstance(self.encounter.dice, LoadedDice) else None
        loaded = stream.remaining if stream is not None else ()
        try:
            step = self.encounter.apply(action, faces)
        except DiceNeeded as needed:
            moved: tuple[int, ...] = ()
            if stream is not None and faces is None:
                moved = loaded  # the stream ran dry inside this step: its faces wait with it
                self.encounter.dice = LoadedDice(())
            so_far = (*moved, *(faces or ()))
            from_stream = (*(pending.from_stream if pending else ()), *moved)
            self._pending[speaker] = Pending(text, so_far, needed.sides, from_stream)
            waits = self._pending[speaker]
            return Reply(shown, lines=(waits.question(),), needs=needed.sides)
        except FracasError as error:
            if stream is not None:
                self.encounter.dice = LoadedDice(loaded)
            message = str(error).splitlines()[0]
            if pending is not None and isinstance(error, DiceValueError):
                self._pending[speaker] = pending
                message += f"; roll the d{pending.sides} again and type its face"
            elif pending is not None:
                self._give_back(pending)
            return Reply(shown, error=message)
        audience = self.audience(speaker)
        lines = tuple(audience.lines(self.narrator.step(step, before, audience)))
        return Reply(shown, lines=lines, step=step, changed=True, prompts=self._prompts(step))

    def _prompts(self, step: Step) -> tuple[Prompt, ...]:
        """The prompt of the turn ``step`` started, if it started one that is still on."""
        turn = self.state.clock.turn
        if (
            turn is None
            or self.state.ended
            or not any(isinstance(event, TurnStarted) for event in step.events)
        ):
            return ()
        acting = self.encounter.acting()
        taken = replace(turn, actors=acting)
        return (Prompt(acting, self.narrator.turn_prompt(taken, self.state)),)

    def _give_back(self, pending: Pending) -> None:
        if not pending.from_stream:
            return
        rest = self.encounter.dice.remaining if isinstance(self.encounter.dice, LoadedDice) else ()
        self.encounter.dice = LoadedDice((*pending.from_stream, *rest))

    # --- session commands ---------------------------------------------------------------

    def _session_command(
        self, command: SessionCommand, speaker: CombatantId | None, shown: str
    ) -> Reply:
        if isinstance(command, Undo | Redo) and speaker is not None:
            return Reply(shown, error=f"{command.verb}: only the game master can do that")
        if isinstance(command, Undo):
            return self.undo(shown)
        if isinstance(command, Redo):
            return self.redo(shown)
        if isinstance(command, Help):
            return self._help(command.command, shown)
        if isinstance(command, Status):
            return Reply(shown, lines=tuple(render_text(self.view(self.audience(speaker)))))
        if isinstance(command, Log):
            return self._log(command.count, speaker, shown)
        if isinstance(command, Order):
            lines = self.narrator.order_table(self.state, self.audience(speaker))
            return Reply(shown, lines=lines)
        if isinstance(command, ShowSheet):
            return self._sheet(command, speaker, shown)
        return Reply(shown, error=f"{command.verb}: not a session command")  # pragma: no cover

    def undo(self, shown: str = "undo") -> Reply:
        """Go back one step (never past the encounter's setup)."""
        if len(self.encounter.steps) <= self.setup:
            return Reply(shown, error="nothing to undo")
        number = len(self.encounter.steps)
        step = self.encounter.undo()
        line = f"Undone [{number}]: {self.command_text(step.action)}"
        return Reply(shown, lines=(line,), changed=True)

    def redo(self, shown: str = "redo") -> Reply:
        """Do the last undone step again."""
        if not self.encounter.undone:
            return Reply(shown, error="nothing to redo")
        step = self.encounter.redo()
        number = len(self.encounter.steps)
        line = f"Redone [{number}]: {self.command_text(step.action)}"
        return Reply(shown, lines=(line,), changed=True)

    def _help(self, topic: str, shown: str) -> Reply:
        if topic.strip():
            try:
                spec = self.catalogue.lookup(topic.strip().split()[0])
            except CommandError as error:
                return Reply(shown, error=f"help: {error.message}")
            return Reply(shown, lines=tuple(describe(spec).splitlines()))
        lines = ["Commands (help COMMAND shows its arguments):"]
        rows = help_table(self.catalogue)
        width = max(len(verb) for verb, _, _ in rows)
        lines += [f"  {verb:<{width}}  {text}".rstrip() for verb, _, text in rows]
        lines += [
            "Act as a combatant: NAME: COMMAND (the game master playing an NPC).",
            "Dice rolled at the table go last, after !: COMMAND !15 4.",
        ]
        return Reply(shown, lines=tuple(lines))

    def _log(self, count: str, speaker: CombatantId | None, shown: str) -> Reply:
        wanted = count.strip().lower()
        if wanted in ("", "all"):
            limit = None if wanted == "all" else DEFAULT_LOG
        elif wanted.isdigit():
            limit = int(wanted)
        else:
            return Reply(shown, error=f'log: "{count.strip()}" is not a number of steps or all')
        return Reply(shown, lines=tuple(self.log(limit, self.audience(speaker))))

    def _sheet(self, command: ShowSheet, speaker: CombatantId | None, shown: str) -> Reply:
        audience = self.audience(speaker)
        if command.who.strip():
            try:
                who = resolve_name(command.who.strip(), self._names(speaker), command="sheet")
            except CommandError as error:
                return Reply(shown, error=error.message)
        elif speaker is not None or len(self.encounter.acting()) == 1:
            who = speaker if speaker is not None else self.encounter.acting()[0]
        else:
            return Reply(shown, error="sheet: whose? name a combatant (sheet Ada)")
        combatant = self.state[who]
        if not audience.sees_pools(combatant):
            return Reply(shown, error=f"sheet: {combatant.name}'s sheet is the game master's")
        return Reply(shown, lines=sheet_lines(combatant, brief=command.brief))

    # --- reading the encounter ----------------------------------------------------------

    def view(self, audience: Audience = GM) -> EncounterView:
        return view(self.encounter, audience, self.name)

    def history(self) -> Iterator[tuple[int, Step, EncounterState]]:
        """Every step with its number (from 1) and the state just before it."""
        state = EncounterState(rng=(self.encounter.seed, 0))
        for number, step in enumerate(self.encounter.steps, start=1):
            yield number, step, state
            state = reduce(state, step.events)

    def log(self, limit: int | None = DEFAULT_LOG, audience: Audience = GM) -> list[str]:
        """The last ``limit`` steps (all for None), each as its command and narrated lines."""
        entries = list(self.history())
        if limit is not None:
            entries = entries[-limit:] if limit else []
        lines: list[str] = []
        for number, step, before in entries:
            told = audience.lines(self.narrator.step(step, before, audience))
            if not told and not audience.gm:
                continue
            lines.append(f"[{number}] {self._logged_command(step.action, before, audience)}")
            lines.extend(f"    {line}" for line in told)
        return lines or ["(nothing has happened yet)"]

    def _logged_command(self, action: Action, before: EncounterState, audience: Audience) -> str:
        """A logged step's command line; for a player not a game master's command (an ``add``
        holds the NPC's whole sheet) nor one naming a combatant the player may not see (a
        player reading ``Ghost: attack druid`` would learn of the hidden Ghost)."""
        if audience.gm:
            return self.command_text(action, before)
        hidden = "(a command of the game master's)"
        if action.game_master:
            return hidden
        for combatant in combatants_named(action):
            found = self.state.combatants.get(combatant) or before.combatants.get(combatant)
            if found is not None and not audience.sees(found):
                return hidden
        text = self.command_text(action, before)
        return text if audience.may_read(text) else hidden

    def command_text(self, action: Action, state: EncounterState | None = None) -> str:
        """The command line giving ``action``, names as in ``state`` (default: now)."""
        states = (state, self.state) if state is not None else (self.state,)

        def name(combatant: CombatantId) -> str:
            for known in states:
                if combatant in known.combatants:
                    return known[combatant].name
            return str(combatant)

        return command_text(action, self.catalogue, name)

    # --- saving -------------------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """The session as JSON-ready data: the engine's save plus the name and the setup."""
        return {**saving.save(self.encounter), "name": self.name, "setup": self.setup}


def _ask(command: str, sides: int, so_far: Sequence[int]) -> str:
    after = f" (dice so far: {', '.join(map(str, so_far))})" if so_far else ""
    return f"{command}: roll a d{sides} and type its face{after}"


def session_metadata(data: Mapping[str, Any]) -> tuple[str, int]:
    """The name and setup count a session added to a save (defaults for a bare engine save); a
    setup that is not a count of steps is a SaveFileError."""
    name = data.get("name", "")
    setup = data.get("setup", 0)
    if not isinstance(setup, int) or isinstance(setup, bool) or setup < 0:
        raise saving.SaveFileError(f"setup: must be a whole number from 0 up, not {setup!r}")
    return (name if isinstance(name, str) else "", setup)

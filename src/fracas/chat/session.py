"""A chat session: one encounter played by lines of chat, whatever carries them.

People join by name, as players or as game masters. A player claims the combatant they play
(``+claim Player 1``) and acts only for it; a game master acts for everyone (``NPC 1: +strike
Player 1``). ``hear(name, line)`` takes one line and returns the messages it causes, each
addressed to everyone, to the game masters, or to one member:

* a line starting with ``+`` is a command of the engine's command language (the same commands
  as ``fracas play``), run as its speaker; its narration goes to each member as their side may
  see it, so a hidden NPC is never named to a player; the turn's prompt (the MUSH "pose now"
  message) goes to the player of the combatant whose turn starts;
* ``+claim``, ``+unclaim`` and ``+who`` are the chat's own;
* a line of faces alone (``15``) answers a command of the speaker's waiting for dice rolled at
  the table (a stored encounter keeps such a command, and asks for its dice again when its
  speaker connects after a restart);
* any other line is a pose, shown to everyone: ``:draws his sword`` as ``Player 1 draws his
  sword``, ``"Hold!`` as ``Player 1 says, "Hold!"``, anything else as ``Player 1: ...``.

A bad command is one line to its speaker and changes nothing. Members who drop keep their
claims, so reconnecting under the same name carries on where they were; claims are kept in the
``roster``, with the encounter in the store for a stored one, so they outlive a restart too. A
member whose combatant leaves the encounter (the game master removes it, or undoes adding it)
plays nobody from then on, and may claim another; their password stays.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from fracas.app.audience import GM, Audience, player
from fracas.app.faces import faces_only
from fracas.app.session import Pending, Reply, Session
from fracas.chat.messages import EVERYONE, GAME_MASTERS, Member, Message, to
from fracas.chat.roster import Roster
from fracas.commands import CommandError, parse_line, resolve_name
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Step
from fracas.engine.state import EncounterState
from fracas.store import StoreError, Tracked, told

LOG = logging.getLogger("fracas.chat")

OBSERVER = ""
"""The side of a person who plays no combatant: a player of no side."""
"""What a player who plays nobody yet may see: nothing hidden, nobody's pools."""

CHAT_HELP = (
    "Chat: +claim NAME plays a combatant, +unclaim lets it go, +who lists who is here.",
    'Pose with :TEXT (":draws") or say with "TEXT; other lines are shown as they are.',
    "Commands start with +: +help COMMAND explains one. QUIT leaves (your claim stays).",
)

_ACTOR_PREFIX = re.compile(r"^[^:+\"]+:\s*\+")


@dataclass(frozen=True)
class Person:
    """A member of the scene: game master or player, the combatant played, connected or not."""

    name: str
    game_master: bool
    plays: CombatantId | None = None
    connected: bool = True


class ChatSession:
    """An encounter's session, shared by everyone in a chat scene.

    ``table`` is a plain session, or a stored one (``Tracked``) whose every change is committed
    to the store before anyone is told of it, and whose claims are kept with it (``roster``).
    ``on_change`` is called after every line that changed the encounter.
    """

    def __init__(
        self, table: Session | Tracked, on_change: Callable[[Session], None] | None = None
    ):
        self.table = table
        self.on_change = on_change
        self.roster = Roster(table.store, table.id) if isinstance(table, Tracked) else Roster()
        self.people: dict[str, Person] = {
            name: Person(name, game_master=False, plays=plays, connected=False)
            for name, plays in self.roster.claims().items()
        }
        self._release_gone(self.session.state)  # removed while no chat served the encounter

    @property
    def session(self) -> Session:
        """The session now (a stored one is reloaded when another writer changed it)."""
        return self.table.session if isinstance(self.table, Tracked) else self.table

    # --- who is here ----------------------------------------------------------------------

    def join(self, name: str, *, game_master: bool = False) -> list[Message]:
        """``name`` connects (again): everyone is told, and the newcomer sees the order."""
        refused = self.refusal(name, game_master=game_master)
        if refused is not None:
            return [Message(Member(name), f"error: {refused}")]
        known = self.people.get(name)
        person = replace(known, connected=True) if known else Person(name, game_master)
        self.people[name] = person
        role = " (game master)" if game_master else ""
        messages = [Message(EVERYONE, f"{name}{role} has connected.")]
        welcome = [f"Welcome, {name}. {self._playing(person)}"]
        welcome += self.session.narrator.order_table(self.session.state, self.audience(person))
        return messages + to(Member(name), welcome + self._still_waiting(person))

    def refusal(self, name: str, *, game_master: bool) -> str | None:
        """Why ``name`` may not join in this role (a player's name as game master, or the
        reverse), if so."""
        known = self.people.get(name)
        if known is None or known.game_master == game_master:
            return None
        return f"{name} is {'the game master' if known.game_master else 'a player'} here"

    def leave(self, name: str) -> list[Message]:
        """``name`` disconnects; their claim stays for when they come back."""
        person = self.people.get(name)
        if person is None or not person.connected:
            return []
        self.people[name] = replace(person, connected=False)
        return [Message(EVERYONE, f"{name} has disconnected.")]

    def audience(self, person: Person) -> Audience:
        """What ``person`` may see: everything for a game master, else their side's view."""
        if person.game_master:
            return GM
        state = self.session.state
        if person.plays is None or person.plays not in state.combatants:
            return player(OBSERVER, state)
        return player(state[person.plays].side, state)

    # --- lines ----------------------------------------------------------------------------

    def hear(self, name: str, line: str) -> list[Message]:
        """The messages one line from ``name`` causes (nothing for a blank line)."""
        person = self.people.get(name)
        if person is None or not person.connected:
            return []
        text = line.strip()
        if not text:
            return []
        if text.startswith("+") or (person.game_master and _ACTOR_PREFIX.match(text)):
            return self._command(person, text)
        if self._awaits_dice(person) and faces_only(text) is not None:
            return self._command(person, text)
        return [Message(EVERYONE, self._pose(person, text))]

    def _still_waiting(self, person: Person) -> list[str]:
        """The question of ``person``'s command still waiting for dice (kept over a restart)."""
        pending = self._waiting(person)
        return [pending.question()] if pending is not None else []

    def _awaits_dice(self, person: Person) -> bool:
        return self._waiting(person) is not None

    def _waiting(self, person: Person) -> Pending | None:
        """``person``'s command waiting for dice typed at the table, if any."""
        if not person.game_master and person.plays is None:
            return None
        return self.session.pending(None if person.game_master else person.plays)

    def _pose(self, person: Person, text: str) -> str:
        who = self._display_name(person)
        if text.startswith(":"):
            return f"{who} {text[1:].lstrip()}"
        if text.startswith('"'):
            return f'{who} says, "{text[1:].strip()}"'
        return f"{who}: {text}"

    def _display_name(self, person: Person) -> str:
        return self._played(person) or person.name

    def _command(self, person: Person, text: str) -> list[Message]:
        verb, rest = _verb(text)
        if verb == "claim":
            return self._claim(person, rest)
        if verb == "unclaim":
            return self._unclaim(person)
        if verb == "who":
            return to(Member(person.name), self._who())
        if not person.game_master and person.plays is None:
            return _error(person, "claim a combatant first: +claim NAME (+who shows who is free)")
        speaker = None if person.game_master else person.plays
        known = self.session.state  # names a combatant another process has removed since
        try:
            if isinstance(self.table, Tracked):
                self.table.refresh()  # another process may have moved the fight on
            before = self.session.state
            reply = self.table.run(text, speaker)
        except StoreError as error:  # deleted elsewhere, the database gone: nothing was done
            return _error(person, store_trouble(error))
        if reply.changed and self.on_change is not None:
            self.on_change(self.session)
        released = self._release_gone(known)
        if reply.error is not None:
            return _error(person, reply.error) + released
        if reply.step is None:
            return self._private_or_undo(person, reply, verb) + released
        return self._told(reply.step, before) + self._prompts(reply) + released

    def _private_or_undo(self, person: Person, reply: Reply, verb: str) -> list[Message]:
        if not reply.changed:
            lines = list(reply.lines)
            if verb == "help" and not _verb(reply.command)[1]:
                lines += CHAT_HELP
            return to(Member(person.name), lines)
        players = f"The game master {'takes back' if verb == 'undo' else 'does again'} a step."
        messages = to(GAME_MASTERS, reply.lines)
        return messages + self._to_players(lambda _: [players])

    def _told(self, step: Step, before: EncounterState) -> list[Message]:
        narrator = self.session.narrator
        messages = to(GAME_MASTERS, narrator.step(step, before, GM))
        return messages + self._to_players(lambda person: self._narrated(step, before, person))

    def _narrated(self, step: Step, before: EncounterState, person: Person) -> list[str]:
        audience = self.audience(person)
        return audience.lines(self.session.narrator.step(step, before, audience))

    def _to_players(self, lines: Callable[[Person], tuple[str, ...] | list[str]]) -> list[Message]:
        messages: list[Message] = []
        for person in self.people.values():
            if person.connected and not person.game_master:
                messages += to(Member(person.name), lines(person))
        return messages

    def _prompts(self, reply: Reply) -> list[Message]:
        messages: list[Message] = []
        for prompt in reply.prompts:
            players = [
                p
                for p in self.people.values()
                if p.connected and not p.game_master and p.plays in prompt.actors
            ]
            for someone in players:
                messages += to(Member(someone.name), prompt.lines)
            if not players:
                names = " + ".join(self.session.state[a].name for a in prompt.actors)
                messages += to(GAME_MASTERS, [f"[{names}] {line}" for line in prompt.lines])
        return messages

    # --- the chat's own commands -----------------------------------------------------------

    def _claim(self, person: Person, typed: str) -> list[Message]:
        if person.game_master:
            return _error(person, "claim: the game master plays every combatant already")
        state = self.session.state
        taken = {p.plays for p in self.people.values() if p.name != person.name}
        free = {c.id: c.name for c in state if not c.hidden and c.id not in taken}
        if not typed:
            return _error(person, "claim: whom? +claim NAME (+who shows who is free)")
        try:
            chosen = resolve_name(typed, free, what="combatant to play", command="claim")
        except CommandError as error:
            return _error(person, error.message)
        refused = self._keep_claim(person, chosen)
        if refused:
            return refused
        return [Message(EVERYONE, f"{person.name} plays {state[chosen].name}.")]

    def _unclaim(self, person: Person) -> list[Message]:
        if person.plays is None:
            return _error(person, "unclaim: you play nobody")
        name = self._display_name(person)
        refused = self._keep_claim(person, None)
        if refused:
            return refused
        return [Message(EVERYONE, f"{person.name} no longer plays {name}.")]

    def _keep_claim(self, person: Person, plays: CombatantId | None) -> list[Message]:
        """Keep ``person``'s new claim in the roster (the store) and here; an error otherwise."""
        try:
            self.roster.claim(person.name, plays)
        except StoreError as error:
            return _error(person, f"claim not kept: {store_trouble(error)}")
        self.people[person.name] = replace(person, plays=plays)
        return []

    def _release_gone(self, known: EncounterState) -> list[Message]:
        """Members whose combatant has left the encounter (removed, or its adding undone, here
        or by another process) play nobody from now on, in the roster too; their passwords
        stay, and each connected one is told. ``known``: a state that may still name it."""
        messages: list[Message] = []
        for person in list(self.people.values()):
            if person.plays is None or person.plays in self.session.state.combatants:
                continue
            self.people[person.name] = replace(person, plays=None)
            try:
                self.roster.claim(person.name, None)
            except StoreError as error:  # told to the log; the next start releases it again
                store_trouble(error)
            if person.connected:
                gone = known.combatants.get(person.plays)
                who = gone.name if gone is not None else "your combatant"
                line = f"You play nobody now: {who} has left the fight. +claim NAME plays another."
                messages.append(Message(Member(person.name), line))
        return messages

    def _who(self) -> list[str]:
        lines = ["Who is here:"]
        for person in self.people.values():
            away = "" if person.connected else " (away)"
            lines.append(f"  {person.name}{away}: {self._role(person)}")
        state = self.session.state
        taken = {p.plays for p in self.people.values()}
        free = [c.name for c in state if not c.hidden and c.id not in taken]
        lines.append(f"Free to claim: {', '.join(free) if free else 'nobody'}")
        return lines

    def _playing(self, person: Person) -> str:
        """The welcome's word on ``person``'s part in the fight."""
        if person.game_master:
            return "You run the game."
        played = self._played(person)
        return f"You play {played}." if played else "You play nobody yet: +claim NAME."

    def _role(self, person: Person) -> str:
        """``person``'s part in the fight, for ``+who``."""
        if person.game_master:
            return "game master"
        return f"plays {self._played(person) or 'nobody'}"

    def _played(self, person: Person) -> str | None:
        """The name of the combatant ``person`` plays, if it is still in the fight."""
        state = self.session.state
        if person.plays is None or person.plays not in state.combatants:
            return None
        return state[person.plays].name


def store_trouble(error: StoreError) -> str:
    """What a chat member (or anyone trying to connect) is told of a store failure."""
    return told(error, LOG)


def _verb(text: str) -> tuple[str, str]:
    """The command word of a line (lower case, without + and switches) and what follows it."""
    try:
        line = parse_line(text)
    except CommandError:
        return "", ""
    if line is None:
        return "", ""
    rest = line.text[line.verb_span[1] :].strip()
    return line.verb, rest


def _error(person: Person, message: str) -> list[Message]:
    return [Message(Member(person.name), f"error: {message}")]

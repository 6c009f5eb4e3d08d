"""The server's open tables: stored encounters in memory, reached by secret link, watched live.

A link's token opens one encounter, as its game master or as one player's combatant; nothing
else is reachable with it. Each open encounter is a ``Tracked`` session (every change committed
before it is acknowledged) with the sockets watching it; after a change every watcher is told
its own audience's view and what the log gained (``fracas.web.live`` lists the messages),
through its outbox, so no command ever waits for a page to read; the news itself is made in a
task of its own once the change's answer is written (``announce_soon``). Revoking or replacing
a link closes its sockets at once (code ``REVOKED``), deleting an encounter closes every socket
on it (code ``DELETED``); a change is never told to a socket whose link another process revoked.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from fracas.app.audience import GM, Audience, player
from fracas.engine.action import CombatantId
from fracas.errors import FracasError
from fracas.store import Link, Store, StoreError, Tracked, UnknownEncounter, UnknownLink, told
from fracas.web.errors import LOG
from fracas.web.limits import heavy
from fracas.web.outbox import Watcher
from fracas.web.projection import log_lines, view_json

REVOKED = 4403
"""The close code of a live socket whose link was revoked."""

DELETED = 4410
"""The close code of a live socket whose encounter was deleted."""

NEWS_AFTER_SECONDS = 0.001
"""How long the news of a change waits once the change's answer is written: long enough for the
answer's sender (often a browser on this very machine) to be given a core and read it before
the server spends about a millisecond a watcher telling the pages. Told at once, the news took
the core from the sender: an attack's answer read 0.1 to 0.9 ms slower with the game master's
page open than with none; told 1 ms later, the same (``benchmarks/command_path.py``;
``docs/performance.md``, "Target 4, ninth session"). Changes made meanwhile are told at once."""


@dataclass(frozen=True)
class Seat:
    """Who holds a link: the game master, or the player of one combatant."""

    link: Link
    tracked: Tracked

    @property
    def gm(self) -> bool:
        return self.link.gm

    @property
    def speaker(self) -> CombatantId | None:
        """The combatant this seat acts as (None: the game master, who may act as anyone)."""
        return self.link.combatant

    @property
    def audience(self) -> Audience:
        """What this seat may see: everything, or what a player of its combatant's side sees."""
        if self.link.combatant is None:
            return GM
        state = self.tracked.session.state
        found = state.combatants.get(self.link.combatant)
        return player(found.side if found is not None else "", state)

    def snapshot(self) -> dict[str, Any]:
        """The view and log this seat is shown, and the encounter's version."""
        return {
            "type": "state",
            "version": self.tracked.version,
            "view": self.view(),
            "log": log_lines(self.tracked.session, self.audience),
        }

    def view(self) -> dict[str, Any]:
        """The view this seat is shown, with the encounter's setting ``players_see_odds`` (a
        player's page offers odds by it without asking)."""
        shown = view_json(self.tracked.session, self.audience)
        shown["players_see_odds"] = self.tracked.store.players_see_odds(self.link.encounter)
        return shown

    def news(self, watcher: Watcher) -> dict[str, Any] | None:
        """What ``watcher`` is told now: the steps added since it was last told (a ``step``
        message), or the whole state at first and after anything else (an undo, another
        process's change); the watcher then counts as told. None when it was told this very
        version already."""
        if watcher.told and watcher.version == self.tracked.version:
            return None
        steps = self.tracked.session.encounter.steps
        seen = watcher.seen
        appended = (
            watcher.told and len(steps) > seen and (seen == 0 or steps[seen - 1] == watcher.last)
        )
        if appended:
            session = self.tracked.session
            message = {
                "type": "step",
                "version": self.tracked.version,
                "after": watcher.version,
                "view": self.view(),
                "log": log_lines(session, self.audience, len(steps) - seen),
            }
        else:
            message = self.snapshot()
        watcher.seen, watcher.last = len(steps), steps[-1] if steps else None
        watcher.told, watcher.version = True, self.tracked.version
        return message


@dataclass
class Tables:
    """Every encounter this server process has open, by id, and who watches each."""

    store: Store
    _open: dict[str, Tracked] = field(default_factory=dict)
    _watchers: dict[str, dict[WebSocket, Watcher]] = field(default_factory=dict)
    _announcing: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    _known: dict[str, Link] = field(default_factory=dict)
    """The links this process has read, by token: a change through one is not preceded by
    another read (``seat_to_change``)."""

    def seat(self, token: str) -> Seat:
        """The seat a token opens, its encounter brought up to date; UnknownLink otherwise."""
        if not token or len(token) > 128:
            raise UnknownLink("no such link")
        link = self.store.link(token)
        return Seat(link, self.tracked(link.encounter))

    async def open_seat(self, token: str) -> Seat:
        """``seat``, with an encounter not open yet loaded (replayed) in a worker thread, so a
        long log never holds up the other clients. The link and the encounter's version are
        read at once, so its session is up to date (``Tracked.catch_up``) after one look at
        the store: a change made through the seat may say so (``checked``)."""
        if not token or len(token) > 128:
            raise UnknownLink("no such link")
        link, version = self.store.link_at(token)
        self._known[token] = link
        found = self._open.get(link.encounter)
        if found is None:  # loaded after the link was read: as new as its version, or newer
            loaded = await heavy(Tracked, self.store, link.encounter)
            found = self._open.setdefault(link.encounter, loaded)
        else:
            found.catch_up(version)
        return Seat(link, found)

    async def seat_to_change(self, token: str) -> Seat:
        """The seat to change an encounter through. A link read before is not read again: the
        change is made ``through`` it (``Tracked.run``), so its append checks in its own
        transaction that the link still opens the encounter and that the session is the
        latest; a change that finds it gone ``forget``s it."""
        return self._known_seat(token) or await self.open_seat(token)

    def forget(self, token: str) -> None:
        """Read the link ``token`` again before its next change (one found it gone)."""
        self._known.pop(token, None)

    def _known_seat(self, token: str) -> Seat | None:
        """The seat of a link read before, on its encounter open here; None otherwise."""
        link = self._known.get(token)
        tracked = self._open.get(link.encounter) if link is not None else None
        return Seat(link, tracked) if link is not None and tracked is not None else None

    def tracked(self, encounter_id: str) -> Tracked:
        """The open encounter, loaded on first use and reloaded when another process wrote."""
        found = self._open.get(encounter_id)
        if found is None:
            found = self._open[encounter_id] = Tracked(self.store, encounter_id)
        else:
            found.refresh()
        return found

    def tracked_if_open(self, encounter_id: str) -> Tracked | None:
        return self._open.get(encounter_id)

    def watch(self, socket: WebSocket, seat: Seat) -> None:
        """Start telling ``socket`` the encounter's changes, the state first."""
        watcher = Watcher(socket, seat.link)
        self._watchers.setdefault(seat.link.encounter, {})[socket] = watcher
        first = seat.news(watcher)
        assert first is not None  # a watcher not told yet is told the state
        watcher.tell(first)
        watcher.start()

    def unwatch(self, socket: WebSocket, link: Link) -> bool:
        """Stop telling ``socket``; whether it was still watched (not closed here already)."""
        watcher = self._watchers.get(link.encounter, {}).pop(socket, None)
        if watcher is not None:
            watcher.stop()
        return watcher is not None

    async def revoke(self, token: str) -> Link:
        """Revoke a link in the store and close every socket open through it; the link."""
        link = self.store.revoke(token)
        self.forget(token)
        await self.close_link(link, REVOKED, "this link was revoked")
        return link

    async def replace(self, token: str) -> Link:
        """Replace a link by a new one for the same seat (``Store.replace``) and close every
        socket open through the old one; the new link."""
        new = self.store.replace(token)
        self.forget(token)
        old = Link(token, new.encounter, new.combatant)
        await self.close_link(old, REVOKED, "this link was replaced by a new one")
        return new

    async def delete(self, encounter_id: str, version: int | None = None) -> None:
        """Delete an encounter from the store (only at ``version``, if given: ``Store.delete``)
        and close every socket watching it."""
        self.store.delete(encounter_id, version)
        self._open.pop(encounter_id, None)
        self._forget_links(encounter_id)
        for watcher in list(self._watchers.pop(encounter_id, {}).values()):
            watcher.close(DELETED, "this encounter was deleted")

    async def close_link(self, link: Link, code: int, reason: str) -> None:
        """Close the sockets open through ``link`` (revoked here or by another process)."""
        for socket, watcher in list(self._watchers.get(link.encounter, {}).items()):
            if watcher.link.token == link.token:
                self.unwatch(socket, watcher.link)
                watcher.close(code, reason)

    async def check(self, link: Link) -> None:
        """Catch up with another process's change: close the link's sockets when the link is
        gone (revoked, or its encounter deleted), else tell the watchers when it moved on."""
        try:
            self.store.link(link.token)
        except UnknownLink:
            await self._gone(link)
            return
        with contextlib.suppress(FracasError):
            tracked = self._open.get(link.encounter)
            if tracked is not None and tracked.refresh():
                await self.announce(link.encounter)

    async def _gone(self, link: Link) -> None:
        """Close the sockets of a link that another process revoked, or whose encounter it
        deleted, saying which."""
        try:
            self.store.version(link.encounter)
        except UnknownEncounter:
            self._open.pop(link.encounter, None)
            self._forget_links(link.encounter)
            await self.close_link(link, DELETED, "this encounter was deleted")
            return
        self.forget(link.token)
        await self.close_link(link, REVOKED, "this link was revoked")

    def _forget_links(self, encounter_id: str) -> None:
        known = self._known.items()
        self._known = {token: link for token, link in known if link.encounter != encounter_id}

    async def changed(self, encounter_id: str) -> None:
        """Another process changed ``encounter_id`` (a PostgreSQL notification): catch up."""
        watchers = self._watchers.get(encounter_id, {}).values()
        watching = {watcher.link.token: watcher.link for watcher in watchers}
        for link in watching.values():
            await self.check(link)

    def announce_soon(self, encounter_id: str) -> None:
        """``announce`` in a task of its own: it starts when the running request first lets
        the loop go, which is after its answer is written (no step between the change and the
        answer's write waits on anything), and tells ``NEWS_AFTER_SECONDS`` later; the changes
        made before it tells are told at once.
        With nobody watching the encounter in this process there is nothing to tell (a page
        that opens later is told the state first), and no task is made."""
        if self._watchers.get(encounter_id) and encounter_id not in self._announcing:
            task = asyncio.create_task(self._announce_later(encounter_id))
            self._announcing[encounter_id] = task

    async def _announce_later(self, encounter_id: str) -> None:
        await asyncio.sleep(NEWS_AFTER_SECONDS)
        del self._announcing[encounter_id]
        try:
            await self.announce(encounter_id)
        except StoreError as error:  # the change is made and answered; the next poll tells it
            told(error, LOG)

    async def announce(self, encounter_id: str, anew: bool = False) -> None:
        """Tell every watcher of the encounter its own news (queued: this never waits for a
        page); ``anew``: the whole state even at the version it was told (a setting changed,
        not the log). A watcher whose link is no longer in the store (revoked by another
        process, which a database without NOTIFY tells only at the next poll) is closed
        instead."""
        tracked = self._open.get(encounter_id)
        watchers = self._watchers.get(encounter_id, {})
        if tracked is None or not watchers:
            return
        try:
            tokens = {link.token for link in self.store.links(encounter_id)}
        except StoreError as error:  # the change is made: tell it; the next poll looks again
            told(error, LOG)
            tokens = {watcher.link.token for watcher in watchers.values()}
        for socket, watcher in list(watchers.items()):
            if watcher.link.token not in tokens:
                await self._gone(watcher.link)
                continue
            watcher.told = watcher.told and not anew
            news = Seat(watcher.link, tracked).news(watcher)
            if news is not None and not watcher.tell(news):
                self.unwatch(socket, watcher.link)

    async def tell_gm(self, encounter_id: str, message: dict[str, Any]) -> None:
        """Queue a small message (not news of a step) for the game master's sockets on the
        encounter: the progress of an estimate (``fracas.web.estimate_api``)."""
        for socket, watcher in list(self._watchers.get(encounter_id, {}).items()):
            if watcher.link.gm and not watcher.tell(message):
                self.unwatch(socket, watcher.link)

"""How much one request may ask of the server, refused before any work with a 413.

A request body may hold at most ``MAX_BODY_BYTES`` (checked against ``Content-Length`` before
reading, and counted while reading a body sent without one); an imported save at most
``MAX_SAVE_STEPS`` steps. Work that stays large within these (reading a save, a YAML stat block,
replaying a long log) runs through ``heavy``: one worker thread, so the event loop keeps
answering every other client, and heavy requests share that one thread with each other rather
than the loop's share of the interpreter.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 10_000_000
"""The largest request body: a save of several thousand steps fits."""

MAX_SAVE_STEPS = 10_000
"""The most steps (done and undone) an imported save may hold."""


T = TypeVar("T")

_HEAVY = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fracas-heavy")


async def heavy(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, run in the heavy-work thread; the loop serves others meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_HEAVY, work, *args)


class BodyLimit:
    """ASGI middleware answering 413 to a request whose body is over MAX_BODY_BYTES."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _too_large(send, self.limit)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except _TooLarge:
            if not started:
                await _too_large(send, self.limit)


class _TooLarge(Exception):
    """A body sent without Content-Length grew over the limit."""


async def _too_large(send: Send, limit: int) -> None:
    body = {
        "code": "too-large",
        "message": f"a request body may hold at most {limit:,} bytes",
        "field": "body",
    }
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": data})


def save_steps(save: dict[str, Any]) -> int:
    """How many steps (done and undone) a save holds, as far as it says."""
    return sum(
        len(save.get(key) or []) for key in ("steps", "undone") if isinstance(save.get(key), list)
    )

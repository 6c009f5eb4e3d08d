"""The change routes answered at the door: a well-formed ``POST`` to one of them goes straight to
its endpoint, past the app's inner layers.

Between the app's own middleware and a route, Starlette and FastAPI put an exception middleware,
an exit-stack middleware, the router, the route and its request wrapper, which handles
exceptions a second time: ~1,000 Python bytecodes a request, ~10 % of a whole attack and undo
through the app (``docs/performance.md``, "Target 4, eighth session"). ``FrontDoor`` is the
innermost of the app's own middleware. A request it takes is a ``POST`` whose path matches one
of the lean routes (``fracas.web.lean``), with FastAPI's telemetry off for it (telemetry names
the request's route in the router, which this would skip), and which its route reads as
well-formed: then the endpoint is called here, an exception it raises is answered by the app's
handler for it (looked up as Starlette's exception middleware looks it up), and any other
exception goes on up, to the server-error middleware as before. Every other request goes on
into the app untouched, the body this door read given again: so every refusal FastAPI makes is
FastAPI's, by construction.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fracas.web.lean import LeanRoute


class FrontDoor:
    """ASGI middleware: the lean ``POST`` routes of ``routes`` answered before the app's
    routing (the module says which requests, and why)."""

    def __init__(self, app: ASGIApp, owner: FastAPI, routes: Sequence[LeanRoute]) -> None:
        self.app = app
        self.owner = owner
        self.routes = [route for route in routes if route.methods == {"POST"}]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and scope.get("fastapi.telemetry") is None
        ):
            for route in self.routes:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    await self._enter(route, child, scope, receive, send)
                    return
        await self.app(scope, receive, send)

    async def _enter(
        self, route: LeanRoute, child: Scope, scope: Scope, receive: Receive, send: Send
    ) -> None:
        scope.update(child)  # as the router would
        scope["router"] = self.owner.router
        request = Request(scope, receive, send)
        headers = _headers(scope)
        body = None
        if route.reader.body is not None and headers.get("content-type") == "application/json":
            body = await _body(receive)
            if body is None:  # the client went away: FastAPI tells it so, as always
                await self.app(scope, _again({"type": "http.disconnect"}, receive), send)
                return
        values = route.reader.values(scope["path_params"], headers, body, request)
        if values is None:  # FastAPI answers it, as it always did
            again = receive if body is None else _again(_whole(body), receive)
            await self.app(scope, again, send)
            return
        try:
            response: Response = await route.reader.endpoint(**values)
        except Exception as error:
            response = await self._handled(request, error)
        await response(scope, receive, send)

    async def _handled(self, request: Request, error: Exception) -> Response:
        """The app's answer to ``error``, from the handler Starlette's exception middleware
        would find for it (by status code for an ``HTTPException``, else by the nearest class
        with one); ``error`` raised again when there is none."""
        handlers = self.owner.exception_handlers
        handler = None
        if isinstance(error, HTTPException):
            handler = handlers.get(error.status_code)
        if handler is None:
            handler = next((handlers[k] for k in type(error).__mro__ if k in handlers), None)
        if handler is None:
            raise error
        answer: Any = handler(request, error)
        if inspect.isawaitable(answer):
            answer = await answer
        error.__traceback__ = None  # as Starlette: a reused exception gathers no tracebacks
        found: Response = answer
        return found


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by name, the first of a name sent twice (as Starlette's
    ``Headers.get``)."""
    found: dict[str, str] = {}
    for name, value in scope["headers"]:
        found.setdefault(name.decode("latin-1"), value.decode("latin-1"))
    return found


async def _body(receive: Receive) -> bytes | None:
    """The whole body, read as Starlette reads it; None when the client goes away first."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.request":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(chunks)
        elif message["type"] == "http.disconnect":
            return None


def _whole(body: bytes) -> Message:
    return {"type": "http.request", "body": body, "more_body": False}


def _again(first: Message, receive: Receive) -> Receive:
    """``receive``, with ``first`` (what this door took from it) given again first."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return first

    return replay

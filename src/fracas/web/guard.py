"""The server token: who may create, list and import encounters on a server others can reach.

A link's token opens one encounter; nothing in it lets its holder make new ones. Creating,
importing and listing encounters are the server's own doors. On 127.0.0.1 (the default) only
this machine reaches them, and they stay open. A server bound beyond loopback (``fracas serve
--host 0.0.0.0``) has a **server token** (given with ``--server-token`` or
``FRACAS_SERVER_TOKEN``, else made up and printed at start), and those routes then need it, as
``Authorization: Bearer TOKEN``; without it they answer 401. Creating and importing are then
also rate-limited per client address (``CREATIONS`` in ``WINDOW_SECONDS``; 429 beyond).

Routes opt in with a dependency in their decorator: ``dependencies=[NEEDS_SERVER_TOKEN]`` (a
list of encounters) or ``dependencies=[LIMITS_CREATION]`` (create, import, build: the token and
the rate limit).
"""

from __future__ import annotations

import hmac
import ipaddress
import time
from collections import deque
from dataclasses import dataclass, field

from fastapi import Depends, Request

from fracas.web.errors import ApiError

ENVIRONMENT = "FRACAS_SERVER_TOKEN"
"""Where ``fracas serve`` reads a configured server token."""

CREATIONS = 30
"""Encounters one client address may create or import in ``WINDOW_SECONDS``."""

WINDOW_SECONDS = 60.0


@dataclass
class Guard:
    """The server token (None: the doors are open, as on loopback) and each client's recent
    creations."""

    token: str | None = None
    _recent: dict[str, deque[float]] = field(default_factory=dict)

    def check_token(self, request: Request) -> None:
        """Raise 401 unless the request carries the server token (when there is one)."""
        if self.token is None:
            return
        given = request.headers.get("authorization", "")
        scheme, _, value = given.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            value.strip().encode(), self.token.encode()
        ):
            raise ApiError(
                401,
                "server-token",
                "this needs the server token (Authorization: Bearer TOKEN), which fracas serve "
                "printed when it started",
                "authorization",
            )

    def count_creation(self, client: str, now: float | None = None) -> None:
        """Count one creation by ``client``; 429 when it made CREATIONS in the last window."""
        now = time.monotonic() if now is None else now
        recent = self._recent.setdefault(client, deque())
        while recent and recent[0] <= now - WINDOW_SECONDS:
            recent.popleft()
        if len(recent) >= CREATIONS:
            wait = int(recent[0] + WINDOW_SECONDS - now) + 1
            raise ApiError(
                429, "too-many", f"at most {CREATIONS} new encounters a minute; try in {wait} s"
            )
        recent.append(now)


def loopback(host: str) -> bool:
    """Whether ``host`` (as given to ``--host``) is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _guard(request: Request) -> Guard:
    found: Guard = request.app.state.guard
    return found


async def server_token(request: Request) -> None:
    """The request carries the server token, when the server has one (401 otherwise)."""
    _guard(request).check_token(request)


async def creation(request: Request) -> None:
    """The server token, and the client's creations within the rate limit (429 otherwise)."""
    guard = _guard(request)
    guard.check_token(request)
    if guard.token is not None:  # on loopback only this machine creates: no limit
        guard.count_creation(request.client.host if request.client is not None else "")


NEEDS_SERVER_TOKEN = Depends(server_token)
"""For a route that lists the server's encounters."""

LIMITS_CREATION = Depends(creation)
"""For a route that makes a new encounter (create, import, build)."""

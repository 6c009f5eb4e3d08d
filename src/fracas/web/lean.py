"""A route that reads a well-formed request itself, without FastAPI's per-request machinery.

FastAPI's handler for a route solves its parameters as a dependency graph, parses the content
type with ``email.message``, and makes a response, background tasks and an endpoint context for
every request, whatever the route needs. On this machine that is ~0.4 ms of CPU a request: the
same work costs 0.70 ms as a bare Starlette route against 1.12 as a FastAPI route
(``benchmarks/command_path.py``; ``docs/performance.md``, "The command path"), and the target
(issue 20, target 4) leaves about 2 ms of CPU for a whole command beyond its sync.

``LeanRoute`` is built, described and documented by FastAPI as any route is (the OpenAPI
document does not change), but it answers a request itself when every part of it is well-formed:
each path parameter and header validated by its own field, exactly as FastAPI validates it, and
a body sent as ``application/json`` that ``json.loads`` reads (as Starlette's ``Request.json``
does) and the body's field accepts. Anything else (a part missing or invalid, a body that is
not JSON, another content type) goes to FastAPI's own handler, which answers it as it always
did; so every refusal is FastAPI's, by construction. Only a route of the shape of the ones that
change an encounter may be lean (checked when it is built): an ``async`` endpoint answering a
``Response``, with path parameters, single-valued headers, at most one body model and the
``Request``; no dependencies, query or cookie parameters.

FastAPI 0.165 matches a request against an included router twice (``_IncludedRouter.matches``,
then ``_match`` again to handle it), over every route of every router included before it: ~20
route matches a change. ``include_ahead`` includes a router as ``include_router`` does and also
puts its lean routes first in the app's own routes (``Ahead``), where a ``POST`` to one of
their paths is matched once, by its path's pattern, before anything else.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response, params
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, _effective_route_context_var
from pydantic.fields import FieldInfo
from starlette.datastructures import URLPath
from starlette.routing import BaseRoute, Match
from starlette.types import Receive, Scope, Send

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class LeanRoute(APIRoute):
    """An API route whose well-formed requests skip FastAPI's handler (the module says why)."""

    reader: Reader
    """Reads a request for the route's own handler (the one built outside any router)."""

    def get_route_handler(self) -> Handler:
        full = super().get_route_handler()
        # FastAPI builds the handler once for the route and once for each router that includes
        # it, then with the included route's own dependant (its prefix and dependencies).
        dependant: Dependant = self.dependant
        context = _effective_route_context_var.get()
        if context is not None and context.original_route is self:
            dependant = context.dependant
        reader = Reader(dependant)
        if context is None:
            self.reader = reader  # the route's own, outside any router (``fracas.web.front``)
        return reader.handler(full)


class Reader:
    """Reads the parameters of one lean route's endpoint from a request."""

    def __init__(self, dependant: Dependant) -> None:
        call = dependant.call
        if call is None or not inspect.iscoroutinefunction(call):
            raise TypeError(f"a lean route needs an async endpoint, not {call!r}")
        if typing.get_type_hints(call).get("return") is not Response:
            raise TypeError(f"{call.__name__}: a lean route's endpoint answers a Response")
        others = (
            dependant.dependencies,
            dependant.query_params,
            dependant.cookie_params,
            dependant.websocket_param_name,
            dependant.http_connection_param_name,
            dependant.response_param_name,
            dependant.background_tasks_param_name,
            dependant.security_scopes_param_name,
        )
        bodies = dependant.body_params
        if any(others) or len(bodies) > 1 or not all(_whole_json(f.field_info) for f in bodies):
            raise TypeError(
                f"{call.__name__}: a lean route takes path parameters, headers, one JSON "
                "body (not embedded) and the request, and nothing else"
            )
        self.endpoint = call
        self.path = [(field.name, field.alias, field) for field in dependant.path_params]
        self.headers = [(field.name, field.alias, field) for field in dependant.header_params]
        self.body = dependant.body_params[0] if dependant.body_params else None
        self.request = dependant.request_param_name

    def handler(self, full: Handler) -> Handler:
        """The route's handler: the endpoint called at once with what a well-formed request
        holds, and FastAPI's own handler (``full``) for any other request."""

        async def lean(request: Request) -> Response:
            values = await self.read(request)
            if values is None:
                return await full(request)
            answer: Response = await self.endpoint(**values)
            return answer

        return lean

    async def read(self, request: Request) -> dict[str, Any] | None:
        """The endpoint's arguments, or None when some part of the request is not well-formed."""
        headers = request.headers
        body = None
        if self.body is not None and headers.get("content-type") == "application/json":
            try:
                body = await request.body()
            except Exception:  # FastAPI's handler answers it: unreadable (400)
                return None
        return self.values(request.path_params, headers, body, request)

    def values(
        self,
        path: Mapping[str, Any],
        headers: Mapping[str, str],
        body: bytes | None,
        request: Request,
    ) -> dict[str, Any] | None:
        """The endpoint's arguments from the request's path parameters, its headers (by
        lower-case name) and its body, read when it was sent as JSON (else None); None when
        some part is not well-formed."""
        values: dict[str, Any] = {}
        for name, alias, field in self.path:
            values[name], errors = field.validate(path[alias], loc=("path", alias))
            if errors:
                return None
        for name, alias, field in self.headers:
            sent = headers.get(alias.lower())
            if sent is None:
                if field.field_info.is_required():
                    return None
                values[name] = field.get_default()
                continue
            values[name], errors = field.validate(sent, loc=("header", alias))
            if errors:
                return None
        if self.body is not None:
            if body is None:
                return None
            try:
                sent_body = json.loads(body)
            except Exception:  # FastAPI's handler answers it: not JSON (422)
                return None
            values[self.body.name], errors = self.body.validate(sent_body, loc=("body",))
            if errors:
                return None
        if self.request is not None:
            values[self.request] = request
        return values


def _whole_json(body: FieldInfo) -> bool:
    """Whether FastAPI reads this body as the request's whole JSON (not a form, not embedded)."""
    return isinstance(body, params.Body) and not isinstance(body, params.Form) and not body.embed


def include_ahead(app: FastAPI, router: APIRouter) -> None:
    """``app.include_router(router)``, with ``router``'s lean routes also matched first."""
    app.include_router(router)
    app.router.routes[:0] = [
        Ahead(route) for route in router.routes if isinstance(route, LeanRoute)
    ]


class Ahead(BaseRoute):
    """A lean route of an included router, put first among the app's own routes: it takes the
    requests the route takes (its methods at its path) and nothing else, so that any other
    request (another method, a trailing slash) is routed as if it were not there. It is not an
    ``APIRoute``, so the OpenAPI document, which comes from the included router, is unchanged.

    It handles a request with the route's own handler, the one FastAPI builds for the route
    outside any router; the same as the included route's, since ``include_ahead`` includes the
    router with no prefix, dependencies or settings of its own."""

    def __init__(self, route: LeanRoute) -> None:
        self.route = route
        self.path_format = route.path_format  # the route's template, as FastAPI's telemetry reads

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child_scope = self.route.matches(scope)
        return (match, child_scope) if match is Match.FULL else (Match.NONE, {})

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        return self.route.url_path_for(name, **path_params)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.route.handle(scope, receive, send)

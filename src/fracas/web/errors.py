"""The API's errors: always a 4xx (or 503) with a JSON body ``{code, message, field}``.

``field`` names the part of the request at fault (``text``, ``sheet.vitality``, ``token``) or is
null. A request that gets an error changed nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import iter_route_contexts
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.routing import Match

from fracas.store import Conflict, StoreError, UnknownEncounter, UnknownLink, told

LOG = logging.getLogger("fracas.web")


class ErrorBody(BaseModel):
    """What every error answer holds."""

    code: str
    message: str
    field: str | None = None


class ApiError(Exception):
    """An error answer: its HTTP status, a code for programs, a message for people, the field."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = ErrorBody(code=code, message=message, field=field)


def location(parts: Sequence[Any]) -> str | None:
    """A pydantic error location as a dotted field name (without ``body``/``query``)."""
    kept = [str(p) for p in parts if p not in ("body", "query", "path")]
    return ".".join(kept) or None


def install(app: FastAPI) -> None:
    """Answer every failure with an ErrorBody (and never with a bare 500 traceback)."""

    @app.exception_handler(ApiError)
    async def _api(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body.model_dump(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = list(error.errors())
        first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
        field = location(first.get("loc", ()))
        message = str(first.get("msg", "invalid request"))
        if len(problems) > 1:
            message += f" (and {len(problems) - 1} more)"
        body = ErrorBody(code="invalid", message=f"{field or 'request'}: {message}", field=field)
        return JSONResponse(body.model_dump(), status_code=422)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, error: HTTPException) -> JSONResponse:
        body = ErrorBody(code=f"http-{error.status_code}", message=str(error.detail))
        headers = error.headers
        if error.status_code == 405:
            headers = {**(headers or {}), "Allow": ", ".join(_allowed(request))}
        return JSONResponse(body.model_dump(), status_code=error.status_code, headers=headers)

    @app.exception_handler(StoreError)
    async def _store(_request: Request, error: StoreError) -> JSONResponse:
        return JSONResponse(*_store_answer(error))


def _allowed(request: Request) -> list[str]:
    """Every method some route of the path takes (Starlette names only the first route's),
    the routes of included routers among them (``iter_route_contexts``)."""
    methods: set[str] = set()
    for route in iter_route_contexts(request.app.router.routes):
        if route.methods and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods
    return sorted(methods)


def _store_answer(error: StoreError) -> tuple[dict[str, Any], int]:
    if isinstance(error, UnknownLink | UnknownEncounter):
        return ErrorBody(code="not-found", message=str(error), field="token").model_dump(), 404
    if isinstance(error, Conflict):
        return ErrorBody(code="conflict", message=str(error)).model_dump(), 409
    return ErrorBody(code="store", message=told(error, LOG)).model_dump(), 503

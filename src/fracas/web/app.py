"""The web tracker's FastAPI application: the API, the live sockets and the pages.

``/`` is the game master's home page, the list of stored encounters, and ``/new`` builds one
from the library. ``/gm/{token}`` is the game master's page of one encounter and
``/play/{token}`` a player's; both are the same static page, which reads everything through the
API with its token, so the page source holds no encounter data at all. A token of the wrong kind
gets the same 404 as a wrong token. ``/docs`` and ``/redoc`` document the API with assets served
from here (``fracas.web.docs``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from fracas.errors import FracasError
from fracas.store import Store
from fracas.web import (
    api,
    docs,
    encounters_api,
    errors,
    estimate_api,
    lean,
    library_api,
    live,
    odds_api,
)
from fracas.web.front import FrontDoor
from fracas.web.guard import NEEDS_SERVER_TOKEN, Guard
from fracas.web.lean import LeanRoute
from fracas.web.limits import BodyLimit
from fracas.web.tables import Tables
from fracas.web.telemetry import OFF, reported

STATIC = resources.files("fracas.web").joinpath("static")

NOT_FOUND = "<!doctype html><title>fracas</title><p>There is no such link.</p>"


def create_app(
    store: Store, server_token: str | None = None, telemetry: bool | None = None
) -> FastAPI:
    """The tracker on ``store``: every encounter in it, each reached by its links only;
    creating, importing and listing encounters need ``server_token`` when given
    (``fracas.web.guard``). It reports its requests to OpenTelemetry when ``telemetry``, or
    when unsaid, as ``fracas.web.telemetry.reported`` decides from the environment."""
    tables = Tables(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener = asyncio.create_task(live.listen(tables))
        with store.keep_connection():  # for the event loop's commands, one after another
            yield
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener

    app = FastAPI(
        title="fracas",
        summary="Tabletop-RPG combat: encounters, commands, views, undo, live tracker.",
        version="1",
        lifespan=lifespan,
        docs_url=None,  # docs.install serves them with vendored assets, not a CDN's
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
        telemetry=None if reported(telemetry) else OFF,
    )
    app.state.tables = tables
    app.state.guard = Guard(server_token)
    errors.install(app)
    changes = [route for route in api.router.routes if isinstance(route, LeanRoute)]
    app.add_middleware(FrontDoor, owner=app, routes=changes)  # the innermost: added first
    app.add_middleware(BodyLimit)
    lean.include_ahead(app, api.router)
    app.include_router(encounters_api.router, dependencies=[NEEDS_SERVER_TOKEN])
    app.include_router(estimate_api.router)
    app.include_router(library_api.router)
    app.include_router(live.router)
    app.include_router(odds_api.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    docs.install(app)

    @app.get("/", include_in_schema=False)
    async def home() -> HTMLResponse:
        """The game master's home page: the stored encounters (``static/home``)."""
        return HTMLResponse(STATIC.joinpath("home", "home.html").read_text(encoding="utf-8"))

    @app.get("/new", include_in_schema=False)
    async def builder() -> HTMLResponse:
        """The encounter builder: library entries, a roster, its estimate, save."""
        return HTMLResponse(STATIC.joinpath("home", "new.html").read_text(encoding="utf-8"))

    @app.get("/gm/{token}", include_in_schema=False)
    async def gm_page(token: str) -> HTMLResponse:
        return _page(app, token, gm=True)

    @app.get("/play/{token}", include_in_schema=False)
    async def player_page(token: str) -> HTMLResponse:
        return _page(app, token, gm=False)

    return app


def _page(app: FastAPI, token: str, gm: bool) -> HTMLResponse:
    tables: Tables = app.state.tables
    try:
        link = tables.store.link(token) if 0 < len(token) <= 128 else None
    except FracasError:
        link = None
    if link is None or link.gm != gm:
        return HTMLResponse(NOT_FOUND, status_code=404)
    page = STATIC.joinpath("tracker.html").read_text(encoding="utf-8")
    return HTMLResponse(
        page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    )

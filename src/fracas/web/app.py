"""The web tracker's FastAPI application: the API, the live sockets and the two pages.

``/gm/{token}`` is the game master's page and ``/play/{token}`` a player's; both are the same
static page, which reads everything through the API with its token, so the page source holds
no encounter data at all. A token of the wrong kind gets the same 404 as a wrong token.
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
from fracas.web import api, errors, live
from fracas.web.guard import Guard
from fracas.web.limits import BodyLimit
from fracas.web.tables import Tables

STATIC = resources.files("fracas.web").joinpath("static")

NOT_FOUND = "<!doctype html><title>fracas</title><p>There is no such link.</p>"
INDEX = (
    "<!doctype html><title>fracas</title><h1>fracas</h1>"
    "<p>Open the game master's link that <code>fracas serve</code> printed, or a player's link "
    "your game master gave you.</p>"
)


def create_app(store: Store, server_token: str | None = None) -> FastAPI:
    """The tracker on ``store``: every encounter in it, each reached by its links only;
    creating, importing and listing encounters need ``server_token`` when given
    (``fracas.web.guard``)."""
    tables = Tables(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener = asyncio.create_task(live.listen(tables))
        yield
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener

    app = FastAPI(
        title="fracas",
        summary="Tabletop-RPG combat: encounters, commands, views, undo, live tracker.",
        version="1",
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.guard = Guard(server_token)
    errors.install(app)
    app.add_middleware(BodyLimit)
    app.include_router(api.router)
    app.include_router(live.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(INDEX)

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

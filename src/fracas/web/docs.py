"""The API's documentation pages, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), served with
their scripts and styles from the app (``static/vendor``), so they work with no internet.

FastAPI's own pages load both from a CDN; these are the same pages pointed at the vendored
copies. Their Content-Security-Policy lets the browser ask the app alone: the bundles name
other hosts (Redoc's footer shows a logo from its makers' site), and an offline table's page
should neither wait for them nor tell them it was opened.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse

VENDOR = "/static/vendor"
SWAGGER_UI = f"{VENDOR}/swagger-ui"
REDOC = f"{VENDOR}/redoc"
FAVICON = f"{SWAGGER_UI}/favicon-32x32.png"

ONLY_THE_APP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",  # Swagger UI's start-up script is in the page
        "style-src 'self' 'unsafe-inline'",  # both set styles inline as they draw
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",  # ReDoc's search runs in a worker made from a blob
        "connect-src 'self'",
    )
)


def install(app: FastAPI) -> None:
    """Add ``/docs`` and ``/redoc`` to ``app``, made with ``docs_url=None, redoc_url=None``."""
    openapi = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url=openapi,
            title=f"{app.title}: the HTTP API",
            swagger_js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
            swagger_css_url=f"{SWAGGER_UI}/swagger-ui.css",
            swagger_favicon_url=FAVICON,
            swagger_ui_parameters={"validatorUrl": None},  # its default is a remote validator
        )
        return _offline(page)

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        page = get_redoc_html(
            openapi_url=openapi,
            title=f"{app.title}: the HTTP API",
            redoc_js_url=f"{REDOC}/redoc.standalone.js",
            redoc_favicon_url=FAVICON,
            with_google_fonts=False,
        )
        return _offline(page)


def _offline(page: HTMLResponse) -> HTMLResponse:
    page.headers["Content-Security-Policy"] = ONLY_THE_APP
    return page

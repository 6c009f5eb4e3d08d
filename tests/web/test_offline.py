"""The app works with no internet: every page it serves, and everything those pages load, comes
from the app itself; ``/docs`` (Swagger UI) and ``/redoc`` run on vendored copies.

Two proofs. The walk reads every HTML, JS and CSS file the app serves (the pages, what they
reference, ES module imports included, and every file under ``/static``) and finds no URL of
another host, each reference answering 200. The vendored bundles are left out of that scan:
minified, they hold URLs as plain text that they never load (XML namespaces, JSON-schema ids,
links in error messages). So Chromium opens every page with every other host blocked and must
ask none: Swagger UI then lists every operation, ReDoc every route.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from html.parser import HTMLParser
from importlib.resources.abc import Traversable
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from fracas.web.app import STATIC
from tests.web.browsing import CHROMIUM, FLAGS, WAIT_MS
from tests.web.conftest import Table
from tests.web.server import Server

URL = re.compile(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"'`<>()\\]*")
LICENCE_COMMENT = re.compile(r"/\*!.*?\*/", re.S)
NAMESPACES = {  # names of XML vocabularies in inline SVG; no browser loads them
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/1999/xhtml",
}
BUNDLES = {
    "/static/vendor/swagger-ui/swagger-ui-bundle.js",
    "/static/vendor/redoc/redoc.standalone.js",
}
MODULE_IMPORT = re.compile(  # import … from "x", import "x", export … from "x", import("x")
    r"""^\s*(?:import\s*(?:[\w*\s{},$]*\bfrom\s*)?|export\s*[\w*\s{},$]*\bfrom\s*)["']([^"']+)["']"""
    r"""|\bimport\(\s*["']([^"']+)["']""",
    re.M,
)
CSS_REFERENCE = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']""")
TEXT_SUFFIXES = (".html", ".js", ".css")


class References(HTMLParser):
    """Every ``src`` and ``href`` of an HTML page, and its inline scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if name in ("src", "href") and value]


def references(path: str, kind: str, text: str) -> list[str]:
    """The paths on the app that a served file points at."""
    if kind == "html":
        parser = References()
        parser.feed(text)
        found = parser.found
    elif kind == "javascript":
        found = [] if path in BUNDLES else [a or b for a, b in MODULE_IMPORT.findall(text)]
    else:
        found = [a or b for a, b in CSS_REFERENCE.findall(text)]
    joined = (urljoin(f"http://testserver{path}", ref) for ref in found)
    return [
        urlsplit(url).path
        for url in joined
        if urlsplit(url).netloc == "testserver" and not urlsplit(url).path.startswith("/api/")
    ]


def static_files(folder: Traversable, prefix: str = "/static") -> list[str]:
    """The path of every HTML, JS and CSS file the app serves from its static folder."""
    found: list[str] = []
    for item in folder.iterdir():
        if item.is_dir():
            found += static_files(item, f"{prefix}/{item.name}")
        elif item.name.endswith(TEXT_SUFFIXES):
            found.append(f"{prefix}/{item.name}")
    return found


def kind_of(content_type: str) -> str:
    for kind in ("html", "javascript", "css"):
        if kind in content_type:
            return kind
    return "other"


def test_no_page_the_app_serves_names_another_host(table: Table, client: TestClient) -> None:
    pages = ["/", "/new", "/docs", "/redoc", f"/gm/{table.gm}", f"/play/{table.player}"]
    waiting = pages + static_files(STATIC)
    walked: dict[str, str] = {}
    while waiting:
        path = waiting.pop()
        if path in walked:
            continue
        answer = client.get(path)
        assert answer.status_code == 200, f"{path}: {answer.status_code}"
        kind = kind_of(answer.headers["content-type"])
        walked[path] = kind
        if kind == "other":
            continue
        waiting += references(path, kind, answer.text)
        if path not in BUNDLES:
            text = LICENCE_COMMENT.sub("", answer.text)
            foreign = set(URL.findall(text)) - NAMESPACES
            assert not foreign, f"{path} names other hosts: {sorted(foreign)}"
    assert set(pages) | BUNDLES <= set(walked)
    assert {  # reached by following the pages' own references
        "/static/home/list.js",
        "/static/vendor/swagger-ui/swagger-ui.css",
        "/static/vendor/swagger-ui/favicon-32x32.png",
    } <= set(walked)


def test_the_vendored_copies_carry_their_version_and_licence() -> None:
    vendor = Path(str(STATIC.joinpath("vendor")))
    for folder, package, version, licence in (
        ("swagger-ui", "swagger-ui-dist", "5.35.0", "Apache License"),
        ("redoc", "redoc", "2.5.4", "Permission is hereby granted"),
    ):
        told = (vendor / folder / "VERSION").read_text()
        assert told.startswith(f"{package} {version}\n") and "integrity sha512-" in told
        assert licence in (vendor / folder / "LICENSE").read_text()
        (bundle,) = (vendor / folder).glob("*.js")
        assert f'"{version}"' in bundle.read_text()  # the bundle is the version VERSION names
        assert (vendor / folder / f"{bundle.name}.LICENSE.txt").is_file()  # its libraries'


@pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason=f"no {CHROMIUM}")
def test_every_page_works_with_every_other_host_blocked(tmp_path: Path) -> None:
    from playwright.sync_api import Route, sync_playwright

    with Server(f"sqlite:///{tmp_path / 'offline.sqlite3'}") as server:
        demo = {"ruleset": "kaiser", "demo": True}
        gm = httpx.post(f"{server.url}/api/encounters", json=demo).json()["token"]
        first = httpx.get(f"{server.url}/api/t/{gm}/view").json()["combatants"][0]["id"]
        player = httpx.put(f"{server.url}/api/t/{gm}/links/{first}").json()["page"]
        document = httpx.get(f"{server.url}/openapi.json").json()
        operations = sum(len(methods) for methods in document["paths"].values())
        app_host = urlsplit(server.url).netloc
        asked_elsewhere: list[str] = []

        def only_the_app(route: Route) -> None:
            if urlsplit(route.request.url).netloc == app_host:
                route.continue_()
            else:
                asked_elsewhere.append(route.request.url)
                route.abort()

        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            browser = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=FLAGS
            )
            try:
                browser.route("**/*", only_the_app)
                page = browser.new_page()
                page.goto(f"{server.url}/docs", wait_until="networkidle")
                swagger = page.locator(".opblock")
                swagger.nth(operations - 1).wait_for(timeout=WAIT_MS)
                assert swagger.count() == operations >= 20
                assert page.locator(".opblock-summary-path", has_text="/api/encounters").count()
                page.goto(f"{server.url}/redoc", wait_until="networkidle")
                page.get_by_text("List Encounters").first.wait_for(timeout=WAIT_MS)
                assert page.locator("h1", has_text="fracas").count() == 1
                for other in ("/", "/new", f"/gm/{gm}", player):
                    answer = page.goto(server.url + other, wait_until="networkidle")
                    assert answer is not None and answer.status == 200
            finally:
                browser.close()
    assert asked_elsewhere == []

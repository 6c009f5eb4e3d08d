"""Shared pieces of the browser tests: Debian's Chromium driven by Playwright, one browser and
one real ``fracas serve`` per test module (import the fixtures into the module)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 20_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}

needs_chromium = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason=f"no {CHROMIUM}: apt-get install chromium (.ci/run does)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    database = tmp_path_factory.mktemp("browser") / "browser.sqlite3"
    with Server(f"sqlite:///{database}") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        try:
            yield context
        finally:
            context.close()


def demo(server: Server, ruleset: str, seed: int = 7) -> str:
    """A new demo encounter of ``ruleset``: its game master's token."""
    created = httpx.post(
        f"{server.url}/api/encounters", json={"ruleset": ruleset, "demo": True, "seed": seed}
    )
    assert created.status_code == 201, created.text
    token: str = created.json()["token"]
    return token


def command(server: Server, token: str, text: str) -> dict[str, Any]:
    """Send a line of command text through the API; it must be done."""
    reply = httpx.post(f"{server.url}/api/t/{token}/commands", json={"text": text}, timeout=30)
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def narration(server: Server, token: str) -> list[str]:
    """The log's narration of the last step (its command line left out: typed differently)."""
    lines = httpx.get(f"{server.url}/api/t/{token}/log", params={"steps": 1}).json()
    return [line for line in lines if not line.startswith("[")]


def view(server: Server, token: str) -> dict[str, Any]:
    """The encounter's view as the link's holder gets it."""
    shown: dict[str, Any] = httpx.get(f"{server.url}/api/t/{token}/view").json()
    return shown


def opened(browser: BrowserContext, url: str, size: dict[str, int]) -> Page:
    """A new page of ``size`` at ``url``, once its live connection is online."""
    page = browser.new_page()
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.goto(url)
    page.wait_for_selector("#connection.online", timeout=WAIT_MS)
    return page


def fits(page: Any) -> bool:
    """No horizontal scrolling: the page is no wider than the window."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))

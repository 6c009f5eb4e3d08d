"""Issue 17: a page applies a live ``step`` message as it comes (its view, its new log lines)
and reads the state again only when it missed one. A step message says which version it follows
(``after``); in Chromium, a command sent from one page shows on another without that page
reading the state, and a step lost on the way makes the page read it once and catch up."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import httpx

from tests.web.browsing import WAIT_MS, browser, command, demo, needs_chromium, server
from tests.web.conftest import Table
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Request, WebSocketRoute

__all__ = ["browser", "server"]  # the module's fixtures


def test_a_step_message_says_the_version_it_follows(table: Table) -> None:
    with table.client.websocket_connect(f"/api/t/{table.player}/live") as player:
        first = json.loads(player.receive_text())
        table.command("note one")
        one = json.loads(player.receive_text())
        table.command("note two")
        two = json.loads(player.receive_text())
    assert first["type"] == "state"
    assert (one["type"], one["after"], one["version"]) == (
        "step",
        first["version"],
        1 + first["version"],
    )
    assert (two["type"], two["after"], two["version"]) == (
        "step",
        one["version"],
        1 + one["version"],
    )
    assert two["log"] == [f"[{two['version']}] Note: two"]  # the new step's lines only


def _state_reads(page: Page, server: Server, token: str) -> list[str]:
    """The page's reads of the whole state (``GET /api/t/TOKEN``), as they happen."""
    reads: list[str] = []
    state = f"{server.url}/api/t/{token}"

    def seen(request: Request) -> None:
        if request.method == "GET" and request.url == state:
            reads.append(request.url)

    page.on("request", seen)
    return reads


def _open(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_selector("#connection.online", timeout=WAIT_MS)
    page.wait_for_selector("#log li", timeout=WAIT_MS)
    return page


@needs_chromium
def test_a_command_from_one_page_shows_on_another_without_reading_the_state(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    link = httpx.put(f"{server.url}/api/t/{token}/links/Druid").json()
    gm, player = browser.new_page(), browser.new_page()
    try:
        _open(gm, f"{server.url}/gm/{token}")
        _open(player, server.url + link["page"])
        reads = _state_reads(player, server, link["token"])
        before = player.locator("#log li").count()
        gm.get_by_role("button", name="Start the fight").click()
        player.wait_for_selector("#log li:has-text('Round 1')", timeout=WAIT_MS)
        gm.locator("#command").fill("Scout: attack raptor-1")
        gm.locator("#command").press("Enter")
        player.wait_for_selector("#log li:has-text('Scout attacks Raptor 1')", timeout=WAIT_MS)
        scout = player.locator(".card[data-combatant='scout'] .pools")
        assert "AP 1/3" in scout.inner_text()  # the view the step brought
        assert player.locator("#log li").count() >= before + 2  # appended, the old lines kept
        assert reads == []
    finally:
        gm.close()
        player.close()


@needs_chromium
def test_a_missed_step_makes_the_page_read_the_state_once_and_catch_up(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    page = browser.new_page()
    dropped: list[str] = []

    def lose_the_first_step(socket: WebSocketRoute) -> None:
        upstream = socket.connect_to_server()

        def forward(message: str | bytes) -> None:
            if not dropped and '"type":"step"' in str(message).replace(" ", ""):
                dropped.append(str(message))  # lost on the way
            else:
                socket.send(message)

        upstream.on_message(forward)

    page.route_web_socket(re.compile(r".*/live$"), lose_the_first_step)
    try:
        _open(page, f"{server.url}/gm/{token}")
        reads = _state_reads(page, server, token)
        command(server, token, "note the lost one")
        command(server, token, "note the next one")
        page.wait_for_selector("#log li:has-text('Note: the next one')", timeout=WAIT_MS)
        assert page.locator("#log > li:has-text('Note: the lost one')").count() == 1
        assert len(dropped) == 1 and "the lost one" in dropped[0]
        assert len(reads) == 1  # the gap, read once
        command(server, token, "note one more")  # follows on: applied, nothing read
        page.wait_for_selector("#log li:has-text('Note: one more')", timeout=WAIT_MS)
        assert len(reads) == 1
    finally:
        page.close()


@needs_chromium
def test_a_page_dropped_for_falling_behind_reconnects_and_shows_what_it_missed(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    page = browser.new_page()
    sockets: list[WebSocketRoute] = []

    def keep(socket: WebSocketRoute) -> None:
        socket.connect_to_server()  # messages pass through untouched
        sockets.append(socket)

    page.route_web_socket(re.compile(r".*/live$"), keep)
    try:
        _open(page, f"{server.url}/gm/{token}")
        sockets[0].close(code=4408, reason="this page fell behind; reconnect to catch up")
        page.wait_for_selector("#connection.offline", timeout=WAIT_MS)
        command(server, token, "note while away")  # told to no socket of this page
        page.wait_for_selector("#connection.online", timeout=WAIT_MS)
        page.wait_for_selector("#log li:has-text('Note: while away')", timeout=WAIT_MS)
        assert len(sockets) == 2  # the new socket's first message brought the state
    finally:
        page.close()

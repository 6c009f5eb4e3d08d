"""Issue 17's log box and odds switch on a phone (390 x 844), in Chromium: a player's log is
narration drawn as prose (only the game master's command lines look like commands); the box
opens at its newest entry shown whole and follows new steps until the reader scrolls away; a
player's page learns the odds switch from the view it is sent, asking ``/odds/players`` never."""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx
import pytest

from tests.web.browsing import (
    PHONE,
    WAIT_MS,
    browser,
    command,
    demo,
    needs_chromium,
    opened,
    server,
)
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium

OVERFLOWS = "(box => box.scrollHeight > box.clientHeight)(document.getElementById('log'))"
"""Whether the log holds more than its box shows (so where it opens matters)."""

NEWEST_SHOWN = """() => {
  const box = document.getElementById("log").getBoundingClientRect();
  const last = document.querySelector("#log > li:last-child").getBoundingClientRect();
  return last.top >= box.top - 1 && last.bottom <= box.bottom + 1;
}"""
"""Whether the log's last entry is whole inside the box's visible part."""


def _fight(server: Server, ends: int) -> tuple[str, str]:
    """A started momentum demo after ``ends`` turns ended: the GM's token and Druid's page."""
    token = demo(server, "momentum")
    command(server, token, "start")
    for _ in range(ends):
        command(server, token, "end")
    link: str = httpx.put(f"{server.url}/api/t/{token}/links/Druid").json()["page"]
    return token, link


def _font(page: Page, selector: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => [getComputedStyle(n).fontFamily, getComputedStyle(n).fontWeight])"
    )
    return found


def _last_step(server: Server, token: str) -> int:
    lines = httpx.get(f"{server.url}/api/t/{token}/log", params={"steps": 1}).json()
    return int(lines[0][1:].split("]")[0])


def _wait_for_step(page: Page, number: int) -> None:
    page.wait_for_selector(f'#log > li:last-child[data-step="{number}"]', timeout=WAIT_MS)


def test_a_players_log_is_narration_in_prose_and_the_gms_commands_look_like_commands(
    server: Server, browser: BrowserContext
) -> None:
    token, link = _fight(server, 2)
    told = httpx.get(f"{server.url}/api{link.replace('/play/', '/t/')}/log").json()
    player = opened(browser, server.url + link, PHONE)
    gm = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        assert player.locator("#log .command").count() == 0  # a player is sent no command line
        narration = player.locator("#log .told > li")
        assert narration.all_inner_texts() == [line.split("] ", 1)[1] for line in told]
        assert player.locator("#log > li").count() == len({line.split("]")[0] for line in told})
        for family, weight in _font(player, "#log .told > li"):
            assert "monospace" not in family and weight == "400", (family, weight)
        commands = _font(gm, "#log .command")
        assert commands and all("monospace" in f and w == "600" for f, w in commands)
        for family, weight in _font(gm, "#log .told > li"):
            assert "monospace" not in family and weight == "400", (family, weight)
    finally:
        player.close()
        gm.close()


@pytest.mark.parametrize("seat", ["player", "gm"])
def test_the_log_opens_at_its_newest_entry_and_follows_until_the_reader_scrolls_away(
    server: Server, browser: BrowserContext, seat: str
) -> None:
    token, link = _fight(server, 12)  # more steps than the box holds on a phone
    last = _last_step(server, token)
    page = opened(browser, server.url + (link if seat == "player" else f"/gm/{token}"), PHONE)
    try:
        _wait_for_step(page, last)
        assert page.evaluate(OVERFLOWS)
        assert page.evaluate(NEWEST_SHOWN)
        command(server, token, "end")
        _wait_for_step(page, last + 1)
        assert page.evaluate(NEWEST_SHOWN)  # followed
        page.evaluate("document.getElementById('log').scrollTop = 0")
        page.wait_for_function("document.getElementById('log').scrollTop === 0")
        page.wait_for_timeout(100)  # the scroll event
        command(server, token, "end")
        _wait_for_step(page, last + 2)
        assert page.evaluate("document.getElementById('log').scrollTop") == 0  # left alone
        assert not page.evaluate(NEWEST_SHOWN)
    finally:
        page.close()


def test_a_players_page_takes_the_odds_switch_from_its_view_and_never_asks_for_it(
    server: Server, browser: BrowserContext
) -> None:
    token, link = _fight(server, 0)  # Scout's turn
    page = opened(browser, server.url + link, PHONE)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        command(server, token, "end")  # a step: Druid's turn
        _wait_for_step(page, _last_step(server, token))
        switched = httpx.put(f"{server.url}/api/t/{token}/odds/players", json={"players": True})
        assert switched.status_code == 200, switched.text
        page.get_by_role("button", name="Attack Raptor 1").click()
        told = page.locator("#actionbar .odds")
        told.locator("tr").first.wait_for(timeout=WAIT_MS)  # the odds, shown after the switch
        assert "not shared" not in told.inner_text()
    finally:
        page.close()
    assert asked and not [url for url in asked if "/odds/players" in url], asked
    assert httpx.get(f"{server.url}/api{link.replace('/play/', '/t/')}/view").json()[
        "players_see_odds"
    ]

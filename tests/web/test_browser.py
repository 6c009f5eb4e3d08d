"""The tracker in a real headless Chromium (Debian's, driven by Playwright): the game master
starts the fight and attacks by clicking; the player's page shows it live; the hidden NPC never
reaches the player's page, neither its DOM nor its socket. The game master revokes a player's
link (the player's page stops at once), replaces their own link (the page moves to the new one,
a page left open with the old one stops), exports the encounter and deletes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
from playwright.sync_api import expect

from tests.web.browsing import WAIT_MS, browser, demo, needs_chromium, server
from tests.web.conftest import GHOST, RAPTOR_SHEET
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium


def test_gm_attacks_and_the_player_sees_it_live_without_the_hidden_npc(
    server: Server, browser: BrowserContext
) -> None:
    gm_token = demo(server, "momentum")
    hidden = {"name": GHOST, "side": "raptors", "sheet": RAPTOR_SHEET, "hidden": True}
    assert httpx.post(f"{server.url}/api/t/{gm_token}/combatants", json=hidden).status_code == 200
    player_page = httpx.put(f"{server.url}/api/t/{gm_token}/links/Druid").json()["page"]

    frames: list[str] = []
    player = browser.new_page()
    gm = browser.new_page()
    try:
        player.on(
            "websocket",
            lambda socket: socket.on("framereceived", lambda payload: frames.append(str(payload))),
        )
        player.goto(server.url + player_page)
        player.wait_for_selector("#connection.online", timeout=WAIT_MS)
        assert player.locator("#who").inner_text() == "you play Druid"

        gm.goto(f"{server.url}/gm/{gm_token}")
        gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
        ghost = gm.locator(".card[data-combatant='ghost-raptor']")
        assert ghost.locator("h3").inner_text() == GHOST
        assert "hidden from players" in ghost.inner_text()
        gm.get_by_role("button", name="Start the fight").click()
        player.wait_for_function(
            "document.querySelector('#headline').textContent.includes(\"Scout's turn\")",
            timeout=WAIT_MS,
        )
        gm.get_by_role("button", name="Attack Raptor 1").click()
        gm.locator("#actionbar select[name=weapon]").select_option("Shortbow")  # Scout's own
        preview = 'Scout: attack "Raptor 1" -with Shortbow'
        assert gm.locator("#actionbar output").inner_text() == preview
        gm.get_by_role("button", name=f"Send: {preview}").click()
        gm.wait_for_selector("#reply:has-text('Scout attacks Raptor 1')", timeout=WAIT_MS)

        player.wait_for_selector("#log li:has-text('Scout attacks Raptor 1')", timeout=WAIT_MS)
        scout = player.locator(".card[data-combatant='scout'] .pools")
        assert "AP 1/3" in scout.inner_text()  # Scout, on the player's side, spent 2 AP: live
        raptor = player.locator(".card[data-combatant='raptor-1']").inner_text()
        assert "Vitality" not in raptor  # another side's numbers stay the game master's
        assert "numbers are the game master's" in raptor
        player_dom = player.content()
        gm_dom = gm.content()
    finally:
        player.close()
        gm.close()
    assert GHOST in gm_dom
    assert GHOST not in player_dom and "ghost" not in player_dom.lower()
    assert any("Scout attacks Raptor 1" in frame for frame in frames)
    assert frames and all(GHOST not in frame for frame in frames)


def test_the_gm_revokes_links_exports_and_deletes_the_encounter(
    server: Server, browser: BrowserContext
) -> None:
    gm_token = demo(server, "momentum")
    player_page = httpx.put(f"{server.url}/api/t/{gm_token}/links/Druid").json()["page"]
    player = browser.new_page()
    gm = browser.new_page()
    elsewhere = browser.new_page()  # the game master's page left open on another tab
    try:
        player.goto(server.url + player_page)
        player.wait_for_selector("#connection.online", timeout=WAIT_MS)
        gm.on("dialog", lambda dialog: dialog.accept())  # "Revoke Druid's link?"
        gm.goto(f"{server.url}/gm/{gm_token}")
        gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
        gm.get_by_role("button", name="Revoke Druid's link").click()
        gm.wait_for_selector('#reply:has-text("Druid\'s link is revoked")', timeout=WAIT_MS)
        expect(gm.locator("#link-list li")).to_have_count(0, timeout=WAIT_MS)

        player.wait_for_selector("#connection.closed", timeout=WAIT_MS)
        assert player.locator("#reply").inner_text() == "This link was revoked."
        assert player.locator("#command-form").is_hidden()
        reloaded = player.goto(server.url + player_page)
        assert reloaded is not None and reloaded.status == 404

        elsewhere.goto(f"{server.url}/gm/{gm_token}")
        elsewhere.wait_for_selector("#connection.online", timeout=WAIT_MS)
        gm.get_by_role("button", name="Replace your game master link").click()  # confirmed
        gm.wait_for_url(lambda url: gm_token not in url, timeout=WAIT_MS)
        old_token, gm_token = gm_token, gm.url.rsplit("/", 1)[1]
        gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
        gm.get_by_role("button", name="Start the fight").click()
        gm.wait_for_selector('#log li:has-text("Round 1 begins")', timeout=WAIT_MS)
        elsewhere.wait_for_selector("#connection.closed", timeout=WAIT_MS)
        assert elsewhere.locator("#reply").inner_text() == "This link was replaced by a new one."
        assert httpx.get(f"{server.url}/api/t/{old_token}").status_code == 404

        with gm.expect_download() as download:
            gm.get_by_role("link", name="Export").click()
        save = json.loads(Path(download.value.path()).read_text())
        assert save == httpx.get(f"{server.url}/api/t/{gm_token}/export").json()
        gm.get_by_role("button", name="Delete this encounter for good").click()  # confirmed
        gm.wait_for_selector("#connection.closed", timeout=WAIT_MS)
        assert gm.locator("#reply").inner_text() == "This encounter was deleted."
        assert httpx.get(f"{server.url}/api/t/{gm_token}").status_code == 404
    finally:
        for page in (player, gm, elsewhere):
            page.close()

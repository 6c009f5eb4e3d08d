"""The tracker in a real headless Chromium (Debian's, driven by Playwright): the game master
starts the fight and attacks; the player's page shows it live; the hidden NPC never reaches the
player's page, neither its DOM nor its socket. The game master revokes a player's link (the
player's page stops at once), replaces their own link (the page moves to the new one, a page
left open with the old one stops), exports the encounter and deletes it."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import GHOST, RAPTOR_SHEET
from tests.web.server import Server

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

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason=f"no {CHROMIUM}: apt-get install chromium (.ci/run does)"
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'browser.sqlite3'}") as running:
        yield running


def test_gm_attacks_and_the_player_sees_it_live_without_the_hidden_npc(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    created = httpx.post(
        f"{server.url}/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 7}
    ).json()
    gm_token = created["token"]
    hidden = {"name": GHOST, "side": "raptors", "sheet": RAPTOR_SHEET, "hidden": True}
    assert httpx.post(f"{server.url}/api/t/{gm_token}/combatants", json=hidden).status_code == 200
    player_page = httpx.put(f"{server.url}/api/t/{gm_token}/links/Druid").json()["page"]

    frames: list[str] = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        try:
            player = browser.new_page()
            player.on(
                "websocket",
                lambda socket: socket.on(
                    "framereceived", lambda payload: frames.append(str(payload))
                ),
            )
            player.goto(server.url + player_page)
            player.wait_for_selector("#connection.online", timeout=WAIT_MS)
            assert player.locator("#who").inner_text() == "you play Druid"

            gm = browser.new_page()
            gm.goto(f"{server.url}/gm/{gm_token}")
            gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
            assert gm.locator("tr.hidden-npc td.name").inner_text() == GHOST
            gm.get_by_role("button", name="Start").click()
            player.wait_for_function(
                "document.querySelector('#headline').textContent.includes(\"Scout's turn\")",
                timeout=WAIT_MS,
            )
            gm.locator("tr[data-combatant='raptor-1'] button", has_text="attack").click()
            assert gm.locator("#command").input_value() == "attack Raptor 1 "
            gm.locator("#command").type("-with shortbow")
            gm.locator("#command").press("Enter")
            gm.wait_for_selector("#reply:has-text('Scout attacks Raptor 1')", timeout=WAIT_MS)

            player.wait_for_selector("#log li:has-text('Scout attacks Raptor 1')", timeout=WAIT_MS)
            ap = player.locator("tr[data-combatant='scout'] td.num").nth(1).inner_text()
            assert ap == "1/3"  # Scout, on the player's side, spent 2 AP: shown live
            raptor_vitality = player.locator("tr[data-combatant='raptor-1'] td.num").nth(4)
            assert raptor_vitality.inner_text() == "?"  # another side's numbers stay GM-only
            player_dom = player.content()
            gm_dom = gm.content()
        finally:
            browser.close()
    assert GHOST in gm_dom
    assert GHOST not in player_dom and "ghost" not in player_dom.lower()
    assert any("Scout attacks Raptor 1" in frame for frame in frames)
    assert frames and all(GHOST not in frame for frame in frames)


def test_the_gm_revokes_links_exports_and_deletes_the_encounter(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    created = httpx.post(
        f"{server.url}/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 7}
    ).json()
    gm_token = created["token"]
    player_page = httpx.put(f"{server.url}/api/t/{gm_token}/links/Druid").json()["page"]
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        try:
            player = browser.new_page()
            player.goto(server.url + player_page)
            player.wait_for_selector("#connection.online", timeout=WAIT_MS)
            gm = browser.new_page()
            gm.on("dialog", lambda dialog: dialog.accept())  # "Revoke Druid's link?"
            gm.goto(f"{server.url}/gm/{gm_token}")
            gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
            gm.locator("#link-list li[data-combatant='druid'] button", has_text="revoke").click()
            gm.wait_for_selector('#reply:has-text("Druid\'s link is revoked")', timeout=WAIT_MS)
            assert gm.locator("#link-list li").count() == 0

            player.wait_for_selector("#connection.closed", timeout=WAIT_MS)
            assert player.locator("#reply").inner_text() == "This link was revoked."
            assert player.locator("#command-form").is_hidden()
            reloaded = player.goto(server.url + player_page)
            assert reloaded is not None and reloaded.status == 404

            elsewhere = browser.new_page()  # the game master's page left open on another tab
            elsewhere.goto(f"{server.url}/gm/{gm_token}")
            elsewhere.wait_for_selector("#connection.online", timeout=WAIT_MS)
            gm.get_by_role("button", name="New GM link").click()  # confirmed, as above
            gm.wait_for_url(lambda url: gm_token not in url, timeout=WAIT_MS)
            old_token, gm_token = gm_token, gm.url.rsplit("/", 1)[1]
            gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
            gm.get_by_role("button", name="Start").click()
            gm.wait_for_selector('#log li:has-text("Round 1 begins")', timeout=WAIT_MS)
            elsewhere.wait_for_selector("#connection.closed", timeout=WAIT_MS)
            told = elsewhere.locator("#reply").inner_text()
            assert told == "This link was replaced by a new one."
            assert httpx.get(f"{server.url}/api/t/{old_token}").status_code == 404

            with gm.expect_download() as download:
                gm.get_by_role("link", name="Export").click()
            save = json.loads(Path(download.value.path()).read_text())
            assert save == httpx.get(f"{server.url}/api/t/{gm_token}/export").json()
            gm.get_by_role("button", name="Delete encounter").click()  # confirmed, as above
            gm.wait_for_selector("#connection.closed", timeout=WAIT_MS)
            assert gm.locator("#reply").inner_text() == "This encounter was deleted."
            assert httpx.get(f"{server.url}/api/t/{gm_token}").status_code == 404
        finally:
            browser.close()

"""The game master's home page (``/``) in a real Chromium: it lists the stored encounters, creates
one, imports an uploaded save, exports one and deletes one after asking; it fits a phone and a
wide screen. ``fracas serve`` prints its address."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fracas.web.app import STATIC
from tests.web.browsing import CHROMIUM, FLAGS, WAIT_MS
from tests.web.server import ROOT, START_SECONDS, Server, free_port

LONG_NAME = "The siege of the northern watchtower, second night, with the reinforcements late"
SIZES = [(390, 844), (1400, 1000)]

browser_only = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason=f"no {CHROMIUM}")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with Server(f"sqlite:///{tmp_path / 'home.sqlite3'}") as running:
        yield running


def create(server: Server, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/encounters", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def stored(server: Server) -> dict[str, dict[str, Any]]:
    """The stored encounters by name, as the API lists them."""
    return {e["name"]: e for e in httpx.get(f"{server.url}/api/encounters").json()}


@browser_only
def test_the_home_page_lists_creates_imports_exports_and_deletes(
    server: Server, tmp_path: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    bandits = create(server, ruleset="kaiser", demo=True, seed=3)
    create(server, ruleset="momentum", demo=True, seed=7)
    not_json = tmp_path / "notes.txt"
    not_json.write_text("Raptors at dawn")
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS, accept_downloads=True
        )
        browser.set_default_timeout(WAIT_MS)
        try:
            page = browser.new_page()
            page.goto(f"{server.url}/")
            cards = page.locator("li.encounter")
            expect(cards).to_have_count(2)
            expect(cards.first.locator("h3")).to_have_text("Surrounded by raptors")  # the latest
            bandit_card = page.locator(f"li[data-encounter='{bandits['id']}']")
            expect(bandit_card.locator(".meta")).to_contain_text("Kaiser RPG · 5 log entries")
            opens = bandit_card.get_by_role("link", name="Open Bandits on the road")
            assert opens.get_attribute("href") == bandits["page"]

            with page.expect_download() as download:
                page.get_by_role("link", name="Export Bandits on the road").click()
            save = Path(download.value.path())
            assert download.value.suggested_filename == f"bandits-on-the-road-{bandits['id']}.json"
            assert (
                json.loads(save.read_text())
                == httpx.get(f"{server.url}/api/t/{bandits['token']}/export").json()
            )

            page.locator("#save-file").set_input_files(str(not_json))
            page.get_by_role("button", name="Import the save").click()
            expect(page.locator("#status")).to_have_text(
                "Not imported: notes.txt is not a save: it is not JSON"
            )
            page.locator("#save-file").set_input_files(str(save))
            page.get_by_role("button", name="Import the save").click()
            expect(page.locator("#status")).to_contain_text("Imported ")
            expect(cards).to_have_count(3)
            fresh = page.locator("li.encounter.fresh")
            expect(fresh.locator("h3")).to_have_text("Bandits on the road")
            copy = fresh.get_attribute("data-encounter")
            assert copy is not None and copy != bandits["id"]
            copy_page = fresh.get_by_role("link", name="Open Bandits on the road").get_attribute(
                "href"
            )
            copy_token = str(copy_page).rsplit("/", 1)[1]
            assert httpx.get(f"{server.url}/api/t/{copy_token}/export").json() == json.loads(
                save.read_text()
            )

            fresh.get_by_role("button", name="Delete Bandits on the road").click()
            dialog = page.get_by_role("dialog")
            expect(dialog).to_contain_text("Delete Bandits on the road for good?")
            dialog.get_by_role("button", name="Keep it").click()
            expect(dialog).to_be_hidden()
            expect(cards).to_have_count(3)
            fresh.get_by_role("button", name="Delete Bandits on the road").click()
            dialog.get_by_role("button", name="Delete for good").click()
            expect(page.locator("#status")).to_have_text("Deleted Bandits on the road.")
            expect(cards).to_have_count(2)
            assert httpx.get(f"{server.url}/api/t/{copy_token}").status_code == 404
            assert {e["id"] for e in stored(server).values()} == {
                bandits["id"],
                stored(server)["Surrounded by raptors"]["id"],
            }

            # a step made elsewhere after the list was read: the delete is refused
            httpx.post(f"{server.url}/api/t/{bandits['token']}/commands", json={"text": "start"})
            bandit_card.get_by_role("button", name="Delete Bandits on the road").click()
            dialog.get_by_role("button", name="Delete for good").click()
            expect(page.locator("#status")).to_contain_text("Bandits on the road is not deleted: ")
            expect(page.locator("#status")).to_contain_text("it changed since the list was read")
            assert httpx.get(f"{server.url}/api/t/{bandits['token']}").status_code == 200

            page.get_by_label("Ruleset").select_option(label="Legends of Lur-Asko")
            page.get_by_label("Name").fill("Rebels at the ford")
            page.get_by_label("start from its demo fight").check()
            page.get_by_role("button", name="Create and open").click()
            page.wait_for_url("**/gm/*")
            made = stored(server)["Rebels at the ford"]
            assert page.url.endswith(made["page"]) and made["ruleset"] == "lurasko"
            view = httpx.get(f"{server.url}/api/t/{made['token']}/view").json()
            assert view["combatants"]  # the demo's

            page.goto(f"{server.url}/")
            expect(cards).to_have_count(3)
            page.get_by_label("Ruleset").select_option(value="dbu")
            page.get_by_role("button", name="Create and open").click()
            page.wait_for_url("**/gm/*")
            token = page.url.rsplit("/", 1)[1]
            blank = httpx.get(f"{server.url}/api/t/{token}/view").json()
            assert blank["combatants"] == [] and blank["name"] == ""
        finally:
            browser.close()


@browser_only
def test_the_home_page_fits_a_phone_and_a_wide_screen(server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    for ruleset in ("kingsdale", "dbu", "lurasko"):
        create(server, ruleset=ruleset, demo=True)
    create(server, ruleset="kingsdale", name=LONG_NAME)
    create(server, ruleset="momentum", name="Watchtower" * 12)  # one word, no spaces
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        try:
            page = browser.new_page()
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"{server.url}/")
                expect(page.locator("li.encounter")).to_have_count(5, timeout=WAIT_MS)
                assert overflow(page) == [], (width, overflow(page))
                if width >= 1000:  # room for every ruleset's name (a phone's select is the row)
                    assert cut_short(page, "#ruleset") == []
                page.get_by_role("button", name=f"Delete {LONG_NAME}").click()
                assert overflow(page) == [], (width, overflow(page))
                page.get_by_role("button", name="Keep it").click()
        finally:
            browser.close()


def overflow(page: Any) -> list[str]:
    """What sticks out of the viewport to the right: the page's width, or a visible element."""
    found: list[str] = page.evaluate(
        """() => {
        const width = document.documentElement.clientWidth;
        const out = [];
        if (document.documentElement.scrollWidth > width) out.push("page " +
            document.documentElement.scrollWidth + " > " + width);
        for (const node of document.querySelectorAll("body *")) {
          const box = node.getBoundingClientRect();
          if (box.width && box.right > width + 0.5) out.push(node.tagName + " " +
              (node.id || node.className) + " right " + Math.round(box.right));
        }
        return out;
      }"""
    )
    return found


def cut_short(page: Any, select: str) -> list[str]:
    """The options of ``select`` too wide for it to show whole, measured in its own font, its
    drop-down arrow and padding left out."""
    found: list[str] = page.evaluate(
        """(selector) => {
        const select = document.querySelector(selector);
        const style = getComputedStyle(select);
        const pen = document.createElement("canvas").getContext("2d");
        pen.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight) - 20;
        return [...select.options].map((o) => o.text)
            .filter((text) => pen.measureText(text).width > room);
      }""",
        select,
    )
    return found


def answered(url: str) -> httpx.Response:
    """The answer of a server that is starting up (it printed its address first)."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            return httpx.get(url, timeout=5)
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_fracas_serve_prints_the_home_pages_address(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "fracas", "serve", "--no-demos", "--port", str(port)]
    database = ["--database", f"sqlite:///{tmp_path / 'serve.sqlite3'}"]
    process = subprocess.Popen(
        command + database, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        printed = [process.stdout.readline() for _ in range(3)]
        home = f"http://127.0.0.1:{port}/"
        assert printed[1] == f"  encounters (list, create, import): {home}\n", printed
        assert answered(home).text == STATIC.joinpath("home", "home.html").read_text()
    finally:
        process.terminate()
        process.wait(timeout=10)


@browser_only
def test_a_server_with_a_token_lists_by_its_home_link_and_asks_for_it_otherwise(
    tmp_path: Path,
) -> None:
    """fracas.web.guard: with a server token, listing needs ``Authorization: Bearer TOKEN``;
    the home link fracas serve prints carries it (``#token=``), and a page opened without it
    asks once, then lists."""
    from playwright.sync_api import expect, sync_playwright

    port, token = free_port(), "a-long-server-token"
    command = [sys.executable, "-m", "fracas", "serve", "--no-demos", "--port", str(port)]
    database = ["--database", f"sqlite:///{tmp_path / 'token.sqlite3'}"]
    process = subprocess.Popen(
        [*command, *database, "--server-token", token],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        printed = [process.stdout.readline() for _ in range(2)]
        base = f"http://127.0.0.1:{port}"
        assert printed[1] == f"  encounters (list, create, import): {base}/#token={token}\n"
        answered(f"{base}/")
        bearer = {"Authorization": f"Bearer {token}"}
        made = httpx.post(f"{base}/api/encounters", json={"ruleset": "momentum", "demo": True})
        assert made.status_code == 401  # the API itself refuses without the token
        made = httpx.post(
            f"{base}/api/encounters", json={"ruleset": "momentum", "demo": True}, headers=bearer
        )
        assert made.status_code == 201, made.text
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            browser = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=FLAGS
            )
            browser.set_default_timeout(WAIT_MS)
            try:
                linked = browser.new_page()
                linked.goto(f"{base}/#token={token}")
                expect(linked.locator("li.encounter")).to_have_count(1)
                assert "token" not in linked.url  # taken off the address bar
                asked: list[str] = []
                bare = browser.new_page()  # a new tab keeps no token: it asks

                def answer(dialog: Any) -> None:
                    asked.append(dialog.message)
                    dialog.accept(token)

                bare.on("dialog", answer)
                bare.goto(f"{base}/")
                expect(bare.locator("li.encounter")).to_have_count(1)
                assert len(asked) == 1 and "server token" in asked[0]
            finally:
                browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)

"""The "New encounter" page (``/new``) in a real Chromium: from an empty roster to a saved
encounter with its estimate shown, on the library's API (``GET /api/library``,
``POST /api/encounters/build``) and the estimate's (``POST``/``GET /api/t/{token}/estimate``).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.browsing import CHROMIUM, FLAGS, WAIT_MS
from tests.web.server import Server
from tests.web.test_home import overflow

pytestmark = pytest.mark.skipif(shutil.which(CHROMIUM) is None, reason=f"no {CHROMIUM}")

ESTIMATE_MS = 60_000
"""The estimate's own budget is 10 s; a loaded two-core machine may take longer to start it."""


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    from fracas.library import ENVIRONMENT

    (tmp_path / "library").mkdir()
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "library"))  # the built-in entries only
    with Server(f"sqlite:///{tmp_path / 'builder.sqlite3'}") as running:
        yield running


def test_from_an_empty_roster_to_a_saved_encounter_with_its_estimate(server: Server) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS
        )
        browser.set_default_timeout(WAIT_MS)
        try:
            page = browser.new_page()
            page.set_viewport_size({"width": 390, "height": 844})
            page.goto(f"{server.url}/new")
            expect(page.get_by_role("button", name="Save and open")).to_be_disabled()
            page.get_by_label("Ruleset").select_option(value="momentum")
            page.get_by_label("Name").fill("Dawn raid")
            page.get_by_label("Find a creature").fill("rapt")
            entries = page.locator("#entries li")
            expect(entries.locator("h3")).to_have_text(["Raptor", "Raptor alpha"])
            expect(entries.first.locator(".meta").first).to_contain_text("side raptors")
            page.get_by_role("button", name="Add Raptor", exact=True).click()
            page.get_by_role("button", name="Add Raptor", exact=True).click()
            added = page.get_by_role("button", name="Add Raptor", exact=True)
            expect(added).to_have_text("Add another (2 in the roster)")
            page.get_by_role("button", name="Add Raptor alpha").click()
            page.get_by_label("How many Raptor alpha").fill("1")
            page.get_by_label("Hide Raptor alpha from the players").check()
            page.get_by_label("Find a creature").fill("druid")
            expect(entries.locator("h3")).to_have_text(["Druid"])
            page.get_by_role("button", name="Add Druid").click()
            page.get_by_label("Find a creature").fill("scout")
            page.get_by_role("button", name="Add Scout").click()
            page.get_by_role("button", name="Remove Scout").click()
            expect(page.locator("#roster h3")).to_have_text(["Raptor", "Raptor alpha", "Druid"])
            expect(page.get_by_label("How many Raptor", exact=True)).to_have_value("2")
            expect(page.locator("#roster-title")).to_have_text("Roster (4)")
            assert overflow(page) == []

            page.get_by_role("button", name="Estimate the fight").click()
            result = page.locator("#estimate-result")
            expect(result).to_be_visible(timeout=ESTIMATE_MS)
            expect(result).to_contain_text("raptors: wins ")
            expect(result).to_contain_text("party: wins ")
            expect(result).to_contain_text("Most likely to fall: ")
            expect(result).to_contain_text(" fights in ")
            (draft,) = httpx.get(f"{server.url}/api/encounters").json()  # estimated, once
            figures = httpx.get(f"{server.url}/api/t/{draft['token']}/estimate").json()
            assert figures["status"] == "done" and figures["fights"] > 0
            assert f"From {figures['fights']} fights" in result.inner_text()
            assert overflow(page) == []

            page.get_by_role("button", name="Save and open").click()
            page.wait_for_url(f"**{draft['page']}")  # the very encounter estimated
            view = httpx.get(f"{server.url}/api/t/{draft['token']}/view").json()
            assert view["name"] == "Dawn raid"
            names = sorted(c["name"] for c in view["combatants"])
            assert names == ["Druid", "Raptor 1", "Raptor 2", "Raptor alpha"]
            hidden = {c["name"] for c in view["combatants"] if c.get("hidden")}
            assert hidden == {"Raptor alpha"}
            assert [e["id"] for e in httpx.get(f"{server.url}/api/encounters").json()] == [
                draft["id"]
            ]
        finally:
            browser.close()

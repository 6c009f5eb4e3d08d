"""The game master's quick edits on a card, in Chromium: one button per thing it does."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from tests.web.browsing import WAIT_MS, browser, command, demo, needs_chromium, server
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium

DESKTOP = {"width": 1400, "height": 1000}
CARD = ".card[data-combatant='raptor-1']"


def _gm_page(server: Server, browser: BrowserContext) -> tuple[str, Page]:
    token = demo(server, "momentum")
    command(server, token, "start")
    command(server, token, 'damage "Raptor 1" 3')  # so that a heal has something to heal
    page = browser.new_page()
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    page.goto(f"{server.url}/gm/{token}")
    page.wait_for_selector("#connection.online", timeout=WAIT_MS)
    return token, page


@pytest.mark.parametrize("verb", ["damage", "heal"])
def test_the_bars_damage_or_heal_gives_a_card_one_button_of_that_name(
    server: Server, browser: BrowserContext, verb: str
) -> None:
    """With ``damage`` (or ``heal``) chosen in the action bar, a card has one "Damage Raptor 1"
    button, its quick edit (the bar's list still aims the bar), and a click sends it with the
    amount typed."""
    _, page = _gm_page(server, browser)
    try:
        page.locator("#verb").select_option(verb)
        name = f"{verb.capitalize()} Raptor 1"
        assert page.get_by_role("button", name=name, exact=True).count() == 1
        page.locator(CARD).get_by_label("amount of damage or healing for Raptor 1").fill("2")
        page.get_by_role("button", name=name, exact=True).click()
        found = "[...document.querySelectorAll('#log li .command')].map((c) => c.textContent)"
        typed = json.dumps(f'{verb} "Raptor 1" 2')
        page.wait_for_function(f"{found}.some((c) => c.endsWith({typed}))", timeout=WAIT_MS)
        assert page.locator("#verb").input_value() == verb  # the bar keeps its choice
    finally:
        page.close()

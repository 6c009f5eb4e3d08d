"""Shortcuts on the cards for actions the ruleset means for allies, in Chromium: with momentum's
Stabilize chosen (its target declares ``aims: ally``), the acting combatant's allies' cards
offer "Stabilize NAME" and the other side's cards do not; an attack's stay on the other side."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import httpx

from tests.web.browsing import (
    DESKTOP,
    PHONE,
    browser,
    command,
    demo,
    fits,
    needs_chromium,
    opened,
    server,
)
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium

RAPTORS = ["Raptor 1", "Raptor 2", "Raptor 3", "Raptor 4"]


def _shortcuts(page: Page, verb: str) -> list[str]:
    found = page.locator(".card-actions button", has_text=re.compile(f"^{verb} "))
    return sorted(found.all_inner_texts())


def test_the_game_masters_cards_offer_stabilize_on_the_actors_allies(
    server: Server, browser: BrowserContext
) -> None:
    """Scout acts: Stabilize is offered on Druid's and Rusher's cards, none on Scout's own or
    the raptors'; acting as Raptor 1 offers it on the other raptors; a click aims the bar."""
    token = demo(server, "momentum")
    command(server, token, "start")
    page = opened(browser, f"{server.url}/gm/{token}", DESKTOP)
    try:
        page.locator("#verb").select_option("stabilize")
        assert _shortcuts(page, "Stabilize") == ["Stabilize Druid", "Stabilize Rusher"]
        page.get_by_role("button", name="Act as Raptor 1").click()
        assert _shortcuts(page, "Stabilize") == [f"Stabilize {n}" for n in RAPTORS[1:]]
        page.get_by_role("button", name="Stabilize Raptor 3").click()
        preview = page.locator("#actionbar output").inner_text()
        assert preview == '"Raptor 1": stabilize "Raptor 3"'
        page.locator("#verb").select_option("attack")  # a foe's action: the other side
        assert _shortcuts(page, "Attack") == ["Attack Druid", "Attack Rusher", "Attack Scout"]
    finally:
        page.close()


def test_a_players_phone_offers_stabilize_on_their_allies(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    command(server, token, "start")
    link = httpx.put(f"{server.url}/api/t/{token}/links/druid").json()["page"]
    page = opened(browser, server.url + link, PHONE)
    try:
        page.locator("#verb").select_option("stabilize")
        assert _shortcuts(page, "Stabilize") == ["Stabilize Rusher", "Stabilize Scout"]
        page.get_by_role("button", name="Stabilize Rusher").click()
        assert page.locator("#actionbar output").inner_text() == "stabilize Rusher"
        assert fits(page)
    finally:
        page.close()

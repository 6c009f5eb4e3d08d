"""The game master's quick edits on a card, in Chromium: one button per thing it does, and the
amount typed into a card kept while the page redraws its cards (the action bar's choices, a
live step)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from tests.web.browsing import (
    DESKTOP,
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

CARD = ".card[data-combatant='raptor-1']"


def _gm_page(server: Server, browser: BrowserContext) -> tuple[str, Page]:
    token = demo(server, "momentum")
    command(server, token, "start")
    command(server, token, 'damage "Raptor 1" 3')  # so that a heal has something to heal
    return token, opened(browser, f"{server.url}/gm/{token}", DESKTOP)


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


def test_an_amount_typed_on_a_card_stays_when_the_cards_are_drawn_again(
    server: Server, browser: BrowserContext
) -> None:
    """Typing 7 into Raptor 1's amount, then choosing another action, another actor, and a live
    step (which all redraw the cards) leaves 7 there, focused if it was; the condition picked
    stays picked too."""
    token, page = _gm_page(server, browser)
    try:
        card = page.locator(CARD)
        amount = card.get_by_label("amount of damage or healing for Raptor 1")
        amount.fill("7")
        card.get_by_label("condition to put on Raptor 1").select_option("Prone")
        page.locator("#verb").select_option("stabilize")
        assert amount.input_value() == "7"
        page.get_by_role("button", name="Act as Raptor 2").click()
        assert amount.input_value() == "7"
        amount.focus()  # the game master is typing when a step comes
        command(server, token, "end")  # a step from elsewhere: the page redraws from the socket
        page.wait_for_function(
            "document.querySelector('#headline').textContent.includes('Druid')", timeout=WAIT_MS
        )
        assert amount.input_value() == "7"
        focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert focused == "amount of damage or healing for Raptor 1"
        assert card.get_by_label("condition to put on Raptor 1").input_value() == "Prone"
    finally:
        page.close()


@pytest.mark.parametrize(("sign", "name"), [("\u2212", "Damage Raptor 1"), ("+", "Heal Raptor 1")])
def test_a_card_s_minus_and_plus_tell_the_mouse_what_they_do(
    server: Server, browser: BrowserContext, sign: str, name: str
) -> None:
    """The minus and plus show only their sign: their tooltip says what they do (their name,
    read out as before, with the amount typed), and is read out as their description."""
    from playwright.sync_api import expect

    _, page = _gm_page(server, browser)
    try:
        edit = page.locator(CARD).get_by_role("button", name=name, exact=True)
        assert edit.text_content() == sign
        assert edit.get_attribute("title") == f"{name} by the amount typed"
        expect(edit).to_have_accessible_description(f"{name} by the amount typed")
    finally:
        page.close()


def test_a_cards_damage_amount_and_heal_are_one_stepper_apart_from_act_as(
    server: Server, browser: BrowserContext
) -> None:
    """The amount sits between its minus (damage) and plus (heal), the three in one box, so it
    reads as a control of its own and not as "Act as 1" (as the card first laid it out)."""
    _, page = _gm_page(server, browser)
    try:
        parts = page.locator(f"{CARD} .stepper > *")
        names = [parts.nth(i).get_attribute("aria-label") for i in range(parts.count())]
        assert names == [
            "Damage Raptor 1",
            "amount of damage or healing for Raptor 1",
            "Heal Raptor 1",
        ]
        assert page.locator(f"{CARD} .stepper").get_by_role("button", name="Act as").count() == 0
    finally:
        page.close()

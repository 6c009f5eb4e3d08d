"""Issue 17: in Chromium, on a phone (390 x 844) and a desktop (1,400 x 1,000), the action bar
offers the acting combatant's own weapons as a pick list (not free text); the command it shows
names the weapon picked, and sending it gives the very step the typed command gives. "other…"
keeps free text possible; a player's page lists their own combatant's weapons."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.web.browsing import (
    DESKTOP,
    PHONE,
    WAIT_MS,
    browser,
    command,
    demo,
    fits,
    narration,
    needs_chromium,
    opened,
    server,
    view,
)
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium


# ruleset: (set-up commands, who acts, verb, target, the weapons listed, the one picked, typed)
PICKS: dict[str, tuple[list[str], str, str, str, list[str], str, str]] = {
    "momentum": (
        [],
        "Scout",
        "attack",
        "Raptor 1",
        ["Shortbow", "Dagger"],
        "Dagger",
        "Scout: attack raptor-1 -with dagger",
    ),
    "kingsdale": (
        ["end", "end"],  # Player 2, NPC 2, then Player 1
        "Player 1",
        "strike",
        "NPC 1",
        ["Vibro-Blade", "Laser Pistol"],
        "Laser Pistol",
        'Player 1: strike npc-1 -with "laser pistol"',
    ),
    "lurasko": (
        ["end", "end", "end", "end"],  # Elf, Gunner, Construct, Legionary, then Arcanist
        "Arcanist",
        "attack",
        "Gunner",
        ["Heat lance", "Knife"],
        "Knife",
        "Arcanist: attack gunner -with knife",
    ),
}


KAISER_DAMAGE_TYPES = [
    *("cut", "impact", "thrust", "heat", "cold", "electrical", "force", "light", "dark"),
    *("atomic", "bio", "psychic"),
]
"""Kaiser's damage types (``DamageType``), as ``damage -type`` lists them."""


def _word(name: str) -> str:
    """A name as one word of a command (quoted when it has spaces), as the bar writes it."""
    return json.dumps(name) if " " in name else name


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("ruleset", sorted(PICKS))
def test_a_weapon_picked_from_the_actors_sheet_is_the_typed_step(
    server: Server, browser: BrowserContext, ruleset: str, size: dict[str, int]
) -> None:
    setup, actor, verb, target, weapons, picked, typed_text = PICKS[ruleset]
    typed, clicked = demo(server, ruleset), demo(server, ruleset)
    for token in (typed, clicked):
        for text in ["start", *setup]:
            command(server, token, text)
    assert view(server, clicked)["acting"] == [actor]
    command(server, typed, typed_text)

    page = opened(browser, f"{server.url}/gm/{clicked}", size)
    try:
        page.get_by_role("button", name=f"{verb.capitalize()} {target}").click()
        pick = page.locator("#actionbar select[name=weapon]")
        listed = pick.locator("option").all_inner_texts()
        assert listed == ["(default)", *weapons, "other…"]
        pick.select_option(picked)
        preview = page.locator("#actionbar output").inner_text()
        assert preview == f"{_word(actor)}: {verb} {_word(target)} -with {_word(picked)}"
        assert fits(page), "the action bar makes the page scroll sideways"
        page.get_by_role("button", name=f"Send: {preview}").click()
        page.wait_for_function(
            f"document.querySelector('#log').textContent.includes({json.dumps(preview)})",
            timeout=WAIT_MS,
        )
    finally:
        page.close()
    assert narration(server, clicked) == narration(server, typed)
    assert view(server, clicked) == view(server, typed)


def test_other_types_a_value_and_a_player_picks_from_their_own_sheet(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    command(server, token, "start")  # Scout's turn
    player_link = httpx.put(f"{server.url}/api/t/{token}/links/Scout").json()["page"]
    gm = opened(browser, f"{server.url}/gm/{token}", DESKTOP)
    player = opened(browser, server.url + player_link, PHONE)
    try:
        gm.get_by_role("button", name="Attack Raptor 1").click()
        gm.locator("#actionbar select[name=weapon]").select_option(label="other…")
        typed = gm.locator("#actionbar input[name=weapon-other]")
        assert typed.is_visible()
        typed.fill("a thrown rock")
        preview = gm.locator("#actionbar output").inner_text()
        assert preview == 'Scout: attack "Raptor 1" -with "a thrown rock"'
        gm.locator("#actionbar #actor").select_option("Druid")  # another actor: Druid's list
        listed = gm.locator("#actionbar select[name=weapon] option").all_inner_texts()
        assert listed == ["(default)", "Staff", "Thorn Lash", "Entangling Roots", "other…"]
        gm.locator("#actionbar #actor").select_option("")  # whose turn it is: Scout
        gm.locator("#actionbar select[name=weapon]").select_option("Dagger")
        command(server, token, "end")  # Druid's turn: Scout's dagger is no pick of hers
        gm.wait_for_selector('#headline:has-text("Druid\'s turn")', timeout=WAIT_MS)
        assert gm.locator("#actionbar select[name=weapon]").input_value() == ""
        assert gm.locator("#actionbar output").inner_text() == 'Druid: attack "Raptor 1"'

        player.get_by_role("button", name="Attack Raptor 1").click()
        listed = player.locator("#actionbar select[name=weapon] option").all_inner_texts()
        assert listed == ["(default)", "Shortbow", "Dagger", "other…"]
        player.locator("#actionbar select[name=weapon]").select_option("Dagger")
        assert player.locator("#actionbar output").inner_text() == (
            'attack "Raptor 1" -with Dagger'
        )
    finally:
        gm.close()
        player.close()


def test_a_colliders_attack_powers_and_the_rulesets_damage_types_are_pick_lists(
    server: Server, browser: BrowserContext
) -> None:
    """Kaiser's ``use -collide-with`` lists the Attack powers of the one collider chosen with
    ``-collide-by`` (their sheet's, not the user's), and ``damage -type`` the ruleset's damage
    types; the damage so picked is the typed step."""
    typed, clicked = demo(server, "kaiser"), demo(server, "kaiser")
    command(server, typed, 'damage "Bandit 1" 3 -type cold')
    page = opened(browser, f"{server.url}/gm/{clicked}", PHONE)
    try:
        page.locator("#actionbar #actor").select_option("Ceil")
        page.locator("#actionbar #verb").select_option("use")
        page.locator("#actionbar select[name=power]").select_option("Paralysis")
        page.get_by_role("button", name="Use Bandit 1").click()
        page.locator("#actionbar details.more summary").click()
        colliders = page.locator("#actionbar fieldset:has(legend:text-is('collide by'))")
        colliders.get_by_label("Shaman").check()  # Dark Lance (Ceil's own: Fire Bolt)
        pick = page.locator("#actionbar select[name=collide_with]")
        assert pick.locator("option").all_inner_texts() == ["(default)", "Dark Lance", "other…"]
        pick.select_option("Dark Lance")
        preview = page.locator("#actionbar output").inner_text()
        assert preview.startswith('Ceil: use Paralysis -on "Bandit 1"'), preview
        assert preview.endswith('-collide-by Shaman -collide-with "Dark Lance"'), preview
        assert page.locator("#actionbar details.more").get_attribute("open") is not None
        assert fits(page)

        page.locator("#actionbar #actor").select_option("")  # nobody acts: the GM's damage
        page.locator("#actionbar #verb").select_option("damage")
        page.locator("#actionbar select[name=target]").select_option("Bandit 1")
        page.locator("#actionbar input[name=amount]").fill("3")
        kinds = page.locator("#actionbar select[name=kind] option").all_inner_texts()
        assert kinds == ["(default)", *KAISER_DAMAGE_TYPES, "other…"]
        page.locator("#actionbar select[name=kind]").select_option("cold")
        preview = page.locator("#actionbar output").inner_text()
        assert preview == 'damage "Bandit 1" 3 -type cold'
        page.get_by_role("button", name=f"Send: {preview}").click()
        page.wait_for_function(
            f"document.querySelector('#log').textContent.includes({json.dumps(preview)})",
            timeout=WAIT_MS,
        )
    finally:
        page.close()
    assert narration(server, clicked) == narration(server, typed)
    assert view(server, clicked) == view(server, typed)


def _groups(page: Page, field: str) -> list[tuple[str, list[str]]]:
    """The option groups of the action bar's pick list ``field``: (label, names)."""
    found: list[tuple[str, list[str]]] = page.evaluate(
        """(name) => [...document.querySelectorAll(`#actionbar select[name=${name}] optgroup`)]
            .map((g) => [g.label, [...g.querySelectorAll("option")].map((o) => o.textContent)])""",
        field,
    )
    return [(label, list(names)) for label, names in found]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_target_list_names_whom_the_action_means_first(
    server: Server, browser: BrowserContext, size: dict[str, int]
) -> None:
    """An attack's target list opens with the acting combatant's foes, a field the ruleset aims
    at allies (momentum's ``stabilize``) with its own side, each group titled; the game
    master's own actions (``damage``) list everyone, ungrouped, in the fight's order."""
    token = demo(server, "momentum")
    command(server, token, "start")  # Scout's turn
    everyone = view(server, token)["combatants"]
    side = next(c["side"] for c in everyone if c["name"] == "Scout")
    foes = [c["name"] for c in everyone if c["side"] != side]
    own = [c["name"] for c in everyone if c["side"] == side]
    assert foes and "Scout" in own
    page = opened(browser, f"{server.url}/gm/{token}", size)
    try:
        page.locator("#actionbar #verb").select_option("attack")
        assert _groups(page, "target") == [("foes", foes), ("own side", own)]
        page.locator("#actionbar #verb").select_option("stabilize")
        assert _groups(page, "target") == [("allies", own), ("others", foes)]
        page.locator("#actionbar #verb").select_option("damage")
        assert _groups(page, "target") == []
        listed = page.locator("#actionbar select[name=target] option").all_inner_texts()
        assert listed == ["choose…", *(c["name"] for c in everyone)]
        assert fits(page), "the action bar makes the page scroll sideways"
    finally:
        page.close()

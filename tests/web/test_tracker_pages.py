"""Every ruleset's demo on the tracker, in Chromium, on a phone (390 x 844) and a desktop
(1,400 x 1,000): the page never scrolls sideways; an attack made by clicks is the very step the
typed command makes; the odds it shows first are those of ``fracas odds``; quick edits are
logged steps that undo; a player's phone shows their card and no hidden combatant."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import httpx
import pytest
from typer.testing import CliRunner

from fracas.cli.app import app as cli
from fracas.web.odds_api import MAX_BRANCHES, SAMPLES
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
from tests.web.conftest import GHOST, RAPTOR_SHEET
from tests.web.server import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser", "server"]  # the module's fixtures

pytestmark = needs_chromium


# ruleset: (set-up commands, who acts, the target, options as (field, value))
ATTACKS: dict[str, tuple[list[str], str, str, list[tuple[str, str]]]] = {
    "momentum": ([], "Scout", "Raptor 1", [("weapon", "Shortbow")]),
    "dbu": ([], "Saibaman 1", "Kora", []),
    "kaiser": (
        [f"{who}: intend attack" for who in ("Ceil", "Thom", "Bandit 1", "Bandit 2")] + ["end"],
        "Thom",
        "Bandit 1",
        [],
    ),
    "kingsdale": ([], "Player 2", "NPC 1", []),
    "lurasko": ([], "Elf", "Construct", []),
}
VERB = {"kingsdale": "strike"}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("ruleset", sorted(ATTACKS))
def test_an_attack_by_clicks_is_the_typed_step_and_nothing_scrolls_sideways(
    server: Server, browser: BrowserContext, ruleset: str, size: dict[str, int]
) -> None:
    setup, actor, target, options = ATTACKS[ruleset]
    verb = VERB.get(ruleset, "attack")
    typed, clicked = demo(server, ruleset), demo(server, ruleset)
    for token in (typed, clicked):
        for text in ["start", *setup]:
            command(server, token, text)
    assert view(server, clicked)["acting"][0] == actor  # the page's choice: whose turn it is
    flags = "".join(f" -{'with' if f == 'weapon' else f} {v}" for f, v in options)
    command(server, typed, f"{actor}: {verb} {target.lower().replace(' ', '-')}{flags}")

    page = opened(browser, f"{server.url}/gm/{clicked}", size)
    try:
        assert fits(page), "the game master's page scrolls sideways"
        page.get_by_role("button", name=f"{verb.capitalize()} {target}").click()
        for field, value in options:  # picked from what the actor's sheet offers
            page.locator(f"#actionbar select[name={field}]").select_option(value)
        preview = page.locator("#actionbar output").inner_text()
        assert preview.startswith((f"{actor}: {verb} ", f'"{actor}": {verb} '))
        assert target in preview
        if size is DESKTOP:
            _odds_match_fracas_odds(page, ruleset, preview, setup)
        page.get_by_role("button", name=f"Send: {preview}").click()
        page.wait_for_function(
            f"document.querySelector('#log').textContent.includes({json.dumps(preview)})",
            timeout=WAIT_MS,
        )
        assert fits(page), "the page scrolls sideways after the attack"
    finally:
        page.close()
    assert narration(server, clicked) == narration(server, typed)
    assert view(server, clicked) == view(server, typed)


def _odds_match_fracas_odds(page: Page, ruleset: str, action: str, setup: list[str]) -> None:
    page.wait_for_selector("#actionbar .odds tr[data-outcome]", timeout=WAIT_MS)
    rows = page.locator("#actionbar .odds tr[data-outcome]").all()
    shown = {
        row.get_attribute("data-outcome"): row.get_attribute("data-probability") for row in rows
    }
    for row in rows:  # the percentage a person reads is the probability, to a tenth
        percent = float(row.locator(".chance").inner_text().removesuffix(" %"))
        assert abs(percent - 100 * float(row.get_attribute("data-probability") or 0)) <= 0.0501
    before = [arg for text in setup for arg in ("--before", text)]
    budget = ["--samples", str(SAMPLES), "--max-branches", str(MAX_BRANCHES)]  # the page's
    ran = CliRunner().invoke(
        cli, ["odds", ruleset, action, "--json", "--seed", "7", *budget, *before]
    )
    assert ran.exit_code == 0, ran.output
    expected = json.loads(ran.output)["outcomes"]
    assert shown == {name: repr(o["probability"]) for name, o in expected.items()}


# ruleset: (a combatant to damage and heal, a player's combatant, an NPC a hidden one copies)
PEOPLE: dict[str, tuple[str, str, str]] = {
    "momentum": ("Raptor 1", "Druid", "raptor-1"),
    "dbu": ("Kora", "Sena", "saibaman-1"),
    "kaiser": ("Bandit 1", "Ceil", "bandit-1"),
    "kingsdale": ("Player 1", "Player 2", "npc-1"),
    "lurasko": ("Legionary", "Elf", "gunner"),
}


@pytest.mark.parametrize("ruleset", sorted(PEOPLE))
def test_damage_and_heal_by_click_are_steps_that_undo(
    server: Server, browser: BrowserContext, ruleset: str
) -> None:
    """The card's minus and plus are the typed ``damage NAME N`` and ``heal NAME N``: the same step
    in every ruleset (its own damage track); ``u`` undoes each."""
    name = PEOPLE[ruleset][0]
    word = f'"{name}"' if " " in name else name  # as the page quotes it
    typed, clicked = demo(server, ruleset), demo(server, ruleset)
    for token in (typed, clicked):
        command(server, token, "start")
    start = view(server, typed)
    command(server, typed, f"damage {word} 3")
    damaged = view(server, typed)
    command(server, typed, f"heal {word} 2")
    healed = view(server, typed)
    assert damaged != start and healed != damaged  # each changes the card
    page = opened(browser, f"{server.url}/gm/{clicked}", DESKTOP)
    try:
        amount = page.get_by_label(f"amount of damage or healing for {name}")
        amount.fill("3")
        page.get_by_role("button", name=f"Damage {name}").click()
        _log_shows(page, f"damage {word} 3")
        assert view(server, clicked) == damaged
        amount.fill("2")
        page.get_by_role("button", name=f"Heal {name}").click()
        _log_shows(page, f"heal {word} 2")
        assert view(server, clicked) == healed
        page.keyboard.press("u")  # undo the heal
        _log_shows(page, f"heal {word} 2", shown=False)
        assert view(server, clicked) == damaged
        page.keyboard.press("u")  # and the damage
        _log_shows(page, f"damage {word} 3", shown=False)
        assert view(server, clicked) == start
    finally:
        page.close()


def _log_shows(page: Page, text: str, shown: bool = True) -> None:
    """Wait until a step of the page's log is the command ``text`` (or, shown False, none is)."""
    commands = "[...document.querySelectorAll('#log li .command')].map((c) => c.textContent)"
    found = f"{commands}.some((c) => c.endsWith({json.dumps(text)}))"
    page.wait_for_function(found if shown else f"!{found}", timeout=WAIT_MS)


def test_the_vitality_shown_follows_a_click_and_its_undo(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    command(server, token, "start")
    page = opened(browser, f"{server.url}/gm/{token}", DESKTOP)
    vitality = ".card[data-combatant='raptor-1'] .tracks"
    try:
        card = page.locator(".card[data-combatant='raptor-1']")
        card.get_by_label("amount of damage or healing for Raptor 1").fill("3")
        page.get_by_role("button", name="Damage Raptor 1").click()
        page.wait_for_selector(f"{vitality}:has-text('11/14')", timeout=WAIT_MS)
        page.keyboard.press("u")
        page.wait_for_selector(f"{vitality}:has-text('14/14')", timeout=WAIT_MS)
    finally:
        page.close()


def test_a_condition_is_picked_and_the_keys_end_the_turn(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    page = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        page.get_by_role("button", name="Start the fight").click()
        page.wait_for_selector(".card[aria-current]", timeout=WAIT_MS)
        assert page.get_by_role("button", name="Start the fight").count() == 0  # started
        card = page.locator(".card[data-combatant='raptor-2']")
        card.get_by_label("condition to put on Raptor 2").select_option("Prone")
        page.get_by_role("button", name="Add the chosen condition to Raptor 2").click()
        page.wait_for_selector(
            ".card[data-combatant='raptor-2'] .effects:has-text('Prone')", timeout=WAIT_MS
        )
        page.keyboard.press("?")
        assert page.locator("#keys").is_visible()
        page.keyboard.press("Escape")
        page.keyboard.press("n")
        page.wait_for_selector('#announce:has-text("Druid\'s turn")', timeout=WAIT_MS)
        assert page.locator(".card[aria-current]").get_attribute("data-combatant") == "druid"
        assert "acting now" in page.locator(".card[aria-current]").inner_text()
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.id") == "command"
        assert page.get_by_role("link", name="all encounters").get_attribute("href") == "/"
    finally:
        page.close()


def test_a_players_phone_shows_their_card_and_no_hidden_combatant(
    server: Server, browser: BrowserContext
) -> None:
    token = demo(server, "momentum")
    hidden = {"name": GHOST, "side": "raptors", "sheet": RAPTOR_SHEET, "hidden": True}
    assert httpx.post(f"{server.url}/api/t/{token}/combatants", json=hidden).status_code == 200
    command(server, token, "start")
    command(server, token, "end")  # Druid's turn
    link = httpx.put(f"{server.url}/api/t/{token}/links/Druid").json()["page"]
    page = opened(browser, server.url + link, PHONE)
    try:
        first = page.locator(".card").first
        assert first.get_attribute("data-combatant") == "druid"
        assert "you" in first.locator(".flags").inner_text()
        assert "Vitality" in first.inner_text()
        assert page.locator("#headline").inner_text().endswith("your turn!")
        assert fits(page)
        assert page.locator("#actionbar #verb").is_visible()
        assert page.locator("#actionbar #actor").count() == 0  # a player acts as themself
        assert page.get_by_role("link", name="all encounters").count() == 0  # the GM's only
        page.get_by_role("button", name="Attack Raptor 1").click()
        told = page.locator("#actionbar .odds")
        assert told.inner_text() == "The game master has not shared the odds of this fight."
        assert told.locator("tr").count() == 0
        dom = page.content()
    finally:
        page.close()
    assert GHOST not in dom and "ghost" not in dom.lower()


def test_a_players_turn_buttons_work_on_their_own_turn_only(
    server: Server, browser: BrowserContext
) -> None:
    """The engine refuses ``end`` and ``hold`` to anyone but the one whose turn it is, so a
    player's page offers them on that player's turn only; the game master's, always."""
    token = demo(server, "momentum")
    command(server, token, "start")  # Scout's turn
    link = httpx.put(f"{server.url}/api/t/{token}/links/Druid").json()["page"]
    player = opened(browser, server.url + link, PHONE)
    gm = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        for button in ("#end-turn", "#hold"):
            assert player.locator(button).is_disabled()
            assert gm.locator(button).is_enabled()
        command(server, token, "end")  # Druid's turn
        player.wait_for_selector("#end-turn:enabled", timeout=WAIT_MS)
        assert player.locator("#hold").is_enabled()
        player.locator("#end-turn").click()
        gm.wait_for_selector('#headline:not(:has-text("Druid\'s turn"))', timeout=WAIT_MS)
        player.wait_for_selector("#end-turn:disabled", timeout=WAIT_MS)
    finally:
        player.close()
        gm.close()
    assert view(server, token)["acting"] != ["Druid"]


@pytest.mark.parametrize("ruleset", sorted(PEOPLE))
def test_every_rulesets_player_phone_shows_their_card_and_no_hidden_combatant(
    server: Server, browser: BrowserContext, ruleset: str
) -> None:
    _, player, npc = PEOPLE[ruleset]
    token = demo(server, ruleset)
    side = next(c["side"] for c in view(server, token)["combatants"] if c["id"] == npc)
    command(server, token, f'add "{GHOST}" {side} {npc} -hidden')  # a copy of the NPC, hidden
    command(server, token, "start")
    link = httpx.put(f"{server.url}/api/t/{token}/links/{player}").json()["page"]
    page = opened(browser, server.url + link, PHONE)
    try:
        first = page.locator(".card").first
        assert first.locator("h3").inner_text() == player
        assert "you" in first.locator(".flags").inner_text()
        assert first.locator(".tracks, .pools").count() >= 1  # their own numbers
        foe = page.locator(f".card[data-combatant='{npc}']")
        assert "Its numbers are the game master's." in foe.inner_text()  # another side's
        assert fits(page)
        dom = page.content()
    finally:
        page.close()
    assert GHOST not in dom and "ghost" not in dom.lower()


def test_the_headline_names_dbus_surprise_round_and_then_round_1(
    server: Server, browser: BrowserContext
) -> None:
    """Seed 001 *Surprise*: "battles begin with a surprise round. This takes place after
    Initiative, but before the first round": the clock's second round is Round 1."""
    token = demo(server, "dbu", seed=1)
    command(server, token, "surprise kora")
    command(server, token, "start")
    page = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        headline = page.locator("#headline")
        assert ", the surprise round: " in headline.inner_text()
        for _ in range(10):  # the surprise round's turns, then round 1 begins
            if view(server, token)["round"] != 1:
                break
            command(server, token, "end")
        page.wait_for_selector("#headline:has-text(', round 1: ')", timeout=WAIT_MS)
        assert "round 2" not in headline.inner_text()
    finally:
        page.close()
    assert view(server, token)["round_name"] == "round 1"


def test_a_held_action_is_fired_by_a_click_on_its_holders_card(
    server: Server, browser: BrowserContext
) -> None:
    """Seed 003 *Holding Actions*: "a creature must spend the AP that the action would cost on
    their turn and name a trigger". The holder's card shows what it holds and fires it with the
    command the language has for it (``attack … -held``), the target still to choose."""
    typed, clicked = demo(server, "momentum"), demo(server, "momentum")
    for token in (typed, clicked):
        for text in ("start", "ready 2 a raptor comes close", "end"):  # now Druid's turn
            command(server, token, text)
    command(server, typed, "Scout: attack raptor-1 -held")
    page = opened(browser, f"{server.url}/gm/{clicked}", PHONE)
    try:
        scout = page.locator(".card[data-combatant='scout']")
        held = scout.locator(".held").inner_text()
        assert (
            "Holds 2 AP ready (trigger: a raptor comes close) until the start of Scout's next turn"
            in held
        )
        assert scout.locator(".effects").count() == 0  # its effect is the held action
        scout.get_by_role("button", name="Fire Scout's held action (attack … -held)").click()
        assert page.locator("#actor").input_value() == "Scout"  # not Druid, whose turn it is
        assert page.locator("#verb").input_value() == "attack"
        page.get_by_role("button", name="Attack Raptor 1").click()
        preview = page.locator("#actionbar output")
        text = preview.inner_text()
        assert text == 'Scout: attack "Raptor 1" -held', text
        page.get_by_role("button", name=f"Send: {text}").click()
        page.wait_for_function(
            "!document.querySelector(\".card[data-combatant='scout'] .held\")", timeout=WAIT_MS
        )
        assert fits(page)
    finally:
        page.close()
    assert narration(server, clicked) == narration(server, typed)
    assert view(server, clicked) == view(server, typed)
    assert not view(server, clicked)["combatants"][0]["held"]


ROLL = re.compile(r"\b\d*d\d+ \(")
"""A roll as the log writes it (``1d20 (18) + 4 = 22``)."""


@pytest.mark.parametrize("ruleset", sorted(PEOPLE))
def test_the_log_is_each_command_as_typed_its_narration_and_folded_dice(
    server: Server, browser: BrowserContext, ruleset: str
) -> None:
    """Issue 17, "a log people read": each step shows the command as typed and its narration,
    dice details fold open, never a JSON blob (the demos add every combatant with a sheet)."""
    token = demo(server, ruleset)
    command(server, token, "start")
    lines = httpx.get(f"{server.url}/api/t/{token}/log").json()
    page = opened(browser, f"{server.url}/gm/{token}", DESKTOP)
    try:
        steps = page.locator("#log > li")
        shown = page.locator("#log").inner_text()
        source = page.locator("#log").text_content()  # the folded dice too
        assert source is not None and "{" not in shown and "{" not in source
        assert page.locator("#log details[open]").count() == 0  # folded until opened
        heads = [line for line in lines if line.startswith("[")]
        assert steps.count() == len(heads)
        for step, head in zip(steps.all(), heads, strict=True):
            number, typed = head[1:].split("] ", 1)
            assert step.get_attribute("data-step") == number
            assert step.locator(".command").inner_text() == f"[{number}]{typed}"
        start = steps.last
        told = [line.strip() for line in lines[lines.index(heads[-1]) + 1 :]]
        rolled = [line for line in told if ROLL.search(line)]
        assert start.locator(".told > li").count() == len(told)
        assert not ROLL.search(start.locator(".told").inner_text())  # totals only
        if rolled:
            dice = start.locator("details:has(summary:text-is('dice'))")
            assert dice.locator("pre").text_content() == "\n".join(rolled)
    finally:
        page.close()


@pytest.mark.parametrize("ruleset", sorted(PEOPLE))
def test_a_card_offers_to_aim_at_other_sides_only(
    server: Server, browser: BrowserContext, ruleset: str
) -> None:
    """A card's shortcut (``Attack Raptor 1``) aims the action bar's action at that card: a
    player's phone offers it on other sides' cards, not on their own side's (the view's
    ``side``); their allies stay in the bar's list, the rules letting anyone be aimed at."""
    _, player, _ = PEOPLE[ruleset]
    token = demo(server, ruleset)
    command(server, token, "start")
    people = view(server, token)["combatants"]
    mine = next(c["side"] for c in people if c["name"] == player)
    allies = [c["id"] for c in people if c["side"] == mine and c["name"] != player]
    foes = [c["id"] for c in people if c["side"] != mine]
    assert allies and foes
    link = httpx.put(f"{server.url}/api/t/{token}/links/{player}").json()["page"]
    page = opened(browser, server.url + link, PHONE)
    try:
        for ally in allies:
            assert page.locator(f".card[data-combatant='{ally}'] .card-actions button").count() == 0
        for foe in foes:
            shortcut = page.locator(f".card[data-combatant='{foe}'] .card-actions button")
            assert shortcut.count() == 1, foe
        field = page.locator("#actionbar select[name=target]")
        if field.count():  # the target is a pick list of everyone, allies included
            listed = field.locator("option").all_inner_texts()
            names = {c["name"] for c in people if c["id"] in allies}
            assert names <= set(listed)
    finally:
        page.close()


def test_the_game_masters_cards_aim_at_the_other_sides_of_who_acts(
    server: Server, browser: BrowserContext
) -> None:
    """The game master's cards offer the shortcut against the sides other than the actor's:
    whose turn it is, or whom "Act as" chose."""
    token = demo(server, "momentum")
    command(server, token, "start")
    assert view(server, token)["acting"] == ["Scout"]
    page = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        shortcuts = page.locator(".card-actions button", has_text=re.compile(r"^Attack "))
        raptors = [f"Attack Raptor {n}" for n in (1, 2, 3, 4)]
        assert sorted(shortcuts.all_inner_texts()) == raptors
        page.get_by_role("button", name="Act as Raptor 1").click()
        assert page.locator("#actor").input_value() == "Raptor 1"
        party = ["Attack Druid", "Attack Rusher", "Attack Scout"]
        assert sorted(shortcuts.all_inner_texts()) == party
        page.locator("#actor").select_option("Druid")  # the bar's own choice of who acts
        assert sorted(shortcuts.all_inner_texts()) == raptors
    finally:
        page.close()


def test_thorn_lashs_damage_chart_is_its_dice_total_on_a_phone(
    server: Server, browser: BrowserContext
) -> None:
    """Seed 003 *Critical hits*: "Critical hits with Abilities increase the damage by 6 plus an
    additional 3 for every Tier of the used Ability". The druid's Thorn Lash (2d6, tier 1)
    against a raptor's Armor 1 deals 2d6 - 1 on a hit and 2d6 + 8 on a critical hit: the
    chart's bars are those chances (tallest at 6, no flat row of bars), drawn within a phone."""
    token = demo(server, "momentum")
    for text in ("start", "end"):  # the druid's turn
        command(server, token, text)
    page = opened(browser, f"{server.url}/gm/{token}", PHONE)
    try:
        page.get_by_role("button", name="Attack Raptor 1").click()
        page.locator("#actionbar select[name=weapon]").select_option("Thorn Lash")
        page.wait_for_selector("#actionbar .odds .bars span", timeout=WAIT_MS)
        chances = {
            row.get_attribute("data-outcome"): float(row.get_attribute("data-probability") or 0)
            for row in page.locator("#actionbar .odds tr[data-outcome]").all()
        }
        heights = page.eval_on_selector_all(
            "#actionbar .odds .bars span", "bars => bars.map((b) => parseFloat(b.style.height))"
        )
        caption = page.locator("#actionbar .odds .caption").last.inner_text()
        assert fits(page)
    finally:
        page.close()
    ways = {total: 6 - abs(total - 7) for total in range(2, 13)}  # 2d6
    dealt = {
        amount: chances["hit"] * ways.get(amount + 1, 0) / 36
        + chances["critical hit"] * ways.get(amount - 8, 0) / 36
        for amount in range(1, 21)
    }
    top = max(dealt.values())
    assert caption == "Damage dealt, from 1 (left) to 20 (right)"
    assert heights == [max(2, round(100 * p / top)) for p in dealt.values()]
    assert heights.index(100) == 5  # 6 damage: 2d6's 7, less the armour

"""Views: the game master sees everything; players never see a hidden combatant or enemy pools."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.app.audience import Audience
from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_path, find
from fracas.app.views import gm_view, group_possessive, headline, player_view, render_text
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied
from fracas.engine.gm import Conceal
from fracas.engine.ruleset import Track
from fracas.engine.state import Anchor, Effect, Moment
from fracas.rules.lurasko.queries import factor_of
from fracas.rules.lurasko.settings import LuraskoSettings
from tests.app.fight import ADA, BO, CY, GHOST, ok, toy_session

EVERYONE = (ADA, BO, CY, GHOST)
NAMES = {ADA: "Ada", BO: "Bo", CY: "Cy", GHOST: "Ghost"}


def test_the_game_master_sees_everything() -> None:
    session = toy_session(ghost=True)
    view = gm_view(session.encounter, "Brawl")
    assert [c.name for c in view.combatants] == ["Ada", "Bo", "Cy", "Ghost"]
    ghost = view.combatant("Ghost")
    assert ghost is not None and ghost.hidden and ghost.pools is not None
    assert view.acting == ("Ada",) and view.order[0].current
    assert view.pool_names == ("AP", "HP")


def test_players_see_their_own_pools_and_the_enemies_effects() -> None:
    session = toy_session(ghost=True)
    ok(session.run("effect bo Bleeding -rounds 2"))
    view = player_view(session.encounter, "heroes")
    bo, ada = view.combatant("Bo"), view.combatant("Ada")
    assert bo is not None and ada is not None
    assert bo.pools is None and bo.marks is None
    assert [e.render() for e in bo.effects] == [
        "Bleeding (for 2 more rounds, until the end of Bo's turn in round 3)"
    ]
    assert ada.pools is not None and ada.pool("HP") is not None
    assert view.combatant("Ghost") is None
    assert all("ghost" not in turn.actors for turn in view.order)


def test_whose_turn_is_secret_when_a_hidden_combatant_acts() -> None:
    session = toy_session(ghost=True)
    ok(session.run("turn ghost"))
    assert player_view(session.encounter, "heroes").acting == ()
    assert gm_view(session.encounter).acting == ("Ghost",)


def test_the_plain_text_view() -> None:
    session = toy_session()
    ok(session.run("guard"))
    lines = render_text(gm_view(session.encounter, "Brawl"))
    assert lines == [
        "Brawl, round 1: Ada's turn",
        "> Ada  heroes    init   9  AP 0/2, HP 10/10  Guarded (until the start of Ada's next turn)",
        "  Bo   villains  init   5  AP 2/2, HP 12/12",
        "  Cy   heroes    init   3  AP 2/2, HP 10/10",
    ]


def test_a_combatant_who_takes_no_turns_is_out() -> None:
    session = toy_session()
    ok(session.run("set bo hp 0"))
    bo = gm_view(session.encounter).combatant("Bo")
    assert bo is not None and bo.out


@settings(max_examples=40, deadline=None)
@given(
    hidden=st.sets(st.sampled_from(EVERYONE)),
    anchor=st.sampled_from(EVERYONE),
    source=st.sampled_from(EVERYONE),
    holder=st.sampled_from(EVERYONE),
    turn=st.sampled_from(EVERYONE),
)
def test_the_player_view_never_holds_a_hidden_combatant(
    hidden: set[CombatantId],
    anchor: CombatantId,
    source: CombatantId,
    holder: CombatantId,
    turn: CombatantId,
) -> None:
    session = toy_session(ghost=True)
    ok(session.run("reveal ghost"))
    if not session.state.is_turn_of(turn):
        ok(session.run(f"turn {turn}"))
    effect = Effect("Marked", ends=Anchor(2, anchor, Moment.END), source=source)
    session.encounter.state = EffectApplied(holder, effect).apply(session.state)
    for who in hidden:
        session.encounter.apply(Conceal(target=who))
    view = player_view(session.encounter, "heroes")
    text = repr(view) + "\n".join(render_text(view))
    for who in hidden:
        assert NAMES[who] not in text
        assert f"'{who}'" not in text
    assert {c.id for c in view.combatants} == set(EVERYONE) - hidden
    assert view.audience == Audience("heroes")


def test_a_group_turn_reads_as_one_group_possessive() -> None:
    """Issue 17: "Raptor 1, Raptor 2, Raptor 3, Raptor 4' turn" and "Shaman' turn" were wrong."""
    assert group_possessive(["Shaman"]) == "Shaman's"
    assert group_possessive(["Raptor 1", "Raptor 2", "Raptor 3", "Raptor 4"]) == "Raptor 1\u20134's"
    assert (
        group_possessive(["Ceil", "Bandit 1", "Bandit 2", "Shaman"])
        == "Ceil, Bandit 1\u20132 and Shaman's"
    )
    assert group_possessive(["Raptor 1", "Raptor 3"]) == "Raptor 1 and Raptor 3's"


def test_kaisers_rows_follow_the_action_phase_once_initiative_is_rolled() -> None:
    """The Intention phase is one turn for everyone; after it, the rows are in the Action
    phase's order (issue 17 saw 19, 22, 15, 13, 18)."""
    session = open_encounter(_demo("kaiser"), 3)
    ok(session.run("start"))
    assert headline(gm_view(session.encounter, "Bandits")).endswith(
        "Ceil, Thom, Bandit 1\u20132 and Shaman's turn (Intention phase)"
    )
    ok(session.run("end"))
    view = gm_view(session.encounter)
    action_phase = [name for turn in view.order[1:] for name in turn.names]
    assert [c.name for c in view.combatants] == action_phase
    assert [c.initiative for c in view.combatants] == sorted(
        (c.initiative or 0 for c in view.combatants), reverse=True
    )


def test_lurasko_shows_its_running_damage_and_degrees_of_injury() -> None:
    """Lur-Asko counts damage as a running total and degrees of injury by type (injury.html):
    the view carries both as the ruleset describes them; other sides' players see neither."""
    session = open_encounter(_demo("lurasko"), 3)
    gunner = gm_view(session.encounter).combatant("Gunner")
    assert gunner is not None and gunner.tracks is not None
    factor = factor_of(session.state[gunner.id], LuraskoSettings())
    assert [t.render() for t in gunner.tracks] == [f"Damage 0 (a degree of injury every {factor})"]
    hurt = replace(session.state[gunner.id], marks={"damage": 13, "core": 2, "mobility": 1})
    assert session.encounter.ruleset.tracks(hurt) == (
        Track("Damage", 13, note=f"a degree of injury every {factor}"),
        Track("Core", 2, note="degrees of injury"),
        Track("Mobility", 1, note="degrees of injury"),
    )
    withheld = player_view(session.encounter, "party").combatant("Gunner")
    assert withheld is not None and withheld.tracks is None


def _demo(slug: str) -> Path:
    path = demo_path(find(slug))
    assert path is not None
    return path

"""Exact odds branch a roll on its totals where the rules read only its total, and on its faces
where they read more: the same exact fractions as branching every roll on its faces."""

from __future__ import annotations

from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.session import Session
from fracas.dice import FacesHidden, RollResult, parse
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import EncounterState
from fracas.engine.turns import EndTurn, StartCombat
from fracas.rules.momentum.derived import ability_hit_bonus, evasion_of
from fracas.rules.momentum.queries import sheet_of
from fracas.sim.branching import (
    BranchingDice,
    RollNeeded,
    distinct_results,
    notation,
    shown_whole,
)
from fracas.sim.odds import TooManyBranches, exact_odds
from fracas.sim.policy import tactics_for
from fracas.sim.scenario import open_scenario, ready

RULESETS = ("dbu", "kaiser", "kingsdale", "lurasko", "momentum")
ROLLS = ("roll 3d6+2", "roll 6d6", "roll 4d6kh3", "roll 2d20kl1-1d4")
"""Free rolls, asked of every ruleset: its outcome hooks read them."""

BRANCHES = 2500
"""Resolutions a query may take by faces here; a query that takes more is left out (it is
sampled, by faces and by totals alike, at the default of 20,000 too for dbu and kaiser)."""


def tactics_queries(slug: str, count: int) -> tuple[Ruleset, list[tuple[EncounterState, Action]]]:
    """The first ``count`` actions the ruleset's tactics choose in its demo (seed 3), each with
    the state it was chosen in."""
    encounter = open_encounter(demo_of(slug), seed=3).encounter
    policy = tactics_for(encounter.ruleset)
    encounter.apply(StartCombat())
    found: list[tuple[EncounterState, Action]] = []
    while len(found) < count and not encounter.state.ended:
        clock = encounter.state.clock
        for actor in encounter.state.acting():
            while encounter.state.is_turn_of(actor) and not encounter.state.ended:
                action = policy.choose(encounter, actor)
                if action is None:
                    break
                found.append((encounter.state, action))
                try:
                    encounter.apply(action)
                except IllegalAction:
                    break
        if not encounter.state.ended and encounter.state.clock == clock:
            encounter.apply(EndTurn())
    return encounter.ruleset, found[:count]


def same_both_ways(encounter: Encounter, action: Action) -> bool | None:
    """Whether the odds by totals equal the odds by faces (None: by faces takes too many)."""
    tactics = tactics_for(encounter.ruleset)
    try:
        by_faces = exact_odds(
            encounter, action, max_branches=BRANCHES, answering=tactics, by_totals=False
        )
    except TooManyBranches:
        return None
    by_totals = exact_odds(encounter, action, answering=tactics)
    assert by_totals.exact and by_faces.exact
    return (by_totals.outcomes, by_totals.damage, by_totals.answered) == (
        by_faces.outcomes,
        by_faces.damage,
        by_faces.answered,
    )


@pytest.mark.parametrize("slug", RULESETS)
def test_the_odds_by_totals_are_the_odds_by_faces(slug: str) -> None:
    compared: list[str] = []
    ruleset, queries = tactics_queries(slug, 4)
    for state, action in queries:
        encounter = Encounter(ruleset, history=False)
        encounter.state = state
        same = same_both_ways(encounter, action)
        assert same is not False, action
        if same:
            compared.append(action.verb)
    for command in ROLLS:
        session = open_scenario(slug)
        assert same_both_ways(session.encounter, ready(session, command)) is True, command
    if slug in ("kingsdale", "lurasko", "momentum"):  # dbu's, kaiser's attacks are sampled
        assert len([verb for verb in compared if verb in ("attack", "strike")]) >= 1


@pytest.mark.parametrize("command", ["Druid: attack raptor-3 -with 'thorn lash'"])
def test_queries_of_the_momentum_demo_are_the_same(command: str) -> None:
    session = open_scenario("momentum")
    assert same_both_ways(session.encounter, ready(session, command)) is True


def thorn_lash(dice: int) -> Session:
    """The momentum demo with the Druid's Thorn Lash as ``dice``d6."""
    path = demo_of("momentum")
    text = path.read_text(encoding="utf-8").replace(
        "{name: Thorn Lash, tier: 1, damage: 2d6", f"{{name: Thorn Lash, tier: 1, damage: {dice}d6"
    )
    return open_encounter(path, text=text)


def test_a_labelled_damage_roll_read_by_its_parts_is_branched_on_its_faces_anew() -> None:
    """Momentum: an Ability's "types from the labels of its damage dice (``1d6[heat] +
    1d6[poison]``)": the rules read the roll's labelled subtotals, which its totals hide, so the
    enumeration starts a second pass that branches that roll on its faces (its branches worked
    out again, not those of the first pass), and the fractions are those by faces."""
    path = demo_of("momentum")
    text = path.read_text(encoding="utf-8").replace(
        "{name: Thorn Lash, tier: 1, damage: 2d6, damage_types: [physical]",
        "{name: Thorn Lash, tier: 1, damage: '2d6[physical] + 1d6[poison]', "
        "damage_types: [physical, poison]",
    )
    session = open_encounter(path, text=text)
    action = ready(session, "Druid: attack raptor-3 -with 'thorn lash'")
    by_totals = exact_odds(session.encounter, action)
    by_faces = exact_odds(session.encounter, action, by_totals=False)
    assert by_totals.exact and by_faces.exact
    assert (by_totals.outcomes, by_totals.damage) == (by_faces.outcomes, by_faces.damage)
    faces = distinct_results(parse("2d6[physical] + 1d6[poison]"))
    assert faces is not None and len(faces) == 126
    # the second pass branches the damage on its faces, for the plain hits (one group of the
    # undecided d20) and for the natural 20; by faces, for each of the 8 hitting d20 faces
    assert 2 * len(faces) < by_totals.resolutions < 3 * len(faces) < by_faces.resolutions
    assert max(by_totals.damage.probabilities()) > 10  # damage past 2d6's: the parts were dealt


def test_a_16d6_thorn_lash_is_exact_and_equals_icepool_by_hand() -> None:
    """By faces, 16d6 has 20,349 multisets for each hitting d20 and gives up; by totals, 81.
    The Ability hits on d20 + bonus ≥ Evasion, a natural 20 adds the critical bonus (+3 per
    Tier), a natural 1 misses; Armor comes off; damage is never below 0."""
    session = thorn_lash(16)
    action = ready(session, "Druid: attack raptor-3 -with 'thorn lash'")
    found = exact_odds(session.encounter, action)
    assert found.exact and found.resolutions < 1000
    state = session.state
    druid, raptor = sheet_of(state[CombatantId("druid")]), sheet_of(state[CombatantId("raptor-3")])
    rules = session.encounter.ruleset.settings
    bonus = ability_hit_bonus(druid, settings=rules)  # type: ignore[arg-type]
    evasion = evasion_of(raptor, settings=rules)  # type: ignore[arg-type]
    critical = rules.critical_bonus + rules.critical_bonus_per_tier  # type: ignore[attr-defined]
    damage = icepool.d6.pool(16).sum()
    hit = (damage - raptor.armor).clip(0, None)
    crit = (damage + critical - raptor.armor).clip(0, None)
    by_hand = icepool.d20.map(
        lambda n: crit if n == 20 else hit if n != 1 and n + bonus >= evasion else 0
    )
    assert found.damage.probabilities() == {
        int(k): Fraction(v, by_hand.denominator()) for k, v in by_hand.items()
    }


def test_a_roll_by_its_total_hides_its_faces_until_they_are_branched_on() -> None:
    pair = parse("2d6+3")
    with pytest.raises(RollNeeded) as needed:
        BranchingDice([], faces_read=set()).whole_roll(pair)
    by_total = needed.value.branches
    assert len(by_total) == 11 and sum(chance for _, chance in by_total) == 1
    first: RollResult = by_total[0][0]  # type: ignore[assignment]
    assert first.total == 5 and first.render() == "2d6 + 3 = 5"
    with pytest.raises(FacesHidden) as hidden:
        first.kept_faces(6)
    assert hidden.value.notation == notation(pair)
    with pytest.raises(RollNeeded) as needed:
        BranchingDice([], faces_read={notation(pair)}).whole_roll(pair)
    faces = needed.value.branches
    assert len(faces) == 21  # the distinct results (multisets): faces may be read
    assert all(len(r.kept_faces(6)) == 2 for r, _ in faces)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("written", "results"), [("1d20+3", 20), ("2d20kh1", 20), ("-1d6*2", 6), ("30", 1)]
)
def test_a_roll_with_no_more_results_than_totals_shows_its_faces_at_once(
    written: str, results: int
) -> None:
    """A natural 20 read of ``1d20 + 3`` starts no second pass: its total tells its face."""
    expression = parse(written)
    dice = BranchingDice([], faces_read=set())
    if results == 1:
        whole = dice.whole_roll(expression)
        assert whole is not None and whole.dice() == () and whole.total == 30
        return
    with pytest.raises(RollNeeded) as needed:
        dice.whole_roll(expression)
    branches = needed.value.branches
    assert len(branches) == results and sum(chance for _, chance in branches) == 1
    naturals = sorted(r.kept_faces()[0] for r, _ in branches)  # type: ignore[union-attr]
    assert naturals == list(range(1, results + 1))


def test_a_roll_with_more_faces_than_totals_keeps_them_hidden() -> None:
    assert not shown_whole(parse("1d10+1d4"))  # 40 distinct results, 13 totals
    assert not shown_whole(parse("8d6"))  # past SHOWN_WHOLE sequences: not worked out
    assert not shown_whole(parse("1d20/2"))  # 20 faces, 11 totals


def lurasko_heat_lance(count: int) -> Session:
    """The Lur-Asko demo with the Arcanist's heat lance doing ``20+{count}d10`` energy."""
    path = demo_of("lurasko")
    text = path.read_text(encoding="utf-8").replace(
        'energy_damage: "20+1d10"', f'energy_damage: "20+{count}d10"'
    )
    return open_encounter(path, text=text)


def test_a_lurasko_damage_roll_is_branched_on_its_totals() -> None:
    """Lur-Asko's rules read a weapon's damage roll by its total (the damage called out), so
    its odds grow with the roll's totals (10 for 1d10, 19 for 2d10), not with its sets of faces
    (55 for 2d10): the attack's resolutions fewer than double, the fractions those by faces.
    Until the rules told a roll with dice from its notation, not from the dice it rolled, 2d10
    took 5.5 times 1d10's resolutions."""
    action = "Arcanist: attack legionary -with 'heat lance'"
    one, two = lurasko_heat_lance(1), lurasko_heat_lance(2)
    by_one = exact_odds(one.encounter, ready(one, action))
    by_totals = exact_odds(two.encounter, ready(two, action))
    by_faces = exact_odds(two.encounter, ready(two, action), by_totals=False, max_branches=25_000)
    assert by_totals.exact and by_faces.exact
    assert by_totals.resolutions < 2 * by_one.resolutions < by_faces.resolutions
    assert (by_totals.outcomes, by_totals.damage) == (by_faces.outcomes, by_faces.damage)

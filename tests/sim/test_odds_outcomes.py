"""What an attack came to, as each ruleset names it for `fracas odds`, and the answers the odds
leave to the tactics (a Kingsdale strike waiting for its defence)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from fracas.rules.dbu.actions import Attack as DbuAttack
from fracas.rules.kingsdale.actions import Parry
from fracas.sim.odds import exact_odds, odds
from fracas.sim.scenario import open_scenario, ready
from tests.rules.dbu.support import FOE, HERO, fight

KNIGHT = """\
name: Knight
bcon: 5
wgt: 7
tn: {tn}
initiative: 2
armor: {{name: Steel full plate, low: 24, high: 40, metallic: true}}
weapons:
  - {{name: Halberd, reach: melee, damage: "18", drive: 26, offense: 12}}
"""


def knight(tmp_path: Path, tn: int) -> Path:
    block = tmp_path / f"knight_{tn}.yaml"
    block.write_text(KNIGHT.format(tn=tn), encoding="utf-8")
    return block


def test_lurasko_odds_name_the_defense_rolls_outcome(tmp_path: Path) -> None:
    """Seed: 'A critical hit occurs whenever a character fails their defense roll by 20 or
    more. For example, if a character's TN during a defense roll is 14, they must roll a 34 or
    higher in order to suffer a critical hit.' The Legionary's sword presses with offense 13:
    the defender's d20 + 13 against its TN."""
    session = open_scenario("lurasko", target=knight(tmp_path, 14))
    found = odds(session.encounter, ready(session, "Legionary: attack target"))
    assert found.outcomes == {"dodged": Fraction(1, 20), "hit": Fraction(19, 20)}
    session = open_scenario("lurasko", target=knight(tmp_path, 4))
    found = odds(session.encounter, ready(session, "Legionary: attack target"))
    assert found.outcomes == {"critical": Fraction(1, 2), "hit": Fraction(1, 2)}


def test_dbu_names_a_miss_a_hit_and_a_critical_hit() -> None:
    """Seed: 'If the Strike Roll is higher, the attack successfully hits; if the Dodge Roll is
    higher the attack fails and misses the target.' A natural 10 rolls the Critical Extra
    Dice: a critical hit."""
    hero_first = (9, 2)
    critical = fight(*hero_first, 10, 4, 1, 10, 4)  # Strike 10 + 1d4, Dodge 1: a botch
    step = critical.apply(DbuAttack(actor=HERO, target=FOE))
    assert critical.ruleset.classify(step.events) == "critical hit"
    plain = fight(*hero_first, 9, 9, 5)  # Strike 9 + 3 against Dodge 9 + 4
    step = plain.apply(DbuAttack(actor=HERO, target=FOE))
    assert plain.ruleset.classify(step.events) == "miss"
    hit = fight(*hero_first, 9, 2, 5)  # Strike 9 + 3 against Dodge 2 + 4
    step = hit.apply(DbuAttack(actor=HERO, target=FOE))
    assert hit.ruleset.classify(step.events) == "hit"


def test_a_kingsdale_strike_is_answered_by_the_tactics_and_named_by_its_defence() -> None:
    """A strike that hits waits for its defender's answer and does no damage before it: the
    odds ask the tactics for it (the demo's Player 2 parries for free). SOURCES.md 3.2: 'a
    natural 20 strike does double damage and only a natural 20 parry or dodge beats it'; seed:
    'A natural roll of 1 is always a miss'."""
    session = open_scenario("kingsdale")
    strike = ready(session, "Player 1: strike player-2")
    found = odds(session.encounter, strike)
    parry = Parry(actor=next(c.id for c in session.state if c.name == "Player 2"))
    assert found.answered == (parry,)
    assert found.outcomes["critical hit"] == Fraction(1, 20) * Fraction(19, 20)
    assert found.outcomes["fumble"] == Fraction(1, 20)
    assert set(found.outcomes) == {"critical hit", "fumble", "hit", "parried"}
    assert found.damage.mean() > 0
    chosen = exact_odds(session.encounter, strike, then=[parry])
    assert (chosen.outcomes, chosen.damage, chosen.answered) == (
        found.outcomes,
        found.damage,
        (),
    )


def test_an_open_ended_roll_is_sampled_at_once_and_says_why() -> None:
    """SOURCES.md 1.3: '**Open Roll** (skill checks only): double 6 → add another d6, and
    repeat while it shows 6.' Such a roll has no last face to list, so the odds are sampled
    as soon as a resolution asks for more rolls than any closed roll does."""
    session = open_scenario("kaiser")
    found = odds(session.encounter, ready(session, "Thom: attack bandit-2"), samples=200)
    assert not found.exact and found.samples == 200
    assert "more than 32 rolls in one resolution" in found.why_sampled
    thom = next(c.id for c in session.state if c.name == "Thom")
    assert any(a.actor == thom and a.verb == "intend" for a in found.settled)

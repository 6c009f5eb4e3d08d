"""Exact odds: the time of one ``fracas odds`` query after start-up, and the ratio to the same
damage distribution built by hand with icepool.

    .venv/bin/python benchmarks/odds_speed.py

Each query is resolved by the momentum rules over every distinct roll (``fracas.sim.odds``);
the hand-built reference knows the rules instead (d20 + hit bonus against Evasion, natural 1 and
20, the critical bonus, Armor) and asks icepool directly. Both must give the same distribution.
The first query of a kind also works out the distinct results of its rolls (cached after): that
is reported as the cold time. Times are CPU seconds of this process (the machine may be shared).
Target: under 20 ms per query after start-up.

Then the Druid's Thorn Lash as Nd6 against Raptor 3 (issue 20): each query by totals (rolls the
rules read only as totals branch once per total) and by faces (every roll branched on its
distinct results, as before totals), the ratio of each to the 1d6 query by totals in the same
run, and whether both give the same exact fractions. Targets: 4d6 under 20 ms, 8d6 within 5x
the 1d6 query, 16d6 exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool  # type: ignore[import-untyped]
from machine import describe, seconds, timed

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_of
from fracas.app.session import Session
from fracas.dice import distribution
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.derived import ability_hit_bonus, evasion_of, weapon_hit_bonus
from fracas.rules.momentum.queries import sheet_of
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Ability, Weapon
from fracas.sim.odds import Odds, TooManyBranches, exact_odds
from fracas.sim.scenario import open_scenario, ready

QUERIES = (
    "Scout: attack raptor-1 -with dagger",
    "Rusher: attack raptor-2",
    "Rusher: attack raptor-2 -adv",
    "Druid: attack raptor-3 -with 'thorn lash'",
    "Raptor 1: attack scout -dis",
)


def by_hand(session: Session, attack: Attack) -> Any:
    """The attack's damage distribution built with icepool from the rules as a person reads
    them (weapons, or an attack Ability: +3 per Tier on a critical)."""
    assert attack.actor is not None
    rules = session.encounter.ruleset.settings
    assert isinstance(rules, MomentumSettings)
    attacker = sheet_of(session.state[attack.actor])
    target = sheet_of(session.state[attack.target])
    arms: list[Weapon | Ability] = [*attacker.weapons, *attacker.abilities]
    wanted = attack.weapon.lower() if attack.weapon else None
    arm = next(a for a in arms if wanted is None or a.name.lower() == wanted)
    critical = rules.critical_bonus
    if isinstance(arm, Weapon):
        bonus = weapon_hit_bonus(attacker, arm, settings=rules)
    else:
        bonus = ability_hit_bonus(attacker, settings=rules)
        critical += rules.critical_bonus_per_tier * arm.tier
    evasion = evasion_of(target, settings=rules)
    assert arm.damage is not None
    damage = icepool.Die(dict(distribution(arm.damage).weights))
    hit = (damage - target.armor).clip(0, None)
    crit = (damage + critical - target.armor).clip(0, None)
    d20 = icepool.d20
    if attack.advantage:
        d20 = icepool.d20.highest(2, 1)
    elif attack.disadvantage:
        d20 = icepool.d20.lowest(2, 1)
    return d20.map(lambda n: crit if n == 20 else hit if n != 1 and n + bonus >= evasion else 0)


def measure(command: str) -> str:
    """One query's line of the report."""
    session = open_scenario("momentum")
    action = ready(session, command)
    assert isinstance(action, Attack)
    cold = timed(lambda: exact_odds(session.encounter, action)).cpu
    found = exact_odds(session.encounter, action)
    warm = seconds(lambda: exact_odds(session.encounter, action), repeats=7).cpu
    reference = by_hand(session, action)
    same = found.damage.probabilities() == {
        int(k): Fraction(v, reference.denominator()) for k, v in reference.items()
    }
    icepool_time = seconds(lambda: by_hand(session, action), repeats=7).cpu
    return (
        f"{command}: {warm * 1000:.1f} ms per query after start-up "
        f"(target < 20 ms: {'met' if warm < 0.020 else 'missed'}; cold {cold * 1000:.1f} ms; "
        f"{found.resolutions} resolutions); icepool by hand {icepool_time * 1000:.2f} ms; "
        f"ratio {warm / icepool_time:.1f}x; same distribution: {'yes' if same else 'NO'}"
    )


POOLS = (1, 2, 4, 8, 16)
THORN_LASH = "Druid: attack raptor-3 -with 'thorn lash'"


def thorn_lash(dice: int) -> Session:
    """The momentum demo with the Druid's Thorn Lash as ``dice``d6."""
    path = demo_of("momentum")
    text = path.read_text(encoding="utf-8").replace(
        "{name: Thorn Lash, tier: 1, damage: 2d6", f"{{name: Thorn Lash, tier: 1, damage: {dice}d6"
    )
    return open_encounter(path, text=text)


def pool_query(dice: int, by_totals: bool) -> tuple[float, Odds | None]:
    """CPU seconds of one Nd6 Thorn Lash query after a first, cold one (median of 7), and its
    odds; (0, None) when it gives up (more than the default 20,000 resolutions)."""
    session = thorn_lash(dice)
    action = ready(session, THORN_LASH)
    try:
        found = exact_odds(session.encounter, action, by_totals=by_totals)
    except TooManyBranches:
        return 0.0, None
    repeats = 7 if found.resolutions < 5000 else 1
    cpu = seconds(lambda: exact_odds(session.encounter, action, by_totals=by_totals), repeats)
    return cpu.cpu, found


def pools() -> None:
    """The Nd6 table, in markdown."""
    print(
        "| Thorn Lash | by totals | resolutions | / 1d6 | by faces | resolutions | / 1d6 "
        "| same fractions |"
    )
    print("|---|---|---|---|---|---|---|---|")
    reference = 0.0
    for dice in POOLS:
        totals, found = pool_query(dice, by_totals=True)
        faces, before = pool_query(dice, by_totals=False)
        reference = reference or totals
        assert found is not None
        same = "gives up" if before is None else "yes" if _same(found, before) else "NO"
        old = (
            ("gives up", "> 20,000", "")
            if before is None
            else (f"{faces * 1000:.1f} ms", str(before.resolutions), f"{faces / reference:.1f}x")
        )
        print(
            f"| {dice}d6 | {totals * 1000:.1f} ms | {found.resolutions} "
            f"| {totals / reference:.1f}x | {' | '.join(old)} | {same} |"
        )


def _same(found: Odds, before: Odds) -> bool:
    return (found.outcomes, found.damage) == (before.outcomes, before.damage)


def main() -> None:
    print(f"machine: {describe()}")
    for command in QUERIES:
        print(measure(command))
    pools()
    print(f"machine after: {describe()}")


if __name__ == "__main__":
    main()

"""Exact odds: the time of one ``fracas odds`` query after start-up, and the ratio to the same
damage distribution built by hand with icepool.

    .venv/bin/python benchmarks/odds_speed.py

Each query is resolved by the momentum rules over every distinct roll (``fracas.sim.odds``);
the hand-built reference knows the rules instead (d20 + hit bonus against Evasion, natural 1 and
20, the critical bonus, Armor) and asks icepool directly. Both must give the same distribution.
The first query of a kind also works out the distinct results of its rolls (cached after): that
is reported as the cold time. Times are CPU seconds of this process (the machine may be shared).
Target: under 20 ms per query after start-up.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool  # type: ignore[import-untyped]
from machine import describe, seconds, timed

from fracas.app.session import Session
from fracas.dice import distribution
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.derived import ability_hit_bonus, evasion_of, weapon_hit_bonus
from fracas.rules.momentum.queries import sheet_of
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.sheet import Ability, Weapon
from fracas.sim.odds import exact_odds
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


def main() -> None:
    print(f"machine: {describe()}")
    for command in QUERIES:
        print(measure(command))


if __name__ == "__main__":
    main()

"""The reference for the engine-overhead benchmark: the same Lur-Asko fight as a bare loop.

Hand-written and deliberately lean: lists of ints, one ``SeededDice`` stream, no states, events,
checks or log. It plays exactly what ``fracas.sim.tactics.lurasko`` plays through the engine in
the benchmark's fight: initiative rolled once (the setting's d20 plus the sheet's bonus, highest
first, ties in joining order); each round, each combatant neither dead nor stunned attacks the
standing, unstunned enemy with the most running damage, with its hardest-hitting weapon. The
defense roll is d20 + the weapon's offense - the attacker's Hand/Arm degrees + the defender's
Mobility degrees against the defender's TN: at or under it dodges, over it hits, 20 over is a
critical, which picks the injury type the tactics' critical chooses against that enemy (Core:
the tactics' ``critical_choice``; the bare loop refuses one that adds drive). Low and medium
shielding meet an all-energy ranged attack before the defense roll (its damage rolled first)
and may end it; a hit goes through the armor range by its drive, high-precision shielding and
resistances, in that order; the running damage crossing multiples of the injury factor gives
degrees of one type, rolled on the melee or ranged d20 table; Core degrees at 2 x bCON kill.
The area weapon (the frost grenade) hits its target at 50 % impact; dodged, the target still
takes the 25 % area damage, met by its medium shielding. A melee hit that is not a critical
provokes the target's damage aura: its whole store strikes back (undodgeable, Core injuries),
and 2 degrees of electric damage stun the attacker to the end of its own next turn. The fight
ends when one side has nobody alive, and the other wins it (stunned or not); a fight still
going after 50 rounds is a draw.

Left out because nothing in this fight uses it: movement, charging shielding, pseudogravity,
bystanders around an area, overeffect (no hit reaches 120), zone weapons, electric or blast
weapons (so no stun or knock-down from a hit), dual wielding, voluntary reduction, the critical
drive bonus, and the marks with no effect on the fight (ignited, fatigue, war fever, light).
``reference`` refuses sheets that would need any of them. The numbers it starts from (armor
after drive, shielding pools and the order they act in, resistances, injury factors and
tables, the tactics' weapon) are read from the sheets with the ruleset's own functions, once,
before any fight. Its dice are drawn in the engine's order, so each fight comes out the same
as the engine's: the benchmark checks that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fracas.dice import BinaryOp, Constant, Dice, SeededDice
from fracas.dice.syntax import Expression
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.aoe import AREA_PERCENT, DELIBERATE, IMPACT_PERCENT, OVEREFFECT
from fracas.rules.lurasko.armor import through_armor
from fracas.rules.lurasko.attack import Strike
from fracas.rules.lurasko.auras import aura_portion
from fracas.rules.lurasko.damage import Portion
from fracas.rules.lurasko.injury import injury_type
from fracas.rules.lurasko.offense import normal_portion
from fracas.rules.lurasko.queries import factor_of, sheet_of
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Shield, Weapon
from fracas.rules.lurasko.shielding import Incoming, may_shield, ordered, stops
from fracas.rules.lurasko.vocabulary import CriticalEffect, DamageKind, InjuryType, Precision, Reach
from fracas.sim.fight import MAX_ROUNDS
from fracas.sim.tactics.lurasko import attack, best_first, critical_choice

TYPES = tuple(InjuryType)
CORE = TYPES.index(InjuryType.CORE)
HAND_ARM = TYPES.index(InjuryType.HAND_ARM)
MOBILITY = TYPES.index(InjuryType.MOBILITY)


@dataclass(frozen=True)
class Arm:
    """The weapon a fighter's tactics attack with, as this fight uses it."""

    offense: int
    melee: bool
    area: bool
    dice: tuple[int, ...]
    """The sides of each damage die, in rolling order."""
    flat: int
    """The fixed part of the damage (a melee weapon's STR included)."""
    table: tuple[int, ...]
    """The injury type (index in ``TYPES``) of each d20 face, 1 to 20."""


@dataclass(frozen=True)
class Through:
    """What one attacker's portion meets on one defender (pools: indices in its points)."""

    armored: tuple[int, ...]
    """Damage after the armor range, for each damage called out (drive as the weapon gives)."""
    high: tuple[int, ...]
    """High-precision shielding (energy only), after the armor."""
    multiply: int
    divide: int
    """Resistances: damage x ``multiply`` // ``divide``."""
    before: tuple[int, ...] = ()
    """Low and medium shielding that meets the attack before the defense roll."""
    dodged: tuple[int, ...] = ()
    """Medium shielding against an explosive's area damage after a dodge."""
    stuns: bool = False
    """Whether 2 degrees of it stun (electric; blast on the organic): for an aura striking
    back (weapons that would stun are refused)."""


@dataclass(frozen=True)
class Fighter:
    side: int
    bonus: int
    tn: int
    factor: int
    dies_at: int
    arm: Arm
    enemies: tuple[int, ...]
    points: tuple[int, ...]
    """Shielding points per pool when the fight starts (the combatant's pools, in order)."""
    aura: int
    """The store of its damage aura (0: none)."""


@dataclass(frozen=True)
class Fight:
    """Everything static about the fight."""

    fighters: tuple[Fighter, ...]
    through: tuple[tuple[Through | None, ...], ...]
    """[attacker][defender]: the attacker's weapon on an enemy."""
    back: tuple[tuple[Through | None, ...], ...]
    """[holder][attacker]: the holder's aura on a melee attacker."""
    initiative: tuple[tuple[int, ...], int]
    defense: tuple[tuple[int, ...], int]
    critical_margin: int
    critical_injury: tuple[tuple[int, ...], ...]
    """[attacker][defender]: the injury type (index in ``TYPES``) a critical chooses."""
    per_hand_arm: int
    per_mobility: int


def _terms(expression: Expression) -> tuple[tuple[int, ...], int]:
    """(sides of each die in rolling order, flat part) of a sum of plain dice and constants."""
    match expression:
        case Constant(value):
            return (), value
        case Dice(count=count, sides=sides) if expression == Dice(count=count, sides=sides):
            return (sides,) * count, 0
        case BinaryOp("+", left, right):
            (dice_l, flat_l), (dice_r, flat_r) = _terms(left), _terms(right)
            return dice_l + dice_r, flat_l + flat_r
    raise ValueError(f"the bare loop only knows sums of plain dice, not {expression}")


def reference(ruleset: Ruleset, setup: EncounterState) -> Callable[[int], tuple[str | None, int]]:
    """The bare loop of ``setup``'s fight: seed -> (the winning side or None, rounds)."""
    assert isinstance(ruleset, Lurasko)
    fight = prepare(ruleset.rules, setup)
    sides = sorted({c.side for c in setup})
    if len(sides) != 2:
        raise ValueError("the bare loop knows fights of two sides")

    def play(seed: int) -> tuple[str | None, int]:
        winner, rounds = bare_fight(fight, seed)
        return (sides[winner] if winner >= 0 else None), rounds

    return play


def prepare(rules: LuraskoSettings, setup: EncounterState) -> Fight:
    """The static side of the fight, read from the sheets with the ruleset's own rules."""
    everyone = list(setup)
    sides = sorted({c.side for c in setup})
    weapons = [_weapon(c) for c in everyone]
    fighters = tuple(
        _fighter(rules, c, w, sides, everyone) for c, w in zip(everyone, weapons, strict=True)
    )
    through = tuple(
        tuple(
            _through(rules, setup, a, w, f.arm, d) if a.side != d.side else None for d in everyone
        )
        for a, w, f in zip(everyone, weapons, fighters, strict=True)
    )
    back = tuple(
        tuple(_back(holder, a, w) for a, w in zip(everyone, weapons, strict=True))
        for holder in everyone
    )
    return Fight(
        fighters=fighters,
        through=through,
        back=back,
        initiative=_terms(rules.initiative_dice),
        defense=_terms(rules.defense_die),
        critical_margin=rules.critical_margin,
        critical_injury=tuple(
            tuple(_critical(rules, a, w, d) for d in everyone)
            for a, w in zip(everyone, weapons, strict=True)
        ),
        per_hand_arm=rules.pressure_lost_per_hand_arm_degree,
        per_mobility=rules.hindrance_per_mobility_degree,
    )


def _weapon(combatant: Combatant) -> Weapon:
    """The weapon the tactics attack with: their best, always allowed in this fight."""
    sheet = sheet_of(combatant)
    weapon = next(w for w in sheet.weapons if w.name == best_first(sheet)[0])
    if weapon.damage is not None and weapon.energy is not None:
        raise ValueError(f"{weapon.name}: the bare loop knows normal or energy weapons, not both")
    if weapon.energy in (DamageKind.ELECTRIC, DamageKind.BLAST) or weapon.zone is not None:
        raise ValueError(f"{weapon.name}: the bare loop knows no stunning or zone weapons")
    return weapon


def _critical(
    rules: LuraskoSettings, attacker: Combatant, weapon: Weapon, defender: Combatant
) -> int:
    """The injury type (index in ``TYPES``) the tactics' critical on ``defender`` chooses (-1
    for an ally, never attacked)."""
    if attacker.side == defender.side:
        return -1
    effect, injury = critical_choice(rules, attacker, weapon, defender)
    if effect is not CriticalEffect.INJURY_TYPE:
        raise ValueError(f"{weapon.name}: the bare loop knows criticals that choose the type")
    return TYPES.index(injury)


def _arm(rules: LuraskoSettings, combatant: Combatant, weapon: Weapon) -> Arm:
    melee = weapon.reach is Reach.MELEE
    expression = weapon.damage if weapon.damage is not None else weapon.energy_damage
    assert expression is not None
    dice, flat = _terms(expression)
    strength = _strength(rules, combatant, weapon)
    table = rules.melee_injury_table if melee else rules.ranged_injury_table
    faces = (injury_type(face, ranged=not melee, table=table) for face in range(1, 21))
    arm = Arm(
        weapon.offense, melee, weapon.area, dice, flat + strength, (0, *map(TYPES.index, faces))
    )
    if weapon.energy is not None and not weapon.area and arm.flat + sum(dice) >= OVEREFFECT:
        raise ValueError(f"{weapon.name}: the bare loop knows no overeffect")
    return arm


def _strength(rules: LuraskoSettings, combatant: Combatant, weapon: Weapon) -> int:
    """The STR a melee weapon adds to damage and drive."""
    melee = weapon.reach is Reach.MELEE
    return sheet_of(combatant).strength if melee and rules.strength_to_damage else 0


def _fighter(
    rules: LuraskoSettings,
    combatant: Combatant,
    weapon: Weapon,
    sides: list[str],
    everyone: list[Combatant],
) -> Fighter:
    sheet = sheet_of(combatant)
    if len(sheet.auras) > 1 or any(a.expend is not None for a in sheet.auras):
        raise ValueError(f"{combatant.name}: the bare loop knows one aura striking with it all")
    if any(s.techshield for s in sheet.shields):
        raise ValueError(f"{combatant.name}: the bare loop knows no techshields")
    return Fighter(
        side=sides.index(combatant.side),
        bonus=sheet.initiative,
        tn=sheet.tn,
        factor=factor_of(combatant, rules),
        dies_at=rules.death_core_degrees_per_bcon * sheet.bcon,
        arm=_arm(rules, combatant, weapon),
        enemies=tuple(n for n, c in enumerate(everyone) if c.side != combatant.side),
        points=tuple(pool.current for pool in combatant.pools.values()),
        aura=sheet.auras[0].stored if sheet.auras else 0,
    )


def _pools(defender: Combatant, shields: list[Shield]) -> tuple[int, ...]:
    """The pools ``shields`` spend, in the order they act."""
    names = list(defender.pools)
    by_source = {s.source(): s.pool_name for s in shields}
    return tuple(names.index(by_source[s]) for s in ordered(by_source))


def _through(
    rules: LuraskoSettings,
    setup: EncounterState,
    attacker: Combatant,
    weapon: Weapon,
    arm: Arm,
    defender: Combatant,
) -> Through:
    """The attacker's weapon on ``defender``: armor, shielding and resistances."""
    shields = sheet_of(defender).shields
    most = arm.flat + sum(arm.dice)
    if weapon.damage is not None:
        assert weapon.drive is not None
        strength = _strength(rules, attacker, weapon)
        drive = normal_portion(0, weapon.drive, reach=weapon.reach, strength=strength).drive
        return _met(defender, Portion(DamageKind.NORMAL, 0, drive, weapon.material), most)
    assert weapon.energy is not None
    action = attack(attacker.id, defender.id, weapon.name)
    assert isinstance(action, Attack)
    strike = Strike(setup, action, rules, SeededDice(0))  # the engine's reading; draws no die
    before = [
        s for s in shields if s.precision.before_defense and stops(s.source(), strike.incoming)
    ]
    if not weapon.area:
        return _met(defender, Portion(weapon.energy, 0, 0), most, before)
    if before:
        raise ValueError("the bare loop knows area weapons no shield meets before the roll")
    area = Incoming(ranged=True, all_energy=True, explosive=weapon.explosive, impact=False)
    medium = [
        s for s in shields if s.precision is Precision.MEDIUM and may_shield(s.precision, area)
    ]
    return _met(
        defender, Portion(weapon.energy, 0, 0), most, dodged=medium if weapon.explosive else []
    )


def _met(
    defender: Combatant,
    portion: Portion,
    most: int,
    before: list[Shield] | None = None,
    dodged: list[Shield] | None = None,
) -> Through:
    """Damage of ``portion``'s kind, material and drive (energy: drive = damage), up to
    ``most``, on ``defender``."""
    sheet = sheet_of(defender)
    armor = sheet.armor.range() if sheet.armor else None
    energy, electric = portion.kind.energy, portion.kind is DamageKind.ELECTRIC
    armored = tuple(
        through_armor(d, d if energy else portion.drive, armor, electric=electric)
        for d in range(most + 1)
    )
    high = [s for s in sheet.shields if s.precision is Precision.HIGH]
    multiply, divide = 1, 1
    for resistance in sheet.resistances:
        if resistance.rule().applies_to(portion):
            multiply, divide = multiply * resistance.percent, divide * 100
    return Through(
        armored=armored,
        high=_pools(defender, high) if energy else (),
        multiply=multiply,
        divide=divide,
        before=_pools(defender, before or []),
        dodged=_pools(defender, dodged or []),
        stuns=electric or (portion.kind is DamageKind.BLAST and sheet.organic),
    )


def _back(holder: Combatant, attacker: Combatant, weapon: Weapon) -> Through | None:
    """The holder's aura striking back at a melee attacker (None: it never does)."""
    auras = sheet_of(holder).auras
    if not auras or holder.side == attacker.side or weapon.reach is not Reach.MELEE:
        return None
    aura = auras[0]
    return _met(attacker, aura_portion(aura.kind, aura.stored, aura.drive), aura.stored)


def _shield(points: list[int], pools: tuple[int, ...], damage: int) -> int:
    """``damage`` through the pools in order, each spending what it stops; what is left."""
    for pool in pools:
        have = points[pool]
        if damage and have:
            spent = min(damage, have)
            points[pool] = have - spent
            damage -= spent
    return damage


def bare_fight(fight: Fight, seed: int) -> tuple[int, int]:
    """(winning side index or -1, rounds) of one fight."""
    roll = SeededDice(seed).roll
    fighters = fight.fighters
    count = len(fighters)
    damage = [0] * count
    degrees = [[0] * len(TYPES) for _ in range(count)]
    dead = [False] * count
    stunned = [0] * count  # the round whose turn of the stunned ends its stun (0: not stunned)
    points = [list(f.points) for f in fighters]
    aura = [f.aura for f in fighters]
    alive = [sum(f.side == s for f in fighters) for s in (0, 1)]

    def rolled(dice: tuple[int, ...], flat: int) -> int:
        for sides in dice:
            flat += roll(sides)
        return flat

    def land(attacker: int, target: int, met: Through, called: int, injury: int) -> int:
        """A portion of ``called`` damage on ``target``: what it takes (rolling the injury
        type when degrees are crossed and none is chosen)."""
        taken = met.armored[called]
        if taken and met.high:
            taken = _shield(points[target], met.high, taken)
        taken = taken * met.multiply // met.divide
        victim = fighters[target]
        before = damage[target]
        crossed = (before + taken) // victim.factor - before // victim.factor
        damage[target] = before + taken
        if crossed:
            if injury < 0:
                injury = fighters[attacker].arm.table[roll(20)]
            degrees[target][injury] += crossed
            if injury == CORE and degrees[target][CORE] >= victim.dies_at and not dead[target]:
                dead[target] = True
                alive[victim.side] -= 1
        return taken

    def defended(attacker: int, target: int) -> int:
        """The defense roll's margin over the target's TN (at or under 0: dodged)."""
        pressure = (
            fighters[attacker].arm.offense
            - fight.per_hand_arm * degrees[attacker][HAND_ARM]
            + fight.per_mobility * degrees[target][MOBILITY]
        )
        return rolled(*fight.defense) + pressure - fighters[target].tn

    def strike(attacker: int, target: int, number: int) -> None:
        arm = fighters[attacker].arm
        met = fight.through[attacker][target]
        assert met is not None
        called = -1
        if met.before and any(points[target][p] for p in met.before):
            called = _shield(points[target], met.before, rolled(arm.dice, arm.flat))
            if called == 0:
                return
        margin = defended(attacker, target)
        if margin <= 0:
            return
        critical = margin >= fight.critical_margin
        if called < 0:
            called = rolled(arm.dice, arm.flat)
        chosen = fight.critical_injury[attacker][target] if critical else -1
        land(attacker, target, met, called, chosen)
        back = fight.back[target][attacker]
        if back is not None and not critical and aura[target]:
            taken = land(attacker, attacker, back, aura[target], CORE)
            aura[target] = 0
            if back.stuns and taken // fighters[attacker].factor >= 2:
                stunned[attacker] = number + 1

    def blast(attacker: int, target: int) -> None:
        arm = fighters[attacker].arm
        met = fight.through[attacker][target]
        assert met is not None
        original = rolled(arm.dice, arm.flat)
        if original <= 0:
            return
        margin = defended(attacker, target)
        if margin > 0:
            critical = margin >= fight.critical_margin
            impact = original * IMPACT_PERCENT // 100
            chosen = fight.critical_injury[attacker][target] if critical else -1
            land(attacker, target, met, impact, chosen)
        elif original >= DELIBERATE:
            left = _shield(points[target], met.dodged, original * AREA_PERCENT // 100)
            if left:
                land(attacker, target, met, left, -1)

    def most_hurt(attacker: int) -> int:
        target, most = -1, -1
        for enemy in fighters[attacker].enemies:
            if not dead[enemy] and not stunned[enemy] and damage[enemy] > most:
                target, most = enemy, damage[enemy]
        return target

    def winner() -> int:
        """The side left alive, -1 if none is."""
        return 0 if alive[0] else 1 if alive[1] else -1

    dice, flat = fight.initiative
    initiative = [rolled(dice, flat + f.bonus) for f in fighters]
    order = sorted(range(count), key=lambda n: -initiative[n])
    for number in range(1, MAX_ROUNDS + 1):
        for actor in order:
            if dead[actor]:
                continue
            if stunned[actor]:
                if stunned[actor] == number:
                    stunned[actor] = 0
                continue
            target = most_hurt(actor)
            if target < 0:
                continue
            if fighters[actor].arm.area:
                blast(actor, target)
            else:
                strike(actor, target, number)
            if not alive[0] or not alive[1]:
                return winner(), number
    return -1, MAX_ROUNDS

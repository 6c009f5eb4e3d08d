"""The Attack action: shielding before the defense, the defense roll, damage and drive through
armor, high-precision shielding and resistances, degrees of injury and energy effects.

"Whenever your attack hits (whether melee or ranged), find the damage and drive of your
weapon(s)." Low- and medium-precision shielding "must occur before any defense roll is
attempted", so when it can act the damage is found first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from fracas.dice import DiceSource, Expression, RollResult, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.engine.memo import per_object, per_object_and
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.lurasko import actions as a
from fracas.rules.lurasko.aoe import is_aoe
from fracas.rules.lurasko.auras import Provocation
from fracas.rules.lurasko.damage import DamageStep, Portion, resolve_damage, shield_steps
from fracas.rules.lurasko.defense import (
    DefenseOutcome,
    DefenseResult,
    defense_hindrance,
    defense_result,
)
from fracas.rules.lurasko.events import (
    AreaBurst,
    DamageCalledOut,
    DefenseRolled,
    InjuryTypeSet,
    ShieldingUsed,
)
from fracas.rules.lurasko.injury import InjuryTable, degrees_crossed, injury_type
from fracas.rules.lurasko.offense import (
    Reduction,
    called_out,
    critical_drive_bonus,
    dismembers,
    energy_portion,
    melee_reduction,
    normal_portion,
    ranged_reduction,
    strength_used,
)
from fracas.rules.lurasko.queries import (
    chosen,
    damage_of,
    degrees_of,
    sheet_of,
)
from fracas.rules.lurasko.settings import LuraskoSettings
from fracas.rules.lurasko.sheet import Weapon
from fracas.rules.lurasko.shielding import Incoming, ShieldSource, may_shield, shield, stops
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.turns import acting
from fracas.rules.lurasko.vocabulary import CriticalEffect, DamageKind, InjuryType, Precision, Reach
from fracas.rules.lurasko.wounds import (
    aura_strikes_back,
    defences_with,
    energy_aftermath,
    spend_shielding,
    wound,
)

INJURY_ROLL = dice(1, 20)
"""The GM's roll on the injury-type table."""


@frozen
class Defense:
    """A defense roll about to be made: the expression, and what reads its total."""

    expression: Expression
    tn: int
    critical_margin: int
    may_be_critical: bool

    @per_object_and
    def judge(self, total: int) -> DefenseResult:
        """How a roll totalling ``total`` went, worked out once per defense and total (a defense
        is made once for its roll, ``_defense_of``)."""
        return defense_result(
            total,
            self.tn,
            critical_margin=self.critical_margin,
            may_be_critical=self.may_be_critical,
        )


def weapon_of(combatant: Combatant, name: str | None) -> Weapon:
    """The weapon called ``name`` (any case, a unique prefix), or the first."""
    sheet = sheet_of(combatant)
    exact = traits_of(sheet).weapons.get(name) if name is not None else None
    return exact or chosen(sheet.weapons, name, "weapon", combatant.name)


@dataclass
class _Rolled:
    """The damage dice of one attack, rolled once, when first needed."""

    normal: RollResult | None = None
    energy: RollResult | None = None
    done: bool = False
    results: tuple[RollResult, ...] = ()
    """The rolls whose notation has dice (fixed damage is called out, not rolled). Told from
    the notation, not from the dice rolled: the rules read only a damage roll's total, so exact
    odds branch it once per total, not once per set of faces."""

    def roll(self, weapon: Weapon, source: DiceSource) -> None:
        if self.done:
            return
        self.done = True
        results: list[RollResult] = []
        if weapon.damage is not None:
            self.normal = roll(weapon.damage, source)
            if _has_dice(weapon.damage):
                results.append(self.normal)
        if weapon.energy_damage is not None:
            self.energy = roll(weapon.energy_damage, source)
            if _has_dice(weapon.energy_damage):
                results.append(self.energy)
        self.results = tuple(results)


CALLED_AT_MOST = 256
"""How many portion tuples ``_called_of`` keeps for one weapon before it starts afresh."""

CalledKey = tuple[int | None, int | None, int | None, int, int, int, bool]
"""What a weapon's portions follow from besides the weapon: its normal and energy totals as
rolled, the energy shielding left, STR, the reduction's percent, the drive bonus, and whether
a kinetic shield stopped the normal portion."""


@per_object
def _called_of(weapon: Weapon) -> dict[CalledKey, tuple[Portion, ...]]:
    """The portions ``weapon`` called out, by what they follow from (``Strike._portions``): a
    weapon's damage takes few values, and portions are immutable."""
    return {}


@per_object
def _dismembers(weapon: Weapon) -> bool:
    """Whether ``weapon``'s hits may dismember (``offense.dismembers``), asked at every hit."""
    return dismembers(all_energy=weapon.all_energy, weapon_may_dismember=weapon.dismembers)


@per_object
def _has_dice(notation: Expression) -> bool:
    """Whether an expression has dice (a weapon's damage is the same object every attack)."""
    return next(iter(notation.dice_terms()), None) is not None


class Strike:
    """One attack being resolved: the parties, the weapon, the choices and what happened.

    Built at every attack, so by a plain ``__init__`` (a dataclass's calls a factory for each
    of its four collections); ``weapon``, when given, is the one the action names (the rule
    found it already)."""

    def __init__(
        self,
        state: EncounterState,
        action: a.Attack,
        settings: LuraskoSettings,
        source: DiceSource,
        weapon: Weapon | None = None,
    ) -> None:
        self.state = state
        self.action = action
        self.settings = settings
        self.source = source
        self.events: list[Event] = []
        self.rolled = _Rolled()
        self.before_defense: list[DamageStep] = []
        self.energy_left: int | None = None
        self.points_left: dict[CombatantId, dict[str, int]] = {}
        """Shielding points each defender has left after shielding earlier in this attack."""
        self.attacker = state.combatants[acting(action)]
        self.target = state.combatants[action.target]
        self.weapon = weapon or weapon_of(self.attacker, action.weapon)
        self.reduction = reduction_of(action, self.weapon, settings)

    @cached_property
    def incoming(self) -> Incoming:
        """The attack as the target's shielding sees it, worked out when first asked (most
        targets have no shielding to ask)."""
        return Incoming(
            ranged=self.weapon.reach is Reach.RANGED,
            all_energy=self.weapon.all_energy,
            engaged=self.action.engaged or self.weapon.reach is Reach.MELEE,
            grappling=self.action.grappling,
            explosive=self.weapon.explosive,
            impact=True,
            climbed_on=self.action.climbed,
            short_range=self.action.close or self.action.engaged,
        )

    def resolve(self) -> list[Event]:
        if self._shielded_before_defense():
            return self.events
        outcome = self._defense_roll()
        if outcome.hits:
            self._hit(outcome)
            self._overeffect()
            self.events += aura_strikes_back(
                self.state,
                self.target.id,
                self.attacker.id,
                self._provocation(),
                outcome,
                settings=self.settings,
            )
        return self.events

    def _overeffect(self) -> None:
        """A direct energy hit of 120 or more bursts into an unintended AoE on the others in
        the target's group; shielding met its original value, and what it let through must
        still reach 120 ("check if it is now too weak to cause overeffect")."""
        if self.weapon.energy is None or not self.weapon.all_energy:
            return
        original = self._energy_damage()
        left = self.energy_left if self.energy_left is not None else original
        if not is_aoe(left, deliberate=False):
            return
        area = left * self.settings.overeffect_area_percent // 100
        fire = self.weapon.energy in (DamageKind.HEAT, DamageKind.ELECTRIC)
        burst = AreaBurst(self.attacker.id, self.target.id, original, left, area, False, fire)
        self.events.append(burst)
        for other in self.action.around:
            self._on_bystander(self.state[other], area)

    def _on_bystander(self, other: Combatant, area: int) -> None:
        """ "first roll to see if they are affected according to normal AoE hit chance rules,
        then consider each affected character to be hit by a separate attack or weapon"."""
        assert self.weapon.energy is not None
        outcome = self._defense_roll(other, self.settings.area_defense_tn_bonus)
        if not outcome.hits:
            return
        self._area_damage(other, area)

    def _area_damage(self, other: Combatant, area: int) -> None:
        """Area damage on one character, "hit by a separate attack": its own medium-precision
        shielding first (an explosive's area too: "Area damage for other characters (or the
        target character, if they succeed on their defense roll) can be shielded via
        medium-precision shielding"), then the hit."""
        assert self.weapon.energy is not None
        steps_before = len(self.before_defense)
        area_attack = Incoming(
            ranged=True, all_energy=True, explosive=self.weapon.explosive, impact=False
        )
        sources = [
            s
            for s in traits_of(sheet_of(other)).shields
            if s.precision is Precision.MEDIUM and may_shield(s.precision, area_attack)
        ]
        left = self._shield_first(other, sources, area)
        if left:
            portion = energy_portion(self.weapon.energy, left)
            self._damage(other, (portion,), None, self.before_defense[steps_before:])

    def _provocation(self) -> Provocation | None:
        return Provocation.MELEE_HIT if self.weapon.reach is Reach.MELEE else None

    # --- low and medium precision ------------------------------------------------------

    def _shielded_before_defense(self) -> bool:
        """Low and medium shielding that can stop this attack act first, on its energy."""
        if self.weapon.energy is None:
            return False
        early = traits_of(sheet_of(self.target)).early_shields
        if not early:  # most have none
            return False
        sources = [s for s in early if stops(s, self.incoming)]
        if not sources:
            return False
        points = self._points(self.target)
        if not any(points.get(s.pool, 0) for s in sources):
            return False
        self.rolled.roll(self.weapon, self.source)
        left = self._shield_first(self.target, sources, self._energy_damage())
        self.energy_left = left
        return left == 0

    def _points(self, defender: Combatant) -> dict[str, int]:
        return self.points_left.get(
            defender.id, {name: pool.current for name, pool in defender.pools.items()}
        )

    def _shield_first(
        self, defender: Combatant, sources: Sequence[ShieldSource], damage: int
    ) -> int:
        """Shielding before the defense roll: what it leaves, its steps kept for the account."""
        assert self.weapon.energy is not None
        left, uses, points = shield(sources, self.weapon.energy, damage, self._points(defender))
        if not uses:
            return left
        self.points_left[defender.id] = points
        steps = shield_steps(uses)
        self.before_defense += steps
        self.events.append(ShieldingUsed(defender.id, steps, stopped=left == 0))
        self.events += spend_shielding(defender.id, uses)
        return left

    def _energy_damage(self) -> int:
        """The primary weapon's energy damage as fired (a ranged reduction applied)."""
        return self._energy_of(self.weapon, self.rolled)

    def _energy_of(self, weapon: Weapon, rolled: _Rolled) -> int:
        assert rolled.energy is not None and weapon.energy is not None
        reduction = self.reduction if weapon.reach is Reach.RANGED else None
        return energy_portion(
            weapon.energy, max(rolled.energy.total, 0), reduction=reduction
        ).damage

    # --- the defense roll ---------------------------------------------------------------

    def _defense_roll(self, defender: Combatant | None = None, tn_bonus: int = 0) -> DefenseOutcome:
        """The defender's roll (the target unless named); ``tn_bonus``: a character caught in
        an area defends at a better TN (SOURCES.md 5.4)."""
        defender = defender or self.target
        defense = self.defense(defender, tn_bonus)
        result = roll(defense.expression, self.source)
        found = defense.judge(result.total)
        self.events.append(
            DefenseRolled(
                defender.id,
                self.attacker.id,
                result,
                defense.tn,
                found.outcome._value_,
                found.margin,
            )
        )
        return found.outcome

    def defense(self, defender: Combatant | None = None, tn_bonus: int = 0) -> Defense:
        """What the defender (the target unless named) rolls against this attack, and how the
        total is read."""
        defender = defender or self.target
        hindrance = hindrance_on(
            self.settings,
            self.weapon,
            self.reduction,
            hand_arm=degrees_of(self.attacker, InjuryType.HAND_ARM),
            mobility=degrees_of(defender, InjuryType.MOBILITY),
        )
        may_be_critical = not (self.weapon.reach is Reach.RANGED and self.action.far)
        return _defense_of(
            self.settings, (hindrance, sheet_of(defender).tn + tn_bonus, may_be_critical)
        )

    # --- the hit ------------------------------------------------------------------------

    def _hit(self, outcome: DefenseOutcome) -> None:
        """Each weapon of the attack calls out its damage and drive; they land as one hit."""
        critical = outcome is DefenseOutcome.CRITICAL
        drive = critical and self.action.critical is CriticalEffect.DRIVE
        portions: list[Portion] = []
        for weapon, rolled in self._wielded():
            rolled.roll(weapon, self.source)
            bonus = self._critical_bonus(weapon) if drive else 0
            strength = self._strength() if weapon.reach is Reach.MELEE else None
            own = self._portions(weapon, rolled, bonus, strength or 0)
            self.events.append(
                DamageCalledOut(
                    self.attacker.id,
                    self.target.id,
                    weapon.name,
                    own,
                    rolled.results,
                    strength,
                    self.reduction.percent,
                    bonus,
                    _dismembers(weapon),
                )
            )
            portions += own
        chosen = self.action.injury if critical and not drive else None
        self._damage(self.target, tuple(portions), chosen, self.before_defense)

    def _wielded(self) -> list[tuple[Weapon, _Rolled]]:
        """The weapons of the attack: the one named, and a dual-wielded second."""
        wielded = [(self.weapon, self.rolled)]
        if self.action.also is not None:
            wielded.append((weapon_of(self.attacker, self.action.also), _Rolled()))
        return wielded

    def _critical_bonus(self, weapon: Weapon) -> int:
        return critical_drive_bonus(
            weapon.reach,
            precise=weapon.precise,
            bonus=self.settings.critical_drive_bonus,
            precise_bonus=self.settings.critical_precise_drive_bonus,
        )

    def _strength(self) -> int:
        if not self.settings.strength_to_damage:
            return 0
        return strength_used(sheet_of(self.attacker).strength, self.action.strength)

    def _portions(
        self, weapon: Weapon, rolled: _Rolled, drive_bonus: int, strength: int
    ) -> tuple[Portion, ...]:
        """One weapon's portions (``strength``: the STR a melee weapon adds, else 0); the
        primary's energy as shielding before the defense left it. The same tuple again for the
        same weapon, totals and choices (``_called_of``)."""
        key = (
            rolled.normal.total if rolled.normal is not None else None,
            rolled.energy.total if rolled.energy is not None else None,
            self.energy_left if weapon is self.weapon else None,
            strength,
            self.reduction.percent,
            drive_bonus,
            self.action.kinetic,
        )
        known = _called_of(weapon)
        portions = known.get(key)
        if portions is None:
            portions = self._called(weapon, rolled, drive_bonus, strength)
            if len(known) >= CALLED_AT_MOST:
                known.clear()
            known[key] = portions
        return portions

    def _called(
        self, weapon: Weapon, rolled: _Rolled, drive_bonus: int, strength: int
    ) -> tuple[Portion, ...]:
        """One weapon's portions worked out (``_portions``)."""
        normal = None
        if rolled.normal is not None:
            assert weapon.drive is not None
            normal = normal_portion(
                max(rolled.normal.total, 0),
                weapon.drive,
                reach=weapon.reach,
                strength=strength,
                reduction=self.reduction,
                material=weapon.material,
            )
        energy = None
        if weapon.energy is not None and rolled.energy is not None:
            damage = self._energy_of(weapon, rolled)
            if weapon is self.weapon and self.energy_left is not None:
                damage = self.energy_left
            energy = energy_portion(weapon.energy, damage)
        return called_out(
            normal,
            energy,
            drive_bonus=drive_bonus,
            explosive=weapon.explosive,
            normal_stopped=self.action.kinetic,
        )

    def _damage(
        self,
        target: Combatant,
        portions: tuple[Portion, ...],
        chosen: InjuryType | None,
        before_defense: Sequence[DamageStep] = (),
    ) -> None:
        """``portions`` landing on ``target``: the account, the injury type, the wound and the
        energy effects."""
        traits = traits_of(sheet_of(target))
        if traits.high_shielded or before_defense:
            defences = defences_with(target, self._points(target))
            account, uses = resolve_damage(portions, defences, before_defense=before_defense)
        else:  # the armor and resistances alone (most targets, every hit with no shielding)
            account, uses = traits.unshielded_account(portions), ()
        factor = traits.factor(self.settings.injury_factor_minimum)  # factor_of, from traits
        injury = chosen
        if degrees_crossed(damage_of(target), account.total, factor) and injury is None:
            injury = self._injury_type(target)
        elif injury is not None:
            self.events.append(InjuryTypeSet(target.id, injury, "critical"))
        if uses:  # only high-precision shielding spends here
            self.events += spend_shielding(target.id, uses)
        self.events += wound(self.state, target.id, account, injury, settings=self.settings)
        blast_hit = DamageKind.BLAST in [p.kind for p in portions]
        _, effects = energy_aftermath(
            self.state,
            target.id,
            self.attacker.id,
            account,
            blast_hit=blast_hit,
            settings=self.settings,
        )
        self.events += effects

    def _injury_type(self, target: Combatant) -> InjuryType:
        """ "The GM will have already rolled on the melee or ranged injury type table"; the roll
        is shown only when the hit's damage crosses a multiple of the injury factor."""
        ranged = self.weapon.reach is Reach.RANGED
        result = roll(INJURY_ROLL, self.source)
        kind = self.injury_of(result.total)
        table = "ranged" if ranged else "melee"
        self.events.append(InjuryTypeSet(target.id, kind, table, result))
        return kind

    def injury_of(self, face: int) -> InjuryType:
        """The injury type ``face`` of the ``INJURY_ROLL`` gives on this weapon's table."""
        ranged = self.weapon.reach is Reach.RANGED
        settings = self.settings
        bands = settings.ranged_injury_table if ranged else settings.melee_injury_table
        if 1 <= face <= 20:
            return _by_face(bands)[face - 1]
        return injury_type(face, ranged=ranged, table=bands)  # refuses the face


@per_object
def _by_face(table: InjuryTable) -> tuple[InjuryType, ...]:
    """The type each d20 face gives on ``table`` (``injury_type``), face 1 first, for a table
    the settings hold for the whole fight."""
    return tuple(injury_type(face, ranged=False, table=table) for face in range(1, 21))


@per_object_and
def _defense_of(settings: LuraskoSettings, roll: tuple[int, int, bool]) -> Defense:
    """The defense of a roll with this Hindrance, against this TN, critical or not, under
    ``settings``: built once for each (a defense is immutable, and its expression, the die plus
    the Hindrance, the same object every time)."""
    hindrance, tn, may_be_critical = roll
    die = settings.defense_die
    return Defense(
        expression=die + hindrance if hindrance else die,
        tn=tn,
        critical_margin=settings.critical_margin,
        may_be_critical=may_be_critical,
    )


def hindrance_on(
    settings: LuraskoSettings, weapon: Weapon, reduction: Reduction, *, hand_arm: int, mobility: int
) -> int:
    """What the defender's d20 gets added against ``weapon``: its offense as pressure, less
    what the attacker's ``hand_arm`` degrees cost it, the defender's ``mobility`` degrees as its
    Hindrance, less the Hindrance of the attacker's voluntary reduction. All an attack reads of
    the two's degrees of injury (study mode keys its tables on it)."""
    return defense_hindrance(
        pressure=weapon.offense - settings.pressure_lost_per_hand_arm_degree * hand_arm,
        defender_hindrance=settings.hindrance_per_mobility_degree * mobility,
        attacker_hindrance=reduction.hindrance,
    )


def reduction_of(action: a.Attack, weapon: Weapon, settings: LuraskoSettings) -> Reduction:
    if weapon.reach is Reach.MELEE:
        return _melee_reduction(action.reduce, settings.melee_reduction_hindrance)
    return _ranged_reduction(action.halve, settings.ranged_reduction_hindrance)


@lru_cache(maxsize=64)
def _melee_reduction(percent: int, hindrance: int) -> Reduction:
    return melee_reduction(percent, hindrance=hindrance)


@lru_cache(maxsize=64)
def _ranged_reduction(halved: bool, hindrance: int) -> Reduction:
    return ranged_reduction(halved, hindrance=hindrance)

"""What every power's rule shares: finding the power, its Intention, the Resistance Check a
target makes against it and what a failure leaves, the Offensive Roll it is aimed with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, Note, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState, Scalar
from fracas.rules.kaiser import powers as p
from fracas.rules.kaiser.chakras import require_ki, spend_ki
from fracas.rules.kaiser.checks import CheckRoll, degrees, roll_resistance_check, roll_skill_check
from fracas.rules.kaiser.defences import modifier_data
from fracas.rules.kaiser.events import CheckRolled, Detected
from fracas.rules.kaiser.immaterial import can_hit
from fracas.rules.kaiser.innate import INNATE_SPELL
from fracas.rules.kaiser.lingering import (
    COUNTDOWN,
    IMMUNITY,
    POWER,
    immunity_name,
    lingering_data,
)
from fracas.rules.kaiser.maintaining import CAST_ROUND
from fracas.rules.kaiser.mass import INNATE_MANA, innate_mana, mass_of_mana
from fracas.rules.kaiser.preparing import cast_prepared, prepared_mana, preparing, ready
from fracas.rules.kaiser.queries import (
    AP,
    KI,
    MANA,
    MANA_SPENT,
    PREVENTS_ACTION,
    count_mark,
    intention_kinds,
    is_dead,
    one_named,
    sheet_of,
    skill_name,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, PowerSource, PowerType
from fracas.rules.kaiser.states import (
    characteristic_key,
    skill_key,
    state_parts,
)
from fracas.rules.kaiser.transfer import transferring

Parts = list[tuple[str, int]]


def power_named(combatant: Combatant, name: str) -> Power:
    """The power called ``name`` (any case, a unique prefix)."""
    return one_named(sheet_of(combatant).powers, name, "power", combatant.name)


def from_innate_mana(combatant: Combatant, power: Power) -> bool:
    """The power's mana comes from this round's innate mana (not a spell prepared already)."""
    return bool(power.mana) and innate_mana(combatant) is not None and not ready(combatant, power)


def power_cost(combatant: Combatant, power: Power) -> dict[str, int]:
    """What using the power spends: its AP, and the mana or ki it lists from the user's pools
    (the engine refuses a use the pools cannot pay); an innate spell's mana comes from the
    environment, not the Pool ("Innate mana cannot be absorbed into your Pool")."""
    mana = 0 if from_innate_mana(combatant, power) else power.mana
    cost = {AP: power.ap, MANA: mana, KI: power.ki}
    return {pool: amount for pool, amount in cost.items() if amount}


def require_payable(combatant: Combatant, cost: Mapping[str, int], what: str) -> None:
    """Refuse (``not-enough-<pool>``) a cost out of turn, which the engine's own check of the
    acting combatant's cost does not cover (a reaction, a Swift Action in defence)."""
    for pool, amount in cost.items():
        have = combatant.pools[pool].current if pool in combatant.pools else 0
        if have < amount:
            raise IllegalAction(
                f"not-enough-{pool.lower()}",
                f"{what} costs {amount} {pool}; {combatant.name} has {have}",
            )


def paid(combatant: CombatantId, cost: Mapping[str, int], reason: str) -> list[Event]:
    """The pool changes of paying ``cost`` out of turn."""
    return [PoolChanged(combatant, pool, -amount, reason) for pool, amount in cost.items()]


def require_prepared(combatant: Combatant, power: Power) -> None:
    """A magic, phenom or spirit power needs its Intention declared this round; a power that
    spends mana needs it in the round's mass of mana (``mana_accumulation``), its innate mana,
    or (a spell) the mana prepared for it, which needs no Intention once all prepared. A round
    of Transfer Mana casts no spell that is not prepared already. Ki comes from the chakras
    the Spirit Intention filled (``chakras``)."""
    held_ready = ready(combatant, power)
    kind = p.INTENTIONS.get(power.source)
    if kind is not None and kind not in intention_kinds(combatant) and not held_ready:
        raise IllegalAction(
            "no-intention",
            f"{power.name} is a {power.source.value} power: declare the {kind} Intention first",
        )
    require_ki(combatant, power)
    if held_ready:
        return
    if power.source is PowerSource.MAGIC and transferring(combatant):
        raise IllegalAction(
            "transferring",
            f"{combatant.name} took the Transfer Mana Intention and cannot cast a spell this round",
        )
    if preparing(combatant) == power.name:
        raise IllegalAction(
            "not-prepared",
            f"{power.name} costs {power.mana} mana; {prepared_mana(combatant, power)} is"
            " prepared for it",
        )
    innate = innate_mana(combatant)
    if innate is not None and power.mana:
        if power.mana > innate:
            raise IllegalAction(
                "innate-mana",
                f"{power.name} costs {power.mana} mana; {combatant.name} has {innate} innate mana"
                " left this round (a single spell no greater than the innate mana)",
            )
        return
    left = mass_of_mana(combatant)
    if left is not None and power.mana > left:
        raise IllegalAction(
            "mass-of-mana",
            f"{power.name} costs {power.mana} mana; {combatant.name} has {left} left of the"
            f" mass of mana accumulated this round (MA {sheet_of(combatant).mana_accumulation})",
        )


def cast(combatant: Combatant, power: Power) -> list[Event]:
    """The ki a power spends is taken from the chakras; its mana from what was prepared for
    it, the innate mana, or the round's mass of mana."""
    ki = spend_ki(combatant, power)
    if ready(combatant, power):
        return ki + cast_prepared(combatant, power)
    return ki + _mana_cast(combatant, power)


def _mana_cast(combatant: Combatant, power: Power) -> list[Event]:
    if power.mana and innate_mana(combatant) is not None:
        return [MarkSet(combatant.id, INNATE_MANA, 0)]
    if not power.mana or sheet_of(combatant).mana_accumulation is None:
        return []
    spent = count_mark(combatant, MANA_SPENT) + power.mana
    return [MarkSet(combatant.id, MANA_SPENT, spent)]


@frozen
class Resisting:
    """Everything a target's Resistance Check against a power depends on."""

    caster: CombatantId
    power: Power
    allow: bool
    round: int
    vital: bool = False
    """The hit is directed at a vulnerable point (head or heart)."""
    innate: bool = False
    """The power is a spell cast with innate mana."""


MISSES = "it misses"


def aimed(
    caster: CombatantId,
    power: Power,
    offence: CheckRoll,
    parts: tuple[tuple[str, int], ...],
    difficulty: int,
) -> CheckRolled:
    """Aiming an Automatic or Trigger power at a target in a difficult position: the Offensive
    Roll against the difficulty; a tie succeeds, as on any Difficulty check, and a fumble
    fails whatever the total (SOURCES.md 1.3: "double 1 is an immediate failure")."""
    margin = degrees(offence.total, difficulty, tie_succeeds=True)
    result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF: {MISSES}"
    if offence.fumbled:
        result = f"a fumble: {MISSES}"
    return CheckRolled(caster, f"Aim {power.name}", offence, parts, difficulty, result)


NEGATES_DETECTION = "negates_detection"
"""Effect data: its bearer cannot be found by Detection powers."""


class PowerRule:
    def __init__(self, settings: KaiserSettings) -> None:
        self.settings = settings

    def _verify_targets(
        self, state: EncounterState, caster: Combatant, power: Power, targets: Sequence[CombatantId]
    ) -> None:
        for target_id in targets:
            target = state[target_id]
            if is_dead(target):
                raise IllegalAction("dead-target", f"{power.name}: {target.name} is dead")
            if not can_hit(
                target_immaterial=sheet_of(target).immaterial, imbued=p.hits_immaterial(power)
            ):
                raise IllegalAction(
                    "immaterial", f"{power.name} cannot touch {target.name}, who is immaterial"
                )
        if power.presence is not None:
            presences = [sheet_of(state[t]).presence for t in targets]
            if not p.fits_presence(power.presence, presences):
                raise IllegalAction(
                    "affected-presence",
                    f"{power.name} affects {power.presence} presence; these targets have"
                    f" {sum(presences)}",
                )

    @staticmethod
    def _verify_allow(state: EncounterState, targets: Sequence[CombatantId], agreed: bool) -> None:
        for target_id in targets:
            target = state[target_id]
            personalities = sheet_of(target).personalities
            if not p.may_choose_to_fail(aware=True, personalities=personalities, all_agree=agreed):
                raise IllegalAction(
                    "not-all-agree",
                    f"{target.name} has {personalities} personalities: all must agree (-agreed)"
                    " to fail the Resistance Check",
                )

    def resist(
        self, state: EncounterState, target: Combatant, how: Resisting, dice: DiceSource
    ) -> list[Event]:
        """The target's Resistance Check against the power, and what a failure leaves.
        Seed: "Detection powers can be negated by some powers": a target under such a power's
        effect is not detected and makes no check."""
        power = how.power
        if PowerType.DETECTION in power.types:
            hiding = next((e for e in target.effects if e.data.get(NEGATES_DETECTION)), None)
            if hiding is not None:
                return [Note(f"{hiding.name} hides it from {power.name}", target.id)]
        if how.allow or (target.id == how.caster and PowerType.AUTOMATIC in power.types):
            why = "chooses to fail" if how.allow else "uses it on itself"
            note = Note(f"{why}: no Resistance Check against {power.name}", target.id)
            return [note, *self._suffer(target, how, None)]
        value = sheet_of(target).resistances[power.resistance]
        parts: Parts = [(power.resistance.short, value)]
        if PowerType.DETECTION in power.types and (ki := sheet_of(target).skills.conceal_ki):
            parts.append(("Conceal Ki", ki))
        check = roll_resistance_check(dice, sum(v for _, v in parts))
        difficulty = p.resistance_difficulty(power, self.settings.automatic_difficulty)
        margin = degrees(
            check.total, difficulty, tie_succeeds=self.settings.resistance_ties_succeed
        )
        result = f"{margin} DoS" if margin > 0 else f"{-margin} DoF"
        name = f"{power.resistance.short} against {power.name}"
        events: list[Event] = [
            CheckRolled(target.id, name, check, tuple(parts), difficulty, result)
        ]
        if margin <= 0:
            return events + self._suffer(target, how, -margin)
        if PowerType.TRIGGER in power.types or PowerType.DETECTION in power.types:
            data: dict[str, Scalar] = {POWER: power.name, COUNTDOWN: margin, IMMUNITY: True}
            immune = Effect(immunity_name(power.name), source=how.caster, data=data)
            events.append(EffectApplied(target.id, immune))
        return events

    def _suffer(self, target: Combatant, how: Resisting, failure: int | None) -> list[Event]:
        power = how.power
        if PowerType.DETECTION in power.types:
            return [Detected(how.caster, target.id, power.name)]
        events: list[Event] = []
        held: dict[str, Scalar] = {} if power.maintained is None else {CAST_ROUND: how.round}
        if held and how.innate:
            held[INNATE_SPELL] = True
        if power.effect is not None:
            data = lingering_data(power.name, power.resistance, self._difficulty(power), failure)
            data.update(held)
            data.update({skill_key(s): v for s, v in power.skill_bonuses.items()})
            data.update({characteristic_key(c): v for c, v in power.characteristic_bonuses.items()})
            if power.negates_detection:
                data[NEGATES_DETECTION] = True
            if power.prevents_action:
                data[PREVENTS_ACTION] = True
            events.append(
                EffectApplied(target.id, Effect(power.effect, source=how.caster, data=data))
            )
        for grant in power.grants:
            data = {**modifier_data(grant), POWER: power.name, **held}
            events.append(
                EffectApplied(target.id, Effect(grant.name, source=how.caster, data=data))
            )
        return events

    def offensive_roll(
        self,
        caster: Combatant,
        power: Power,
        dice: DiceSource,
        *,
        bonus: int = 0,
        advantage: int = 0,
        against: CombatantId | None = None,
    ) -> tuple[CheckRoll, tuple[tuple[str, int], ...]]:
        """The power's Offensive Roll: its Skill, the modifiers given, the caster's States."""
        skill = sheet_of(caster).skills[power.skill]
        parts: Parts = [(skill_name(power.skill), skill)]
        if bonus:
            parts.append(("modifiers", bonus))
        parts += state_parts(caster, settings=self.settings, against=against, skill=power.skill)
        total = sum(v for _, v in parts)
        rolled = roll_skill_check(dice, total, net_advantage=advantage, final_skill=skill)
        return rolled, tuple(parts)

    def _difficulty(self, power: Power) -> int:
        return p.resistance_difficulty(power, self.settings.automatic_difficulty)

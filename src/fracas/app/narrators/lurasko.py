"""The lurasko ruleset's events told for the game master's table, every number shown.

    Gunner's defense roll: 1d20 (19) + 12 = 31 vs TN 14: hit (failed by 17)
    Elf calls out Longbow: 12, 24 drive
    Gunner's injury type (ranged table): 1d20 (12) = 12: Mobility
    Gunner takes 6: armor x½ (drive 24 within 18–32: 12 → 6); damage 0 → 6, factor 6:
    1 degree of Mobility injury

Dice are rolled in the open, so a roll is always shown; numbers from a combatant's sheet (its
TN, its armor, the steps of its account, its running damage) are shown only to an audience that
may see that combatant's pools (``scene.shows_pools``). The running damage and degrees a hit
leaves, told with its account, are not told again as marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from fracas.app.audience import Audience
from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.narration import order_table as engine_order_table
from fracas.app.scene import EventNarrator, Scene, Told
from fracas.app.wording import possessive
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet
from fracas.engine.state import EncounterState
from fracas.rules.lurasko.armor import ArmorBand, ArmorRange
from fracas.rules.lurasko.damage import DamageAccount, DamageStep, Portion, StepKind
from fracas.rules.lurasko.events import (
    AreaBurst,
    AuraStruck,
    DamageCalledOut,
    DamageTaken,
    DefenseRolled,
    InjuryHealed,
    InjuryTypeSet,
    PseudogravityUsed,
    ShieldingUsed,
    ZoneStruck,
)
from fracas.rules.lurasko.queries import ACTED, DAMAGE, SILENCING, WAR_FEVER
from fracas.rules.lurasko.vocabulary import DamageKind, InjuryType

ARROW = "\u2192"
MINUS = "\u2212"
DASH = "\u2013"
TIMES = "\u00d7"
HALF = "\u00bd"

INJURIES = {
    InjuryType.SUPERFICIAL: "Superficial",
    InjuryType.PERCEPTION: "Perception",
    InjuryType.CORE: "Core",
    InjuryType.HAND_ARM: "Hand/Arm",
    InjuryType.MOBILITY: "Mobility",
}
QUIET_MARKS = frozenset({DAMAGE, ACTED, *(i.value for i in InjuryType)})
"""Marks a DamageTaken or an action already tells."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def portion(p: Portion) -> str:
    """``12, 24 drive``; energy named: ``heat 24, 24 drive``."""
    kind = "" if p.kind is DamageKind.NORMAL else f"{p.kind.value} "
    return f"{kind}{p.damage}, {p.drive} drive"


def called_out(event: DamageCalledOut, scene: Scene) -> Told:
    """``Elf calls out Longbow: 12, 24 drive``, with the dice, STR, reduction and critical."""
    who = _capital(scene.name(event.attacker))
    text = f"{who} calls out {event.weapon}: " + " + ".join(portion(p) for p in event.portions)
    extras = [r.render() for r in event.rolls]
    if event.strength is not None:
        extras.append(f"STR {event.strength}")
    if event.percent != 100:
        extras.append(f"damage reduced to {event.percent} %")
    if event.drive_bonus:
        extras.append(f"critical +{event.drive_bonus} drive")
    if not event.dismembers:
        extras.append("cannot dismember")
    return f"{text} ({'; '.join(extras)})" if extras else text


def defense(event: DefenseRolled, scene: Scene) -> Told:
    """``Gunner rolls to dodge Raider's attack: 1d20 (20) + 13 = 33 against TN 14 (14 or less
    dodges): hit, 19 over``: the defender rolls under its TN, so a high roll is a hit."""
    who = _capital(scene.name(event.defender))
    attack = f"{possessive(scene.name(event.attacker))} attack"
    outcome = {"dodged": "dodged", "hit": "hit", "critical": "critical hit"}[event.outcome]
    if not scene.shows_pools(event.defender):
        return f"{who} rolls to dodge {attack}: {event.roll.render()}: {outcome}"
    against = f"against TN {event.tn} ({event.tn} or less dodges)"
    if event.outcome != "dodged":
        outcome += f", {event.margin} over"
    return f"{who} rolls to dodge {attack}: {event.roll.render()} {against}: {outcome}"


def shielding(event: ShieldingUsed, scene: Scene) -> Told:
    """``Arcanist's shielding: shield Ward (low) -40 (40 → 0): the attack is over``: low and
    medium precision before the target's defense roll, or a bystander's medium precision
    against an area's damage once its hit chance roll failed."""
    who = _capital(scene.name(event.target))
    if not scene.shows_pools(event.target):
        text = f"{who}'s shielding meets the attack"
    else:
        steps = ", ".join(step(s, False) for s in event.steps)
        text = f"{who}'s shielding: {steps}"
    return f"{text}: the attack is over" if event.stopped else text


def injury_type(event: InjuryTypeSet, scene: Scene) -> Told:
    """``Gunner's injury type (ranged table): 1d20 (12) = 12: Mobility``; a critical's choice."""
    who = _capital(scene.name(event.target))
    name = INJURIES[event.injury]
    if event.roll is None:
        return f"{who}'s injury type, chosen ({event.table}): {name}"
    return f"{who}'s injury type ({event.table} table): {event.roll.render()}: {name}"


def damage_taken(event: DamageTaken, scene: Scene) -> Told:
    """Every step of the account, the running damage and the degrees it crossed."""
    account = event.account
    who = _capital(scene.name(event.target))
    text = f"{who} takes {account.total}{_kinds(account)}"
    if not scene.shows_pools(event.target):
        return text
    several = len({s.kind for s in account.steps}) > 1
    steps = ", ".join(step(s, several, account.armor) for s in account.steps)
    running = f"damage {event.damage_before} {ARROW} {event.damage_after}, factor {event.factor}"
    degrees = ""
    if event.degrees and event.injury is not None:
        plural = "degree" if event.degrees == 1 else "degrees"
        degrees = f": {event.degrees} {plural} of {INJURIES[event.injury]} injury"
    return f"{text}: {steps}; {running}{degrees}" if steps else f"{text}; {running}{degrees}"


def injury_healed(event: InjuryHealed, scene: Scene) -> Told:
    """``Legionary heals 5: damage 12 → 7, factor 5; 1 degree of Superficial injury healed``."""
    who = _capital(scene.name(event.target))
    healed = event.damage_before - event.damage_after
    if not scene.shows_pools(event.target):
        return f"{who} heals {healed}"
    running = f"damage {event.damage_before} {ARROW} {event.damage_after}, factor {event.factor}"
    removed = ", ".join(
        f"{n} {'degree' if n == 1 else 'degrees'} of {INJURIES[kind]} injury"
        for kind, n in event.removed
    )
    return f"{who} heals {healed}: {running}" + (f"; {removed} healed" if removed else "")


def _kinds(account: DamageAccount) -> str:
    kinds = [p for p in account.taken if p.kind is not DamageKind.NORMAL]
    if not kinds:
        return ""
    if len(account.taken) == 1:
        return f" {kinds[0].kind.value}"
    return " (" + ", ".join(f"{p.kind.value} {p.damage}" for p in account.taken) + ")"


def step(s: DamageStep, several: bool, armor: ArmorRange | None = None) -> str:
    """One line of an account: ``armor x½ (drive 20 within 16–28: 17 → 8)``,
    ``shield Ward (low) -40 (50 → 10)``, ``frost x75 % elf (40 → 30)``."""
    kind = f"{s.kind.value} " if several else ""
    change = f"{kind}{s.before} {ARROW} {s.after}"
    if s.step is StepKind.SHIELD:
        level = s.precision.value if s.precision else ""
        return f"shield {s.source} ({level}) {MINUS}{s.before - s.after} ({change})"
    if s.step is StepKind.RESISTANCE:
        return f"{s.source} {TIMES}{s.percent} % ({change})"
    return f"armor {_armor_factor(s)} ({_drive(s, armor)}: {change})"


def _armor_factor(s: DamageStep) -> str:
    return {0: f"{TIMES}0", 50: f"{TIMES}{HALF}", 100: f"{TIMES}1"}.get(s.percent, f"{s.percent}%")


def _drive(s: DamageStep, armor: ArmorRange | None) -> str:
    where = {ArmorBand.BELOW: "below", ArmorBand.WITHIN: "within", ArmorBand.ABOVE: "above"}
    band = where[s.band] if s.band else ""
    span = f"{armor.low}{DASH}{armor.high}" if armor else "the armor range"
    electric = ", electric through metal" if s.band is ArmorBand.WITHIN and s.percent == 100 else ""
    return f"drive {s.drive} {band} {span}{electric}"


def area_burst(event: AreaBurst, scene: Scene) -> Told:
    """``The burst meets Arcanist at its original 80: 30 left after shielding; area 7 on the
    others`` or ``... stopped: it bursts too far away to injure anyone``."""
    target = scene.name(event.target)
    head = f"The area attack meets {target} at its original {event.original}"
    fire = f" (risk of large fires counting {event.original})" if event.fire_risk else ""
    if event.over:
        return f"{head}: stopped, it bursts too far from the group to injure anyone{fire}"
    left = f": {event.left} left after shielding" if event.left != event.original else ""
    area = f"area {event.area} on the others" if event.area else "too weak for an area"
    return f"{head}{left}; {area}{fire}"


def pseudogravity(event: PseudogravityUsed, scene: Scene) -> Told:
    """``Arcanist spends 60 points of Gravity hand on Gunner (silencing 4, 4): 12 effective vs
    18 needed of 180 lb: not moved; both give off a distinctive sound``."""
    user, target = _capital(scene.name(event.user)), scene.name(event.target)
    head = f"{user} spends {event.spent} points of {event.source} on {target}"
    if event.item:
        head += " (aiming at what they hold: that lifts them)"
    if event.silencings and scene.audience.gm:
        head += f" (silencing {', '.join(str(s) for s in event.silencings)})"
    result = "moved" if event.moved else "not moved"
    if scene.shows_pools(event.target):
        numbers = f"{event.effective} effective vs {event.needed} needed of {event.weight_lb} lb"
        result = f"{numbers}: {result}"
    return f"{head}: {result}; both give off a distinctive sound"


def zone(event: ZoneStruck, scene: Scene) -> Told:
    """``Grenadier's Mortar strikes its zone (cluster ZAoE): high 30, low 10``."""
    who = _capital(scene.name(event.attacker))
    fire = f" (risk of large fires counting {event.high})" if event.fire_risk else ""
    return (
        f"{who}'s {event.weapon} strikes its zone ({event.zone} ZAoE):"
        f" high {event.high}, low {event.low}{fire}"
    )


def aura(event: AuraStruck, scene: Scene) -> Told:
    """``Construct's Static field strikes back at Legionary: electric 30, 30 drive (undodgeable,
    Core injuries)``."""
    holder = _capital(scene.name(event.holder))
    return (
        f"{holder}'s {event.aura} strikes back at {scene.name(event.attacker)}:"
        f" {portion(event.portion)} (undodgeable, Core injuries)"
    )


def mark(event: MarkSet, scene: Scene) -> Told:
    """The marks a hit's account already told say nothing; war fever is told in words."""
    if event.key in QUIET_MARKS:
        return None
    if event.key == WAR_FEVER and scene.shows_pools(event.combatant):
        who = _capital(scene.name(event.combatant))
        return (
            f"{who} must roll against Alacrian war fever at the end of the combat"
            f" (CON roll, {event.value} Hindrance)"
        )
    return ENGINE_NARRATORS[MarkSet](event, scene)


def effect_applied(event: EffectApplied, scene: Scene) -> Told:
    """Silencing "is not visible or audible, and can only be detected with certain Abilities
    and devices": only the game master is told where it is placed."""
    if event.effect.name == SILENCING and not scene.audience.gm:
        return None
    return ENGINE_NARRATORS[EffectApplied](event, scene)


def effect_ended(event: EffectEnded, scene: Scene) -> Told:
    """Silencing ends as unseen as it began."""
    holder = scene.state.combatants.get(event.combatant)
    ended = next((e for e in holder.effects if e.id == event.effect), None) if holder else None
    if ended is not None and ended.name == SILENCING and not scene.audience.gm:
        return None
    return ENGINE_NARRATORS[EffectEnded](event, scene)


def order_table(state: EncounterState, audience: Audience) -> Sequence[str]:
    """The engine's order table, with silencing left out of a player's notes (unseen)."""
    if audience.gm:
        return engine_order_table(state, audience)
    unseen = {
        c.id: replace(c, effects=tuple(e for e in c.effects if e.name != SILENCING)) for c in state
    }
    return engine_order_table(replace(state, combatants=unseen), audience)


NARRATORS: Mapping[type[Event], EventNarrator] = {
    DamageCalledOut: called_out,
    DefenseRolled: defense,
    ShieldingUsed: shielding,
    InjuryTypeSet: injury_type,
    DamageTaken: damage_taken,
    AuraStruck: aura,
    AreaBurst: area_burst,
    PseudogravityUsed: pseudogravity,
    ZoneStruck: zone,
    InjuryHealed: injury_healed,
    MarkSet: mark,
    EffectApplied: effect_applied,
    EffectEnded: effect_ended,
}
"""A narrator for every lurasko event (``LURASKO_EVENTS``), and the marks a hit sets."""

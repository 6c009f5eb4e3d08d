"""The momentum ruleset's events told for the game master's table, every number shown.

    Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23 vs Evasion 20: hit
    Damage: 1d8 (4) = 4
    Raptor 1 takes 3: armor -1 (4 → 3); Vitality 14 → 11
    Brute: Constitution DR against Burning: 1d20 (12) = 12 vs 13: failure

Dice are rolled in the open, so a roll is always shown; numbers that come from a combatant's
sheet (its Evasion, the Armor in a damage account, its Vitality, a DR Power) are shown only to
an audience that may see that combatant's pools (``scene.shows_pools``).

The Vitality a hit takes is told on the ``DamageTaken`` line, so the ``PoolChanged`` that comes
right after it (reason ``damage``) says nothing here; every other pool change is told by the
engine's narrator.
"""

from __future__ import annotations

from collections.abc import Mapping

from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.reminders import Held
from fracas.app.scene import EventNarrator, Scene, Told
from fracas.engine.events import Event, PoolChanged
from fracas.engine.state import EncounterState
from fracas.rules.momentum.actions import Attack
from fracas.rules.momentum.damage import DamageAccount, DamageStep
from fracas.rules.momentum.damage_types import DamageType
from fracas.rules.momentum.events import (
    AttackRolled,
    CheckRolled,
    DamageRolled,
    DamageTaken,
    TieOffered,
)
from fracas.rules.momentum.queries import HELD_ACTION, VITALITY

ARROW = "\u2192"
MINUS = "\u2212"

DAMAGE_REASON = "damage"
"""The reason of the Vitality change that follows a DamageTaken (``wounds.wound``)."""

AUTOMATIC = "automatic"
MISSED_TARGET = "missed target"
"""``AttackRolled.mode`` of a hit on an object, and of a miss going on to the creature in front."""

OUTCOMES = {
    "hit": "hit",
    "critical_hit": "critical hit (natural 20)",
    "miss": "miss",
    "critical_miss": "critical miss (natural 1)",
    "chosen_miss": "misses on purpose",
}
"""``AttackOutcome`` values in words."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _words(value: str) -> str:
    """``critical_success`` → ``critical success``."""
    return value.replace("_", " ")


# --- attacks -------------------------------------------------------------------------------


def attack(event: AttackRolled, scene: Scene) -> Told:
    """``Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23 vs Evasion 20: hit``."""
    attacker, target = _capital(scene.name(event.attacker)), scene.name(event.target)
    outcome = OUTCOMES.get(event.outcome, _words(event.outcome))
    evasion = f" vs Evasion {event.evasion}" if scene.shows_pools(event.target) else ""
    if event.mode == MISSED_TARGET:
        return _missed_target(event, scene, target, outcome, evasion)
    head = f"{attacker} attacks {target} with {event.weapon}"
    if event.roll is None:
        if event.outcome == "hit":
            return f"{head}: an object, hit automatically"
        return f"{head}: {outcome}"
    mode = f" ({event.mode})" if event.mode != "normal" else ""
    return f"{head}: {event.roll.render()}{mode}{evasion}: {outcome}"


def _missed_target(
    event: AttackRolled, scene: Scene, screen: str, outcome: str, evasion: str
) -> str:
    """The chapter's cover rule: "all attacks that miss you target the creature in front of
    you instead", with the same roll."""
    action = scene.action
    behind = f", in front of {scene.name(action.target)}," if isinstance(action, Attack) else ""
    return f"The miss goes on to {screen}{behind} with the same roll{evasion}: {outcome}"


def damage_rolled(event: DamageRolled, scene: Scene) -> Told:
    """``Damage: 1d8 (4) = 4``; a non-lethal attack's d4s: ``, non-lethal - 1d4 (2) = 2``
    (true minus signs in the text).
    Damage a creature's own Status Effect deals it (Burning, Poisoned) names it."""
    whose = "" if event.attacker != event.target else f" to {scene.name(event.target)}"
    text = f"Damage{whose}: {event.roll.render()}"
    if event.non_lethal is not None:
        text += f", non-lethal {MINUS} {event.non_lethal.render()}"
    return text


def damage_taken(event: DamageTaken, scene: Scene) -> Told:
    """``Raptor 1 takes 3: armor -1 (4 → 3); Vitality 14 → 11``: every step of the account."""
    account = event.account
    who = _capital(scene.name(event.target))
    text = f"{who} takes {account.total}{_kinds(account)}"
    if not scene.shows_pools(event.target):
        return text
    several = len({step.damage_type for step in account.steps}) > 1
    steps = ", ".join(_step(step, several) for step in account.steps)
    vitality = f"{VITALITY} {event.vitality_before} {ARROW} {event.vitality_after}"
    return f"{text}: {steps}; {vitality}" if steps else f"{text}; {vitality}"


def _kinds(account: DamageAccount) -> str:
    """`` heat`` for one type that is not physical; `` (heat 3, poison 2)`` for several;
    the non-lethal part."""
    portions = [p for p in account.portions if p.amount or len(account.portions) == 1]
    kinds = ""
    if len(portions) == 1 and portions[0].damage_type is not DamageType.PHYSICAL:
        kinds = f" {portions[0].damage_type.value}"
    elif len(portions) > 1:
        kinds = " (" + ", ".join(f"{p.damage_type.value} {p.amount}" for p in portions) + ")"
    if account.non_lethal and not account.lethal:
        kinds += " non-lethal"
    elif account.non_lethal:
        kinds += f" ({account.non_lethal} of it non-lethal)"
    return kinds


def _step(step: DamageStep, several: bool) -> str:
    kind = f"{step.damage_type.value} " if several else ""
    return f"{step.label} ({kind}{step.before} {ARROW} {step.after})"


def vitality_changed(event: PoolChanged, scene: Scene) -> Told:
    """The Vitality a hit took was told with its account; any other change as the engine's."""
    if event.pool == VITALITY and event.reason == DAMAGE_REASON:
        return None
    return ENGINE_NARRATORS[PoolChanged](event, scene)


# --- checks --------------------------------------------------------------------------------


def check(event: CheckRolled, scene: Scene) -> Told:
    """``Brute: Constitution DR against Burning: 1d20 (12) = 12 vs 13: failure``."""
    who = _capital(scene.name(event.combatant))
    against = ""
    if event.against is not None and _shows_against(event, scene):
        against = f" vs {event.against}"
    result = _words(event.result)
    return f"{who}: {_check_name(event.check)}: {event.roll.render()}{against}: {result}"


def _check_name(check_name: str) -> str:
    """``raw_force (Cinematic Action)`` → ``Raw Force (Cinematic Action)``, ``constitution DR
    against Burning`` → ``Constitution DR against Burning``: the leading Skill or Stat named."""
    first, space, rest = check_name.partition(" ")
    return f"{_words(first).title()}{space}{rest}"


def _shows_against(event: CheckRolled, scene: Scene) -> bool:
    """A DR is against the DR Power of the one acting (a Stat of theirs); a Skill Check is
    against a difficulty or a total rolled in the open."""
    if " DR " not in f" {event.check} ":
        return True
    actor = scene.action.actor if scene.action is not None else None
    return actor is None or actor == event.combatant or scene.shows_pools(actor)


def tie_offered(event: TieOffered, scene: Scene) -> Told:
    """The game master's choice alone: ``Initiative tie at 28: Rusher, then Raptor 1 + …``."""
    if not scene.audience.gm:
        return None
    names = [" + ".join(scene.name(a) for a in turn) for turn in event.turns]
    return (
        f"Initiative tie at {event.initiative}: {', then '.join(names)} (the order they joined);"
        " the game master decides who goes first (tiebreak NAME puts one first)"
    )


NARRATORS: Mapping[type[Event], EventNarrator] = {
    AttackRolled: attack,
    DamageRolled: damage_rolled,
    DamageTaken: damage_taken,
    CheckRolled: check,
    TieOffered: tie_offered,
    PoolChanged: vitality_changed,
}
"""A narrator for every momentum event (``MOMENTUM_EVENTS``), and the hit's Vitality change."""


def held_actions(state: EncounterState) -> list[Held]:
    """Each ``ready`` action still held: its AP and trigger; ``attack … -held`` fires it."""
    held: list[Held] = []
    for combatant in state:
        effect = combatant.effect(HELD_ACTION)
        if effect is not None:
            trigger = str(effect.data.get("trigger") or "its trigger")
            what = f"{effect.data.get('ap')} AP ready"
            held.append(Held(combatant.id, what, trigger, effect.id, Attack.verb, "held"))
    return held

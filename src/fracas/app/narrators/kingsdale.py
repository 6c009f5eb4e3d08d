"""The kingsdale ruleset told as the Chronicles of Kingsdale MUSH tells it, every number shown.

    Melee Round 1 - Pose One - Initiative Count 21: Player 1 poses.
    Player 1 strikes NPC 1 with Vibro-Blade: 1d20 (15) + 3 = 18 vs 5: hit
    NPC 1 dodges Player 1's strike: 1d20 (12) + 3 = 15 vs 18: fails
    Damage: 1d6 (4) = 4 M.D.
    NPC 1 takes 4 M.D.: Dead Boy Armor 60 → 56

``turn_prompt`` is the chapter's automated message to the poser; ``order_table`` its ``+vinit``
table of the current pose. Numbers from a sheet (armour, H.P.) are shown only to an audience
that may see that combatant's pools.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fracas.app.audience import Audience
from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.scene import EventNarrator, Scene, Told, signed
from fracas.engine.events import (
    EffectApplied,
    EffectEnded,
    Event,
    InitiativeSet,
    MarkSet,
    PoolChanged,
    PoolSet,
    RoundStarted,
    TurnStarted,
)
from fracas.engine.state import Combatant, EncounterState, Turn
from fracas.rules.kingsdale.events import (
    CheckRolled,
    DamageRolled,
    DamageTaken,
    DefenceRolled,
    Fumbled,
    InitiativeRolled,
    PsionicsUsed,
    SpellWorked,
    StrikeRolled,
)
from fracas.rules.kingsdale.initiative import pose_at
from fracas.rules.kingsdale.poses import POSES, pose_index, word
from fracas.rules.kingsdale.queries import ACTIONS, STRAY, STRIKE

ARROW = "\u2192"

BOOKKEEPING_MARKS = frozenset(
    {"init natural", "pose", "owed", "running", "moved", "channelled", "casting", "ambushed",
     "spotted ambush", "parried", "countered"}
)  # fmt: skip
"""Marks told by their own records (or by the pose table), never line by line."""

DEFENCES = {
    "parry": "parries",
    "dodge": "dodges",
    "auto-dodge": "auto-dodges",
    "auto-parry": "auto-parries",
    "no defence": "takes",
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def heading(state: EncounterState, turn: Turn) -> str:
    """``Melee Round 1 - Pose One - Initiative Count 21`` (``state``: the turn has started)."""
    pose = pose_at(state, state.clock.index)
    return f"Melee Round {state.clock.round} - {pose} - Initiative Count {turn.initiative}"


# --- the MUSH's own messages ---------------------------------------------------------------


def turn_prompt(turn: Turn, state: EncounterState) -> Sequence[str]:
    """The chapter's automated message: the pose, the attacks/actions left, the call to pose."""
    actions = sum(state[a].pools[ACTIONS].current for a in turn.actors if a in state.combatants)
    return (
        f"{heading(state, turn)}.",
        f"You have {word(actions)} {'attack/action' if actions == 1 else 'attacks/actions'}"
        " for this pose.",
        "Please pose and make any necessary rolls.",
    )


def order_table(state: EncounterState, audience: Audience) -> Sequence[str]:
    """``+vinit``: the current pose's order with each one's attacks/actions and notes."""
    turn = state.clock.turn
    if not state.clock.started or turn is None:
        return ("No pose order yet: the fight has not started (+init, then start).",)
    label = pose_at(state, state.clock.index)
    pose = pose_index(label)
    title = f"Pose Round {word(pose + 1)} of Three in Melee Round {state.clock.round}"
    rows = [("Name", "Init", "Actions", "Notes")]
    for index, slot in enumerate(state.clock.order):
        if pose_at(state, index) != label:
            continue
        for actor in slot.actors:
            combatant = state.combatants.get(actor)
            if combatant is None or not audience.sees(combatant):
                continue
            actions = word(combatant.pools[ACTIONS].maximum)
            rows.append((combatant.name, str(slot.initiative), actions, _notes(combatant, state)))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = (
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    )
    return (title, *lines)


def _notes(combatant: Combatant, state: EncounterState) -> str:
    notes: list[str] = []
    for effect in combatant.effects:
        if effect.name == STRIKE:
            attacker = state.combatants.get(effect.source) if effect.source else None
            who = attacker.name if attacker is not None else "someone"
            notes.append(f"answers {who}'s strike")
        else:
            notes.append(effect.name)
    return ", ".join(notes)


# --- engine events told the MUSH way -------------------------------------------------------


def round_started(event: RoundStarted, scene: Scene) -> Told:
    """``Melee Round 1 begins: three poses; by initiative: Player 1 (21), NPC 1 (18) …``."""
    first = [t for t in event.order if t.label == POSES[0]]
    names = [f"{n} ({t.initiative})" for t in first for n in scene.names(t.actors)]
    return f"Melee Round {event.round} begins: three poses; by initiative: {', '.join(names)}"


def turn_started(event: TurnStarted, scene: Scene) -> Told:
    """``Melee Round 1 - Pose One - Initiative Count 21: Player 1 poses.``"""
    order = scene.after.clock.order
    if not 0 <= event.index < len(order):
        return None
    turn = order[event.index]
    names = scene.names(turn.actors)
    if not names:
        return None
    return f"{heading(scene.after, turn)}: {' and '.join(names)} poses."


def pool_set(event: PoolSet, scene: Scene) -> Told:
    """A pose's actions are shown by ``+vinit`` and the prompt, not line by line."""
    if event.pool == ACTIONS and event.reason in POSES:
        return None
    return ENGINE_NARRATORS[PoolSet](event, scene)


def pool_changed(event: PoolChanged, scene: Scene) -> Told:
    """Damage is told with its account (``DamageTaken``); any other change as the engine's."""
    if event.reason == "damage":
        return None
    if event.pool == ACTIONS and event.amount < 0:
        count = -event.amount
        actions = "one action" if count == 1 else f"{word(count).lower()} actions"
        return f"{_capital(scene.name(event.combatant))} uses {actions} ({event.reason})"
    return ENGINE_NARRATORS[PoolChanged](event, scene)


def mark(event: MarkSet, scene: Scene) -> Told:
    if event.key in BOOKKEEPING_MARKS:
        return None
    if event.key.startswith("drawn ") and event.value:
        return f"{_capital(scene.name(event.combatant))} draws the {event.key[len('drawn ') :]}"
    return ENGINE_NARRATORS[MarkSet](event, scene)


def initiative_set(event: InitiativeSet, scene: Scene) -> Told:
    """``+init`` is told by its roll."""
    if event.reason == "+init":
        return None
    return ENGINE_NARRATORS[InitiativeSet](event, scene)


def effect_applied(event: EffectApplied, scene: Scene) -> Told:
    """A pending strike: the defender is told how to answer it; a stray one: the game master."""
    who = _capital(scene.name(event.combatant))
    if event.effect.name == STRIKE:
        return f"{who} may parry, dodge, autododge, autoparry or take it (nodefence)"
    if event.effect.name == STRAY:
        return (
            f"{who}'s strike goes astray: the game master names the teammate in the line of "
            "fire (stray -hit NAME), or nobody (stray) and the weapon is dropped"
        )
    return ENGINE_NARRATORS[EffectApplied](event, scene)


def effect_ended(event: EffectEnded, scene: Scene) -> Told:
    holder = scene.state.combatants.get(event.combatant)
    effect = next((e for e in holder.effects if e.id == event.effect), None) if holder else None
    if effect is not None and effect.name in (STRIKE, STRAY):
        return None
    return ENGINE_NARRATORS[EffectEnded](event, scene)


# --- the ruleset's records -----------------------------------------------------------------


def initiative_rolled(event: InitiativeRolled, scene: Scene) -> Told:
    """``Player 1 rolls initiative: 1d20 (18) + 3 = 21``, and what a natural 20 or 1 does."""
    text = f"{_capital(scene.name(event.combatant))} rolls initiative: {event.roll.render()}"
    if event.natural == 20:
        text += " (natural 20: an extra attack in the first pose)"
    elif event.natural == 1:
        text += " (natural 1: one attack fewer in the first pose)"
    return text


def strike_rolled(event: StrikeRolled, scene: Scene) -> Told:
    """``Player 1 strikes NPC 1 with Vibro-Blade: 1d20 (15) + 3 = 18 vs 5: hit``."""
    attacker, target = _capital(scene.name(event.attacker)), scene.name(event.target)
    shot = "" if event.shot == "normal" else f" ({event.shot})"
    bonuses = ", ".join(f"{name} {signed(amount)}" for name, amount in event.bonuses)
    bonuses = f" [{bonuses}]" if bonuses else ""
    outcome = {"spread": "spreads between the targets", "fumble": "natural 1: a miss"}.get(
        event.outcome, event.outcome
    )
    text = (
        f"{attacker} strikes {target} with {event.weapon}{shot}: {event.roll.render()}{bonuses}"
        f" vs {event.needed}: {outcome}"
    )
    return f"{text} ({event.undefendable})" if event.undefendable else text


def fumbled(event: Fumbled, scene: Scene) -> Told:
    who = _capital(scene.name(event.attacker))
    return f"Fumble table: {event.roll.render()}: {who}: {event.result}"


def defence_rolled(event: DefenceRolled, scene: Scene) -> Told:
    """``NPC 1 parries Player 1's strike: 1d20 (13) + 5 = 18 vs 18: parried``."""
    who, attacker = _capital(scene.name(event.defender)), scene.name(event.attacker)
    verb = DEFENCES.get(event.defence, event.defence)
    if event.roll is None:
        return f"{who} {verb} {attacker}'s strike ({event.strike_total}) without defence"
    result = "succeeds" if event.success else "fails"
    return (
        f"{who} {verb} {attacker}'s strike: {event.roll.render()} vs {event.strike_total}: {result}"
    )


def damage_rolled(event: DamageRolled, scene: Scene) -> Told:
    """``Damage to NPC 1: 1d6 (4) = 4 M.D.`` (doubled or spread: the note says so)."""
    unit = "M.D." if event.mega else "S.D.C."
    amount = f" {ARROW} {event.amount}" if event.amount != event.roll.total else ""
    note = f" ({event.note})" if event.note else ""
    return f"Damage to {scene.name(event.target)}: {event.roll.render()}{amount} {unit}{note}"


def damage_taken(event: DamageTaken, scene: Scene) -> Told:
    """``NPC 1 takes 4 M.D.: Dead Boy Armor 60 → 56``: each layer, S.D.C., H.P."""
    account = event.account
    who = _capital(scene.name(event.target))
    unit = "M.D." if account.mega else "S.D.C."
    text = f"{who} takes {account.amount} {unit}"
    if scene.shows_pools(event.target) and account.steps:
        steps = ", ".join(
            f"{s.pool} {s.before} {ARROW} {s.after}" + (f" ({s.note})" if s.note else "")
            for s in account.steps
        )
        text += f": {steps}"
    if account.note:
        text += f" ({account.note})"
    if account.killed:
        text += "; a called shot past the armour: killed"
    if account.severed is not None:
        text += f"; a called shot past the armour: {account.severed.value} dismembered"
    return text


def check_rolled(event: CheckRolled, scene: Scene) -> Told:
    """``Player 2: Horror Factor 16: 1d20 (15) + 2 = 17: saves``."""
    who = _capital(scene.name(event.combatant))
    against = f" vs {event.against}" if event.against is not None else ""
    result = "success" if event.success else "failure"
    note = f" ({event.note})" if event.note else ""
    return f"{who}: {event.check}: {event.roll.render()}{against}: {result}{note}"


def spell_worked(event: SpellWorked, scene: Scene) -> Told:
    """``NPC 2 casts Fire Bolt at Player 1 (10 PPE)``, or a step of a longer casting."""
    who = _capital(scene.name(event.caster))
    if event.interrupted:
        return f"{who} defends and loses the {event.spell} being cast (no PPE spent)"
    if event.cast:
        at = f" at {scene.name(event.target)}" if event.target is not None else ""
        return f"{who} casts {event.spell}{at} ({event.needed} PPE)"
    return f"{who} channels {event.spell}: {event.channelled} of {event.needed} PPE"


def psionics_used(event: PsionicsUsed, scene: Scene) -> Told:
    """``NPC 1 uses Psi-Sword at Player 1 (5 ISP)``."""
    at = f" at {scene.name(event.target)}" if event.target is not None else ""
    return f"{_capital(scene.name(event.user))} uses {event.power}{at} ({event.isp} ISP)"


NARRATORS: Mapping[type[Event], EventNarrator] = {
    RoundStarted: round_started,
    TurnStarted: turn_started,
    PoolSet: pool_set,
    PoolChanged: pool_changed,
    MarkSet: mark,
    InitiativeSet: initiative_set,
    EffectApplied: effect_applied,
    EffectEnded: effect_ended,
    InitiativeRolled: initiative_rolled,
    StrikeRolled: strike_rolled,
    Fumbled: fumbled,
    DefenceRolled: defence_rolled,
    DamageRolled: damage_rolled,
    DamageTaken: damage_taken,
    CheckRolled: check_rolled,
    SpellWorked: spell_worked,
    PsionicsUsed: psionics_used,
}
"""A narrator for every kingsdale event, and the engine events it tells its own way."""

"""The dbu ruleset's events told for the Architect's table, every number shown.

    Kora rolls Initiative: 1d10 (5) = 5, ½ Agility Modifier +2 → 7
    Kora strikes Saibaman 1 (Basic Attack): Strike 1d10 (7) + 1d4 (3) = 10, Haste +2,
        Awareness +3 → 15 vs Dodge 1d10 (4) = 4, Defense Value +3 → 7: hit
    Wound Roll: 1d10 (6) + 1d4 (2) = 8, Force +5 → 13
    Saibaman 1 takes 11: Soak (Standard) -2 (13 → 11); LP 30 → 19
    Saibaman 1 reaches the Injured Health Threshold

Dice and the modifiers added to them are rolled in the open; Life Points are shown only to an
audience that may see that combatant's pools (``scene.shows_pools``). The LP a Wound Roll takes
is told on the ``DamageTaken`` line, so the ``PoolChanged`` after it says nothing; the marks the
rules keep (attacks received, roll-offs, Bonus Momentum's round) are told by the events that
set them.
"""

from __future__ import annotations

from collections.abc import Mapping

from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.narration import turn_prompt as generic_turn_prompt
from fracas.app.reminders import Held
from fracas.app.scene import EventNarrator, Scene, Told, joined, signed
from fracas.app.wording import counted
from fracas.engine.events import Event, InitiativeSet, MarkSet, PoolChanged
from fracas.engine.state import EncounterState, Turn
from fracas.rules.dbu.actions import Attack
from fracas.rules.dbu.bound import BOUND
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.energy_rules import EMPOWER_OVERFLOW, EMPOWERED_BY, EMPOWERED_ROUND
from fracas.rules.dbu.events import (
    CheckRolled,
    DamageTaken,
    DuelExchanged,
    DuelWon,
    EmpowermentRolled,
    InitiativeRolled,
    PointsRolled,
    RollOff,
    StrikeRolled,
    ThresholdReached,
    WoundRolled,
)
from fracas.rules.dbu.form_rules import TRIGGER
from fracas.rules.dbu.grapple_rules import PIN_ROUND, STRUGGLE_ROUND
from fracas.rules.dbu.hands import IN_HAND
from fracas.rules.dbu.holding_back import HELD_BACK, SENSED_ROUND
from fracas.rules.dbu.instant_order import INSTANT_PLACE
from fracas.rules.dbu.modifiers import ATTACKED, ATTACKED_ROUND
from fracas.rules.dbu.phase_names import PHASE_WAITS
from fracas.rules.dbu.queries import ROLL_OFF, SURPRISED
from fracas.rules.dbu.quick_rules import SHEATHED_ROUND
from fracas.rules.dbu.response import OUT_OF_SEQUENCE_USED
from fracas.rules.dbu.rolls import CombatRoll
from fracas.rules.dbu.support_rules import COMMANDS, COMMANDS_ROUND
from fracas.rules.dbu.wounds import DAMAGE, MOMENTUM_ROUND

ARROW = "\u2192"

ROLLED = "rolled"
"""The reason of the InitiativeSet that follows an InitiativeRolled (told with the roll)."""

QUIET_MARKS = frozenset(
    {
        PHASE_WAITS,
        ATTACKED,
        ATTACKED_ROUND,
        ROLL_OFF,
        MOMENTUM_ROUND,
        BOUND,
        COMMANDS,
        COMMANDS_ROUND,
        EMPOWERED_ROUND,
        EMPOWERED_BY,
        EMPOWER_OVERFLOW,
        INSTANT_PLACE,
        PIN_ROUND,
        STRUGGLE_ROUND,
        HELD_BACK,
        SENSED_ROUND,
        SHEATHED_ROUND,
    }
)
"""Marks of the rules' own bookkeeping (once a round, who did what): the events beside them
say what happened."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def combat_roll(rolled: CombatRoll) -> str:
    """``1d10 (10) + 1d4 (3) = 13, critical 1d6 (4) = 4, Haste +2, Botch -4 → 15``."""
    parts = [rolled.dice.render()]
    if rolled.critical is not None:
        parts.append(f"critical {rolled.critical.render()}")
    parts += [f"{m.label} {signed(m.amount)}" for m in rolled.modifiers]
    if len(parts) == 1 and rolled.total == rolled.dice.total:
        return parts[0]
    return f"{', '.join(parts)} {ARROW} {rolled.total}"


def initiative_rolled(event: InitiativeRolled, scene: Scene) -> Told:
    """``Kora rolls Initiative: 1d10 (5) = 5, ½ Agility Modifier +2 → 7``; a group rolls once."""
    names = scene.names(event.combatants)
    if not names:
        return None
    together = " together" if len(names) > 1 else ""
    verb = "roll" if len(names) > 1 else "rolls"
    return f"{_capital(joined(names))} {verb} Initiative{together}: {combat_roll(event.roll)}"


def initiative_set(event: InitiativeSet, scene: Scene) -> Told:
    """A rolled score was told with its roll; any other (a group's, the GM's) as the engine's."""
    if event.reason == ROLLED:
        return None
    return ENGINE_NARRATORS[InitiativeSet](event, scene)


def roll_off(event: RollOff, scene: Scene) -> Told:
    """``Kora rolls off the tie: 1d10 (4) = 4``."""
    names = scene.names(event.combatants)
    if not names:
        return None
    verb = "roll" if len(names) > 1 else "rolls"
    return f"{_capital(joined(names))} {verb} off the Initiative tie: {event.roll.render()}"


def strike(event: StrikeRolled, scene: Scene) -> Told:
    """``Kora strikes Saibaman 1 (Basic Attack): Strike … → 15 vs Dodge … → 7: hit``; a Parry's
    own roll follows on its ``CheckRolled`` line."""
    head = f"{_capital(scene.name(event.attacker))} strikes {scene.name(event.target)}"
    head += f" ({event.maneuver})"
    outcome = "hit" if event.hit else "miss"
    if event.strike is None:
        return f"{head}: hits without a Strike Roll"
    head += f": Strike {combat_roll(event.strike)}"
    if event.dodge is None:
        return head
    return f"{head} vs Dodge {combat_roll(event.dodge)}: {outcome}"


def check(event: CheckRolled, scene: Scene) -> Told:
    """``Sena: Block: 1d10 (8) … → 14 vs 12: success``."""
    result = "success" if event.success else "failure"
    who = _capital(scene.name(event.combatant))
    return f"{who}: {event.check}: {combat_roll(event.roll)} vs {event.against}: {result}"


def duel_exchanged(event: DuelExchanged, scene: Scene) -> Told:
    """``Duel, roll 1: Kora 1d10 (7) … → 14 vs Vegeta 1d10 (5) … → 12: Kora``."""
    attacker, defender = scene.name(event.attacker), scene.name(event.defender)
    winner = attacker if event.attacker_won else defender
    return (
        f"Duel, roll {event.number}: {attacker} {combat_roll(event.attack)}"
        f" vs {defender} {combat_roll(event.defense)}: {winner}"
    )


def duel_won(event: DuelWon, scene: Scene) -> Told:
    winner, loser = _capital(scene.name(event.winner)), scene.name(event.loser)
    return f"{winner} wins the Duel against {loser}, {event.sets} rolls of 3"


def wound(event: WoundRolled, scene: Scene) -> Told:
    return f"Wound Roll: {combat_roll(event.wound)}"


def damage_taken(event: DamageTaken, scene: Scene) -> Told:
    """``Saibaman 1 takes 11 (Standard): Soak (Standard) -2 (13 → 11); LP 30 → 19``."""
    account = event.account
    who = _capital(scene.name(event.target))
    text = f"{who} takes {account.total} {account.category.name.title()} damage"
    if not scene.shows_pools(event.target):
        return text + (": Defeated" if event.lp_after <= 0 else "")
    steps = ", ".join(f"{s.label} ({s.before} {ARROW} {s.after})" for s in account.steps)
    life = f"{LP} {event.lp_before} {ARROW} {event.lp_after}"
    defeated = ": Defeated" if event.lp_after <= 0 else ""
    return f"{text}: {steps}; {life}{defeated}" if steps else f"{text}; {life}{defeated}"


def threshold(event: ThresholdReached, scene: Scene) -> Told:
    return f"{_capital(scene.name(event.combatant))} reaches the {event.band} Health Threshold"


def points_rolled(event: PointsRolled, scene: Scene) -> Told:
    """``Kora rolls for Combat Recovery: 4d10 (3, 9, 5, 6) = 23``."""
    return (
        f"{_capital(scene.name(event.combatant))} rolls for {event.maneuver}: {event.roll.render()}"
    )


def empowerment(event: EmpowermentRolled, scene: Scene) -> Told:
    """``Sena's Empowerment Roll for Kora: … → 14; 14 Ki transferred, 10 received``."""
    giver, receiver = _capital(scene.name(event.giver)), scene.name(event.receiver)
    return (
        f"{giver}'s Empowerment Roll for {receiver}: {combat_roll(event.roll)};"
        f" {event.transferred} Ki transferred, {event.received} received"
    )


def pool_changed(event: PoolChanged, scene: Scene) -> Told:
    """The LP a Wound Roll took was told with its account; any other change as the engine's."""
    if event.pool == LP and event.reason == DAMAGE:
        return None
    told = ENGINE_NARRATORS[PoolChanged](event, scene)
    before = scene.state.combatants.get(event.combatant)
    if told and event.pool == LP and before is not None:
        lp = before.pools[LP].current
        if lp > 0 >= lp + event.amount:
            return f"{told}: Defeated"
    return told


def mark(event: MarkSet, scene: Scene) -> Told:
    """Bookkeeping marks are told by their own events; surprise and hands in words."""
    if event.key in QUIET_MARKS or event.key.startswith(OUT_OF_SEQUENCE_USED):
        return None
    if event.key == SURPRISED and event.value:
        return f"{_capital(scene.name(event.combatant))} is surprised"
    if event.key.startswith(IN_HAND):
        thing = event.key[len(IN_HAND) :]
        verb = "holds" if event.value else "lets go of"
        return f"{_capital(scene.name(event.combatant))} {verb} {thing}"
    return ENGINE_NARRATORS[MarkSet](event, scene)


NARRATORS: Mapping[type[Event], EventNarrator] = {
    InitiativeRolled: initiative_rolled,
    InitiativeSet: initiative_set,
    RollOff: roll_off,
    StrikeRolled: strike,
    CheckRolled: check,
    DuelExchanged: duel_exchanged,
    DuelWon: duel_won,
    WoundRolled: wound,
    DamageTaken: damage_taken,
    ThresholdReached: threshold,
    PointsRolled: points_rolled,
    EmpowermentRolled: empowerment,
    PoolChanged: pool_changed,
    MarkSet: mark,
}
"""A narrator for every dbu event (``DBU_EVENTS``) and the engine events it tells its own way."""


def turn_prompt(turn: Turn, state: EncounterState) -> tuple[str, ...]:
    """The round and the pools, then, when the Effect Phase waits for the player's order,
    that it comes first (the table's note lists what occurs at once)."""
    lines = generic_turn_prompt(turn, state)
    waiting = [a for a in turn.actors if a in state.combatants and state[a].marks.get(PHASE_WAITS)]
    if waiting:
        lines += (
            "First your Effect Phase: phases ITEM,… puts what occurs at once in order "
            "(phases auto: the standing or default order).",
        )
    return lines


def held_actions(state: EncounterState) -> list[Held]:
    """Each Triggered Maneuver still waiting: its Actions and defined activation; an attack
    with ``-triggered`` fires it."""
    held: list[Held] = []
    for combatant in state:
        effect = combatant.effect(TRIGGER)
        if effect is not None:
            when = str(effect.data.get("when") or "its trigger")
            actions = counted(int(effect.data.get("actions") or 0), "Actions")
            what = f"a Triggered Maneuver of {actions}"
            held.append(Held(combatant.id, what, when, effect.id, Attack.verb, "triggered"))
    return held

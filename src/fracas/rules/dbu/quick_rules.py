"""Quick maneuvers: No Effort (Instant Actions) and standing up from Prone."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, EffectEnded, Event, MarkSet, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Effect, EncounterState
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.hands import in_hand, let_go, require_free_hands, take_in_hand
from fracas.rules.dbu.holding_back import skill_check
from fracas.rules.dbu.items import lying, picked_up
from fracas.rules.dbu.queries import PRONE, acting, require_able, require_turn
from fracas.rules.dbu.rolls import beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.terrain_shield import TERRAIN

OPPOSED = {
    "speak": ("persuasion", "intuition"),
    "hide": ("concealment", "clairvoyance"),
    "sneak": ("stealth", "intuition"),
}
"""The opposed Skill Checks of No Effort, the actor's skill and the target's: 'Briefly speaking
… your Persuasion, Bluff or Intimidate against the target's Intuition' (seed); hiding your power
with Concealment against Clairvoyance (the pairing of the seed's Holding Back) and sneaking away
with Stealth against Intuition (a reading)."""

SHEATHED_ROUND = "sheathed_round"
"""Mark: the round a weapon was (un)sheathed with a No Effort Maneuver."""

WORDS = {
    "speak": "speaks briefly",
    "sheathe": "sheathes or draws a weapon",
    "drop": "drops something",
    "pick-up": "picks something up",
    "prone": "drops to the floor",
    "hide": "hides their power",
    "sneak": "sneaks away",
    "other": "does something quick",
}


@frozen
class NoEffortRule:
    """'This type of Maneuver takes almost no time to perform' (Instant Action): 'Unsheathing or
    sheathing a weapon. You can only use one of these effects during each Combat Round'; 'Dropping
    to the floor'. With a target, a quick word, hiding or sneaking is an opposed Skill Check
    (``OPPOSED``)."""

    settings: DbuSettings

    def cost(self, state: EncounterState, action: a.NoEffort) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.NoEffort) -> None:
        actor = acting(action)
        require_able(state, actor, action.verb)
        if action.kind == "sheathe" and state[actor].marks.get(SHEATHED_ROUND) == state.clock.round:
            raise IllegalAction("once-a-round", "quick sheathe: once per Combat Round")
        if action.kind == "pick-up" and action.what and lying(state[actor], action.what):
            picked_up(state, actor, action.what)
        if _takes_a_hand(state, action):
            require_free_hands(state, actor, f"quick {action.kind}", settings=self.settings)
        if action.target is not None:
            if action.kind not in OPPOSED:
                raise IllegalAction(
                    "no-check", f"quick {action.kind}: only speak, hide and sneak have a target"
                )
            if action.target == actor:
                raise IllegalAction("self-target", "quick: name someone else")

    def resolve(
        self, state: EncounterState, action: a.NoEffort, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        text = WORDS[action.kind] + (f": {action.what}" if action.what else "")
        events: list[Event] = [Note(text, actor)]
        if action.kind == "sheathe":
            events.append(MarkSet(actor, SHEATHED_ROUND, state.clock.round))
        if action.kind == "pick-up" and action.what and lying(state[actor], action.what):
            events += picked_up(state, actor, action.what)
        events += _hands(state, action)
        if action.kind == "prone" and not state[actor].has(PRONE):
            events.append(EffectApplied(actor, Effect(name=PRONE, source=actor)))
        if action.target is not None:
            events += _opposed(state, action, action.target, dice, settings=self.settings)
        return events


def _takes_a_hand(state: EncounterState, action: a.NoEffort) -> bool:
    """Picking a named thing up, or drawing one not yet in hand, takes a free hand."""
    if not action.what or action.kind not in ("pick-up", "sheathe"):
        return False
    return not in_hand(state[acting(action)], action.what)


def _hands(state: EncounterState, action: a.NoEffort) -> list[Event]:
    """What a No Effort Maneuver does to the hands (``hands``): a named thing picked up or drawn
    is held; one sheathed or dropped is let go; dropping terrain (or naming nothing held) drops
    the piece of terrain held."""
    combatant = state[acting(action)]
    if _takes_a_hand(state, action):
        return [take_in_hand(combatant.id, action.what)]
    if action.kind == "sheathe" or (action.kind == "drop" and in_hand(combatant, action.what)):
        return let_go(combatant, action.what) if action.what else []
    terrain = combatant.effect(TERRAIN)
    if action.kind == "drop" and terrain is not None:
        return [EffectEnded(combatant.id, terrain.id, "dropped")]
    return []


def _opposed(
    state: EncounterState,
    action: a.NoEffort,
    target: CombatantId,
    dice: DiceSource,
    *,
    settings: DbuSettings,
) -> list[Event]:
    """The actor's Skill Check against the target's; the target wins ties (SOURCES.md 8)."""
    actor = acting(action)
    mine_skill, theirs_skill = OPPOSED[action.kind]
    mine_skill = action.skill if action.kind == "speak" else mine_skill
    mine = skill_check(state, actor, mine_skill, dice, settings=settings)
    theirs = skill_check(state, target, theirs_skill, dice, settings=settings)
    won = beats(mine.total, theirs.total, settings=settings)
    return [
        CheckRolled(actor, f"{mine_skill.title()} ({action.kind})", mine, theirs.total, won),
        CheckRolled(target, theirs_skill.title(), theirs, mine.total, not won),
    ]


@frozen
class StandRule:
    """SOURCES.md 2.9: Prone: '1 Action to stand'; the seed lets a charging fighter 'spend One
    Action to stand up if knocked Prone'."""

    def cost(self, state: EncounterState, action: a.Stand) -> Cost:
        return {ACTIONS: 1}

    def verify(self, state: EncounterState, action: a.Stand) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        if not state[actor].has(PRONE):
            raise IllegalAction("not-prone", f"stand: {state[actor].name} is not Prone")

    def resolve(self, state: EncounterState, action: a.Stand, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        prone = state[actor].effect(PRONE)
        assert prone is not None
        return [EffectEnded(actor, prone.id, "stood up")]

"""The Advanced Actions, Cinematic Actions and Reactions, held actions, unions and surprise.

Records and rules together: each action is a frozen record, each rule costs, verifies and
resolves it with the pure rule functions of ``contests.py``, ``cinematic.py`` and ``checks.py``.
The ruleset wires them in with :data:`ADVANCED_ACTIONS` and :func:`advanced_rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Literal, TypeVar

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    MarkSet,
    Note,
    PoolChanged,
)
from fracas.engine.ruleset import Cost, IllegalAction, Rule
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment
from fracas.rules.momentum.actions_table import CombatAction
from fracas.rules.momentum.attack import HIDDEN, SURPRISED_EFFECT
from fracas.rules.momentum.basic import TurnAction, acting, until_next_turn
from fracas.rules.momentum.checks import CheckResult, RollMode, skill_check
from fracas.rules.momentum.cinematic import (
    Cinematic,
    CinematicCost,
    burst_refusal,
    cinematic_cost,
    cooperative_cinematic_costs,
    cooperative_cinematic_succeeds,
    cooperative_roll_mode,
)
from fracas.rules.momentum.contests import (
    Contest,
    Side,
    contest_refusal,
    contest_winner,
    hides,
    size_advantage,
)
from fracas.rules.momentum.derived import dr_power_of
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.queries import (
    AP,
    NM,
    RP,
    best_skill,
    has_status,
    is_object,
    sheet_of,
    standing,
    status_name,
)
from fracas.rules.momentum.refusal import Refusal
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.ties import TIE_BREAK, reordered
from fracas.rules.momentum.vocabulary import Skill

SHAKE_OFF_AP = 2
"""Seed (Climb): "It can try to shake you off by using an action (2 AP)"."""

COMMANDING = "Commanding"
CLIMBING = "Climbing"
HELD_ACTION = "Held Action"
"""Effects: summons under direct control, riding a bigger creature, an action held for a
trigger."""

BlindSkill = Literal["quick_fingers", "nimbleness"]
BlindDefence = Literal["improvisation", "endurance"]
ForceSkill = Literal["athletics", "raw_force"]
HoldGroundDefence = Literal["athletics", "raw_force", "nimbleness"]
TripDefence = Literal["athletics", "nimbleness"]
DisarmSkill = Literal["athletics", "nimbleness", "raw_force", "quick_fingers"]
ClimbSkill = Literal["athletics", "nimbleness"]
ClimbDefence = Literal["athletics", "raw_force", "nimbleness", "quick_fingers"]

_SKILL_HELP = "your Skill (default: your best allowed one)"
_DEFENCE_HELP = "the target's Skill (default: its best allowed one)"
_DISTANCE_HELP = "metres to the target (it must be within 1 m)"


# --- records ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contested(Action):
    """Base of the contested Advanced Actions: the actor's Skill Check against the target's."""

    target: CombatantId
    skill: str | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: str | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    distance: int = field(default=1, metadata={"help": _DISTANCE_HELP})


@dataclass(frozen=True)
class Blind(Contested):
    """Blind (2 AP) a target within 1 m until the end of its next turn: a contested check."""

    verb: ClassVar[str] = "blind"
    skill: BlindSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: BlindDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@dataclass(frozen=True)
class Grab(Contested):
    """Grab (2 AP) a target within 1 m with a free hand: a contested check."""

    verb: ClassVar[str] = "grab"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: HoldGroundDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(default=True, metadata={"help": "you have a free hand"})


@dataclass(frozen=True)
class Shove(Contested):
    """Shove (1 AP): move a target within 1 m up to 1 m on a won contested check."""

    verb: ClassVar[str] = "shove"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: HoldGroundDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@dataclass(frozen=True)
class Trip(Contested):
    """Trip (2 AP): knock a target within 1 m Prone on a won contested check."""

    verb: ClassVar[str] = "trip"
    skill: ForceSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: TripDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})


@dataclass(frozen=True)
class Disarm(Contested):
    """Disarm (2 AP): make a target drop an item; you must roll higher than it."""

    verb: ClassVar[str] = "disarm"
    skill: DisarmSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: DisarmSkill | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(default=True, metadata={"help": "you have a free hand"})
    take: bool = field(
        default=False, metadata={"help": "take the dropped item (needs a free hand)"}
    )
    item: str = field(default="", metadata={"rest": True, "help": "the item it holds"})


@dataclass(frozen=True)
class Climb(Contested):
    """Climb (2 AP) onto a creature at least one size larger: Athletics or Nimbleness."""

    verb: ClassVar[str] = "climb"
    skill: ClimbSkill | None = field(default=None, metadata={"help": _SKILL_HELP})
    defence_skill: ClimbDefence | None = field(default=None, metadata={"help": _DEFENCE_HELP})
    free_hand: bool = field(
        default=True, metadata={"help": "you have a free hand or climb without hands"}
    )


@dataclass(frozen=True)
class ShakeOff(Action):
    """Shake off (2 AP) a creature climbing on you: it repeats its Climb check against yours."""

    verb: ClassVar[str] = "shake"
    climber: CombatantId
    skill: ClimbDefence | None = field(default=None, metadata={"help": _SKILL_HELP})
    climber_skill: ClimbSkill | None = field(
        default=None, metadata={"help": "the climber's Skill (default: its best allowed one)"}
    )


@dataclass(frozen=True)
class Hide(Action):
    """Hide (2 AP): your Stealth Check must beat every enemy's Perception Check."""

    verb: ClassVar[str] = "hide"


@dataclass(frozen=True)
class Command(Action):
    """Command (1 AP): take direct control of your summons until your next turn."""

    verb: ClassVar[str] = "command"


@dataclass(frozen=True)
class CinematicAction(Action):
    """Cinematic Action (3 AP + 3 NM) or Reaction (2 RP + 3 NM); a Burst is 6 NM alone."""

    verb: ClassVar[str] = "cinematic"
    skill: Skill
    difficulty: int
    burst: bool = field(default=False, metadata={"help": "a Cinematic Burst: 6 NM, no AP/RP"})
    reaction: bool = field(default=False, metadata={"help": "a Cinematic Reaction (RP)"})
    description: str = field(default="", metadata={"rest": True, "help": "what you attempt"})


def parse_skills(text: str) -> tuple[Skill, ...]:
    """``athletics,grace`` (commas or spaces; any case; ``quick-fingers`` or ``quick_fingers``)
    → the Skills in that order."""
    words = text.replace(",", " ").split()
    skills: list[Skill] = []
    for word in words:
        name = word.strip().lower().replace("-", "_")
        try:
            skills.append(Skill(name))
        except ValueError:
            choices = ", ".join(Skill)
            raise ValueError(f"{word!r} is not a Skill (one of: {choices})") from None
    if not skills:
        raise ValueError("name one Skill per ally: -skills athletics,grace")
    return tuple(skills)


@dataclass(frozen=True)
class Cooperate(Action):
    """Cooperative Cinematic Action: 3 AP + 2 NM, each ally 2 RP + 2 NM; all roll with advantage."""

    verb: ClassVar[str] = "cooperate"
    skill: Skill
    difficulty: int
    allies: tuple[CombatantId, ...] = field(
        default=(), metadata={"flag": "with", "help": "an ally who joins with a reaction (2 RP)"}
    )
    skills: tuple[Skill, ...] = field(
        default=(),
        metadata={
            "parse": parse_skills,
            "help": "the allies' Skills, in the order of -with (default: SKILL for all)",
        },
    )
    burst: bool = field(
        default=False, metadata={"help": "a Cooperative Burst: 4 NM and no AP for you"}
    )
    description: str = field(default="", metadata={"rest": True, "help": "what you attempt"})


@dataclass(frozen=True)
class Afflict(Action):
    """Afflict a target with a Status Effect that ends on a DR against a DR Power."""

    verb: ClassVar[str] = "afflict"
    game_master: ClassVar[bool] = True
    target: CombatantId
    status: StatusEffect
    by: CombatantId | None = field(
        default=None, metadata={"help": "whose DR Power the target resists (default: the actor)"}
    )
    power: int | None = field(default=None, metadata={"help": "the DR Power (overrides -by)"})


@dataclass(frozen=True)
class HoldAction(Action):
    """Hold an action: spend its AP now and name the trigger that sets it off."""

    verb: ClassVar[str] = "ready"
    ap: int
    trigger: str = field(default="", metadata={"rest": True, "help": "the trigger"})


@dataclass(frozen=True)
class FormUnion(Action):
    """Form a union of allies who share one turn, from the next round."""

    verb: ClassVar[str] = "union"
    game_master: ClassVar[bool] = True
    members: tuple[CombatantId, ...]


@dataclass(frozen=True)
class Disband(Action):
    """Break up a union (its name, or a member)."""

    verb: ClassVar[str] = "disband"
    game_master: ClassVar[bool] = True
    name: str


@dataclass(frozen=True)
class Surprise(Action):
    """Mark creatures surprised before combat starts: they act last in round 1."""

    verb: ClassVar[str] = "surprise"
    game_master: ClassVar[bool] = True
    targets: tuple[CombatantId, ...]


@dataclass(frozen=True)
class TieBreak(Action):
    """Put a creature first among equal Initiatives (its turns still to come this round too)."""

    verb: ClassVar[str] = "tiebreak"
    game_master: ClassVar[bool] = True
    target: CombatantId


ADVANCED_ACTIONS: tuple[type[Action], ...] = (
    Blind,
    Grab,
    Shove,
    Trip,
    Disarm,
    Climb,
    ShakeOff,
    Hide,
    Command,
    CinematicAction,
    Cooperate,
    Afflict,
    HoldAction,
    FormUnion,
    Disband,
    Surprise,
    TieBreak,
)


# --- helpers ------------------------------------------------------------------------------

A = TypeVar("A", bound=Action)
C = TypeVar("C", bound=Contested)


def _refuse(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise IllegalAction(refusal.code.replace("_", "-"), refusal.reason)


def _game_master_only(action: Action) -> None:
    if action.actor is not None:
        raise IllegalAction("game-master-only", f"{action.verb}: only the game master can do that")


def _chosen(
    combatant: Combatant, named: str | None, allowed: frozenset[Skill], whose: str
) -> Skill:
    if named is None:
        return best_skill(combatant, allowed)
    try:
        skill = Skill(named)
    except ValueError:
        skill = None
    if skill not in allowed or skill is None:
        choices = ", ".join(sorted(allowed))
        raise IllegalAction("bad-skill", f"{whose} must use one of: {choices}")
    return skill


def end_of_next_turn(state: EncounterState, combatant: CombatantId) -> Anchor:
    """ "until the end of their next turn": this round if its turn is still to come, else the
    next round."""
    clock = state.clock
    later = clock.order[clock.index + 1 :]
    to_come = any(combatant in turn.actors for turn in later)
    return Anchor(clock.round if to_come else clock.round + 1, combatant, Moment.END)


def _on_own_turn(settings: MomentumSettings, state: EncounterState, action: Action) -> None:
    TurnAction[Action](settings, CombatAction.MOVE).verify(state, action)


# --- contested Advanced Actions -----------------------------------------------------------


class ContestedRule(TurnAction[C]):
    """Both sides roll d20 + Skill Level; size gives advantage; the winner by ``contest_winner``."""

    contest: ClassVar[Contest]

    def skills(self, state: EncounterState, action: C) -> tuple[Skill, Skill]:
        actor, target = state[acting(action)], state[action.target]
        rule = self.contest.rule
        return (
            _chosen(actor, action.skill, rule.actor_skills, f"{self.contest}: you"),
            _chosen(
                target, action.defence_skill, rule.target_skills, f"{self.contest}: the target"
            ),
        )

    def free_hand(self, action: C) -> bool:
        return True

    def verify(self, state: EncounterState, action: C) -> None:
        super().verify(state, action)
        actor = acting(action)
        if action.target == actor:
            raise IllegalAction("self-target", f"{action.verb}: choose another creature")
        self.skills(state, action)
        _refuse(
            contest_refusal(
                self.contest,
                actor_size=sheet_of(state[actor]).size,
                target_size=sheet_of(state[action.target]).size,
                distance_m=action.distance,
                has_free_hand=self.free_hand(action),
            )
        )

    def resolve(self, state: EncounterState, action: C, dice: DiceSource) -> Sequence[Event]:
        actor, target = state[acting(action)], state[action.target]
        skill, defence = self.skills(state, action)
        favoured = size_advantage(
            self.contest, actor_size=sheet_of(actor).size, target_size=sheet_of(target).size
        )
        actor_mode = RollMode.ADVANTAGE if favoured is Side.ACTOR else RollMode.NORMAL
        target_mode = RollMode.ADVANTAGE if favoured is Side.TARGET else RollMode.NORMAL
        mine, _ = roll_d20(dice, actor_mode, sheet_of(actor).skills[skill])
        theirs, _ = roll_d20(dice, target_mode, sheet_of(target).skills[defence])
        winner = contest_winner(self.contest, mine.total, theirs.total, settings=self.settings)
        won = winner is Side.ACTOR
        events: list[Event] = [
            CheckRolled(
                actor.id,
                f"{skill} ({self.contest})",
                mine,
                theirs.total,
                "success" if won else "failure",
            ),
            CheckRolled(
                target.id,
                f"{defence} (against {self.contest})",
                theirs,
                mine.total,
                "failure" if won else "success",
            ),
        ]
        if won:
            events.extend(self.succeed(state, action))
        else:
            events.append(Note(f"fails to {action.verb} {target.name}", actor.id))
        return events

    def succeed(self, state: EncounterState, action: C) -> Sequence[Event]:
        raise NotImplementedError


def _status(
    state: EncounterState, action: Contested, status: StatusEffect, ends: Anchor | None = None
) -> EffectApplied:
    effect = Effect(name=status_name(status), ends=ends, source=action.actor)
    return EffectApplied(action.target, effect)


class BlindRule(ContestedRule[Blind]):
    contest = Contest.BLIND

    def succeed(self, state: EncounterState, action: Blind) -> Sequence[Event]:
        ends = end_of_next_turn(state, action.target)
        return [_status(state, action, StatusEffect.BLINDED, ends)]


class GrabRule(ContestedRule[Grab]):
    contest = Contest.GRAB

    def free_hand(self, action: Grab) -> bool:
        return action.free_hand

    def succeed(self, state: EncounterState, action: Grab) -> Sequence[Event]:
        return [_status(state, action, StatusEffect.GRABBED)]


class ShoveRule(ContestedRule[Shove]):
    contest = Contest.SHOVE

    def succeed(self, state: EncounterState, action: Shove) -> Sequence[Event]:
        return [Note(f"moves {state[action.target].name} 1 m", action.actor)]


class TripRule(ContestedRule[Trip]):
    contest = Contest.TRIP

    def succeed(self, state: EncounterState, action: Trip) -> Sequence[Event]:
        return [_status(state, action, StatusEffect.PRONE)]


class DisarmRule(ContestedRule[Disarm]):
    contest = Contest.DISARM

    def verify(self, state: EncounterState, action: Disarm) -> None:
        """Seed: "You can take the dropped item if you have at least one free hand." """
        super().verify(state, action)
        if action.take and not action.free_hand:
            raise IllegalAction("no-free-hand", "disarm: taking the item needs a free hand")

    def succeed(self, state: EncounterState, action: Disarm) -> Sequence[Event]:
        item = action.item or "the item in its hand"
        events: list[Event] = [Note(f"{state[action.target].name} drops {item}", action.actor)]
        if action.take:
            taker = state[acting(action)].name
            events.append(Note(f"{taker} takes {action.item or 'the dropped item'}", action.actor))
        return events


class ClimbRule(ContestedRule[Climb]):
    contest = Contest.CLIMB

    def free_hand(self, action: Climb) -> bool:
        return action.free_hand

    def succeed(self, state: EncounterState, action: Climb) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=CLIMBING, source=actor, data={"on": action.target})
        return [EffectApplied(actor, effect)]


def climbing_on(
    state: EncounterState, climber: CombatantId, creature: CombatantId
) -> Effect | None:
    """The Climbing effect that has ``climber`` on ``creature``, if any."""
    for effect in state[climber].effects:
        if effect.name == CLIMBING and effect.data.get("on") == creature:
            return effect
    return None


class ShakeOffRule(TurnAction[ShakeOff]):
    """Seed (Climb): "It can try to shake you off by using an action (2 AP) repeating the Skill
    Checks and will shake you off successfully if you fail the Skill Check." The climber rolls
    its Climb check again (Athletics or Nimbleness) against the climbed creature's (Athletics,
    Raw Force, Nimbleness or Quick Fingers); the climber fails as it would on a Climb."""

    def cost(self, state: EncounterState, action: ShakeOff) -> Cost:
        return {AP: SHAKE_OFF_AP}

    def skills(self, state: EncounterState, action: ShakeOff) -> tuple[Skill, Skill]:
        """The climber's Skill, then the shaking creature's."""
        rule = Contest.CLIMB.rule
        climber, creature = state[action.climber], state[acting(action)]
        return (
            _chosen(climber, action.climber_skill, rule.actor_skills, "shake: the climber"),
            _chosen(creature, action.skill, rule.target_skills, "shake: you"),
        )

    def verify(self, state: EncounterState, action: ShakeOff) -> None:
        super().verify(state, action)
        if climbing_on(state, action.climber, acting(action)) is None:
            raise IllegalAction(
                "not-climbing",
                f"shake: {state[action.climber].name} is not climbing on "
                f"{state[acting(action)].name}",
            )
        self.skills(state, action)

    def resolve(self, state: EncounterState, action: ShakeOff, dice: DiceSource) -> Sequence[Event]:
        creature, climber = state[acting(action)], state[action.climber]
        climb_skill, skill = self.skills(state, action)
        theirs, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(climber).skills[climb_skill])
        mine, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(creature).skills[skill])
        winner = contest_winner(Contest.CLIMB, theirs.total, mine.total, settings=self.settings)
        holds_on = winner is Side.ACTOR
        events: list[Event] = [
            CheckRolled(
                climber.id,
                f"{climb_skill} (climb, against shake)",
                theirs,
                mine.total,
                "success" if holds_on else "failure",
            ),
            CheckRolled(
                creature.id,
                f"{skill} (shake)",
                mine,
                theirs.total,
                "failure" if holds_on else "success",
            ),
        ]
        if holds_on:
            events.append(Note(f"fails to shake {climber.name} off", creature.id))
        else:
            effect = climbing_on(state, climber.id, creature.id)
            assert effect is not None
            events += [
                EffectEnded(climber.id, effect.id, reason="shaken off"),
                Note(f"shakes {climber.name} off", creature.id),
            ]
        return events


# --- Hide and Command ---------------------------------------------------------------------


class HideRule(TurnAction[Hide]):
    """Stealth against the Perception of every enemy still standing."""

    def resolve(self, state: EncounterState, action: Hide, dice: DiceSource) -> Sequence[Event]:
        actor = state[acting(action)]
        stealth, _ = roll_d20(dice, RollMode.NORMAL, sheet_of(actor).skills[Skill.STEALTH])
        watchers = [e for e in state.enemies(actor.id) if standing(e)]
        rolls = [
            (e, roll_d20(dice, RollMode.NORMAL, sheet_of(e).skills[Skill.PERCEPTION])[0])
            for e in watchers
        ]
        hidden = hides(stealth.total, (r.total for _, r in rolls))
        best = max((r.total for _, r in rolls), default=None)
        events: list[Event] = [
            CheckRolled(
                actor.id, "stealth (hide)", stealth, best, "success" if hidden else "failure"
            )
        ]
        for enemy, result in rolls:
            spotted = result.total >= stealth.total
            events.append(
                CheckRolled(
                    enemy.id,
                    "perception (against hide)",
                    result,
                    stealth.total,
                    "success" if spotted else "failure",
                )
            )
        if hidden and not actor.has(HIDDEN):
            events.append(EffectApplied(actor.id, Effect(name=HIDDEN, source=actor.id)))
        elif not hidden:
            events.append(Note("fails to hide", actor.id))
        return events


class CommandRule(TurnAction[Command]):
    def resolve(self, state: EncounterState, action: Command, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(name=COMMANDING, ends=until_next_turn(state, actor), source=actor)
        return [EffectApplied(actor, effect)]


# --- Cinematic Actions and Reactions ------------------------------------------------------


def _kind(action: CinematicAction) -> Cinematic:
    return Cinematic.REACTION if action.reaction else Cinematic.ACTION


def _used(combatant: Combatant, pool: str) -> int:
    """AP used this turn or RP this round. Stunned empties both and Frozen takes 1 AP at the
    start of the turn: that is not *using* them (a Burst is for exactly that case)."""
    current = combatant.pools[pool].current
    start = combatant.pools[pool].maximum
    if has_status(combatant, StatusEffect.STUNNED):
        start = 0
    elif pool == AP and has_status(combatant, StatusEffect.FROZEN):
        start -= 1
    return max(0, start - current)


@dataclass(frozen=True)
class CinematicRule:
    """Seed: "you can use a Cinematic Action (3AP) or a Cinematic Reaction (2RP)"; "Using a
    Cinematic Action or Reaction costs 3 Narrative Momentum"; the GM approves by letting it
    through."""

    settings: MomentumSettings

    def cost(self, state: EncounterState, action: CinematicAction) -> Cost:
        price = cinematic_cost(_kind(action), burst=action.burst, settings=self.settings)
        spent = {AP: price.ap, RP: price.rp, NM: price.narrative_momentum}
        return {pool: amount for pool, amount in spent.items() if amount}

    def verify(self, state: EncounterState, action: CinematicAction) -> None:
        kind = _kind(action)
        actor = acting(action)
        if kind is Cinematic.ACTION:
            _on_own_turn(self.settings, state, action)
        else:
            if not state.clock.started:
                raise IllegalAction("not-in-combat", "a Cinematic Reaction needs a fight")
            if not standing(state[actor]):
                raise IllegalAction("down", f"{state[actor].name} is down and cannot act")
        if action.burst:
            combatant = state[actor]
            _refuse(
                burst_refusal(
                    kind,
                    ap_used_this_turn=_used(combatant, AP),
                    rp_used_this_round=_used(combatant, RP),
                )
            )

    def resolve(
        self, state: EncounterState, action: CinematicAction, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        kind = "Burst" if action.burst else "Cinematic"
        label = f"{kind} {_kind(action).value.title()}"
        result, natural = roll_d20(
            dice, RollMode.NORMAL, sheet_of(state[actor]).skills[action.skill]
        )
        outcome = skill_check(
            natural=natural,
            total=result.total,
            difficulty=action.difficulty,
            settings=self.settings,
        )
        text = f"{label}: {action.description or 'an epic moment'}: {outcome.value}"
        return [
            CheckRolled(
                actor, f"{action.skill} ({label})", result, action.difficulty, outcome.value
            ),
            Note(text, actor),
        ]


COOPERATIVE = "Cooperative Cinematic Action"


@dataclass(frozen=True)
class CooperateRule:
    """Seed: "Two or more characters can perform a Cooperative Cinematic Action. Each character
    beyond the first has to perform a reaction (2 RP) to participate. Each participant only
    needs to use 2 Narrative Momentum instead of the normal 3, and everyone has to make a Skill
    Check. It does not have to be the same Skill Check, and they make it with advantage."

    The actor takes the Cinematic Action on its turn (3 AP + 2 NM, or a Cooperative Burst of
    4 NM); the engine charges the actor, and this rule checks and charges each ally."""

    settings: MomentumSettings

    def costs(self, action: Cooperate) -> tuple[CinematicCost, ...]:
        bursting = (action.burst, *(False for _ in action.allies))
        return cooperative_cinematic_costs(bursting, settings=self.settings)

    def cost(self, state: EncounterState, action: Cooperate) -> Cost:
        return _paid(self.costs(action)[0]) if action.allies else {}

    def verify(self, state: EncounterState, action: Cooperate) -> None:
        _on_own_turn(self.settings, state, action)
        actor = acting(action)
        allies = action.allies
        if not allies:
            raise IllegalAction("no-allies", "cooperate: name an ally with -with ALLY")
        if len(set(allies)) != len(allies) or actor in allies:
            raise IllegalAction("bad-cooperation", "cooperate: each ally once, and not yourself")
        if action.skills and len(action.skills) != len(allies):
            raise IllegalAction(
                "bad-skills",
                f"cooperate: -skills names {len(action.skills)} Skills for {len(allies)} allies",
            )
        if action.burst:
            _refuse(
                burst_refusal(
                    Cinematic.ACTION,
                    ap_used_this_turn=_used(state[actor], AP),
                    rp_used_this_round=_used(state[actor], RP),
                )
            )
        for ally_id, price in zip(allies, self.costs(action)[1:], strict=True):
            ally = state[ally_id]
            if ally.side != state[actor].side:
                raise IllegalAction("not-an-ally", f"cooperate: {ally.name} is not an ally")
            if is_object(ally) or not standing(ally):
                raise IllegalAction("down", f"cooperate: {ally.name} cannot act")
            if has_status(ally, StatusEffect.SHOCKED):
                raise IllegalAction(
                    "no-reactions", f"cooperate: {ally.name} is Shocked and has no reactions"
                )
            for pool, amount in _paid(price).items():
                have = ally.pools[pool].current if pool in ally.pools else 0
                if have < amount:
                    raise IllegalAction(
                        f"not-enough-{pool.lower()}",
                        f"cooperate: {ally.name} needs {amount} {pool} and has {have} {pool}",
                    )

    def participants(self, action: Cooperate) -> list[tuple[CombatantId, Skill]]:
        skills = action.skills or tuple(action.skill for _ in action.allies)
        return [(acting(action), action.skill), *zip(action.allies, skills, strict=True)]

    def resolve(
        self, state: EncounterState, action: Cooperate, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        label = "Cooperative Cinematic Burst" if action.burst else COOPERATIVE
        events: list[Event] = []
        for ally, price in zip(action.allies, self.costs(action)[1:], strict=True):
            events += [PoolChanged(ally, pool, -n, label) for pool, n in _paid(price).items()]
        results: list[CheckResult] = []
        for who, skill in self.participants(action):
            disadvantages = int(has_status(state[who], StatusEffect.POISONED))
            mode = cooperative_roll_mode(disadvantages=disadvantages)
            result, natural = roll_d20(dice, mode, sheet_of(state[who]).skills[skill])
            outcome = skill_check(
                natural=natural,
                total=result.total,
                difficulty=action.difficulty,
                settings=self.settings,
            )
            results.append(outcome)
            events.append(
                CheckRolled(who, f"{skill} ({label})", result, action.difficulty, outcome.value)
            )
        succeeded = cooperative_cinematic_succeeds(results)
        failures = results.count(CheckResult.FAILURE)
        verdict = "success" if succeeded else "failure"
        if succeeded and failures:
            verdict += f" (critical successes cover {failures} failure{'s' * (failures > 1)})"
        people = len(results)
        text = f"{label} of {people}: {action.description or 'an epic moment'}: {verdict}"
        events.append(Note(text, actor))
        return events


def _paid(price: CinematicCost) -> dict[str, int]:
    spent = {AP: price.ap, RP: price.rp, NM: price.narrative_momentum}
    return {pool: amount for pool, amount in spent.items() if amount}


# --- held actions -------------------------------------------------------------------------


@dataclass(frozen=True)
class HoldActionRule:
    """Seed: "a creature must spend the AP that the action would cost on their turn and name a
    trigger. The action is not performed if the trigger does not happen until the creature's
    next turn." """

    settings: MomentumSettings

    def cost(self, state: EncounterState, action: HoldAction) -> Cost:
        return {AP: action.ap}

    def verify(self, state: EncounterState, action: HoldAction) -> None:
        _on_own_turn(self.settings, state, action)
        if not 1 <= action.ap <= self.settings.ap_per_turn:
            raise IllegalAction(
                "bad-ap", f"ready: hold 1 to {self.settings.ap_per_turn} AP of an action"
            )
        if not action.trigger.strip():
            raise IllegalAction("no-trigger", "ready: name the trigger")

    def resolve(
        self, state: EncounterState, action: HoldAction, dice: DiceSource
    ) -> Sequence[Event]:
        actor = acting(action)
        effect = Effect(
            name=HELD_ACTION,
            ends=until_next_turn(state, actor),
            source=actor,
            data={"ap": action.ap, "trigger": action.trigger},
        )
        return [EffectApplied(actor, effect)]


# --- unions, surprise, tie-break ----------------------------------------------------------


class _Free(Generic[A]):
    def cost(self, state: EncounterState, action: A) -> Cost:
        return {}


class FormUnionRule(_Free[FormUnion]):
    """Allies form a union sharing one turn; "Initiative is determined at the beginning of a
    round", so the union's turn starts with the next round's order."""

    def verify(self, state: EncounterState, action: FormUnion) -> None:
        members = action.members
        if len(set(members)) < 2 or len(set(members)) != len(members):
            raise IllegalAction("bad-union", "union: name two or more different creatures")
        if action.actor is not None and action.actor not in members:
            raise IllegalAction("not-a-member", "union: only the GM or a member can form it")
        if len({state[m].side for m in members}) != 1:
            raise IllegalAction("not-allies", "union: the members must be allies")
        if any(is_object(state[m]) for m in members):
            raise IllegalAction("bad-union", "union: objects take no turns")

    def resolve(
        self, state: EncounterState, action: FormUnion, dice: DiceSource
    ) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import UNION

        name = "+".join(action.members)
        return [MarkSet(m, UNION, name) for m in action.members]


def _union_members(state: EncounterState, name: str) -> tuple[CombatantId, ...]:
    from fracas.rules.momentum.ruleset import UNION

    union = name
    if name in state.combatants:
        union = str(state[CombatantId(name)].marks.get(UNION) or "")
    if not union:
        return ()
    return tuple(c.id for c in state if c.marks.get(UNION) == union)


class DisbandRule(_Free[Disband]):
    def verify(self, state: EncounterState, action: Disband) -> None:
        members = _union_members(state, action.name)
        if not members:
            raise IllegalAction("no-union", f"disband: there is no union {action.name!r}")
        if action.actor is not None and action.actor not in members:
            raise IllegalAction("not-a-member", "disband: only the GM or a member can")

    def resolve(self, state: EncounterState, action: Disband, dice: DiceSource) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import UNION

        return [MarkSet(m, UNION, None) for m in _union_members(state, action.name)]


class SurpriseRule(_Free[Surprise]):
    """Surprised creatures act last in round 1 (``Momentum.order``) and are attacked as by
    hidden enemies (``attack.py``) until the end of their round-1 turn."""

    def verify(self, state: EncounterState, action: Surprise) -> None:
        _game_master_only(action)
        if state.clock.started:
            raise IllegalAction("already-started", "surprise: only before combat starts")
        if not action.targets:
            raise IllegalAction("bad-surprise", "surprise: name who is surprised")

    def resolve(self, state: EncounterState, action: Surprise, dice: DiceSource) -> Sequence[Event]:
        from fracas.rules.momentum.ruleset import SURPRISED

        events: list[Event] = []
        for c in dict.fromkeys(action.targets):
            effect = Effect(name=SURPRISED_EFFECT, ends=Anchor(1, c, Moment.END))
            events += [MarkSet(c, SURPRISED, True), EffectApplied(c, effect)]
        return events


class TieBreakRule(_Free[TieBreak]):
    def verify(self, state: EncounterState, action: TieBreak) -> None:
        _game_master_only(action)

    def resolve(self, state: EncounterState, action: TieBreak, dice: DiceSource) -> Sequence[Event]:
        highest = max((int(c.marks.get(TIE_BREAK) or 0) for c in state), default=0)
        ranked = MarkSet(action.target, TIE_BREAK, highest + 1)
        return [ranked, *reordered(ranked.apply(state), action.target)]


class AfflictRule(_Free[Afflict]):
    """A Status Effect of the catalogue, by the GM or an actor (an Ability, a feature). It keeps
    the DR Power it is resisted with: "The DR Power is equal to the Primary Stat of the
    creature" (``-by``, default the actor) unless ``-power`` names it, and ``Momentum.at_turn_end``
    ends it on a successful Constitution DR (Mental: Will DR) against that power. Corroded stacks
    ("-1 Armor per stack"); any other Status Effect a target already has is refused."""

    def power(self, state: EncounterState, action: Afflict) -> int:
        if action.power is not None:
            return action.power
        source = action.by or action.actor
        if source is None:
            raise IllegalAction(
                "no-power", "afflict: the game master names -by CREATURE or -power N"
            )
        return dr_power_of(sheet_of(state[source]))

    def verify(self, state: EncounterState, action: Afflict) -> None:
        if action.power is not None and action.power < 1:
            raise IllegalAction("bad-power", "afflict: the DR Power is 1 or more")
        self.power(state, action)
        if has_status(state[action.target], action.status) and (
            action.status is not StatusEffect.CORRODED
        ):
            name = status_name(action.status)
            raise IllegalAction(
                "already-affected", f"afflict: {state[action.target].name} is already {name}"
            )

    def resolve(self, state: EncounterState, action: Afflict, dice: DiceSource) -> Sequence[Event]:
        power = self.power(state, action)
        name = status_name(action.status)
        present = state[action.target].effect(name)
        if present is not None:  # Corroded: one more stack
            stacks = int(present.data.get("stacks", 1) or 1) + 1
            old = present.data.get("dr_power")
            strongest = max(power, old) if isinstance(old, int) else power
            data = {**present.data, "stacks": stacks, "dr_power": strongest}
            return [EffectChanged(action.target, replace(present, data=data))]
        effect = Effect(name=name, source=action.by or action.actor, data={"dr_power": power})
        return [EffectApplied(action.target, effect)]


def advanced_rules(settings: MomentumSettings) -> dict[type[Action], Rule[Any]]:
    """The rules of :data:`ADVANCED_ACTIONS`."""
    table = CombatAction
    return {
        Blind: BlindRule(settings, table.BLIND),
        Grab: GrabRule(settings, table.GRAB),
        Shove: ShoveRule(settings, table.SHOVE),
        Trip: TripRule(settings, table.TRIP),
        Disarm: DisarmRule(settings, table.DISARM),
        Climb: ClimbRule(settings, table.CLIMB),
        ShakeOff: ShakeOffRule(settings, table.CLIMB),
        Hide: HideRule(settings, table.HIDE),
        Command: CommandRule(settings, table.COMMAND),
        CinematicAction: CinematicRule(settings),
        Cooperate: CooperateRule(settings),
        Afflict: AfflictRule(),
        HoldAction: HoldActionRule(settings),
        FormUnion: FormUnionRule(),
        Disband: DisbandRule(),
        Surprise: SurpriseRule(),
        TieBreak: TieBreakRule(),
    }

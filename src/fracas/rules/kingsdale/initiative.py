"""Initiative (``+init``) and each pose's attacks/actions.

"The initiative roll is 1d20+bonuses. If a roll of Natural Twenty … the PC gains an extra
attack in the first attack pose. … Natural One … takes away one pose/attack action for that
first round."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fracas.dice import DiceSource, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectChanged, Event, InitiativeSet, MarkSet, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState, Turn
from fracas.rules.kingsdale.actions import RollInitiative
from fracas.rules.kingsdale.events import InitiativeRolled
from fracas.rules.kingsdale.manoeuvres import MOVED, RUNNING
from fracas.rules.kingsdale.paired import COUNTERED, PARRIED
from fracas.rules.kingsdale.poses import POSES, pose_index, split
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    HORRIFIED,
    INIT_NATURAL,
    OWED,
    POSE,
    acting,
    sheet_of,
)


def attacks_per_melee(combatant: Combatant) -> int:
    """The sheet's attacks, one more for extra arms ("only receive a single additional attack
    per three-round combat")."""
    sheet = sheet_of(combatant)
    return sheet.attacks + (1 if sheet.extra_arms else 0)


def initiative_events(state: EncounterState, who: CombatantId, source: DiceSource) -> list[Event]:
    """1d20 + the sheet's initiative bonus, and the natural die kept for the first pose."""
    bonus = sheet_of(state[who]).initiative
    result = roll(dice(1, 20) + bonus if bonus else dice(1, 20), source)
    natural = result.kept_faces(20)[0]
    return [
        InitiativeRolled(who, result, natural),
        InitiativeSet(who, result.total, "+init"),
        MarkSet(who, INIT_NATURAL, natural),
    ]


class RollInitiativeRule:
    """A player rolls their own initiative before the fight; ``start`` rolls for the rest."""

    def cost(self, state: EncounterState, action: RollInitiative) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: RollInitiative) -> None:
        who = acting(action)
        if state.clock.started:
            raise IllegalAction("fight-started", "init: initiative is rolled before the fight")
        if state[who].initiative is not None:
            raise IllegalAction(
                "already-rolled", f"init: {state[who].name} rolled {state[who].initiative} already"
            )

    def resolve(
        self, state: EncounterState, action: RollInitiative, source: DiceSource
    ) -> Sequence[Event]:
        return initiative_events(state, acting(action), source)


def allotment(combatant: Combatant, melee: int, pose: int, few_from_last: bool = True) -> int:
    """The attacks/actions of ``combatant`` in ``pose`` (0-2) of melee round ``melee``: its
    share by the table (``few_from_last``: see ``split``), and a natural 20 or 1 on initiative
    in the very first pose."""
    share = split(attacks_per_melee(combatant), few_from_last=few_from_last)[pose]
    if melee == 1 and pose == 0:
        natural = combatant.marks.get(INIT_NATURAL)
        share += 1 if natural == 20 else -1 if natural == 1 else 0
    return max(share, 0)


def pose_at(state: EncounterState, index: int) -> str:
    """The pose of the turn at ``index`` of the order: its label, or for a turn without one
    (a newcomer's, placed by the engine mid-round) the pose of the turn before it."""
    order = state.clock.order
    for before in range(min(index, len(order) - 1), -1, -1):  # no slice: asked every turn
        if order[before].label in POSES:
            return order[before].label
    return POSES[0]


def next_pose_share(state: EncounterState, who: CombatantId, few_from_last: bool = True) -> int:
    """The actions ``who``'s next pose will hold (what a dodge may borrow): the pose after the
    clock's, the next melee round's first after a third, the first before the fight; less the
    attack a failed Horror Factor still takes."""
    melee, pose = 1, 0
    if state.clock.started:
        melee, pose = state.clock.round, pose_index(pose_at(state, state.clock.index)) + 1
        if pose == len(POSES):
            melee, pose = melee + 1, 0
    combatant = state[who]
    share = allotment(combatant, melee, pose, few_from_last)
    horrified = combatant.effect(HORRIFIED)
    losing = horrified is not None and bool(horrified.data.get("lose_attack"))
    return share - 1 if losing and share > 0 else share


PER_POSE_MARKS = (RUNNING, MOVED, PARRIED, COUNTERED)
"""Marks that last one pose: movement, and a paired fighter's parries and counter-strike."""


@frozen
class PoseKeeper:
    """Fills everyone's Actions pool as each pose begins."""

    few_from_last: bool = True
    """Fewer than three attacks fill the poses from the last (the setting of that name)."""

    def events(self, state: EncounterState, turn: Turn) -> list[Event]:
        label = pose_at(state, state.clock.index)
        melee = state.clock.round
        key = f"{melee}:{label}"
        events: list[Event] = []
        for combatant in state.combatants.values():  # at every turn's start: most are filled
            if combatant.marks.get(POSE) == key:
                continue
            share = allotment(combatant, melee, pose_index(label), self.few_from_last)
            horrified = combatant.effect(HORRIFIED) if combatant.effects else None
            if horrified is not None and horrified.data.get("lose_attack") and share > 0:
                share -= 1
                data = {**horrified.data, "lose_attack": False}
                events.append(EffectChanged(combatant.id, replace(horrified, data=data)))
            owed = int(combatant.marks.get(OWED) or 0)
            left = max(share - owed, 0)
            events.append(PoolSet(combatant.id, ACTIONS, left, maximum=share, reason=label))
            events.append(MarkSet(combatant.id, POSE, key))
            if owed:
                events.append(MarkSet(combatant.id, OWED, max(owed - share, 0)))
            events += [
                MarkSet(combatant.id, key, None)
                for key in PER_POSE_MARKS
                if combatant.marks.get(key)
            ]
        return events


def pose_order(state: EncounterState, ties_by_bonus: bool = True) -> tuple[Turn, ...]:
    """Three poses; within each, highest initiative first; a failed Horror Factor before the
    fight loses initiative for that melee (last in every pose); ties to the higher initiative
    bonus (``ties_by_bonus``), then to who joined first."""
    melee = state.clock.round + 1
    joined = {c: n for n, c in enumerate(state.combatants)}

    def rank(combatant: Combatant) -> tuple[bool, int, int, int]:
        horrified = combatant.effect(HORRIFIED)
        lost = horrified is not None and horrified.data.get("melee") == melee
        bonus = sheet_of(combatant).initiative if ties_by_bonus else 0
        return (lost, -(combatant.initiative or 0), -bonus, joined[combatant.id])

    ranked = sorted(state, key=rank)
    return tuple(Turn((c.id,), c.initiative or 0, label) for label in POSES for c in ranked)

"""Cinematic Actions and Reactions, alone or cooperative: their rules, with the pure rule
functions of ``cinematic.py``."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    Event,
    Note,
    PoolChanged,
)
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.momentum.advanced_actions import (
    CinematicAction,
    Cooperate,
)
from fracas.rules.momentum.basic import acting
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
from fracas.rules.momentum.events import CheckRolled
from fracas.rules.momentum.queries import (
    AP,
    NM,
    RP,
    has_status,
    is_object,
    sheet_of,
    standing,
)
from fracas.rules.momentum.rolling import roll_d20
from fracas.rules.momentum.settings import MomentumSettings
from fracas.rules.momentum.status_effects import StatusEffect
from fracas.rules.momentum.verifying import on_own_turn, refuse
from fracas.rules.momentum.vocabulary import Skill

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


@frozen
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
            on_own_turn(self.settings, state, action)
        else:
            if not state.clock.started:
                raise IllegalAction("not-in-combat", "a Cinematic Reaction needs a fight")
            if not standing(state[actor]):
                raise IllegalAction("down", f"{state[actor].name} is down and cannot act")
        if action.burst:
            combatant = state[actor]
            refuse(
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


@frozen
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
        on_own_turn(self.settings, state, action)
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
            refuse(
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

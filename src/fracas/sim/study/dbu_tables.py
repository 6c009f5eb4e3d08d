"""DBU's study tables, filled lazily from the rules' own rolls the first time the lean loop needs
one.

A Basic Attack answered by a Dodge Roll (``strike.resolve_attack``) is a Strike Roll against the
target's Dodge Roll, then, on a hit, a Wound Roll landed through the target's Soak. Enumerated
whole, its three Combat Rolls are ~125,000 resolutions (49 s) for one table; so each roll is
enumerated alone, by the rules' own function for it (``strike_roll``, the Dodge Roll of
``strike``, ``landing.wound_roll``), on every distinct result of its dice, and the hit is the
rules' ``beats`` on each pair of totals. The tables, each keyed on what its rules read:

* ``attack``: (attacker, target, the attacker's Health Threshold band, the target's band, the
  attacks the target received this round): the miss, or the Wound Roll's total, with their exact
  chances (the Combat Rolls read Life Points through the band alone, ``general_modifiers``;
  the Dodge Roll reads Diminishing Defense from the marks ``count_attack`` sets);
* ``landing``: (attacker, target, the target's Life Points, the Wound Roll's total, whether the
  attacker had Bonus Momentum this round): the Life Points lost and the Actions gained, from the
  rules' ``land``;
* ``advantage``: (fighter, its Initiative, the standing enemies' Initiatives): the Actions its
  Effect Phase adds (Initiative Advantage), from the rules' ``at_turn_start``.

Whatever else one of these does (an effect, another pool, a phase that waits for its order) is
``Unmirrorable``, named, and the fight goes to the engine.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from fracas.dice import DiceNeeded, DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import InitiativeSet, MarkSet, PoolChanged
from fracas.engine.state import Combatant, EncounterState, Turn
from fracas.rules.dbu.damage import band
from fracas.rules.dbu.economy import ACTIONS, LP
from fracas.rules.dbu.events import DamageTaken, ThresholdReached
from fracas.rules.dbu.landing import land, wound_roll
from fracas.rules.dbu.modifiers import ATTACKED, ATTACKED_ROUND
from fracas.rules.dbu.plan import AttackPlan
from fracas.rules.dbu.rolls import CombatRoll, beats
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.strike import dodge_roll, strike_roll
from fracas.rules.dbu.wounds import MOMENTUM_ROUND
from fracas.sim.branching import BranchingDice, RollNeeded, face_branches
from fracas.sim.study.table import Unmirrorable

MAX_ROLL_BRANCHES = 5_000
"""How many resolutions one Combat Roll's enumeration may take at most."""


@dataclass(frozen=True)
class AttackTable:
    """An attack's outcomes (None for a miss, else the Wound Roll's total), each with its
    cumulative chance (the last exactly 1), for sampling with one uniform draw."""

    outcomes: tuple[int | None, ...]
    cumulative: tuple[float, ...]

    def sample(self, draw: float) -> int | None:
        return self.outcomes[bisect_right(self.cumulative, draw)]


def roll_totals(roll: Callable[[DiceSource], CombatRoll]) -> tuple[Totals, int]:
    """The exact chance of each total of the Combat Roll ``roll`` makes with the dice it is
    given, from every distinct result of its dice (the rules read its natural face), and how
    many times it was resolved."""
    chances: dict[int, Fraction] = {}
    pending: list[tuple[tuple[int | object, ...], Fraction]] = [((), Fraction(1))]
    resolved = 0
    while pending:
        draws, chance = pending.pop()
        resolved += 1
        if resolved > MAX_ROLL_BRANCHES:
            raise Unmirrorable(f"a Combat Roll has more than {MAX_ROLL_BRANCHES} ways to roll")
        try:
            total = roll(BranchingDice(draws, faces_read=None)).total  # type: ignore[arg-type]
        except RollNeeded as needed:
            branches = needed.branches
        except DiceNeeded as needed:
            branches = face_branches(needed.sides)
        else:
            chances[total] = chances.get(total, Fraction(0)) + chance
            continue
        pending += [((*draws, draw), chance * share) for draw, share in branches]
    return Totals.of(chances), resolved


@dataclass(frozen=True)
class Totals:
    """A Combat Roll's totals, each with its chance ``weight / scale``."""

    weights: tuple[tuple[int, int], ...]
    scale: int

    @staticmethod
    def of(chances: Mapping[int, Fraction]) -> Totals:
        scale = math.lcm(*(chance.denominator for chance in chances.values()))
        weights = tuple((t, int(c * scale)) for t, c in sorted(chances.items()))
        return Totals(weights, scale)


@dataclass
class Tables:
    """The tables of one encounter, filled as they are asked."""

    ruleset: Dbu
    started: EncounterState
    """The fight just started: the fighters as they began, the clock in round 1."""
    ids: tuple[CombatantId, ...]
    plans: dict[tuple[int, int], AttackPlan]
    """The plan of the attack the tactics make, by (attacker, target) index (``Rule.plan``)."""
    attacks: dict[tuple[int, int, int, int, int], AttackTable] = field(default_factory=dict)
    landings: dict[tuple[int, int, int, int, bool], tuple[int, int]] = field(default_factory=dict)
    advantages: dict[tuple[int, int, tuple[int | None, ...]], int] = field(default_factory=dict)
    resolutions: int = 0
    """How many times the rules resolved a roll, a landing or an Effect Phase to fill them."""
    _strikes: dict[tuple[int, int], Totals] = field(default_factory=dict)
    _dodges: dict[tuple[int, int, int], Totals] = field(default_factory=dict)
    _wounds: dict[tuple[int, int, int], Totals] = field(default_factory=dict)
    _bands: dict[tuple[int, int], int] = field(default_factory=dict)
    _foes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    _landing_states: dict[tuple[int, int, int], EncounterState] = field(default_factory=dict)

    def band(self, index: int, life: int) -> int:
        """The Health Threshold band of fighter ``index`` at ``life`` Life Points (the rules'
        ``band``)."""
        key = (index, life)
        found = self._bands.get(key)
        if found is None:
            pool = self.started[self.ids[index]].pools[LP]
            found = self._bands[key] = band(life, pool.maximum, settings=self.ruleset.rules)
        return found

    # --- attacks -----------------------------------------------------------------------------

    def attack(self, key: tuple[int, int, int, int, int], lives: tuple[int, int]) -> AttackTable:
        """The table of ``key`` (attacker, target, their bands, the attacks the target received
        this round); ``lives``, the two's Life Points now (in those bands), give the state its
        rolls are made from when it is first asked."""
        found = self.attacks.get(key)
        if found is None:
            found = self.attacks[key] = self._attack(key, lives)
        return found

    def _attack(self, key: tuple[int, int, int, int, int], lives: tuple[int, int]) -> AttackTable:
        attacker, target, attacker_band, target_band, received = key
        strikes = self._strike(attacker, target, attacker_band, lives[0])
        dodges = self._dodge(attacker, target, target_band, received, lives[1])
        settings = self.ruleset.rules
        hits = sum(
            s * d
            for st, s in strikes.weights
            for dt, d in dodges.weights
            if beats(st, dt, settings=settings)
        )
        hit = Fraction(hits, strikes.scale * dodges.scale)
        wounds = self._wound(attacker, target, attacker_band, lives[0])
        chances: dict[int | None, Fraction] = {None: 1 - hit} if hit < 1 else {}
        if hit:
            for total, weight in wounds.weights:
                chances[total] = hit * Fraction(weight, wounds.scale)
        outcomes = tuple(chances)
        running, cumulative = Fraction(0), []
        for outcome in outcomes:
            running += chances[outcome]
            cumulative.append(float(running))
        cumulative[-1] = 1.0
        return AttackTable(outcomes, tuple(cumulative))

    def _strike(self, attacker: int, target: int, attacker_band: int, life: int) -> Totals:
        key = (attacker, attacker_band)
        found = self._strikes.get(key)
        if found is None:
            state = self._with(self.started, attacker, life=life)
            plan = self.plans[attacker, target]
            settings = self.ruleset.rules
            found, resolved = roll_totals(lambda d: strike_roll(state, plan, d, settings=settings))
            self._strikes[key] = found
            self.resolutions += resolved
        return found

    def _dodge(
        self, attacker: int, target: int, target_band: int, received: int, life: int
    ) -> Totals:
        key = (target, target_band, received)
        found = self._dodges.get(key)
        if found is None:
            state = self._with(self.started, target, life=life, received=received)
            plan = self.plans[attacker, target]
            settings = self.ruleset.rules
            found, resolved = roll_totals(lambda d: dodge_roll(state, plan, d, settings=settings))
            self._dodges[key] = found
            self.resolutions += resolved
        return found

    def _wound(self, attacker: int, target: int, attacker_band: int, life: int) -> Totals:
        key = (attacker, target, attacker_band)
        found = self._wounds.get(key)
        if found is None:
            state = self._with(self.started, attacker, life=life)
            plan = self.plans[attacker, target]
            settings = self.ruleset.rules
            found, resolved = roll_totals(lambda d: wound_roll(state, plan, d, settings=settings))
            self._wounds[key] = found
            self.resolutions += resolved
        return found

    # --- landings ----------------------------------------------------------------------------

    def landing(self, key: tuple[int, int, int, int, bool]) -> tuple[int, int]:
        """(Life Points lost, Actions gained) of ``key``: a Wound Roll of its total landing on
        the target at its Life Points, the attacker with or without Bonus Momentum this
        round."""
        found = self.landings.get(key)
        if found is None:
            found = self.landings[key] = self._landing(key)
        return found

    def _landing(self, key: tuple[int, int, int, int, bool]) -> tuple[int, int]:
        attacker, target, life, total, had_momentum = key
        state = self._landing_state(attacker, target, life, had_momentum)
        plan = self.plans[attacker, target]
        landed = land(state, plan, total, settings=self.ruleset.rules)
        self.resolutions += 1
        me, them = self.ids[attacker], self.ids[target]
        gained = 0
        for event in landed.events:
            if isinstance(event, PoolChanged) and event.combatant == me and event.pool == ACTIONS:
                gained += event.amount
            elif not (
                isinstance(event, DamageTaken | ThresholdReached)
                or (isinstance(event, PoolChanged) and event.combatant == them and event.pool == LP)
                or (isinstance(event, MarkSet) and event.key == MOMENTUM_ROUND)
            ):
                raise Unmirrorable(f"an attack's Wound Roll does more than take Life ({event})")
        return landed.damage, gained

    def _landing_state(
        self, attacker: int, target: int, life: int, had_momentum: bool
    ) -> EncounterState:
        """The state a Wound Roll lands in: the target at ``life``, the attacker with or without
        Bonus Momentum this round (one for every Wound Roll's total)."""
        key = (attacker if had_momentum else -1, target, life)
        found = self._landing_states.get(key)
        if found is None:
            found = self._with(self.started, target, life=life)
            if had_momentum:
                found = self._with(found, attacker, momentum=True)
            self._landing_states[key] = found
        return found

    # --- Effect Phases -----------------------------------------------------------------------

    def advantage(self, index: int, initiative: int, enemies: tuple[int | None, ...]) -> int:
        """The Actions fighter ``index``'s Effect Phase adds, at ``initiative``, its enemies'
        Initiatives given in ``enemies`` (in the order of ``foes``; None: not standing)."""
        key = (index, initiative, enemies)
        found = self.advantages.get(key)
        if found is None:
            found = self.advantages[key] = self._advantage(index, initiative, enemies)
        return found

    def foes(self, index: int) -> tuple[int, ...]:
        """The indices of fighter ``index``'s enemies."""
        found = self._foes.get(index)
        if found is None:
            side = self.started[self.ids[index]].side
            found = self._foes[index] = tuple(
                i for i, who in enumerate(self.ids) if self.started[who].side != side
            )
        return found

    def _advantage(self, index: int, initiative: int, enemies: tuple[int | None, ...]) -> int:
        me = self.ids[index]
        state = InitiativeSet(me, initiative).apply(self.started)
        for foe, value in zip(self.foes(index), enemies, strict=True):
            if value is None:
                state = self._with(state, foe, life=0)
            else:
                state = InitiativeSet(self.ids[foe], value).apply(state)
        try:
            events = self.ruleset.at_turn_start(state, Turn((me,), initiative), BranchingDice(()))
        except DiceNeeded as needed:
            raise Unmirrorable(f"{state[me].name}'s Effect Phase rolls dice") from needed
        self.resolutions += 1
        gained = 0
        for event in events:
            if not (
                isinstance(event, PoolChanged) and event.combatant == me and event.pool == ACTIONS
            ):
                raise Unmirrorable(
                    f"{state[me].name}'s Effect Phase does more than add Actions ({event})"
                )
            gained += event.amount
        return gained

    # --- states ------------------------------------------------------------------------------

    def _with(
        self,
        state: EncounterState,
        index: int,
        *,
        life: int | None = None,
        received: int = 0,
        momentum: bool = False,
    ) -> EncounterState:
        """``state`` with fighter ``index`` at ``life`` Life Points, ``received`` attacks this
        round, Bonus Momentum had this round."""
        fighter: Combatant = state[self.ids[index]]
        now = state.clock.round
        if life is not None:
            pool = replace(fighter.pools[LP], current=life)
            fighter = replace(fighter, pools={**fighter.pools, LP: pool})
        marks = dict(fighter.marks)
        if received:
            marks.update({ATTACKED_ROUND: now, ATTACKED: received})
        if momentum:
            marks[MOMENTUM_ROUND] = now
        if marks != fighter.marks:
            fighter = replace(fighter, marks=marks)
        return state.with_combatant(fighter)

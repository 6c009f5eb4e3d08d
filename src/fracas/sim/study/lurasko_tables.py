"""Lur-Asko's study tables, filled lazily from the rules the first time the lean loop needs one.

A fighter's tallies are its running damage, its degrees of injury of each type and death; the
rest of its state is a number (``rests``). Four tables, each asked of the rules' own code:

* **attacks** (``odds.leaves``, every distinct resolution): key (attacker, target, the
  Hindrance on the defense roll, both rests). The Hindrance is all an attack reads of the two's
  degrees (``attack.hindrance_on``, which the attack itself calls). The attack is resolved with
  each of the two one point short of its next degree and no Core degrees, so every hit that
  lands a point crosses a degree and its injury type is rolled (or chosen); each outcome is
  what each of the two takes (the account, the injury type) and its rest after. What the hit
  does to the tallies is the wound table's: the attack reads the running damage only through
  its degrees (``wounds.wound``, which it calls). One enumeration serves every Hindrance under
  which the defense roll may go the same ways (``Split``), and it branches the defense and
  injury-type rolls once per way the rules read them (``_merge``). An attack that changes
  anyone else, or one of them twice, is ``Unmirrorable``.
* **wounds** (``wounds.wound``): key (fighter, running damage less its whole degrees, Core
  degrees, what the hit takes, its injury type): the degrees it crosses, and death.
* **turns** (``Ruleset.at_turn_start`` / ``at_turn_end`` and the follow-ups): key (fighter,
  start or end, rest, dead): the rest after. One that rolls dice or changes anyone else is
  ``Unmirrorable``.
* **able** (``Ruleset.takes_turn``): key (fighter, rest), for the living (the dead take no
  turn, which the plan checks with the rules).

The marks no attack reads are left out of the rests: ``acted`` (read by movement alone) and
fatigue (read only by its own sum, reported by no figure of a study).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from fracas.dice import DiceNeeded, Expression, RollResult
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import Event, MarkSet
from fracas.engine.gm import MoveTurn
from fracas.engine.state import Combatant, EncounterState, Scalar, Turn
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.attack import (
    INJURY_ROLL,
    Strike,
    hindrance_on,
    reduction_of,
    weapon_of,
)
from fracas.rules.lurasko.damage import DamageAccount
from fracas.rules.lurasko.events import DamageTaken, DefenseRolled
from fracas.rules.lurasko.queries import ACTED, DAMAGE, DEAD, FATIGUE, degrees_mark, factor_of
from fracas.rules.lurasko.ruleset import Lurasko
from fracas.rules.lurasko.vocabulary import InjuryType
from fracas.rules.lurasko.wounds import wound
from fracas.sim.branching import Branch, BranchingDice, notation, total_results
from fracas.sim.odds import Merge, TooManyBranches, leaves
from fracas.sim.study.drawn import Drawn, drawn
from fracas.sim.study.rests import Rests, rest_of, with_rest
from fracas.sim.study.table import Unmirrorable

KINDS = tuple(InjuryType)
LEFT_OUT = frozenset({DAMAGE, DEAD, ACTED, FATIGUE, *(degrees_mark(k) for k in KINDS)})
"""The marks a rest leaves out: the tallies, and the marks no attack reads."""
CORE = KINDS.index(InjuryType.CORE)
HAND_ARM = KINDS.index(InjuryType.HAND_ARM)
MOBILITY = KINDS.index(InjuryType.MOBILITY)


@dataclass(frozen=True)
class Hit:
    """What one attack did to one of its two: the account's total, its account, the injury
    type its degrees take (None: it crossed none at one point short of a degree)."""

    total: int
    account: DamageAccount | None
    kind: int | None


@dataclass(frozen=True)
class Outcome:
    target: Hit
    target_rest: int
    attacker: Hit
    attacker_rest: int


AttackTable = Drawn[Outcome]
"""An attack's outcomes, for sampling with one uniform draw."""


NO_HIT = Hit(0, None, None)


@dataclass(frozen=True)
class Split:
    """An attack's outcomes by how its defense roll went. The attack reads the degrees of
    injury only through that roll's Hindrance, and the roll only as dodged, hit or critical
    (``Strike.defense``), so one enumeration serves every Hindrance under which the same
    ways are possible: ``undefended`` holds the chances of the outcomes where no defense was
    rolled (shielding stopped the attack first); ``defended``, for each way the roll may go,
    its outcomes' chances as if the roll always went that way."""

    undefended: Mapping[Outcome, Fraction]
    defended: Mapping[str, Mapping[Outcome, Fraction]]

    def table(self, odds: Mapping[str, Fraction]) -> AttackTable:
        """The attack's table when its defense roll goes each way with ``odds``."""
        chances = dict(self.undefended)
        for way, outcomes in self.defended.items():
            for outcome, chance in outcomes.items():
                chances[outcome] = chances.get(outcome, Fraction(0)) + chance * odds[way]
        return drawn(chances)


@dataclass
class Tables:
    """The four tables of one encounter, filled as they are asked."""

    ruleset: Lurasko
    started: EncounterState
    """The fight just started: the fighters as they began, the clock in round 1."""
    ids: tuple[CombatantId, ...]
    actions: dict[tuple[int, int], Attack]
    """The attack the tactics make, by (attacker, target) index."""
    rests: Rests = field(default_factory=Rests)
    attacks: dict[tuple[int, int, int, int, int], AttackTable] = field(default_factory=dict)
    wounds: dict[tuple[int, int, int, int, int | None], tuple[int, bool]] = field(
        default_factory=dict
    )
    turns: dict[tuple[int, bool, int, bool], int] = field(default_factory=dict)
    able: list[dict[int, bool]] = field(default_factory=list)
    """Whether each fighter, alive, takes its turn with a rest."""
    hindrances: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    defenses: dict[tuple[int, int, int], dict[str, Fraction]] = field(default_factory=dict)
    splits: dict[tuple[int, int, int, int, frozenset[str]], Split] = field(default_factory=dict)
    resolutions: int = 0
    _turn_of: dict[int, EncounterState] = field(default_factory=dict)

    def rest(self, index: int, combatant: Combatant) -> int:
        return self.rests.number(rest_of(combatant, self.started.clock.round, LEFT_OUT))

    def __post_init__(self) -> None:
        self.factors = [factor_of(self.started[i], self.ruleset.rules) for i in self.ids]
        """Each fighter's injury factor (``queries.factor_of``)."""
        self.able = [{} for _ in self.ids]

    def factor(self, index: int) -> int:
        return self.factors[index]

    def hindrance(self, attacker: int, target: int, hand_arm: int, mobility: int) -> int:
        key = (attacker, target, hand_arm, mobility)
        found = self.hindrances.get(key)
        if found is None:
            action = self.actions[attacker, target]
            weapon = weapon_of(self.started[self.ids[attacker]], action.weapon)
            reduction = reduction_of(action, weapon, self.ruleset.rules)
            found = self.hindrances[key] = hindrance_on(
                self.ruleset.rules, weapon, reduction, hand_arm=hand_arm, mobility=mobility
            )
        return found

    # --- attacks ---------------------------------------------------------------------------

    def attack(
        self,
        key: tuple[int, int, int, int, int],
        degrees: tuple[list[int], list[int]],
    ) -> AttackTable:
        """The table of ``key`` (attacker, target, hindrance, their rests); ``degrees``, the
        two's degrees now, give the state it is resolved from when it is first asked."""
        found = self.attacks.get(key)
        if found is None:
            attacker, target, hindrance, attacker_rest, target_rest = key
            state = self._state(key, degrees)
            action = self.actions[attacker, target]
            odds = self._defense_odds(state, action, (attacker, target, hindrance))
            split_key = (attacker, target, attacker_rest, target_rest, frozenset(odds))
            split = self.splits.get(split_key)
            if split is None:
                split = self.splits[split_key] = self._split(state, action, key, odds)
            found = self.attacks[key] = split.table(odds)
        return found

    def _state(
        self, key: tuple[int, int, int, int, int], degrees: tuple[list[int], list[int]]
    ) -> EncounterState:
        """The state an attack of ``key`` is resolved from: on the attacker's turn, each of the
        two with its rest, one point short of its next degree, no Core degrees, and the
        degrees the attack reads."""
        attacker, target, _, attacker_rest, target_rest = key
        state = self._on_turn_of(attacker)
        mine, theirs = degrees
        for index, rest, tallies in (
            (attacker, attacker_rest, {degrees_mark(InjuryType.HAND_ARM): mine[HAND_ARM]}),
            (target, target_rest, {degrees_mark(InjuryType.MOBILITY): theirs[MOBILITY]}),
        ):
            short = {DAMAGE: self.factor(index) - 1, **{k: v for k, v in tallies.items() if v}}
            state = state.with_combatant(self._as(index, rest, short))
        return state

    def _defense_odds(
        self, state: EncounterState, action: Attack, key: tuple[int, int, int]
    ) -> dict[str, Fraction]:
        """How the target's defense roll against the attack goes (dodged, hit, critical) and
        the chance of each, from the roll the rules would make (``Strike.defense``) and its
        exact distribution."""
        found = self.defenses.get(key)
        if found is None:
            defense = Strike(state, action, self.ruleset.rules, BranchingDice(())).defense()
            results = total_results(defense.expression)
            if results is None:
                raise Unmirrorable(f"{self._said(action)}: its defense roll has no plain totals")
            found = {}
            for result, share in results:
                way = defense.judge(result.total).outcome.value
                found[way] = found.get(way, Fraction(0)) + share
            self.defenses[key] = found
        return found

    def _split(
        self,
        state: EncounterState,
        action: Attack,
        key: tuple[int, int, int, int, int],
        odds: Mapping[str, Fraction],
    ) -> Split:
        """Every resolution of the attack from ``state``, as outcomes split by how the defense
        roll went (``odds``: its chances there)."""
        attacker, target = key[0], key[1]
        encounter = Encounter(self.ruleset, 0, history=False)
        encounter.state = state
        try:
            found = leaves(encounter, action, merge=self._merge(state, action))
        except TooManyBranches as error:
            raise Unmirrorable(f"{self._said(action)}: too many ways to roll ({error})") from error
        undefended: dict[Outcome, Fraction] = {}
        defended: dict[str, dict[Outcome, Fraction]] = {way: {} for way in odds}
        for leaf in found:
            outcome = self._outcome(state, leaf.state, leaf.events, attacker, target, action)
            rolled = [e.outcome for e in leaf.events if isinstance(e, DefenseRolled)]
            if len(rolled) > 1:
                raise Unmirrorable(f"{self._said(action)}: more than one defense roll")
            chance = Fraction(leaf.weight, leaf.scale)
            into = undefended
            if rolled:
                into, chance = defended[rolled[0]], chance / odds[rolled[0]]
            into[outcome] = into.get(outcome, Fraction(0)) + chance
        self.resolutions += found[-1].resolved if found else 0
        return Split(undefended, defended)

    def _merge(self, state: EncounterState, action: Attack) -> Merge:
        """The attack's defense roll and injury-type roll branched once per way the rules read
        them (dodged, hit or critical; each injury type), from the rules' own readers
        (``Strike.defense``, ``Strike.injury_of``); every other roll on all its totals. The two
        are told apart by their notation: when it is the same (no Hindrance), neither merges."""
        strike = Strike(state, action, self.ruleset.rules, BranchingDice(()))
        defense = strike.defense()
        readers: dict[str, Callable[[int], object]] = {}
        defended, injured = notation(defense.expression), notation(INJURY_ROLL)
        if defended != injured and not (action.around or action.outskirts):
            readers[defended] = lambda total: defense.judge(total).outcome
            readers[injured] = strike.injury_of

        def merge(expression: Expression, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
            read = readers.get(notation(expression))
            if read is None:
                return branches
            merged: dict[object, Branch] = {}
            for draw, share in branches:
                if not isinstance(draw, RollResult):
                    return branches
                key = read(draw.total)
                first = merged.get(key)
                merged[key] = (draw, share) if first is None else (first[0], first[1] + share)
            return tuple(merged.values())

        return merge

    def _outcome(
        self,
        before: EncounterState,
        after: EncounterState,
        events: list[Event],
        attacker: int,
        target: int,
        action: Attack,
    ) -> Outcome:
        """One resolution as an outcome; Unmirrorable when it changed more than the two."""
        said = self._said(action)
        pair = {self.ids[attacker], self.ids[target]}
        for who, was in before.combatants.items():
            now = after.combatants.get(who)
            if who not in pair and now is not was and now != was:
                raise Unmirrorable(f"{said}: it changes {was.name} too")
        hits: dict[CombatantId, Hit] = {}
        for event in events:
            if isinstance(event, DamageTaken):
                if event.target in hits:
                    raise Unmirrorable(f"{said}: it hits {before[event.target].name} twice")
                kind = None if event.injury is None else KINDS.index(event.injury)
                hits[event.target] = Hit(event.account.total, event.account, kind)
        return Outcome(
            target=hits.get(self.ids[target], NO_HIT),
            target_rest=self.rest(target, after[self.ids[target]]),
            attacker=hits.get(self.ids[attacker], NO_HIT),
            attacker_rest=self.rest(attacker, after[self.ids[attacker]]),
        )

    def _on_turn_of(self, index: int) -> EncounterState:
        found = self._turn_of.get(index)
        if found is None:
            encounter = Encounter(self.ruleset, 0, history=False)
            encounter.state = self.started
            if not self.started.is_turn_of(self.ids[index]):
                encounter.apply(MoveTurn(target=self.ids[index]))
            found = self._turn_of[index] = encounter.state
        return found

    def _as(self, index: int, rest: int, tallies: Mapping[str, Scalar]) -> Combatant:
        base = self.started[self.ids[index]]
        now = self.started.clock.round
        return with_rest(base, self.rests.listed[rest], now, tallies)

    def _said(self, action: Attack) -> str:
        assert action.actor is not None
        state = self.started
        return f"{state[action.actor].name}'s {action.verb} on {state[action.target].name}"

    # --- wounds, turns, able -----------------------------------------------------------------

    def wound(self, index: int, damage: int, core: int, hit: Hit) -> tuple[int, bool]:
        """The degrees ``hit`` crosses on a fighter with running ``damage`` and ``core``
        degrees, and whether it kills."""
        factor = self.factors[index]
        key = (index, damage % factor, core, hit.total, hit.kind)
        found = self.wounds.get(key)
        if found is None:
            assert hit.account is not None
            tallies: dict[str, Scalar] = {DAMAGE: damage % factor}
            if core:
                tallies[degrees_mark(InjuryType.CORE)] = core
            victim = with_rest(self.started[self.ids[index]], ((), (), ()), 0, tallies)
            state = self.started.with_combatant(victim)
            kind = None if hit.kind is None else KINDS[hit.kind]
            events = wound(state, victim.id, hit.account, kind, settings=self.ruleset.rules)
            taken = next(e for e in events if isinstance(e, DamageTaken))
            dead = any(isinstance(e, MarkSet) and e.key == DEAD and e.value for e in events)
            found = self.wounds[key] = (taken.degrees, dead)
        return found

    def turn(self, index: int, end: bool, rest: int, dead: bool) -> int:
        """The rest of fighter ``index`` after the start (or ``end``) of its own turn."""
        key = (index, end, rest, dead)
        found = self.turns.get(key)
        if found is None:
            found = self.turns[key] = self._turn(index, end, rest, dead)
        return found

    def _turn(self, index: int, end: bool, rest: int, dead: bool) -> int:
        me = self.ids[index]
        state = self.started.with_combatant(self._as(index, rest, {DEAD: True} if dead else {}))
        hook = self.ruleset.at_turn_end if end else self.ruleset.at_turn_start
        dice = BranchingDice(())
        try:
            events = list(hook(state, Turn((me,), 0), dice))
            after = state
            for event in events:
                after = event.apply(after)
            for event in self.ruleset.follow_ups(after, events, dice):
                after = event.apply(after)
        except DiceNeeded as needed:
            moment = "end" if end else "start"
            raise Unmirrorable(f"the {moment} of a turn rolls dice ({needed})") from needed
        for who, was in state.combatants.items():
            if who != me and after[who] != was:
                raise Unmirrorable(f"{state[me].name}'s turn changes {was.name}")
        return self.rest(index, after[me])

    def takes_turn(self, index: int, rest: int) -> bool:
        """Whether fighter ``index``, alive, with ``rest`` takes its turn (the dead take none:
        ``lurasko.plan`` checks the rules say so)."""
        known = self.able[index]
        found = known.get(rest)
        if found is None:
            combatant = self._as(index, rest, {})
            found = known[rest] = self.ruleset.takes_turn(self.started, combatant)
        return found

    def dead_take_turns(self, index: int, rest: int) -> bool:
        """Whether the rules let fighter ``index`` take turns dead, with ``rest``."""
        return self.ruleset.takes_turn(self.started, self._as(index, rest, {DEAD: True}))

"""Kingsdale's study tables, filled lazily from the rules the first time the lean loop needs one.

A fighter's state, as the loop keeps it: its damage pools (armour layers, M.D.C., S.D.C., H.P.),
its Actions and the actions it owes the next pose (a dodge borrowed them), each weapon's payload,
and its effects (a fumble's failed or dropped weapon, a stray strike waiting for the game
master), interned as a number. Seven tables, each asked of the rules' own code:

* ``fill``: a fighter's Actions and what it still owes as a pose begins (the ruleset's
  ``at_turn_start`` at the pose's first turn), keyed on the fighter, its natural initiative
  die, whether the melee round is the first, the pose's first turn and what it owes;
* ``choice``: what the tactics do on a fighter's turn against the enemy they strike (its
  ``choose``, with the other enemies out of the picture): strike with which weapon, change
  which magazine, or nothing, keyed on its Actions, its effects and which payloads are empty
  (the rest full: a strike spends one shot);
* ``strike``: every resolution of the strike (``odds.leaves``): a miss, a fumble and what it
  leaves on the striker, or a hit waiting for its defence (its total and natural die), keyed
  on the two fighters and their effects;
* ``defence``: the defender's answer the tactics give (``react``) and every resolution of it,
  the defence roll branched once per way the rules read it (defended or not: ``defended``)
  and the damage roll as one: what it spends of the defender's Actions or owes, and whether
  damage gets through, keyed on the strike waiting, the defender's Actions, what it owes, its
  effects and the pose (a dodge borrows only what the next pose holds);
* ``damage``: what gets through a failed answer (the answer resolved with its defence roll
  failed, the damage roll on all its totals), keyed on the strike waiting and the answer;
* ``wound``: what that damage does to the defender's pools, the rules' ``wound``, keyed on
  the pools and the damage;
* ``stray``: a fumble of 2 settled as the tactics settle it (the game master's ``stray
  -roll``, every resolution of it): the striker's effects after it, and the teammate the dice
  put in the line of fire with the damage rolled against it, keyed on the striker, its
  effects and its standing teammates.

Whatever a resolution changes beyond those (another fighter, a mark, a pool, the clock) is
``Unmirrorable``: the fight goes to the engine, named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from fracas.dice import Expression, RollResult
from fracas.engine.action import Action, CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import EffectApplied
from fracas.engine.state import Combatant, Effect, EncounterState, Scalar
from fracas.rules.kingsdale.actions import Reload, Stray, Strike
from fracas.rules.kingsdale.combat import damage_dice, wound
from fracas.rules.kingsdale.events import DamageRolled, DamageTaken, DefenceRolled
from fracas.rules.kingsdale.poses import POSES
from fracas.rules.kingsdale.queries import ACTIONS, INIT_NATURAL, OWED, POSE, STRIKE, sheet_of
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.rules.kingsdale.sheet import payload_pool
from fracas.rules.kingsdale.strike import defended
from fracas.sim.branching import Branch, BranchingDice, notation
from fracas.sim.odds import Leaf, TooManyBranches, leaves
from fracas.sim.policy import Policy, Reacting, tactics_for
from fracas.sim.study.drawn import Drawn, drawn
from fracas.sim.study.kingsdale_outcomes import Answer, Choice, Hit, Pools, Strayed, Swing
from fracas.sim.study.striking import on_turn_of
from fracas.sim.study.table import Unmirrorable

EffectKey = tuple[str, CombatantId | None, tuple[tuple[str, Scalar], ...]]


SPARE = 9
"""The Actions a striker is pictured with: a strike reads them only to pay its cost."""


@dataclass
class Tables:
    """The tables of one encounter, filled as they are asked."""

    ruleset: Kingsdale
    started: EncounterState
    """The fight just started (seed 0): the fighters as they began, the clock in round 1."""
    ids: tuple[CombatantId, ...]
    damage_pools: tuple[tuple[str, ...], ...]
    """Each fighter's damage pools, in the order the loop keeps them."""
    resolutions: int = 0
    effects: list[tuple[Effect, ...]] = field(default_factory=lambda: [()])
    """Every set of effects met, by number (0: none)."""
    waiting: list[Effect] = field(default_factory=list)
    """Every strike met waiting on a defender, by number."""
    fills: dict[tuple[int, int, bool, int, int], tuple[int, int]] = field(default_factory=dict)
    choices: dict[tuple[int, int, int, frozenset[str], int], Choice | None] = field(
        default_factory=dict
    )
    strikes: dict[tuple[int, str, int, int, int], Drawn[Swing]] = field(default_factory=dict)
    defences: dict[tuple[int, int, int, int, int, int], Drawn[Answer]] = field(default_factory=dict)
    damages: dict[tuple[int, int, str], Drawn[Hit]] = field(default_factory=dict)
    wounds: dict[tuple[int, int, bool, Pools], tuple[Pools, int]] = field(default_factory=dict)
    strays: dict[tuple[int, int, tuple[int, ...]], Drawn[Strayed]] = field(default_factory=dict)
    merged: dict[tuple[str, int, int, bool], tuple[tuple[Branch, ...], tuple[Branch, ...]]] = field(
        default_factory=dict
    )
    """A defence roll's branches against a strike's total and natural die, as ``_answered``
    merged them (kept while the rules hand out the same branches)."""
    _effect_numbers: dict[tuple[EffectKey, ...], int] = field(default_factory=lambda: {(): 0})
    _waiting_numbers: dict[EffectKey, int] = field(default_factory=dict)
    _turn_of: dict[int, EncounterState] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tactics: Policy = tactics_for(self.ruleset)
        if not isinstance(self.tactics, Reacting):
            raise Unmirrorable("its tactics give no answer to a strike")
        self.reacting: Reacting = self.tactics
        self.chooser = type(self.ruleset)(self.ruleset.rules)
        """A ruleset of its own for ``choice``'s pictures, whose standing cache they keep."""

    # --- poses --------------------------------------------------------------------------------

    def fill(self, index: int, natural: int, first: bool, turn: int, owed: int) -> tuple[int, int]:
        """The Actions and debt of fighter ``index`` after the start of the turn at ``turn``
        of the order (a pose's first) in the first melee round or a later one."""
        key = (index, natural, first, turn, owed)
        found = self.fills.get(key)
        if found is None:
            found = self.fills[key] = self._fill(index, natural, 1 if first else 2, turn, owed)
        return found

    def _fill(self, index: int, natural: int, melee: int, turn: int, owed: int) -> tuple[int, int]:
        me = self.ids[index]
        clock = replace(self.started.clock, round=melee, index=turn)
        base = self.started[me]
        marks: dict[str, Scalar] = {INIT_NATURAL: natural, **({OWED: owed} if owed else {})}
        state = replace(self.started, clock=clock).with_combatant(replace(base, marks=marks))
        events = self.ruleset.at_turn_start(state, clock.order[turn], BranchingDice(()))
        after = state
        for event in events:
            after = event.apply(after)
        now = after[me]
        kept = {ACTIONS: now.pools[ACTIONS]}
        changed = replace(
            now,
            pools={**now.pools, **{n: p for n, p in base.pools.items() if n != ACTIONS}},
            marks=base.marks,
        )
        if changed != replace(base, pools={**base.pools, **kept}) or set(now.marks) - {
            INIT_NATURAL,
            POSE,
            OWED,
        }:
            raise Unmirrorable(f"a pose's start changes more of {base.name} than its Actions")
        return now.pools[ACTIONS].current, int(now.marks.get(OWED) or 0)

    # --- choices ------------------------------------------------------------------------------

    def choice(
        self, actor: int, target: int, effects: int, empty: frozenset[str], actions: int
    ) -> Choice | None:
        """What the tactics do on ``actor``'s turn, ``target`` the enemy they strike, with
        ``actions`` left, ``effects`` and the payloads ``empty`` (the rest full)."""
        key = (actor, target, effects, empty, actions)
        if key not in self.choices:
            self.choices[key] = self._choice(actor, target, effects, empty, actions)
        return self.choices[key]

    def _choice(
        self, actor: int, target: int, effects: int, empty: frozenset[str], actions: int
    ) -> Choice | None:
        me, foe = self.ids[actor], self.ids[target]
        state = self._on_turn_of(actor)
        state = state.with_combatant(self._as(actor, actions, 0, effects, empty))
        alone = {
            who: c for who, c in state.combatants.items() if who == foe or c.side == state[me].side
        }
        encounter = Encounter(self.chooser, 0, history=False)
        encounter.state = replace(state, combatants=alone)
        action = tactics_for(self.chooser).choose(encounter, me)
        if action is None:
            return None
        cost = tuple(sorted(encounter.rule(action).cost(encounter.state, action).items()))
        if (
            isinstance(action, Strike)
            and action.weapon is not None
            and action == Strike(actor=me, target=foe, weapon=action.weapon)
        ):
            return Choice(False, action.weapon, cost)
        if isinstance(action, Reload):
            pool, payload = self._reloaded(encounter, action)
            return Choice(True, action.weapon, cost, pool, payload)
        if action == Stray(striker=me, roll=True):
            return Choice(False, "", cost, stray=True)
        raise Unmirrorable(
            f"{state[me].name}'s tactics do what study mode does not play ({action})"
        )

    def _reloaded(self, encounter: Encounter, action: Reload) -> tuple[str, int]:
        """The payload a magazine change leaves (it rolls nothing; it changes nothing else)."""
        before = encounter.state
        (leaf,) = self._leaves(encounter, action)
        assert action.actor is not None
        weapon = sheet_of(before[action.actor]).weapon(action.weapon)
        assert weapon is not None and weapon.payload is not None
        pool = payload_pool(weapon)
        now = leaf.state[action.actor]
        paid = self._paid(before, action)
        if replace(now, pools={**now.pools, pool: paid.pools[pool]}) != paid:
            raise Unmirrorable(f"{now.name}'s magazine change does more than fill its payload")
        return pool, now.pools[pool].current

    # --- strikes ------------------------------------------------------------------------------

    def strike(self, actor: int, weapon: str, target: int, mine: int, theirs: int) -> Drawn[Swing]:
        """The outcomes of ``actor``'s strike with ``weapon`` on ``target``, the two with the
        effects ``mine`` and ``theirs``."""
        key = (actor, weapon, target, mine, theirs)
        found = self.strikes.get(key)
        if found is None:
            found = self.strikes[key] = self._strike(actor, weapon, target, mine, theirs)
        return found

    def _strike(self, actor: int, weapon: str, target: int, mine: int, theirs: int) -> Drawn[Swing]:
        me, foe = self.ids[actor], self.ids[target]
        action = Strike(actor=me, target=foe, weapon=weapon)
        encounter = Encounter(self.ruleset, 0, history=False)
        state = self._on_turn_of(actor).with_combatant(self._as(actor, SPARE, 0, mine, frozenset()))
        encounter.state = state.with_combatant(self._as(target, 0, 0, theirs, frozenset()))
        before = encounter.state
        paid = self._paid(before, action)
        chances: dict[Swing, Fraction] = {}
        for leaf in self._leaves(encounter, action):
            after = leaf.state
            self._only(before, after, (me, foe), action)
            striker = after[me]
            if replace(striker, effects=paid.effects) != paid:
                raise Unmirrorable(f"{self._said(action)}: it changes more of the striker")
            if not self.ruleset.takes_turn(after, striker):
                raise Unmirrorable(f"{self._said(action)}: it takes the striker out of the fight")
            new = [e for e in after[foe].effects if e not in before[foe].effects]
            if replace(after[foe], effects=before[foe].effects) != before[foe] or len(new) > 1:
                raise Unmirrorable(f"{self._said(action)}: it does more to its target than wait")
            if new and new[0].name != STRIKE:
                raise Unmirrorable(f"{self._said(action)}: it leaves {new[0].name} on its target")
            swing = Swing(
                self._effects_number(striker.effects), self._waiting(new[0]) if new else None
            )
            chances[swing] = chances.get(swing, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
        return drawn(chances)

    def _waiting(self, effect: Effect) -> int:
        key = _effect_key(effect)
        found = self._waiting_numbers.get(key)
        if found is None:
            found = self._waiting_numbers[key] = len(self.waiting)
            self.waiting.append(effect)
        return found

    # --- defences -----------------------------------------------------------------------------

    def defence(
        self, target: int, waiting: int, actions: int, owed: int, effects: int, pose: int = 0
    ) -> Drawn[Answer]:
        """The outcomes of ``target``'s answer to the strike ``waiting`` on it, with
        ``actions`` left, ``owed`` and ``effects``, in ``pose`` (0-2: a dodge borrows only what
        the next pose holds)."""
        key = (target, waiting, actions, owed, effects, pose)
        found = self.defences.get(key)
        if found is None:
            found = self.defences[key] = self._defence(*key)
        return found

    def _defence(
        self, target: int, waiting: int, actions: int, owed: int, effects: int, pose: int
    ) -> Drawn[Answer]:
        foe = self.ids[target]
        strike = self.waiting[waiting]
        attacker = CombatantId(str(strike.data["attacker"]))
        defender = self._as(target, actions, owed, effects, frozenset())
        defender = replace(defender, effects=(*defender.effects, replace(strike, id="w")))
        encounter = Encounter(self.ruleset, 0, history=False)
        encounter.state = self._in_pose(self.ids.index(attacker), pose).with_combatant(defender)
        answer = self.reacting.react(encounter, foe)
        if answer is None:
            raise Unmirrorable(f"{defender.name}'s tactics leave a strike unanswered")
        before = encounter.state
        chances: dict[Answer, Fraction] = {}
        for leaf in self._answered(encounter, answer, strike, through=False):
            after = leaf.state
            now = after[foe]
            kept = {name: before[foe].pools[name] for name in self.damage_pools[target]} | {
                ACTIONS: before[foe].pools[ACTIONS]
            }
            marks = {k: v for k, v in now.marks.items() if k != OWED}
            was = {k: v for k, v in before[foe].marks.items() if k != OWED}
            if marks != was or {**now.pools, **kept} != before[foe].pools:
                raise Unmirrorable(f"{self._said(answer)}: it changes more of {now.name}")
            through = any(isinstance(e, DamageRolled) for e in leaf.events)
            outcome = Answer(
                actions=now.pools[ACTIONS].current,
                owed=int(now.marks.get(OWED) or 0),
                effects=self._effects_number(now.effects),
                damage=self._damage(encounter, answer, waiting) if through else None,
            )
            chances[outcome] = chances.get(outcome, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
        return drawn(chances)

    def _damage(self, encounter: Encounter, answer: Action, waiting: int) -> Drawn[Hit]:
        """The damage that gets through ``answer`` to the strike ``waiting`` when it fails:
        the answer's resolutions with the defence roll failed (its failing ways as one, the
        damage roll on all its totals), keyed on the strike, the defender and the answer:
        all the damage roll reads (the defender's pools, which it also reads, are the
        ``wound`` table's)."""
        assert answer.actor is not None
        key = (self.ids.index(answer.actor), waiting, type(answer).__name__)
        found = self.damages.get(key)
        if found is None:
            chances: dict[Hit, Fraction] = {}
            for leaf in self._answered(encounter, answer, self.waiting[waiting], through=True):
                (hit,) = [e for e in leaf.events if isinstance(e, DamageRolled)]
                way = (hit.amount, hit.mega)
                chances[way] = chances.get(way, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
            found = self.damages[key] = drawn(chances)
        return found

    def _answered(
        self, encounter: Encounter, answer: Action, strike: Effect, *, through: bool
    ) -> list[Leaf]:
        """The resolutions of ``answer`` to ``strike``, each checked to change the defender
        alone and to let one plain hit through at most. The defence roll is branched once per
        way the rules read it (``defended`` or not: the rules' ``defended`` against the
        strike's total and natural die); the damage roll as one (its totals are the
        ``_damage`` table's), or, ``through``, the defence roll's failing ways as one, certain,
        and the damage roll on all its totals. The two rolls are told apart by their notation:
        a resolution whose defence roll is written as the damage roll is Unmirrorable."""
        state = encounter.state
        attacker = CombatantId(str(strike.data["attacker"]))
        weapon = sheet_of(state[attacker]).weapon(str(strike.data["weapon"]))
        assert weapon is not None and answer.actor is not None
        damage = notation(damage_dice(sheet_of(state[attacker]), weapon))
        total, natural = int(strike.data["total"] or 0), int(strike.data["natural"] or 0)
        settings = self.ruleset.rules

        def merge(expression: Expression, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
            written = notation(expression)
            if written == damage:
                return branches if through else ((branches[0][0], Fraction(1)),)
            key = (written, total, natural, through)
            known = self.merged.get(key)
            if known is not None and known[0] is branches:
                return known[1]
            merged: dict[bool, Branch] = {}
            for draw, share in branches:
                if not isinstance(draw, RollResult):
                    return branches
                way = defended(
                    defence_total=draw.total,
                    defence_natural=draw.kept_faces(20)[0],
                    strike_total=total,
                    strike_natural=natural,
                    settings=settings,
                )
                first = merged.get(way)
                merged[way] = (draw, share) if first is None else (first[0], first[1] + share)
            ways = tuple(merged.values())
            if through:
                ways = ((merged[False][0], Fraction(1)),) if False in merged else ()
            self.merged[key] = (branches, ways)
            return ways

        found = self._leaves(encounter, answer, merge)
        for leaf in found:
            self._only(state, leaf.state, (answer.actor,), answer)
            rolled = [e for e in leaf.events if isinstance(e, DefenceRolled) and e.roll]
            if any(e.roll is not None and e.roll.expression == damage for e in rolled):
                raise Unmirrorable(f"{self._said(answer)}: its roll is written as the damage's")
            hits = [e for e in leaf.events if isinstance(e, DamageRolled)]
            taken = [e for e in leaf.events if isinstance(e, DamageTaken)]
            if len(hits) > 1 or any(t.account.killed or t.account.severed for t in taken):
                raise Unmirrorable(f"{self._said(answer)}: more than one plain hit gets through")
        return found

    # --- wounds -------------------------------------------------------------------------------

    def wound(self, index: int, damage: int, mega: bool, pools: Pools) -> tuple[Pools, int]:
        """Fighter ``index``'s damage pools after ``damage`` (``mega``: M.D.) on ``pools``,
        and what they lost in all (the rules' ``wound``)."""
        key = (index, damage, mega, pools)
        found = self.wounds.get(key)
        if found is None:
            found = self.wounds[key] = self._wound(index, damage, mega, pools)
        return found

    def _wound(self, index: int, damage: int, mega: bool, pools: Pools) -> tuple[Pools, int]:
        me = self.ids[index]
        names = self.damage_pools[index]
        base = self.started[me]
        victim = replace(
            base,
            pools={
                **base.pools,
                **{n: replace(base.pools[n], current=v) for n, v in zip(names, pools, strict=True)},
            },
        )
        state = self.started.with_combatant(victim)
        events = wound(state, me, damage, mega, None, self.ruleset.rules)
        if any(isinstance(e, EffectApplied) for e in events):
            raise Unmirrorable(f"a hit does more to {base.name} than take its pools")
        for event in events:
            state = event.apply(state)
        now = tuple(state[me].pools[n].current for n in names)
        return now, sum(pools) - sum(now)

    # --- stray strikes -----------------------------------------------------------------------

    def stray(self, striker: int, effects: int, teammates: tuple[int, ...]) -> Drawn[Strayed]:
        """The outcomes of the tactics' ``stray -roll`` for ``striker``'s fumble of 2, with
        ``effects``, ``teammates`` (indices, in the order they joined) standing."""
        key = (striker, effects, teammates)
        found = self.strays.get(key)
        if found is None:
            found = self.strays[key] = self._stray(striker, effects, teammates)
        return found

    def _stray(self, striker: int, effects: int, teammates: tuple[int, ...]) -> Drawn[Strayed]:
        me = self.ids[striker]
        team = {self.ids[i] for i in teammates}
        state = self._on_turn_of(striker).with_combatant(
            self._as(striker, 0, 0, effects, frozenset())
        )
        side = state[me].side
        kept = {w: c for w, c in state.combatants.items() if c.side != side or w in team | {me}}
        encounter = Encounter(self.ruleset, 0, history=False)
        encounter.state = before = replace(state, combatants=kept)
        action = Stray(striker=me, roll=True)
        ways: dict[tuple[int, int | None], dict[Hit, Fraction]] = {}
        for leaf in self._leaves(encounter, action):
            after = leaf.state
            self._only(before, after, (me, *team), action)
            if replace(after[me], effects=before[me].effects) != before[me]:
                raise Unmirrorable(f"{self._said(action)}: it changes more of the striker")
            hits = [e for e in leaf.events if isinstance(e, DamageRolled)]
            taken = [e for e in leaf.events if isinstance(e, DamageTaken)]
            if len(hits) > 1 or any(t.account.killed or t.account.severed for t in taken):
                raise Unmirrorable(f"{self._said(action)}: more than one plain hit")
            mate = self.ids.index(hits[0].target) if hits else None
            for other in team:
                index = self.ids.index(other)
                names = self.damage_pools[index]
                pools = {n: p for n, p in after[other].pools.items() if n not in names}
                if replace(after[other], pools={**before[other].pools, **pools}) != before[other]:
                    raise Unmirrorable(f"{self._said(action)}: it changes more of {other}")
            way = (self._effects_number(after[me].effects), mate)
            hit: Hit = (hits[0].amount, hits[0].mega) if hits else (0, False)
            chances = ways.setdefault(way, {})
            chances[hit] = chances.get(hit, Fraction(0)) + Fraction(leaf.weight, leaf.scale)
        outcomes: dict[Strayed, Fraction] = {}
        for (after_effects, mate), chances in ways.items():
            total = sum(chances.values(), Fraction(0))
            damage = drawn({h: c / total for h, c in chances.items()}) if mate is not None else None
            outcomes[Strayed(after_effects, mate, damage)] = total
        return drawn(outcomes)

    # --- pictures -----------------------------------------------------------------------------

    def _on_turn_of(self, index: int) -> EncounterState:
        found = self._turn_of.get(index)
        if found is None:
            found = self._turn_of[index] = on_turn_of(
                self.ruleset, self.started, self.started[self.ids[index]]
            ).state
        return found

    def _in_pose(self, index: int, pose: int) -> EncounterState:
        """The fight on fighter ``index``'s turn in ``pose`` (0-2) of the first melee round."""
        state = self._on_turn_of(index)
        if pose == 0:
            return state
        turns = state.clock.order
        label, me = POSES[pose], self.ids[index]
        turn = next(k for k, t in enumerate(turns) if t.label == label and t.actors == (me,))
        return replace(state, clock=replace(state.clock, index=turn))

    def _as(
        self, index: int, actions: int, owed: int, effects: int, empty: frozenset[str]
    ) -> Combatant:
        """Fighter ``index`` as it started, with ``actions``, the debt ``owed``, ``effects``
        and the payloads ``empty`` spent."""
        base = self.started[self.ids[index]]
        pools = dict(base.pools)
        pools[ACTIONS] = replace(pools[ACTIONS], current=actions)
        for name in empty:
            pools[name] = replace(pools[name], current=0)
        marks = {**base.marks, **({OWED: owed} if owed else {})}
        listed = tuple(replace(e, id=f"s{n}") for n, e in enumerate(self.effects[effects], 1))
        return replace(base, pools=pools, marks=marks, effects=listed)

    def _effects_number(self, effects: Sequence[Effect]) -> int:
        """The number of a set of effects; Unmirrorable for one that ends at an anchor (the
        loop keeps no clock of effects)."""
        ending = [e.name for e in effects if e.ends is not None]
        if ending:
            raise Unmirrorable(f"an effect that ends at a turn ({', '.join(ending)})")
        key = tuple(sorted(_effect_key(e) for e in effects))
        found = self._effect_numbers.get(key)
        if found is None:
            found = self._effect_numbers[key] = len(self.effects)
            self.effects.append(tuple(effects))
        return found

    def _paid(self, state: EncounterState, action: Action) -> Combatant:
        """The actor once ``action``'s cost is paid (what the engine does before resolving)."""
        assert action.actor is not None
        me = state[action.actor]
        cost = self.ruleset.rule(action).cost(state, action)  # type: ignore[union-attr]
        pools = {n: replace(p, current=p.current - cost.get(n, 0)) for n, p in me.pools.items()}
        return replace(me, pools=pools)

    def _leaves(
        self,
        encounter: Encounter,
        action: Action,
        merge: Callable[[Expression, tuple[Branch, ...]], tuple[Branch, ...]] | None = None,
    ) -> list[Leaf]:
        try:
            found = leaves(encounter, action, merge=merge)
        except TooManyBranches as error:
            raise Unmirrorable(f"{self._said(action)}: too many ways to roll ({error})") from error
        self.resolutions += found[-1].resolved if found else 0
        return found

    def _only(
        self,
        before: EncounterState,
        after: EncounterState,
        pair: Sequence[CombatantId],
        action: Action,
    ) -> None:
        """Unmirrorable when ``action`` changed others than ``pair`` and its actor, or the
        clock."""
        same = replace(
            after,
            combatants=before.combatants,
            rng=before.rng,
            next_effect=before.next_effect,
            ended=before.ended,
        )
        if same != before:
            raise Unmirrorable(f"{self._said(action)}: it changes the clock or the encounter")
        for who, was in before.combatants.items():
            if who in pair or who == action.actor:
                continue
            if after.combatants.get(who) != was:
                raise Unmirrorable(f"{self._said(action)}: it changes {was.name} too")

    def _said(self, action: Action) -> str:
        actor = self.started[action.actor].name if action.actor is not None else "?"
        return f"{actor}'s {action.verb}"


def _effect_key(effect: Effect) -> EffectKey:
    return (effect.name, effect.source, tuple(sorted(effect.data.items())))

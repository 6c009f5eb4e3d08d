"""The ruleset seam: what a rule system declares so the engine can run it.

A ruleset is a class with a descriptor, a settings model and a sheet model, the pools a sheet
gives, how a round is ordered, and a ``Rule`` (cost, verify, resolve) for each of its actions.
The engine calls these hooks and does all the bookkeeping around them (costs, snapshots, the
log), so no ruleset can skip it. An instance carries the encounter's settings.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from fracas.dice import DiceSource
from fracas.engine.action import Action, CombatantId
from fracas.engine.descriptor import Descriptor as Descriptor  # also named here, as before
from fracas.engine.events import EffectEnded, Event, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.standing import Outcome, Standing
from fracas.engine.state import Combatant, Effect, EncounterState, Moment, Pool, Reset, Sheet, Turn
from fracas.errors import FracasError

A = TypeVar("A", bound=Action, contravariant=True)

Cost = Mapping[str, int]
"""What an action spends: pool name → amount (``{"AP": 2}``)."""


class IllegalAction(FracasError):
    """The rules forbid the action. ``code`` is stable for programs, ``reason`` is for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


DECIDED = 64
"""How many combatants mappings ``Ruleset.decided`` remembers the outcome of."""

DAMAGE_BY_GM = "damage from the game master"
HEALED_BY_GM = "healed by the game master"
"""The reasons of the pool changes a game master's quick edit makes."""


def healed(who: str, name: str, pool: Pool, amount: int) -> int:
    """How much of ``amount`` a ``pool`` (called ``name``, of ``who``) regains below its
    maximum; IllegalAction when it is full."""
    if pool.current >= pool.maximum:
        raise IllegalAction(
            "nothing-to-heal", f"{who} has nothing to heal ({name} {pool.current}/{pool.maximum})"
        )
    return min(amount, pool.maximum - pool.current)


class Rule(Protocol, Generic[A]):
    """How one kind of action is costed, checked and carried out."""

    def cost(self, state: EncounterState, action: A) -> Cost:
        """What the action spends; the engine refuses it when a pool cannot pay."""

    def verify(self, state: EncounterState, action: A) -> None:
        """Raise IllegalAction when the rules forbid the action in this state."""

    def resolve(self, state: EncounterState, action: A, dice: DiceSource) -> Sequence[Event]:
        """The events the action causes, rolling only with ``dice``. ``state`` has the cost paid."""


@frozen
class Track:
    """One line of a combatant's damage track as its ruleset keeps it, for a game master's eyes:
    a pool damage takes (``LP 40/60``) or a running count (``Damage 23``, ``Core 2``).
    ``maximum`` is None for a count with no ceiling; ``note`` says in words what the number
    counts or is counted in (``degrees of injury``, ``a degree every 8``)."""

    name: str
    current: int
    maximum: int | None = None
    note: str = ""


class Ruleset(ABC):
    """Base of every rule system. Subclasses set the class attributes and implement the hooks."""

    descriptor: ClassVar[Descriptor]
    settings_model: ClassVar[type[BaseModel]]
    sheet_model: ClassVar[type[BaseModel]]
    actions: ClassVar[tuple[type[Action], ...]] = ()
    """The ruleset's own actions, reachable from the command language."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    """The ruleset's own events, so saved logs can be read back."""
    conditions: ClassVar[tuple[str, ...]] = ()
    """Its status list: the effects its rules read that a game master may put on with the
    ``effect`` command (a picker offers them; any other name is still allowed)."""

    def __init__(self, settings: BaseModel | None = None) -> None:
        self.settings = settings if settings is not None else self.settings_model()
        self._decided: dict[int, tuple[Mapping[CombatantId, Combatant], Outcome | None]] = {}
        self._standing: Standing | None = None

    @abstractmethod
    def rule(self, action: Action) -> Rule[Any] | None:
        """The rule for ``action``, or None when this ruleset has no such action."""

    @abstractmethod
    def pools(self, sheet: Sheet) -> Mapping[str, Pool]:
        """The resource pools a combatant with this sheet starts with."""

    @abstractmethod
    def roll_initiative(
        self, state: EncounterState, combatants: Sequence[CombatantId], dice: DiceSource
    ) -> Sequence[Event]:
        """Events setting the initiative of ``combatants`` (everyone, or a newcomer)."""

    @abstractmethod
    def order(self, state: EncounterState) -> tuple[Turn, ...]:
        """The order of the round that is about to start (``state.clock.round`` is the last)."""

    def is_surprise_round(self, state: EncounterState) -> bool:
        """Whether the round about to start is a surprise round, played before round 1 (the
        rounds people are told of count from the first one after it). By default none is."""
        return False

    def at_round_start(self, state: EncounterState, dice: DiceSource) -> Sequence[Event]:
        """Events before a new round is ordered (re-rolled initiative, per-round resets)."""
        return ()

    def at_turn_start(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """Events when a turn starts, after pools refill and expired effects end."""
        return ()

    def at_turn_end(self, state: EncounterState, turn: Turn, dice: DiceSource) -> Sequence[Event]:
        """Events when a turn ends, before effects anchored to its end expire (repeat saves)."""
        return ()

    def expire(
        self,
        state: EncounterState,
        combatant: CombatantId,
        moment: Moment,
        due: Sequence[tuple[CombatantId, Effect]],
    ) -> Sequence[Event]:
        """Events ending the effects ``due`` (holder, effect) at ``moment`` of ``combatant``'s
        turn: those anchored there or earlier. The default ends them all now, in that order. A
        ruleset whose players choose the order may leave them on and end them later itself;
        those still on when the turn ends are offered again then, and the next round's start
        ends whatever is left."""
        return [EffectEnded(holder, effect.id, reason="expired") for holder, effect in due]

    def may_end_turn(self, state: EncounterState, actor: CombatantId | None) -> str | None:
        """Why ``actor`` (None: the game master) may not end the current turn now (something
        else must be finished first), or None when it may."""
        return None

    def before_turn_end(self, state: EncounterState, dice: DiceSource) -> Sequence[Event] | None:
        """Called when a turn is ended with ``end`` (not when a game master moves the turn, a
        combatant leaves or a turn is skipped): events that keep the turn going a little longer
        (a choice its player makes first, after which the ruleset ends the turn itself), or
        None (the default) to end it now."""
        return None

    def follow_ups(
        self, state: EncounterState, events: Sequence[Event], dice: DiceSource
    ) -> Sequence[Event]:
        """Events that ``events`` trigger (a threshold crossed); called until it returns none."""
        return ()

    def candidates(self, state: EncounterState, actor: CombatantId) -> tuple[type[Action], ...]:
        """The kinds of this ruleset's actions that ``actor`` may be allowed now, in the order
        of ``actions``: a kind left out is one the rules refuse ``actor`` now whatever the
        action's other fields (a defence its sheet does not have, a ruling only the game master
        gives), so tactics need not try it. By default every kind."""
        return self.actions

    def takes_turn(self, state: EncounterState, combatant: Combatant) -> bool:
        """Whether ``combatant`` acts when its turn comes; the engine skips the turn otherwise.
        Never true of one the ruleset says is not ``standing`` (the tactics look for enemies
        who act among those standing)."""
        return True

    def standing(self, combatant: Combatant) -> bool | None:
        """Whether ``combatant`` still stands in the fight (True), is down (False), or does not
        count (None: an object, or, by default, anyone: then only a game master ends a fight).

        Read from the combatant alone: ``standing_in`` keeps the answers, asking again only of
        a combatant an event changed."""
        return None

    def standing_in(self, state: EncounterState) -> Standing:
        """Who stands in ``state`` (``standing``): the last answer brought up to date, asking
        again only of the combatants that changed."""
        known = self._standing
        if known is None:
            known = Standing.of(state.combatants, self.standing)
        else:
            known = known.now(state.combatants)
        self._standing = known
        return known

    def outcome(self, state: EncounterState) -> Outcome | None:
        """How the fight is over, or None while it goes on: by default when those who count
        (``standing``) are of several sides and only one side, or none, has anyone standing.

        Read from the combatants alone (``state.combatants``): the engine asks it through
        ``decided``, which works it out once for each combatants mapping."""
        return self.standing_in(state).outcome()

    def decided(self, state: EncounterState) -> Outcome | None:
        """``outcome(state)``, remembered for the last ``DECIDED`` combatants mappings asked
        about (by identity, each kept alive with its outcome).

        The engine asks after every step, every turn it starts and every turn it skips; most
        clock events (a turn started, dice drawn) leave the combatants mapping as it was, and
        the state never mutates it, so the same mapping has the same outcome. The exact odds
        ask of the same few mappings in turn: the leaves that share a stage share its state."""
        combatants = state.combatants
        known = self._decided.get(id(combatants))
        if known is not None and known[0] is combatants:
            return known[1]
        over = self.outcome(state)
        if len(self._decided) >= DECIDED:
            self._decided.clear()
        self._decided[id(combatants)] = (combatants, over)
        return over

    def held_order(
        self, state: EncounterState, holders: tuple[CombatantId, ...]
    ) -> tuple[CombatantId, ...]:
        """The order in which turns still held at the end of the round are taken: by default
        the highest initiative first."""
        return tuple(sorted(holders, key=lambda c: -(state[c].initiative or 0)))

    def may_hold(self, state: EncounterState, combatant: CombatantId) -> str | None:
        """Why ``combatant`` may not hold its turn now, or None when it may."""
        return "this rule system has no held turns"

    def default_actor(self, state: EncounterState, action: type[Action]) -> CombatantId | None:
        """Who gives an ``action`` the game master types without naming anyone, when it is
        not the one whose turn it is (the defender a strike waits on); None: no such one."""
        return None

    # --- the game master's quick edits (``damage``, ``heal``) ------------------------------

    damage_kinds: ClassVar[tuple[str, ...]] = ()
    """The words ``damage -type`` takes (M.D., an injury type …); none: it takes no type."""
    heal_kinds: ClassVar[tuple[str, ...]] = ()
    """The words ``heal -type`` takes (what is healed first); none: it takes no type."""

    def harm(
        self,
        state: EncounterState,
        target: CombatantId,
        amount: int,
        kind: str | None,
        dice: DiceSource,
    ) -> Sequence[Event]:
        """The events of ``target`` taking ``amount`` damage of ``kind`` (one of
        ``damage_kinds``; None: the usual kind) straight from the game master: no roll to hit,
        no defences, but the thresholds it crosses have their usual consequences. The default
        takes it off the first of ``damage_pools``."""
        pool = self._quick_pool(state[target])
        return [PoolChanged(target, pool, -amount, DAMAGE_BY_GM)]

    def heal(
        self, state: EncounterState, target: CombatantId, amount: int, kind: str | None
    ) -> Sequence[Event]:
        """The events of the game master healing ``amount`` of ``target``'s damage (``kind``:
        one of ``heal_kinds``, or None), never above a maximum; IllegalAction when there is
        nothing to heal. The default raises the first of ``damage_pools`` up to its maximum."""
        combatant = state[target]
        name = self._quick_pool(combatant)
        pool = combatant.pools[name]
        return [PoolChanged(target, name, healed(combatant.name, name, pool, amount), HEALED_BY_GM)]

    def _quick_pool(self, combatant: Combatant) -> str:
        pools = self.damage_pools(combatant)
        if not pools:
            raise IllegalAction("no-damage-pool", f"{combatant.name} has nothing to take damage")
        return pools[0]

    # --- for the analysis tools (``fracas odds``, ``fracas sim``): optional --------------

    def damage_pools(self, combatant: Combatant) -> tuple[str, ...]:
        """The pools whose loss the analysis tools count as damage (HP, Vitality).

        The default is every pool of the combatant that never refills (``Reset.NEVER``); a
        ruleset with other such pools (Ki, Narrative Momentum) names its health pool here.
        """
        return tuple([name for name, pool in combatant.pools.items() if pool.reset is Reset.NEVER])

    def damage_suffered(self, combatant: Combatant) -> int:
        """The damage ``combatant`` has taken so far, in the ruleset's own unit: what the
        analysis tools count as dealt and taken, and how they tell the most hurt. The default
        is what its ``damage_pools`` have lost; a ruleset that keeps damage elsewhere (a running
        total, degrees of injury) says so here."""
        pools = combatant.pools
        suffered = 0
        for name in self.damage_pools(combatant):  # a loop: asked of everyone after every step
            if name in pools:
                suffered += pools[name].maximum - pools[name].current
        return suffered

    def tracks(self, combatant: Combatant) -> tuple[Track, ...]:
        """The combatant's damage track as a game master reads it. The default is each of its
        ``damage_pools``; a ruleset that counts damage elsewhere (a running total, degrees of
        injury) describes that here."""
        pools = combatant.pools
        return tuple(
            Track(name, pools[name].current, pools[name].maximum)
            for name in self.damage_pools(combatant)
            if name in pools
        )

    def classify(self, events: Sequence[Event]) -> str | None:
        """What one action came to as a designer counts it (``miss``, ``hit``,
        ``critical hit`` …), read from its step's events; ``fracas odds`` tallies these.

        None (the default) means the ruleset does not say: the tools then count ``damage`` or
        ``no damage`` from the damage pools.
        """
        return None

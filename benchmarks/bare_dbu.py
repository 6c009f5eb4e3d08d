"""The reference for the engine-overhead benchmark: the same dbu fight as a bare loop.

Hand-written and deliberately lean: lists of ints, one ``SeededDice`` stream, no states, events,
checks or log. It plays what ``fracas.sim.tactics.dbu`` (the generic attacker, through
``fracas.sim.fight``) plays through the engine in the benchmark's fight, and only that:

* Initiative: a solid d10 + 1/2 the Agility Modifier, one roll for a group of NPCs (which then
  shares one turn); ties go to the higher Agility Score, then to d10 roll-offs, rolled again
  while tied. The order is the same every round.
* 3 Actions a round; a turn starts with its Initiative Advantage (+1 Action 10+ Initiative above
  the highest standing enemy, +1 per Tier above the highest enemy Tier). A turn ends as soon as
  everyone standing in it is out of Actions, except after the killing blow: a decided fight
  starts no more turns, and its rounds are counted up to the round it was decided in.
* On its turn a standing fighter makes Basic Attacks (Simple, Physical, no Ki) at the most hurt
  standing enemy while it has an Action; out of Actions in a turn that goes on (a group's), it
  uses Clairvoyance on that enemy once a round: both Skill Checks are rolled, and what they learn
  changes nothing here (nobody Holds Back).
* Every Combat Roll is d10 + the Tier's Extra Dice, + the Critical Extra Dice on a natural 10,
  - the botch penalty on a natural 1, - the Health Threshold penalty of the roller's band. The
  Strike (+ Haste + Awareness) must beat the Dodge (+ Defense Value - 1 per attack received this
  round; the defender wins ties); then the Wound Roll (+ Force) less Soak comes off Life. Pushing
  the target into a lower band gives the striker +1 Action (Bonus Momentum), once a round.
* No answers out of turn: the dbu tactics never convert Actions into Counter Actions, and with
  no Counter Action nothing else the rules allow a fighter out of its turn here.

The numbers (bonuses, Soak, bands, dice, charges) are read from the sheets with the ruleset's
own formulas, once, before any fight.

Left out, because this fight never reaches it: every other maneuver, Parry, Counter Action,
condition, effect and phase order of the chapter; Ki and Capacity (Basic Attacks spend none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from fracas.dice import Expression, SeededDice
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.damage import band, soak_of, threshold_penalty
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.initiative import advantage_actions, initiative_modifier, order_key
from fracas.rules.dbu.modifiers import dodge_modifiers, strike_modifiers, wound_modifiers
from fracas.rules.dbu.queries import sheet_of, tier_of
from fracas.rules.dbu.rolls import Modifier
from fracas.rules.dbu.ruleset import Dbu
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.tiers import critical_extra_dice, tier_extra_dice, times_tier
from fracas.rules.dbu.vocabulary import Attribute, Foundation
from fracas.sim.fight import MAX_ACTIONS, MAX_ROUNDS


@dataclass(frozen=True)
class Fighter:
    """What a combatant's sheet fixes for the whole fight."""

    side: int
    tier: int
    initiative: int
    agility: int
    strike: int
    defense: int
    wound: int
    soak: int
    life: int
    full: int
    bands: tuple[int, ...]
    """The Health Threshold band at each Life from 0 to ``full``."""
    penalty: tuple[int, ...]
    """The band's penalty to Combat Rolls at each Life from 0 to ``full``."""
    extra: tuple[int, ...]
    """The sides of the Tier's Extra Dice, in rolling order (the Critical ones: ``critical``)."""
    critical: tuple[int, ...]
    botch: int


@dataclass(frozen=True)
class Cast:
    """The fighters (in join order), who shares a turn, who fights whom, the rules' numbers."""

    fighters: tuple[Fighter, ...]
    slots: tuple[tuple[int, ...], ...]
    enemies: tuple[tuple[int, ...], ...]
    allies: tuple[tuple[int, ...], ...]
    sides: tuple[str, ...]
    rules: DbuSettings


def reference(ruleset: Ruleset, setup: EncounterState) -> Callable[[int], tuple[str | None, int]]:
    """The bare loop of ``setup``'s fight: seed -> (the winning side or None, rounds)."""
    assert isinstance(ruleset, Dbu)
    cast = cast_of(ruleset, setup)

    def play(seed: int) -> tuple[str | None, int]:
        winner, rounds = Bout(cast, seed).run()
        return (cast.sides[winner] if winner >= 0 else None), rounds

    return play


def cast_of(ruleset: Dbu, setup: EncounterState) -> Cast:
    combatants = list(setup)
    sides = tuple(sorted({c.side for c in combatants}))
    slots: dict[str, list[int]] = {}
    for index, combatant in enumerate(combatants):
        slots.setdefault(combatant.group or f"id:{combatant.id}", []).append(index)
    return Cast(
        fighters=tuple(fighter(ruleset.rules, setup, c, sides.index(c.side)) for c in combatants),
        slots=tuple(tuple(slot) for slot in slots.values()),
        enemies=tuple(_sided(combatants, c.side, same=False) for c in combatants),
        allies=tuple(_sided(combatants, c.side, same=True) for c in combatants),
        sides=sides,
        rules=ruleset.rules,
    )


def fighter(rules: DbuSettings, setup: EncounterState, combatant: Combatant, side: int) -> Fighter:
    sheet = sheet_of(combatant)
    tier = tier_of(combatant)
    life = combatant.pools[LP]
    bands = tuple(band(lp, life.maximum, settings=rules) for lp in range(life.maximum + 1))
    return Fighter(
        side=side,
        tier=tier,
        initiative=initiative_modifier(sheet),
        agility=sheet.scores[Attribute.AGILITY],
        strike=_sum(strike_modifiers(combatant)),
        defense=_sum(dodge_modifiers(setup, combatant, settings=rules)),
        wound=_sum(wound_modifiers(combatant, Foundation.PHYSICAL, wager=0, settings=rules)),
        # Damage Reduction, then Soak (Standard damage: all of it), neither below 0
        soak=sheet.damage_reduction + soak_of(sheet, tier, settings=rules),
        life=life.current,
        full=life.maximum,
        bands=bands,
        penalty=tuple(threshold_penalty(b, tier, settings=rules) for b in bands),
        extra=_sides(tier_extra_dice(tier)),
        critical=_sides(critical_extra_dice(tier)),
        botch=times_tier(rules.botch_penalty, tier),
    )


def _sum(modifiers: Iterable[Modifier]) -> int:
    return sum(m.amount for m in modifiers)


def _sides(expression: Expression | None) -> tuple[int, ...]:
    """The sides of every die of ``expression``, in rolling order."""
    if expression is None:
        return ()
    return tuple(t.sides for t in expression.dice_terms() for _ in range(t.count))


def _sided(combatants: list[Combatant], side: str, *, same: bool) -> tuple[int, ...]:
    """The indices of those on ``side`` (``same``) or against it, in join order."""
    return tuple(i for i, c in enumerate(combatants) if (c.side == side) == same)


def _tied(keys: Sequence[tuple[int, ...]], among: set[int]) -> list[int]:
    """The slots sharing their key with another slot, by key, when one of them is ``among``."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for slot, key in enumerate(keys):
        groups.setdefault(key, []).append(slot)
    return [s for g in groups.values() if len(g) > 1 and any(s in among for s in g) for s in g]


class Bout:
    """One fight: the numbers that change, and the clock."""

    def __init__(self, cast: Cast, seed: int) -> None:
        self.cast = cast
        self.fighters = cast.fighters
        self.rules = cast.rules
        self.roll = SeededDice(seed).roll
        count = len(cast.fighters)
        self.life = [f.life for f in cast.fighters]
        self.actions = [0] * count
        self.initiative = [0] * count
        self.momentum = [0] * count
        """The round of the last Bonus Momentum."""
        self.attacked_round = [0] * count
        self.attacked = [0] * count
        """Attacks received in ``attacked_round`` (Diminishing Defense)."""
        self.sensed = [0] * count
        """The round of the last Clairvoyance check."""
        self.order: list[tuple[int, ...]] = []
        self.round = 0
        self.index = 0
        self.winner: int | None = None

    def run(self) -> tuple[int, int]:
        """(the winning side's index or -1, rounds), as ``fracas.sim.fight`` plays it."""
        self.roll_initiative()
        self.begin_round()
        self.settle()
        while self.winner is None and self.round <= MAX_ROUNDS:
            clock = (self.round, self.index)
            for actor in self.order[self.index]:
                self.act(actor)
            if self.winner is None and (self.round, self.index) == clock:
                self.next_turn()
        if self.winner is None:
            return -1, min(self.round, MAX_ROUNDS)
        return self.winner, self.round

    # --- the clock ---------------------------------------------------------------------

    def roll_initiative(self) -> None:
        """A solid d10 + 1/2 Agility Modifier per slot; then the order, ties broken."""
        slots = self.cast.slots
        leads = [self.fighters[slot[0]] for slot in slots]
        scores = [self.roll(10) + lead.initiative for lead in leads]
        for slot, score in zip(slots, scores, strict=True):
            for member in slot:
                self.initiative[member] = score
        agility = [lead.agility for lead in leads]
        roll_off = self.roll_offs(scores, agility)
        keyed = sorted(
            range(len(slots)), key=lambda s: order_key(scores[s], agility[s], roll_off[s])
        )
        self.order = [slots[s] for s in keyed]

    def roll_offs(self, scores: list[int], agility: list[int]) -> list[int]:
        """A d10 for each slot tied on Initiative and Agility Score, again while tied."""
        roll_off = [0] * len(scores)
        tied = _tied(list(zip(scores, agility, strict=True)), set(range(len(scores))))
        while tied:
            for slot in tied:
                roll_off[slot] = self.roll(10)
            tied = _tied(list(zip(scores, agility, roll_off, strict=True)), set(tied))
        return roll_off

    def begin_round(self) -> None:
        self.round += 1
        self.actions = [self.rules.actions_per_round] * len(self.fighters)
        self.start_turn(0)

    def start_turn(self, index: int) -> None:
        """The Effect Phase: Initiative Advantage is all that ever occurs in it here."""
        self.index = index
        for actor in self.order[index]:
            self.actions[actor] += self.advantage(actor)

    def advantage(self, actor: int) -> int:
        standing = [e for e in self.cast.enemies[actor] if self.life[e] > 0]
        return advantage_actions(
            initiative=self.initiative[actor],
            tier=self.fighters[actor].tier,
            enemy_initiatives=[self.initiative[e] for e in standing],
            enemy_tiers=[self.fighters[e].tier for e in standing],
            gap=self.rules.initiative_advantage_gap,
        )

    def next_turn(self) -> None:
        self.step_forward()
        self.settle()

    def step_forward(self) -> None:
        if self.index + 1 < len(self.order):
            self.start_turn(self.index + 1)
        else:
            self.begin_round()

    def settle(self) -> None:
        """Skip the turns of those all Defeated."""
        while not any(self.life[a] > 0 for a in self.order[self.index]):
            self.step_forward()

    def spent(self) -> None:
        """After Actions were spent: the turn ends once everyone standing in it has none."""
        turn = self.order[self.index]
        if not any(self.actions[a] > 0 and self.life[a] > 0 for a in turn):
            self.next_turn()

    # --- the tactics -------------------------------------------------------------------

    def act(self, actor: int) -> None:
        """The actor's part of its turn (it may run into its next turn, as in the engine)."""
        for _ in range(MAX_ACTIONS):
            if self.winner is not None or actor not in self.order[self.index]:
                return
            if self.life[actor] <= 0:
                return
            target = self.most_hurt(actor)
            if self.actions[actor] > 0:
                self.attack(actor, target)
            elif self.sensed[actor] != self.round:
                self.sense(actor, target)
            else:
                return

    def most_hurt(self, actor: int) -> int:
        """The standing enemy with the most Life lost, the first to join on a tie."""
        life = self.life
        found, most = -1, -1
        for enemy in self.cast.enemies[actor]:
            lost = self.fighters[enemy].full - life[enemy]
            if life[enemy] > 0 and lost > most:
                found, most = enemy, lost
        return found

    # --- the rolls ---------------------------------------------------------------------

    def dice(self, who: Fighter) -> int:
        """A Combat Roll's dice: d10, Extra Dice, Critical Extra Dice, less a botch."""
        roll = self.roll
        natural = roll(10)
        total = natural
        for sides in who.extra:
            total += roll(sides)
        if natural >= self.rules.critical_natural:
            for sides in who.critical:
                total += roll(sides)
        if natural <= self.rules.botch_rate:
            total -= who.botch
        return total

    def attack(self, actor: int, target: int) -> None:
        me, foe = self.fighters[actor], self.fighters[target]
        life = self.life
        self.actions[actor] -= 1
        strike = self.dice(me) + me.strike + me.penalty[life[actor]]
        received = self.attacked[target] if self.attacked_round[target] == self.round else 0
        dodge = self.dice(foe) + foe.defense + foe.penalty[life[target]]
        dodge -= received * self.rules.diminishing_defense
        self.attacked_round[target] = self.round
        self.attacked[target] = received + 1
        tie = 0 if self.rules.defender_wins_ties else 1
        if strike + tie > dodge:
            wound = self.dice(me) + me.wound + me.penalty[life[actor]]
            before = foe.bands[life[target]]
            life[target] -= max(wound - foe.soak, 0)
            if foe.bands[max(life[target], 0)] > before and self.momentum[actor] != self.round:
                self.actions[actor] += 1
                self.momentum[actor] = self.round
        if life[target] <= 0 and not any(life[a] > 0 for a in self.cast.allies[target]):
            self.winner = me.side
        else:
            self.spent()

    def sense(self, actor: int, target: int) -> None:
        """Clairvoyance against Concealment: two Skill Checks, nothing to learn here."""
        self.dice(self.fighters[actor])
        self.dice(self.fighters[target])
        self.sensed[actor] = self.round

"""The reference for the engine-overhead benchmark: the same kingsdale fight as a bare loop.

Hand-written and deliberately lean: lists of ints, one ``SeededDice`` stream, no states, events,
checks or log. It plays exactly what ``fracas.sim.tactics.kingsdale`` plays through the engine
in the benchmark's fight:

* initiative 1d20 + bonus for everyone in join order, the order highest first (ties to the
  higher bonus, then to who joined first); a natural 20 gives one more attack in the first pose,
  a natural 1 one fewer;
* three poses to a melee round, each combatant's attacks split over them by the chapter's table,
  less what a dodge borrowed from the pose before;
* on its pose each standing combatant, while it has an action, changes the magazine of its best
  weapon still in hand (mega-damage first, then mean damage) when that is empty and the tactics
  find it worth an action (``worth_reloading``), else strikes the standing enemy that has lost
  the most (armour, S.D.C. and H.P.) with the first weapon in hand with a shot left (or needing
  none): 1d20 + bonus against the threshold (melee 5, ranged 8), a natural 1 missing and rolling
  the fumble table (1, 3, 4 and a 2 with no teammate standing lose the weapon; a 2 with a
  teammate is settled at once by the tactics' ``stray -roll``: a d100 against the setting
  ``stray_in_line_of_fire`` unless it is 100, which standing teammate by an even die when
  several, and the weapon's damage rolled against that one, undefended, or the weapon dropped);
* the defender answers with the first of auto-parry, auto-dodge, parry (melee only; free when
  trained in hand to hand), dodge (one action, borrowed from the next pose when none is left
  and the next pose has one not lent already), else nothing:
  1d20 + bonus meeting the strike's total, only a natural 20 against a natural 20;
* damage (doubled on a natural 20) goes through the armour layers when mega-damage, what passes
  the last layer reaching S.D.C. then H.P. (M.D. x1 past armour, x100 on the unarmoured);
  S.D.C. damage does nothing to armour still standing. H.P. 0 or less is down.

Left out, since this fight never uses them: aimed, called, burst, paired and wild strikes,
spraying, taped E-clips, casting, psionics, horror factor, ambushes, movement, drawing, M.D.C.
beings, M.D. punch damage;
``reference`` refuses a setup that needs them.
The numbers it starts from are read from the sheets with the ruleset's own formulas, once, before
any fight. Its dice are drawn in the engine's order, so each fight comes out the same as the
engine's: the benchmark checks that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bare_momentum import _terms

from fracas.dice import SeededDice
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kingsdale.combat import damage_dice
from fracas.rules.kingsdale.initiative import attacks_per_melee
from fracas.rules.kingsdale.poses import split
from fracas.rules.kingsdale.queries import sheet_of
from fracas.rules.kingsdale.ruleset import Kingsdale
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet, Weapon, WeaponKind
from fracas.rules.kingsdale.strike import Shot, strike_bonus, threshold
from fracas.sim.tactics.kingsdale import ranked, worth_reloading

ROUNDS = 50
"""The simulator's round limit (``fracas.sim.fight.MAX_ROUNDS``): past it, a draw."""


@dataclass(frozen=True)
class Arm:
    """One weapon as a strike uses it."""

    slot: int
    """Its index on the sheet (which weapons are lost is kept per slot)."""
    bonus: int
    needed: int
    dice: int
    sides: int
    flat: int
    mega: bool
    melee: bool
    shots: int
    """Its payload (-1: it needs none)."""
    weapon: Weapon
    """The sheet's weapon, for the tactics' reload choice."""


@dataclass(frozen=True)
class Fighter:
    """One combatant's numbers from its sheet; ``shares``: its attacks in each pose."""

    side: int
    initiative: int
    shares: tuple[int, int, int]
    arms: tuple[Arm, ...]
    """Best first, as the tactics rank them."""
    auto_parry: bool
    auto_dodge: int | None
    parry: int
    parry_cost: int
    dodge: int
    armor: tuple[int, ...]
    sdc: int
    hp: int


def reference(ruleset: Ruleset, setup: EncounterState) -> Callable[[int], tuple[str | None, int]]:
    """The bare loop of ``setup``'s fight: seed -> (the winning side or None, rounds)."""
    assert isinstance(ruleset, Kingsdale)
    sides = sorted({c.side for c in setup})
    fighting = [fighter(ruleset.rules, c, sides.index(c.side)) for c in setup]

    def play(seed: int) -> tuple[str | None, int]:
        winner, rounds = Bout(ruleset.rules, fighting, seed).fight()
        return (sides[winner] if winner >= 0 else None), rounds

    return play


def fighter(rules: KingsdaleSettings, combatant: Combatant, side: int) -> Fighter:
    """What the loop needs of one combatant's sheet."""
    sheet = sheet_of(combatant)
    _refuse_unplayed(sheet, combatant)
    slots = {w.name: n for n, w in enumerate(sheet.weapons)}
    best = [slots[weapon.name] for weapon in ranked(sheet)]
    arms = tuple(arm(rules, sheet, sheet.weapons[slot], slot) for slot in best)
    return Fighter(
        side=side,
        initiative=sheet.initiative,
        shares=split(attacks_per_melee(combatant), few_from_last=rules.few_attacks_from_last_pose),
        arms=arms,
        auto_parry=sheet.auto_parry,
        auto_dodge=sheet.auto_dodge,
        parry=sheet.parry,
        parry_cost=0 if sheet.hand_to_hand else rules.untrained_parry_actions,
        dodge=sheet.dodge,
        armor=tuple(layer.mdc for layer in sheet.armor),
        sdc=sheet.sdc,
        hp=sheet.hp,
    )


def _refuse_unplayed(sheet: Sheet, combatant: Combatant) -> None:
    """The loop plays S.D.C. beings with weapons in hand, initiative unrolled, no effects."""
    unplayed = {
        "an M.D.C. being": sheet.mdc_being,
        "paired weapons": sheet.paired_weapons or sheet.paired_firearms,
        "a holstered weapon": any(w.holstered for w in sheet.weapons),
        "initiative rolled before the fight": combatant.initiative is not None,
        "effects or marks": bool(combatant.effects or combatant.marks),
    }
    for what, found in unplayed.items():
        if found:
            raise ValueError(f"the bare loop does not play {what} ({combatant.name})")


def arm(rules: KingsdaleSettings, sheet: Sheet, weapon: Weapon, slot: int) -> Arm:
    """A normal strike with ``weapon``: its bonus, threshold, damage and payload."""
    bonus = strike_bonus(
        base=sheet.strike, weapon=weapon, shot=Shot.NORMAL, wild=False, modifier=0, settings=rules
    )
    count, sides, flat = _terms(damage_dice(sheet, weapon))
    return Arm(
        slot=slot,
        bonus=bonus.total,
        needed=max(threshold(weapon, Shot.NORMAL, rules), rules.always_miss_below),
        dice=count,
        sides=sides,
        flat=flat,
        mega=weapon.mega,
        melee=weapon.kind is WeaponKind.MELEE,
        shots=-1 if weapon.payload is None else weapon.payload,
        weapon=weapon,
    )


class Bout:
    """One fight: everyone's numbers as lists, indexed in join order."""

    def __init__(self, rules: KingsdaleSettings, fighters: list[Fighter], seed: int) -> None:
        self.rules = rules
        self.fighters = fighters
        self.roll = SeededDice(seed).roll
        self.actions = [0] * len(fighters)
        self.owed = [0] * len(fighters)
        self.pose = 0
        self.armor = [list(f.armor) for f in fighters]
        self.sdc = [f.sdc for f in fighters]
        self.hp = [f.hp for f in fighters]
        self.lost = [0] * len(fighters)
        """How much armour, S.D.C. and H.P. each has lost: the most hurt is struck first."""
        self.shots = [[a.shots for a in sorted(f.arms, key=lambda a: a.slot)] for f in fighters]
        self.gone = [[False] * len(f.arms) for f in fighters]
        """Weapons failed or dropped, by slot."""

    def fight(self) -> tuple[int, int]:
        """(winning side index or -1, rounds)."""
        first, order = self.initiative()
        for number in range(1, ROUNDS + 1):
            for pose in range(3):
                self.fill(pose, first if number == 1 and pose == 0 else None)
                for actor in order:
                    if self.hp[actor] > 0 and self.turn(actor):
                        return self.fighters[actor].side, number
        return -1, ROUNDS

    def initiative(self) -> tuple[list[int], list[int]]:
        """Each one's first-pose change (natural 20: +1, natural 1: -1) and the pose order."""
        first, totals = [], []
        for f in self.fighters:
            natural = self.roll(20)
            first.append(1 if natural == 20 else -1 if natural == 1 else 0)
            totals.append(natural + f.initiative)
        by_bonus = self.rules.initiative_ties_by_bonus
        order = sorted(
            range(len(totals)),
            key=lambda n: (-totals[n], -self.fighters[n].initiative if by_bonus else 0, n),
        )
        return first, order

    def fill(self, pose: int, first: list[int] | None) -> None:
        """Everyone's actions for ``pose``, less what a dodge borrowed."""
        self.pose = pose
        for n, f in enumerate(self.fighters):
            share = f.shares[pose]
            if first is not None:
                share = max(share + first[n], 0)
            owed = self.owed[n]
            self.actions[n] = max(share - owed, 0)
            self.owed[n] = max(owed - share, 0)

    def turn(self, actor: int) -> bool:
        """The actor reloads or strikes while it can; True when its side has won."""
        gone = self.gone[actor]
        shots = self.shots[actor]
        while self.actions[actor] >= 1:
            ready = [a for a in self.fighters[actor].arms if not gone[a.slot]]
            loaded = [a for a in ready if shots[a.slot] != 0]
            best = ready[0] if ready else None
            if best is not None and shots[best.slot] == 0:
                spare = loaded[0].weapon if loaded else None
                if worth_reloading(best.weapon, spare):
                    self.actions[actor] -= 1
                    shots[best.slot] = best.shots
                    continue
            if not loaded:
                return False
            weapon = loaded[0]
            target = self.most_hurt_enemy(actor)
            self.actions[actor] -= 1
            if weapon.shots >= 0:
                shots[weapon.slot] -= 1
            if self.strike(actor, target, weapon) and self.side_down(target):
                return True
        return False

    def most_hurt_enemy(self, actor: int) -> int:
        """The standing enemy that has lost the most; of equals, who joined first."""
        side = self.fighters[actor].side
        target, most = -1, -1
        for other, f in enumerate(self.fighters):
            if f.side != side and self.hp[other] > 0 and self.lost[other] > most:
                target, most = other, self.lost[other]
        return target

    def side_down(self, target: int) -> bool:
        side = self.fighters[target].side
        return not any(self.hp[n] > 0 for n, f in enumerate(self.fighters) if f.side == side)

    def strike(self, actor: int, target: int, weapon: Arm) -> bool:
        """One strike and its answer; True when it did damage."""
        roll = self.roll
        natural = roll(20)
        total = natural + weapon.bonus
        if natural == 1:
            if self.rules.fumble_table:
                self.fumble(actor, weapon)
            return False
        if total < weapon.needed or self.defends(target, weapon.melee, natural, total):
            return False
        amount = self.damage(weapon)
        if natural == 20 and self.rules.natural_20_critical:
            amount *= 2
        self.wound(target, amount, weapon.mega)
        return True

    def damage(self, weapon: Arm) -> int:
        """The weapon's damage dice rolled, never below 0."""
        amount = weapon.flat
        for _ in range(weapon.dice):
            amount += self.roll(weapon.sides)
        return max(amount, 0)

    def fumble(self, actor: int, weapon: Arm) -> None:
        """1, 3 and 4 lose the weapon, and a 2 when no teammate stands in the line of fire."""
        face = self.roll(20)
        if face == 2:
            self.stray(actor, weapon)
        elif face <= 4:
            self.gone[actor][weapon.slot] = True

    def stray(self, actor: int, weapon: Arm) -> None:
        """A fumble of 2: the teammate the dice put in the line of fire takes the weapon's
        damage; with none, the weapon is dropped."""
        side = self.fighters[actor].side
        standing = [
            n
            for n, f in enumerate(self.fighters)
            if n != actor and f.side == side and self.hp[n] > 0
        ]
        chance = self.rules.stray_in_line_of_fire
        if standing and chance < 100 and self.roll(100) > chance:
            standing = []
        if len(standing) > 1:
            standing = [standing[self.roll(len(standing)) - 1]]
        if standing:
            self.wound(standing[0], self.damage(weapon), weapon.mega)
        else:
            self.gone[actor][weapon.slot] = True

    def defends(self, target: int, melee: bool, natural: int, total: int) -> bool:
        """The target's cheapest answer, paid for; True when it parries or dodges the strike."""
        f = self.fighters[target]
        rules = self.rules
        parried = melee or rules.parry_shots
        if f.auto_parry and parried:
            bonus = f.parry
        elif f.auto_dodge is not None:
            bonus = f.auto_dodge
        elif parried and self.actions[target] >= f.parry_cost:
            bonus = f.parry
            self.actions[target] -= f.parry_cost
        elif self.actions[target] >= 1 or (
            rules.dodge_borrows_next_pose and self.owed[target] < f.shares[(self.pose + 1) % 3]
        ):
            bonus = f.dodge
            if self.actions[target] >= 1:
                self.actions[target] -= 1
            else:
                self.owed[target] += 1
        else:
            return False
        face = self.roll(20)
        if natural == 20 and rules.natural_20_critical:
            return face == 20
        if rules.defender_wins_ties:
            return face + bonus >= total
        return face + bonus > total

    def wound(self, target: int, amount: int, mega: bool) -> None:
        """Armour layers outermost first (M.D. only), then S.D.C., then H.P."""
        left = amount
        layers = self.armor[target]
        worn = False
        for n, current in enumerate(layers):
            if current <= 0:
                continue
            worn = True
            if left <= 0:
                break
            if not mega:
                return
            taken = min(left, current)
            layers[n] -= taken
            self.lost[target] += taken
            left -= taken
        if left <= 0:
            return
        if mega:
            left *= self.rules.overflow_sdc_per_md if worn else self.rules.sdc_per_md
        sdc = self.sdc[target]
        if sdc > 0:
            taken = min(left, sdc)
            self.sdc[target] -= taken
            self.lost[target] += taken
            left -= taken
        self.hp[target] -= left
        self.lost[target] += left

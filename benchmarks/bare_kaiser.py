"""The reference for the engine-overhead benchmark: the same kaiser fight as a bare loop.

Hand-written and deliberately lean: lists of ints, one ``SeededDice`` stream, no states, events,
checks or log. It plays exactly what ``fracas.sim.tactics.kaiser`` plays through the engine in
the benchmark's fight. Each round everyone standing declares, in the Intention phase, the Magic
Intention for its Attack spell and the Attack Intention with its hardest-hitting weapon (as far
as 6 AP go); then everyone standing rolls Initiative (2d6 + Initiative value less the weapon's
Initiative Penalty, open on double 6, a fumble on double 1), an Initiative 20 above an enemy's
leaves it Surprised against that enemy until its own turn, and turns go highest roll first (ties:
the higher Initiative value, then the order of the file). On its turn a creature strikes the
standing enemy with the most Life Points lost, again and again, with its arm of the highest Base
Damage the rules allow: the weapon while it has Attack Actions left (1 + Attack Skill / 10, the
n-th at -2(n-1)), the spell while the round's mass of mana (the MA) and the Mana Pool pay for it.
Offensive Roll against the target's best of Dodge and Block (-2 for each defence already made this
round, at most -10); both rolls open on double 6 and fumble on double 1. A hit costs the defender
1 AP and deals (DoS - Absorption - AV) x Base Damage; a hit of half the current Life Points or more
is a Critical (2d6 + damage / 10 against a Physical Resistance Check: each DoF costs an AP and
counts against every later roll, pain fading by one a round; over 15 DoF knocks out). A missed
hand-to-hand attack lets the defender Counter at once (1 AP, one of its Attack Actions, + DoS/2)
while it can. At 0 Life Points or less a creature is down for good; the last side standing wins.

The numbers it starts from (Attack Actions, the Intentions' AP, defence skills, AV, Absorption,
damage barriers, reduction and resistance per arm and target) are read from the sheets with the
ruleset's own rules, once, before any fight; a sheet that needs a rule this loop leaves out
(Mastery, Advantage, immaterial creatures, non-magic or effect powers, several attack powers,
barriers and wards, a spell without an MA) is refused with ValueError. Left out because they
cannot change this fight: the mass of mana held over to the next round (a standing caster with
mana casts every round, so nothing is ever carried while it could be used), the Counter window's
mark (a Counter refused once stays refused for the rest of the turn: AP, Attack Actions and
standing only go down), death as distinct from unconsciousness (both are down for good), and
Move, barriers, wards, Collision, Dying and lingering effects (nobody here uses them). Its dice
are drawn in the engine's order, so each fight comes out the same as the engine's: the benchmark
checks that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fracas.dice import SeededDice
from fracas.engine.ruleset import Ruleset
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser.actions import Intend
from fracas.rules.kaiser.attack import attack_actions, chosen_defence, imbued, may_block
from fracas.rules.kaiser.checks import MASTERY_SKILL, fumble_die_value
from fracas.rules.kaiser.damage import Defences, barrier_negates
from fracas.rules.kaiser.defences import defences_of
from fracas.rules.kaiser.intentions import IntendRule
from fracas.rules.kaiser.life import CriticalSeverity, critical_severity
from fracas.rules.kaiser.power_rules import power_cost
from fracas.rules.kaiser.powers import blockable, hits_immaterial
from fracas.rules.kaiser.queries import AP, LP, MANA, sheet_of
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Power, PowerSource, PowerType, Weapon
from fracas.rules.kaiser.states import armor_penalty
from fracas.rules.kaiser.vocabulary import Defence, Reach
from fracas.sim.fight import MAX_ACTIONS, MAX_ROUNDS

Hit = tuple[int, int, int, int]
"""What one arm does to one target: the target's defence skill against it, the Base Damage
after damage reduction (0: a damage barrier or the reduction negates it), the Units soaked
(Absorption + AV - vulnerability) and the damage resistance."""


@dataclass(frozen=True)
class Fighter:
    """A creature's numbers for the whole fight (its arms as the tactics use them)."""

    side: int
    life: int
    """Its maximum Life Points (the most hurt have lost the most of them)."""
    start: int
    initiative: int
    initiative_bonus: int
    ap: int
    """AP left once its Intentions are paid."""
    physical: int
    worn: int
    """The worn layers' penalty on every Offensive and Defensive Roll."""
    attacks: int
    """Attack Actions a round (0: no Attack Intention)."""
    attack_skill: int
    melee: bool
    weapon_first: bool
    weapon_hits: tuple[Hit, ...]
    mass: int
    """The mana a round's spells may spend (0: no spell)."""
    mana: int
    spell_cost: int
    spell_skill: int
    spell_hits: tuple[Hit, ...]


def reference(ruleset: Ruleset, setup: EncounterState) -> Callable[[int], tuple[str | None, int]]:
    """The bare loop of ``setup``'s fight: seed -> (the winning side or None, rounds)."""
    assert isinstance(ruleset, Kaiser)
    sides = sorted({c.side for c in setup})
    if len(sides) != 2:
        raise ValueError("the bare loop plays two sides")
    fighting = [fighter(ruleset, setup, c, sides) for c in setup]
    rules = ruleset.rules

    def play(seed: int) -> tuple[str | None, int]:
        winner, rounds = Bout(fighting, rules, seed).play()
        return (sides[winner] if winner >= 0 else None), rounds

    return play


def fighter(ruleset: Kaiser, setup: EncounterState, me: Combatant, sides: list[str]) -> Fighter:
    """``me``'s numbers, with the Intentions the tactics declare each round."""
    sheet, rules = sheet_of(me), ruleset.rules
    if sheet.immaterial:
        raise ValueError(f"{me.name}: the bare loop knows no immaterial creature")
    weapon, spell = arms(me)
    ap, declared = intentions(ruleset, setup, me, weapon, spell)
    weapon = weapon if "attack" in declared else None
    spell = spell if "magic" in declared else None
    penalty = weapon.initiative_penalty if weapon is not None else 0
    return Fighter(
        side=sides.index(me.side),
        life=me.pools[LP].maximum,
        start=me.pools[LP].current,
        initiative=sheet.initiative,
        initiative_bonus=within_mastery(sheet.initiative - penalty),
        ap=ap,
        physical=sheet.resistances.physical,
        worn=armor_penalty(sheet) if rules.armor_penalty_on_rolls else 0,
        attacks=attack_actions(sheet.skills.attack, settings=rules) if weapon else 0,
        attack_skill=within_mastery(sheet.skills.attack),
        melee=weapon is not None and weapon.reach is Reach.MELEE,
        weapon_first=weapon is not None and (spell is None or weapon.base_damage > base(spell)),
        weapon_hits=tuple(weapon_hit(me, weapon, c) for c in setup) if weapon else (),
        mass=(sheet.mana_accumulation or 0) if spell else 0,
        mana=me.pools[MANA].current if MANA in me.pools else 0,
        spell_cost=spell.mana if spell else 0,
        spell_skill=within_mastery(sheet.skills[spell.skill]) if spell else 0,
        spell_hits=tuple(spell_hit(me, spell, c) for c in setup) if spell else (),
    )


def base(power: Power) -> int:
    return power.base_damage or 0


def within_mastery(skill: int) -> int:
    """``skill``, when it is no Mastery (fumbles on double 1 only: this loop knows no other)."""
    if skill > MASTERY_SKILL:
        raise ValueError(f"the bare loop knows no Mastery (a skill of {skill})")
    return skill


def arms(me: Combatant) -> tuple[Weapon | None, Power | None]:
    """The weapon of the Attack Intention (the highest Base Damage, the first on a tie: the
    tactics' choice) and the one Attack spell; ValueError for powers this loop does not play."""
    sheet = sheet_of(me)
    weapon = max(sheet.weapons, key=lambda w: w.base_damage, default=None)
    spells = [p for p in sheet.powers if PowerType.ATTACK in p.types]
    if not spells:
        return weapon, None
    spell = spells[0]
    plain = spell.types == {PowerType.ATTACK} and spell.source is PowerSource.MAGIC
    plain = plain and not (spell.mark or spell.sacrifice or spell.ghostly or spell.area)
    if len(spells) > 1 or not plain or set(power_cost(me, spell)) != {MANA}:
        raise ValueError(f"{spell.name}: the bare loop plays one plain Attack spell paid in mana")
    if sheet.mana_accumulation is None:
        raise ValueError(f"{me.name}: the bare loop plays spells cast from a mass of mana (MA)")
    return weapon, spell


def intentions(
    ruleset: Kaiser,
    setup: EncounterState,
    me: Combatant,
    weapon: Weapon | None,
    spell: Power | None,
) -> tuple[int, list[str]]:
    """The AP left and the Intentions declared: the spell's first, then the weapon's, each
    while the AP pay for it."""
    wanted = [Intend(actor=me.id, intention="magic")] if spell else []
    if weapon is not None:
        wanted.append(Intend(actor=me.id, intention="attack", weapons=(weapon.name,)))
    ap, pay = ruleset.rules.ap_per_round, IntendRule(ruleset.rules)
    declared: list[str] = []
    for intend in wanted:
        if (cost := pay.cost(setup, intend)[AP]) <= ap:
            ap -= cost
            declared.append(intend.intention)
    return ap, declared


def weapon_hit(me: Combatant, weapon: Weapon, target: Combatant) -> Hit:
    """``me``'s weapon against ``target``: the best of its Dodge and Block."""
    defence = chosen_defence(target, "best", may_block=may_block(me, target))
    found = defences_of(target, weapon.damage_type, imbued=imbued(weapon))
    return hit(target, defence, weapon.base_damage, found)


def spell_hit(me: Combatant, spell: Power, target: Combatant) -> Hit:
    """``me``'s spell against ``target``: Block only where the spell may be blocked."""
    blocks = blockable(spell, Defence.BLOCK, imbued_object=sheet_of(target).imbued_shield)
    defence = chosen_defence(target, "best", may_block=blocks and may_block(me, target))
    found = defences_of(target, spell.damage_type, imbued=hits_immaterial(spell))
    return hit(target, defence, base(spell), found)


def hit(target: Combatant, defence: Defence, base_damage: int, found: Defences) -> Hit:
    skill = within_mastery(sheet_of(target).skills[defence.value])
    negated = barrier_negates(base_damage, found.barrier)
    damage = 0 if negated else max(0, base_damage - found.reduction)
    return skill, damage, found.absorption + found.armor - found.vulnerability, found.resistance


WEAPON, SPELL = 1, 2


class Bout:
    """One fight's changing numbers, one entry per fighter, and its one stream of dice."""

    def __init__(self, fighters: list[Fighter], rules: KaiserSettings, seed: int) -> None:
        self.fighters = fighters
        self.rules = rules
        self.roll = SeededDice(seed).roll
        count = len(fighters)
        self.lp = [f.start for f in fighters]
        self.up = [True] * count
        self.ap = [0] * count
        self.mana = [f.mana for f in fighters]
        self.attacks = [0] * count
        self.defences = [0] * count
        self.spent = [0] * count
        self.pains: list[list[int]] = [[] for _ in fighters]
        """The penalties of Criticals that were pain only: they fade by 1 a round."""
        self.lasting = [0] * count
        """The penalties of worse Criticals: they stay."""
        self.surprised = [0] * count
        """A bit for each enemy whose Initiative left this one Surprised until its turn."""
        self.winner = -1

    def play(self) -> tuple[int, int]:
        """(winning side index or -1, rounds)."""
        for number in range(1, MAX_ROUNDS + 1):
            if number > 1:
                self.end_phase()
            for actor in self.initiative():
                self.turn(actor)
                if self.winner >= 0:
                    return self.winner, number
        return -1, MAX_ROUNDS

    def end_phase(self) -> None:
        """The round's marks clear and pain fades."""
        for i in range(len(self.fighters)):
            self.attacks[i] = self.defences[i] = self.spent[i] = 0
            if self.pains[i]:
                self.pains[i] = [p - 1 for p in self.pains[i] if p > 1]

    def initiative(self) -> list[int]:
        """Intentions paid, Initiative rolled by everyone standing: the Action phase's order."""
        rolled: list[tuple[int, int]] = []
        for i, f in enumerate(self.fighters):
            if self.up[i]:
                self.ap[i] = f.ap
                if self.rules.initiative_open_rolls:
                    total = self.check(f.initiative_bonus)
                else:
                    total = max(0, self.roll(6) + self.roll(6) + f.initiative_bonus)
                rolled.append((total, i))
        margin = self.rules.surprise_margin
        for fast, i in rolled:
            for slow, j in rolled:
                if self.fighters[i].side != self.fighters[j].side and fast - slow >= margin:
                    self.surprised[j] |= 1 << i
        rolled.sort(key=lambda r: (-r[0], -self.fighters[r[1]].initiative, r[1]))
        return [i for _, i in rolled]

    def turn(self, actor: int) -> None:
        """Strike while an arm is allowed; a missed hand-to-hand attack may be Countered."""
        if not self.up[actor]:
            return
        self.surprised[actor] = 0
        me = self.fighters[actor]
        for _ in range(MAX_ACTIONS):
            arm = self.arm(actor, me) if self.up[actor] else 0
            if not arm:
                return
            target = self.most_hurt(me.side)
            if arm == SPELL:
                self.cast(actor, me, target)
            elif (missed := self.swing(actor, target, 0)) and me.melee and self.may_counter(target):
                self.ap[target] -= self.rules.counter_ap
                self.swing(target, actor, missed // 2)
            if self.winner >= 0:
                return

    def arm(self, actor: int, me: Fighter) -> int:
        """The arm the tactics strike with now (0: none is allowed)."""
        weapon = self.attacks[actor] < me.attacks
        cost = me.spell_cost
        spell = me.mass and self.spent[actor] + cost <= me.mass and self.mana[actor] >= cost
        if weapon and (me.weapon_first or not spell):
            return WEAPON
        return SPELL if spell else 0

    def most_hurt(self, side: int) -> int:
        """The standing enemy with the most Life Points lost (the first on a tie)."""
        best, most = -1, -1
        for j, f in enumerate(self.fighters):
            if f.side != side and self.up[j] and f.life - self.lp[j] > most:
                best, most = j, f.life - self.lp[j]
        return best

    def may_counter(self, target: int) -> bool:
        me = self.fighters[target]
        return (
            self.up[target]
            and self.attacks[target] < me.attacks
            and self.ap[target] >= self.rules.counter_ap
        )

    def swing(self, actor: int, target: int, bonus: int) -> int:
        """A weapon attack (``bonus``: a Counter's); the defender's DoS when it misses."""
        me = self.fighters[actor]
        made = self.attacks[actor]
        skill = me.attack_skill - made * self.rules.additional_attack_penalty + bonus
        offence = self.check(skill - self.penalty(actor, target))
        self.attacks[actor] = made + 1
        return self.exchange(actor, target, offence, me.weapon_hits[target])

    def cast(self, actor: int, me: Fighter, target: int) -> None:
        self.mana[actor] -= me.spell_cost
        self.spent[actor] += me.spell_cost
        offence = self.check(me.spell_skill - self.penalty(actor, target))
        self.exchange(actor, target, offence, me.spell_hits[target])

    def exchange(self, actor: int, target: int, offence: int, hit: Hit) -> int:
        """The Defensive Roll against ``offence`` and a hit's damage; the defender's DoS."""
        skill, damage, soaked, resisted = hit
        used = self.defences[target]
        rules = self.rules
        penalty = min(used * rules.repeated_defence_penalty, rules.repeated_defence_cap)
        defence = self.check(skill - penalty - self.penalty(target, actor))
        self.defences[target] = used + 1
        if offence <= defence:
            return defence - offence
        if self.ap[target]:
            self.ap[target] -= min(self.ap[target], rules.hit_ap_loss)
        units = offence - defence - soaked
        if damage and units > 0 and units * damage > resisted:
            self.wound(target, units * damage - resisted)
        return 0

    def wound(self, target: int, damage: int) -> None:
        before = self.lp[target]
        self.lp[target] = before - damage
        if damage * self.rules.critical_fraction >= before:
            self.critical(target, damage)
        if self.lp[target] <= 0:
            self.down(target)

    def critical(self, target: int, damage: int) -> None:
        """The Critical level against the target's Physical Resistance Check."""
        rules, roll = self.rules, self.roll
        level = roll(6) + roll(6) + damage // rules.critical_damage_step
        cap = rules.critical_level_soft_cap
        if level > cap:
            level = cap + (level - cap) // 2
        check = roll(6) + roll(6) + self.fighters[target].physical
        if check > level or (check == level and rules.resistance_ties_succeed):
            return
        failure = level - check
        if self.ap[target]:
            self.ap[target] -= min(self.ap[target], failure)
        severity = critical_severity(failure)
        if severity is CriticalSeverity.PAIN:
            self.pains[target].append(failure)
        else:
            self.lasting[target] += failure
        if severity is CriticalSeverity.KNOCKED_OUT:
            self.down(target)

    def down(self, target: int) -> None:
        """Out of the fight; its side's last one standing down, the other side wins."""
        self.up[target] = False
        side = self.fighters[target].side
        if not any(u and f.side == side for u, f in zip(self.up, self.fighters, strict=True)):
            self.winner = 1 - side

    def penalty(self, who: int, against: int) -> int:
        """The worn layers, Criticals and Surprise against ``against`` on ``who``'s rolls."""
        total = self.fighters[who].worn + self.lasting[who] + sum(self.pains[who])
        if self.surprised[who] >> against & 1:
            total += self.rules.surprised_penalty
        return total

    def check(self, bonus: int) -> int:
        """A Skill Check: 2d6 + bonus, open on double 6, a fumble on double 1, at least 0."""
        roll = self.roll
        first, second = roll(6), roll(6)
        if first == 1 and second == 1:
            level = roll(6) + roll(6)
            return max(0, bonus + fumble_die_value(level))
        total = first + second + bonus
        if first == 6 and second == 6:
            more = 6
            while more == 6:
                more = roll(6)
                total += more
        return max(0, total)

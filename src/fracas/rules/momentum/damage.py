"""The damage pipeline: a :class:`~fracas.rules.momentum.hit.Hit` through a target's defences,
itemised step by step.

Order: critical bonuses, the non-lethal reduction, then Armor/DR and the multipliers
(resistance, immunity, vulnerability) in the order the setting ``armor_before_multipliers``
gives, then the cap. Every portion stays at 0 or above; all halves round down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.engine.frozen import frozen
from fracas.rules.momentum.damage_types import DamageType, Defence
from fracas.rules.momentum.hit import DamagePortion, Hit
from fracas.rules.momentum.settings import MomentumSettings

MINUS = "\N{MINUS SIGN}"
HALF = "\N{MULTIPLICATION SIGN}\N{VULGAR FRACTION ONE HALF}"
ONE_AND_A_HALF = "\N{MULTIPLICATION SIGN}1\N{VULGAR FRACTION ONE HALF}"
NOTHING = "\N{MULTIPLICATION SIGN}0"


@frozen
class Defences:
    """What the target brings against damage: Armor, the Constitution and Will DR values (the
    Stat Bonus plus Skill Level), its damage-type modifiers, and whether it is a biological
    creature (Holy damage)."""

    armor: int
    constitution_dr: int
    will_dr: int
    resistances: frozenset[DamageType] = frozenset()
    immunities: frozenset[DamageType] = frozenset()
    vulnerabilities: frozenset[DamageType] = frozenset()
    biological_creature: bool = True

    def value(self, defence: Defence) -> int:
        """The number that defence subtracts, before any of it is ignored."""
        if defence is Defence.ARMOR:
            return self.armor
        return self.constitution_dr if defence is Defence.CONSTITUTION_DR else self.will_dr


@frozen
class DamageStep:
    """One line of the account: what happened to one portion (``armor -2``, with a minus sign)."""

    label: str
    damage_type: DamageType
    before: int
    after: int


@frozen
class DamageAccount:
    """The itemised result: the steps in order and the final damage per type.

    ``lethal`` and ``non_lethal`` split :attr:`total` for
    :func:`fracas.rules.momentum.vitality.apply_damage`.
    """

    steps: tuple[DamageStep, ...]
    portions: tuple[DamagePortion, ...]
    lethal: int
    non_lethal: int

    @property
    def total(self) -> int:
        """All damage the hit deals."""
        return self.lethal + self.non_lethal

    def amount(self, damage_type: DamageType) -> int:
        """The final damage of one type (0 when the hit dealt none of it)."""
        return sum(p.amount for p in self.portions if p.damage_type is damage_type)


@dataclass
class _Ledger:
    """The working amounts while one hit is resolved (private, never escapes)."""

    amounts: dict[DamageType, int]
    order: tuple[DamageType, ...]
    steps: list[DamageStep] = field(default_factory=list)

    def set(self, damage_type: DamageType, after: int, label: str) -> None:
        before = self.amounts[damage_type]
        self.amounts[damage_type] = after
        self.steps.append(DamageStep(label, damage_type, before, after))

    def subtract(self, amount: int, label: str, *, overflow: bool) -> None:
        """Take ``amount`` off the portions in the attacker's order, none below 0."""
        for index, damage_type in enumerate(self.order):
            taken = min(amount, self.amounts[damage_type])
            if taken or index == 0:
                self.set(damage_type, self.amounts[damage_type] - taken, f"{label} {MINUS}{taken}")
            amount -= taken
            if not (overflow and amount):
                return


def resolve_damage(hit: Hit, defences: Defences, *, settings: MomentumSettings) -> DamageAccount:
    """Take one hit through the target's defences and itemise every step.

    Remembered by the very hit, defences and settings (kept with the account, so that their
    identities stay theirs; hashing a hit walks its portions and bonuses): the attacks hand
    out the same hits again and again (``attack._hit``), which land on the same targets, and
    the account is immutable."""
    key = (id(hit), id(defences), id(settings))
    known = _ACCOUNTS.get(key)
    if known is not None:
        return known[3]
    account = _resolved(hit, defences, settings)
    if len(_ACCOUNTS) >= _ACCOUNTS_AT_MOST:
        _ACCOUNTS.clear()
    _ACCOUNTS[key] = (hit, defences, settings, account)
    return account


_ACCOUNTS: dict[tuple[int, int, int], tuple[Hit, Defences, MomentumSettings, DamageAccount]] = {}
_ACCOUNTS_AT_MOST = 1024
"""``resolve_damage``'s answers, and how many it keeps before it starts afresh."""


def _resolved(hit: Hit, defences: Defences, settings: MomentumSettings) -> DamageAccount:
    ledger = _Ledger(
        amounts={p.damage_type: p.amount for p in hit.portions},
        order=_reduction_order(hit),
    )
    for bonus in hit.bonuses:
        before = ledger.amounts.get(bonus.damage_type, 0)
        ledger.amounts[bonus.damage_type] = before
        ledger.set(bonus.damage_type, before + bonus.amount, f"{bonus.label} +{bonus.amount}")
    if hit.non_lethal_reduction is not None:
        ledger.subtract(hit.non_lethal_reduction, "non-lethal", overflow=True)
    if settings.armor_before_multipliers:
        _apply_defence(ledger, hit, defences, settings)
        _apply_multipliers(ledger, defences)
    else:
        _apply_multipliers(ledger, defences)
        _apply_defence(ledger, hit, defences, settings)
    if hit.cap is not None and sum(ledger.amounts.values()) > hit.cap:
        ledger.subtract(sum(ledger.amounts.values()) - hit.cap, f"cap {hit.cap}", overflow=True)
    return _account(ledger, hit, defences, settings)


def _reduction_order(hit: Hit) -> tuple[DamageType, ...]:
    dealt = [p.damage_type for p in hit.portions]
    if not (hit.reduce_first or hit.bonuses):
        return tuple(dealt)  # one portion per type: already in order, no repeats
    dealt += [b.damage_type for b in hit.bonuses]
    return tuple(dict.fromkeys([*hit.reduce_first, *dealt]))


def _apply_defence(
    ledger: _Ledger, hit: Hit, defences: Defences, settings: MomentumSettings
) -> None:
    """Seed: "Your Armor is only subtracted once if you are hit with multiple Damage Types
    simultaneously." "Damage that deals multiple types of damage simultaneously, for which
    different defenses become relevant, takes the lowest defensive value into account."
    "Ignoring Armor does not allow you to reduce the effective Armor of a target below 0" but
    negative values "still deal increased damage"."""
    defence = _lowest_relevant(ledger.order, defences)
    value = defences.value(defence)
    positive = max(value, 0)
    ignored = positive if hit.ignore_all_armor else min(positive, hit.ignore_armor)
    label = defence.label + (f" (ignoring {ignored} of {value})" if ignored else "")
    effective = value - ignored
    if effective < 0:
        _add_negative_defence(ledger, -effective, f"{label} +{-effective} (negative)", defences)
    elif effective or ignored:
        overflow = settings.defence_overflows_to_other_portions
        ledger.subtract(effective, label, overflow=overflow)


def _lowest_relevant(order: tuple[DamageType, ...], defences: Defences) -> Defence:
    """The defence the hit meets: the lowest of those its damage types meet, the first in
    ``Defence``'s order on a tie. Most hits deal one type, or types that all meet Armor."""
    relevant = {damage_type.defence for damage_type in order}
    if len(relevant) == 1:
        return relevant.pop()
    return min((d for d in Defence if d in relevant), key=defences.value)


def _add_negative_defence(ledger: _Ledger, extra: int, label: str, defences: Defences) -> None:
    """Negative Armor/DR adds to the first portion in the attacker's order that is not immune
    (immunity "nullifies any damage of that type", whichever order the setting gives)."""
    for damage_type in ledger.order:
        if damage_type not in defences.immunities:
            ledger.set(damage_type, ledger.amounts[damage_type] + extra, label)
            return


def _apply_multipliers(ledger: _Ledger, defences: Defences) -> None:
    """Seed: "Resistance reduces all incoming damage of that type by half. Immunity nullifies any
    damage of that type. Vulnerability increases all damage of that type by half." A type in both
    resistances and vulnerabilities is halved, then increased by half."""
    if not (defences.immunities or defences.resistances or defences.vulnerabilities):
        return
    for damage_type, amount in list(ledger.amounts.items()):
        if damage_type in defences.immunities:
            ledger.set(damage_type, 0, f"immunity {NOTHING} ({damage_type})")
            continue
        if damage_type in defences.resistances:
            amount //= 2
            ledger.set(damage_type, amount, f"resistance {HALF} ({damage_type})")
        if damage_type in defences.vulnerabilities:
            amount = amount * 3 // 2
            ledger.set(damage_type, amount, f"vulnerability {ONE_AND_A_HALF} ({damage_type})")


def _account(
    ledger: _Ledger, hit: Hit, defences: Defences, settings: MomentumSettings
) -> DamageAccount:
    """Split the final damage: a non-lethal attack's is all non-lethal, and "Holy damage is
    non-lethal against biological creatures ... unless the one dealing the damage wishes"."""
    amounts = ledger.amounts
    total = sum(amounts.values())
    if hit.non_lethal_reduction is not None:
        non_lethal = total
    elif (
        settings.holy_non_lethal_to_biological
        and defences.biological_creature
        and not hit.lethal_holy
    ):
        non_lethal = amounts.get(DamageType.HOLY, 0)
    else:
        non_lethal = 0
    return DamageAccount(
        steps=tuple(ledger.steps),
        portions=tuple(DamagePortion(t, amount) for t, amount in amounts.items()),
        lethal=total - non_lethal,
        non_lethal=non_lethal,
    )

"""A ZAoE through the engine: high and low values, no impact, each character shielded apart.

"When blocked by a low-precision energy shield, consider the energy damage of the attack to be
2 times the high damage value of a cluster ZAoE, or 3 times the relevant damage value for a
point ZAoE ... A ZAoE still affects the rest of the zone(s); only the area inside the
low-precision shield is spared. If the ZAoE is partially shielded by low-precision shielding,
proportionally reduce the high and low damage values against characters within the shield."
"""

from __future__ import annotations

from fracas.dice import roll
from fracas.engine.action import CombatantId
from fracas.engine.events import Event
from fracas.rules.lurasko.aoe import zaoe_inside_shield, zaoe_shielded_value
from fracas.rules.lurasko.attack import Strike
from fracas.rules.lurasko.damage import Portion
from fracas.rules.lurasko.events import ZoneStruck
from fracas.rules.lurasko.offense import energy_portion
from fracas.rules.lurasko.queries import sheet_of
from fracas.rules.lurasko.shielding import Incoming, stops
from fracas.rules.lurasko.vocabulary import DamageKind, Precision


class ZoneStrike(Strike):
    """An attack with a zone weapon on the characters in its zone: the target and ``around``
    where its high value applies, ``outskirts`` where its low value does."""

    def resolve(self) -> list[Event]:
        weapon = self.weapon
        assert weapon.energy is not None and weapon.zone is not None
        assert weapon.low_damage is not None
        self.rolled.roll(weapon, self.source)
        high = self._energy_damage()
        low = max(roll(weapon.low_damage, self.source).total, 0)
        fire = weapon.energy in (DamageKind.HEAT, DamageKind.ELECTRIC)
        self.events.append(
            ZoneStruck(self.attacker.id, weapon.name, weapon.zone.value, high, low, fire)
        )
        caught = [(self.target.id, True), *((c, True) for c in self.action.around)]
        caught += [(c, False) for c in self.action.outskirts]
        for who, in_high in caught:
            self._in_zone(who, high, low, in_high)
        return self.events

    def _in_zone(self, who: CombatantId, high: int, low: int, in_high: bool) -> None:
        """Low-precision shielding first, at the ZAoE's shielded value; then the hit chance
        roll, medium-precision shielding of the area damage, and the rest as for any hit."""
        assert self.weapon.zone is not None and self.weapon.energy is not None
        character = self.state[who]
        zone = Incoming(ranged=True, all_energy=True, inside_origin=self.action.inside)
        low_shields = [
            s.source()
            for s in sheet_of(character).shields
            if s.precision is Precision.LOW and stops(s.source(), zone)
        ]
        steps_before = len(self.before_defense)
        value = zaoe_shielded_value(self.weapon.zone, high, low, high_applies=in_high)
        left = self._shield_first(character, low_shields, value)
        high, low = zaoe_inside_shield(high, low, value, left)
        damage = high if in_high else low
        if damage == 0:
            return
        outcome = self._defense_roll(character, self.settings.area_defense_tn_bonus)
        if not outcome.hits:
            return
        medium = [
            s.source()
            for s in sheet_of(character).shields
            if s.precision is Precision.MEDIUM and stops(s.source(), zone)
        ]
        damage = self._shield_first(character, medium, damage)
        if damage:
            portion = self._zone_portion(damage)
            self._damage(character, (portion,), None, self.before_defense[steps_before:])

    def _zone_portion(self, damage: int) -> Portion:
        assert self.weapon.energy is not None
        return energy_portion(self.weapon.energy, damage)

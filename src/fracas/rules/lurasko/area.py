"""A deliberate AoE through the engine: the target's shielding at the original value, its
impact, and the area on the others in its group, each shielded separately.

"When shielding a character directly targeted by AoEs ... consider the energy damage of the
attack to be its original value." Low precision may end the attack; medium and high protect the
target "but the attack explodes within the group and area damage affects other characters ...
as normal". The others roll their own defense at a better TN (SOURCES.md 5.4).
"""

from __future__ import annotations

from fracas.engine.events import Event
from fracas.engine.state import Combatant
from fracas.rules.lurasko.aoe import after_low_shielding, after_target_shielding, unshielded
from fracas.rules.lurasko.attack import Strike
from fracas.rules.lurasko.events import AreaBurst
from fracas.rules.lurasko.offense import energy_portion
from fracas.rules.lurasko.queries import sheet_of
from fracas.rules.lurasko.shielding import ShieldSource, stops
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.vocabulary import DamageKind, Precision


class AreaStrike(Strike):
    """An attack with an area weapon (all energy)."""

    def resolve(self) -> list[Event]:
        kind = self.weapon.energy
        assert kind is not None
        self.rolled.roll(self.weapon, self.source)
        original = self._energy_damage()
        target = self.target
        left = self._shield_first(target, self._sources(target, Precision.LOW), original)
        burst = after_low_shielding(original, left, deliberate=True)
        area = None if burst.over else unshielded(left, deliberate=True).area
        left_medium = left
        if not burst.over:
            left_medium = self._shield_first(target, self._sources(target, Precision.MEDIUM), left)
        fire = kind in (DamageKind.HEAT, DamageKind.ELECTRIC)
        self.events.append(
            AreaBurst(
                self.attacker.id, target.id, burst.hazard, left_medium, area, burst.over, fire
            )
        )
        if burst.over:
            return self.events
        if left_medium:
            self._on_target(left, left_medium)
        if area:
            for other in self.action.around:
                self._on_bystander(self.state[other], area)
        return self.events

    def _sources(self, defender: Combatant, precision: Precision) -> list[ShieldSource]:
        return [
            s
            for s in traits_of(sheet_of(defender)).shields
            if s.precision is precision and stops(s, self.incoming)
        ]

    def _on_target(self, left: int, left_medium: int) -> None:
        """The target's defense roll: hit, the impact at 50 %; dodged, the area damage (an
        explosive's met by the target's medium shielding, which its impact bypassed)."""
        assert self.weapon.energy is not None
        outcome = self._defense_roll()
        medium = left_medium < left
        _, dodged_area = after_target_shielding(
            left, left_medium, deliberate=True, dodged=True, medium=medium
        )
        if outcome.hits:
            self.energy_left = unshielded(left_medium, deliberate=True).direct
            self._hit(outcome)
        elif dodged_area and self.weapon.explosive:
            self._area_damage(self.target, dodged_area)
        elif dodged_area:
            portion = energy_portion(self.weapon.energy, dodged_area)
            self._damage(self.target, (portion,), None, self.before_defense)

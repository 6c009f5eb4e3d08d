"""A combatant's defences against one Damage Type, stacked from its sheet and its effects.

Sources: the sheet's natural values, worn layers and natural armor; the ``modifiers`` its
artifacts and features grant; and the effects powers put on it (``Effect.data``: ``kind`` a
``ModifierKind``, one value per Damage Type name, ``ignored_by_imbued``).
"""

from __future__ import annotations

from collections.abc import Mapping

from fracas.engine.memo import per_object_and
from fracas.engine.state import Combatant, Effect, Scalar
from fracas.rules.kaiser import stacking
from fracas.rules.kaiser.damage import Defences
from fracas.rules.kaiser.queries import sheet_of
from fracas.rules.kaiser.sheet import Modifier, ModifierKind, Sheet
from fracas.rules.kaiser.stacking import Source
from fracas.rules.kaiser.vocabulary import DamageType

KIND = "kind"
IGNORED_BY_IMBUED = "ignored_by_imbued"
"""Keys of a modifier effect's data, beside one value per Damage Type."""


def modifier_data(modifier: Modifier) -> Mapping[str, Scalar]:
    """The ``Effect.data`` of a modifier a power puts on a creature."""
    values: dict[str, Scalar] = {t.value: v for t, v in modifier.values.items() if v}
    return {KIND: modifier.kind.value, IGNORED_BY_IMBUED: modifier.ignored_by_imbued, **values}


def _effect_sources(
    effects: tuple[Effect, ...], kind: ModifierKind, damage_type: DamageType, imbued: bool
) -> list[Source]:
    found: list[Source] = []
    for effect in effects:
        if effect.data.get(KIND) != kind.value:
            continue
        value = effect.data.get(damage_type.value)
        if isinstance(value, int) and value:
            ignored = imbued and effect.data.get(IGNORED_BY_IMBUED) is True
            found.append(Source(value, ignored))
    return found


def sources(
    sheet: Sheet,
    effects: tuple[Effect, ...],
    kind: ModifierKind,
    damage_type: DamageType,
    *,
    imbued: bool,
) -> list[Source]:
    """Every non-natural source of ``kind`` for ``damage_type``: artifacts, features, powers."""
    from_sheet = [
        Source(m.values.get(damage_type, 0), imbued and m.ignored_by_imbued)
        for m in sheet.modifiers
        if m.kind is kind and m.values.get(damage_type, 0)
    ]
    return from_sheet + _effect_sources(effects, kind, damage_type, imbued)


def defences_of(
    combatant: Combatant, damage_type: DamageType, *, imbued: bool, material: bool = True
) -> Defences:
    """The stacked defences of ``combatant`` against an attack of ``damage_type``. An
    immaterial attacker's attack is not ``material``: it ignores worn layers ("the ability to
    ignore material objects like weapons, armor, and shields"), not natural armor."""
    sheet = sheet_of(combatant)
    for effect in combatant.effects:
        if KIND in effect.data:
            return _stacked(sheet, combatant.effects, damage_type, imbued=imbued, material=material)
    return _sheet_defences(sheet, (damage_type, imbued, material))


@per_object_and
def _sheet_defences(sheet: Sheet, attack: tuple[DamageType, bool, bool]) -> Defences:
    """The defences of a sheet whose bearer no power modifies (no effect with a ``kind``)
    against an attack's Damage Type, imbued trait and material: its own alone, worked out once
    per sheet and attack (every hit asks it of its target)."""
    damage_type, imbued, material = attack
    return _stacked(sheet, (), damage_type, imbued=imbued, material=material)


def _stacked(
    sheet: Sheet,
    effects: tuple[Effect, ...],
    damage_type: DamageType,
    *,
    imbued: bool,
    material: bool,
) -> Defences:
    def found(kind: ModifierKind) -> list[Source]:
        return sources(sheet, effects, kind, damage_type, imbued=imbued)

    natural_armor = [a.av.get(damage_type, 0) for a in sheet.natural_armor]
    natural_armor += [s.value for s in found(ModifierKind.NATURAL_ARMOR) if not s.ignored]
    layers = [a.av.get(damage_type, 0) for a in sheet.armor] if material else []
    natural_barrier = Source(sheet.damage_barrier.get(damage_type, 0))
    return Defences(
        absorption=sheet.absorption,
        armor=stacking.armor_value(natural_armor, layers),
        vulnerability=stacking.damage_vulnerability(
            sheet.vulnerability.get(damage_type, 0),
            [s.value for s in found(ModifierKind.VULNERABILITY)],
        ),
        reduction=stacking.damage_reduction(
            sheet.damage_reduction.get(damage_type, 0), found(ModifierKind.DAMAGE_REDUCTION)
        ),
        barrier=stacking.damage_barrier([natural_barrier, *found(ModifierKind.DAMAGE_BARRIER)]),
        resistance=stacking.damage_resistance(
            sheet.damage_resistance.get(damage_type, 0), found(ModifierKind.DAMAGE_RESISTANCE)
        ),
    )

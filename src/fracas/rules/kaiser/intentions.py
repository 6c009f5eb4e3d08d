"""The Intention phase and the other Active Actions of a turn.

SOURCES.md 1.9: "Round = Intention phase (declare intentions, spend AP, roll initiative), then
Action phase (Active/Reaction/Swift actions by initiative), then End phase". Kaiser's Action
Points page: "You can declare multiple Intentions, but can only declare each one once."
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet
from fracas.engine.frozen import frozen
from fracas.engine.memo import per_object_and
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState, Scalar
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.chakras import FILLING
from fracas.rules.kaiser.innate import innate_mana_drawn
from fracas.rules.kaiser.mass import INNATE_MANA
from fracas.rules.kaiser.preparing import converted
from fracas.rules.kaiser.queries import (
    AP,
    INTENTIONS,
    KI_TRANSFERRED,
    MOVED,
    PREPARING,
    TRANSFERRED,
    acting,
    find_named,
    in_intention_phase,
    intention_kinds,
    intentions,
    intentions_in,
    one_named,
    require_action_phase_turn,
    require_standing,
    sheet_of,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import PowerSource, Sheet, Weapon

ATTACK_PREFIX = "attack:"
WEAPON_SEPARATOR = "|"
"""Joins the weapons of one Attack Intention in the Intentions mark (``attack:Sword|Dagger``)."""


def weapon_named(combatant: Combatant, name: str | None) -> Weapon:
    """The weapon called ``name`` (any case, a unique prefix), or the first weapon."""
    weapons = sheet_of(combatant).weapons
    if not weapons:
        raise IllegalAction("no-weapon", f"{combatant.name} has no weapon")
    if name is None:
        return weapons[0]
    return one_named(weapons, name, "weapon", combatant.name)


def intended_weapons(combatant: Combatant) -> tuple[str, ...] | None:
    """The weapons of the Attack Intention declared this round, or None without one."""
    return intended_in(combatant.marks.get(INTENTIONS))


def intended_in(marked: Scalar) -> tuple[str, ...] | None:
    """``intended_weapons`` of a value of the Intentions mark."""
    for intention in intentions_in(marked):
        if intention.startswith(ATTACK_PREFIX):
            return _weapons_of(intention)
    return None


@lru_cache(maxsize=256)
def _weapons_of(intention: str) -> tuple[str, ...]:
    """``attack:Sword|Dagger`` → its weapons (read once per text: every attack reads them)."""
    return tuple(intention[len(ATTACK_PREFIX) :].split(WEAPON_SEPARATOR))


def initiative_penalty(combatant: Combatant) -> int:
    """The Attack Intention's worst Initiative Penalty: "The weapon with the worst Initiative
    Penalty is applied to your Initiative Roll"."""
    return _worst_penalty(sheet_of(combatant), intended_weapons(combatant) or ())


@per_object_and
def _worst_penalty(sheet: Sheet, names: tuple[str, ...]) -> int:
    """``initiative_penalty`` of the weapons ``names``, once per sheet and names."""
    weapons = [w for w in sheet.weapons if w.name in names]
    return max((w.initiative_penalty for w in weapons), default=0)


def chosen_weapons(combatant: Combatant, names: Sequence[str]) -> tuple[Weapon, ...]:
    """The weapons an Attack Intention names, once each (none named: the first weapon)."""
    known = _sheet_weapons(sheet_of(combatant), tuple(names))
    if known is not None:
        return known
    chosen = [weapon_named(combatant, name) for name in names] or [weapon_named(combatant, None)]
    return tuple({weapon.name: weapon for weapon in chosen}.values())


@per_object_and
def _sheet_weapons(sheet: Sheet, names: tuple[str, ...]) -> tuple[Weapon, ...] | None:
    """``chosen_weapons`` from the sheet alone, once per sheet and names (the Intention's
    cost, check and resolution each ask it); None where a name finds no single weapon (then
    ``chosen_weapons`` names it in its refusal)."""
    if not sheet.weapons:
        return None
    chosen: list[Weapon] = []
    for name in names:
        found = find_named(sheet.weapons, name)
        if found is None:
            return None
        chosen.append(found)
    chosen = chosen or [sheet.weapons[0]]
    return tuple({weapon.name: weapon for weapon in chosen}.values())


ALL_CHAKRAS = ("red", "green", "blue")


def ma_divisor(components: a.Components) -> int:
    """Kaiser's Magic Intention: "If you are unable to perform somatic or verbal components,
    your MA is halved, or quartered if you cannot perform either component"; the Spirit
    Intention's Fill Chakra likewise ("the amount you fill is halved, or quartered")."""
    return {"both": 1, "somatic": 2, "verbal": 2, "none": 4}[components]


@frozen
class IntendRule:
    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Intend) -> Cost:
        if action.intention == "attack":
            # "the highest Weapon Cost is used to determine the AP cost of this Intention"
            weapons = chosen_weapons(state[acting(action)], action.weapons)
            return {AP: max(w.cost for w in weapons) + self.settings.attack_intention_ap}
        ap = {
            "magic": self.settings.magic_intention_ap,
            "phenom": self.settings.phenom_intention_ap,
            "spirit": self.settings.spirit_intention_ap,
        }[action.intention]
        return {AP: ap}

    def verify(self, state: EncounterState, action: a.Intend) -> None:
        actor = acting(action)
        require_standing(state, actor)
        if not in_intention_phase(state) or not state.is_turn_of(actor):
            raise IllegalAction(
                "not-intention-phase", "intend: Intentions are declared in the Intention phase"
            )
        if action.intention in intention_kinds(state[actor]):
            raise IllegalAction(
                "intention-declared",
                f"{state[actor].name} has declared the {action.intention} Intention already"
                " (each Intention only once a round)",
            )
        if action.intention == "attack":
            chosen_weapons(state[actor], action.weapons)
        elif action.weapons:
            raise IllegalAction("no-weapon-here", "only the Attack Intention names a weapon")
        if action.spell is not None and action.option != "prepared":
            raise IllegalAction("no-spell-here", "only a Prepared Spell Intention names a spell")
        if action.option != "accumulate" and action.intention == "spirit":
            self._verify_spirit_option(state[actor], action)
        elif action.option != "accumulate":
            self._verify_magic_option(state[actor], action)
        if action.fill != ALL_CHAKRAS and action.intention != "spirit":
            raise IllegalAction("no-fill-here", "only the Spirit Intention fills the chakras")
        if action.components != "both" and action.intention not in ("magic", "spirit"):
            raise IllegalAction(
                "no-components-here",
                "only the Magic and Spirit Intentions depend on the components",
            )

    @staticmethod
    def _verify_spirit_option(caster: Combatant, action: a.Intend) -> None:
        """The Spirit Intention is Fill Chakra or Transfer Ki, which needs chakras."""
        if action.option != "transfer":
            raise IllegalAction(
                "no-option-here", f"only the Magic Intention has the {action.option} option"
            )
        if sheet_of(caster).chakras is None:
            raise IllegalAction(
                "no-chakras", f"{caster.name} has no chakras: Transfer Ki moves their sum a round"
            )

    @staticmethod
    def _verify_magic_option(caster: Combatant, action: a.Intend) -> None:
        """The Magic Intention's innate, prepared and transfer options need an MA; a prepared
        spell is a spell of the caster's that costs mana."""
        if action.intention != "magic":
            raise IllegalAction(
                "no-option-here", f"only the Magic Intention has the {action.option} option"
            )
        if sheet_of(caster).mana_accumulation is None:
            raise IllegalAction(
                "no-ma",
                f"{caster.name} has no MA: the mana of the {action.option} option is its MA's",
            )
        if action.option != "prepared":
            return
        if action.spell is None:
            raise IllegalAction(
                "no-spell", "a Prepared Spell Intention declares its spell (-spell)"
            )
        spell = one_named(sheet_of(caster).powers, action.spell, "power", caster.name)
        if spell.source is not PowerSource.MAGIC or not spell.mana:
            raise IllegalAction("not-a-spell", f"{spell.name} is not a spell that costs mana")

    def resolve(self, state: EncounterState, action: a.Intend, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        entry: str = action.intention
        if action.intention == "attack":
            weapons = chosen_weapons(state[actor], action.weapons)
            entry = ATTACK_PREFIX + WEAPON_SEPARATOR.join(w.name for w in weapons)
        elif (divisor := ma_divisor(action.components)) > 1:
            entry = f"{action.intention}:{divisor}"
        declared = ",".join((*intentions(state[actor]), entry))
        events: list[Event] = [MarkSet(actor, INTENTIONS, declared)]
        if action.option == "innate":
            ma = (sheet_of(state[actor]).mana_accumulation or 0) // ma_divisor(action.components)
            drawn = innate_mana_drawn(ma, self.settings.ambient_mana)
            events.append(MarkSet(actor, INNATE_MANA, drawn))
        elif action.option == "transfer":
            moved = KI_TRANSFERRED if action.intention == "spirit" else TRANSFERRED
            events.append(MarkSet(actor, moved, 0))
        elif action.intention == "spirit" and sheet_of(state[actor]).chakras is not None:
            events.append(MarkSet(actor, FILLING, ",".join(action.fill)))
        elif action.option == "prepared":
            assert action.spell is not None
            spell = one_named(sheet_of(state[actor]).powers, action.spell, "power", "")
            events.append(MarkSet(actor, PREPARING, spell.name))
            events += converted(state[actor], spell)
        return events


@frozen
class MoveRule:
    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Move) -> Cost:
        return {AP: self.settings.move_ap}

    def verify(self, state: EncounterState, action: a.Move) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        if state[actor].marks.get(MOVED):
            raise IllegalAction("moved", "move: the Move action can be taken once a round")

    def resolve(self, state: EncounterState, action: a.Move, dice: DiceSource) -> Sequence[Event]:
        return [MarkSet(acting(action), MOVED, True)]

"""Reading the encounter state the Kaiser way: sheets, pools, marks, who still stands."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol, TypeVar

from fracas.engine.action import Action, CombatantId
from fracas.engine.events import Event, MarkSet
from fracas.engine.memo import per_object_and
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState, Scalar
from fracas.rules.kaiser.sheet import Sheet

LP = "LP"
AP = "AP"
MANA = "Mana"
KI = "Ki"
MANA_BATTERY = "Mana Battery"
KI_BATTERY = "Ki Battery"
"""Pool names: Life Points, Action Points (6 a round), the Mana and Ki powers spend, and the
mana and ki a carried Mana or Ki Battery stores (a sheet with none has no such pool)."""

DEAD = "dead"
ATTACKS = "attacks"
DEFENCES = "defences"
INTENTIONS = "intentions"
MOVED = "moved"
COUNTER = "counter"
COUNTER_BONUS = "counter_bonus"
MANA_SPENT = "mana_spent"
ACTED = "acted"
"""Marks: dead; Attack Actions made and Block/Dodge defences used this round; the Intentions
declared this round (comma-separated, the Attack Intention as ``attack:<weapon>|<weapon>``);
the Move action taken this round; whom a failed hand-to-hand attack lets this combatant Counter, and
the Counter bonus (until the end of the turn); the mana spent of this round's mass of mana;
whether the combatant took an Action (other than an Intention) this round."""

MAINTAINED = "maintained"
"""Round mark: the Maintain actions taken this round (``spell,phenom``)."""

TRANSFERRED = "transferred"
KI_TRANSFERRED = "ki_transferred"
PREPARING = "preparing"
"""Round marks of the Intentions' options: the mana (ki) moved so far this round under the
Transfer Mana (Transfer Ki) Intention; the spell the Accumulate for a Prepared Spell Intention
prepares."""

UNCONSCIOUS = "Unconscious"
CRITICAL = "Critical"
"""Effects: knocked out or Between Life and Death; a Critical's penalty (``data["penalty"]``)."""

PREVENTS_ACTION = "prevents_action"
"""Effect data: its bearer cannot act while it lasts."""

INTENTION_PHASE = "Intention phase"
"""The label of the turn everyone shares at the start of a round."""


def sheet_of(combatant: Combatant) -> Sheet:
    sheet = combatant.sheet
    if not isinstance(sheet, Sheet):
        raise TypeError(f"{combatant.name} does not have a kaiser sheet")
    return sheet


def life_points(combatant: Combatant) -> int:
    return combatant.pools[LP].current


def life_points_lost(combatant: Combatant) -> int:
    """The damage it has taken: its Life Points below their maximum (none without the pool)."""
    pool = combatant.pools.get(LP)
    return 0 if pool is None else pool.maximum - pool.current


def is_dead(combatant: Combatant) -> bool:
    return combatant.marks.get(DEAD) is True


def standing(combatant: Combatant) -> bool:
    """Still in the fight: not dead, not unconscious, above 0 LP."""
    if combatant.effects and combatant.has(UNCONSCIOUS):  # asked of everyone at every step
        return False
    # ``is_dead`` and ``life_points`` written out: no call to make
    return combatant.marks.get(DEAD) is not True and combatant.pools[LP].current > 0


def able_to_act(combatant: Combatant) -> bool:
    """Standing and under no effect that prevents it from acting (paralysis, sleep)."""
    if not standing(combatant):
        return False
    return not combatant.effects or not any(e.data.get(PREVENTS_ACTION) for e in combatant.effects)


def count_mark(combatant: Combatant, key: str) -> int:
    value = combatant.marks.get(key)
    return value if isinstance(value, int) else 0


def intentions(combatant: Combatant) -> tuple[str, ...]:
    value = combatant.marks.get(INTENTIONS)
    return _listed(value) if isinstance(value, str) and value else ()


def intentions_in(value: Scalar) -> tuple[str, ...]:
    """``intentions`` of a value of the Intentions mark."""
    return _listed(value) if isinstance(value, str) and value else ()


def intention_kinds(combatant: Combatant) -> tuple[str, ...]:
    """The kinds of the Intentions declared this round (``attack``, ``magic`` …), in order."""
    value = combatant.marks.get(INTENTIONS)
    return _kinds_of(value) if isinstance(value, str) and value else ()


@lru_cache(maxsize=1024)
def _kinds_of(value: str) -> tuple[str, ...]:
    return tuple(intention.partition(":")[0] for intention in _listed(value))


@lru_cache(maxsize=1024)
def _listed(value: str) -> tuple[str, ...]:
    """A comma-separated mark's items (split once per text: the rules read the Intentions mark
    several times a step)."""
    return tuple(value.split(","))


def maintained_kinds(combatant: Combatant) -> tuple[str, ...]:
    """The Maintain actions (spell, spirit, phenom) ``combatant`` took this round."""
    value = combatant.marks.get(MAINTAINED)
    return tuple(value.split(",")) if isinstance(value, str) and value else ()


def action_penalty(combatant: Combatant) -> int:
    """The all-action penalty of the Criticals a combatant suffers (States add together)."""
    return sum(int(e.data.get("penalty") or 0) for e in combatant.effects if e.name == CRITICAL)


def acting(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
    return action.actor


def took_action(combatant: Combatant) -> list[Event]:
    """Mark that ``combatant`` took an Action this round (its turn's, a reaction, a Swift
    Action in defence)."""
    return [] if combatant.marks.get(ACTED) else [MarkSet(combatant.id, ACTED, True)]


def in_intention_phase(state: EncounterState) -> bool:
    turn = state.clock.turn
    return turn is not None and turn.label == INTENTION_PHASE


def require_standing(state: EncounterState, actor: CombatantId) -> None:
    combatant = state.combatants[actor]
    if not standing(combatant):
        raise IllegalAction("down", f"{combatant.name} is down and cannot act")
    for held in combatant.effects:
        if held.data.get(PREVENTS_ACTION):
            raise IllegalAction("cannot-act", f"{combatant.name} is {held.name} and cannot act")


def require_action_phase_turn(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse unless it is ``actor``'s own turn of the Action phase and it stands."""
    if in_intention_phase(state):
        raise IllegalAction(
            "intention-phase", f"{verb}: the Intention phase is for declaring Intentions"
        )
    if not state.is_turn_of(actor):
        raise IllegalAction("not-your-turn", f"{verb}: it is not {state[actor].name}'s turn")
    require_standing(state, actor)


class Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=Named)


def one_named(items: Sequence[N], name: str, what: str, owner: str) -> N:
    """The item called ``name`` (any case, or a unique prefix); IllegalAction ``unknown-<what>``
    naming those there are otherwise."""
    found = find_named(items, name)
    if found is None:
        known = ", ".join(x.name for x in items) or "none"
        raise IllegalAction(f"unknown-{what}", f"{owner} has no single {what} {name!r} ({known})")
    return found


def find_named(items: Sequence[N], name: str) -> N | None:
    """``one_named``'s item, None where it refuses."""
    return _single(items, name) if isinstance(items, tuple) else _found(items, name)


def _found(items: Sequence[N], name: str) -> N | None:
    wanted = name.lower()
    found = [x for x in items if x.name.lower() == wanted] or [
        x for x in items if x.name.lower().startswith(wanted)
    ]
    return found[0] if len(found) == 1 else None


_single = per_object_and(_found)
"""``_found`` once per sheet's tuple of items and name: every attack and use names its weapon
or power, and its rule looks it up in the cost, the check and the resolution."""


@lru_cache(maxsize=64)
def skill_name(skill: str) -> str:
    """``magic_projection`` → ``Magic Projection``."""
    return skill.replace("_", " ").title()

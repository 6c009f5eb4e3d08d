"""Reading the encounter state the DBU way: sheets, Tiers, Life Points, conditions, turns."""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.dbu.economy import LP
from fracas.rules.dbu.sheet import Sheet
from fracas.rules.dbu.vocabulary import Attribute

SURPRISED = "surprised"
"""Mark: the combatant was surprised (set before combat starts)."""

ROLL_OFF = "roll_off"
"""Mark: the d10 a combatant rolled to break an Initiative tie."""

GUARD_DOWN = "Guard Down"
PRONE = "Prone"
SLEEPING = "Sleeping"
"""Combat Conditions (effects)."""

SURPRISE_ROUND = "The surprise round"
"""How the note opening round 1 names it when some were surprised."""


def sheet_of(combatant: Combatant) -> Sheet:
    sheet = combatant.sheet
    if not isinstance(sheet, Sheet):
        raise TypeError(f"{combatant.name} does not have a dbu sheet")
    return sheet


HOLDING_BACK = "Holding Back"
"""Effect: Holding Back stacks (data ``stacks``), each -1 to the Tier of Power."""


RESPONDING = "Responding"
"""Effect: the combatant is taking its Triggered Maneuver's response, with the Actions paid for
it (data ``kept``: the Actions it had before, given back when the response is over)."""


def might(combatant: Combatant) -> int:
    """The higher of the Force and Spirit Modifiers ('Force or Spirit … whichever is higher')."""
    modifiers = sheet_of(combatant).modifiers
    return max(modifiers[Attribute.FORCE], modifiers[Attribute.SPIRIT])


def holding_back(combatant: Combatant) -> int:
    effect = combatant.effect(HOLDING_BACK) if combatant.effects else None  # asked very often
    stacks = effect.data.get("stacks") if effect is not None else None
    return stacks if isinstance(stacks, int) else 0


TRANSFORMED = "Transformed"
"""Effect: a transformation taken (data ``form``, ``tiers``)."""


def transformed_tiers(combatant: Combatant) -> int:
    if not combatant.effects:  # the Tier is asked very often, and most carry no effect
        return 0
    tiers = [e.data.get("tiers") for e in combatant.effects if e.name == TRANSFORMED]
    return sum(t for t in tiers if isinstance(t, int))


def tier_of(combatant: Combatant) -> int:
    """The current Tier of Power: the base Tier plus transformations, less the Holding Back
    stacks, never below 1."""
    base = sheet_of(combatant).tier + transformed_tiers(combatant)
    return max(base - holding_back(combatant), 1)


def base_tier_of(combatant: Combatant) -> int:
    return sheet_of(combatant).tier


def life(combatant: Combatant) -> int:
    return combatant.pools[LP].current


def standing(combatant: Combatant) -> bool:
    """Not Defeated: Life Points above 0."""
    return life(combatant) > 0


def answerer(combatant: Combatant) -> tuple[str, str]:
    """How a refusal, which a player may read, names ``combatant`` (a hidden one is not named)
    and who answers for it: (``Saibaman 1``, ``Saibaman 1``) or (``a hidden combatant``, ``the
    Architect``)."""
    if combatant.hidden:
        return "a hidden combatant", "the Architect"
    return combatant.name, combatant.name


def has_effect(combatant: Combatant, name: str) -> bool:
    if not combatant.effects:  # no generator to run for the many who carry none
        return False
    wanted = name.lower()
    return any(e.name.lower() == wanted for e in combatant.effects)


def surprise_round(state: EncounterState) -> bool:
    """Whether the round being played is the surprise round: round 1, when some are surprised
    and some are not."""
    return state.clock.round == 1 and has_surprise(state)


def has_surprise(state: EncounterState) -> bool:
    """Whether the fight opens with a surprise round: some, but not all, are surprised."""
    surprised = {bool(c.marks.get(SURPRISED)) for c in state}
    return surprised == {True, False}


def acting(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
    return action.actor


def require_able(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse anything from a combatant who cannot act at all now: before the fight, when
    Defeated, or surprised in the surprise round ('they cannot take any Actions (not even
    Instant Actions) during the surprise round')."""
    if not state.clock.started:
        raise IllegalAction("not-started", f"{verb}: combat has not started yet (use: start)")
    combatant = state.combatants[actor]
    if not standing(combatant):
        raise IllegalAction("defeated", f"{verb}: {combatant.name} is Defeated")
    if has_effect(combatant, SLEEPING):
        raise IllegalAction(
            "sleeping", f"{verb}: {combatant.name} is Sleeping and takes no Actions of any kind"
        )
    if combatant.marks.get(SURPRISED) and surprise_round(state):
        raise IllegalAction(
            "surprised",
            f"{verb}: {combatant.name} is surprised and cannot take any Actions, not even"
            " Instant Actions, during the surprise round",
        )


def require_turn(state: EncounterState, actor: CombatantId, verb: str) -> None:
    """Refuse an Action outside its owner's turn: 'Actions can only be used during your turn';
    a Triggered Maneuver's response is the exception ('lets you take part of your turn during
    another character's turn as an Out-of-Sequence Action')."""
    require_able(state, actor, verb)
    if not state.is_turn_of(actor) and not has_effect(state[actor], RESPONDING):
        raise IllegalAction(
            "not-your-turn",
            f"{verb}: it is not {state[actor].name}'s turn (Actions are used on your own turn)",
        )


def turn_passed(state: EncounterState, combatant: CombatantId) -> bool:
    """Whether ``combatant``'s turn of this round has started (it is now or behind us)."""
    clock = state.clock
    return any(combatant in turn.actors for turn in clock.order[: clock.index + 1])


def maneuver_ki(combatant: Combatant, amount: int) -> int:
    """A Maneuver's Ki cost for ``combatant``: 'If your number of Holding Back stacks is equal to
    your base Tier of Power, reduce the Ki Point cost of all Maneuvers by -1(T) – use your base
    Tier of Power for calculating this reduction.'"""
    base = sheet_of(combatant).tier
    if amount and holding_back(combatant) >= base:
        return max(amount - base, 0)
    return amount

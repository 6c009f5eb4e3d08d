"""Names of the kingsdale pools, marks and effects, and questions about a combatant."""

from __future__ import annotations

from fracas.engine.action import Action, CombatantId
from fracas.engine.memo import per_sheet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kingsdale.sheet import Sheet

ACTIONS = "Actions"
"""The attacks/actions left in the current pose."""
HP, SDC, MDC, PPE, ISP = "HP", "SDC", "MDC", "PPE", "ISP"

INIT_NATURAL = "init natural"
"""Mark: the natural d20 of the combatant's initiative roll (20 and 1 change its first pose)."""
POSE = "pose"
"""Mark: the pose (``1:Pose One``) whose actions the combatant's Actions pool holds."""
OWED = "owed"
"""Mark: actions a dodge borrowed from the combatant's next pose."""
CASTING = "casting"
"""Mark: the spell being cast over several actions, and ``channelled``: its PPE so far."""
CHANNELLED = "channelled"
AMBUSHED = "ambushed"
"""Mark: the combatant has made its one ambush attack."""
SPOTTED = "spotted ambush"
"""Mark: the combatant detected the ambush (it may defend and counter-ambush)."""

STRIKE = "Strike pending"
"""Effect on a defender: a strike waiting for its parry, dodge or no defence."""
STRAY = "Stray strike pending"
"""Effect on an attacker who fumbled a 2: the game master says which teammate it hits, if any."""
HORRIFIED = "Horrified"
"""Effect: a failed Horror Factor before the fight: no initiative this melee, first attack lost."""
HORROR_STRUCK = "Horror-struck"
"""Effect: a failed Horror Factor mid-combat: no parry or dodge until the lost attack is over."""
DEAD = "Dead"


def sheet_of(combatant: Combatant) -> Sheet:
    sheet = combatant.sheet
    assert isinstance(sheet, Sheet)
    return sheet


@per_sheet
def life_pool(sheet: Sheet) -> str:
    """The pool whose 0 downs the bearer (asked with the combatant): M.D.C. for an M.D.C.
    being, else H.P."""
    return MDC if sheet.mdc_being else HP


@per_sheet
def wounded_pools(sheet: Sheet) -> tuple[str, ...]:
    """The pools damage may take (asked with the combatant), whether or not the bearer has
    them: H.P., S.D.C., M.D.C. and each armour layer (not PPE, ISP or a weapon's payload, which
    are spent)."""
    return (HP, SDC, MDC, *(layer.name for layer in sheet.armor))


def standing(combatant: Combatant) -> bool:
    """Alive and above 0 H.P. (an M.D.C. being: above 0 M.D.C.)."""
    if combatant.effects and combatant.has(DEAD):  # asked of everyone at every step
        return False
    pool = combatant.pools.get(life_pool(combatant))
    return pool is None or pool.current > 0


def acting(action: Action) -> CombatantId:
    if action.actor is None:
        raise IllegalAction("no-actor", f"{action.verb}: say who acts (NAME: {action.verb} …)")
    return action.actor


def require_standing(state: EncounterState, who: CombatantId, verb: str) -> None:
    if not standing(state.combatants[who]):
        raise IllegalAction("down", f"{verb}: {state[who].name} is down and cannot act")


def require_pose(state: EncounterState, who: CombatantId, verb: str) -> None:
    """Refuse unless the fight is on, it is ``who``'s pose, it stands, and it has no strike
    left to answer."""
    if not state.clock.started or state.ended:
        raise IllegalAction("not-started", f"{verb}: the fight has not started (start)")
    if not state.is_turn_of(who):
        raise IllegalAction("not-your-pose", f"{verb}: it is not {state[who].name}'s pose")
    require_standing(state, who, verb)
    effects = state.combatants[who].effects
    waiting = [e for e in effects if e.name == STRIKE] if effects else None
    if waiting:
        attacker = str(waiting[0].data.get("attacker"))
        name = state[CombatantId(attacker)].name if attacker in state.combatants else attacker
        raise IllegalAction(
            "answer-first",
            f"{verb}: {state[who].name} must first answer {name}'s strike"
            " (parry, dodge, autododge, autoparry or nodefence)",
        )

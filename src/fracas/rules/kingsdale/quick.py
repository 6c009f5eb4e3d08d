"""A game master's quick edits: S.D.C. or M.D. dealt directly, and healing.

S.D.C. damage goes straight to S.D.C. then H.P. (the armour is not struck: no strike reached it);
M.D. is taken as any M.D. is, from the outermost armour layer inwards, its overflow converted to
S.D.C. on an S.D.C. wearer (Armor Failure). An M.D.C. being takes M.D. by default: "ordinary SDC
attacks do nothing to MDC targets". Healing restores H.P. first, then S.D.C. (an M.D.C. being's
M.D.C.), never above their maxima; armour is repaired, not healed.
"""

from __future__ import annotations

from fracas.engine.action import CombatantId
from fracas.engine.events import Event, PoolChanged
from fracas.engine.ruleset import HEALED_BY_GM, IllegalAction, healed
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.combat import wound
from fracas.rules.kingsdale.queries import DEAD, HP, MDC, SDC, sheet_of
from fracas.rules.kingsdale.settings import KingsdaleSettings

SDC_DAMAGE, MEGA_DAMAGE = "sdc", "md"
DAMAGE_KINDS = (SDC_DAMAGE, MEGA_DAMAGE)
HEAL_KINDS = (HP, SDC, MDC)


def dealt(
    state: EncounterState,
    target: CombatantId,
    amount: int,
    kind: str | None,
    *,
    settings: KingsdaleSettings,
) -> list[Event]:
    """The account of ``amount`` damage of ``kind`` (default: M.D. on an M.D.C. being, else
    S.D.C.) and the pool changes it makes: a strike's wound with no called shot, its S.D.C.
    reaching no armour."""
    mega = kind == MEGA_DAMAGE or (kind is None and sheet_of(state[target]).mdc_being)
    return wound(state, target, amount, mega, None, settings, armoured=mega)


def healing(
    state: EncounterState, target: CombatantId, amount: int, kind: str | None
) -> list[Event]:
    """``amount`` healed into the pool ``kind`` names, or H.P. then S.D.C. (M.D.C. for an
    M.D.C. being), each up to its maximum."""
    victim = state[target]
    if victim.has(DEAD):
        raise IllegalAction("dead", f"{victim.name} is dead and cannot be healed")
    order = (kind,) if kind is not None else (HP, MDC if sheet_of(victim).mdc_being else SDC)
    hurt = [
        name
        for name in order
        if name in victim.pools and victim.pools[name].current < victim.pools[name].maximum
    ]
    if kind is not None and kind not in victim.pools:
        raise IllegalAction("unknown-pool", f"{victim.name} has no {kind} to heal")
    if not hurt:
        full = ", ".join(
            f"{n} {victim.pools[n].current}/{victim.pools[n].maximum}"
            for n in order
            if n in victim.pools
        )
        raise IllegalAction("nothing-to-heal", f"{victim.name} has nothing to heal ({full})")
    events: list[Event] = []
    left = amount
    for name in hurt:
        if left <= 0:
            break
        gained = healed(victim.name, name, victim.pools[name], left)
        events.append(PoolChanged(target, name, gained, HEALED_BY_GM))
        left -= gained
    return events

"""Spraying a target (Spraying a Target), a kind of shooting wild.

"Short burst spray and shotgun: 1 attack, damage from one round to 1d4 targets, uses 10% of
payload. Long burst spray: Three attacks, damage from one round to 1d8 targets, uses 30% of
payload. Full spray: Full melee, damage from two rounds to 2d8 targets, uses 100% of payload."
Automatic weapons (not pulse weapons) and shotguns spray; a shotgun only the short spray.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource, Expression, dice, roll
from fracas.engine.events import Event, MarkSet, Note
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import EncounterState
from fracas.rules.kingsdale.actions import Spray, Strike
from fracas.rules.kingsdale.combat import check_targets, strike_events, weapon_of
from fracas.rules.kingsdale.initiative import allotment, pose_at
from fracas.rules.kingsdale.poses import POSES, pose_index
from fracas.rules.kingsdale.queries import ACTIONS, OWED, acting, require_pose
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Weapon, payload_pool


@frozen
class SprayKind:
    """One row of the chapter's spray list."""

    actions: int | None
    """Attacks it uses; None: the full melee (every action left in it)."""
    targets: Expression
    rounds: int
    payload_percent: int


SPRAY_KINDS = {
    "short": SprayKind(1, dice(1, 4), 1, 10),
    "long": SprayKind(3, dice(1, 8), 1, 30),
    "full": SprayKind(None, dice(2, 8), 2, 100),
}


def payload_used(payload: int, percent: int) -> int:
    """Rounds a spray uses: ``percent`` of the payload, rounded up, at least one."""
    return max(1, -(-payload * percent // 100))


def _refusal(weapon: Weapon, size: str) -> str | None:
    if weapon.pulse:
        return "pulse weapons do not spray"
    if not (weapon.automatic or weapon.shotgun):
        return "only automatic weapons and shotguns spray"
    if weapon.shotgun and not weapon.automatic and size != "short":
        return "a shotgun sprays only the short spray"
    if weapon.payload is None:
        return "the weapon has no payload to spray"
    return None


@frozen
class SprayRule:
    settings: KingsdaleSettings

    def _rest_of_melee(self, state: EncounterState, action: Spray) -> int:
        """Actions of the poses after this one in the melee (a full spray spends them)."""
        who = acting(action)
        pose = pose_index(pose_at(state, state.clock.index))
        later = range(pose + 1, len(POSES))
        few_from_last = self.settings.few_attacks_from_last_pose
        return sum(allotment(state[who], state.clock.round, p, few_from_last) for p in later)

    def cost(self, state: EncounterState, action: Spray) -> Cost:
        who = acting(action)
        weapon = weapon_of(state, who, action.weapon, action.verb)
        kind = SPRAY_KINDS[action.size]
        actions = kind.actions if kind.actions is not None else state[who].pools[ACTIONS].maximum
        cost = {ACTIONS: actions}
        if weapon.payload is not None:
            cost[payload_pool(weapon)] = payload_used(weapon.payload, kind.payload_percent)
        return cost

    def verify(self, state: EncounterState, action: Spray) -> None:
        who = acting(action)
        require_pose(state, who, action.verb)
        weapon = weapon_of(state, who, action.weapon, action.verb)
        if (why := _refusal(weapon, action.size)) is not None:
            raise IllegalAction("cannot-spray", f"spray: {why} (Spraying a Target)")
        if action.size == "full" and pose_at(state, state.clock.index) != POSES[0]:
            raise IllegalAction("full-melee", "spray: a full spray takes the full melee")
        check_targets(state, who, action.targets, action.verb)

    def resolve(self, state: EncounterState, action: Spray, source: DiceSource) -> Sequence[Event]:
        who = acting(action)
        kind = SPRAY_KINDS[action.size]
        count = roll(kind.targets, source)
        hit = action.targets[: count.total]
        events: list[Event] = [
            Note(f"sprays: {count.render()} targets; the first {len(hit)} named are in it", who)
        ]
        if kind.actions is None:
            owed = int(state[who].marks.get(OWED) or 0) + self._rest_of_melee(state, action)
            events.append(MarkSet(who, OWED, owed))
        for target in hit:
            strike = Strike(actor=who, target=target, weapon=action.weapon, wild=True)
            events += strike_events(state, strike, source, self.settings, hits=kind.rounds)
        return events

"""The Transfer Mana and Transfer Ki Intentions: mana (ki) pushed to another, or pulled from a
battery, as Swift Actions.

Kaiser's Magic Intention (Transfer Mana): "When you declare this Intention, as a Swift Action
you can push an amount of mana up to your Mana Accumulation from your Pool to that of another.
This transference requires you to be in direct contact with the creature or object with a Mana
Pool. You can transfer mana to several different targets as long as the total mana transferred
out of your Pool in a round is less than or equal to your MA. If you are in contact with a Mana
Battery, you can instead pull mana from it. Pulling and pushing mana both have a shared maximum
per round equal to your MA." Kaiser's Mana: storing objects "will accept mana from you until
they hit their maximum".

The Spirit Intention's Transfer Ki is the same with ki: "push an amount of ki up to the sum of
your chakras from your Reserve to that of another ... If you are in contact with a Ki Battery,
you can instead pull ki from it. Pulling and pushing ki both have a shared maximum per round
equal to the sum of your chakras." Neither paragraph mentions the somatic and verbal components;
the setting ``transfer_halved_without_components`` (a reading chosen here) halves the round's
maximum without one of them and quarters it without both, as Fill Chakra's amount and the
Accumulate Intentions' MA are.

The engine has no positions: contact is the players' and the game master's call.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, EncounterState
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.mass import divisor
from fracas.rules.kaiser.queries import (
    KI,
    KI_BATTERY,
    KI_TRANSFERRED,
    MANA,
    MANA_BATTERY,
    TRANSFERRED,
    acting,
    count_mark,
    in_intention_phase,
    require_standing,
    sheet_of,
)
from fracas.rules.kaiser.settings import KaiserSettings


def transferring(combatant: Combatant) -> bool:
    """The Transfer Mana Intention is declared this round."""
    return combatant.marks.get(TRANSFERRED) is not None


@frozen
class Medium:
    """What a transfer moves: its pool, its battery, the round mark of what moved, the most a
    round moves, the Intention it needs."""

    pool: str
    battery: str
    moved: str
    limit: int
    intention: str


def medium_of(caster: Combatant, *, ki: bool, settings: KaiserSettings) -> Medium:
    """Mana (the MA a round) or ki (the sum of the chakras a round), that limit divided by the
    Intention's components divisor when ``transfer_halved_without_components``."""
    intention = "spirit" if ki else "magic"
    by = (divisor(caster, intention) or 1) if settings.transfer_halved_without_components else 1
    if not ki:
        limit = (sheet_of(caster).mana_accumulation or 0) // by
        return Medium(MANA, MANA_BATTERY, TRANSFERRED, limit, "magic -as transfer")
    chakras = sheet_of(caster).chakras
    total = 0 if chakras is None else chakras.red + chakras.green + chakras.blue
    return Medium(KI, KI_BATTERY, KI_TRANSFERRED, total // by, "spirit -as transfer")


def _room(combatant: Combatant, pool: str) -> int | None:
    """How much more ``pool`` accepts (None: there is no such pool)."""
    held = combatant.pools.get(pool)
    return None if held is None else held.maximum - held.current


@frozen
class Flow:
    """One transfer: from whose pool to whose, the pools' names."""

    giver: Combatant
    giver_pool: str
    taker: Combatant
    taker_pool: str


def flow_of(state: EncounterState, action: a.Transfer, settings: KaiserSettings) -> Flow:
    """Who gives and who takes: ``-to WHO`` pushes from the Pool (Reserve) to WHO's;
    ``-battery pull`` pulls from the caster's battery, ``-battery push`` charges it."""
    caster = state[acting(action)]
    medium = medium_of(caster, ki=action.ki, settings=settings)
    if (action.to is None) == (action.battery is None):
        raise IllegalAction(
            "transfer-how", "transfer: push to someone (-to WHO) or use your battery (-battery)"
        )
    if action.battery == "pull":
        return Flow(caster, medium.battery, caster, medium.pool)
    if action.battery == "push":
        return Flow(caster, medium.pool, caster, medium.battery)
    assert action.to is not None
    if action.to == caster.id:
        raise IllegalAction("transfer-self", "transfer: push it to another, not to yourself")
    return Flow(caster, medium.pool, state[action.to], medium.pool)


@frozen
class TransferRule:
    """A Swift Action of the Action phase (any time in the round), for no AP."""

    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Transfer) -> Cost:
        return {}

    def verify(self, state: EncounterState, action: a.Transfer) -> None:
        caster = state[acting(action)]
        if not state.clock.started or in_intention_phase(state):
            raise IllegalAction("not-action-phase", "transfer: a Swift Action of the Action phase")
        require_standing(state, caster.id)
        medium = medium_of(caster, ki=action.ki, settings=self.settings)
        if caster.marks.get(medium.moved) is None:
            raise IllegalAction(
                "no-intention",
                f"{caster.name} has not declared the Intention to transfer"
                f" {medium.pool} (intend {medium.intention})",
            )
        if action.amount < 1:
            raise IllegalAction("transfer-amount", "transfer: give an amount of 1 or more")
        moved = count_mark(caster, medium.moved)
        if moved + action.amount > medium.limit:
            raise IllegalAction(
                "transfer-limit",
                f"{caster.name} can transfer {medium.limit} {medium.pool} a round;"
                f" {moved} moved already",
            )
        flow = flow_of(state, action, self.settings)
        held = flow.giver.pools.get(flow.giver_pool)
        if held is None or held.current < action.amount:
            have = 0 if held is None else held.current
            raise IllegalAction(
                f"not-enough-{medium.pool.lower()}",
                f"{flow.giver.name}'s {flow.giver_pool} holds {have}; {action.amount} asked",
            )
        room = _room(flow.taker, flow.taker_pool)
        if room is None:
            raise IllegalAction(
                f"no-{medium.pool.lower()}-pool", f"{flow.taker.name} has no {flow.taker_pool}"
            )
        if room < action.amount:
            raise IllegalAction(
                f"{medium.pool.lower()}-full",
                f"{flow.taker.name}'s {flow.taker_pool} accepts {room} more, not {action.amount}",
            )

    def resolve(
        self, state: EncounterState, action: a.Transfer, dice: DiceSource
    ) -> Sequence[Event]:
        flow = flow_of(state, action, self.settings)
        medium = medium_of(flow.giver, ki=action.ki, settings=self.settings)
        moved = count_mark(flow.giver, medium.moved) + action.amount
        return [
            PoolChanged(
                flow.giver.id, flow.giver_pool, -action.amount, f"transferred to {flow.taker.name}"
            ),
            PoolChanged(
                flow.taker.id, flow.taker_pool, action.amount, f"transferred by {flow.giver.name}"
            ),
            MarkSet(flow.giver.id, medium.moved, moved),
        ]

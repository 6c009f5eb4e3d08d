"""Maintained powers: the Maintain actions, the upkeep, and the end of a power its creator
cannot keep up.

Kaiser's Maintaining Powers: "Each power that can be maintained has a cost that must be payed
during the End Phase every increment of time. If you are unable to pay the cost, the power
ends when the round does." Daily powers, "unlike the other maintenance values ... can be
maintained while asleep". Spell Casting: "Spells that are maintained every round require you to
actively maintain them. Each round you must take the Maintain Spell action or else the spell
will fade at the start of the End Phase. The mana required to maintain the spell is taken
directly from your Mana Pool". Action Points: Maintain Spell, Maintain Spirit and Maintain
Phenom, each an Active Action of 1 AP ("Minor and greater sustained techniques do not require
you to take this action"); a delayed prepared spell needs Maintain Spell too (``preparing``).

Readings chosen here: a power takes hold in the round it is used, and that use keeps it up
then (its first upkeep and Maintain action fall in the next round); a power's effects end with
it, without further Resistance Checks (seed, Repeat Resistance Checks). Settings: which of its
creator's states end a power (``powers_end_with_creator``: by default an unconscious creator
maintains only daily powers, a dead one nothing), and the pool a spirit power's upkeep comes
from (``spirit_upkeep``: the Ki Reserve by default).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.events import EffectEnded, Event, MarkSet, PoolChanged
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState
from fracas.rules.kaiser import actions as a
from fracas.rules.kaiser.lingering import power_effects
from fracas.rules.kaiser.preparing import delayed
from fracas.rules.kaiser.queries import (
    AP,
    KI,
    MAINTAINED,
    MANA,
    acting,
    is_dead,
    maintained_kinds,
    require_action_phase_turn,
    sheet_of,
    standing,
)
from fracas.rules.kaiser.settings import KaiserSettings
from fracas.rules.kaiser.sheet import Maintenance, Power, PowerSource

CAST_ROUND = "cast_round"
"""Effect data of a maintained power: the round it took hold."""

INTERVAL = {Maintenance.TURN: 1, Maintenance.MINOR: 10, Maintenance.MAJOR: 100}
"""Rounds between two payments (a round is 6 seconds); a daily power pays at dawn."""


def maintain_kind(power: Power) -> a.MaintainKind:
    """The Maintain action that keeps ``power`` up: Maintain Spirit, Maintain Phenom, or
    Maintain Spell (for spells, and for a creature's or an artifact's own powers)."""
    if power.source is PowerSource.SPIRIT:
        return "spirit"
    if power.source is PowerSource.PHENOM:
        return "phenom"
    return "spell"


def needs_maintain_action(power: Power) -> bool:
    """Whether keeping ``power`` up takes its Maintain action each round (Kaiser's Action
    Points): every non-daily spell (Maintain Spell), every phenom (Maintain Phenom), a spirit
    power maintained every turn ("Minor and greater sustained techniques do not require you to
    take this action")."""
    kind = maintain_kind(power)
    if kind == "phenom":
        return power.maintained is not None
    if kind == "spirit":
        return power.maintained is Maintenance.TURN
    return power.maintained not in (None, Maintenance.DAILY)


def upkeep_pool(power: Power, *, settings: KaiserSettings) -> str:
    """A spell's upkeep "is taken directly from your Mana Pool"; a spirit power's from the Ki
    Reserve or, as the setting ``spirit_upkeep`` reads it, the Mana Pool."""
    if power.source is PowerSource.SPIRIT and settings.spirit_upkeep == "ki":
        return KI
    return MANA


def kept(state: EncounterState, caster: Combatant) -> list[tuple[Power, list[Effect]]]:
    """The maintained powers of ``caster`` that keep an effect on anyone, with those effects."""
    found: list[tuple[Power, list[Effect]]] = []
    for power in sheet_of(caster).powers:
        if power.maintained is None:
            continue
        held = [effect for _, effect in power_effects(list(state), caster.id, power.name)]
        if held:
            found.append((power, held))
    return found


def _lost_with_creator(caster: Combatant, power: Power, *, settings: KaiserSettings) -> str | None:
    """Why ``power`` ends with its creator's state (setting ``powers_end_with_creator``): dead,
    or (``down``) unconscious, which a daily power survives ("can be maintained while
    asleep")."""
    ends = settings.powers_end_with_creator
    if ends != "never" and is_dead(caster):
        return f"{caster.name} is dead"
    sleeps_through = power.maintained is Maintenance.DAILY
    if ends == "down" and not standing(caster) and not sleeps_through:
        return f"{caster.name} is down and cannot maintain it"
    return None


def _why_it_ends(
    caster: Combatant, power: Power, since: int, now: int, *, settings: KaiserSettings
) -> str | None:
    lost = _lost_with_creator(caster, power, settings=settings)
    if lost is not None:
        return lost
    if (
        needs_maintain_action(power)
        and now > since
        and maintain_kind(power) not in maintained_kinds(caster)
    ):
        return f"{caster.name} did not take the Maintain {maintain_kind(power).title()} action"
    return None


def upkeep_due(power: Power, *, since: int, now: int) -> bool:
    """The upkeep of a power that took hold in round ``since`` falls due in round ``now``."""
    interval = INTERVAL.get(power.maintained) if power.maintained is not None else None
    return interval is not None and now > since and (now - since) % interval == 0


def lapses(state: EncounterState, caster: Combatant, *, settings: KaiserSettings) -> list[Event]:
    """The start of the End phase of round ``state.clock.round``: each maintained power of
    ``caster`` ends (and every effect it keeps) when its creator is dead or down (as the
    setting ``powers_end_with_creator`` says; a daily power survives sleep), did not take its
    Maintain action this round (a power maintained every turn), or cannot pay the upkeep due;
    otherwise the upkeep due is paid."""
    maintained = kept(state, caster)
    if not maintained:  # most casters, every round: nothing to end or pay for
        return []
    events: list[Event] = []
    now = state.clock.round
    mana_left = {pool: p.current for pool, p in caster.pools.items()}
    for power, held in maintained:
        since = min(int(e.data.get(CAST_ROUND) or 0) for e in held)
        why = _why_it_ends(caster, power, since, now, settings=settings)
        pool = upkeep_pool(power, settings=settings)
        if why is None and power.upkeep and upkeep_due(power, since=since, now=now):
            if mana_left.get(pool, 0) < power.upkeep:
                why = f"{caster.name} cannot pay its upkeep of {power.upkeep} {pool}"
            else:
                mana_left[pool] -= power.upkeep
                events.append(PoolChanged(caster.id, pool, -power.upkeep, f"{power.name} upkeep"))
        if why is not None:
            events += ended(state, caster, power, f"{power.name} ends: {why}")
    return events


def ended(state: EncounterState, caster: Combatant, power: Power, reason: str) -> list[Event]:
    return [
        EffectEnded(holder.id, effect.id, reason=reason)
        for holder, effect in power_effects(list(state), caster.id, power.name)
    ]


@frozen
class MaintainRule:
    """The Maintain Spell, Maintain Spirit and Maintain Phenom Active Actions."""

    settings: KaiserSettings

    def cost(self, state: EncounterState, action: a.Maintain) -> Cost:
        return {AP: self.settings.maintain_ap}

    def verify(self, state: EncounterState, action: a.Maintain) -> None:
        actor = acting(action)
        require_action_phase_turn(state, actor, action.verb)
        caster = state[actor]
        if action.kind in maintained_kinds(caster):
            raise IllegalAction(
                "maintained", f"{caster.name} has taken the Maintain {action.kind} action already"
            )
        if not self.needed(state, caster, action.kind):
            raise IllegalAction(
                "nothing-to-maintain",
                f"{caster.name} maintains no {action.kind} power that needs the Maintain action",
            )

    @staticmethod
    def needed(state: EncounterState, caster: Combatant, kind: a.MaintainKind) -> bool:
        """A power of that kind that needs its Maintain action, or (Maintain Spell) a delayed
        prepared spell."""
        needing = [p for p, _ in kept(state, caster) if needs_maintain_action(p)]
        if any(maintain_kind(p) == kind for p in needing):
            return True
        return kind == "spell" and bool(delayed(caster))

    def resolve(
        self, state: EncounterState, action: a.Maintain, dice: DiceSource
    ) -> Sequence[Event]:
        caster = state[acting(action)]
        kinds = ",".join((*maintained_kinds(caster), action.kind))
        return [MarkSet(caster.id, MAINTAINED, kinds)]

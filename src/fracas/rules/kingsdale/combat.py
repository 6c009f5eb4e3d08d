"""Strikes: the roll against the threshold, the fumble table, and a hit waiting for its defence.

A strike that hits puts a ``Strike pending`` effect on the defender, holding the roll; the
defender's parry, dodge, auto-dodge or no defence (``defence.py``) resolves it. A strike that
cannot be defended (an ambush, a volley of four or more missiles, a horror-struck or fallen
defender) does its damage at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from fracas.dice import DiceSource, Expression, dice, roll
from fracas.engine.action import CombatantId
from fracas.engine.clock import Tape
from fracas.engine.events import EffectApplied, Event, PoolChanged, PoolSet
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Combatant, Effect, EncounterState, Scalar
from fracas.rules.kingsdale import damage
from fracas.rules.kingsdale.actions import Strike
from fracas.rules.kingsdale.events import DamageRolled, DamageTaken, Fumbled, StrikeRolled
from fracas.rules.kingsdale.manoeuvres import drawn
from fracas.rules.kingsdale.profile import weapons_by_name
from fracas.rules.kingsdale.queries import (
    ACTIONS,
    DEAD,
    HORROR_STRUCK,
    HP,
    MDC,
    SDC,
    STRAY,
    STRIKE,
    acting,
    require_pose,
    sheet_of,
    standing,
)
from fracas.rules.kingsdale.settings import KingsdaleSettings
from fracas.rules.kingsdale.sheet import Sheet, Weapon, WeaponKind, payload_pool
from fracas.rules.kingsdale.strike import (
    ACTIONS_OF,
    Fumble,
    Outcome,
    Shot,
    StrikeBonus,
    fumble,
    outcome,
    shot_refusal,
    strike_bonus,
    threshold,
)

WEAPON_LOST = ("Weapon failed", "Weapon dropped")
"""Effects that keep a weapon from striking: ``Weapon failed: Laser Rifle``."""


def weapon_of(state: EncounterState, who: CombatantId, name: str | None, verb: str) -> Weapon:
    combatant = state.combatants[who]
    sheet = sheet_of(combatant)
    weapon = weapons_by_name(sheet).get(name) or sheet.weapon(name)
    if weapon is None:
        known = ", ".join(w.name for w in sheet.weapons) or "none"
        what = repr(name) if name else "any weapon"
        raise IllegalAction("no-weapon", f"{verb}: {combatant.name} has no {what} ({known})")
    if combatant.effects and (lost := _lost(combatant, weapon)) is not None:
        raise IllegalAction("weapon-lost", f"{verb}: {lost.lower()}: {weapon.name}")
    if weapon.holstered and not drawn(state, who, weapon.name, weapon.holstered):
        raise IllegalAction(
            "not-drawn", f"{verb}: the {weapon.name} is holstered (draw it: one action)"
        )
    return weapon


def in_hand(state: EncounterState, who: CombatantId, weapon: Weapon) -> bool:
    """Whether ``weapon`` may strike: neither failed nor dropped, and drawn if holstered (what
    ``weapon_of`` refuses, as a question)."""
    combatant = state.combatants[who]
    if combatant.effects and _lost(combatant, weapon) is not None:
        return False
    return not weapon.holstered or drawn(state, who, weapon.name, weapon.holstered)


def _lost(combatant: Combatant, weapon: Weapon) -> str | None:
    """How ``weapon`` is kept from striking (``Weapon failed``, ``Weapon dropped``), or None."""
    if combatant.effects:  # most carry none: asked before every strike the tactics weigh
        for lost in WEAPON_LOST:
            if combatant.has(f"{lost}: {weapon.name}"):
                return lost
    return None


@frozen
class StrikeRule:
    settings: KingsdaleSettings

    def cost(self, state: EncounterState, action: Strike) -> Cost:
        weapon = weapon_of(state, acting(action), action.weapon, action.verb)
        return strike_cost(weapon, action.shot, action.taped)

    def verify(self, state: EncounterState, action: Strike) -> None:
        actor = acting(action)
        require_pose(state, actor, action.verb)
        check_strike(state, action, self.settings)

    def resolve(self, state: EncounterState, action: Strike, dice_: DiceSource) -> Sequence[Event]:
        return strike_events(state, action, dice_, self.settings)


def strike_cost(weapon: Weapon, shot: Shot = Shot.NORMAL, taped: bool = False) -> Cost:
    """The actions ``shot`` uses, and one shot of the weapon's payload (none from a taped
    E-clip: the strike changes the clip itself)."""
    cost = {ACTIONS: ACTIONS_OF[shot]}
    if weapon.payload is not None and not taped:
        cost[payload_pool(weapon)] = 1
    return cost


def check_strike(state: EncounterState, action: Strike, settings: KingsdaleSettings) -> None:
    """The refusals every strike shares, on its turn or in an ambush."""
    actor = acting(action)
    verb = action.verb
    check_targets(state, actor, (action.target,), verb)
    weapon = weapon_of(state, actor, action.weapon, verb)
    targets = 2 if action.paired and action.also else 1
    if (why := shot_refusal(weapon, action.shot, targets=targets)) is not None:
        raise IllegalAction("shot-not-allowed", f"{verb}: {why}")
    called = action.shot in (Shot.CALLED, Shot.AIMED_CALLED)
    if called != (action.at is not None):
        raise IllegalAction(
            "called-shot-aim", f"{verb}: a called shot names its aim (-at), and only a called shot"
        )
    if action.also and action.shot is not Shot.BURST and not action.paired:
        raise IllegalAction(
            "burst-only", f"{verb}: only a burst or a paired strike has other targets (-also)"
        )
    if action.paired and len(action.also) > 1:
        raise IllegalAction("two-hands", f"{verb}: paired weapons strike two targets at most")
    if action.also:  # one target was checked above
        check_targets(state, actor, (action.target, *action.also), verb)
    if action.feet is not None and action.feet < 0:
        raise IllegalAction("bad-distance", f"{verb}: a distance is 0 feet or more")
    if action.volley < 1 or (action.volley > 1 and weapon.kind is not WeaponKind.MISSILE):
        raise IllegalAction("bad-volley", f"{verb}: a volley is one or more missiles")
    if action.paired:
        check_paired(state, actor, weapon, verb)
    if action.taped and not (weapon.taped_clips and weapon.payload is not None):
        raise IllegalAction("no-taped-clips", f"{verb}: the {weapon.name} has no taped E-clips")


def check_targets(
    state: EncounterState, actor: CombatantId, targets: Sequence[CombatantId], verb: str
) -> None:
    """Every target of a strike, burst or spray: named once, never the attacker, not dead."""
    if not targets:
        raise IllegalAction("no-target", f"{verb}: name a target")
    if actor in targets:
        raise IllegalAction("self-target", f"{verb}: {state[actor].name} cannot strike itself")
    if len(set(targets)) != len(targets):
        raise IllegalAction("bad-targets", f"{verb}: name each target once")
    for target in targets:
        defender = state.combatants[target]
        if defender.effects and defender.has(DEAD):
            raise IllegalAction("target-dead", f"{verb}: {state[target].name} is dead")


def check_paired(state: EncounterState, actor: CombatantId, weapon: Weapon, verb: str) -> None:
    """Paired Weapons: ancient (melee) weapons; Paired Firearms: handguns only."""
    sheet = sheet_of(state[actor])
    if weapon.kind is WeaponKind.MELEE and sheet.paired_weapons:
        return
    if weapon.handgun and (sheet.paired_firearms or sheet.paired_weapons):
        return
    raise IllegalAction(
        "not-paired",
        f"{verb}: paired strikes need Paired Weapons (melee weapons) or Paired Firearms"
        " (handguns only)",
    )


def strike_events(
    state: EncounterState,
    action: Strike,
    source: DiceSource,
    settings: KingsdaleSettings,
    undefendable: str = "",
    hits: int = 1,
) -> Sequence[Event]:
    """Roll the strike (two rolls for paired firearms on the Paired Weapons skill, or paired
    weapons against a paired foe) and what each roll does; ``hits``: damage rolls per hit (a
    full spray's "damage from two rounds"). Each roll meets what the rolls before it left."""
    actor = acting(action)
    weapon = weapon_of(state, actor, action.weapon, action.verb)
    tape = Tape(state)
    if action.taped and weapon.payload is not None:
        tape.write(
            [PoolSet(actor, payload_pool(weapon), weapon.payload - 1, reason="taped E-clip")]
        )
    hands = _hands(state, action, weapon, settings)
    if action.paired and action.also:
        penalties = [penalty for _, penalty, _ in hands] if len(hands) == 2 else [0, 0]
        for name, target, penalty in zip(
            ("first hand", "second hand"), (action.target, action.also[0]), penalties, strict=True
        ):
            single = replace(action, target=target, also=(), paired=False)
            tape.write(
                _one_roll(
                    tape.state, single, weapon, source, settings, undefendable, name, penalty, hits
                )
            )
        return tape.events
    for hand, modifier, count in hands:
        tape.write(
            _one_roll(
                tape.state,
                action,
                weapon,
                source,
                settings,
                undefendable,
                hand,
                modifier,
                count * hits,
            )
        )
    return tape.events  # folded: the engine takes the state they led to


def _hands(
    state: EncounterState, action: Strike, weapon: Weapon, settings: KingsdaleSettings
) -> list[tuple[str, int, int]]:
    """(hand, penalty, hits) for each strike roll."""
    if not action.paired:
        return [("", 0, 1)]
    sheet = sheet_of(state[acting(action)])
    if weapon.kind is not WeaponKind.MELEE and not sheet.paired_firearms:
        return [
            ("dominant hand", settings.paired_firearm_main, 1),
            ("off-hand", settings.paired_firearm_off, 1),
        ]
    if sheet_of(state[action.target]).paired_weapons and weapon.kind is WeaponKind.MELEE:
        return [("first weapon", 0, 1), ("second weapon", 0, 1)]
    return [("both weapons", 0, 2)]


def _one_roll(
    state: EncounterState,
    action: Strike,
    weapon: Weapon,
    source: DiceSource,
    settings: KingsdaleSettings,
    undefendable: str,
    hand: str,
    penalty: int,
    hits: int,
) -> list[Event]:
    actor = acting(action)
    striker = state.combatants[actor]
    wild = action.wild or bool(striker.marks.get("running"))
    bonus = StrikeBonus(()) if action.taped else strike_bonus(
        base=sheet_of(striker).strike, weapon=weapon, shot=action.shot, wild=wild,
        modifier=action.mod + penalty, settings=settings,
    )  # fmt: skip
    result = roll(d20_plus(bonus.total), source)
    natural = result.kept_faces(20)[0]
    total = result.total
    needed = threshold(weapon, action.shot, settings)
    result_of = outcome(natural, total, needed, action.shot, settings)
    # the enums' ``_value_``, not ``value``: Python's enum gives that through two calls
    shot = action.shot._value_ + (f", {hand}" if hand else "") + (", wild" if wild else "")
    shot += ", taped E-clip: no bonuses" if action.taped else ""
    landed = result_of is Outcome.HIT or result_of is Outcome.SPREAD
    why = (undefendable or _undefendable(state, action, weapon, settings)) if landed else ""
    events: list[Event] = [
        StrikeRolled(
            actor, action.target, weapon.name, shot, result, bonus.parts, needed,
            result_of._value_, why,
        )
    ]  # fmt: skip
    if result_of is Outcome.FUMBLE and settings.fumble_table:
        events += _fumble(state, actor, weapon, source)
    if not landed:
        return events
    data: dict[str, Scalar] = {
        "attacker": actor,
        "weapon": weapon.name,
        "total": total,
        "natural": natural,
        "kind": weapon.kind._value_,
        "close": action.feet is not None and action.feet <= settings.close_range_ft,
        "volley": action.volley,
        "hits": hits,
        "at": action.at.value if action.at is not None else None,
        "spread": ",".join(action.also) if result_of is Outcome.SPREAD else "",
    }
    if why:
        return [*events, *hit_events(state, action.target, data, source, settings)]
    return [*events, EffectApplied(action.target, Effect(STRIKE, source=actor, data=data))]


@lru_cache(maxsize=64)
def d20_plus(bonus: int) -> Expression:
    """1d20 + ``bonus`` (a bare 1d20 for 0): one expression for each bonus, built once."""
    return dice(1, 20) + bonus if bonus else dice(1, 20)


def _undefendable(
    state: EncounterState, action: Strike, weapon: Weapon, settings: KingsdaleSettings
) -> str:
    """Why the target cannot parry or dodge this strike, or empty."""
    target = state.combatants[action.target]
    if not standing(target):
        return "the target is down"
    if target.effects and target.has(HORROR_STRUCK):
        return "horror-struck: no parry or dodge"
    if action.volley >= settings.undodgeable_volley:
        return f"a volley of {action.volley} missiles cannot be dodged"
    return ""


def _fumble(
    state: EncounterState, actor: CombatantId, weapon: Weapon, source: DiceSource
) -> list[Event]:
    """The fumble roll and the weapon it costs. A 2 "results in hitting a team mate if possible,
    and dropping the weapon if not": with no teammate standing it drops the weapon; with one,
    the strike waits (``Stray strike pending``) for the game master to say who is in the line
    of fire (``stray``, in ``fracas.rules.kingsdale.stray``)."""
    result = roll(dice(1, 20), source)
    found = fumble(result.total)
    events: list[Event] = [Fumbled(actor, result, found.value)]
    if found is Fumble.TEAMMATE and teammates(state, actor):
        stray = Effect(STRAY, source=actor, data={"weapon": weapon.name})
        return [*events, EffectApplied(actor, stray)]
    if found is Fumble.TEAMMATE:
        found = Fumble.DROPPED
    lost = {
        Fumble.UNFIXABLE: ("Weapon failed", "not fixable in this scene"),
        Fumble.FIXABLE: ("Weapon failed", "fixable in this scene"),
        Fumble.DROPPED: ("Weapon dropped", ""),
    }.get(found)
    if lost is not None:
        name, note = lost
        data: Mapping[str, Scalar] = {"note": note} if note else {}
        events.append(
            EffectApplied(actor, Effect(f"{name}: {weapon.name}", source=actor, data=data))
        )
    return events


def teammates(state: EncounterState, actor: CombatantId) -> list[CombatantId]:
    """The attacker's standing teammates (its side, not itself)."""
    side = state[actor].side
    return [c.id for c in state if c.id != actor and c.side == side and standing(c)]


def hit_events(
    state: EncounterState,
    target: CombatantId,
    data: Mapping[str, Scalar],
    source: DiceSource,
    settings: KingsdaleSettings,
) -> Sequence[Event]:
    """The damage of a strike that got through: rolled once per hit (two for a paired double
    strike, two rounds' for a full spray), doubled on a natural 20, split over a burst's
    clustered targets on an 8-11. Each hit lands on what the hits before it left."""
    attacker = CombatantId(str(data["attacker"]))
    sheet = sheet_of(state.combatants[attacker])
    weapon = weapons_by_name(sheet).get(str(data["weapon"])) or sheet.weapon(str(data["weapon"]))
    if weapon is None:
        return []
    spread = [CombatantId(t) for t in str(data.get("spread") or "").split(",") if t]
    victims = [target, *spread] if spread else [target]
    at = damage.Location(str(data["at"])) if data.get("at") else None
    tape = Tape(state)
    for _ in range(int(data.get("hits") or 1)):
        result = roll(damage_dice(sheet_of(state[attacker]), weapon), source)
        amount, note = max(result.total, 0), ""
        if settings.natural_20_critical and data.get("natural") == 20:
            amount, note = amount * 2, "critical (natural 20): double damage"
        if len(victims) > 1:
            amount, note = amount // len(victims), f"spread between {len(victims)} targets"
        for victim in victims:
            tape.write([DamageRolled(attacker, victim, result, amount, weapon.mega, note)])
            tape.write(wound(tape.state, victim, amount, weapon.mega, at, settings))
    return tape.events


def damage_dice(sheet: Sheet, weapon: Weapon) -> Expression:
    """SOURCES.md 3.1 (Combat Amendments, melee damage bonus): an M.D. melee weapon adds the
    wielder's M.D. normal punch damage; an S.D.C. melee weapon adds the P.S. damage bonus."""
    expression: Expression = weapon.damage
    if weapon.kind is not WeaponKind.MELEE:
        return expression
    if weapon.mega and sheet.md_punch is not None:
        return expression + sheet.md_punch
    if not weapon.mega and sheet.ps_damage:
        return expression + sheet.ps_damage
    return expression


def wound(
    state: EncounterState,
    target: CombatantId,
    amount: int,
    mega: bool,
    at: damage.Location | None,
    settings: KingsdaleSettings,
    *,
    armoured: bool = True,
) -> list[Event]:
    """The account of one hit on ``target`` (a called shot's at ``at``) and the pool changes
    it makes. ``armoured`` False: the damage reaches no armour layer (S.D.C. the game master
    deals directly: no strike met the armour, ``quick.dealt``)."""
    victim = state[target]
    sheet = sheet_of(victim)
    pools = victim.pools
    worn = sheet.armor if armoured else ()
    layers = [damage.Layer(layer.name, pools[layer.name].current) for layer in worn]
    account = damage.take(
        amount,
        mega=mega,
        armor=layers,
        mdc=pools[MDC].current if sheet.mdc_being else None,
        sdc=pools[SDC].current,
        hp=pools[HP].current,
        called=at,
        settings=settings,
    )
    events: list[Event] = [DamageTaken(target, account)]
    events += [
        PoolChanged(target, step.pool, step.after - step.before, "damage")
        for step in account.steps
        if step.after != step.before
    ]
    if account.killed:
        events.append(EffectApplied(target, Effect(DEAD, data={"by": "called shot"})))
    if account.severed is not None:
        events.append(EffectApplied(target, Effect(f"Dismembered {account.severed.value}")))
    return events

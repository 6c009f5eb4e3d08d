"""The kaiser ruleset's events told for the game master's table, every number shown.

    Thom: Offensive Roll with Mace: 2d6 (6, 5) + 12 [Attack 12] = 23
    Bandit 1: Defensive Roll (Block): 2d6 (5, 5) + 6 [Block 6] = 16
    Thom hits Bandit 1 with Mace: 23 vs 16, 7 DoS
    Bandit 1 takes 24 impact: DoS 7, Absorption -2 (7 → 5), AV -2 (5 → 3), x Base Damage 8
    (3 → 24); LP 60 → 36

(with true minus and multiplication signs)

Dice are rolled in the open, so a roll is always shown; numbers from a combatant's sheet (the
steps of a damage account, its LP) only to an audience that may see its pools. The LP a hit
takes is told on the ``DamageTaken`` line, so the ``PoolChanged`` right after it says nothing;
the round's bookkeeping marks say nothing either, except the Intentions declared and their
options (the chakras filled, the spell prepared, a transfer, the Maintain actions); the mana and
ki held only to those who may see the pools.
"""

from __future__ import annotations

from collections.abc import Mapping

from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.scene import MINUS, EventNarrator, Scene, Told, joined, signed
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    MarkSet,
    OrderChanged,
    PoolChanged,
)
from fracas.engine.state import Effect
from fracas.rules.kaiser.chakras import FILLING, HELD, SPENT, SPENT_ANY, ki_left
from fracas.rules.kaiser.checks import CheckRoll
from fracas.rules.kaiser.events import (
    AttackResolved,
    BarrierStruck,
    CheckRolled,
    CollisionRolled,
    CriticalRolled,
    DamageTaken,
    Detected,
    PowerUsed,
)
from fracas.rules.kaiser.intentions import ATTACK_PREFIX, WEAPON_SEPARATOR
from fracas.rules.kaiser.life import CriticalSeverity
from fracas.rules.kaiser.lingering import (
    COUNTDOWN,
    DIFFICULTY,
    DYING,
    IMMUNITY,
    POWER,
    RESISTANCE,
)
from fracas.rules.kaiser.mass import INNATE_MANA, MANA_CARRIED, mass_of_mana
from fracas.rules.kaiser.preparing import DELAY, PREPARED
from fracas.rules.kaiser.queries import (
    ACTED,
    ATTACKS,
    COUNTER,
    COUNTER_BONUS,
    CRITICAL,
    DEAD,
    DEFENCES,
    INTENTION_PHASE,
    INTENTIONS,
    KI_TRANSFERRED,
    LP,
    MAINTAINED,
    MANA_SPENT,
    MOVED,
    PREPARING,
    PREVENTS_ACTION,
    TRANSFERRED,
    UNCONSCIOUS,
)
from fracas.rules.kaiser.ruleset import UNTIL_TURN
from fracas.rules.kaiser.shielding import BARRIER, BROKEN, COVER, COVERS, LIFE, RADIUS, covered
from fracas.rules.kaiser.vocabulary import Resistance
from fracas.rules.kaiser.wounds import CRITICAL_CAUSE, DAMAGE_REASON

ARROW = "\u2192"
SILENT_MARKS = (ATTACKS, DEFENCES, MOVED, COUNTER, ACTED)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_check(roll: CheckRoll, parts: tuple[tuple[str, int], ...] = ()) -> str:
    """``2d6 (6, 6) + 1d6 (3) + 12 [Attack 12] = 27``; a fumble shows its level and the die
    result it gives."""
    dice = roll.dice.root.render()
    extra = (" open" if roll.extra else "") + "".join(f" + {r.root.render()}" for r in roll.extra)
    named = ", ".join(
        f"{name} {value if n == 0 else signed(value)}" for n, (name, value) in enumerate(parts)
    )
    bonus = f" {'+' if roll.bonus >= 0 else MINUS} {abs(roll.bonus)}" if roll.bonus else ""
    bonus += f" [{named}]" if named else ""
    if roll.fumble_level is not None:
        level = roll.fumble_level.render()
        return f"{dice} fumble, level {level}: dice count {roll.die}{bonus} = {roll.total}"
    return f"{dice}{extra}{bonus} = {roll.total}"


def check(event: CheckRolled, scene: Scene) -> Told:
    """``Bandit 1: Defensive Roll (Block): 2d6 (5, 5) + 6 [Block 6] = 16``."""
    who = _capital(scene.name(event.combatant))
    against = f" vs {event.against}" if event.against is not None else ""
    result = f": {event.result}" if event.result else ""
    return f"{who}: {event.check}: {render_check(event.roll, event.parts)}{against}{result}"


def attack(event: AttackResolved, scene: Scene) -> Told:
    """``Thom hits Bandit 1 with Mace: 23 vs 16, 7 DoS``."""
    attacker, target = _capital(scene.name(event.attacker)), scene.name(event.target)
    versus = f"{event.offence} vs {event.defence}"
    if event.outcome == "hit":
        return f"{attacker} hits {target} with {event.weapon}: {versus}, {event.degrees} DoS"
    if event.outcome == "miss":
        return (
            f"{attacker} misses {target} with {event.weapon}: {versus},"
            f" {event.degrees} DoS to the defender"
        )
    return f"{attacker} and {target} tie ({versus}): nothing happens"


def damage_taken(event: DamageTaken, scene: Scene) -> Told:
    """``Bandit 1 takes 24 impact: DoS 7, Absorption -2 (7 → 5), … ; LP 60 → 36``."""
    account = event.account
    who = _capital(scene.name(event.target))
    text = f"{who} takes {account.total} {account.damage_type.value}"
    if account.negated:
        text += f" ({account.negated})"
    if not scene.shows_pools(event.target):
        return text
    steps = [f"{step.label} ({step.before} {ARROW} {step.after})" for step in account.steps]
    if account.direct:
        head = ["from the game master"]
    elif account.overflow is not None:
        head = [] if account.negated else [f"past the barrier {account.overflow}"]
    else:
        head = [] if account.negated else [f"DoS {account.degrees}"]
    detail = ", ".join([*head, *steps])
    lp = f"LP {event.lp_before} {ARROW} {event.lp_after}"
    return f"{text}: {detail}; {lp}" if detail else f"{text}; {lp}"


def critical(event: CriticalRolled, scene: Scene) -> Told:
    """``Critical on Bandit 1 (34 damage): level 2d6 (3, 4) = 7, 10 with the damage``; a
    level past the soft cap says so: ``= 12, 31 with the damage: 25 (above the cap of 20, half
    counts)``."""
    who = scene.name(event.target)
    text = f"Critical on {who} ({event.damage} damage): level {event.roll.render()}"
    if event.uncapped is not None:
        return (
            f"{text}, {event.uncapped} with the damage: {event.level}"
            f" (above the cap of {event.cap}, half counts)"
        )
    return text if event.level == event.roll.total else f"{text}, {event.level} with the damage"


def power_used(event: PowerUsed, scene: Scene) -> Told:
    """``Ceil uses Fire Bolt on Bandit 1 and Bandit 2``."""
    user = _capital(scene.name(event.user))
    on = joined(scene.names(event.targets))
    return f"{user} uses {event.power}" + (f" on {on}" if on else "")


def detected(event: Detected, scene: Scene) -> Told:
    """``Ceil's Sense Ki detects Bandit 2``."""
    return (
        f"{_capital(scene.name(event.detector))}'s {event.power} detects {scene.name(event.target)}"
    )


def barrier_struck(event: BarrierStruck, scene: Scene) -> Told:
    """``Ceil's Shield of Light takes 70 (Base Damage 7 x 10): LP 60 → 0, broken; 10 go
    past``."""
    whose = f"{_capital(scene.name(event.creator))}'s {event.barrier}"
    text = f"{whose} takes {event.damage}"
    if scene.shows_pools(event.creator):
        text += f": LP {event.lp_before} {ARROW} {event.lp_after}"
    if event.lp_after == 0:
        text += ", broken"
        if event.overflow:
            text += f"; {event.overflow} go past it"
    return text


def collision_rolled(event: CollisionRolled, scene: Scene) -> Told:
    """``Collision: Bandit 2d6 (3, 4) + 6 = 13 vs Ceil 2d6 (6, 6) + 6 = 18, DoD 5: both powers
    cancel``."""
    shooter, collider = _capital(scene.name(event.shooter)), scene.name(event.collider)
    head = (
        f"Collision: {shooter} {event.shooter_roll.render()} vs {collider}"
        f" {event.collider_roll.render()}, DoD {event.degree}"
    )
    if event.winner is None:
        return f"{head}: both powers cancel"
    winner = scene.name(event.winner)
    if event.result == "halved":
        return f"{head}: {winner}'s power passes with its Base Damage halved"
    return f"{head}: {winner}'s power passes completely"


def effect_applied(event: EffectApplied, scene: Scene) -> Told:
    """Barriers, lingering effects and immunities in words; any other effect as the engine's."""
    effect, who = event.effect, scene.name(event.combatant)
    data = effect.data
    if data.get(BARRIER):
        covers = str(data.get(COVERS) or "").split(",")
        over = joined(scene.names([CombatantId(c) for c in covers if c]))
        area = f" (an area, radius {data.get(RADIUS)} feet)" if data.get(COVER) == "area" else ""
        return f"{_capital(who)} raises {effect.name} over {over}{area}: {data.get(LIFE)} LP"
    if data.get(IMMUNITY):
        return f"{_capital(who)} is immune to {data.get(POWER)} for {_rounds(data.get(COUNTDOWN))}"
    if effect.name == CRITICAL:
        severity = str(data.get("severity", "")).replace("_", " ")
        penalty = int(data.get("penalty") or 0)
        return f"{_capital(who)} suffers a Critical ({severity}): {MINUS}{penalty} to every roll"
    if data.get(RESISTANCE) is not None:
        source = scene.name(effect.source) if effect.source is not None else "someone"
        check = Resistance(str(data.get(RESISTANCE))).short
        countdown = data.get(COUNTDOWN)
        when = (
            f"a new {check} check in {_rounds(countdown)}"
            if countdown is not None
            else "until the power ends"
        )
        power = data.get(POWER)
        if effect.name == power:  # a power named for what it leaves: Iron Skin
            return f"{_capital(who)} is under {source}'s {power}: {when}"
        return f"{_capital(who)} is {effect.name} by {source}'s {power}: {when}"
    return ENGINE_NARRATORS[EffectApplied](event, scene)


def effect_ended(event: EffectEnded, scene: Scene) -> Told:
    """A barrier ends as its creator's over those it covered (``Ceil's Shield of Light over
    Thom breaks``); any other effect as the engine's."""
    holder = scene.state.combatants.get(event.combatant)
    effects = holder.effects if holder is not None else ()
    effect = next((e for e in effects if e.id == event.effect), None)
    if effect is None or not effect.data.get(BARRIER):
        return ENGINE_NARRATORS[EffectEnded](event, scene)
    whose = f"{_capital(scene.name(event.combatant))}'s {effect.name}"
    over = joined(scene.names(CombatantId(c) for c in covered(effect)))
    whose += f" over {over}" if over else ""
    if event.reason == BROKEN:
        return f"{whose} breaks"
    return f"{whose} ends" + (f" ({event.reason})" if event.reason else "")


def order_changed(event: OrderChanged, scene: Scene) -> Told:
    """The order the Intention phase ends with is the Action phase's: told without the
    Intention phase, so that each combatant is named once."""
    order = event.order
    if len(order) < 2 or order[0].label != INTENTION_PHASE or event.index != 0:
        return ENGINE_NARRATORS[OrderChanged](event, scene)
    turns = [
        f"{' + '.join(names)} ({turn.initiative})"
        for turn in order[1:]
        if (names := scene.names(turn.actors))
    ]
    return f"Action phase order: {', '.join(turns) or 'nobody'}"


def lasting(effect: Effect) -> str | None:
    """How long the effects that end by themselves last: a lingering effect to its repeat
    check, an immunity and a killing Critical's countdown, a Critical's pain fading, Surprised
    to its bearer's turn, 0 LP's unconsciousness to healing; a power's effects while it lasts,
    a barrier until it breaks. Others (a Critical's broken bones) last until removed."""
    found = _how_long(effect)
    return found[0] if found is not None else None


def lasting_tells(effect: Effect) -> frozenset[str]:
    """The parameters of ``effect`` the words of ``lasting`` tell (its countdown, the check it
    leads to, its power): shown as those words, not beside them. Where there are words, they
    also stand for the engine's own keys of the ending (the repeat check's power and
    difficulty, which the engine rolls) and for ``prevents_action``, which the bearer's marks
    say ("out of the fight"); what the effect changes (a penalty, a bonus) stays shown."""
    found = _how_long(effect)
    if found is None:
        return frozenset()
    return found[1] | (_ENDING & effect.data.keys())


_ENDING = frozenset({POWER, DIFFICULTY, PREVENTS_ACTION})


def _how_long(effect: Effect) -> tuple[str, frozenset[str]] | None:
    """``lasting``'s words and the parameters they tell."""
    data = effect.data
    countdown = data.get(COUNTDOWN)
    if isinstance(countdown, int):
        if data.get(IMMUNITY):
            more = f"for {countdown} more round{'' if countdown == 1 else 's'}"
            return more, frozenset({COUNTDOWN, IMMUNITY})
        if data.get(DYING):
            return f"dead in {_rounds(countdown)}", frozenset({COUNTDOWN, DYING})
        if data.get(RESISTANCE) is not None:
            check = Resistance(str(data.get(RESISTANCE))).short
            told = frozenset({COUNTDOWN, RESISTANCE})
            return f"a new {check} check in {_rounds(countdown)}", told
    if data.get(BARRIER):
        return "until it breaks or its power ends", frozenset()
    if data.get(RESISTANCE) is not None:
        return "until the power ends", frozenset()
    if data.get(POWER) is not None:
        return f"while {data.get(POWER)} lasts", frozenset({POWER})
    if effect.name == CRITICAL and data.get("severity") == CriticalSeverity.PAIN:
        return "fades by 1 in each End phase", frozenset()
    if data.get(UNTIL_TURN):
        return "until it takes its turn", frozenset({UNTIL_TURN})
    if effect.name == UNCONSCIOUS and not data.get(CRITICAL_CAUSE):
        return "until healed above 0 LP", frozenset()
    return None


def _rounds(count: object) -> str:
    return f"{count} round{'' if count == 1 else 's'}"


def effect_changed(event: EffectChanged, scene: Scene) -> Told:
    """A barrier's LP were told by ``BarrierStruck``; countdowns in words."""
    effect, who = event.effect, scene.name(event.combatant)
    if effect.data.get(BARRIER):
        return None
    countdown = effect.data.get(COUNTDOWN)
    if effect.name == CRITICAL and effect.data.get("penalty") is not None:
        return f"The pain of {who}'s Critical fades: {MINUS}{effect.data.get('penalty')}"
    if countdown is not None:
        rounds = _rounds(countdown)
        if effect.data.get(IMMUNITY):
            return f"{_capital(who)} is immune to {effect.data.get(POWER)} for {rounds} more"
        return f"{effect.name} on {who}: {rounds} to the next check"
    return ENGINE_NARRATORS[EffectChanged](event, scene)


def pool_changed(event: PoolChanged, scene: Scene) -> Told:
    """The LP a hit took was told with its account; any other change as the engine's."""
    if event.pool == LP and event.reason == DAMAGE_REASON:
        return None
    return ENGINE_NARRATORS[PoolChanged](event, scene)


def mark(event: MarkSet, scene: Scene) -> Told:
    """Intentions declared and deaths are told; the round's other bookkeeping is not."""
    if event.key == DEAD and event.value is True:
        return f"{_capital(scene.name(event.combatant))} is dead"
    if event.key in SILENT_MARKS or event.value is None:
        return None
    if event.key == MANA_SPENT:
        return _mass_left(event.combatant, scene)
    if event.key == INNATE_MANA:
        if not event.value:
            return None
        gatherer = _capital(scene.name(event.combatant))
        return f"{gatherer} gathers {event.value} innate mana for a single spell"
    if event.key == MANA_CARRIED:
        return _mass_held(event.combatant, int(event.value), scene)
    if (told := _intention_option(event, scene)) is not None:
        return told or None
    if event.key == COUNTER_BONUS:
        who = scene.combatant(event.combatant)
        opening = who.marks.get(COUNTER) if who is not None else None
        whom = scene.name(CombatantId(str(opening)))
        return (
            f"{_capital(scene.name(event.combatant))} may Counter {whom}"
            f" (Counter bonus {signed(int(event.value or 0))})"
        )
    if event.key == INTENTIONS and isinstance(event.value, str):
        latest = event.value.split(",")[-1]
        detail = ""
        if latest.startswith(ATTACK_PREFIX):
            weapons = latest[len(ATTACK_PREFIX) :].split(WEAPON_SEPARATOR)
            latest, detail = "attack", f" with {' and '.join(weapons)}"
        elif ":" in latest:
            latest, _, by = latest.partition(":")
            what = "MA" if latest == "magic" else "ki filled"
            detail = f" ({what} divided by {by})"
        return f"{_capital(scene.name(event.combatant))} declares the {latest} Intention{detail}"
    return ENGINE_NARRATORS[MarkSet](event, scene)


def _intention_option(event: MarkSet, scene: Scene) -> str | None:
    """The marks of the Intentions' options and of maintaining: "" when a mark is bookkeeping
    told elsewhere (or to no one here), None when it is none of them."""
    who = _capital(scene.name(event.combatant))
    key, value = event.key, event.value
    pools = scene.shows_pools(event.combatant)
    if key == MAINTAINED and isinstance(value, str):
        return f"{who} takes the Maintain {value.split(',')[-1].title()} action"
    if key in (TRANSFERRED, KI_TRANSFERRED):
        what = "mana" if key == TRANSFERRED else "ki"
        return f"{who} will transfer {what} this round" if value == 0 else ""
    if key == PREPARING:
        return f"{who} accumulates mana for the prepared spell {value}" if value else ""
    if key == FILLING:
        chakras = " and ".join(str(value).split(",")) if value else "none"
        return f"{who} fills the chakras: {chakras}"
    if key.startswith(PREPARED):
        spell = key[len(PREPARED) :]
        return f"{who} holds {value} mana prepared for {spell}" if pools else ""
    if key.startswith(DELAY):
        return f"{who}'s {key[len(DELAY) :]} is prepared: it may be held until round {value}"
    if key.startswith(HELD):
        return f"{who} holds {value} ki in the {key[len(HELD) :]} chakra" if pools else ""
    if key in (SPENT_ANY, *SPENT.values()):
        who_is = scene.combatant(event.combatant)
        if not pools or who_is is None:
            return ""
        return f"{who} has {ki_left(who_is)} ki left in the chakras"
    return None


def _mass_left(combatant: CombatantId, scene: Scene) -> Told:
    """What is left of the round's mass of mana, to those who may see the pools."""
    who = scene.combatant(combatant)
    left = mass_of_mana(who) if who is not None else None
    if left is None or not scene.shows_pools(combatant):
        return None
    return f"{_capital(scene.name(combatant))} has {left} mana left of this round's mass of mana"


def _mass_held(combatant: CombatantId, mana: int, scene: Scene) -> Told:
    """A mass of mana held into the next round, to those who may see the pools."""
    if not scene.shows_pools(combatant):
        return None
    return f"{_capital(scene.name(combatant))} holds a mass of {mana} mana into the next round"


NARRATORS: Mapping[type[Event], EventNarrator] = {
    CheckRolled: check,
    AttackResolved: attack,
    DamageTaken: damage_taken,
    CriticalRolled: critical,
    PoolChanged: pool_changed,
    MarkSet: mark,
    PowerUsed: power_used,
    Detected: detected,
    BarrierStruck: barrier_struck,
    CollisionRolled: collision_rolled,
    EffectApplied: effect_applied,
    EffectChanged: effect_changed,
    EffectEnded: effect_ended,
    OrderChanged: order_changed,
}
"""A narrator for every kaiser event (``KAISER_EVENTS``), the hit's LP change and the marks."""

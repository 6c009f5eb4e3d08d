"""The Spirit Intention's Fill Chakra: ki poured into the chakras for the round's ki abilities.

Kaiser's Spirit Intention (Fill Chakra): "you can fill your Red, Green, and or Blue chakras
with ki, from your Ki Reserve, equal to the that chakras value. If you are unable to perform
somatic or verbal components, the amount you fill is halved, or quartered if you cannot perform
either component. You can also chose to fill none of your chakras. If you take no other
Intention or Action this round, you can gain the benefit of your chakra again at the end of the
rounds, all modifiers apply. With ki in your chakras, you can use them to activate any number
of spirit abilities or techniques as long as you have the ki to spend. If the ability does not
state what chakra to use, you can spend ki from any chakra. At the end of the round that you
activate any ki ability or technique, all the remaining ki returns to your Reserve. If you have
ki in your chakra from the previous round and do not take the Fill Chakra Intention again, all
your ki returns to your Ki Reserve before rolling Initiative."

As with the mass of mana, ki leaves the Reserve (the Ki pool) when an ability spends it: the
chakras hold what the round's abilities may spend. A sheet without ``chakras`` is not limited.
"""

from __future__ import annotations

from fracas.engine.events import Event, MarkSet
from fracas.engine.ruleset import IllegalAction
from fracas.engine.state import Combatant
from fracas.rules.kaiser.mass import divisor, only_accumulated
from fracas.rules.kaiser.queries import count_mark, sheet_of
from fracas.rules.kaiser.sheet import Chakra, Power

HELD = "chakra:"
"""Mark prefix (``chakra:red``): the ki a chakra holds from earlier rounds."""

FILLING = "filling"
"""Round mark: the chakras this round's Fill Chakra Intention fills (``red,blue``; "" none)."""

SPENT = {chakra: f"ki_spent:{chakra}" for chakra in Chakra}
SPENT_ANY = "ki_spent:any"
"""Round marks: the ki spent this round from a named chakra, and from any chakra."""

ROUND_MARKS = (FILLING, SPENT_ANY, *SPENT.values())

CHAKRAS = tuple(Chakra)
"""The chakras in order, as a tuple (iterating the enum itself costs several calls)."""

SPENT_KEYS = (SPENT_ANY, *SPENT.values())
HELD_KEYS = tuple(HELD + chakra for chakra in CHAKRAS)


def filling(combatant: Combatant) -> tuple[Chakra, ...] | None:
    """The chakras the Fill Chakra Intention fills this round (None: not declared)."""
    value = combatant.marks.get(FILLING)
    if not isinstance(value, str):
        return None
    return tuple(Chakra(name) for name in value.split(",") if name)


def poured(combatant: Combatant, chakra: Chakra) -> int:
    """What this round's Fill Chakra pours into ``chakra``: its Chakra Accumulation, halved or
    quartered without the components (rounded down)."""
    chakras = sheet_of(combatant).chakras
    by = divisor(combatant, "spirit")
    if chakras is None or by is None or chakra not in (filling(combatant) or ()):
        return 0
    return chakras[chakra] // by


def held(combatant: Combatant, chakra: Chakra) -> int:
    """The ki in ``chakra`` this round, before spending."""
    return count_mark(combatant, HELD + chakra) + poured(combatant, chakra)


def _spent(combatant: Combatant) -> int:
    return _counted(combatant, SPENT_KEYS)


def _counted(combatant: Combatant, keys: tuple[str, ...]) -> int:
    """The sum of ``count_mark`` over ``keys``, in one loop (asked of everyone every round)."""
    marks = combatant.marks
    total = 0
    for key in keys:
        value = marks.get(key)
        if isinstance(value, int):
            total += value
    return total


def _any_held(combatant: Combatant) -> bool:
    """Some chakra holds ki from earlier rounds (a ``count_mark`` of one is not 0)."""
    marks = combatant.marks
    for key in HELD_KEYS:
        value = marks.get(key)
        if isinstance(value, int) and value:
            return True
    return False


def ki_left(combatant: Combatant) -> int:
    """The ki left in all the chakras this round."""
    return sum(held(combatant, c) for c in CHAKRAS) - _spent(combatant)


def require_ki(combatant: Combatant, power: Power) -> None:
    """Refuse (``chakra-ki``) a power whose ki the chakras do not hold: its own chakra's ki
    (when it names one) and the ki of all of them together."""
    if sheet_of(combatant).chakras is None or not power.ki:
        return
    left = ki_left(combatant)
    if power.chakra is not None:
        own = held(combatant, power.chakra) - count_mark(combatant, SPENT[power.chakra])
        left = min(left, own)
    if power.ki > left:
        where = f"the {power.chakra} chakra" if power.chakra else "the chakras"
        raise IllegalAction(
            "chakra-ki",
            f"{power.name} costs {power.ki} ki; {combatant.name} has {left} in {where}"
            " (fill them with the Spirit Intention)",
        )


def spend_ki(combatant: Combatant, power: Power) -> list[Event]:
    """The ki a power spends is taken from its chakra (or any)."""
    if sheet_of(combatant).chakras is None or not power.ki:
        return []
    key = SPENT_ANY if power.chakra is None else SPENT[power.chakra]
    return [MarkSet(combatant.id, key, count_mark(combatant, key) + power.ki)]


def returned_before_initiative(combatant: Combatant) -> list[Event]:
    """Ki held from the previous round without Fill Chakra declared again returns to the
    Reserve before Initiative (nothing lost)."""
    if filling(combatant) is not None or not _any_held(combatant):
        return []
    return [
        MarkSet(combatant.id, HELD + c, None) for c in CHAKRAS if count_mark(combatant, HELD + c)
    ]


def held_at_round_end(combatant: Combatant) -> list[Event]:
    """The End phase: after a round a ki ability was activated in, the ki left returns to the
    Reserve; otherwise what Fill Chakra poured is held into the next round, poured again after
    a round of nothing else."""
    if _spent(combatant):
        if not _any_held(combatant):
            return []
        carried = [c for c in CHAKRAS if count_mark(combatant, HELD + c)]
        return [MarkSet(combatant.id, HELD + c, None) for c in carried]
    if filling(combatant) is None:
        return []
    again = only_accumulated(combatant, "spirit")
    events: list[Event] = []
    for chakra in CHAKRAS:
        ki = held(combatant, chakra) + (poured(combatant, chakra) if again else 0)
        if ki != count_mark(combatant, HELD + chakra):
            events.append(MarkSet(combatant.id, HELD + chakra, ki))
    return events

"""Dice sources: the only place randomness (or a player's typed-in faces) enters the engine."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol, TypeVar

from fracas.dice.errors import DiceNeeded, DiceValueError

if TYPE_CHECKING:
    from fracas.dice.results import RollResult
    from fracas.dice.syntax import Expression

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class DiceSource(Protocol):
    def roll(self, sides: int) -> int:
        """A face of a die with ``sides`` sides, from 1 to ``sides``."""
        ...


class WholeRolls(Protocol):
    """A source that may hand out a whole roll at once (the exact odds enumerate rolls this
    way, one branch per distinct result). ``roll`` offers it every expression it rolls."""

    def whole_roll(self, expression: Expression) -> RollResult | None:
        """The result of rolling ``expression``, or None to have its dice rolled one by one."""
        ...


class Replaying(Protocol):
    """A source that replays the same draws again and again (the exact odds resolve an action
    once per branch, each time from its start), and so may hand back what a stage of the
    resolution came to when it last ran after the same draws (or, for a shared stage, with the
    same arguments), instead of running it again."""

    def staged(self, stage: Callable[[], T]) -> T:
        """What ``stage`` comes to (see ``staged``)."""
        ...

    def shared(self, stage: Callable[..., T], arguments: tuple[object, ...]) -> T:
        """What ``stage(self, *arguments)`` comes to (see ``shared``)."""
        ...


def staged(source: DiceSource, stage: Callable[[], T]) -> T:
    """What ``stage``, a part of a rule's resolution, comes to. The rule promises that it reads
    nothing but the state and action being resolved and the dice it draws from ``source`` (rules
    are pure), and that its result is immutable; a ``Replaying`` source may then hand back the
    result of an earlier run after the same draws, skipping the draws that run made. Any other
    source just runs it."""
    replaying = getattr(source, "staged", None)
    return stage() if replaying is None else replaying(stage)


def shared(source: DiceSource, stage: Callable[..., T], *arguments: object) -> T:
    """What ``stage(source, *arguments)``, a part of a rule's resolution, comes to. The rule
    promises that it reads nothing but its arguments (immutable: a state, an action, a weapon)
    and the dice it draws from ``source``, whatever was drawn before it, and that its result is
    immutable. A ``Replaying`` source may then hand back the result of an earlier call of the
    same ``stage`` (a bound method: of the same object) with the very same arguments, by
    identity, that made the same draws, skipping those draws: so a damage roll is shared by
    every attack roll that hits the same target in the same way from the same state. Any other
    source just calls it."""
    replaying = getattr(source, "shared", None)
    return stage(source, *arguments) if replaying is None else replaying(stage, arguments)


def replays(source: DiceSource) -> bool:
    """Whether ``source`` is ``Replaying`` (the exact odds): whether a rule's stages may be
    handed back rather than run, so that folding a resolution in parts around them is worth it."""
    return hasattr(source, "shared")


def check_face(face: int, sides: int) -> None:
    """Raise DiceValueError unless ``face`` can show on a die with ``sides`` sides."""
    if not 1 <= face <= sides:
        raise DiceValueError(f"a d{sides} cannot show {face}")


def _mix(value: int) -> int:
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


@lru_cache(maxsize=64)
def _stream_key(seed: int) -> int:
    """``splitmix64(seed mod 2**64)``, worked out once per seed: an encounter makes a source
    from its seed for every step."""
    return _mix(seed & _MASK)


class SeededDice:
    """Reproducible dice whose whole state is two ints: ``SeededDice(*dice.state)`` goes on with
    exactly the stream ``dice`` would have rolled.

    Die number ``n`` (counting from 0) with ``sides`` sides is ``(x * sides >> 64) + 1`` where
    ``x = splitmix64(splitmix64(seed mod 2**64) + (n + 1) * 0x9E3779B97F4A7C15 mod 2**64)``, with
    splitmix64's output mix; so any platform can replay a stream from its seed and counter.
    """

    __slots__ = ("_drawn", "_key", "_seed")

    def __init__(self, seed: int, drawn: int = 0) -> None:
        if drawn < 0:
            raise DiceValueError(f"the number of dice drawn cannot be negative, not {drawn}")
        self._seed = seed
        self._drawn = drawn
        self._key = _stream_key(seed)

    @property
    def state(self) -> tuple[int, int]:
        """``(seed, drawn)``: the seed and how many dice have been rolled."""
        return self._seed, self._drawn

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceValueError(f"a die needs at least one side, not {sides}")
        self._drawn += 1
        # _mix written out: this runs for every die of every fight
        value = (self._key + self._drawn * _GAMMA) & _MASK
        value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
        return (((value ^ (value >> 31)) * sides) >> 64) + 1

    def __repr__(self) -> str:
        return f"SeededDice({self._seed}, drawn={self._drawn})"


class LoadedDice:
    """Faces given in advance (typed in by a player, or set by a test), handed out in order.

    A face that does not fit the die asked for raises DiceValueError and stays loaded; running
    out raises DiceNeeded with the sides of the die needed.
    """

    __slots__ = ("_faces",)

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = deque(faces)

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._faces)

    def roll(self, sides: int) -> int:
        if not self._faces:
            raise DiceNeeded(sides)
        check_face(self._faces[0], sides)
        return self._faces.popleft()

    def __repr__(self) -> str:
        return f"LoadedDice({list(self._faces)})"

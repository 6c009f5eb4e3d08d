"""``@frozen`` makes the class ``@dataclass(frozen=True)`` makes, but for a faster ``__init__``."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from fracas.engine.action import CombatantId
from fracas.engine.events import PoolChanged
from fracas.engine.frozen import frozen


@frozen
class Fast:
    name: str
    size: int = 2
    tags: tuple[str, ...] = field(default_factory=tuple)
    notes: list[str] = field(default_factory=list, compare=False, hash=False)
    fixed: int = field(default=7, init=False)
    late: bool = field(default=False, kw_only=True)


@dataclass(frozen=True)
class Plain:
    name: str
    size: int = 2
    tags: tuple[str, ...] = field(default_factory=tuple)
    notes: list[str] = field(default_factory=list, compare=False, hash=False)
    fixed: int = field(default=7, init=False)
    late: bool = field(default=False, kw_only=True)


def _made(kind: type[Fast] | type[Plain], *args: Any, **kwargs: Any) -> dict[str, object]:
    """What an instance holds, its class's defaults included."""
    made = kind(*args, **kwargs)
    return {f.name: getattr(made, f.name) for f in dataclasses.fields(made)} | vars(made)


def test_the_same_parameters_as_a_frozen_dataclass() -> None:
    fast = inspect.signature(Fast.__init__).parameters
    plain = inspect.signature(Plain.__init__).parameters
    assert [(p.name, p.kind) for p in fast.values()] == [(p.name, p.kind) for p in plain.values()]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [(("axe",), {}), (("axe", 5, ("heavy",)), {"late": True}), ((), {"name": "bow", "size": 1})],
)
def test_the_same_fields_as_a_frozen_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    assert _made(Fast, *args, **kwargs) == _made(Plain, *args, **kwargs)


def test_bad_arguments_are_refused_as_a_frozen_dataclass_refuses_them() -> None:
    with pytest.raises(TypeError):
        Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast("axe", 1, (), [], True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast("axe", fixed=3)  # type: ignore[call-arg]


def test_still_frozen_equal_hashable_replaceable_and_picklable() -> None:
    axe = Fast("axe", tags=("heavy",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        axe.size = 3  # type: ignore[misc]
    assert axe == Fast("axe", tags=("heavy",), notes=["ignored by equality"])
    assert hash(axe) == hash(Fast("axe", tags=("heavy",)))
    assert dataclasses.replace(axe, size=4) == Fast("axe", 4, ("heavy",))
    assert pickle.loads(pickle.dumps(axe)) == axe
    assert repr(axe) == repr(Plain("axe", tags=("heavy",))).replace("Plain", "Fast")


def test_each_instance_gets_its_own_default_from_a_factory() -> None:
    assert Fast("a").notes is not Fast("b").notes


def test_an_engine_event_is_made_by_it() -> None:
    event = PoolChanged(CombatantId("thom"), "AP", -2, "attack")
    assert dataclasses.is_dataclass(event)
    assert (event.combatant, event.pool, event.amount, event.reason) == ("thom", "AP", -2, "attack")


def test_a_class_with_post_init_keeps_the_dataclass_init() -> None:
    class Checked:
        size: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="__post_init__"):
        frozen(Checked)

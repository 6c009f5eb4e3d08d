"""``@frozen``: a frozen dataclass whose ``__init__`` writes its fields straight into the
instance's ``__dict__``.

Python 3.11's frozen dataclasses set each field in ``__init__`` with ``object.__setattr__``
(their own ``__setattr__`` refuses), which made building the events, actions and records of a
simulated fight ~15 % of its time. A class made by ``@frozen`` is the very class
``@dataclass(frozen=True)`` makes (the same fields, signature, defaults, equality, hash, repr,
``replace``, and assigning a field still raises ``FrozenInstanceError``); only its ``__init__``
stores the values the way ``attrs`` does for frozen classes without slots. A class with a
``__post_init__`` (and so any ``InitVar``, which only it reads) or its own ``__slots__`` keeps
``@dataclass(frozen=True)``: ``@frozen`` refuses it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar, dataclass_transform

_Class = TypeVar("_Class", bound=type)

_FACTORY = object()
"""The default of a parameter whose field has a ``default_factory``: the factory is called."""


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: _Class) -> _Class:
    """``@dataclass(frozen=True)``, with the faster ``__init__`` (see the module)."""
    if hasattr(cls, "__post_init__") or "__slots__" in vars(cls):
        raise TypeError(f"@frozen {cls.__name__}: has a __post_init__ or its own __slots__")
    dataclasses.dataclass(frozen=True)(cls)  # without slots, the class itself is made one
    cls.__init__ = _init_of(cls)  # type: ignore[misc]
    return cls


def _init_of(cls: type) -> Callable[..., None]:
    """An ``__init__`` with the parameters dataclasses gives ``cls``, storing into ``__dict__``."""
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    names: dict[str, object] = {"_FACTORY": _FACTORY}
    for n, f in enumerate(dataclasses.fields(cls)):
        default, factory = f"_default_{n}", f"_factory_{n}"
        names[default], names[factory] = f.default, f.default_factory
        has_factory = f.default_factory is not dataclasses.MISSING
        if not f.init:
            if not has_factory:
                continue  # the class attribute gives its default, as with dataclasses
            value = f"{factory}()"
        else:
            if f.default is not dataclasses.MISSING:
                parameter = f"{f.name}={default}"
            elif has_factory:
                parameter = f"{f.name}=_FACTORY"
            else:
                parameter = f.name
            (keyword if f.kw_only else positional).append(parameter)
            value = f"{factory}() if {f.name} is _FACTORY else {f.name}" if has_factory else f.name
        body.append(f"    _fields_[{f.name!r}] = {value}")
    this = "self" if "self" not in {f.name for f in dataclasses.fields(cls)} else "__self__"
    parameters = ", ".join([this, *positional, *(["*", *keyword] if keyword else [])])
    source = "\n".join(
        [f"def __init__({parameters}) -> None:", f"    _fields_ = {this}.__dict__", *body]
    )
    exec(source, names)  # the source is made above from the fields' names alone
    init: Callable[..., None] = names["__init__"]  # type: ignore[assignment]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init

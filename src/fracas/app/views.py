"""Projections of an encounter's state, as plain frozen data that front ends render.

The game master's view shows everything. A player's view (``Audience(side)``) leaves hidden
combatants out entirely (from the list, the order and whose turn it is) and withholds the pools
and marks of every combatant not on the player's side; names, sides, initiative, the order and
everyone's effects with their remaining duration are public.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fracas.app.audience import GM, Audience, player
from fracas.app.durations import until
from fracas.app.narration import render_value
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.state import Combatant, EncounterState


@dataclass(frozen=True)
class PoolView:
    name: str
    current: int
    maximum: int

    def render(self) -> str:
        return f"{self.name} {self.current}/{self.maximum}"


@dataclass(frozen=True)
class EffectView:
    """An effect with its remaining duration in words (``until the start of Ada's next turn``)."""

    id: str
    name: str
    until: str
    source: str | None = None
    data: tuple[tuple[str, str], ...] = ()

    def render(self) -> str:
        data = f" [{', '.join(f'{k}={v}' for k, v in self.data)}]" if self.data else ""
        return f"{self.name}{data} ({self.until})"


@dataclass(frozen=True)
class CombatantView:
    """One combatant as the audience sees it. ``pools`` and ``marks`` are None when withheld."""

    id: CombatantId
    name: str
    side: str
    initiative: int | None
    group: str | None
    hidden: bool
    acting: bool
    """It is this combatant's turn."""
    holding: bool
    """It holds its turn."""
    out: bool
    """The ruleset says it takes no turns now (down, unconscious …)."""
    pools: tuple[PoolView, ...] | None
    effects: tuple[EffectView, ...]
    marks: tuple[tuple[str, str], ...] | None

    def pool(self, name: str) -> PoolView | None:
        return next((p for p in self.pools or () if p.name == name), None)


@dataclass(frozen=True)
class TurnView:
    """A slot of the round's order, with only the actors the audience may see."""

    actors: tuple[CombatantId, ...]
    names: tuple[str, ...]
    initiative: int
    label: str
    current: bool
    done: bool
    resumed: bool


@dataclass(frozen=True)
class EncounterView:
    """The whole table as one audience sees it."""

    name: str
    ruleset: str
    slug: str
    audience: Audience
    round: int
    started: bool
    ended: bool
    acting: tuple[str, ...]
    """The names of those whose turn it is (visible ones only)."""
    order: tuple[TurnView, ...]
    combatants: tuple[CombatantView, ...]
    """In the round's order, then the others by initiative."""

    @property
    def pool_names(self) -> tuple[str, ...]:
        """Every pool name shown, in order of first appearance."""
        names: dict[str, None] = {}
        for c in self.combatants:
            for p in c.pools or ():
                names.setdefault(p.name, None)
        return tuple(names)

    def combatant(self, name_or_id: str) -> CombatantView | None:
        return next((c for c in self.combatants if name_or_id in (c.id, c.name)), None)


def view(encounter: Encounter, audience: Audience = GM, name: str = "") -> EncounterView:
    """The encounter as ``audience`` sees it."""
    state = encounter.state
    clock = state.clock
    seen = {c.id for c in state if audience.sees(c)}

    def namer(combatant: CombatantId) -> str | None:
        found = state.combatants.get(combatant)
        if found is None:
            return str(combatant)
        return found.name if combatant in seen else None

    order: list[TurnView] = []
    for index, turn in enumerate(clock.order):
        actors = tuple(a for a in turn.actors if a in seen)
        if not actors:
            continue
        order.append(
            TurnView(
                actors=actors,
                names=tuple(state[a].name for a in actors),
                initiative=turn.initiative,
                label=turn.label,
                current=clock.started and index == clock.index and not state.ended,
                done=index < clock.index,
                resumed=turn.resumed,
            )
        )
    acting_ids = () if state.ended else encounter.acting()
    acting = tuple(state[a].name for a in acting_ids if a in seen)
    combatants = tuple(
        _combatant(c, encounter, audience, namer, c.id in acting_ids)
        for c in _ranked(state)
        if c.id in seen
    )
    return EncounterView(
        name=name,
        ruleset=encounter.ruleset.descriptor.name,
        slug=encounter.ruleset.descriptor.slug,
        audience=Audience(audience.side),  # never its list of who is hidden
        round=clock.round,
        started=clock.started,
        ended=state.ended,
        acting=acting,
        order=tuple(order),
        combatants=combatants,
    )


def gm_view(encounter: Encounter, name: str = "") -> EncounterView:
    return view(encounter, GM, name)


def player_view(encounter: Encounter, side: str, name: str = "") -> EncounterView:
    return view(encounter, player(side, encounter.state), name)


def _ranked(state: EncounterState) -> list[Combatant]:
    placed: dict[CombatantId, int] = {}
    for index, turn in enumerate(state.clock.order):
        for actor in turn.actors:
            placed.setdefault(actor, index)
    arrival = {cid: n for n, cid in enumerate(state.combatants)}

    def key(c: Combatant) -> tuple[int, int, int, int]:
        if c.id in placed:
            return (0, placed[c.id], 0, arrival[c.id])
        initiative = c.initiative if c.initiative is not None else -(10**9)
        return (1, 0, -initiative, arrival[c.id])

    return sorted(state, key=key)


def _combatant(
    c: Combatant,
    encounter: Encounter,
    audience: Audience,
    namer: Callable[[CombatantId], str | None],
    acting: bool,
) -> CombatantView:
    state = encounter.state
    pools = None
    marks = None
    if audience.sees_pools(c):
        pools = tuple(PoolView(n, p.current, p.maximum) for n, p in c.pools.items())
        marks = _pairs(c.marks)
    effects = tuple(
        EffectView(
            id=e.id,
            name=e.name,
            until=until(e.ends, state, namer),
            source=namer(e.source) if e.source is not None else None,
            data=_pairs(e.data),
        )
        for e in c.effects
    )
    return CombatantView(
        id=c.id,
        name=c.name,
        side=c.side,
        initiative=c.initiative,
        group=c.group,
        hidden=c.hidden,
        acting=acting,
        holding=c.id in state.clock.held,
        out=state.clock.started and not encounter.ruleset.takes_turn(state, c),
        pools=pools,
        effects=effects,
        marks=marks,
    )


def _pairs(mapping: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((k, render_value(v)) for k, v in mapping.items())


# --- plain text ----------------------------------------------------------------------------


def headline(v: EncounterView) -> str:
    """``Brawl, round 2: Ada's turn`` (the ruleset's name when the encounter has none)."""
    title = v.name or v.ruleset
    if v.ended:
        return f"{title}, round {v.round}: the fight is over"
    if not v.started:
        return f"{title}: not started (type: start)"
    if not v.acting:
        return f"{title}, round {v.round}"
    who = v.acting[0] + "'s" if len(v.acting) == 1 else ", ".join(v.acting) + "'"
    return f"{title}, round {v.round}: {who} turn"


def render_text(v: EncounterView) -> list[str]:
    """The view as plain lines: a headline, then one line per combatant."""
    lines = [headline(v)]
    width = max((len(c.name) for c in v.combatants), default=0)
    sides = max((len(c.side) for c in v.combatants), default=0)
    for c in v.combatants:
        marker = ">" if c.acting else " "
        initiative = "-" if c.initiative is None else str(c.initiative)
        parts = [f"{marker} {c.name:<{width}}  {c.side:<{sides}}  init {initiative:>3}"]
        if c.pools is not None:
            parts.append(", ".join(p.render() for p in c.pools))
        flags = [
            flag
            for flag, on in (("hidden", c.hidden), ("holding", c.holding), ("out", c.out))
            if on
        ]
        if flags:
            parts.append(f"[{', '.join(flags)}]")
        if c.effects:
            parts.append("; ".join(e.render() for e in c.effects))
        lines.append("  ".join(parts).rstrip())
    return lines

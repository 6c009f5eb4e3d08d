"""Projections of an encounter's state, as plain frozen data that front ends render.

The game master's view shows everything. A player's view (``Audience(side)``) leaves hidden
combatants out entirely (from the list, the order and whose turn it is) and withholds the pools
and marks of every combatant not on the player's side; names, sides, initiative, the order and
everyone's effects with their remaining duration are public.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from fracas.app.audience import GM, Audience, player
from fracas.app.durations import lasts, round_name, untold
from fracas.app.narration import lasting_of, lasting_tells_of, narrator_module
from fracas.app.reminders import Held, HeldActions
from fracas.app.scene import render_value
from fracas.app.wording import possessive, said
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
class TrackView:
    """A line of the ruleset's damage track (``LP 40/60``, ``Damage 23``): see ``Track``."""

    name: str
    current: int
    maximum: int | None
    note: str

    def render(self) -> str:
        shown = f"{self.current}/{self.maximum}" if self.maximum is not None else str(self.current)
        return f"{self.name} {shown}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True)
class EffectView:
    """An effect with its remaining duration in words (``until the start of Ada's next turn``)."""

    id: str
    name: str
    until: str
    source: str | None = None
    data: tuple[tuple[str, str], ...] = ()
    """Its parameters, but those the words of `until` tell (`lasting_tells`)."""

    def render(self) -> str:
        data = said(self.data)
        return f"{self.name} ({data}; {self.until})" if data else f"{self.name} ({self.until})"


@dataclass(frozen=True)
class HeldView:
    """An action held for a trigger (``2 AP ready``, ``a raptor comes close``), the id of the
    effect that keeps it (its duration), and the command that fires it: ``verb`` with its flag
    ``-flag``, the rest chosen when it fires."""

    what: str
    trigger: str
    effect: str
    verb: str
    flag: str


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
    tracks: tuple[TrackView, ...] | None
    """The ruleset's damage track (withheld, like the pools, from other sides' players)."""
    effects: tuple[EffectView, ...]
    marks: tuple[tuple[str, str], ...] | None
    held: tuple[HeldView, ...] | None = None
    """Its held actions (withheld, like the pools, from other sides' players)."""

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
    """The clock's count, surprise rounds included."""
    round_name: str
    """How people are told of the round (``round 1``, ``the surprise round``)."""
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
    held = _held(encounter)
    combatants = tuple(
        _combatant(c, encounter, audience, namer, c.id in acting_ids, held)
        for c in _ranked(state)
        if c.id in seen
    )
    return EncounterView(
        name=name,
        ruleset=encounter.ruleset.descriptor.name,
        slug=encounter.ruleset.descriptor.slug,
        audience=Audience(audience.side),  # never its list of who is hidden
        round=clock.round,
        round_name=round_name(clock, clock.round),
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
    """The combatants in the order of the current phase of the round (the run of turns with
    the current turn's label: Kaiser's Action phase after its Intention phase, Kingsdale's
    pose), then those with no turn in it by initiative."""
    order = state.clock.order
    start = min(state.clock.index, len(order))
    while 0 < start < len(order) and order[start - 1].label == order[start].label:
        start -= 1
    placed: dict[CombatantId, int] = {}
    for index, turn in enumerate(order[start:]):
        for actor in turn.actors:
            placed.setdefault(actor, index)
    arrival = {cid: n for n, cid in enumerate(state.combatants)}

    def key(c: Combatant) -> tuple[int, int, int, int]:
        if c.id in placed:
            return (0, placed[c.id], 0, arrival[c.id])
        initiative = c.initiative if c.initiative is not None else -(10**9)
        return (1, 0, -initiative, arrival[c.id])

    return sorted(state, key=key)


def _held(encounter: Encounter) -> tuple[Held, ...]:
    """The held actions of the state, as the ruleset's narrator lists them (none if it has no
    held actions)."""
    module = narrator_module(encounter.ruleset.descriptor.slug)
    listed: HeldActions | None = getattr(module, "held_actions", None)
    return () if listed is None else tuple(listed(encounter.state))


def _combatant(
    c: Combatant,
    encounter: Encounter,
    audience: Audience,
    namer: Callable[[CombatantId], str | None],
    acting: bool,
    held: tuple[Held, ...],
) -> CombatantView:
    state = encounter.state
    pools = None
    tracks = None
    marks = None
    holds = None
    if audience.sees_pools(c):
        holds = tuple(
            HeldView(h.what, h.trigger, h.effect, h.verb, h.flag) for h in held if h.holder == c.id
        )
        pools = tuple(PoolView(n, p.current, p.maximum) for n, p in c.pools.items())
        tracks = tuple(
            TrackView(t.name, t.current, t.maximum, t.note) for t in encounter.ruleset.tracks(c)
        )
        marks = _pairs(c.marks)
    slug = encounter.ruleset.descriptor.slug
    lasting, tells = lasting_of(slug), lasting_tells_of(slug)
    effects = tuple(
        EffectView(
            id=e.id,
            name=e.name,
            until=lasts(e, state, namer, lasting),
            source=namer(e.source) if e.source is not None else None,
            data=tuple((k, _named(v, state, namer)) for k, v in untold(e, tells)),
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
        tracks=tracks,
        effects=effects,
        marks=marks,
        held=holds,
    )


def _pairs(mapping: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((k, render_value(v)) for k, v in mapping.items())


def _named(value: object, state: EncounterState, namer: Callable[[CombatantId], str | None]) -> str:
    """An effect parameter as text: a combatant's id, or a list of them (``thom,ceil``), as
    names (``someone`` for one the reader may not see)."""
    if isinstance(value, str) and value:
        ids = [CombatantId(part) for part in value.split(",")]
        if all(i in state.combatants for i in ids):
            return ", ".join(namer(i) or "someone" for i in ids)
    return render_value(value)


# --- plain text ----------------------------------------------------------------------------


def headline(v: EncounterView) -> str:
    """``Brawl, round 2: Ada's turn``, ``Brawl, the surprise round: …`` (the ruleset's name
    when the encounter has none)."""
    title = v.name or v.ruleset
    if v.ended:
        return f"{title}, {v.round_name}: the fight is over"
    if not v.started:
        return f"{title}: not started (type: start)"
    if not v.acting:
        return f"{title}, {v.round_name}"
    label = next((t.label for t in v.order if t.current and t.label), "")
    phase = f" ({label})" if label else ""
    return f"{title}, {v.round_name}: {group_possessive(v.acting)} turn{phase}"


def group_possessive(names: Sequence[str]) -> str:
    """``Shaman's``, ``Raptor 1–4's`` (a numbered run folded), ``Ceil, Thom and Shaman's``."""
    folded = _folded(names)
    who = folded[0] if len(folded) == 1 else ", ".join(folded[:-1]) + " and " + folded[-1]
    return possessive(who)


def _folded(names: Sequence[str]) -> list[str]:
    """Consecutive numbered names of one stem as one (``Raptor 1``…``Raptor 4``: ``Raptor 1–4``)."""
    out: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        if len(run) > 1:
            out.append(f"{run[0][0]} {run[0][1]}\u2013{run[-1][1]}")
        elif run:
            out.append(f"{run[0][0]} {run[0][1]}")
        run.clear()

    for name in names:
        stem, _, number = name.rpartition(" ")
        if stem and number.isdigit():
            if run and (run[-1][0] != stem or run[-1][1] + 1 != int(number)):
                flush()
            run.append((stem, int(number)))
        else:
            flush()
            out.append(name)
    flush()
    return out


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
        counts = [t.render() for t in c.tracks or () if c.pool(t.name) is None]
        if counts:
            parts.append(", ".join(counts))
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

"""Narration: every engine event told in words with its numbers; rulesets' events never dropped."""

from __future__ import annotations

import sys
import types
from dataclasses import replace

import pytest

from fracas.app.audience import GM, Audience
from fracas.app.engine_narration import ENGINE_NARRATORS
from fracas.app.narration import Narrator
from fracas.app.scene import Scene, generic, signed
from fracas.dice import LoadedDice, roll
from fracas.engine.action import CombatantId
from fracas.engine.events import (
    ENGINE_EVENTS,
    CombatantJoined,
    CombatantLeft,
    CombatEnded,
    DiceDrawn,
    DiceRolled,
    EffectApplied,
    EffectChanged,
    EffectEnded,
    Event,
    InitiativeSet,
    MarkSet,
    Note,
    OrderChanged,
    PartEnded,
    PoolChanged,
    PoolSet,
    RoundStarted,
    TurnEnded,
    TurnHeld,
    TurnLost,
    TurnResumed,
    TurnStarted,
    VisibilityChanged,
)
from fracas.engine.state import Anchor, Combatant, Effect, EncounterState, Moment, Turn
from tests.app.fight import ADA, BO, CY, GHOST, ok, toy_session
from tests.engine.toy import Punched, Toy, ToySheet

DEE = CombatantId("dee")


def _state() -> EncounterState:
    """Round 1, Bo's turn; Ada has Guarded (e1); Ghost is hidden."""
    session = toy_session(ghost=True)
    ok(session.run("effect ada Guarded -rounds 1 -until start"))
    ok(session.run("end"))
    return session.state


def _told(event: Event, state: EncounterState | None = None, audience: Audience = GM) -> list[str]:
    state = state if state is not None else _state()
    return list(Narrator(Toy).events([event], state, audience=audience))


def test_every_engine_event_has_its_own_narrator() -> None:
    missing = [kind.__name__ for kind in ENGINE_EVENTS if kind not in ENGINE_NARRATORS]
    assert missing == []
    assert DiceRolled in ENGINE_NARRATORS


TURNS = (Turn((ADA,), 9), Turn((BO, GHOST), 5, label="pose 1"), Turn((CY,), 3))
GUARDED = Effect("Guarded", ends=Anchor(2, ADA, Moment.START))

SAMPLES: list[tuple[Event, list[str]]] = [
    (
        CombatantJoined(Combatant(DEE, "Dee", "heroes", ToySheet(speed=4), {}, hidden=True)),
        ["Dee joins the fight (heroes) [hidden from the players]"],
    ),
    (CombatantLeft(CY), ["Cy leaves the fight"]),
    (VisibilityChanged(GHOST, hidden=False), ["Ghost is revealed to the players"]),
    (VisibilityChanged(BO, hidden=True), ["Bo is hidden from the players"]),
    (InitiativeSet(ADA, 12, "rolled"), ["Ada's initiative is 12 (rolled)"]),
    (
        RoundStarted(2, TURNS),
        ["Round 2 begins: Ada (9), pose 1: Bo + Ghost (5), Cy (3)"],
    ),
    (TurnStarted(2), ["Cy's turn"]),
    (TurnEnded((BO,)), ["End of Bo's turn"]),
    (TurnEnded((BO,), skipped=True), ["Bo cannot act: the turn passes"]),
    (
        PartEnded(BO),
        [
            "Bo ends its part of the turn (the turn ends when all have ended, or at the game"
            " master's end)"
        ],
    ),
    (TurnHeld(BO), ["Bo holds the turn"]),
    (TurnResumed(BO, 5, 2), ["Bo will take the held turn next"]),
    (TurnLost(BO), ["Bo never took the held turn and loses it"]),
    (OrderChanged(TURNS, 2), ["Order now: Ada (9), pose 1: Bo + Ghost (5), Cy (3); Cy's turn"]),
    (CombatEnded("heroes win"), ["The fight is over: heroes win"]),
    (PoolChanged(BO, "HP", -7, "punched"), ["Bo HP \u22127 (12 \u2192 5): punched"]),
    (PoolSet(ADA, "AP", 2, reason="new turn"), ["Ada AP 2 \u2192 2 (new turn)"]),
    (PoolSet(ADA, "HP", 14, 14), ["Ada HP 10 \u2192 14 (maximum 10 \u2192 14)"]),
    (
        EffectApplied(BO, Effect("Bleeding", ends=Anchor(3, BO, Moment.END), source=ADA)),
        ["Bleeding on Bo from Ada (for 2 more rounds, until the end of Bo's turn in round 3)"],
    ),
    (EffectEnded(ADA, "e1", "expired"), ["Guarded on Ada ends (expired)"]),
    (
        EffectChanged(ADA, replace(GUARDED, id="e1", data={"stacks": 2})),
        ["Guarded on Ada now (stacks 2; until the start of Ada's next turn)"],
    ),
    (MarkSet(ADA, "free-move", True), ["Ada: free-move"]),
    (MarkSet(ADA, "free_moves", 2), ["Ada: free moves 2"]),
    (MarkSet(ADA, "free_moves", None), []),
    (Note("the lights go out"), ["Note: the lights go out"]),
    (Note("I hide", ADA), ["Ada notes: I hide"]),
    (DiceDrawn(12), []),
    (DiceRolled(ADA, roll("1d20+4", LoadedDice([15]))), ["Ada rolls: 1d20 (15) + 4 = 19"]),
]


@pytest.mark.parametrize(("event", "lines"), SAMPLES, ids=lambda x: type(x).__name__)
def test_engine_events_are_told_with_their_numbers(event: Event, lines: list[str]) -> None:
    assert _told(event) == lines


def test_the_samples_cover_every_engine_event() -> None:
    covered = {type(event) for event, _ in SAMPLES}
    assert covered >= set(ENGINE_EVENTS)


def test_no_engine_narration_is_the_generic_fallback() -> None:
    state = _state()
    for event, _ in SAMPLES:
        fallback = generic(event, Scene(state, event.apply(state)))
        assert fallback not in _told(event, state)


def test_paying_a_cost_reads_as_spending() -> None:
    session = toy_session(4)
    reply = ok(session.run("punch bo"))
    assert reply.lines[0] == "Ada spends 1 AP (punch)"


def test_an_event_without_a_narrator_is_told_generically() -> None:
    assert _told(Punched(ADA, BO, 4)) == ["Punched: attacker=Ada, target=Bo, face=4"]
    scene = Scene(_state(), _state())
    assert generic(CombatEnded("x"), scene) == "CombatEnded: reason=x"


def test_a_ruleset_narrator_module_is_found_by_its_slug(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("fracas.app.narrators.toy")

    def punched(event: Punched, scene: Scene) -> str:
        return f"{scene.name(event.attacker)} punches {scene.name(event.target)}: d6 ({event.face})"

    module.NARRATORS = {Punched: punched}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fracas.app.narrators.toy", module)
    assert _told(Punched(ADA, BO, 4)) == ["Ada punches Bo: d6 (4)"]


def test_extra_narrators_win(monkeypatch: pytest.MonkeyPatch) -> None:
    narrator = Narrator(Toy, extra={CombatEnded: lambda event, scene: "Done."})
    assert narrator.events([CombatEnded("x")], _state()) == ("Done.",)


def test_players_never_hear_of_a_hidden_combatant() -> None:
    state = _state()
    heroes = Audience("heroes")
    assert _told(PoolChanged(GHOST, "HP", -1), state, heroes) == []
    assert _told(RoundStarted(2, TURNS), state, heroes) == [
        "Round 2 begins: Ada (9), pose 1: Bo (5), Cy (3)"
    ]
    assert _told(VisibilityChanged(GHOST, hidden=False), state, heroes) == [
        "Ghost appears (villains)"
    ]
    assert _told(VisibilityChanged(BO, hidden=True), state, heroes) == []


def test_players_see_the_numbers_of_their_own_side_only() -> None:
    state = _state()
    heroes = Audience("heroes")
    assert _told(PoolChanged(BO, "HP", -7), state, heroes) == ["Bo HP \u22127"]
    assert _told(PoolChanged(ADA, "HP", -2), state, heroes) == ["Ada HP \u22122 (10 \u2192 8)"]
    assert _told(PoolSet(BO, "AP", 2, reason="new turn"), state, heroes) == []
    assert _told(MarkSet(BO, "k", 1), state, heroes) == []


def test_signed_amounts_use_a_true_minus() -> None:
    assert (signed(-3), signed(0), signed(4)) == ("\u22123", "0", "+4")

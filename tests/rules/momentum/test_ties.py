"""Initiative ties go to the game master (issue 18, item 11). Seed 003 *Rounds and Turns*:
"If two creatures have the same Initiative, the GM decides who goes first.\""""

from __future__ import annotations

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.rules.momentum.ruleset import Momentum
from tests.app.fight import ok

TIE = (
    "Initiative tie at 28: Rusher, then Raptor 1 + Raptor 2 + Raptor 3 + Raptor 4 (the"
    " order they joined); the game master decides who goes first (tiebreak NAME puts one first)"
)


def _demo(settings: str = "") -> Session:
    """The momentum demo: Scout 35, Druid 30, then Rusher and the Raptors' group tied at 28."""
    path = demo_path(Momentum)
    assert path is not None
    text = path.read_text(encoding="utf-8") + settings
    return open_encounter(path, seed=1, text=text)


def _order(session: Session) -> list[tuple[str, ...]]:
    return [turn.actors for turn in session.state.clock.order]


def test_a_tie_is_offered_to_the_game_master_with_the_present_order_as_the_proposal() -> None:
    session = _demo()
    reply = ok(session.run("start"))
    assert TIE in reply.lines
    assert _order(session)[2:] == [("rusher",), ("raptor-1", "raptor-2", "raptor-3", "raptor-4")]
    ok(session.run("tiebreak raptor-1"))
    assert _order(session)[2:] == [("raptor-1", "raptor-2", "raptor-3", "raptor-4"), ("rusher",)]
    assert session.state.clock.round == 1
    ok(session.run("end"))
    ok(session.run("end"))
    assert session.state.acting() == ("raptor-1", "raptor-2", "raptor-3", "raptor-4")


def test_without_asking_the_join_order_decides() -> None:
    session = _demo("\nsettings: {ask_initiative_ties: false}\n")
    reply = ok(session.run("start"))
    assert not any(line.startswith("Initiative tie") for line in reply.lines)
    assert _order(session)[2:] == [("rusher",), ("raptor-1", "raptor-2", "raptor-3", "raptor-4")]

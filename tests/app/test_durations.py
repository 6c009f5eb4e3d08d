"""An effect's remaining duration in words, from its anchor and where the clock stands."""

from __future__ import annotations

import pytest

from fracas.app.durations import until
from fracas.engine.state import Anchor, Moment
from tests.app.fight import ADA, BO, CY, ok, toy_session

START, END = Moment.START, Moment.END


@pytest.mark.parametrize(
    ("anchor", "words"),
    [
        (None, "until removed"),
        (Anchor(2, ADA, START), "until the start of Ada's next turn"),
        (Anchor(2, BO, START), "until the start of Bo's next turn"),
        (Anchor(1, BO, END), "until the end of Bo's turn (this turn)"),
        (Anchor(1, CY, END), "until the end of Cy's turn this round"),
        (Anchor(2, CY, END), "until the end of Cy's turn next round"),
        (Anchor(3, BO, END), "for 2 more rounds, until the end of Bo's turn in round 3"),
        (Anchor(1, ADA, END), "until the end of Ada's turn in round 1"),
    ],
)
def test_words_from_the_clock(anchor: Anchor | None, words: str) -> None:
    session = toy_session()
    ok(session.run("end"))  # round 1, Bo's turn: Ada's has passed, Cy's is to come
    assert until(anchor, session.state) == words


def test_before_the_fight_starts_the_round_is_named() -> None:
    session = toy_session(start=False)
    assert until(Anchor(2, BO, END), session.state) == "until the end of Bo's turn in round 2"


def test_an_unseen_anchor_speaks_of_rounds_only() -> None:
    session = toy_session()

    def unseen(combatant: str) -> str | None:
        return None

    state = session.state
    assert until(Anchor(2, BO, END), state, unseen) == "until next round"
    assert until(Anchor(1, BO, END), state, unseen) == "until later this round"
    assert until(Anchor(4, BO, END), state, unseen) == "for 3 more rounds, until round 4"


def test_a_guard_reads_until_the_start_of_the_next_turn() -> None:
    session = toy_session()
    reply = ok(session.run("guard"))
    assert reply.lines[-1] == "Guarded on Ada (until the start of Ada's next turn)"

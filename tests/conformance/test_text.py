"""Any command text, and any dice text, either works or gives a clear error, on every ruleset.

A line that fails leaves the very same state object behind; nothing but a FracasError (or an
error reply) ever comes out of ``Session.run``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.app import Session, session_from_save
from fracas.dice import SeededDice, parse, roll
from fracas.engine.action import CombatantId
from fracas.engine.ruleset import Ruleset
from fracas.errors import FracasError
from tests.conformance.play import (
    DICE_WORDS,
    RULESETS,
    check_invariants,
    examples,
    open_demo,
    quoted,
    ruleset_id,
    run_line,
)

TEXT = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

pytestmark = pytest.mark.parametrize("ruleset", RULESETS, ids=ruleset_id)


@cache
def _saved_fight(ruleset: type[Ruleset]) -> dict[str, Any]:
    """The demo with its fight started and a turn or two taken, as a save."""
    session = open_demo(ruleset, seed=3)
    for line in ("start", "end", "end"):
        session.run(line)
    return session.save()


def fight(ruleset: type[Ruleset]) -> Session:
    """A fresh session on the demo, mid-fight (rebuilt from a save: fast and identical)."""
    return session_from_save(_saved_fight(ruleset))


def verbs(session: Session) -> list[str]:
    return sorted({name for spec in session.catalogue for name in (spec.verb, *spec.aliases)})


def speakers(session: Session) -> list[CombatantId | None]:
    return [None, *session.state.combatants]


TOKENS = st.sampled_from(
    [
        "-",
        "--",
        "-with",
        "-x=",
        "-rounds=2",
        "!",
        "!4",
        "! 3 5",
        "0",
        "-2",
        "99999999999999999999",
        "'",
        '"',
        '"a b"',
        "''",
        "#",
        ",",
        ",,",
        ":",
        "/",
        "{",
        "}",
        "{}",
        "[",
        "all",
        "\t",
        "\x00",
        "\u00e9",
        "\u200b",
        "\U0001f600",
    ]
)


@st.composite
def catalogue_line(draw: st.DrawFn, session: Session) -> str:
    """A verb of the catalogue (or a prefix of one) with random tokens, maybe an actor first."""
    names = [quoted(c.name) for c in session.state] + list(session.state.combatants)
    verb = draw(st.sampled_from(verbs(session)))
    verb = verb[: draw(st.integers(min_value=1, max_value=len(verb)))]
    words = draw(
        st.lists(
            st.one_of(
                TOKENS, st.sampled_from(names), st.text(max_size=5), st.sampled_from(verbs(session))
            ),
            max_size=6,
        )
    )
    head = ""
    if draw(st.booleans()):
        head = draw(st.sampled_from([*names, "nobody", '""', "''", " "])) + ": "
    return head + " ".join([verb, *words])


@TEXT
@given(data=st.data(), text=st.text(max_size=40))
def test_any_text_works_or_gives_an_error(
    ruleset: type[Ruleset], data: st.DataObject, text: str
) -> None:
    session = fight(ruleset)
    speaker = data.draw(st.sampled_from(speakers(session)), label="speaker")
    run_line(session, text, speaker)
    check_invariants(session)


@TEXT
@given(data=st.data())
def test_any_catalogue_line_works_or_gives_an_error(
    ruleset: type[Ruleset], data: st.DataObject
) -> None:
    session = fight(ruleset)
    for _ in range(data.draw(st.integers(min_value=1, max_value=4), label="lines")):
        line = data.draw(catalogue_line(session), label="line")
        speaker = data.draw(st.sampled_from(speakers(session)), label="speaker")
        run_line(session, line, speaker)
        check_invariants(session)


DICE_ALPHABET = "0123456789dDkKhHlLrRoOeEmMiIaAfF%+-*/()[]<>=!., x"

DICE_TEXT = st.one_of(
    st.text(alphabet=DICE_ALPHABET, max_size=14),
    st.sampled_from(DICE_WORDS),
    st.tuples(
        st.integers(min_value=0, max_value=1100).map(str) | st.just(""),
        st.integers(min_value=0, max_value=1100).map(str) | st.just("%"),
        st.lists(
            st.sampled_from(
                [
                    "kh1",
                    "kl2",
                    "dh1",
                    "dl1",
                    "k3",
                    "ro1",
                    "rr<3",
                    "rr>0",
                    "mi3",
                    "ma2",
                    "e",
                    "e6",
                    "e>=1",
                    ">=4",
                    "<2",
                    "=1",
                    "f1",
                    "[fire]",
                    "+3",
                    "-7",
                    "*2",
                    "/0",
                    "/2",
                ]
            ),
            max_size=3,
        ).map("".join),
    ).map(lambda parts: f"{parts[0]}d{parts[1]}{parts[2]}"),
)


@settings(max_examples=examples(150), deadline=None)
@given(text=DICE_TEXT)
def test_any_dice_text_rolls_or_raises_a_fracas_error(ruleset: type[Ruleset], text: str) -> None:
    try:
        parse(text)
        roll(text, SeededDice(1, 0))
    except FracasError:
        pass
    session = fight(ruleset)
    for line in (f"roll {quoted(text)}", f"roll {text}"):
        outcome = run_line(session, line)
        check_invariants(session)
        if outcome.reply is not None and outcome.reply.step is not None:
            session.undo()

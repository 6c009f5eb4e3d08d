"""Any line of text either does something or gives a one-line error; it never raises."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.app.fight import toy_session

WORDS = st.sampled_from(
    [
        "punch",
        "bo",
        "Ada:",
        "Raptor 1:",
        "!",
        "!4",
        "3",
        "-rounds",
        "effect",
        "roll",
        "1d6",
        "undo",
        "redo",
        "log",
        "help",
        "status",
        "end",
        "hold",
        "resume",
        "'",
        '"x y"',
        "#",
        ",",
        "add",
        "{speed: 2}",
        "-hidden",
        "set",
        "hp",
        "--",
        "turn",
        "ghost",
        "note",
        "guard",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(WORDS, st.text(max_size=6)), max_size=6))
def test_any_line_gives_a_reply(words: list[str]) -> None:
    session = toy_session(1, 2, 3, 4, 5, 6, ghost=True)
    text = " ".join(words)
    before = session.state
    reply = session.run(text)
    if reply.error is not None:
        assert "\n" not in reply.error
        assert session.state is before
    for speaker in session.state.acting()[:1]:
        reply = session.run(text, speaker=speaker)
        assert reply.error is None or "\n" not in reply.error

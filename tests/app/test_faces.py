"""Typed-in dice: ``!FACES`` at the end of a command, or a line of faces alone."""

from __future__ import annotations

import pytest

from fracas.app.faces import faces_only, split_faces


@pytest.mark.parametrize(
    ("text", "command", "faces"),
    [
        ("punch bo !4", "punch bo", (4,)),
        ("attack raptor ! 15 6", "attack raptor", (15, 6)),
        ("attack raptor !15,6", "attack raptor", (15, 6)),
        ("attack raptor !15 # nice", "attack raptor # nice", (15,)),
        ("note wow!", "note wow!", None),
        ("note 'a !3'", "note 'a !3'", None),
        ('note "!3"', 'note "!3"', None),
        ("note it's !3", "note it's", (3,)),
        ("roll 1d20 !x", "roll 1d20 !x", None),
        ("punch bo", "punch bo", None),
    ],
)
def test_split_faces(text: str, command: str, faces: tuple[int, ...] | None) -> None:
    assert split_faces(text) == (command, faces)


@pytest.mark.parametrize(
    ("text", "faces"),
    [("15", (15,)), (" 15 6 ", (15, 6)), ("!4", (4,)), ("3,4", (3, 4)), ("end", None), ("", None)],
)
def test_faces_only(text: str, faces: tuple[int, ...] | None) -> None:
    assert faces_only(text) == faces

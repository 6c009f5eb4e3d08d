"""Dice sources: SeededDice's reproducible stream and LoadedDice's given faces."""

from __future__ import annotations

from collections import Counter

import pytest

from fracas.dice import DiceNeeded, DiceSource, DiceValueError, LoadedDice, SeededDice


def test_seeded_dice_are_pinned_across_platforms() -> None:
    source = SeededDice(42)
    assert [source.roll(20) for _ in range(8)] == [12, 4, 4, 1, 20, 5, 6, 4]
    assert source.state == (42, 8)


def test_seeded_dice_resume_from_their_state() -> None:
    source = SeededDice(7)
    for sides in (6, 20, 100, 8):
        source.roll(sides)
    resumed = SeededDice(*source.state)
    assert [source.roll(10) for _ in range(50)] == [resumed.roll(10) for _ in range(50)]
    assert source.state == resumed.state == (7, 54)


def test_seeded_dice_depend_only_on_seed_and_counter() -> None:
    skipped = SeededDice(3, drawn=5)
    walked = SeededDice(3)
    for _ in range(5):
        walked.roll(1000)
    assert [skipped.roll(6) for _ in range(20)] == [walked.roll(6) for _ in range(20)]


def test_different_seeds_give_different_streams() -> None:
    streams = {tuple(SeededDice(seed).roll(1000) for _ in range(5)) for seed in range(20)}
    assert len(streams) == 20


def test_seeded_faces_fit_the_die_and_cover_it() -> None:
    source = SeededDice(1)
    faces = Counter(source.roll(6) for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(800 < count < 1200 for count in faces.values())
    assert {source.roll(1) for _ in range(20)} == {1}


def test_seeded_dice_refuse_nonsense() -> None:
    with pytest.raises(DiceValueError):
        SeededDice(1).roll(0)
    with pytest.raises(DiceValueError):
        SeededDice(1, drawn=-1)


def test_loaded_dice_hand_out_faces_in_order() -> None:
    source: DiceSource = LoadedDice([3, 20, 1])
    assert [source.roll(6), source.roll(20), source.roll(4)] == [3, 20, 1]


def test_loaded_dice_that_run_out_ask_for_the_die_needed() -> None:
    source = LoadedDice([2])
    source.roll(4)
    with pytest.raises(DiceNeeded) as caught:
        source.roll(12)
    assert caught.value.sides == 12
    assert "d12" in str(caught.value)


def test_a_loaded_face_that_does_not_fit_names_both_and_stays_loaded() -> None:
    source = LoadedDice([7, 2])
    with pytest.raises(DiceValueError, match=r"d6.*7"):
        source.roll(6)
    assert list(source.remaining) == [7, 2]
    assert source.roll(8) == 7
    assert source.remaining == (2,)

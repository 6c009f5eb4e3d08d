"""usage, help_table and describe are written from the specs."""

from __future__ import annotations

from fracas.commands import describe, help_table, spec_of, usage

from .sample_actions import CATALOGUE, Attack, Cleave, Guard, Heal, Note, Place, Roll


def test_usage_of_attack() -> None:
    assert usage(spec_of(Attack)) == (
        "attack TARGET [-with WEAPON] [-bonus BONUS] [-advantage] [-non-lethal]"
        "  Make one weapon attack (2 AP)."
    )
    assert usage(spec_of(Attack), with_help=False) == (
        "attack TARGET [-with WEAPON] [-bonus BONUS] [-advantage] [-non-lethal]"
    )


def test_usage_of_every_kind() -> None:
    assert usage(spec_of(Heal), with_help=False) == "heal TARGETS... AMOUNT"
    assert usage(spec_of(Cleave), with_help=False) == "cleave [-targets TARGETS]... [-reckless]"
    assert usage(spec_of(Roll), with_help=False) == "roll DICE... [-secret] [-label LABEL]"
    assert usage(spec_of(Note), with_help=False) == "note [TEXT...] [-about ABOUT]"
    assert usage(spec_of(Guard), with_help=False) == (
        "guard {defensive|all-out} [-mode {open|closed|clear}] [-speed {fast|slow}]"
    )


def test_usage_of_a_parsed_field() -> None:
    assert usage(spec_of(Place), with_help=False) == "place SQUARE [-facing FACING]"


def test_help_table_is_sorted_by_verb() -> None:
    table = help_table(CATALOGUE)
    assert [verb for verb, _, _ in table] == sorted(spec.verb for spec in CATALOGUE)
    assert ("heal", "heal TARGETS... AMOUNT", "Heal one or more combatants.") in table


def test_help_table_of_a_mapping() -> None:
    assert help_table({"swing": Attack}) == [
        (
            "swing",
            "swing TARGET [-with WEAPON] [-bonus BONUS] [-advantage] [-non-lethal]",
            "Make one weapon attack (2 AP).",
        )
    ]


def test_describe() -> None:
    assert describe(spec_of(Attack)) == "\n".join(
        [
            "attack TARGET [-with WEAPON] [-bonus BONUS] [-advantage] [-non-lethal]",
            "  Make one weapon attack (2 AP).",
            "  aliases: hit, strike",
            "  TARGET",
            "  -with WEAPON             weapon name",
            "  -bonus BONUS             added to the roll",
            "  -advantage",
            "  -non-lethal",
        ]
    )
    guard = describe(spec_of(Guard))
    assert "  -mode {open|closed|clear} default open" in guard
    assert "  DICE...                  dice to roll" in describe(spec_of(Roll))
    assert "  -targets TARGETS" in describe(spec_of(Cleave))
    assert "  -reckless                default True" in describe(spec_of(Cleave))

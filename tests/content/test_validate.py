"""validate(): pydantic errors turned into one located, readable ContentError."""

from __future__ import annotations

import textwrap
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from fracas.content import ContentError, Overlay, parse_document, validate

from .models import Sheet, Stats


def check(model: type[BaseModel], text: str, at: tuple[str | int, ...] = ()) -> ContentError:
    document = parse_document(textwrap.dedent(text), file="s.yaml")
    data = document.data
    for part in at:
        data = data[part]  # type: ignore[index]
    with pytest.raises(ContentError) as caught:
        validate(model, data, source=document, at=at)
    return caught.value


def test_valid_data_gives_the_model() -> None:
    document = parse_document("stats: {strength: 3, dexterity: 4}\nvitality: 9\n")
    sheet = validate(Sheet, document.data, source=document)
    assert sheet == Sheet(stats=Stats(strength=3, dexterity=4), vitality=9)


def test_unknown_field_suggests_the_closest_name() -> None:
    error = check(
        Sheet,
        """\
        stats: {strength: 3, dexterity: 4}
        vitalty: 9
        """,
    )
    assert str(error) == (
        "s.yaml:2:1: vitalty: unknown field (did you mean vitality?) (and 1 more error)"
    )
    assert str(error.more[0]) == "s.yaml:1:1: vitality: missing required field"


def test_unknown_field_without_a_close_match_lists_the_fields() -> None:
    error = check(Stats, "strength: 1\ndexterity: 2\ncharisma: 3\n")
    assert (
        str(error) == "s.yaml:3:1: charisma: unknown field (expected one of: dexterity, strength)"
    )


def test_unknown_field_inside_a_list_item() -> None:
    error = check(
        Sheet,
        """\
        stats: {strength: 3, dexterity: 4}
        vitality: 9
        weapons:
          - name: axe
            damage: 1d8
          - name: bow
            dammage: 1d6
            damage: 1d6
        """,
    )
    assert str(error) == "s.yaml:7:5: weapons[1].dammage: unknown field (did you mean damage?)"


def test_type_error_points_at_the_value() -> None:
    error = check(Sheet, "stats: {strength: high, dexterity: 4}\nvitality: 9\n")
    assert str(error) == 's.yaml:1:19: stats.strength: expected an integer, got "high"'
    assert error.path == ("stats", "strength")


def test_mapping_expected() -> None:
    error = check(Sheet, "stats: 12\nvitality: 9\n")
    assert str(error) == "s.yaml:1:8: stats: expected a mapping, got 12"


def test_text_that_yaml_read_as_a_boolean() -> None:
    error = check(Sheet, "stats: {strength: 3, dexterity: 4}\nvitality: 9\ntitle: No\n")
    assert str(error) == (
        "s.yaml:3:8: title: expected text, got No, which YAML reads as the boolean false "
        '(write "No" in quotes for text)'
    )


def test_missing_field_points_at_its_parent() -> None:
    error = check(Sheet, "stats:\n  strength: 3\nvitality: 9\n")
    assert str(error) == "s.yaml:1:1: stats.dexterity: missing required field"


def test_bounds() -> None:
    error = check(Sheet, "stats: {strength: 3, dexterity: 4}\nvitality: -2\n")
    assert str(error) == "s.yaml:2:11: vitality: expected at least 0, got -2"


def test_errors_follow_the_model_and_are_counted() -> None:
    error = check(Sheet, "vitality: x\nstats: {strength: y, dexterity: z}\n")
    assert (
        str(error)
        == 's.yaml:2:19: stats.strength: expected an integer, got "y" (and 2 more errors)'
    )
    assert [f"{e.line}:{e.column}" for e in error.more] == ["2:33", "1:11"]


def test_a_missing_field_comes_after_the_misspelt_one() -> None:
    error = check(Stats, "strenght: 1\ndexterity: 2\n")
    assert str(error) == (
        "s.yaml:1:1: strenght: unknown field (did you mean strength?) (and 1 more error)"
    )
    assert str(error.more[0]) == "s.yaml:1:1: strength: missing required field"


def test_at_prefix_locates_data_taken_from_inside_a_document() -> None:
    error = check(
        Stats,
        """\
        name: Fight
        sheets:
          - strength: 1
            dexterity: 2
          - strength: 1
            dexteritty: 2
        """,
        at=("sheets", 1),
    )
    assert str(error) == (
        "s.yaml:6:5: sheets[1].dexteritty: unknown field (did you mean dexterity?)"
        " (and 1 more error)"
    )


def test_missing_whole_section_at_prefix_points_at_the_top() -> None:
    document = parse_document("ruleset: momentum\n", file="s.yaml")
    with pytest.raises(ContentError) as caught:
        validate(Stats, {}, source=document.subtree(("settings",)))
    assert str(caught.value).startswith("s.yaml:1:1: settings.")


class Cat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["dog"]
    bark: str = "woof"


class Owner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pets: list[Cat | Dog] = Field(default_factory=list)
    named: dict[str, Stats] = Field(default_factory=dict)


def test_union_member_names_are_not_part_of_the_path() -> None:
    error = check(Owner, "pets:\n  - kind: cat\n    lives: many\n")
    assert error.path == ("pets", 0, "lives")
    assert (error.line, error.column) == (3, 12)


def test_unknown_field_in_a_union_member_and_a_dict_value() -> None:
    error = check(Owner, "pets:\n  - kind: dog\n    bork: loud\n")
    assert error.path == ("pets", 0, "bork")
    assert "unknown field (did you mean bark?)" in str(error)
    error = check(Owner, "named:\n  ogre:\n    strenth: 1\n    dexterity: 1\n")
    assert str(error).startswith(
        "s.yaml:3:5: named.ogre.strenth: unknown field (did you mean strength?)"
    )


def test_literal_choices() -> None:
    error = check(Owner, "pets:\n  - kind: cow\n")
    assert str(error) == (
        """s.yaml:2:11: pets[0].kind: expected 'cat', got "cow" (and 1 more error)"""
    )


class Zoo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pets: list[Annotated[Cat | Dog, Field(discriminator="kind")]]


def test_discriminated_union() -> None:
    error = check(Zoo, "pets:\n  - kind: dog\n  - kind: cat\n    lives: lots\n")
    assert str(error) == 's.yaml:4:12: pets[1].lives: expected an integer, got "lots"'
    error = check(Zoo, "pets:\n  - kind: dog\n  - kind: cow\n")
    assert error.path == ("pets", 1)
    assert (error.line, error.column) == (3, 5)
    assert "'cat', 'dog'" in error.message


def test_overlay_reports_each_value_where_it_was_written() -> None:
    base = parse_document(
        "raptor:\n  stats: {strength: 1, dexterity: 2}\n  vitalty: 3\n", file="base.yaml"
    )
    top = parse_document("overrides:\n  vitality: lots\n", file="top.yaml")
    source = Overlay((top.subtree(("overrides",)), base.subtree(("raptor",))))
    merged = {**base.data["raptor"], **top.data["overrides"]}
    with pytest.raises(ContentError) as caught:
        validate(Sheet, merged, source=source)
    assert str(caught.value) == (
        'top.yaml:2:13: overrides.vitality: expected an integer, got "lots" (and 1 more error)'
    )
    assert str(caught.value.more[0]) == (
        "base.yaml:3:3: raptor.vitalty: unknown field (did you mean vitality?)"
    )
    with pytest.raises(ContentError) as caught:
        validate(Sheet, {"stats": {"strength": 1, "dexterity": 2}}, source=source)
    assert str(caught.value) == "base.yaml:1:1: raptor.vitality: missing required field"

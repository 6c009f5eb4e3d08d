"""Encounter and stat-block files: a valid fight, and one located error for each way to get it
wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from fracas.content import (
    ContentError,
    EncounterSpec,
    build_combatants,
    deep_merge,
    load_encounter,
    load_statblock,
    load_statblocks,
    read_encounter,
)
from fracas.errors import FracasError

from .models import Settings, Sheet, Stats, Weapon, write

ENCOUNTER = """\
ruleset: momentum
name: Surrounded by raptors
settings:
  surprise: true
statblocks:
  raptor:
    stats: {strength: 12, dexterity: 14}
    vitality: 18
    weapons:
      - {name: claws, damage: 1d6}
include: [beasts.yaml]
combatants:
  - name: Druid
    side: party
    sheet:
      stats: {strength: 10, dexterity: 12}
      vitality: 20
      weapons: []
  - name: Raptor
    side: raptors
    use: raptor
    count: 4
    hidden: true
    overrides: {vitality: 12, stats: {dexterity: 16}}
  - name: Alpha
    side: raptors
    use: alpha
  - name: Chest
    side: objects
    sheet: {stats: {strength: 0, dexterity: 0}, vitality: 5}
"""

BEASTS = """\
alpha:
  stats: {strength: 16, dexterity: 14}
  vitality: 30
  weapons:
    - name: bite
      damage: 2d6
"""


def raises(path: Path, model: type[BaseModel] = Sheet) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_encounter(path, model)
    return caught.value


# A valid encounter ---------------------------------------------------------------------------


def test_valid_encounter(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    path = write(tmp_path, "encounter.yaml", ENCOUNTER)
    encounter = load_encounter(path, Sheet)

    assert encounter.file == str(path)
    assert encounter.ruleset == "momentum"
    assert encounter.name == "Surrounded by raptors"
    assert encounter.settings == {"surprise": True}
    assert encounter.validate_settings(Settings) == Settings(surprise=True)

    names = [(c.name, c.side, c.group, c.hidden) for c in encounter.combatants]
    assert names == [
        ("Druid", "party", None, False),
        ("Raptor 1", "raptors", "raptor", True),
        ("Raptor 2", "raptors", "raptor", True),
        ("Raptor 3", "raptors", "raptor", True),
        ("Raptor 4", "raptors", "raptor", True),
        ("Alpha", "raptors", None, False),
        ("Chest", "objects", None, False),
    ]
    druid, raptor, *_, alpha, chest = encounter.combatants
    assert druid.sheet == Sheet(stats=Stats(strength=10, dexterity=12), vitality=20)
    # overrides are deep-merged: dexterity replaced, strength and weapons kept
    assert raptor.sheet == Sheet(
        stats=Stats(strength=12, dexterity=16),
        vitality=12,
        weapons=(Weapon(name="claws", damage="1d6"),),
    )
    assert alpha.sheet.weapons == (Weapon(name="bite", damage="2d6"),)
    assert alpha.sheet.vitality == 30
    assert chest.sheet.vitality == 5
    assert isinstance(raptor.sheet, Sheet)  # typed: load_encounter(path, Sheet) gives Sheet


def test_sheet_model_chosen_by_ruleset_slug(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    path = write(tmp_path, "encounter.yaml", ENCOUNTER)
    asked: list[str] = []

    def sheet_for(slug: str) -> type[BaseModel]:
        asked.append(slug)
        return Sheet

    encounter = load_encounter(path, sheet_for)
    assert asked == ["momentum"]
    assert len(encounter.combatants) == 7


def test_two_step_api(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    path = write(tmp_path, "encounter.yaml", ENCOUNTER)
    encounter = read_encounter(path)
    assert isinstance(encounter.spec, EncounterSpec)
    assert encounter.spec.ruleset == "momentum"
    assert encounter.spec.combatants[1].count == 4
    assert sorted(encounter.statblocks) == ["alpha", "raptor"]
    assert encounter.statblocks["alpha"].location.file == str(tmp_path / "beasts.yaml")
    combatants = build_combatants(encounter, Sheet)
    assert [c.name for c in combatants][:2] == ["Druid", "Raptor 1"]


def test_group_members_share_one_sheet_and_group_key_is_a_slug(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "e.yaml",
        """\
        ruleset: momentum
        name: Spiders
        combatants:
          - name: Giant Spider
            side: spiders
            count: 2
            sheet: {stats: {strength: 1, dexterity: 1}, vitality: 1}
        """,
    )
    first, second = load_encounter(path, Sheet).combatants
    assert (first.name, second.name) == ("Giant Spider 1", "Giant Spider 2")
    assert first.group == second.group == "giant-spider"
    assert first.sheet is second.sheet


def test_text_instead_of_the_file(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    encounter = load_encounter(tmp_path / "upload.yaml", Sheet, text=ENCOUNTER)
    assert encounter.file == str(tmp_path / "upload.yaml")
    assert len(encounter.combatants) == 7


def test_settings_errors_are_located(tmp_path: Path) -> None:
    path = write(
        tmp_path, "e.yaml", "ruleset: m\nname: n\nsettings:\n  suprise: yes\ncombatants: []\n"
    )
    encounter = load_encounter(path, Sheet)
    with pytest.raises(ContentError) as caught:
        encounter.validate_settings(Settings)
    assert (
        str(caught.value) == f"{path}:4:3: settings.suprise: unknown field (did you mean surprise?)"
    )


def test_deep_merge() -> None:
    base = {"stats": {"strength": 1, "dexterity": 2}, "weapons": [1, 2], "vitality": 3}
    over = {"stats": {"dexterity": 5}, "weapons": [9], "title": "Boss"}
    assert deep_merge(base, over) == {
        "stats": {"strength": 1, "dexterity": 5},
        "weapons": [9],
        "vitality": 3,
        "title": "Boss",
    }
    assert base["stats"] == {"strength": 1, "dexterity": 2}


# One error for each way to get it wrong -------------------------------------------------------

HEADER = "ruleset: momentum\nname: Fight\n"


def error_in(tmp_path: Path, body: str) -> str:
    """The one-line error of the encounter file ``HEADER + body``, its path written FILE."""
    path = write(tmp_path, "e.yaml", HEADER + body)
    return str(raises(path)).replace(str(path), "FILE")


def test_unknown_field_with_suggestion(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "e.yaml",
        HEADER
        + """\
combatants:
  - name: Druid
    side: party
    sheet:
      stats:
        strenght: 10
        dexterity: 12
      vitality: 20
""",
    )
    error = raises(path)
    assert str(error) == (
        f"{path}:8:9: combatants[0].sheet.stats.strenght: unknown field (did you mean strength?)"
        " (and 1 more error)"
    )
    assert (error.file, error.line, error.column) == (str(path), 8, 9)
    assert error.path == ("combatants", 0, "sheet", "stats", "strenght")
    assert (
        str(error.more[0])
        == f"{path}:7:7: combatants[0].sheet.stats.strength: missing required field"
    )


def test_wrong_type(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
combatants:
  - name: Druid
    side: party
    sheet:
      stats: {strength: 10, dexterity: 12}
      vitality: high
""",
        )
        == 'FILE:8:17: combatants[0].sheet.vitality: expected an integer, got "high"'
    )


def test_missing_field(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
combatants:
  - name: Druid
    side: party
    sheet:
      stats: {strength: 10, dexterity: 12}
""",
        )
        == "FILE:6:5: combatants[0].sheet.vitality: missing required field"
    )


def test_missing_encounter_field(tmp_path: Path) -> None:
    path = write(tmp_path, "e.yaml", "ruleset: momentum\ncombatants: []\n")
    assert str(raises(path)) == f"{path}:1:1: name: missing required field"


def test_unknown_encounter_field(tmp_path: Path) -> None:
    assert error_in(tmp_path, "combatant: []\n") == (
        "FILE:3:1: combatant: unknown field (did you mean combatants?) (and 1 more error)"
    )


def test_unknown_statblock(tmp_path: Path) -> None:
    assert error_in(
        tmp_path,
        """\
statblocks:
  raptor: {stats: {strength: 1, dexterity: 1}, vitality: 1}
  troll: {stats: {strength: 9, dexterity: 1}, vitality: 40}
combatants:
  - name: Raptor
    side: raptors
    use: raptr
""",
    ) == (
        'FILE:9:10: combatants[0].use: unknown stat block "raptr" (did you mean raptor?); '
        "known stat blocks: raptor, troll"
    )


def test_unknown_statblock_when_there_are_none(tmp_path: Path) -> None:
    assert error_in(tmp_path, "combatants:\n  - {name: R, side: r, use: raptor}\n") == (
        'FILE:4:29: combatants[0].use: unknown stat block "raptor": this encounter defines none '
        "(add a statblocks: section or include: a stat-block file)"
    )


def test_duplicate_key(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
combatants:
  - name: Druid
    side: party
    name: Bard
    sheet: {}
""",
        )
        == 'FILE:6:5: combatants[0].name: duplicate key "name" (first defined on line 4)'
    )


def test_yaml_syntax_error(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "e.yaml",
        HEADER
        + """\
combatants:
  - name: Druid
    side: party: extra
""",
    )
    error = raises(path)
    assert str(error) == f"{path}:5:16: YAML syntax error: mapping values are not allowed here"
    assert error.path == ()


def test_both_sheet_and_use(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
statblocks:
  raptor: {stats: {strength: 1, dexterity: 1}, vitality: 1}
combatants:
  - name: Raptor
    side: raptors
    use: raptor
    sheet: {vitality: 3}
""",
        )
        == "FILE:6:5: combatants[0]: give either sheet or use, not both"
    )


def test_neither_sheet_nor_use(tmp_path: Path) -> None:
    assert error_in(tmp_path, "combatants:\n  - name: Ghost\n    side: spirits\n") == (
        "FILE:4:5: combatants[0]: give a sheet, or use: the name of a stat block"
    )


def test_overrides_need_use(tmp_path: Path) -> None:
    assert error_in(
        tmp_path, "combatants:\n  - {name: A, side: a, sheet: {}, overrides: {vitality: 1}}\n"
    ) == (
        "FILE:4:5: combatants[0]: overrides apply to a stat block named by use; "
        "edit the sheet instead"
    )


def test_count_zero(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
statblocks:
  raptor: {stats: {strength: 1, dexterity: 1}, vitality: 1}
combatants:
  - name: Raptor
    side: raptors
    use: raptor
    count: 0
""",
        )
        == "FILE:9:12: combatants[0].count: expected at least 1, got 0"
    )


def test_error_inside_an_included_file(tmp_path: Path) -> None:
    beasts = write(
        tmp_path,
        "beasts.yaml",
        """\
        alpha:
          stats: {strength: 16, dexterity: 14}
          vitality: lots
        """,
    )
    path = write(
        tmp_path,
        "e.yaml",
        HEADER + "include: [beasts.yaml]\ncombatants:\n  - {name: Alpha, side: r, use: alpha}\n",
    )
    error = raises(path)
    assert str(error) == f'{beasts}:3:13: alpha.vitality: expected an integer, got "lots"'
    assert error.file == str(beasts)


def test_unknown_field_inside_an_included_file_used_with_overrides(tmp_path: Path) -> None:
    beasts = write(
        tmp_path,
        "beasts.yaml",
        """\
        alpha:
          stats: {strength: 16, dexterity: 14}
          vitalty: 30
        """,
    )
    path = write(
        tmp_path,
        "e.yaml",
        HEADER
        + """\
include: [beasts.yaml]
combatants:
  - name: Alpha
    side: r
    use: alpha
    overrides: {vitality: 9}
""",
    )
    assert (
        str(raises(path)) == f"{beasts}:3:3: alpha.vitalty: unknown field (did you mean vitality?)"
    )


def test_syntax_error_inside_an_included_file(tmp_path: Path) -> None:
    beasts = write(tmp_path, "beasts.yaml", "alpha:\n  stats: {strength: 1\n")
    path = write(tmp_path, "e.yaml", HEADER + "include: [beasts.yaml]\ncombatants: []\n")
    error = raises(path)
    assert error.file == str(beasts)
    assert (error.line, error.column) == (3, 1)


def test_error_inside_an_override(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
statblocks:
  raptor:
    stats: {strength: 12, dexterity: 14}
    vitality: 18
combatants:
  - name: Raptor
    side: raptors
    use: raptor
    overrides:
      vitality: twelve
""",
        )
        == 'FILE:12:17: combatants[0].overrides.vitality: expected an integer, got "twelve"'
    )


def test_misspelt_field_inside_an_override(tmp_path: Path) -> None:
    assert error_in(
        tmp_path,
        """\
statblocks:
  raptor:
    stats: {strength: 12, dexterity: 14}
    vitality: 18
combatants:
  - name: Raptor
    side: raptors
    use: raptor
    overrides:
      stats: {dexterty: 16}
""",
    ) == (
        "FILE:12:15: combatants[0].overrides.stats.dexterty: unknown field "
        "(did you mean dexterity?)"
    )


def test_error_in_a_statblock_used_with_overrides_points_at_the_statblock(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
statblocks:
  raptor:
    stats: {strength: 12, dexterity: fast}
    vitality: 18
combatants:
  - name: Raptor
    side: raptors
    use: raptor
    overrides: {vitality: 9}
""",
        )
        == 'FILE:5:38: statblocks.raptor.stats.dexterity: expected an integer, got "fast"'
    )


def test_missing_field_of_a_statblock(tmp_path: Path) -> None:
    assert (
        error_in(
            tmp_path,
            """\
statblocks:
  raptor:
    stats: {strength: 12, dexterity: 14}
combatants:
  - {name: Raptor, side: raptors, use: raptor, overrides: {stats: {strength: 3}}}
""",
        )
        == "FILE:4:3: statblocks.raptor.vitality: missing required field"
    )


def test_included_file_not_found(tmp_path: Path) -> None:
    assert error_in(tmp_path, "include:\n  - beasts.yaml\ncombatants: []\n") == (
        "FILE:4:5: include[0]: cannot include beasts.yaml: No such file or directory"
    )


def test_included_twice(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    assert error_in(tmp_path, "include: [beasts.yaml, ./beasts.yaml]\ncombatants: []\n") == (
        "FILE:3:24: include[1]: ./beasts.yaml is already included by include[0]"
    )


def test_include_root_confines_includes(tmp_path: Path) -> None:
    write(tmp_path, "beasts.yaml", BEASTS)
    (tmp_path / "uploads").mkdir()
    text = HEADER + "include:\n  - ../beasts.yaml\ncombatants: []\n"
    upload = tmp_path / "uploads" / "e.yaml"
    assert load_encounter(upload, Sheet, text=text).combatants == ()
    with pytest.raises(ContentError) as caught:
        load_encounter(upload, Sheet, text=text, include_root=tmp_path / "uploads")
    assert str(caught.value) == (
        f"{upload}:4:5: include[0]: cannot include ../beasts.yaml: "
        "it is outside the folder includes may come from"
    )


def test_statblock_defined_twice(tmp_path: Path) -> None:
    beasts = write(tmp_path, "beasts.yaml", BEASTS)
    path = write(
        tmp_path,
        "e.yaml",
        HEADER
        + """\
statblocks:
  alpha: {stats: {strength: 1, dexterity: 1}, vitality: 1}
include: [beasts.yaml]
combatants: []
""",
    )
    assert str(raises(path)) == (
        f'{beasts}:1:1: alpha: stat block "alpha" is already defined at {path}:4:3'
    )


def test_included_statblock_must_be_a_mapping(tmp_path: Path) -> None:
    beasts = write(tmp_path, "beasts.yaml", "alpha: 12\n")
    assert error_in(tmp_path, "include: [beasts.yaml]\ncombatants: []\n") == (
        f"{beasts}:1:8: alpha: a stat block must be a mapping of sheet fields, found a single value"
    )


def test_duplicate_combatant_names(tmp_path: Path) -> None:
    assert error_in(
        tmp_path,
        """\
statblocks:
  raptor: {stats: {strength: 1, dexterity: 1}, vitality: 1}
combatants:
  - {name: Raptor, side: raptors, use: raptor, count: 2}
  - {name: raptor 2, side: raptors, use: raptor}
""",
    ) == (
        'FILE:7:12: combatants[1].name: the name "raptor 2" is already taken by combatants[0]'
        " on line 6"
    )


def test_unknown_ruleset(tmp_path: Path) -> None:
    path = write(tmp_path, "e.yaml", "ruleset: chess\nname: Fight\ncombatants: []\n")

    class UnknownRuleset(FracasError):
        pass

    def sheet_for(slug: str) -> type[BaseModel]:
        raise UnknownRuleset(f"unknown ruleset {slug!r}; known: momentum, kaiser")

    with pytest.raises(ContentError) as caught:
        load_encounter(path, sheet_for)
    assert (
        str(caught.value)
        == f"{path}:1:10: ruleset: unknown ruleset 'chess'; known: momentum, kaiser"
    )
    with pytest.raises(ContentError) as caught:
        load_encounter(path, {"momentum": Sheet}.__getitem__)
    assert str(caught.value) == f'{path}:1:10: ruleset: unknown ruleset "chess"'


def test_encounter_file_not_found(tmp_path: Path) -> None:
    error = raises(tmp_path / "nope.yaml")
    assert (error.line, error.path) == (None, ())
    assert "cannot read file" in str(error)


# Stat-block files ---------------------------------------------------------------------------


def test_load_statblock(tmp_path: Path) -> None:
    path = write(tmp_path, "druid.yaml", "stats: {strength: 3, dexterity: 4}\nvitality: 9\n")
    assert load_statblock(path, Sheet) == Sheet(stats=Stats(strength=3, dexterity=4), vitality=9)
    bad = write(tmp_path, "bad.yaml", "stats: {strength: 3, dexterity: 4}\nvitality: [9]\n")
    with pytest.raises(ContentError) as caught:
        load_statblock(bad, Sheet)
    assert str(caught.value) == f"{bad}:2:11: vitality: expected an integer, got a list"


def test_load_statblocks(tmp_path: Path) -> None:
    path = write(tmp_path, "beasts.yaml", BEASTS)
    blocks = load_statblocks(path, Sheet)
    assert list(blocks) == ["alpha"]
    assert blocks["alpha"].weapons[0].name == "bite"
    bad = write(tmp_path, "bad.yaml", BEASTS + "beta:\n  stats: {strength: 1}\n  vitality: 1\n")
    with pytest.raises(ContentError) as caught:
        load_statblocks(bad, Sheet)
    assert str(caught.value) == f"{bad}:8:3: beta.stats.dexterity: missing required field"

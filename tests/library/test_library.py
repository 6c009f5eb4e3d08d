"""The library: built-in entries for every ruleset, the user's own beside them, broken files
reported with all their errors while every other entry still works."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fracas.app.rulesets import available
from fracas.commands import UnknownName
from fracas.library import ENVIRONMENT, load_library
from fracas.library.numbers import key_numbers

RAPTOR_ALPHA = """\
name: Raptor alpha
ruleset: momentum
from: raptor
source: my notes
sheet:
  vitality: 30
"""

REQUIRED = ("stats", "evasion_stat", "primary_stat", "secondary_stat")
"""The fields a momentum sheet cannot do without."""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_every_ruleset_ships_at_least_eight_entries_each_with_its_source() -> None:
    library = load_library([])
    assert library.broken == ()
    for ruleset in available():
        entries = library.of(ruleset.descriptor.slug)
        assert len(entries) >= 8, ruleset.descriptor.slug
        for entry in entries:
            assert entry.builtin and entry.source and entry.side
            assert entry.sheet.model_dump()["name"] == entry.name


def test_an_entry_built_from_another_changes_only_what_it_says() -> None:
    library = load_library([])
    raptor = library.get("momentum", "raptor")
    alpha = library.get("momentum", "Raptor alpha")
    assert raptor is not None and alpha is not None
    assert alpha.base == "raptor"
    assert (raptor.sheet.vitality, alpha.sheet.vitality) == (14, 20)  # type: ignore[attr-defined]
    assert alpha.sheet.weapons == raptor.sheet.weapons  # type: ignore[attr-defined]
    assert alpha.side == "raptors"
    assert key_numbers(alpha) == {"Vitality": 20, "Armor": 2, "NM": 0}


def test_a_broken_file_lists_all_its_errors_and_the_others_still_work(tmp_path: Path) -> None:
    write(tmp_path, "alpha.yaml", RAPTOR_ALPHA)
    write(
        tmp_path,
        "broken.yaml",
        "name: Bad raptor\n"
        "ruleset: momentum\n"
        "side: raptors\n"
        "colour: green\n"
        "sheet:\n"
        "  name: Bad raptor\n"
        "  vitality: lots\n"
        "  armour: 1\n",
    )
    write(tmp_path, "notes.txt", "not an entry")
    write(tmp_path, "tabs.yaml", "name: Tab\n\truleset: momentum\n")
    library = load_library([tmp_path])
    alpha = library.get("momentum", "raptor alpha")
    assert alpha is not None and alpha.sheet.vitality == 30  # type: ignore[attr-defined]
    broken = {Path(b.file).name: [str(e) for e in b.errors] for b in library.broken}
    file = str(tmp_path / "broken.yaml")
    fields = "description, from, hidden, name, ruleset, sheet, side, source"
    assert broken["broken.yaml"] == [
        f"{file}:4:1: colour: unknown field (expected one of: {fields})",
        *(f"{file}:5:1: sheet.{name}: missing required field" for name in REQUIRED),
        f'{file}:7:13: sheet.vitality: expected an integer, got "lots"',
        f"{file}:8:3: sheet.armour: unknown field (did you mean armor?)",
    ]
    assert broken["notes.txt"] == [
        f"{tmp_path / 'notes.txt'}: not a library entry: entries are YAML files ending in "
        ".yaml or .yml"
    ]
    assert "tab character" in broken["tabs.yaml"][0]
    assert library.get("momentum", "bad raptor") is None


def test_a_user_entry_with_a_built_ins_name_replaces_it_and_says_so(tmp_path: Path) -> None:
    write(
        tmp_path,
        "raptor.yaml",
        "name: Raptor\nruleset: momentum\nfrom: raptor\nsheet: {armor: 4}\n",
    )
    library = load_library([tmp_path])
    raptors = [e for e in library.of("momentum") if e.key == "raptor"]
    assert len(raptors) == 1
    (raptor,) = raptors
    assert (raptor.builtin, raptor.shadows, raptor.origin) == (
        False,
        True,
        "user (shadows built-in)",
    )
    assert raptor.sheet.armor == 4 and raptor.sheet.vitality == 14  # type: ignore[attr-defined]
    alpha = library.get("momentum", "raptor alpha")
    assert alpha is not None and alpha.builtin


def test_unknown_and_circular_bases_are_errors_of_their_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "name: A\nruleset: momentum\nfrom: b\n")
    write(tmp_path, "b.yaml", "name: B\nruleset: momentum\nfrom: a\n")
    write(tmp_path, "c.yaml", "name: C\nruleset: momentum\nfrom: raptr\n")
    write(tmp_path, "d.yaml", "name: D\nruleset: momentum\nfrom: c\n")
    write(tmp_path, "e.yaml", "name: E\nruleset: chess\nside: x\nsheet: {}\n")
    library = load_library([tmp_path])
    messages = {Path(b.file).name: str(b.errors[0]) for b in library.broken}
    assert messages["a.yaml"].endswith(
        "a.yaml:3:1: from: entries build on each other in a circle: A → B → A"
    )
    assert messages["b.yaml"].endswith("from: entries build on each other in a circle: B → A → B")
    assert messages["c.yaml"].endswith(
        'c.yaml:3:7: from: unknown entry "raptr" of the momentum library (did you mean Raptor?)'
    )
    assert messages["d.yaml"].endswith(
        f'd.yaml:3:7: from: builds on "c", which is broken ({tmp_path / "c.yaml"})'
    )
    assert "e.yaml:2:10: ruleset: no ruleset called 'chess'" in messages["e.yaml"]


def test_entries_are_found_leniently_with_did_you_mean() -> None:
    library = load_library([])
    assert library.find("momentum", "rap alpha").name == "Raptor alpha"
    assert library.find("kaiser", "chief").name == "Bandit Chief"
    with pytest.raises(UnknownName, match=r'unknown library entry "raptr" \(did you mean Raptor'):
        library.find("momentum", "raptr")


def test_the_user_library_is_fracas_library_when_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    write(first, "alpha.yaml", RAPTOR_ALPHA)
    write(second, "nested/ogre.yaml", "name: Ogre\nruleset: momentum\nfrom: rusher\nside: ogres\n")
    monkeypatch.setenv(ENVIRONMENT, f"{first}{__import__('os').pathsep}{second}")
    library = load_library()
    ogre = library.get("momentum", "ogre")
    assert (
        ogre is not None and ogre.side == "ogres" and ogre.file == str(second / "nested/ogre.yaml")
    )
    assert library.get("momentum", "raptor alpha").sheet.vitality == 30  # type: ignore[union-attr]


def test_one_rulesets_library_reads_only_its_entries(tmp_path: Path) -> None:
    write(tmp_path, "alpha.yaml", RAPTOR_ALPHA)
    write(tmp_path, "bandit.yaml", "name: Bandit boss\nruleset: kaiser\nfrom: bandit\n")
    library = load_library([tmp_path], ruleset="kaiser")
    assert {e.ruleset for e in library.entries} == {"kaiser"}
    assert library.get("kaiser", "bandit boss") is not None
    assert library.broken == ()


def test_the_entries_of_docs_library_md_load(tmp_path: Path) -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "library.md"
    blocks = re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    for number, block in enumerate(blocks):
        write(tmp_path, f"{number}.yaml", block)
    library = load_library([tmp_path])
    assert library.broken == ()
    chief = library.get("momentum", "ogre chief")
    assert chief is not None and chief.side == "ogres"
    assert (chief.sheet.vitality, chief.sheet.weapons[0].name) == (55, "Club")  # type: ignore[attr-defined]

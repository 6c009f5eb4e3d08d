"""Whatever a file holds, loading it either works or raises a ContentError, never anything else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.content import ContentError, load_encounter, load_statblocks

from .models import Sheet, write
from .test_encounter import BEASTS, ENCOUNTER

SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("properties")
    write(folder, "beasts.yaml", BEASTS)
    return folder


def load_or_content_error(path: Path, raw: bytes) -> None:
    path.write_bytes(raw)
    try:
        load_encounter(path, Sheet)
    except ContentError as error:
        assert error.file == str(path)
        assert error.message
        if error.line is not None:
            text = raw.decode("utf-8", errors="replace")
            lines = text.count("\n") + text.count("\r") + 2
            assert 1 <= error.line <= lines
            assert error.column is not None and error.column >= 1


@SETTINGS
@given(text=st.text(st.characters(codec="utf-8")))
def test_any_text(folder: Path, text: str) -> None:
    load_or_content_error(folder / "text.yaml", text.encode("utf-8"))


@SETTINGS
@given(raw=st.binary())
def test_any_bytes(folder: Path, raw: bytes) -> None:
    load_or_content_error(folder / "bytes.yaml", raw)


YAML_BITS = st.sampled_from(
    [":", "- ", "\n", "  ", "\t", "{", "}", "[", "]", ",", "&a ", "*a", "<<: ", "'", '"', "#",
     "---\n", "!!int ", "? ", "|\n", "~", "0", "yes", "count", "use", "sheet", "name"]
)  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """The valid encounter with a few pieces of YAML syntax inserted, deleted or replaced."""
    text = ENCOUNTER
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action == "insert":
            text = text[:at] + draw(YAML_BITS) + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)) :]
        else:
            text = text[:at] + draw(YAML_BITS) + text[at + 1 :]
    return text


@SETTINGS
@given(text=mutated())
def test_mutated_encounter(folder: Path, text: str) -> None:
    load_or_content_error(folder / "mutated.yaml", text.encode("utf-8"))


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["raptor", "alpha", "momentum", "beasts.yaml", "party"]),
)
keys = st.sampled_from(
    ["ruleset", "name", "settings", "statblocks", "include", "combatants", "side", "sheet",
     "use", "count", "hidden", "overrides", "stats", "strength", "dexterity", "vitality",
     "weapons", "damage", "raptor", "alpha", "title"]
)  # fmt: skip
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=5),
    max_leaves=30,
)


@SETTINGS
@given(data=st.dictionaries(keys, values, max_size=7))
def test_any_structure(folder: Path, data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    load_or_content_error(folder / "structure.yaml", text.encode("utf-8"))


@SETTINGS
@given(data=st.dictionaries(keys, values, max_size=5))
def test_any_statblock_file(folder: Path, data: dict[str, Any]) -> None:
    path = folder / "blocks.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        load_statblocks(path, Sheet)
    except ContentError as error:
        assert error.file == str(path)

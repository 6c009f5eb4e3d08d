"""The located YAML loader: data, positions, and one located error for each kind of bad file."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from fracas.content import (
    MAX_COUNT,
    ContentError,
    Position,
    format_path,
    parse_document,
    read_document,
)
from fracas.content.located import MAX_DEPTH, MAX_VALUES
from fracas.errors import FracasError

from .models import write


def error_of(text: str, file: str = "f.yaml") -> ContentError:
    with pytest.raises(ContentError) as caught:
        parse_document(text, file=file)
    return caught.value


def test_data_and_positions_of_keys_and_items(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "doc.yaml",
        """\
        # a comment
        name: Druid
        stats:
          strength: 12
        weapons:
          - axe
          - {name: bow}
        """,
    )
    document = read_document(path)
    assert document.file == str(path)
    assert document.data == {
        "name": "Druid",
        "stats": {"strength": 12},
        "weapons": ["axe", {"name": "bow"}],
    }
    assert document.positions[("name",)] == Position(2, 1)
    assert document.positions[("stats", "strength")] == Position(4, 3)
    assert document.positions[("weapons", 0)] == Position(6, 5)
    assert document.positions[("weapons", 1, "name")] == Position(7, 6)
    assert document.position(("stats",)) == Position(3, 1)
    assert document.position(("nowhere",)) is None
    entry = document.entries[("stats", "strength")]
    assert (entry.value, entry.text) == (Position(4, 13), "12")


def test_keys_are_kept_as_written_text() -> None:
    document = parse_document("1: one\nyes: true\nnull: ~\n")
    assert document.data == {"1": "one", "yes": True, "null": None}


def test_merge_keys_explicit_keys_win_and_keep_their_positions() -> None:
    document = parse_document("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n")
    assert document.data["other"] == {"x": 1, "y": 3}
    assert document.positions[("other", "y")] == Position(4, 3)
    assert document.positions[("other", "x")] == Position(1, 11)


def test_aliases_are_independent_copies() -> None:
    document = parse_document("a: &x {k: [1]}\nb: *x\n")
    assert document.data["a"] == document.data["b"]
    assert document.data["a"] is not document.data["b"]


def test_duplicate_key_names_both_lines() -> None:
    error = error_of("stats:\n  strength: 1\n  dexterity: 2\n  strength: 3\n")
    assert (
        str(error)
        == 'f.yaml:4:3: stats.strength: duplicate key "strength" (first defined on line 2)'
    )
    assert (error.file, error.line, error.column) == ("f.yaml", 4, 3)
    assert error.path == ("stats", "strength")
    assert error.path_text == "stats.strength"


def test_syntax_error_takes_pyyaml_problem_mark() -> None:
    error = error_of("name: Druid\nside: party: extra\n")
    assert str(error) == "f.yaml:2:12: YAML syntax error: mapping values are not allowed here"
    assert error.path == ()


def test_unclosed_quote_names_where_it_started() -> None:
    error = error_of("name: 'Druid\nside: party\n")
    assert str(error) == (
        "f.yaml:3:1: YAML syntax error: found unexpected end of stream "
        "(while scanning a quoted scalar at line 1)"
    )


def test_tab_indentation() -> None:
    error = error_of("stats:\n\tstrength: 1\n")
    assert str(error) == "f.yaml:2:1: a tab character is not allowed here (indent YAML with spaces)"


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "\n\n"])
def test_empty_file(text: str) -> None:
    assert str(error_of(text)) == "f.yaml:1:1: the file is empty (expected a mapping)"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- a\n- b\n", "a list"),
        ("just words\n", 'the value "just words"'),
        ("12\n", 'the value "12"'),
    ],
)
def test_top_level_must_be_a_mapping(text: str, found: str) -> None:
    error = error_of(text)
    assert (
        str(error)
        == f"f.yaml:1:1: expected a mapping (key: value lines) at the top level, found {found}"
    )


def test_second_document() -> None:
    error = error_of("a: 1\n---\nb: 2\n")
    assert (
        str(error)
        == "f.yaml:2:1: a second YAML document (---) in the file; a file holds one document"
    )


def test_python_tags_are_refused() -> None:
    error = error_of("a:\n  b: !!python/object/apply:os.system [echo]\n")
    assert str(error) == "f.yaml:2:6: a.b: unsupported tag !!python/object/apply:os.system"
    error = error_of("a: !custom 1\n")
    assert str(error) == "f.yaml:1:4: a: unsupported tag !custom"


def test_bad_explicit_scalar() -> None:
    error = error_of("a: !!int many\n")
    assert error.message.startswith('cannot read "many" as !!int')
    assert (error.line, error.column, error.path) == (1, 4, ("a",))


def test_key_must_be_text() -> None:
    error = error_of("? [a, b]\n: 1\n")
    assert str(error) == "f.yaml:1:3: a key must be plain text, found a list"


def test_recursive_alias() -> None:
    assert (
        str(error_of("a: &x [*x]\n"))
        == "f.yaml:1:4: a[0]: an alias refers to a value that contains it"
    )


def test_undefined_alias() -> None:
    assert (
        str(error_of("a: *nothing\n"))
        == "f.yaml:1:4: YAML syntax error: found undefined alias 'nothing'"
    )


def test_alias_bomb_is_bounded() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 8)]
    error = error_of("\n".join(lines) + "\n")
    assert error.message == f"too many values (more than {MAX_VALUES:,})"


def test_deep_nesting_is_bounded() -> None:
    error = error_of("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n")
    assert error.message == f"nesting too deep (more than {MAX_DEPTH} levels)"
    error = error_of("a: " + "[" * 5000 + "]" * 5000 + "\n")
    assert error.message == f"nesting too deep (more than {MAX_DEPTH} levels)"


def test_control_character() -> None:
    error = error_of("a: 1\nb: \x07\n")
    assert str(error) == "f.yaml:2:4: character U+0007 is not allowed in a YAML file"


def test_file_not_found(tmp_path: Path) -> None:
    path = tmp_path / "missing.yaml"
    with pytest.raises(ContentError) as caught:
        read_document(path)
    assert (caught.value.line, caught.value.column) == (None, None)
    assert str(caught.value) == f"{path}: cannot read file: No such file or directory"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Druid\nside: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(ContentError) as caught:
        read_document(path)
    assert str(caught.value) == f"{path}:2:10: not UTF-8 text (save the file as UTF-8)"


def test_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "windows.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: Druid\r\nside: party\r\n")
    document = read_document(path)
    assert document.data == {"name": "Druid", "side": "party"}
    assert document.positions[("side",)] == Position(2, 1)


def test_content_error_is_a_fracas_error_and_pickles() -> None:
    error = ContentError(
        "f.yaml", 3, 5, ("a", 0), "bad", more=[ContentError("f.yaml", 4, 1, (), "x")]
    )
    assert isinstance(error, FracasError)
    assert str(error) == "f.yaml:3:5: a[0]: bad (and 1 more error)"
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error)
    assert copy.more[0].message == "x"


def test_format_path() -> None:
    assert format_path(("combatants", 2, "sheet", "stats", "strength")) == (
        "combatants[2].sheet.stats.strength"
    )
    assert format_path(("statblocks", "giant spider", "vitality")) == (
        'statblocks["giant spider"].vitality'
    )
    assert format_path((0, "1")) == '[0]["1"]'
    assert format_path(()) == ""


def test_max_count_is_exported() -> None:
    assert MAX_COUNT >= 100

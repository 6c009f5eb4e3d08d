"""A safe YAML loader that remembers where every key and list item came from.

``read_document`` and ``parse_document`` turn YAML text into plain Python data (dicts with str keys,
lists, and scalars) plus an index from each value's field path to its place in the file. Every
problem, from a syntax error to a duplicate key, becomes a ``ContentError`` naming the file, line
and column. Only PyYAML's safe machinery is used: no tag can construct a Python object.

Deliberate choices for content files:

* Mapping keys are always the key's text as written: ``1:`` and ``yes:`` are the keys ``"1"`` and
  ``"yes"``. A list or mapping used as a key is an error.
* A key given twice in one mapping is an error naming both lines. Merge keys (``<<: *base``) work
  as YAML 1.1 says: explicit keys win over merged ones.
* Scalars resolve as in ``yaml.safe_load`` (``12`` is an int, ``yes`` a bool, ``2024-01-01`` a
  date); a tag other than the standard scalar, list and mapping tags is an error.
* Aliases are expanded into independent copies; a recursive alias, a document whose aliases expand
  beyond ``MAX_VALUES`` values, or nesting deeper than ``MAX_DEPTH`` is an error.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from fracas.content.errors import ContentError
from fracas.content.paths import FieldPath, quote

MAX_VALUES = 100_000
"""The most values (keys and list items, after alias expansion) one document may hold."""

MAX_DEPTH = 64
"""The deepest nesting of lists and mappings one document may use."""

_TAG = "tag:yaml.org,2002:"
_MAP_TAG = _TAG + "map"
_SEQ_TAG = _TAG + "seq"
_MERGE_TAG = _TAG + "merge"
_SCALAR_TAGS = frozenset(
    _TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp")
)
_LINE_BREAKS = "\n\x85\u2028\u2029"


@dataclass(frozen=True, order=True)
class Position:
    """A place in a text file; line and column both count from 1."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


@dataclass(frozen=True)
class Entry:
    """Where one value of a document was written.

    ``key`` is where its mapping key (or, for a list item, the item) starts; ``value`` where the
    value itself starts; ``text`` is a scalar's text as written (None for a list or mapping), so
    messages can show ``No`` rather than the ``False`` YAML made of it.
    """

    key: Position
    value: Position
    text: str | None = None


@dataclass(frozen=True)
class Location:
    """A located value: the file, its field path within that file, and its entry."""

    file: str
    path: FieldPath
    entry: Entry


class Source(ABC):
    """Answers "where was the value at this field path written?" for some data."""

    @abstractmethod
    def find(self, path: FieldPath) -> Location | None:
        """The location of exactly this path, or None when the path was not written."""

    @abstractmethod
    def fallback(self) -> tuple[Location, FieldPath]:
        """Where to point when no prefix of a path is found, and the path prefix it stands for."""

    def locate(self, path: FieldPath) -> tuple[Location, FieldPath]:
        """The deepest written prefix of ``path``, and the rest of ``path`` below it."""
        for depth in range(len(path), -1, -1):
            hit = self.find(path[:depth])
            if hit is not None:
                return hit, path[depth:]
        location, rest = self.fallback()
        return location, rest + path

    def subtree(self, prefix: FieldPath) -> Source:
        """This source seen from ``prefix`` down: path ``p`` there is ``prefix + p`` here."""
        return Subtree(self, prefix)

    def error(self, path: FieldPath, message: str, *, on_value: bool = False) -> ContentError:
        """A ContentError at ``path``: at its key, or at its value when ``on_value`` is set and the
        value starts on the key's line. A path that was not written is reported at its deepest
        written ancestor, with the full path in the message."""
        location, rest = self.locate(path)
        entry = location.entry
        same_line = entry.value.line == entry.key.line
        position = entry.value if on_value and not rest and same_line else entry.key
        return ContentError(
            location.file, position.line, position.column, location.path + rest, message
        )


@dataclass(frozen=True)
class LocatedDocument(Source):
    """One YAML file's data and the entry of every value in it, keyed by field path.

    ``entries[()]`` is the top-level mapping itself; ``positions`` gives only key positions.
    """

    file: str
    data: dict[str, Any]
    entries: Mapping[FieldPath, Entry]

    @property
    def positions(self) -> Mapping[FieldPath, Position]:
        return {path: entry.key for path, entry in self.entries.items()}

    def position(self, path: FieldPath) -> Position | None:
        entry = self.entries.get(path)
        return None if entry is None else entry.key

    def find(self, path: FieldPath) -> Location | None:
        entry = self.entries.get(path)
        return None if entry is None else Location(self.file, path, entry)

    def fallback(self) -> tuple[Location, FieldPath]:
        start = Position(1, 1)
        return Location(self.file, (), self.entries.get((), Entry(start, start))), ()


@dataclass(frozen=True)
class Subtree(Source):
    """A source seen from a prefix down, so data taken from inside a document can be validated on
    its own and still be reported at its place in the file."""

    base: Source
    prefix: FieldPath

    def find(self, path: FieldPath) -> Location | None:
        return self.base.find(self.prefix + path)

    def fallback(self) -> tuple[Location, FieldPath]:
        return self.base.locate(self.prefix)


@dataclass(frozen=True)
class Overlay(Source):
    """Data merged from several layers, the first layer winning: a value is reported where the
    first layer that wrote it wrote it. The whole (the empty path) is reported at the last layer,
    the base the others were merged onto."""

    layers: tuple[Source, ...]

    def find(self, path: FieldPath) -> Location | None:
        layers = self.layers[-1:] if not path else self.layers
        for layer in layers:
            hit = layer.find(path)
            if hit is not None:
                return hit
        return None

    def fallback(self) -> tuple[Location, FieldPath]:
        return self.layers[-1].fallback()


def read_document(path: str | os.PathLike[str], *, text: str | None = None) -> LocatedDocument:
    """Read and parse one YAML file whose top level is a mapping.

    ``text``, when given, is used instead of the file's contents; ``path`` still names the file in
    errors. The file is read as UTF-8 (a byte-order mark is allowed).
    """
    file = os.fspath(path)
    if text is None:
        try:
            raw = Path(file).read_bytes()
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise ContentError(file, None, None, (), f"cannot read file: {reason}") from exc
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            before = raw[: exc.start].decode("utf-8", errors="replace")
            position = _position_in(before, len(before))
            message = "not UTF-8 text (save the file as UTF-8)"
            raise ContentError(file, position.line, position.column, (), message) from exc
    return parse_document(text, file=file)


def parse_document(text: str, *, file: str = "<string>") -> LocatedDocument:
    """Parse YAML text whose top level is a mapping; ``file`` names it in errors."""
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:
        position = _position_in(text, exc.position)
        message = f"character U+{_code_point(exc.character)} is not allowed in a YAML file"
        raise ContentError(file, position.line, position.column, (), message) from exc
    try:
        _measure(text, file)
        root = _compose(loader, file)
        if root is None or (isinstance(root, ScalarNode) and root.value == ""):
            raise ContentError(file, 1, 1, (), "the file is empty (expected a mapping)")
        start = _position(root.start_mark)
        if not isinstance(root, MappingNode):
            found = _describe_node(root)
            message = f"expected a mapping (key: value lines) at the top level, found {found}"
            raise ContentError(file, start.line, start.column, (), message)
        builder = _Builder(file, loader)
        data = builder.mapping(root, ())
        builder.entries[()] = Entry(start, start)
    finally:
        loader.dispose()
    return LocatedDocument(file, data, builder.entries)


def _measure(text: str, file: str) -> None:
    """Refuse a document nested deeper than MAX_DEPTH, or holding more than MAX_VALUES values
    once its aliases are expanded, from its parse events alone: before composing it (which
    recurses, and took seconds on a document nested 49,000 deep) or expanding any alias (a
    "billion laughs" of aliases to aliases). A syntax error is left for composing to report."""
    loader = yaml.SafeLoader(text)
    sizes: dict[str, int] = {}
    open_: list[tuple[str | None, int]] = [(None, 0)]  # each open collection: anchor, values
    try:
        while (event := loader.get_event()) is not None:  # type: ignore[no-untyped-call]
            if isinstance(event, yaml.CollectionStartEvent):
                if len(open_) > MAX_DEPTH:
                    _refuse(event, file, f"nesting too deep (more than {MAX_DEPTH} levels)")
                open_.append((event.anchor, 0))
                continue
            if isinstance(event, yaml.CollectionEndEvent):
                anchor, values = open_.pop()
                size = values + 1
            elif isinstance(event, yaml.AliasEvent):
                anchor, size = None, sizes.get(event.anchor or "", 1)
            elif isinstance(event, yaml.ScalarEvent):
                anchor, size = event.anchor, 1
            else:
                continue
            if anchor is not None:
                sizes[anchor] = size
            outer, values = open_[-1]
            open_[-1] = (outer, values + size)
            if values + size > MAX_VALUES:
                _refuse(event, file, f"too many values (more than {MAX_VALUES:,})")
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()


def _refuse(event: yaml.Event, file: str, message: str) -> None:
    mark = event.start_mark
    position = Position(1, 1) if mark is None else Position(mark.line + 1, mark.column + 1)
    raise ContentError(file, position.line, position.column, (), message)


def _compose(loader: yaml.SafeLoader, file: str) -> Node | None:
    try:
        root: Node | None = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, file) from exc
    except RecursionError as exc:
        position = _position(loader.get_mark())
        message = f"nesting too deep (more than {MAX_DEPTH} levels)"
        raise ContentError(file, position.line, position.column, (), message) from exc
    return root


class _Builder:
    """Walks a composed node graph into plain data, recording each value's entry."""

    def __init__(self, file: str, loader: yaml.SafeLoader) -> None:
        self.file = file
        self.loader = loader
        self.entries: dict[FieldPath, Entry] = {}
        self.open: set[int] = set()
        self.count = 0

    def fail(self, node: Node, path: FieldPath, message: str) -> ContentError:
        position = _position(node.start_mark)
        return ContentError(self.file, position.line, position.column, path, message)

    def value(self, node: Node, path: FieldPath, key: Position) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise self.fail(node, path, f"too many values (more than {MAX_VALUES:,})")
        start = _position(node.start_mark)
        if isinstance(node, ScalarNode):
            self.entries[path] = Entry(key, start, str(node.value))
            return self.scalar(node, path)
        self.entries[path] = Entry(key, start)
        if isinstance(node, SequenceNode):
            return self.sequence(node, path)
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        raise self.fail(node, path, "unsupported YAML node")  # pragma: no cover

    def scalar(self, node: ScalarNode, path: FieldPath) -> Any:
        if node.tag not in _SCALAR_TAGS:
            raise self.fail(node, path, f"unsupported tag {_show_tag(node.tag)}")
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError as exc:
            raise self.fail(node, path, exc.problem or "cannot read this value") from exc
        except (ValueError, TypeError, OverflowError) as exc:
            message = f"cannot read {quote(str(node.value))} as {_show_tag(node.tag)}: {exc}"
            raise self.fail(node, path, message) from exc

    def enter(self, node: Node, path: FieldPath, tag: str) -> None:
        if node.tag != tag:
            raise self.fail(node, path, f"unsupported tag {_show_tag(node.tag)}")
        if id(node) in self.open:
            raise self.fail(node, path, "an alias refers to a value that contains it")
        if len(path) >= MAX_DEPTH:
            raise self.fail(node, path, f"nesting too deep (more than {MAX_DEPTH} levels)")
        self.open.add(id(node))

    def sequence(self, node: SequenceNode, path: FieldPath) -> list[Any]:
        self.enter(node, path, _SEQ_TAG)
        try:
            return [
                self.value(item, (*path, index), _position(item.start_mark))
                for index, item in enumerate(node.value)
            ]
        finally:
            self.open.discard(id(node))

    def mapping(self, node: MappingNode, path: FieldPath) -> dict[str, Any]:
        self.enter(node, path, _MAP_TAG)
        try:
            result: dict[str, Any] = {}
            first_seen: dict[str, Position] = {}
            merges: list[Node] = []
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE_TAG:
                    merges.append(value_node)
                    continue
                if not isinstance(key_node, ScalarNode):
                    found = _describe_node(key_node)
                    raise self.fail(key_node, path, f"a key must be plain text, found {found}")
                key = str(key_node.value)
                position = _position(key_node.start_mark)
                if key in first_seen:
                    first = first_seen[key].line
                    message = f"duplicate key {quote(key)} (first defined on line {first})"
                    raise self.fail(key_node, (*path, key), message)
                first_seen[key] = position
                result[key] = self.value(value_node, (*path, key), position)
            for merge in merges:
                self.merge(merge, path, result)
            return result
        finally:
            self.open.discard(id(node))

    def merge(self, node: Node, path: FieldPath, into: dict[str, Any]) -> None:
        """Add the keys of a ``<<`` merge that ``into`` does not have yet."""
        if isinstance(node, MappingNode):
            sources: list[Node] = [node]
        elif isinstance(node, SequenceNode):
            sources = list(node.value)
        else:
            raise self.fail(node, path, "<< must be followed by a mapping or a list of mappings")
        for source in sources:
            if not isinstance(source, MappingNode):
                raise self.fail(source, path, "<< can only merge mappings")
            outer = self.entries
            self.entries = {}
            try:
                merged = self.mapping(source, path)
                scratch = self.entries
            finally:
                self.entries = outer
            depth = len(path)
            for key, value in merged.items():
                if key in into:
                    continue
                into[key] = value
                for sub_path, entry in scratch.items():
                    if sub_path[depth] == key:
                        self.entries[sub_path] = entry


def _syntax_error(exc: yaml.MarkedYAMLError, file: str) -> ContentError:
    mark = exc.problem_mark or exc.context_mark
    position = _position(mark) if mark is not None else Position(1, 1)
    problem = exc.problem or exc.context or "invalid YAML"
    if "'\\t'" in problem:
        message = "a tab character is not allowed here (indent YAML with spaces)"
    elif exc.context == "expected a single document in the stream":
        message = "a second YAML document (---) in the file; a file holds one document"
    else:
        message = f"YAML syntax error: {problem}"
        context_mark = exc.context_mark
        if exc.context and exc.problem:
            message += f" ({exc.context}"
            if context_mark is not None and context_mark.line != getattr(mark, "line", None):
                message += f" at line {context_mark.line + 1}"
            message += ")"
    return ContentError(file, position.line, position.column, (), message)


def _position(mark: yaml.Mark | None) -> Position:
    if mark is None:  # pragma: no cover - the composer always sets marks
        return Position(1, 1)
    return Position(mark.line + 1, mark.column + 1)


def _position_in(text: str, index: int) -> Position:
    """The position of ``text[index]``, counting line breaks the way PyYAML's marks do."""
    line, column = 1, 1
    for offset, char in enumerate(text[:index]):
        if char in _LINE_BREAKS or (char == "\r" and text[offset + 1 : offset + 2] != "\n"):
            line, column = line + 1, 1
        else:
            column += 1
    return Position(line, column)


def _code_point(character: object) -> str:
    if isinstance(character, int):
        return f"{character:04X}"
    if isinstance(character, str) and len(character) == 1:
        return f"{ord(character):04X}"
    return "????"  # pragma: no cover


def _show_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _describe_node(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return f"the value {quote(str(node.value)[:40])}" if node.value != "" else "an empty value"

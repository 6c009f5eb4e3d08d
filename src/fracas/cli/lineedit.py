"""Line editing at the ``fracas play`` prompt: the arrow, Home and End keys, a history kept
across runs, and tab completion of verbs, options and names.

The standard library's ``readline`` does the editing; only a terminal gets it (a piped stdin
reads plain lines, with no prompt and no escape codes). The history is the file ``history``
in the user's data directory (``platformdirs``), the last ``HISTORY_LENGTH`` lines.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import platformdirs

from fracas.app.completion import complete
from fracas.app.session import Session

HISTORY_LENGTH = 1000
"""How many typed lines the history file keeps."""


def history_path() -> Path:
    return Path(platformdirs.user_data_dir("fracas", appauthor=False)) / "history"


def _readline() -> ModuleType | None:
    """The ``readline`` module, or None where Python was built without it."""
    try:
        import readline
    except ImportError:
        return None
    return readline


@contextlib.contextmanager
def editing(session: Callable[[], Session], extra: tuple[str, ...] = ()) -> Iterator[None]:
    """``input()`` edits lines, recalls the history and completes with tab while inside;
    ``session`` gives the session whose verbs and names complete (``extra``: the front end's
    own words, such as ``quit``). The history is read on entry and written on exit."""
    readline = _readline()
    if readline is None:
        yield
        return
    path = history_path()
    with contextlib.suppress(OSError):
        readline.read_history_file(path)
    readline.set_history_length(HISTORY_LENGTH)
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    found: list[str] = []

    def completer(word: str, index: int) -> str | None:
        """The ``index``-th completion of ``word``, with the space that ends a word (Python's
        readline appends none)."""
        if index == 0:
            before = readline.get_line_buffer()[: readline.get_begidx()]
            found[:] = complete(session(), before, word, extra=extra)
        return f"{found[index]} " if index < len(found) else None

    previous = readline.get_completer()
    readline.set_completer(completer)
    try:
        yield
    finally:
        readline.set_completer(previous)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(path)

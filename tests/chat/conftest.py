"""What the chat tests share: a SQLite store in the test's own folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    """The URL of a SQLite store in the test's own folder."""
    yield f"sqlite:///{tmp_path / 'chat.sqlite3'}"

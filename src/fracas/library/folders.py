"""Where library entries live: the built-in ones in the package, the user's in their folders.

The user's library is ``FRACAS_LIBRARY`` (folders separated by ``os.pathsep``) when it is set,
else the ``library`` folder in the user's data directory (beside the store's database).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import platformdirs

ENVIRONMENT = "FRACAS_LIBRARY"
SUFFIXES = (".yaml", ".yml")


def builtin_folder() -> Path:
    """The folder of the entries that ship with fracas (one sub-folder per ruleset)."""
    return Path(str(resources.files("fracas.library").joinpath("builtin")))


def user_folders() -> tuple[Path, ...]:
    """The folders of the user's own entries, in the order they are read."""
    configured = os.environ.get(ENVIRONMENT, "")
    if configured.strip():
        return tuple(Path(part) for part in configured.split(os.pathsep) if part.strip())
    return (Path(platformdirs.user_data_dir("fracas", appauthor=False)) / "library",)


def entry_files(folder: Path) -> tuple[Path, ...]:
    """Every file under ``folder`` (sub-folders too), by path; a missing folder has none.

    Every file is returned, not only YAML ones: a stray file is reported, never skipped
    silently. Hidden files (``.name``) are left out.
    """
    if not folder.is_dir():
        return ()
    found = (
        path
        for path in folder.rglob("*")
        if path.is_file()
        and not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )
    return tuple(sorted(found))

"""Which fight an analysis command (``odds``, ``sim``, ``estimate``) is about.

ENCOUNTER is, in this order: an encounter file (a name ending in .yaml or .yml, or any file
that exists), the name of a ruleset (its demo encounter), or the id of an encounter stored in
the database (``--database URL`` or ``FRACAS_DATABASE_URL``, as for ``fracas list``), as it
stands now. The store, and SQLAlchemy with it, is imported only for a stored id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from fracas.errors import FracasError

# The rulesets and the simulator are imported where they are used, so that importing the
# analysis commands (as ``fracas --help`` does) does not load them.
if TYPE_CHECKING:
    from fracas.app.session import Session
    from fracas.engine.registry import UnknownRuleset


def stored_session(where: str, database: str | None) -> Session | None:
    """The stored encounter ``where`` names, as it stands; None when ``where`` is an encounter
    file or a ruleset. Raises FracasError when it is none of the three."""
    from fracas.app.rulesets import find
    from fracas.engine.registry import UnknownRuleset

    path = Path(where)
    if path.suffix.lower() in (".yaml", ".yml") or path.is_file():
        return None
    try:
        find(where)
    except UnknownRuleset as unknown:
        return _load(where, database, unknown)
    return None


def _load(where: str, database: str | None, unknown: UnknownRuleset) -> Session:
    from fracas.store import Store, UnknownEncounter

    store = Store(database)
    try:
        return store.load(where).session
    except UnknownEncounter:
        raise FracasError(
            f"{where!r} is no encounter file, no ruleset ({unknown}) and no encounter stored in "
            f"{store.url}"
        ) from None
    finally:
        store.close()


def study_source(where: str, database: str | None) -> tuple[str, str | None]:
    """What a ``Study`` needs to play the fight ``where`` names: the encounter file's path and
    no save, or the stored encounter's id and its save as JSON text."""
    from fracas.sim.scenario import encounter_path

    stored = stored_session(where, database)
    if stored is None:
        return str(encounter_path(where).resolve()), None
    return where, json.dumps(stored.save())

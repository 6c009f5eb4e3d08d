"""The API's list of stored encounters, for the game master's home page (``static/home``).

Creating, importing, exporting and deleting are the routes of ``fracas.web.api``; this module
adds what the home page needs besides: every stored encounter with its game master's link.
The list hands out every game master's link, so it belongs to whoever runs the server: guard
it as the other server-wide routes are (``app.include_router(router, dependencies=[...])``).
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from fracas.app.rulesets import find
from fracas.errors import FracasError
from fracas.store import Store, Summary
from fracas.web.api import ERRORS, TablesDep

router = APIRouter(prefix="/api", responses=ERRORS)


class EncounterOut(BaseModel):
    """A stored encounter as the home page lists it."""

    id: str
    name: str
    ruleset: str = Field(description="The ruleset's slug.")
    ruleset_name: str
    steps: int = Field(description="Entries in its log: steps, undos and redos.")
    changed: float = Field(description="Its last change, in seconds since the epoch.")
    origin: str = Field(description="Where it came from: demo:SLUG, api:SLUG, import …")
    page: str = Field(description="The game master's page, /gm/TOKEN.")
    token: str = Field(description="The game master's token, for the /api/t/{token} routes.")


@router.get("/encounters")
async def list_encounters(open_tables: TablesDep) -> list[EncounterOut]:
    """Every stored encounter, the most recently changed first, with its game master's link
    (made now for one that had none)."""
    store = open_tables.store
    tokens = store.game_master_tokens()
    return [_listed(store, summary, tokens.get(summary.id)) for summary in store.summaries()]


def _listed(store: Store, summary: Summary, token: str | None) -> EncounterOut:
    if token is None:
        token = store.grant(summary.id).token
    return EncounterOut(
        id=summary.id,
        name=summary.name,
        ruleset=summary.ruleset,
        ruleset_name=_ruleset_name(summary.ruleset),
        steps=summary.version,
        changed=summary.updated,
        origin=summary.origin,
        page=f"/gm/{token}",
        token=token,
    )


def _ruleset_name(slug: str) -> str:
    """The ruleset's own name; its slug when this server has no such ruleset installed."""
    try:
        return find(slug).descriptor.name
    except FracasError:
        return slug

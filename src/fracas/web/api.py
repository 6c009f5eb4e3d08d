"""The HTTP API: encounters for any ruleset, combatants, commands and typed actions, views,
undo and redo, export and import, player links. Described by its OpenAPI document.

An encounter is reached only through a secret link's token (``/api/t/{token}/…``): the game
master's token does everything; a player's acts only for its combatant and reads the player
view. Every failure is a 4xx with ``{code, message, field}`` and changes nothing.

Every route is ``async`` on purpose: they all run on the server's one event loop, so the changes
a process makes to one encounter are serialised (other processes are met by the store's
optimistic versioning); a commit is a short blocking call on that loop.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import secrets
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Header, Path, Query, Request, Response
from pydantic import TypeAdapter, ValidationError

from fracas.app import completion
from fracas.app.catalogue import SessionCommand, game_actions
from fracas.app.files import imported_session, open_encounter
from fracas.app.rulesets import available, demo_path, find
from fracas.app.session import Reply, Session
from fracas.content import ContentError
from fracas.content.encounter import load_statblock
from fracas.engine.action import Action
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from fracas.errors import FracasError
from fracas.store import UnknownLink
from fracas.web.errors import ApiError, ErrorBody, location
from fracas.web.guard import LIMITS_CREATION
from fracas.web.lean import LeanRoute
from fracas.web.limits import MAX_SAVE_STEPS, heavy, save_steps
from fracas.web.models import (
    SAVE_SCHEMA,
    ActionIn,
    ActionOut,
    CombatantIn,
    CommandIn,
    Completions,
    Created,
    LinkOut,
    NewEncounter,
    ParamOut,
    ReplyOut,
    RulesetOut,
    SeatOut,
    check_save,
)
from fracas.web.projection import log_lines
from fracas.web.tables import Seat, Tables

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 409, 413, 422, 429, 503)
}

router = APIRouter(prefix="/api", responses=ERRORS)

Change = TypeVar("Change", bound=Callable[..., Coroutine[Any, Any, Response]])
"""A route that changes an encounter: an ``async`` function answering a ``Response``."""


def tables_of(request: Request) -> Tables:
    """The server's open tables."""
    found: Tables = request.app.state.tables
    return found


async def tables(request: Request) -> Tables:
    return tables_of(request)


TablesDep = Annotated[Tables, Depends(tables)]


Token = Annotated[str, Path(min_length=1, max_length=128)]
"""A link's token, in the path."""


async def seat(token: Token, open_tables: TablesDep) -> Seat:
    """The seat a link's token opens (404 for any token that is not a link), its encounter
    brought up to date: a change made through it runs ``checked``."""
    return await open_tables.open_seat(token)


SeatDep = Annotated[Seat, Depends(seat)]


async def game_master(held: SeatDep) -> Seat:
    """The seat, which must be the game master's (403 for a player's link)."""
    return _game_masters(held)


def _game_masters(held: Seat) -> Seat:
    if not held.gm:
        raise ApiError(403, "game-master-only", "only the game master's link can do that")
    return held


GmDep = Annotated[Seat, Depends(game_master)]

IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=100,
        description="Any unique text (a UUID): sending the same change again with the same key "
        "(a retry after a lost answer, even after a restart) does nothing and gets the first "
        "answer.",
    ),
]


# --- encounters -----------------------------------------------------------------------------


@router.get("/rulesets")
async def rulesets() -> list[RulesetOut]:
    """The rulesets this server can run."""
    return [
        RulesetOut(
            slug=r.descriptor.slug,
            name=r.descriptor.name,
            aliases=list(r.descriptor.aliases),
            demo=demo_path(r) is not None,
        )
        for r in available()
    ]


@router.post("/encounters", status_code=201, dependencies=[LIMITS_CREATION])
async def create(body: NewEncounter, open_tables: TablesDep) -> Created:
    """A new encounter (empty, or the ruleset's demo fight) and the game master's link."""
    try:
        kind = find(body.ruleset)
    except FracasError as error:
        raise ApiError(422, "unknown-ruleset", str(error), "ruleset") from error
    seed = body.seed if body.seed is not None else secrets.randbelow(1_000_000)
    if body.demo:
        path = demo_path(kind)
        if path is None:
            raise ApiError(422, "no-demo", f"{kind.descriptor.slug} ships no demo", "demo")
        if body.settings:
            raise ApiError(422, "invalid", "a demo brings its own settings", "settings")
        session = open_encounter(path, seed)
        session.name = body.name or session.name
    else:
        try:
            settings = kind.settings_model.model_validate(body.settings)
        except ValidationError as error:
            raise _invalid(error, "settings") from error
        session = Session(Encounter(kind(settings), seed=seed), body.name)
    return _created(open_tables, session, f"api:{kind.descriptor.slug}")


@router.post(
    "/encounters/import",
    status_code=201,
    dependencies=[LIMITS_CREATION],
    openapi_extra={
        "requestBody": {"required": True, "content": {"application/json": {"schema": SAVE_SCHEMA}}}
    },
)
async def import_save(request: Request, open_tables: TablesDep) -> Created:
    """Store a save (``GET …/export``, ``fracas export``) as a new encounter. The body is read,
    checked and replayed in the heavy-work thread: a long save holds up no other client."""
    return await heavy(_imported, open_tables, await request.body())


def _imported(open_tables: Tables, body: bytes) -> Created:
    """A save, as JSON text, read, replayed and stored."""
    try:
        save = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ApiError(422, "bad-save", "the body is not JSON", "body") from error
    if not isinstance(save, dict):
        raise ApiError(422, "bad-save", "a save is a JSON object", "body")
    check_save(save)
    if save_steps(save) > MAX_SAVE_STEPS:
        message = f"a save may hold at most {MAX_SAVE_STEPS:,} steps"
        raise ApiError(413, "too-large", message, "steps")
    try:
        session = imported_session(save)
    except FracasError as error:
        raise ApiError(422, "bad-save", str(error).splitlines()[0], "body") from error
    return _created(open_tables, session, "import")


def _created(open_tables: Tables, session: Session, origin: str) -> Created:
    encounter = open_tables.store.create(session, origin)
    link = open_tables.store.grant(encounter)
    return Created(id=encounter, token=link.token, page=f"/gm/{link.token}")


# --- one encounter, through a link ----------------------------------------------------------


@router.get("/t/{token}")
async def read(held: SeatDep) -> SeatOut:
    """The encounter as the link's holder sees it: the view and the latest log."""
    snapshot = held.snapshot()
    waits = held.tracked.session.pending(held.speaker)
    return SeatOut(
        encounter=held.link.encounter,
        gm=held.gm,
        combatant=held.speaker,
        version=snapshot["version"],
        view=snapshot["view"],
        log=snapshot["log"],
        waiting=waits.question() if waits is not None else None,
    )


@router.delete("/t/{token}", status_code=204, response_class=Response)
async def delete_encounter(
    held: GmDep,
    open_tables: TablesDep,
    version: Annotated[
        int | None,
        Query(
            ge=0,
            description="Delete only while the log is at this version (the one the page shows, "
            "or the one a save was exported at); 409 and nothing deleted when a step came since.",
        ),
    ] = None,
) -> None:
    """Delete the encounter for good, with every link to it; open pages are told and closed.
    Export it first to keep it (``GET …/export``)."""
    await open_tables.delete(held.link.encounter, version)


@router.get("/t/{token}/view")
async def read_view(held: SeatDep) -> dict[str, Any]:
    """The view alone: order, whose turn, pools (your side's only, for a player), effects, and
    whether the players may see odds (``players_see_odds``)."""
    return held.view()


@router.get("/t/{token}/log")
async def read_log(
    held: SeatDep, steps: Annotated[int | None, Query(ge=0, le=100_000)] = None
) -> list[str]:
    """The log, every roll included (the last ``steps`` steps; all when left out)."""
    return log_lines(held.tracked.session, held.audience, steps)


@router.get("/t/{token}/completions")
async def completions(held: SeatDep) -> Completions:
    """The verbs this link may use and the names it sees, for the command box."""
    session = held.tracked.session
    return Completions(
        verbs=completion.verbs(session, held.audience),
        names=completion.names(session, held.audience),
    )


@router.get("/t/{token}/catalogue")
async def actions(held: SeatDep) -> list[ActionOut]:
    """The typed actions this link may send: each verb, its help, its fields' JSON schema, and
    what the sheets of the combatants it may act as offer each field."""
    session = held.tracked.session
    sheets = {c: completion.offered(session, c) for c in completion.actors(session, held.speaker)}
    return [
        ActionOut(
            verb=spec.verb,
            help=spec.help,
            game_master=spec.action.game_master,
            fields=TypeAdapter(spec.action).json_schema(),
            params=[
                ParamOut(
                    name=p.name,
                    kind=p.kind.value,
                    positional=p.positional,
                    flag=p.flag,
                    required=p.required,
                    help=p.help,
                    choices=[c.label for c in p.choices],
                    offered={
                        who: offer[spec.verb][p.name]
                        for who, offer in sheets.items()
                        if p.name in offer.get(spec.verb, {})
                    },
                    offered_by=p.offered_by,
                    aims=p.aims,
                )
                for p in spec.params
            ],
        )
        for spec in sorted(session.catalogue, key=lambda spec: spec.verb)
        if not issubclass(spec.action, SessionCommand) and (held.gm or not spec.action.game_master)
    ]


# The four routes that change an encounter by a command take the token, the body and the
# idempotency key as plain parameters and make their change in their body (``_made``: a link
# read once is checked by the change's own append from then on), and answer with the reply
# already serialised (``_answer``). They are ``LeanRoute``s: a well-formed request skips
# FastAPI's per-request machinery, any other gets FastAPI's own answer (``fracas.web.lean``).
# The OpenAPI document is the same (``response_model``).


def _change(path: str) -> Callable[[Change], Change]:
    """Register a lean ``POST`` route answering a ``ReplyOut``."""

    def register(endpoint: Change) -> Change:
        router.add_api_route(
            path,
            endpoint,
            methods=["POST"],
            response_model=ReplyOut,
            route_class_override=LeanRoute,
        )
        return endpoint

    return register


@_change("/t/{token}/commands")
async def command(
    token: Token, body: CommandIn, request: Request, key: IdempotencyKey = None
) -> Response:
    """Run one line of command text (as the link's combatant, for a player)."""

    def run(held: Seat, seat_key: str | None) -> Reply:
        return held.tracked.run(body.text, held.speaker, body.faces, seat_key, through=token)

    return await _made(request, token, key, "text", run)


@_change("/t/{token}/actions")
async def action(
    token: Token, body: ActionIn, request: Request, key: IdempotencyKey = None
) -> Response:
    """Carry out a typed action: ``verb`` and its fields as JSON."""

    def apply(held: Seat, seat_key: str | None) -> Reply:
        built = _action(held, body)
        return held.tracked.apply(built, body.faces, held.speaker, seat_key, through=token)

    return await _made(request, token, key, "fields", apply)


@_change("/t/{token}/undo")
async def undo(token: Token, request: Request, key: IdempotencyKey = None) -> Response:
    """Take back the last step (never the encounter's setup)."""
    return await _through_the_log(token, request, key, again=False)


@_change("/t/{token}/redo")
async def redo(token: Token, request: Request, key: IdempotencyKey = None) -> Response:
    """Do the last undone step again, with the very same dice."""
    return await _through_the_log(token, request, key, again=True)


async def _through_the_log(token: str, request: Request, key: str | None, again: bool) -> Response:
    """Undo, or redo when ``again``, through a game master's link."""

    def step(held: Seat, seat_key: str | None) -> Reply:
        tracked = _game_masters(held).tracked
        return (tracked.redo if again else tracked.undo)(seat_key, through=token)

    return await _made(request, token, key, None, step)


async def _made(
    request: Request,
    token: str,
    key: str | None,
    field: str | None,
    change: Callable[[Seat, str | None], Reply],
) -> Response:
    """``change`` made through the link ``token`` with the seat's idempotency key, on one
    connection held from the store (``Store.holding``), and answered (``_answer``). A link the
    server read before is not read again (``Tables.seat_to_change``): the change's append checks
    it, and a link found gone there is forgotten."""
    open_tables = tables_of(request)
    with open_tables.store.holding():
        held = await open_tables.seat_to_change(token)
        seat_key = _seat_key(held, key)
        try:
            reply = change(held, seat_key)
        except UnknownLink:
            open_tables.forget(token)
            raise
        return _answer(open_tables, held, reply, field, seat_key)


@router.post("/t/{token}/combatants", response_model=ReplyOut)
async def add_combatant(
    body: CombatantIn, held: GmDep, open_tables: TablesDep, key: IdempotencyKey = None
) -> Response:
    """Add a combatant whose sheet is JSON (``sheet``) or a YAML stat block (``yaml``)."""
    model = held.tracked.session.encounter.ruleset.sheet_model
    if (body.sheet is None) == (body.yaml is None):
        raise ApiError(422, "invalid", "give the sheet as JSON (sheet) or YAML (yaml)", "sheet")
    if body.yaml is not None:
        try:
            sheet = await heavy(functools.partial(load_statblock, text=body.yaml), "yaml", model)
        except ContentError as error:
            raise ApiError(422, "invalid-sheet", str(error), "yaml") from error
    else:
        try:
            sheet = model.model_validate(body.sheet)
        except ValidationError as error:
            raise _invalid(error, "sheet") from error
    added = AddCombatant(
        name=body.name, side=body.side, sheet=sheet, group=body.group, hidden=body.hidden
    )
    seat_key = _seat_key(held, key)
    reply = held.tracked.apply(added, key=seat_key)
    return _answer(open_tables, held, reply, "name", seat_key)


@router.get("/t/{token}/export")
async def export(held: GmDep) -> dict[str, Any]:
    """The encounter's save (``POST /api/encounters/import`` and ``fracas import`` read it)."""
    return held.tracked.session.save()


@router.put("/t/{token}/links/{combatant}")
async def make_link(
    combatant: Annotated[str, Path(min_length=1, max_length=100, description="Its id or name.")],
    held: GmDep,
    open_tables: TablesDep,
) -> LinkOut:
    """The secret link for the player of one combatant (the same one when asked again)."""
    found = held.tracked.session.view().combatant(combatant)
    if found is None:
        raise ApiError(422, "unknown-combatant", f"no combatant {combatant!r}", "combatant")
    link = open_tables.store.grant(held.link.encounter, found.id)
    return LinkOut(
        token=link.token, combatant=found.id, name=found.name, page=_page(link.token, False)
    )


@router.get("/t/{token}/links")
async def list_links(held: GmDep, open_tables: TablesDep) -> list[LinkOut]:
    """Every link to this encounter: the game master's first, then each player's."""
    state = held.tracked.session.state
    out = []
    for link in open_tables.store.links(held.link.encounter):
        who = state.combatants.get(link.combatant) if link.combatant is not None else None
        name = who.name if who is not None else None
        out.append(
            LinkOut(
                token=link.token,
                combatant=link.combatant,
                name=name,
                page=_page(link.token, link.gm),
            )
        )
    return out


@router.delete("/t/{token}/links/{combatant}", status_code=204, response_class=Response)
async def revoke_link(
    combatant: Annotated[str, Path(min_length=1, max_length=100, description="Its id or name.")],
    held: GmDep,
    open_tables: TablesDep,
) -> None:
    """Revoke the player link of one combatant: its page and live socket stop at once, and
    asking for a link again (``PUT``) makes a new token."""
    found = held.tracked.session.view().combatant(combatant)
    if found is None:
        raise ApiError(422, "unknown-combatant", f"no combatant {combatant!r}", "combatant")
    links = open_tables.store.links(held.link.encounter)
    link = next((k for k in links if k.combatant == found.id), None)
    if link is None:
        raise ApiError(404, "no-link", f"{found.name} has no player link", "combatant")
    await open_tables.revoke(link.token)


@router.post("/t/{token}/replace")
async def replace_link(held: GmDep, open_tables: TablesDep) -> LinkOut:
    """Replace the game master's own link by a new one (when it leaked): the old token, and
    every page and live socket open with it, stop at once (the socket closed with 4403); the
    answer is the new link. The encounter, its log and the players' links stay as they are."""
    link = await open_tables.replace(held.link.token)
    return LinkOut(token=link.token, combatant=None, name=None, page=_page(link.token, True))


def _page(token: str, gm: bool) -> str:
    return f"/gm/{token}" if gm else f"/play/{token}"


# --- helpers --------------------------------------------------------------------------------


def _seat_key(held: Seat, key: str | None) -> str | None:
    """An idempotency key as the store keeps it: the seat's own, so no other link's reaches
    its answer."""
    return None if key is None else f"{held.speaker or ''}:{key}"


def _answer(
    open_tables: Tables, held: Seat, reply: Reply, field: str | None, key: str | None = None
) -> Response:
    """The reply as JSON (a refused command as a 400); every watcher is told the change once
    this answer is out. A change sent again with its idempotency key is answered as it was the
    first time. Serialised here (a ``ReplyOut``, checked as it is built): FastAPI passes a
    ``Response`` through without validating it again."""
    if reply.changed:
        open_tables.announce_soon(held.link.encounter)
    if reply.error is not None:
        raise ApiError(400, "refused", reply.error, field)
    kept = None if reply.changed or key is None else held.tracked.answered(key)
    if kept is not None:
        out = ReplyOut(
            command=kept.command,
            lines=list(kept.lines),
            needs=kept.needs,
            changed=True,
            version=kept.version,
        )
    else:
        out = ReplyOut(
            command=reply.command,
            lines=list(reply.lines),
            needs=reply.needs,
            changed=reply.changed,
            version=held.tracked.version,
        )
    return Response(out.model_dump_json(), media_type="application/json")


def _action(held: Seat, body: ActionIn) -> Action:
    """The typed action a body describes, checked field by field (422 naming the field)."""
    session = held.tracked.session
    kinds = {
        kind.verb: kind
        for kind in game_actions(session.encounter.ruleset)
        if not issubclass(kind, SessionCommand)
    }
    kind = kinds.get(body.verb.strip().lower())
    if kind is None:
        known = ", ".join(sorted(kinds))
        raise ApiError(422, "unknown-verb", f"no action {body.verb!r} (known: {known})", "verb")
    names = {f.name for f in dataclasses.fields(kind)}
    for key in body.fields:
        if key not in names:
            raise ApiError(
                422, "unknown-field", f"{kind.verb} has no field {key!r}", f"fields.{key}"
            )
    fields = dict(body.fields)
    acting = session.encounter.acting()
    if held.speaker is not None:
        fields.setdefault("actor", held.speaker)
    elif not kind.game_master and len(acting) == 1:
        fields.setdefault("actor", acting[0])  # as typed text: whoever's turn it is
    context = {"sheet_model": session.encounter.ruleset.sheet_model}
    try:
        built: Action = TypeAdapter(kind).validate_python(fields, context=context)
    except ValidationError as error:
        raise _invalid(error, "fields") from error
    if held.speaker is not None and (kind.game_master or built.actor != held.speaker):
        name = session.state[held.speaker].name if held.speaker in session.state.combatants else ""
        raise ApiError(403, "not-yours", f"you play {name}, and can act only as {name}", "fields")
    return built


def _invalid(error: ValidationError, root: str) -> ApiError:
    problems = error.errors()
    first = problems[0]
    field = location((root, *first["loc"])) or root
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return ApiError(422, "invalid", f"{field}: {first['msg']}{more}", field)

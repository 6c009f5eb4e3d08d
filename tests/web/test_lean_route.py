"""The lean routes (``fracas.web.lean``) answer every request as FastAPI's own handler does.

Each request is sent twice: to the endpoint as a ``LeanRoute`` and to the same endpoint as a
plain FastAPI route, and the answers (status, body, content type) must be the same, for
well-formed requests and for every malformed one below. A spy on FastAPI's parameter solving
shows which requests the lean path answered itself (the well-formed ones) and which it handed
to FastAPI."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import fastapi.routing
import pytest
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.dependencies.utils import solve_dependencies
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from fracas.store import Store
from fracas.web import api
from fracas.web.app import create_app
from fracas.web.front import FrontDoor
from fracas.web.lean import Ahead, LeanRoute
from fracas.web.models import ActionIn, CommandIn, ReplyOut

Sent = tuple[str, dict[str, Any]]
"""A request: the path after ``/t/{token}`` and httpx's keyword arguments (body, headers)."""

JSON = {"content-type": "application/json"}

MALFORMED: list[Sent] = [
    ("/commands", {}),  # no body at all
    ("/commands", {"content": b"", "headers": JSON}),
    ("/commands", {"content": b"{", "headers": JSON}),  # not JSON
    ("/commands", {"content": b'{"text": "start",}', "headers": JSON}),
    ("/commands", {"content": b"[1, 2]", "headers": JSON}),  # JSON, not an object
    ("/commands", {"content": b"null", "headers": JSON}),
    ("/commands", {"json": {}}),  # a field missing
    ("/commands", {"json": {"txt": "start"}}),  # an unknown field, the text missing
    ("/commands", {"json": {"text": 5}}),  # a wrong type
    ("/commands", {"json": {"text": "start", "faces": []}}),  # too few faces
    ("/commands", {"json": {"text": "start", "faces": ["6"]}}),  # no coercion
    ("/commands", {"json": {"text": "x" * 2001}}),  # too long
    ("/commands", {"content": b'{"text": "start", "faces": [NaN]}', "headers": JSON}),
    ("/commands", {"content": b'{"text": "start", "faces": [1.5]}', "headers": JSON}),
    ("/commands", {"content": b'{"text": "\xff"}', "headers": JSON}),  # not UTF-8
    ("/commands", {"content": b"[" * 100_000, "headers": JSON}),  # nested past the stack
    (
        "/commands",
        {"content": b'{"text": "start", "faces": [' + b"9" * 5000 + b"]}", "headers": JSON},
    ),
    ("/commands", {"content": b'{"text": "start"}', "headers": {"content-type": "text/plain"}}),
    ("/commands", {"content": b'{"text": "start"}'}),  # no content type
    ("/commands", {"json": {"text": "start"}, "headers": {"Idempotency-Key": ""}}),
    ("/commands", {"json": {"text": "start"}, "headers": {"Idempotency-Key": "k" * 101}}),
    ("/actions", {"json": {"verb": "fly"}}),  # not a verb
    ("/actions", {"json": {"fields": {}}}),  # the verb missing
    ("/actions", {"json": {"verb": "attack", "fields": []}}),
    ("/actions", {"json": {"verb": "attack", "faces": [], "extra": 1}}),  # two problems
    ("/undo", {"headers": {"Idempotency-Key": "k" * 101}}),
]
"""Requests FastAPI refuses (or reads in its own way) before any endpoint runs."""

WELL_FORMED: list[Sent] = [
    ("/commands", {"json": {"text": "start"}}),
    ("/commands", {"json": {"text": "attack raptor1", "faces": [15, 6]}}),
    ("/commands", {"json": {"text": "end"}, "headers": {"Idempotency-Key": "first"}}),
    ("/commands", {"json": {"text": "end"}, "headers": {"Idempotency-Key": "first"}}),
    ("/commands", {"content": b'{"text": "end", "text": "undo"}', "headers": JSON}),
    ("/undo", {}),
    ("/redo", {"headers": {"Idempotency-Key": "again"}}),
    ("/undo", {"content": b"ignored", "headers": {"content-type": "text/plain"}}),
    ("/actions", {"json": {"verb": "end"}}),
    ("/actions", {"json": {"verb": "attack", "fields": {"target": "nobody"}}}),
    ("/actions", {"json": {"verb": "attack", "fields": {"nothing": 1}}}),
    ("/commands", {"json": {"text": "fly away"}}),  # refused by the rules: a 400
    ("/redo", {}),
]
"""Requests FastAPI passes to the endpoint: some change the fight, some are refused by it."""

LEAN_ANSWERS: list[Sent] = [
    ("/undo", {}),
    ("/redo", {"headers": {"Idempotency-Key": "k"}}),
    ("/commands", {"json": {"text": "undo"}}),
    ("/actions", {"json": {"verb": "end"}}),
]
"""Well-formed requests, which the lean path answers without FastAPI's solving."""


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the requests FastAPI's handler solved the parameters of (a spy: FastAPI's
    own function still does the work)."""
    paths: list[str] = []
    solve = solve_dependencies

    async def spy(*, request: Request, **kwargs: Any) -> Any:
        paths.append(request.url.path)
        return await solve(request=request, **kwargs)

    monkeypatch.setattr("fastapi.routing.solve_dependencies", spy)
    return paths


def answer(response: Any) -> tuple[int, Any, str | None]:
    kind = response.headers.get("content-type")
    body = response.json() if kind == "application/json" else response.text
    return response.status_code, body, kind


# --- the same endpoints on a bare FastAPI app: FastAPI's own answers, `detail` and all ------


async def echo(
    token: api.Token, body: CommandIn, request: Request, key: api.IdempotencyKey = None
) -> Response:
    """What the endpoint was given."""
    seen = {"token": token, "body": body.model_dump(), "key": key, "path": request.url.path}
    return Response(json.dumps(seen), media_type="application/json")


async def echo_action(token: api.Token, body: ActionIn, key: api.IdempotencyKey = None) -> Response:
    seen = {"token": token, "body": body.model_dump(), "key": key}
    return Response(json.dumps(seen), media_type="application/json")


async def echo_undo(token: Annotated[str, fastapi.Path(max_length=4)]) -> Response:
    return Response(json.dumps({"token": token}), media_type="application/json")


def bare_app() -> FastAPI:
    """Each echo twice: under ``/lean`` as a LeanRoute, under ``/plain`` as FastAPI's route."""
    app = FastAPI()
    for prefix, route_class in (("/lean", LeanRoute), ("/plain", fastapi.routing.APIRoute)):
        router = APIRouter(prefix=prefix, route_class=route_class)
        router.add_api_route("/t/{token}/commands", echo, methods=["POST"])
        router.add_api_route("/t/{token}/actions", echo_action, methods=["POST"])
        router.add_api_route("/t/{token}/undo", echo_undo, methods=["POST"])
        app.include_router(router)
    return app


@pytest.mark.parametrize("sent", [*MALFORMED, ("/undo", {}), ("/undo", {"json": {}})])
@pytest.mark.parametrize("token", ["tok", "t" * 129])
def test_a_lean_route_answers_as_fastapi_does(sent: Sent, token: str) -> None:
    path, request = sent
    with TestClient(bare_app(), raise_server_exceptions=False) as client:
        lean = client.post(f"/lean/t/{token}{path}", **request)
        plain = client.post(f"/plain/t/{token}{path}", **request)
    assert answer(lean) == answer(plain)
    if lean.status_code == 422:  # (a NaN in the body breaks FastAPI's own 422: a 500 for both)
        assert isinstance(lean.json()["detail"], list), lean.text  # FastAPI's shape


def test_a_lean_route_hands_fastapi_only_what_it_does_not_read_itself(solved: list[str]) -> None:
    with TestClient(bare_app()) as client:
        read = client.post(
            "/lean/t/tok/commands", json={"text": "hi"}, headers={"Idempotency-Key": "k"}
        )
        assert read.json() == {
            "token": "tok",
            "body": {"text": "hi", "faces": None},
            "key": "k",
            "path": "/lean/t/tok/commands",
        }
        assert solved == []
        client.post("/lean/t/tok/commands", json={"text": 5})
        client.post("/plain/t/tok/commands", json={"text": "hi"})
        assert solved == ["/lean/t/tok/commands", "/plain/t/tok/commands"]


async def echo_header(
    x_key: Annotated[str | None, fastapi.Header(max_length=3)] = None,
) -> Response:
    return Response(json.dumps({"x_key": x_key}), media_type="application/json")


@pytest.mark.parametrize("headers", [{}, {"x-key": "abc"}, {"x_key": "abc"}, {"x-key": "abcd"}])
def test_a_header_is_read_from_where_fastapi_reads_it(headers: dict[str, str]) -> None:
    app = FastAPI()
    app.router.add_api_route("/lean", echo_header, methods=["POST"], route_class_override=LeanRoute)
    app.router.add_api_route("/plain", echo_header, methods=["POST"])
    with TestClient(app) as client:
        assert answer(client.post("/lean", headers=headers)) == answer(
            client.post("/plain", headers=headers)
        )


def test_only_a_route_of_the_change_routes_shape_may_be_lean() -> None:
    async def synchronous_answer(token: str) -> dict[str, str]:
        return {"token": token}

    async def with_query(token: str, steps: int = 0) -> Response:
        return Response()

    async def embedded(
        token: str, body: Annotated[CommandIn, fastapi.Body(embed=True)]
    ) -> Response:
        return Response()

    for endpoint in (synchronous_answer, with_query, embedded):
        with pytest.raises(TypeError, match="lean route"):
            LeanRoute("/t/{token}", endpoint, methods=["POST"])


# --- the API's own change routes against the same endpoints as FastAPI routes ----------------


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[tuple[TestClient, str, TestClient, str]]:
    """Two servers on stores of their own, each with the momentum demo (seed 7) and its GM's
    token: the first answers through the API's lean routes (``/api``), the second through the
    same endpoints as FastAPI routes (``/plain``)."""
    clients, stores = [], []
    for name in ("lean", "plain"):
        store = Store(f"sqlite:///{tmp_path / name}.sqlite3")
        app = create_app(store)
        for path, endpoint in (
            ("commands", api.command),
            ("actions", api.action),
            ("undo", api.undo),
            ("redo", api.redo),
        ):
            app.router.add_api_route(
                f"/plain/t/{{token}}/{path}", endpoint, methods=["POST"], response_model=ReplyOut
            )
        client = TestClient(app).__enter__()
        demo = {"ruleset": "momentum", "demo": True, "seed": 7}
        clients.append((client, client.post("/api/encounters", json=demo).json()["token"]))
        stores.append(store)
    (lean, lean_token), (plain, plain_token) = clients
    yield lean, lean_token, plain, plain_token
    for (client, _), store in zip(clients, stores, strict=True):
        client.__exit__(None, None, None)
        store.close()


def test_the_change_routes_answer_as_fastapis_routes_do(
    twins: tuple[TestClient, str, TestClient, str], solved: list[str]
) -> None:
    lean, lean_token, plain, plain_token = twins
    player = lean.put(f"/api/t/{lean_token}/links/Druid").json()["token"]
    plain_player = plain.put(f"/api/t/{plain_token}/links/Druid").json()["token"]
    tokens = [(lean_token, plain_token), (player, plain_player), ("not-a-link", "not-a-link")]
    for path, request in MALFORMED + WELL_FORMED:
        for mine, theirs in tokens:
            got = lean.post(f"/api/t/{mine}{path}", **request)
            expected = plain.post(f"/plain/t/{theirs}{path}", **request)
            assert answer(got) == answer(expected), (path, request, got.text, expected.text)
    log = lean.get(f"/api/t/{lean_token}/log").json()
    assert log == plain.get(f"/api/t/{plain_token}/log").json()
    assert {"[10] Scout: end", "[11] Druid: end"} <= set(log)  # the GM's steps, the player's
    solved.clear()
    for path, request in LEAN_ANSWERS:
        assert lean.post(f"/api/t/{lean_token}{path}", **request).status_code == 200
    assert solved == []


def test_the_lean_routes_are_documented_as_fastapis_routes_are(client: TestClient) -> None:
    changes: dict[str, Callable[..., Any]] = {
        "commands": api.command,
        "actions": api.action,
        "undo": api.undo,
        "redo": api.redo,
    }
    plain = APIRouter(prefix="/api", responses=api.ERRORS)
    for path, endpoint in changes.items():
        plain.add_api_route(
            f"/t/{{token}}/{path}", endpoint, methods=["POST"], response_model=ReplyOut
        )
    bare = FastAPI()
    bare.include_router(plain)
    theirs = bare.openapi()
    ours = client.get("/openapi.json").json()
    for path in changes:
        assert (
            ours["paths"][f"/api/t/{{token}}/{path}"] == theirs["paths"][f"/api/t/{{token}}/{path}"]
        )
    for name, schema in theirs["components"]["schemas"].items():
        assert ours["components"]["schemas"][name] == schema, name


# --- the change routes matched ahead of the included routers --------------------------------


def without_ahead(store: Store) -> FastAPI:
    """The API as FastAPI routes it alone: ``create_app`` without the ``Ahead`` routes."""
    app = create_app(store)
    app.router.routes[:] = [route for route in app.router.routes if not isinstance(route, Ahead)]
    return app


ROUTED: list[tuple[str, str, dict[str, Any]]] = [
    *(("POST", f"/api/t/TOKEN{path}", request) for path, request in MALFORMED + WELL_FORMED),
    ("GET", "/api/t/TOKEN/commands", {}),
    ("PUT", "/api/t/TOKEN/undo", {}),
    ("DELETE", "/api/t/TOKEN/redo", {}),
    ("HEAD", "/api/t/TOKEN/actions", {}),
    ("POST", "/api/t/TOKEN/commands/", {"json": {"text": "end"}}),  # redirected by FastAPI
    ("POST", "/api/t/TOKEN/undo/again", {}),
    ("POST", "/api/t/TOKEN", {}),
    ("GET", "/api/t/TOKEN/view", {}),
    ("POST", "/api/t/TOKEN/combatants", {"json": {}}),
    ("POST", "/api/t//commands", {"json": {"text": "end"}}),
    ("GET", "/openapi.json", {}),
]
"""Requests to the change routes' paths and near them: each method, a trailing slash, deeper,
shallower, an empty token, and other routes."""


def test_the_change_routes_ahead_are_routed_as_fastapi_routes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every request reaches the same route, and gets the same answer, with the ``Ahead``
    routes as without them (the two apps share ``api.router``, so its routes are the same
    objects); the POSTs to the change routes' paths, and only they, are handled ahead."""
    handled_ahead: list[str] = []
    handle = Ahead.handle

    async def spy(route: Ahead, scope: Scope, receive: Receive, send: Send) -> None:
        handled_ahead.append(f"{scope['method']} {scope['path']}")
        await handle(route, scope, receive, send)

    monkeypatch.setattr(Ahead, "handle", spy)
    apps = {"ahead": create_app(Store(f"sqlite:///{tmp_path / 'a.sqlite3'}"))}
    apps["alone"] = without_ahead(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"))
    reached: dict[str, list[Any]] = {name: [] for name in apps}
    clients, tokens = {}, {}
    for name, app in apps.items():

        async def seen(
            scope: Scope,
            receive: Receive,
            send: Send,
            app: FastAPI = app,
            kept: list[Any] = reached[name],
        ) -> None:
            await app(scope, receive, send)
            kept.append(scope.get("route"))  # set by the router to the route it chose

        clients[name] = TestClient(seen, follow_redirects=False).__enter__()
        demo = {"ruleset": "momentum", "demo": True, "seed": 7}
        tokens[name] = clients[name].post("/api/encounters", json=demo).json()["token"]
    for method, path, request in ROUTED:
        answers = []
        for name, client in clients.items():
            reached[name].clear()
            sent = client.request(method, path.replace("TOKEN", tokens[name]), **request)
            moved = sent.headers.get("location", "").replace(tokens[name], "TOKEN")
            answers.append((sent.status_code, moved, sent.content))  # (a redirect names a token)
        ahead, alone = answers
        assert ahead == alone, (method, path, request)
        assert reached["ahead"] == reached["alone"], (method, path)
    for client in clients.values():
        client.__exit__(None, None, None)
    for app in apps.values():
        app.state.tables.store.close()
    malformed = [
        f"POST {path.replace('TOKEN', tokens['ahead'])}" for m, path, _ in ROUTED[: len(MALFORMED)]
    ]
    assert handled_ahead == malformed  # the well-formed ones are answered at the front door


def test_the_openapi_document_is_the_one_fastapi_makes_without_the_routes_ahead(
    store: Store, tmp_path: Path
) -> None:
    alone = without_ahead(Store(f"sqlite:///{tmp_path / 'alone.sqlite3'}"))
    ahead = create_app(store)
    assert json.dumps(ahead.openapi()) == json.dumps(alone.openapi())  # the paths' order too
    alone.state.tables.store.close()


# --- the change routes answered at the front door (``fracas.web.front``) ---------------------


def without_front_door(store: Store) -> FastAPI:
    """The API with every request going through FastAPI's layers and router."""
    app = create_app(store)
    app.user_middleware = [m for m in app.user_middleware if m.cls is not FrontDoor]
    return app


def test_the_front_door_answers_as_the_app_without_it_and_only_well_formed_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same answers, and the same steps in the log, with the front door as without it;
    what reaches the app's router with it is everything but the well-formed changes."""
    sending: list[str] = [""]  # the request being sent
    routed: list[str] = []
    route = fastapi.routing.APIRouter.__call__

    async def spy(router: APIRouter, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            routed.append(sending[0])
        await route(router, scope, receive, send)

    monkeypatch.setattr(fastapi.routing.APIRouter, "__call__", spy)
    apps = {
        "door": create_app(Store(f"sqlite:///{tmp_path / 'a.sqlite3'}")),
        "none": without_front_door(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}")),
    }
    answers: dict[str, list[Any]] = {}
    seen: dict[str, Any] = {}
    for name, app in apps.items():
        client = TestClient(app, follow_redirects=False).__enter__()
        demo = {"ruleset": "momentum", "demo": True, "seed": 7}
        gm = client.post("/api/encounters", json=demo).json()["token"]
        seats = {"gm": gm, "player": client.put(f"/api/t/{gm}/links/Druid").json()["token"]}
        seats["none"] = "not-a-link"
        routed.clear()
        for seat, token in seats.items():
            for number, (method, path, request) in enumerate(ROUTED):
                sending[0] = f"{seat} {number}"
                sent = client.request(method, path.replace("TOKEN", token), **request)
                moved = sent.headers.get("location", "").replace(token, "TOKEN")
                body = sent.content.replace(token.encode(), b"TOKEN")
                answers.setdefault(sending[0], []).append((sent.status_code, moved, body))
        seen[f"routed {name}"] = list(routed)
        seen[f"log {name}"] = client.get(f"/api/t/{gm}/log").json()
        client.__exit__(None, None, None)
        app.state.tables.store.close()
    for sent_as, (door, none) in answers.items():
        assert door == none, (sent_as, ROUTED[int(sent_as.split()[1])])
    assert seen["log door"] == seen["log none"]
    assert len(seen["log door"]) > 10
    well_formed = range(len(MALFORMED), len(MALFORMED + WELL_FORMED))
    at_the_door = {
        f"{seat} {number}" for seat in ("gm", "player", "none") for number in well_formed
    }
    assert at_the_door <= set(seen["routed none"])
    assert seen["routed door"] == [s for s in seen["routed none"] if s not in at_the_door]

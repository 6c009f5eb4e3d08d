"""The tracker reports its requests to OpenTelemetry where it is configured, and else does not
ask on every request (``fracas.web.telemetry``).

OpenTelemetry's global tracer provider is replaced, for a test, by one that keeps the spans
FastAPI starts (the API package alone has no provider that records anything)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from opentelemetry import context, trace
from opentelemetry.util.types import Attributes

from fracas.errors import FracasError
from fracas.store import Store
from fracas.web.app import create_app
from fracas.web.telemetry import SWITCH, reported


class Kept(trace.NonRecordingSpan):
    """A span that keeps its name and attributes."""

    def __init__(self, name: str, kind: trace.SpanKind, attributes: Attributes) -> None:
        super().__init__(trace.INVALID_SPAN_CONTEXT)
        self.name = name
        self.kind = kind
        self.attributes = dict(attributes or {})

    def update_name(self, name: str) -> None:
        self.name = name

    def set_attribute(self, key: str, value: Any) -> None:
        self.attributes[key] = value


class Keeping(trace.NoOpTracer):
    def __init__(self, spans: list[Kept]) -> None:
        self.spans = spans

    def start_span(
        self,
        name: str,
        context: context.Context | None = None,
        kind: trace.SpanKind = trace.SpanKind.INTERNAL,
        *args: Any,
        **kwargs: Any,
    ) -> trace.Span:
        span = Kept(name, kind, kwargs.get("attributes"))
        self.spans.append(span)
        return span


class KeepingProvider(trace.TracerProvider):
    """A configured tracer provider: its tracers keep every span in ``spans``."""

    def __init__(self) -> None:
        self.spans: list[Kept] = []

    def get_tracer(self, *args: Any, **kwargs: Any) -> trace.Tracer:
        return Keeping(self.spans)


@pytest.fixture
def unconfigured(monkeypatch: pytest.MonkeyPatch) -> None:
    """No switch and no FastAPI set-up in the environment, and no provider set."""
    monkeypatch.delenv(SWITCH, raising=False)
    monkeypatch.delenv("FASTAPI_OTEL_AUTO_CONFIGURE", raising=False)
    assert not reported()


Configure = Callable[[], KeepingProvider]
"""Sets OpenTelemetry's global tracer provider, as a deployment would (undone after the test);
the provider set."""


@pytest.fixture
def configure(monkeypatch: pytest.MonkeyPatch) -> Configure:
    def configured() -> KeepingProvider:
        kept = KeepingProvider()
        monkeypatch.setattr(trace, "get_tracer_provider", lambda: kept)
        return kept

    return configured


def commanded(app: FastAPI) -> None:
    """A demo encounter made, and one command sent to it."""
    with TestClient(app) as client:
        demo = {"ruleset": "momentum", "demo": True, "seed": 7}
        token = client.post("/api/encounters", json=demo).json()["token"]
        assert client.post(f"/api/t/{token}/commands", json={"text": "start"}).status_code == 200
    app.state.tables.store.close()


def requests(provider: KeepingProvider) -> list[str]:
    """The requests reported: the names of the server's spans (not those of its operations)."""
    return [span.name for span in provider.spans if span.kind is trace.SpanKind.SERVER]


def test_requests_are_reported_where_a_provider_is_set_when_the_app_is_made(
    unconfigured: None, configure: Configure, store: Store
) -> None:
    provider = configure()
    commanded(create_app(store))
    assert requests(provider) == ["POST /api/encounters", "POST /api/t/{token}/commands"]
    command = [span for span in provider.spans if span.kind is trace.SpanKind.SERVER][1]
    assert command.attributes["http.route"] == "/api/t/{token}/commands"


def test_a_provider_set_after_the_app_is_made_is_not_asked_unless_the_switch_is_on(
    unconfigured: None,
    configure: Configure,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quiet = create_app(Store(f"sqlite:///{tmp_path / 'quiet.sqlite3'}"))
    monkeypatch.setenv(SWITCH, "On")
    switched_on = create_app(Store(f"sqlite:///{tmp_path / 'on.sqlite3'}"))
    provider = configure()
    commanded(quiet)
    assert provider.spans == []
    commanded(switched_on)
    assert requests(provider) == ["POST /api/encounters", "POST /api/t/{token}/commands"]


def test_the_switch_turns_reporting_off_and_the_app_may_be_told_either_way(
    unconfigured: None,
    configure: Configure,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    provider = configure()
    monkeypatch.setenv(SWITCH, "off")
    commanded(create_app(Store(f"sqlite:///{tmp_path / 'off.sqlite3'}")))
    assert provider.spans == []
    commanded(create_app(Store(f"sqlite:///{tmp_path / 'told.sqlite3'}"), telemetry=True))
    assert len(requests(provider)) == 2
    monkeypatch.setenv(SWITCH, "on")
    commanded(create_app(Store(f"sqlite:///{tmp_path / 'not.sqlite3'}"), telemetry=False))
    assert len(requests(provider)) == 2


def test_fastapis_own_set_up_from_the_environment_keeps_reporting_on(
    unconfigured: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FASTAPI_OTEL_AUTO_CONFIGURE", "true")
    assert reported()


def test_a_switch_that_says_neither_on_nor_off_is_refused(
    unconfigured: None, monkeypatch: pytest.MonkeyPatch, store: Store
) -> None:
    monkeypatch.setenv(SWITCH, "sometimes")
    with pytest.raises(FracasError, match="FRACAS_TELEMETRY='sometimes': say on or off"):
        create_app(store)

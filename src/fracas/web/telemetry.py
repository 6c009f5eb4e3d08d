"""Whether the tracker reports its requests to OpenTelemetry (FastAPI's native telemetry).

FastAPI 0.165 asks OpenTelemetry's three global providers (traces, metrics, logs) on every
request whether one of them has been configured, and reports the request if so. Where none
ever is, the asking is all it does: ~2 % of a command's CPU (``docs/performance.md``, "Target
4, seventh session"). The tracker settles the question once, when its app is made
(``reported``): on where OpenTelemetry is configured by then or is to be configured by FastAPI
when the server starts, off otherwise; ``FRACAS_TELEMETRY=on`` (or ``off``) says it outright,
for a deployment that sets its providers up later than that.
"""

from __future__ import annotations

import os

from fastapi.telemetry import TelemetryConfig
from fastapi.telemetry._api import _unconfigured
from opentelemetry import _logs, metrics, trace

from fracas.errors import FracasError

SWITCH = "FRACAS_TELEMETRY"
"""The environment variable that turns the reporting on or off, whatever is configured."""

SAID = {"on": True, "true": True, "1": True, "off": False, "false": False, "0": False}
"""What ``FRACAS_TELEMETRY`` may say (in any case)."""

OFF: TelemetryConfig = {"tracing": False, "metrics": False, "logs": False}
"""FastAPI's telemetry with nothing to report: no request asks the providers anything."""


def reported(asked: bool | None = None) -> bool:
    """Whether the app reports its requests to OpenTelemetry: as ``asked``; else as
    ``FRACAS_TELEMETRY`` says; else exactly when OpenTelemetry is configured now (a global
    provider set, as ``opentelemetry-instrument`` sets them before the program runs) or FastAPI
    is asked to configure it from the environment when the server starts
    (``FASTAPI_OTEL_AUTO_CONFIGURE=true``)."""
    if asked is not None:
        return asked
    said = os.environ.get(SWITCH, "").strip()
    if said:
        if said.lower() not in SAID:
            raise FracasError(f"{SWITCH}={said!r}: say on or off (unset: on when configured)")
        return SAID[said.lower()]
    if os.environ.get("FASTAPI_OTEL_AUTO_CONFIGURE", "").strip().lower() == "true":
        return True
    providers = (
        trace.get_tracer_provider(),
        metrics.get_meter_provider(),
        _logs.get_logger_provider(),
    )
    return not all(_unconfigured(provider) for provider in providers)

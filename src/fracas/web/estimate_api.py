"""The difficulty estimate over the API: started by the game master, played off the event loop.

    POST /api/t/{token}/estimate   {"budget": 10, "seed": 0}   start one (202; 409 while one runs)
    GET  /api/t/{token}/estimate                               its progress, then its result

The estimate (``fracas.sim.estimate``) is of the encounter as it stands when it starts. It runs
on a thread of its own, which plays the fights on worker processes (forked from a server
process that has fracas imported), so no request waits for it. While it runs, and when it
ends, the game master's live sockets receive a small message of the kind ``estimate``
(``{"type": "estimate", "status": "running" | "done" | "failed", "fights", "margin",
"fell_back"}``: ``fights`` starts again from 0 when study mode falls back to the engine, and
``fell_back`` then says why); the figures themselves are read with the GET. Players' links
reach neither route.

Like every multiprocessing start method but ``fork``, the worker processes import the server's
main module again (as ``__mp_main__``): the server must be started from an import-safe one (the
``fracas`` console script and ``uvicorn`` are).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import threading
import time
from dataclasses import dataclass, field
from functools import cache
from multiprocessing.context import BaseContext
from typing import Any, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, Field

from fracas.errors import FracasError
from fracas.sim.estimate import BUDGET, Estimate, Headway, estimate, study_of
from fracas.web.api import ERRORS, GmDep, TablesDep
from fracas.web.errors import ApiError
from fracas.web.models import SEED_BOUND, Strict
from fracas.web.tables import Tables

MAX_BUDGET = 60.0
"""The longest an estimate started over the API may run, in seconds."""

WORKERS = 2
"""Worker processes per estimate."""

TELL_EVERY = 0.25
"""The least time between two progress messages on the live sockets, in seconds."""

MESSAGE = "estimate"
"""The kind (``type``) of the live sockets' estimate messages."""

Status = Literal["running", "done", "failed"]

router = APIRouter(prefix="/api", responses=ERRORS)


class EstimateIn(Strict):
    budget: float = Field(
        default=BUDGET, gt=0, le=MAX_BUDGET, description="Seconds it may take, at most."
    )
    seed: int = Field(default=0, ge=0, lt=SEED_BOUND, description="Master seed of the fights.")


class EstimateOut(BaseModel):
    """An estimate running or ended: how far it got, and once done its figures (``result``:
    ``Estimate.to_json()``, as ``fracas estimate --json`` prints them)."""

    status: Status
    version: int = Field(description="The encounter's version the estimate is of.")
    budget: float
    fights: int
    seconds: float
    margin: float = Field(description="The widest reach of a side's interval from its chance.")
    mode: str | None = Field(
        default=None, description="The mode playing the fights counted, once it is known."
    )
    fell_back: str = Field(
        default="",
        description="Why study mode stopped mid-study, when it did: the engine then plays the "
        "fights again from the first, and `fights` counts the engine's.",
    )
    result: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class Job:
    """One estimate of one encounter: written by its thread, read by the routes."""

    encounter: str
    version: int
    budget: float
    headway: Headway | None = None
    result: Estimate | None = None
    error: str | None = None
    told: float = field(default=0.0)
    """When the live sockets were last told its progress (``time.monotonic``)."""

    @property
    def status(self) -> Status:
        if self.error is not None:
            return "failed"
        return "running" if self.result is None else "done"

    def out(self) -> EstimateOut:
        headway = self.headway
        found = self.result
        return EstimateOut(
            status=self.status,
            version=self.version,
            budget=self.budget,
            fights=found.fights if found else headway.fights if headway else 0,
            seconds=found.seconds if found else headway.seconds if headway else 0.0,
            margin=found.margin if found else headway.margin if headway else 1.0,
            mode=found.mode if found else headway.mode if headway else None,
            fell_back=headway.fell_back if headway else "",
            result=found.to_json() if found else None,
            error=self.error,
        )

    def message(self) -> dict[str, Any]:
        """The small live message of where it stands."""
        out = self.out()
        return {
            "type": MESSAGE,
            "status": out.status,
            "fights": out.fights,
            "margin": out.margin,
            "fell_back": out.fell_back,
        }


def jobs(request: Request) -> dict[str, Job]:
    """The server's estimates, the latest of each encounter, by encounter id."""
    state = request.app.state
    if not hasattr(state, "estimates"):
        state.estimates = {}
    found: dict[str, Job] = state.estimates
    return found


@router.post("/t/{token}/estimate", status_code=202)
async def start_estimate(
    held: GmDep,
    open_tables: TablesDep,
    request: Request,
    body: EstimateIn = Body(default_factory=EstimateIn),  # noqa: B008 (FastAPI's own way)
) -> EstimateOut:
    """Start an estimate of how hard the fight is as it stands now (game master only)."""
    running = jobs(request)
    encounter = held.link.encounter
    if encounter in running and running[encounter].status == "running":
        raise ApiError(409, "estimate-running", "an estimate of this encounter is running")
    tracked = held.tracked
    save = json.dumps(tracked.session.save())
    job = running[encounter] = Job(encounter, tracked.version, body.budget)
    loop = asyncio.get_running_loop()
    thread = threading.Thread(
        target=_play,
        args=(job, save, body.seed, open_tables, loop),
        name=f"estimate {encounter}",
        daemon=True,
    )
    thread.start()
    return job.out()


@router.get("/t/{token}/estimate")
async def read_estimate(held: GmDep, request: Request) -> EstimateOut:
    """The encounter's latest estimate: its progress while it runs, then its figures."""
    job = jobs(request).get(held.link.encounter)
    if job is None:
        raise ApiError(404, "no-estimate", "no estimate of this encounter was started")
    return job.out()


def _play(job: Job, save: str, seed: int, tables: Tables, loop: asyncio.AbstractEventLoop) -> None:
    """The estimate, on its own thread; the live sockets told as it goes and when it ends."""

    def told(headway: Headway) -> None:
        job.headway = headway
        now = time.monotonic()
        if now - job.told >= TELL_EVERY:
            job.told = now
            _tell(tables, loop, job)

    try:
        study = study_of(job.encounter, seed, save)
        context = _workers_context()
        job.result = estimate(study, budget=job.budget, workers=WORKERS, told=told, context=context)
    except FracasError as error:
        job.error = str(error).splitlines()[0]
    except Exception as error:  # the thread's end: any failure is reported, never lost
        job.error = f"the estimate failed: {type(error).__name__}: {error}"
    _tell(tables, loop, job)


def _tell(tables: Tables, loop: asyncio.AbstractEventLoop, job: Job) -> None:
    if not loop.is_closed():
        asyncio.run_coroutine_threadsafe(tables.tell_gm(job.encounter, job.message()), loop)


@cache
def _workers_context() -> BaseContext:
    """Processes forked from a server process that has the simulator imported: safe to start
    from a threaded server (a plain fork is not) and quick (nothing is imported again)."""
    forkserver = multiprocessing.get_context("forkserver")
    forkserver.set_forkserver_preload(["fracas.sim.estimate"])
    return forkserver

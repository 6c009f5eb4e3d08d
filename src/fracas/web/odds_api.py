"""Odds before acting: the chances of a command's outcomes and its damage, asked of the API.

``POST /api/t/{token}/odds`` binds a line of command text as the link's holder would send it
and answers with ``fracas.sim.odds`` (the machinery of ``fracas odds``): exact chances of each
outcome under the ruleset's own names and the damage distribution, or, past the enumeration's
budget, sampled figures with their 95 % interval. The encounter is not changed. The work runs on
a worker thread, one at a time, within ``TIME_LIMIT`` seconds.

Odds reveal a target's defences, so they are the game master's tool: a player's request is
refused unless the game master let the encounter's players see odds (``PUT …/odds/players``,
off by default), and always when it names a hidden combatant. That switch is a setting of the
encounter kept in the store (``Store.share_odds``), so it outlasts a restart and every server
process on the database reads it; it is no step of the log, so undo leaves it as it is.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field, StrictBool

from fracas.engine.action import Action, combatants_named
from fracas.engine.encounter import Encounter
from fracas.errors import FracasError
from fracas.sim.odds import Odds, odds
from fracas.web.api import ERRORS, GmDep, SeatDep, TablesDep
from fracas.web.errors import ApiError
from fracas.web.models import Strict

TIME_LIMIT = 10.0
"""Seconds an odds request may take (waiting for another one included) before a 503."""

MAX_BRANCHES = 2_000
"""Resolutions the exact enumeration may take before sampling takes over (the command line's
default is 20,000): one- and two-die pools need a few hundred at most, and an open-ended roll
gives up sooner."""

SAMPLES = 1_000
"""Seeded runs behind sampled odds (the command line's default is 20,000): a page wants an
answer in a second or two, and the interval says how close it is. They are seeded with the
encounter's seed, so ``fracas odds --seed SEED --max-branches 2000 --samples 1000`` gives the
very same figures."""

router = APIRouter(prefix="/api", responses=ERRORS)


class OddsIn(Strict):
    """A line of command text to weigh (``attack Raptor 1 -with shortbow``)."""

    text: str = Field(min_length=1, max_length=2000)


class OutcomeOut(BaseModel):
    """One outcome: its probability, exactly as a fraction when exact, and its 95 % interval
    (a point when exact)."""

    name: str
    probability: float
    fraction: str | None
    low: float
    high: float


class DamageOut(BaseModel):
    amount: int
    probability: float


class OddsOut(BaseModel):
    """What the action comes to. ``command`` is the action as the log would show it."""

    command: str
    exact: bool
    resolutions: int
    samples: int
    why_sampled: str
    outcomes: list[OutcomeOut]
    damage: list[DamageOut]
    mean_damage: float
    mean_damage_margin: float


class PlayersOdds(Strict):
    """Whether the players of this encounter may ask for odds."""

    players: StrictBool


def _lock(request: Request) -> asyncio.Lock:
    found: asyncio.Lock | None = getattr(request.app.state, "odds_lock", None)
    if found is None:
        found = request.app.state.odds_lock = asyncio.Lock()
    return found


@router.get("/t/{token}/odds/players")
async def read_players_odds(held: SeatDep, open_tables: TablesDep) -> PlayersOdds:
    """Whether this encounter's players may see odds (off until the game master allows it)."""
    return PlayersOdds(players=open_tables.store.players_see_odds(held.link.encounter))


@router.put("/t/{token}/odds/players")
async def set_players_odds(body: PlayersOdds, held: GmDep, open_tables: TablesDep) -> PlayersOdds:
    """Let the players see odds, or stop them (never against a hidden combatant). The pages
    open on the encounter in this process get its state again at once, whose view carries the
    setting (``players_see_odds``); those of another process, at their next change."""
    open_tables.store.share_odds(held.link.encounter, body.players)
    await open_tables.announce(held.link.encounter, anew=True)
    return body


@router.post("/t/{token}/odds")
async def weigh(body: OddsIn, held: SeatDep, open_tables: TablesDep, request: Request) -> OddsOut:
    """The odds of one command, as the link's holder would send it, before it is sent."""
    if not held.gm and not open_tables.store.players_see_odds(held.link.encounter):
        raise ApiError(403, "odds-not-allowed", "the game master has not shared the odds")
    session = held.tracked.session
    try:
        action = session.bind(body.text, held.speaker)
    except FracasError as error:
        raise ApiError(422, "refused", str(error), "text") from error
    if action is None:
        raise ApiError(422, "invalid", "no command given", "text")
    if not held.gm and any(session.state[c].hidden for c in combatants_named(action)):
        raise ApiError(403, "odds-not-allowed", "no odds against that combatant")
    trial = Encounter(session.encounter.ruleset, session.encounter.seed, history=False)
    trial.state = session.state  # a frozen state: the fight may move on meanwhile
    try:
        async with asyncio.timeout(TIME_LIMIT), _lock(request):
            found = await asyncio.to_thread(_weigh, trial, action, session.encounter.seed)
    except TimeoutError as error:
        raise ApiError(503, "too-slow", f"the odds took more than {TIME_LIMIT:g} s") from error
    except FracasError as error:
        raise ApiError(422, "refused", str(error), "text") from error
    return _out(found, session.command_text(action))


def _weigh(trial: Encounter, action: Action, seed: int) -> Odds:
    return odds(trial, action, max_branches=MAX_BRANCHES, samples=SAMPLES, seed=seed)


def _out(found: Odds, command: str) -> OddsOut:
    def outcome(name: str) -> OutcomeOut:
        p = found.outcomes[name]
        low, high = found.interval(name)
        fraction = f"{p.numerator}/{p.denominator}" if found.exact else None
        return OutcomeOut(name=name, probability=float(p), fraction=fraction, low=low, high=high)

    damage = found.damage
    return OddsOut(
        command=command,
        exact=found.exact,
        resolutions=found.resolutions,
        samples=found.samples,
        why_sampled=found.why_sampled,
        outcomes=[outcome(name) for name in found.outcomes],
        damage=[
            DamageOut(amount=amount, probability=float(p))
            for amount, p in damage.probabilities().items()
        ],
        mean_damage=float(damage.mean()),
        mean_damage_margin=found.mean_margin(),
    )

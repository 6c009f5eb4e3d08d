"""The fights the benchmarks that go ruleset by ruleset play: every ruleset's 4v4 by default,
each loaded with its ruleset's tactics and played once before it is measured."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fracas.engine.ruleset import Ruleset
from fracas.engine.state import EncounterState
from fracas.sim.fight import fight
from fracas.sim.policy import Policy, tactics_for
from fracas.sim.runner import loaded

ENCOUNTERS = Path(__file__).parent / "encounters"
SLUGS = ("dbu", "kaiser", "kingsdale", "lurasko", "momentum")


def encounters_or_4v4s(given: Sequence[str]) -> list[str]:
    """The encounter files given on the command line, or else every ruleset's 4v4."""
    return list(given) or [str(ENCOUNTERS / f"{slug}_4v4.yaml") for slug in SLUGS]


def warmed(encounter: str) -> tuple[Ruleset, EncounterState, Policy]:
    """The encounter's ruleset, set-up and tactics, after one fight (seed -1) that filled the
    caches and did the imports a measured fight should not pay for."""
    ruleset, setup = loaded(encounter)
    policy = tactics_for(ruleset)
    fight(ruleset, setup, policy, -1)
    return ruleset, setup, policy

"""Analysis: exact odds of one action and Monte Carlo of whole fights, on the rules themselves.

The layer between the rules and the front ends. Nothing here computes a rule: every action is
applied with ``Encounter.apply``, and damage and outcomes are read through the ruleset's optional
analysis hooks (``Ruleset.damage_pools``, ``Ruleset.classify``). So every registered ruleset
works here unchanged::

    session = open_scenario("momentum")                        # a ruleset's demo, or a file
    action = ready(session, "Scout: attack raptor-1 -with dagger")
    found = odds(session.encounter, action)                    # exact, or sampled with margins
    found.outcomes["hit"], found.damage.mean()

    results = simulate(Study("fight.yaml", runs=1000, seed=7))  # every core; or cluster=ADDRESS
    summary = summarize(results, loaded("fight.yaml")[1], encounter="fight", seed=7,
                        policy="tactics")

Modules: ``odds`` (enumeration and sampling), ``branching`` (the distinct results of a roll),
``measure`` (damage and outcome through the hooks), ``scenario`` (setting up a question),
``policy`` and ``tactics`` (who does what), ``fight`` (one fight), ``runner`` (many, on
processes or a Dask cluster), ``report`` (the figures), ``charts`` (matplotlib), ``stats``.
See docs/analysis.md.
"""

from fracas.sim.fight import FightResult, fight
from fracas.sim.odds import Odds, exact_odds, odds, sampled_odds
from fracas.sim.policy import Generic, Policy, tactics_for
from fracas.sim.report import Summary, summarize
from fracas.sim.runner import Study, loaded, simulate
from fracas.sim.scenario import open_scenario, ready

__all__ = [
    "FightResult",
    "Generic",
    "Odds",
    "Policy",
    "Study",
    "Summary",
    "exact_odds",
    "fight",
    "loaded",
    "odds",
    "open_scenario",
    "ready",
    "sampled_odds",
    "simulate",
    "summarize",
    "tactics_for",
]

"""The log's text of a step (``fracas.store.logged.step_text``) reads back as the step's save
data (``saving.dump_step``), for every step of fights of every ruleset that has a demo."""

from __future__ import annotations

import json

import pytest

from fracas.app import open_encounter
from fracas.app.rulesets import available, demo_path
from fracas.engine.encounter import Step
from fracas.engine.saving import dump_step
from fracas.sim.fight import fight
from fracas.sim.policy import tactics_for
from fracas.store.logged import step_text

DEMOS = {ruleset.descriptor.slug: demo_path(ruleset) for ruleset in available()}


@pytest.mark.parametrize("slug", sorted(slug for slug, path in DEMOS.items() if path))
def test_every_step_of_a_fight_is_logged_as_its_save_data(slug: str) -> None:
    session = open_encounter(str(DEMOS[slug]), seed=11)
    steps: list[Step] = list(session.encounter.steps)  # the demo's set-up: its combatants
    ruleset, setup = session.encounter.ruleset, session.state
    for seed in (1, 2):
        fight(ruleset, setup, tactics_for(ruleset), seed, log=steps)
    assert len(steps) > 20
    for step in steps:
        assert json.loads(step_text(step)) == dump_step(step), step.action

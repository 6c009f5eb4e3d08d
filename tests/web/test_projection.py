"""The view a live page and ``GET /view`` are sent holds every field of the app's view, as JSON
(pydantic turns it into data: ``fracas.web.projection``), for every ruleset and audience."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from fracas.app import open_encounter
from fracas.app.audience import GM, player
from fracas.app.rulesets import demo_path
from fracas.engine.registry import rulesets
from fracas.engine.ruleset import Ruleset
from fracas.web.projection import view_json

ADDED = ("audience", "headline", "pool_names", "conditions")
"""What ``view_json`` puts beside the view's own fields (the audience without who is hidden)."""


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda ruleset: ruleset.descriptor.slug)
def test_the_view_json_is_the_views_fields(ruleset: type[Ruleset]) -> None:
    path = demo_path(ruleset)
    assert path is not None
    session = open_encounter(path, seed=5)
    for line in ("start", "next", "next", "next"):
        session.run(line)
    sides = sorted({combatant.side for combatant in session.state.combatants.values()})
    for audience in (GM, *(player(side, session.state) for side in sides)):
        sent: dict[str, Any] = json.loads(json.dumps(view_json(session, audience)))
        fields = dataclasses.asdict(session.view(audience))
        del fields["audience"]
        assert {k: v for k, v in sent.items() if k not in ADDED} == json.loads(json.dumps(fields))
        assert sent["audience"] == {"side": audience.side}

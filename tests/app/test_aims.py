"""The fields a ruleset means for the actor's own side declare ``aims: ally`` (so the tracker
offers them on allies' cards); the rest declare nothing (offered against the other sides)."""

from __future__ import annotations

import pytest

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path, find
from fracas.app.session import Session

ALLIES = {  # ruleset: the (verb, field) pairs meant for one's own side
    "momentum": {("stabilize", "target"), ("swap", "ally"), ("cooperate", "allies")},
    "dbu": {("empower", "target"), ("command", "minion")}
    | {(verb, "united") for verb in ("attack", "blitz", "called")},
    "kaiser": {("transfer", "to")},
    "kingsdale": set(),
    "lurasko": set(),
}


def demo(slug: str) -> Session:
    path = demo_path(find(slug))
    assert path is not None
    return open_encounter(path, seed=7)


@pytest.mark.parametrize("slug", sorted(ALLIES))
def test_the_fields_meant_for_allies_are_declared_so(slug: str) -> None:
    declared = {
        (spec.verb, param.name): param.aims
        for spec in demo(slug).catalogue
        for param in spec.params
        if param.aims is not None
    }
    assert set(declared.values()) <= {"ally"}
    assert set(declared) == ALLIES[slug]

"""``fracas serve``'s demo encounters: one per ruleset that ships a demo, the same one each time."""

from __future__ import annotations

from fracas.app.rulesets import available, demo_path
from fracas.cli.serve import demo_encounters
from fracas.store import Store


def test_one_demo_encounter_per_ruleset_reused_on_the_next_start(store: Store) -> None:
    first = demo_encounters(store)
    with_demo = [r for r in available() if demo_path(r) is not None]
    assert len(first) == len(with_demo) >= 1
    assert demo_encounters(store) == first
    assert len(store.summaries()) == len(with_demo)
    for _, token in first:
        link = store.link(token)
        assert link.gm
        assert store.load(link.encounter).session.state.combatants  # the demo's combatants

"""Listing the installed rulesets from their descriptors (``fracas.descriptors`` entry points),
without loading their rules, gives what their classes say."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from fracas.app import rulesets as app_rulesets
from fracas.engine import registry
from fracas.errors import FracasError


def _package(module: str) -> str:
    return module.rpartition(".")[0]


def test_the_listed_descriptors_are_the_classes() -> None:
    listed = registry.listed()
    classes = registry.rulesets()
    assert [item.descriptor for item in listed] == [r.descriptor for r in classes]
    assert [_package(item.module) for item in listed] == [_package(r.__module__) for r in classes]
    assert {item.descriptor.slug for item in listed} >= {"momentum", "lurasko", "kaiser"}


def test_the_app_lists_what_it_makes_available(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(app_rulesets.ENVIRONMENT, "tests.cli.toyrules:DemoToy")
    listed = app_rulesets.listed()
    available = app_rulesets.available()
    assert [item.descriptor for item in listed] == [r.descriptor for r in available]
    demos = [app_rulesets.demo_in(item.module) for item in listed]
    assert demos == [app_rulesets.demo_path(r) for r in available]
    assert listed[-1].descriptor.slug == "toy" and demos[-1] is not None


def test_the_sheet_a_descriptor_names_is_its_rulesets_sheet_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``sheet_model`` reads a descriptor's ``sheet`` (for the library, which checks stat blocks
    without the rules); a ruleset whose descriptor names none gives its class's."""
    monkeypatch.setenv(app_rulesets.ENVIRONMENT, "tests.cli.toyrules:DemoToy")
    for ruleset in app_rulesets.available():
        slug = ruleset.descriptor.slug
        assert app_rulesets.sheet_model(slug) is ruleset.sheet_model, slug
        assert app_rulesets.described(slug) == ruleset.descriptor
    assert app_rulesets.described("seed-003").slug == "momentum"  # an alias
    assert all(r.descriptor.sheet for r in registry.rulesets())  # fracas's own name theirs
    assert app_rulesets.described("toy").sheet == ""
    with pytest.raises(FracasError, match="no ruleset called 'chess'"):
        app_rulesets.described("chess")


def _entries(*entries: EntryPoint) -> object:
    def chosen(group: str) -> tuple[EntryPoint, ...]:
        return tuple(e for e in entries if e.group == group)

    return chosen


def test_a_ruleset_without_a_descriptor_entry_is_listed_from_its_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    toy = EntryPoint("toy", "tests.cli.toyrules:DemoToy", registry.GROUP)
    momentum = EntryPoint("momentum", "fracas.rules.momentum.ruleset:Momentum", registry.GROUP)
    light = EntryPoint(
        "momentum", "fracas.rules.momentum.descriptor:DESCRIPTOR", registry.DESCRIPTORS
    )
    monkeypatch.setattr(registry, "entry_points", _entries(toy, momentum, light))
    listed = registry.listed.__wrapped__()
    assert [(item.descriptor.slug, item.module) for item in listed] == [
        ("momentum", "fracas.rules.momentum.descriptor"),
        ("toy", "tests.cli.toyrules"),
    ]


def test_a_descriptor_entry_that_is_not_a_descriptor_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    momentum = EntryPoint("momentum", "fracas.rules.momentum.ruleset:Momentum", registry.GROUP)
    wrong = EntryPoint("momentum", "fracas.rules.momentum.ruleset:Momentum", registry.DESCRIPTORS)
    monkeypatch.setattr(registry, "entry_points", _entries(momentum, wrong))
    with pytest.raises(FracasError, match=r"'momentum' in fracas\.descriptors is not a Descriptor"):
        registry.listed.__wrapped__()

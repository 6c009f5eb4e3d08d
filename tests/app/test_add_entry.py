"""``add ENTRY [xN]``: combatants from the library by name, numbered, changed, in one step."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.app.files import open_encounter, session_from_save
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.engine.action import CombatantId
from fracas.engine.gm import AddCombatant
from fracas.engine.joining import AddCombatants
from fracas.library import Library, load_library
from fracas.rules.momentum.ruleset import Momentum


@pytest.fixture(scope="module")
def builtin() -> Library:
    return load_library([])


def demo(library: Library) -> Session:
    """The momentum demo: Druid, Scout, Rusher and Raptor 1-4."""
    path = demo_path(Momentum)
    assert path is not None
    session = open_encounter(path, seed=5)
    session.library = library
    return session


def names(session: Session) -> list[str]:
    return [c.name for c in session.state]


def test_add_raptor_x3_continues_the_numbers_in_one_undoable_step(builtin: Library) -> None:
    session = demo(builtin)
    steps = len(session.encounter.steps)
    reply = session.run("add RAPTOR x3")
    assert reply.ok and reply.changed
    assert names(session)[-3:] == ["Raptor 5", "Raptor 6", "Raptor 7"]
    added = next(c for c in session.state if c.name == "Raptor 6")
    assert (added.side, added.group, added.hidden) == ("raptors", "raptor", False)
    assert added.pools["Vitality"].maximum == 14
    assert len(session.encounter.steps) == steps + 1
    assert session.log(1) == [
        "[8] add RAPTOR x3",
        *(
            f"    Raptor {n} joins the fight (raptors): AP 3/3, RP 2/2, Movement 3/3, "
            "Vitality 14/14, NM 0/0"
            for n in (5, 6, 7)
        ),
    ]
    assert session.undo().lines == ("Undone [8]: add RAPTOR x3",)
    assert names(session)[-1] == "Raptor 4"
    assert session.redo().lines == ("Redone [8]: add RAPTOR x3",)
    assert names(session)[-1] == "Raptor 7"


def test_one_added_under_a_free_name_keeps_it_and_options_change_it(builtin: Library) -> None:
    session = demo(builtin)
    assert session.run("add alpha -as 'Pack leader' -side alphas -hidden -set vitality=30").ok
    leader = next(c for c in session.state if c.name == "Pack leader")
    assert (leader.side, leader.hidden, leader.group) == ("alphas", True, None)
    assert leader.pools["Vitality"].maximum == 30
    assert leader.sheet.armor == 2  # type: ignore[attr-defined]
    assert session.run("add alpha -as 'Pack leader' -set skills.athletics=4 -set armor=5").ok
    assert names(session)[-2:] == ["Pack leader", "Pack leader 2"]
    second = next(c for c in session.state if c.name == "Pack leader 2")
    assert second.sheet.armor == 5 and second.sheet.skills.athletics == 4  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("add raptor x0", "add: x0: add 1 to 50 at a time"),
        ("add raptor x10000", "add: x10000: add 1 to 50 at a time"),
        ("add raptor -count 51", "add: x51: add 1 to 50 at a time"),
        ("add raptor x1234567890123456789012", 'add: "1234567890123456789012" is too large'),
        ("add rap", 'add: library entry "rap" matches Raptor, Raptor alpha'),
        ("add raptr", 'add: unknown library entry "raptr" (did you mean Raptor, Raptor alpha?)'),
        (
            "add ogre",
            'add: unknown library entry "ogre" (momentum entries: Druid, Guard, '
            "Raptor, Raptor alpha, Rusher, Scout, Thief, Warden)",
        ),
        ("add raptor -set armour=2", "add: -set armour: unknown field (did you mean armor?)"),
        ("add raptor -set vitality=lots", 'add: -set vitality: expected an integer, got "lots"'),
        ("add raptor -set vitality", 'add: "vitality" is not valid for -set'),
        ("add raptor -set weapons.3.damage=1d8", "add: -set weapons[3]: no such list item"),
    ],
)
def test_a_bad_add_is_refused_and_changes_nothing(builtin: Library, text: str, error: str) -> None:
    session = demo(builtin)
    before = session.state
    reply = session.run(text)
    assert reply.error is not None and reply.error.startswith(error)
    assert session.state == before and not reply.changed


def test_a_save_replays_without_the_library(builtin: Library, tmp_path: Path) -> None:
    write = tmp_path / "ogre.yaml"
    write.write_text(
        "name: Ogre\nruleset: momentum\nfrom: rusher\nside: ogres\nsheet: {vitality: 40}\n",
        encoding="utf-8",
    )
    session = demo(load_library([tmp_path]))
    assert session.run("add ogre x2").ok
    step = session.encounter.steps[-1]
    assert isinstance(step.action, AddCombatants)
    assert step.action.command == "add ogre x2"
    loaded = session_from_save(session.save())
    assert loaded.state == session.state
    assert loaded.log(1)[0] == "[8] add ogre x2"
    assert loaded.library is None  # the sheets came with the save


def test_the_sheet_form_still_adds_one_and_the_log_never_shows_a_sheet(
    builtin: Library,
) -> None:
    session = demo(builtin)
    assert session.run(
        "add 'Raptor 9' raptors '{name: R, stats: {strength: 1, dexterity: 1, "
        "constitution: 1, intelligence: 1, charisma: 1, instinct: 1, will: 1}, "
        "evasion_stat: will, primary_stat: will, secondary_stat: will, vitality: 10}' -hidden"
    ).ok
    copied = session.state[CombatantId("raptor-1")].sheet
    session.apply(AddCombatant(name="Copy", side="raptors", sheet=copied, group="raptor"))
    assert session.log(2) == [
        '[8] add "Raptor 9" raptors (sheet) -hidden',
        "    Raptor 9 joins the fight (raptors): AP 3/3, RP 2/2, Movement 3/3, Vitality 10/10, "
        "NM 0/0 [hidden from the players]",
        "[9] add Copy raptors (sheet) -group raptor",
        "    Copy joins the fight (raptors): AP 3/3, RP 2/2, Movement 3/3, Vitality 14/14, NM 0/0",
    ]


def test_added_mid_fight_they_join_the_order(builtin: Library) -> None:
    session = demo(builtin)
    assert session.run("start").ok
    assert session.run("add guard x2").ok
    order = [a for turn in session.state.clock.order for a in turn.actors]
    assert {"guard-1", "guard-2"} <= set(order)


def test_a_player_cannot_add(builtin: Library) -> None:
    session = demo(builtin)
    before = session.state
    reply = session.run("add raptor x2", speaker=CombatantId("druid"))
    assert reply.error == "add: only the game master can do that"
    assert session.state == before


def test_the_count_may_be_a_bare_number(builtin: Library) -> None:
    session = demo(builtin)
    assert session.run("add guard 2").ok
    assert names(session)[-2:] == ["Guard 1", "Guard 2"]
    assert session.run("add guard x51").error == "add: x51: add 1 to 50 at a time"

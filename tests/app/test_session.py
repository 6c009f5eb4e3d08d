"""Sessions run command text: steps, errors that change nothing, undo, typed-in dice, speakers."""

from __future__ import annotations

import pytest

from fracas.app.files import open_encounter
from fracas.app.rulesets import demo_path
from fracas.app.session import Session
from fracas.app.views import view
from fracas.dice import LoadedDice
from fracas.engine import registry
from fracas.engine.action import CombatantId
from fracas.engine.events import DiceRolled
from fracas.engine.gm import AddNote, SetPool
from fracas.engine.rolls import RollDice
from fracas.engine.turns import EndTurn
from tests.app.fight import ADA, BO, CY, GHOST, hp, ok, toy_session
from tests.engine.toy import Punch, Punched, ToySheet


def test_a_sequence_of_commands_plays_a_fight() -> None:
    session = toy_session(4, 6, 2)
    reply = ok(session.run("punch bo"))
    assert reply.changed and reply.step is not None
    assert reply.step.action == Punch(actor=ADA, target=BO)
    assert reply.lines == (
        "Ada spends 1 AP (punch)",
        "Punched: attacker=Ada, target=Bo, face=4",
        "Bo HP \u22124 (12 \u2192 8)",
    )
    ok(session.run("punch Bo"))
    assert hp(session, BO) == 2
    reply = ok(session.run("end"))
    assert reply.lines[:2] == ("End of Ada's turn", "Bo's turn")
    ok(session.run("punch ada"))
    assert hp(session, ADA) == 8


def test_the_default_actor_is_whoever_has_the_turn() -> None:
    session = toy_session(3)
    step = ok(session.run("punch bo")).step
    assert step is not None and step.action.actor == ADA


def test_game_master_commands_default_to_the_game_master() -> None:
    session = toy_session()
    step = ok(session.run("set bo hp 3")).step
    assert step is not None and step.action == SetPool(target=BO, pool="hp", value=3)
    step = ok(session.run("note the lights go out")).step
    assert step is not None and step.action == AddNote(text="the lights go out")


def test_the_game_master_acts_as_an_npc_with_a_prefix() -> None:
    session = toy_session(5)
    ok(session.run("end"))
    step = ok(session.run("Bo: punch ada")).step
    assert step is not None and step.action == Punch(actor=BO, target=ADA)


def test_a_prefix_with_spaces_that_names_a_combatant() -> None:
    session = toy_session(5, 2)
    ok(session.run("add \"Raptor 1\" villains '{speed: 2}'"))
    ok(session.run("end"))
    assert session.state.acting() == (BO,)
    reply = session.run("Raptor 1: punch ada")
    assert reply.error == "punch only on your turn"
    ok(session.run("turn raptor-1"))
    step = ok(session.run("Raptor 1: punch ada")).step
    assert step is not None and step.action.actor == CombatantId("raptor-1")


def test_a_prefix_with_spaces_that_names_nobody_is_left_alone() -> None:
    session = toy_session()
    step = ok(session.run("note Time check: noon")).step
    assert step is not None and step.action == AddNote(text="Time check: noon")


def test_a_bad_command_is_one_clear_line_and_changes_nothing() -> None:
    session = toy_session()
    before, steps = session.state, len(session.encounter.steps)
    for text, error in [
        ("pnuch bo", 'unknown command "pnuch" (did you mean punch?)'),
        ("punch zed", 'punch: unknown combatant "zed" at column 6 (combatants: Ada, Bo, Cy)'),
        ("punch", "punch: missing target"),
        ('note "open', "unterminated quote at column 5"),
    ]:
        reply = session.run(text)
        assert reply.error == error
        assert "\n" not in reply.error
        assert not reply.changed and reply.step is None
    assert session.state is before and len(session.encounter.steps) == steps


def test_an_illegal_action_gives_the_rules_reason() -> None:
    session = toy_session(1, 1)
    ok(session.run("punch bo"))
    ok(session.run("punch bo"))
    before = session.state
    reply = session.run("punch bo")
    assert reply.error == "punch costs 1 AP; Ada has 0 AP left"
    assert session.state is before
    assert session.run("Bo: punch ada").error == "punch only on your turn"
    assert session.run("Ada: set bo hp 1").error == "set: only the game master can do that"


def test_undo_and_redo() -> None:
    session = toy_session(4)
    start = session.state
    ok(session.run("punch bo"))
    after = session.state
    reply = ok(session.run("undo"))
    assert reply.lines == ("Undone [5]: Ada: punch Bo",) and reply.changed
    assert session.state is start
    reply = ok(session.run("redo"))
    assert reply.lines == ("Redone [5]: Ada: punch Bo",)
    assert session.state is after
    assert session.run("redo").error == "nothing to redo"


def test_undo_stops_at_the_setup() -> None:
    session = toy_session()
    ok(session.run("undo"))  # the start
    assert session.run("undo").error == "nothing to undo"
    assert len(session.state.combatants) == 3


def test_blank_and_comment_lines_do_nothing() -> None:
    session = toy_session()
    for text in ("", "   ", "# a comment"):
        reply = session.run(text)
        assert reply.ok and not reply.lines and not reply.changed


def test_one_command_per_line() -> None:
    assert toy_session().run("end\nend").error == "one command per line"


# --- typed-in dice -------------------------------------------------------------------------


def test_faces_after_a_bang_roll_the_dice_of_that_command() -> None:
    session = toy_session()
    step = ok(session.run("punch bo !5")).step
    assert step is not None and Punched(ADA, BO, 5) in step.events
    step = ok(session.run("punch bo", faces=[2])).step
    assert step is not None and Punched(ADA, BO, 2) in step.events


def test_too_many_faces_is_an_error_that_changes_nothing() -> None:
    session = toy_session()
    before = session.state
    assert session.run("punch bo !5 6").error == "1 typed-in dice were not needed by punch"
    assert session.state is before


def test_a_command_waits_for_the_die_it_needs() -> None:
    session = toy_session(seed=1)
    session.encounter.dice = LoadedDice(())  # the table rolls every die
    reply = session.run("punch bo")
    assert reply.ok and reply.needs == 6 and not reply.changed
    assert reply.lines == ("punch bo: roll a d6 and type its face",)
    assert session.pending() is not None
    step = ok(session.run("4")).step
    assert step is not None and Punched(ADA, BO, 4) in step.events
    assert session.pending() is None


def test_each_die_is_asked_for_in_turn() -> None:
    session = toy_session()
    session.encounter.dice = LoadedDice(())
    assert session.run("roll 2d6+1").needs == 6
    reply = session.run("3")
    assert reply.needs == 6
    assert reply.lines == ("roll 2d6+1: roll a d6 and type its face (dice so far: 3)",)
    reply = ok(session.run("5"))
    assert reply.lines == ("The game master rolls: 2d6 (3, 5) + 1 = 9",)


def test_a_face_the_die_cannot_show_asks_again() -> None:
    session = toy_session()
    session.encounter.dice = LoadedDice(())
    session.run("punch bo")
    reply = session.run("7")
    assert reply.error == "a d6 cannot show 7; roll the d6 again and type its face"
    ok(session.run("6"))
    assert hp(session, BO) == 6


def test_any_other_line_drops_the_waiting_command() -> None:
    session = toy_session()
    session.encounter.dice = LoadedDice(())
    session.run("punch bo")
    ok(session.run("note never mind"))
    assert session.pending() is None
    assert session.run("4").error is not None  # no command waits any more


def test_loaded_faces_used_before_the_dice_ran_out_wait_with_the_command() -> None:
    session = toy_session(2)  # one face loaded; 2d6 needs two
    reply = session.run("roll 2d6")
    assert reply.needs == 6 and "(dice so far: 2)" in reply.lines[0]
    reply = ok(session.run("5"))
    assert reply.lines == ("The game master rolls: 2d6 (2, 5) = 7",)


def test_a_dropped_command_gives_its_loaded_faces_back() -> None:
    session = toy_session(2)
    session.run("roll 2d6")
    ok(session.run("note changed my mind"))
    assert isinstance(session.encounter.dice, LoadedDice)
    assert session.encounter.dice.remaining == (2,)


def test_a_failed_step_does_not_eat_loaded_faces() -> None:
    session = toy_session(6, 6)
    ok(session.run("punch bo"))
    ok(session.run("punch bo"))
    assert session.run("punch bo").error is not None
    assert isinstance(session.encounter.dice, LoadedDice)
    assert session.encounter.dice.remaining == ()


# --- free rolls ----------------------------------------------------------------------------


def test_a_free_roll_is_a_logged_step_with_every_die() -> None:
    session = toy_session(15)
    reply = ok(session.run("roll 1d20+3"))
    assert reply.lines == ("The game master rolls: 1d20 (15) + 3 = 18",)
    assert reply.step is not None
    (event,) = [e for e in reply.step.events if isinstance(e, DiceRolled)]
    assert event.result.total == 18 and event.roller is None
    assert reply.step.action == RollDice(dice="1d20+3")
    ok(session.run("undo"))
    assert len(session.encounter.steps) == 4


def test_a_combatant_may_roll_and_a_secret_roll_hides_from_players() -> None:
    session = toy_session(12, 9)
    assert ok(session.run("Ada: roll 1d20")).lines == ("Ada rolls: 1d20 (12) = 12",)
    assert ok(session.run("roll 1d20 -secret")).lines == (
        "The game master rolls (secret): 1d20 (9) = 9",
    )
    assert session.log(1, session.audience(CY)) == ["(nothing has happened yet)"]


def test_bad_dice_notation_is_refused() -> None:
    session = toy_session()
    reply = session.run("roll 2x6")
    assert reply.error is not None and reply.error.startswith("roll: unexpected")


# --- speakers (players) --------------------------------------------------------------------


def test_a_player_acts_as_their_combatant_only() -> None:
    session = toy_session(3)
    ok(session.run("punch bo", speaker=ADA))
    assert session.run("Bo: punch ada", speaker=ADA).error == (
        "punch: you play Ada, and can act only as Ada"
    )
    assert session.run("set bo hp 1", speaker=ADA).error == "set: only the game master can do that"
    assert session.run("undo", speaker=ADA).error == "undo: only the game master can do that"


def test_a_player_cannot_name_a_hidden_combatant() -> None:
    session = toy_session(ghost=True)
    reply = session.run("punch ghost", speaker=ADA)
    assert reply.error is not None and "Ghost" not in reply.error
    assert "unknown combatant" in reply.error


def test_a_player_sees_no_hidden_combatant_in_the_narration() -> None:
    session = toy_session(ghost=True)
    ok(session.run("undo"))  # back before the start
    reply = ok(session.run("start", speaker=None))
    assert any("Ghost" in line for line in reply.lines)
    for line in session.log(None, session.audience(ADA)):
        assert "Ghost" not in line


# --- help, status, log ---------------------------------------------------------------------


def test_help_lists_every_command_and_explains_one() -> None:
    session = toy_session()
    lines = ok(session.run("help")).lines
    for verb in ("punch", "guard", "start", "roll", "undo", "status", "log", "add"):
        assert any(line.split()[:1] == [verb] for line in lines), verb
    assert ok(session.run("help pun")).lines[:2] == (
        "punch TARGET",
        "  Punch someone for 1d6 (1 AP).",
    )
    assert session.run("help fly").error == 'help: unknown command "fly"'


def test_status_shows_the_table_for_the_audience() -> None:
    session = toy_session(ghost=True)
    gm = ok(session.run("show")).lines
    assert gm[0] == "Brawl, round 1: Ada's turn"
    assert any("Ghost" in line and "[hidden]" in line for line in gm)
    player = ok(session.run("status", speaker=ADA)).lines
    assert not any("Ghost" in line for line in player)
    assert any(line.startswith("  Bo") and "HP" not in line for line in player)


def test_log_tells_the_last_steps_with_their_commands() -> None:
    session = toy_session(4)
    ok(session.run("punch bo"))
    lines = ok(session.run("log 1")).lines
    assert lines == (
        "[5] Ada: punch Bo",
        "    Ada spends 1 AP (punch)",
        "    Punched: attacker=Ada, target=Bo, face=4",
        "    Bo HP \u22124 (12 \u2192 8)",
    )
    everything = ok(session.run("log all")).lines
    assert everything[0] == "[1] add Ada heroes (sheet)"  # never the sheet itself
    assert session.run("log many").error == 'log: "many" is not a number of steps or all'


def test_session_commands_take_no_dice() -> None:
    assert toy_session().run("undo !3").error == "undo rolls no dice"


# --- adding combatants ---------------------------------------------------------------------


def test_add_copies_a_sheet_or_reads_one_in_braces() -> None:
    session = toy_session()
    ok(session.run("add 'Bo 2' villains bo -group thugs"))
    copy = session.state[CombatantId("bo-2")]
    assert copy.sheet == ToySheet(speed=5, hp=12) and copy.group == "thugs"
    ok(session.run("add Dee heroes '{speed: 4, hp: 3}' -hidden"))
    dee = session.state[CombatantId("dee")]
    assert dee.sheet == ToySheet(speed=4, hp=3) and dee.hidden
    reply = session.run("add Eve heroes '{sped: 4}'")
    assert reply.error is not None and "sped" in reply.error and "\n" not in reply.error


def test_apply_runs_a_typed_action() -> None:
    session = toy_session()
    reply = ok(session.apply(EndTurn()))
    assert reply.command == "end" and reply.lines[1] == "Bo's turn"


def test_command_text_writes_the_line_that_gives_an_action() -> None:
    session = toy_session()
    assert session.command_text(Punch(actor=BO, target=ADA)) == "Bo: punch Ada"
    assert session.command_text(AddNote(text="hi there")) == "note hi there"


@pytest.mark.parametrize(
    ("slug", "line"),
    [
        ("dbu", "Kora: phases advantage,counters"),
        ("dbu", "Kora: attack saibaman-1 -defense duel -duel-wagers 1,2,3"),
        ("kaiser", "Thom: intend spirit -fill blue,red"),
        ("kaiser", "Ceil: intend attack -with long-sword,dagger"),
    ],
)
def test_command_text_of_a_parsed_list_is_typed_back_as_it(slug: str, line: str) -> None:
    """The log's line of an action whose option is a parsed list (a dbu Effect Phase order, Duel
    wagers, kaiser's chakras) is comma-separated, as typed, and gives the same action again (not
    Python's ``('advantage', 'counters')``, which no command accepts)."""
    session = open_encounter(demo_path(registry.find(slug)))
    action = session.bind(line)
    assert action is not None
    text = session.command_text(action)
    assert "(" not in text
    assert session.bind(text) == action


def test_a_speaker_who_is_not_in_the_fight() -> None:
    assert toy_session().run("end", speaker=GHOST).error == (
        "there is no combatant 'ghost' to speak for"
    )


@pytest.mark.parametrize("text", ["start", "end", "punch bo", "hold"])
def test_commands_never_raise(text: str) -> None:
    session: Session = toy_session(1, 2, 3)
    session.run(text)
    session.run(text)


def test_a_fallen_member_of_a_group_turn_is_not_acting() -> None:
    """Momentum's four raptors share one turn; a raptor at 0 Vitality takes no part in it: the
    turn's line, the prompt, the view's acting marks and the default actor leave it out."""
    session = open_encounter(demo_path(registry.find("momentum")), seed=1)
    for line in ("start", "set raptor-2 vitality 0", "end", "end"):
        ok(session.run(line))
    reply = ok(session.run("end"))
    assert reply.lines[-1] == "Turn of Raptor 1, Raptor 3 and Raptor 4"
    standing = (CombatantId("raptor-1"), CombatantId("raptor-3"), CombatantId("raptor-4"))
    assert session.state.acting() == (*standing[:1], CombatantId("raptor-2"), *standing[1:])
    assert session.encounter.acting() == standing
    assert [(p.actors, p.lines) for p in reply.prompts] == [
        (standing, ("Round 1: your turn, Raptor 1, Raptor 3 and Raptor 4.",))
    ]
    shown = view(session.encounter)
    assert shown.acting == ("Raptor 1", "Raptor 3", "Raptor 4")
    assert [c.name for c in shown.combatants if c.acting] == ["Raptor 1", "Raptor 3", "Raptor 4"]
    for line in ("set raptor-3 vitality 0", "set raptor-4 vitality 0"):
        ok(session.run(line))
    step = ok(session.run("sheet")).lines
    assert step[0].startswith("Raptor 1")

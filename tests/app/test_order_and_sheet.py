"""The round's order (``order`` / MUSH ``+vinit``), sheets (``sheet``, ``+sheet/b``) and the
private prompt a player gets when a turn starts."""

from __future__ import annotations

from fracas.app.audience import GM
from fracas.app.narration import Narrator, order_table, turn_prompt
from fracas.engine.gm import ApplyEffect
from tests.app.fight import ADA, BO, ok, toy_session
from tests.engine.toy import Toy


def test_the_order_table_lists_the_round_with_the_current_turn_marked() -> None:
    session = toy_session(ghost=True)
    ok(session.run("effect Bo Stunned"))
    lines = ok(session.run("+vinit")).lines
    assert lines == (
        "Round 1 order",
        "   Name   Init  Turn  Notes",
        ">  Ada    9",
        "   Bo     5           Stunned",
        "   Cy     3",
        "   Ghost  1",
    )


def test_a_player_order_table_leaves_hidden_combatants_out() -> None:
    session = toy_session(ghost=True)
    lines = ok(session.run("order", speaker=ADA)).lines
    assert [line.split()[-2] for line in lines[2:]] == ["Ada", "Bo", "Cy"]
    assert not any("Ghost" in line for line in lines)


def test_the_order_before_the_fight_starts_says_so() -> None:
    session = toy_session(start=False)
    assert ok(session.run("order")).lines == ("No order yet: the fight has not started.",)


def test_a_player_sees_their_own_sheet_and_not_the_enemys() -> None:
    session = toy_session()
    assert ok(session.run("+sheet/b", speaker=ADA)).lines == (
        "Ada (heroes)",
        "  speed: 9",
        "  hp: 10",
    )
    reply = session.run("sheet bo", speaker=ADA)
    assert reply.error == "sheet: Bo's sheet is the game master's"


def test_the_game_master_reads_any_sheet_and_must_say_whose_off_turn() -> None:
    session = toy_session(start=False)
    assert ok(session.run("sheet bo")).lines[0] == "Bo (villains)"
    assert session.run("sheet").error == "sheet: whose? name a combatant (sheet Ada)"
    assert session.run("sheet nobody").error is not None


def test_the_generic_turn_prompt_names_the_round_and_the_pools() -> None:
    session = toy_session()
    turn = session.state.clock.order[0]
    assert turn_prompt(turn, session.state) == ("Round 1: your turn, Ada (AP 2/2, HP 10/10).",)


def test_a_command_that_starts_a_turn_prompts_its_player() -> None:
    session = toy_session()
    reply = ok(session.run("end"))
    assert [(p.actors, p.lines) for p in reply.prompts] == [
        ((BO,), ("Round 1: your turn, Bo (AP 2/2, HP 12/12).",))
    ]
    assert ok(session.run("punch ada")).prompts == ()


def test_a_narrator_uses_the_generic_prompt_and_table_when_its_ruleset_has_none() -> None:
    session = toy_session()
    narrator = Narrator(Toy)
    ok(session.apply(ApplyEffect(name="Blessed", target=BO)))
    state = session.state
    assert narrator.order_table(state, GM) == order_table(state, GM)
    turn = state.clock.order[0]
    assert narrator.turn_prompt(turn, state) == turn_prompt(turn, state)

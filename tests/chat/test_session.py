"""The chat session, without a transport: who may do what, and who is told what."""

from __future__ import annotations

from pathlib import Path

import pytest

from fracas.app import open_encounter
from fracas.app.rulesets import demo_path
from fracas.chat.messages import EVERYONE, GAME_MASTERS, Member, Message
from fracas.chat.session import ChatSession
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.rules.momentum.ruleset import Momentum
from fracas.store import Member as StoredMember
from fracas.store import Store, Tracked
from fracas.store.database import connect, members


@pytest.fixture
def chat() -> ChatSession:
    """The momentum demo with a hidden Lurker, a game master and two players (Scout, Druid)."""
    chat = ChatSession(open_encounter(demo_path(Momentum), seed=5))
    chat.join("gm", game_master=True)
    chat.join("alice")
    chat.join("bob")
    chat.hear("alice", "+claim scout")
    chat.hear("bob", "+claim druid")
    chat.hear("gm", "+add Lurker raptors Raptor-1 -hidden")
    return chat


def seen_by(messages: list[Message], chat: ChatSession, name: str) -> list[str]:
    """The lines ``name`` receives of ``messages``."""
    person = chat.people[name]
    return [
        m.text
        for m in messages
        if m.to in (EVERYONE, Member(name)) or (m.to == GAME_MASTERS and person.game_master)
    ]


def test_a_pose_is_shown_to_everyone_in_the_players_name(chat: ChatSession) -> None:
    assert chat.hear("alice", ":nocks an arrow") == [Message(EVERYONE, "Scout nocks an arrow")]
    assert chat.hear("bob", '"Hold!') == [Message(EVERYONE, 'Druid says, "Hold!"')]
    assert chat.hear("gm", "The rain starts.") == [Message(EVERYONE, "gm: The rain starts.")]


def test_narration_reaches_each_member_as_their_side_may_see_it(chat: ChatSession) -> None:
    messages = chat.hear("gm", "+start")
    gm, alice = seen_by(messages, chat, "gm"), seen_by(messages, chat, "alice")
    assert any("Lurker" in line for line in gm)
    assert alice and not any("Lurker" in line for line in alice)
    attack = chat.hear("alice", "+attack raptor-1 -with shortbow !15 6")
    assert "Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23 vs Evasion 20: hit" in (
        seen_by(attack, chat, "gm")
    )
    assert "Scout attacks Raptor 1 with Shortbow: 1d20 (15) + 8 = 23: hit" in (
        seen_by(attack, chat, "bob")
    )


def test_the_turn_prompt_goes_to_the_player_whose_turn_starts(chat: ChatSession) -> None:
    messages = chat.hear("gm", "+start")
    prompt = "Round 1: your turn, Scout (AP 3/3, RP 2/2, Movement 3/3, Vitality 18/18, NM 6/6)."
    assert Message(Member("alice"), prompt) in messages
    assert prompt not in seen_by(messages, chat, "bob")
    chat.hear("alice", "+end")
    chat.hear("bob", "+end")
    messages = chat.hear("gm", "Rusher: +end")
    assert any(m.to == GAME_MASTERS and m.text.startswith("[Raptor 1 + ") for m in messages)


def test_a_bad_or_forbidden_command_is_one_line_to_its_speaker(chat: ChatSession) -> None:
    chat.hear("gm", "+start")
    before = chat.session.state
    assert chat.hear("bob", "+end") == [
        Message(Member("bob"), "error: it is not Druid's turn"),
    ]
    assert chat.hear("alice", "+atack raptor-1") == [
        Message(Member("alice"), 'error: unknown command "atack" (did you mean attack?)'),
    ]
    assert chat.hear("bob", "Scout: +end")[0].to == EVERYONE  # not a command from a player
    assert chat.session.state == before


def test_a_player_must_claim_a_free_visible_combatant_before_acting(chat: ChatSession) -> None:
    chat.join("cy")
    refused = "error: claim a combatant first: +claim NAME (+who shows who is free)"
    assert chat.hear("cy", "+start") == [Message(Member("cy"), refused)]
    assert chat.hear("cy", "+claim scout")[0].text.startswith("error: claim: ")
    assert chat.hear("cy", "+claim lurker")[0].text.startswith("error: claim: ")
    assert chat.hear("gm", "+claim rusher") == [
        Message(Member("gm"), "error: claim: the game master plays every combatant already")
    ]
    assert chat.hear("cy", "+claim rusher") == [Message(EVERYONE, "cy plays Rusher.")]
    assert chat.hear("cy", "+unclaim") == [Message(EVERYONE, "cy no longer plays Rusher.")]


def test_who_lists_members_and_free_combatants_but_no_hidden_one(chat: ChatSession) -> None:
    lines = [m.text for m in chat.hear("bob", "+who")]
    assert lines[:4] == [
        "Who is here:",
        "  gm: game master",
        "  alice: plays Scout",
        "  bob: plays Druid",
    ]
    assert lines[4].startswith("Free to claim: Rusher, Raptor 1") and "Lurker" not in lines[4]


def test_session_commands_answer_their_speaker_alone(chat: ChatSession) -> None:
    chat.hear("gm", "+start")
    order = chat.hear("alice", "+vinit")
    assert {m.to for m in order} == {Member("alice")}
    assert not any("Lurker" in m.text for m in order)
    assert any("Lurker" in m.text for m in chat.hear("gm", "+vinit"))
    helped = [m.text for m in chat.hear("alice", "+help")]
    assert helped[-3].startswith("Chat: +claim NAME")


def test_undo_is_the_game_masters_and_every_player_hears_of_it(chat: ChatSession) -> None:
    chat.hear("gm", "+start")
    assert chat.hear("alice", "+undo") == [
        Message(Member("alice"), "error: undo: only the game master can do that")
    ]
    messages = chat.hear("gm", "+undo")
    assert Message(Member("bob"), "The game master takes back a step.") in messages
    assert not chat.session.state.clock.started


def test_leaving_keeps_the_claim_for_the_return(chat: ChatSession) -> None:
    assert chat.leave("bob") == [Message(EVERYONE, "bob has disconnected.")]
    assert chat.hear("bob", "+who") == []
    messages = chat.join("bob")
    assert Message(Member("bob"), "Welcome, bob. You play Druid.") in messages
    assert chat.join("bob", game_master=True) == [
        Message(Member("bob"), "error: bob is a player here")
    ]


def test_a_change_calls_back_to_be_saved(chat: ChatSession) -> None:
    saved: list[int] = []
    chat.on_change = lambda session: saved.append(len(session.encounter.steps))
    chat.hear("alice", "+vinit")
    chat.hear("gm", "+start")
    assert saved == [len(chat.session.encounter.steps)]


def test_a_player_types_the_faces_a_waiting_command_asks_for() -> None:
    """Players may roll physical dice: a command waits for a face, given on the next line."""
    chat = ChatSession(open_encounter(demo_path(Momentum), seed=5, dice=LoadedDice(())))
    chat.join("alice")
    chat.hear("alice", "+claim scout")
    chat.session.run("start")
    asked = chat.hear("alice", "+attack raptor-1 -with shortbow")
    assert asked == [
        Message(Member("alice"), "+attack raptor-1 -with shortbow: roll a d20 and type its face")
    ]
    assert chat.hear("alice", "15")[-1].to == Member("alice")  # now the d8
    told = [m.text for m in chat.hear("alice", "6")]
    assert "Raptor 1 takes 5: armor \u22121 (6 \u2192 5); Vitality 14 \u2192 9" in told
    assert chat.hear("alice", "12") == [Message(EVERYONE, "Scout: 12")]  # nothing waits: a pose


def test_a_command_on_an_encounter_another_process_deleted_is_an_error_line(
    tmp_path: Path,
) -> None:
    """A stored encounter deleted by ``fracas delete`` (another process) while the chat serves
    it: a command is answered with one error line to its speaker, and the connection lives on."""
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    store = Store(url)
    encounter = store.create(open_encounter(demo_path(Momentum), seed=5))
    chat = ChatSession(Tracked(store, encounter))
    chat.join("gm", game_master=True)
    Store(url).delete(encounter)
    told = chat.hear("gm", "+start")
    assert told == [Message(Member("gm"), f"error: no encounter {encounter!r}")]
    assert chat.hear("gm", ":waits") == [Message(EVERYONE, "gm waits")]
    store.close()


def test_a_member_whose_combatant_is_removed_plays_nobody(chat: ChatSession) -> None:
    """The game master removes Scout: alice plays nobody (told so), and a new Scout later
    added is free for anyone to claim, not silently hers again; an undone add releases too."""
    removed = chat.hear("gm", "+remove scout")
    told = "You play nobody now: Scout has left the fight. +claim NAME plays another."
    assert Message(Member("alice"), told) in removed
    assert all(told not in seen_by(removed, chat, name) for name in ("gm", "bob"))
    assert chat.people["alice"].plays is None
    (refused,) = chat.hear("alice", "+end")
    assert refused.text.startswith("error: claim a combatant first")
    chat.hear("gm", "+add Scout party Raptor-1")
    assert chat.people["alice"].plays is None
    chat.hear("bob", "+unclaim")
    assert chat.hear("bob", "+claim scout") == [Message(EVERYONE, "bob plays Scout.")]
    chat.hear("gm", "+add Rookie party Raptor-1")
    chat.hear("alice", "+claim rookie")
    undone = chat.hear("gm", "+undo")
    assert chat.people["alice"].plays is None
    assert (
        Message(
            Member("alice"),
            "You play nobody now: Rookie has left the fight. +claim NAME plays another.",
        )
        in undone
    )


def test_a_removed_combatants_claim_is_released_in_the_store_too(tmp_path: Path) -> None:
    """Stored: a combatant removed by another process (the web tracker) is released at the
    chat's next command, and one removed while no chat served the encounter when a chat opens
    it again; the member's password stays either way."""
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    store = Store(url)
    encounter = store.create(open_encounter(demo_path(Momentum), seed=5))
    store.keep_member(encounter, StoredMember("bob", CombatantId("druid"), "scrypt$bob"))
    chat = ChatSession(Tracked(store, encounter))
    for name, role in (("gm", True), ("alice", False), ("bob", False)):
        chat.join(name, game_master=role)
    chat.hear("alice", "+claim scout")
    Tracked(Store(url), encounter).run("remove scout")  # elsewhere
    assert Message(
        Member("alice"), "You play nobody now: Scout has left the fight. +claim NAME plays another."
    ) in chat.hear("gm", "+vinit")
    Tracked(Store(url), encounter).run("remove druid")  # while no chat serves it
    again = ChatSession(Tracked(Store(url), encounter))
    assert again.people["bob"].plays is None and again.roster.claims() == {}
    kept = {m.name: m for m in store.members(encounter)}
    assert kept["alice"].combatant is None and kept["alice"].password is None  # in memory only
    assert kept["bob"] == StoredMember("bob", None, "scrypt$bob")
    store.close()


def test_a_claim_the_database_refuses_is_an_error_that_names_no_part_of_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'chat.sqlite3'}"
    store = Store(url)
    chat = ChatSession(Tracked(store, store.create(open_encounter(demo_path(Momentum), seed=5))))
    chat.join("alice")
    engine = connect(url)
    members.drop(engine)  # the database broken under the chat
    engine.dispose()
    (refused,) = chat.hear("alice", "+claim scout")
    assert refused.to == Member("alice") and "the database failed" in refused.text
    for internal in (str(tmp_path), "sqlite", "members"):
        assert internal not in refused.text
    assert chat.people["alice"].plays is None
    store.close()

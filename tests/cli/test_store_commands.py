"""``fracas list``, ``resume``, ``export``, ``import``, ``links``, ``revoke`` and ``delete`` on a
real SQLite store."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app
from fracas.engine.action import CombatantId
from fracas.store import Store, Tracked, UnknownLink
from tests.store.conftest import demo

runner = CliRunner()


def imported_id(printed: str) -> str:
    """The new encounter's id, from ``fracas import``'s first line."""
    match = re.match(r"imported .* as encounter (\w+)", printed)
    assert match is not None, printed
    return match.group(1)


def test_export_import_list_and_resume(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    Tracked(store, encounter).run("start")

    exported = runner.invoke(app, ["export", encounter, "--database", url])
    assert exported.exit_code == 0, exported.output
    fight = tmp_path / "fight.json"
    fight.write_text(exported.stdout)
    assert json.loads(exported.stdout) == store.export(encounter)

    imported = runner.invoke(app, ["import", str(fight), "--database", url])
    assert imported.exit_code == 0, imported.output
    copy = imported_id(imported.stdout)
    assert store.export(copy) == store.export(encounter)

    listed = runner.invoke(app, ["list", "--database", url])
    assert encounter in listed.stdout and copy in listed.stdout
    assert "Surrounded by raptors" in listed.stdout

    resumed = runner.invoke(
        app, ["resume", copy, "--database", url], input="attack raptor-1 -with shortbow\nundo\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert "Scout attacks Raptor 1" in resumed.stdout and "Undone" in resumed.stdout
    assert len(store.load(copy).session.encounter.undone) == 1  # both changes were committed
    store.close()


def test_import_prints_the_game_masters_link_and_the_player_links_asked_for(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    fight = tmp_path / "fight.json"
    fight.write_text(json.dumps(store.export(store.create(demo()))))

    imported = runner.invoke(
        app, ["import", str(fight), "--player", "drui", "--player", "Scout", "--database", url]
    )
    assert imported.exit_code == 0, imported.output
    copy = imported_id(imported.stdout)
    gm, druid, scout = store.links(copy)
    assert gm.gm and (druid.combatant, scout.combatant) == ("druid", "scout")
    assert imported.stdout.splitlines() == [
        f"imported {fight} as encounter {copy}: Surrounded by raptors",
        f"  game master: http://127.0.0.1:8000/gm/{gm.token}",
        f"  Druid: http://127.0.0.1:8000/play/{druid.token}",
        f"  Scout: http://127.0.0.1:8000/play/{scout.token}",
        f"Open them while fracas serve runs there; fracas links {copy} lists them.",
    ]

    elsewhere = runner.invoke(
        app, ["import", str(fight), "--address", "http://table.local:9000/", "--database", url]
    )
    other = imported_id(elsewhere.stdout)
    (link,) = store.links(other)
    assert f"  game master: http://table.local:9000/gm/{link.token}" in elsewhere.stdout

    before = store.summaries()
    unknown = runner.invoke(app, ["import", str(fight), "--player", "drood", "--database", url])
    assert unknown.exit_code == 2
    assert unknown.stderr == (
        f"fracas: error: {fight}: nothing imported: unknown combatant for --player "
        '"drood" (did you mean Druid?)\n'
    )
    assert store.summaries() == before
    store.close()


def test_bad_ids_and_files_are_one_line_errors(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    for command in (["export", "nope"], ["resume", "nope"], ["import", str(tmp_path / "x.json")]):
        result = runner.invoke(app, [*command, "--database", url])
        assert result.exit_code == 2
        assert result.stderr.startswith("fracas: error: ") and result.stderr.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fracas-encounter", "version": 1, "ruleset": "nope"}')
    result = runner.invoke(app, ["import", str(bad), "--database", url])
    assert result.exit_code == 2 and "nope" in result.stderr
    assert Store(url).summaries() == []


def test_links_revoke_and_delete(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter, kept = store.create(demo()), store.create(demo())
    gm = store.grant(encounter)
    player = store.grant(encounter, CombatantId("druid"))

    listed = runner.invoke(app, ["links", encounter, "--database", url])
    assert listed.exit_code == 0, listed.output
    rows = [line for line in listed.stdout.splitlines() if gm.token in line]  # whole, to copy
    assert rows and "game master" in rows[0]
    assert "Druid" in listed.stdout and player.token in listed.stdout

    revoked = runner.invoke(app, ["revoke", player.token, "--database", url])
    assert revoked.exit_code == 0, revoked.output
    assert f"revoked druid's player's link to encounter {encounter}" in revoked.stdout
    assert store.links(encounter) == [gm]
    again = runner.invoke(app, ["revoke", player.token, "--database", url])
    assert again.exit_code == 2 and "no such link" in again.stderr

    unasked = runner.invoke(app, ["delete", encounter, "--database", url])
    assert unasked.exit_code == 2
    assert f"fracas export {encounter} > FILE" in unasked.stderr  # how to keep it, first
    assert {s.id for s in store.summaries()} == {encounter, kept}

    saved = tmp_path / "kept.json"
    before = store.export(encounter)
    deleted = runner.invoke(
        app, ["delete", encounter, "--yes", "--export", str(saved), "--database", url]
    )
    assert deleted.exit_code == 0, deleted.output
    assert f"deleted {encounter}" in deleted.stdout
    assert json.loads(saved.read_text()) == before
    assert [s.id for s in store.summaries()] == [kept]
    with pytest.raises(UnknownLink):
        store.link(gm.token)
    brought_back = runner.invoke(app, ["import", str(saved), "--database", url])
    assert store.export(imported_id(brought_back.stdout)) == before

    unwritable = tmp_path / "no-such-folder" / "x.json"
    refused = runner.invoke(
        app, ["delete", kept, "--yes", "--export", str(unwritable), "--database", url]
    )
    assert refused.exit_code == 2 and "nothing was deleted" in refused.stderr
    assert kept in {s.id for s in store.summaries()}
    missing = runner.invoke(app, ["delete", "nope", "--yes", "--database", url])
    assert missing.exit_code == 2 and "no encounter 'nope'" in missing.stderr

    leaked = store.grant(kept)
    replaced = runner.invoke(app, ["revoke", leaked.token, "--database", url])
    assert f"fracas serve {kept} prints a new one" in replaced.stdout
    assert store.grant(kept).token != leaked.token
    store.close()


def test_delete_asks_on_a_terminal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    for answer, status, left in (("n", 1, [encounter]), ("y", 0, [])):
        primary, secondary = pty.openpty()
        process = subprocess.Popen(
            [sys.executable, "-m", "fracas", "delete", encounter, "--database", url],
            stdin=secondary,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        os.close(secondary)
        os.write(primary, f"{answer}\n".encode())
        output, _ = process.communicate(timeout=60)
        os.close(primary)
        assert process.returncode == status, output
        assert f"fracas export {encounter} > FILE" in output.decode()  # said before deleting
        assert [s.id for s in store.summaries()] == left
    store.close()


def test_delete_with_export_keeps_a_fight_that_went_on_while_it_asked(tmp_path: Path) -> None:
    """``fracas delete ID --export FILE`` saves, then asks; a step made meanwhile (the fight is
    served elsewhere) is in no save, so the encounter is not deleted and the step is kept."""
    url = f"sqlite:///{tmp_path / 'fracas.sqlite3'}"
    store = Store(url)
    encounter = store.create(demo())
    before = store.version(encounter)
    saved = tmp_path / "kept.json"
    primary, secondary = pty.openpty()
    command = ["delete", encounter, "--export", str(saved), "--database", url]
    process = subprocess.Popen(
        [sys.executable, "-m", "fracas", *command],
        stdin=secondary,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    os.close(secondary)
    assert process.stdout is not None
    asked = b""
    while b"for good?" not in asked:
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, asked
        asked += chunk
    assert Tracked(store, encounter).run("start").changed  # the fight goes on, served elsewhere
    os.write(primary, b"y\n")
    output, _ = process.communicate(timeout=60)
    os.close(primary)
    assert process.returncode == 2, output
    assert f"{encounter} changed since it was saved to {saved}: nothing deleted" in output.decode()
    assert store.version(encounter) == before + 1 and saved.exists()
    store.close()

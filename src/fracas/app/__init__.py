"""The app layer: sessions that run command text, narration, views, files.

Every front end (the ``fracas`` CLI, chat, web) drives an encounter through a ``Session``::

    session = open_encounter("raptors.yaml", seed=7)
    reply = session.run("start")
    reply = session.run("Raptor 1: attack druid")     # the game master acts as an NPC
    reply = session.run("attack raptor 2 !15 6")        # dice the table rolled, typed in
    print("\\n".join(reply.lines) if reply.ok else reply.error)
    view = session.view(player("party"))                # what the players may see

The names below are imported when first used, so that a module of the package (such as
``fracas.app.rulesets``, what ``fracas rulesets`` reads) loads without the sessions, the
catalogue and the command grammar.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fracas.app.audience import GM, Audience, player
    from fracas.app.catalogue import (
        SESSION_COMMANDS,
        Help,
        Log,
        Redo,
        SessionCommand,
        Status,
        Undo,
        build_catalogue,
    )
    from fracas.app.durations import until
    from fracas.app.engine_narration import ENGINE_NARRATORS
    from fracas.app.faces import faces_only, split_faces
    from fracas.app.files import (
        SessionFileError,
        autosave_path,
        load_session,
        new_session,
        open_encounter,
        read_json,
        session_from_save,
        write_session,
    )
    from fracas.app.narration import Narrator
    from fracas.app.reference import command_reference, update_reference
    from fracas.app.rulesets import available, default_demo, demo_of, demo_path, find
    from fracas.app.scene import EventNarrator, Scene, generic, joined, render_value, signed
    from fracas.app.session import Pending, Reply, Session
    from fracas.app.views import (
        CombatantView,
        EffectView,
        EncounterView,
        PoolView,
        TurnView,
        gm_view,
        player_view,
        render_text,
        view,
    )

__all__ = [
    "ENGINE_NARRATORS",
    "GM",
    "SESSION_COMMANDS",
    "Audience",
    "CombatantView",
    "EffectView",
    "EncounterView",
    "EventNarrator",
    "Help",
    "Log",
    "Narrator",
    "Pending",
    "PoolView",
    "Redo",
    "Reply",
    "Scene",
    "Session",
    "SessionCommand",
    "SessionFileError",
    "Status",
    "TurnView",
    "Undo",
    "autosave_path",
    "available",
    "build_catalogue",
    "command_reference",
    "default_demo",
    "demo_of",
    "demo_path",
    "faces_only",
    "find",
    "generic",
    "gm_view",
    "joined",
    "load_session",
    "new_session",
    "open_encounter",
    "player",
    "player_view",
    "read_json",
    "render_text",
    "render_value",
    "session_from_save",
    "signed",
    "split_faces",
    "until",
    "update_reference",
    "view",
    "write_session",
]

_HOMES = {
    "audience": ("GM", "Audience", "player"),
    "catalogue": (
        "SESSION_COMMANDS",
        "Help",
        "Log",
        "Redo",
        "SessionCommand",
        "Status",
        "Undo",
        "build_catalogue",
    ),
    "durations": ("until",),
    "faces": ("faces_only", "split_faces"),
    "files": (
        "SessionFileError",
        "autosave_path",
        "load_session",
        "new_session",
        "open_encounter",
        "read_json",
        "session_from_save",
        "write_session",
    ),
    "engine_narration": ("ENGINE_NARRATORS",),
    "narration": ("Narrator",),
    "reference": ("command_reference", "update_reference"),
    "rulesets": ("available", "default_demo", "demo_of", "demo_path", "find"),
    "scene": ("EventNarrator", "Scene", "generic", "joined", "render_value", "signed"),
    "session": ("Pending", "Reply", "Session"),
    "views": (
        "CombatantView",
        "EffectView",
        "EncounterView",
        "PoolView",
        "TurnView",
        "gm_view",
        "player_view",
        "render_text",
        "view",
    ),
}
"""The module of the package that defines each exported name."""

_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    """The exported ``name`` from its module, imported now (PEP 562)."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOME[name]}"), name)

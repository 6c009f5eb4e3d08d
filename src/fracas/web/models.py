"""The API's request and answer bodies (pydantic: unknown fields are errors)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_TEXT = 2000
MAX_SEED = 2**63 - 1
MAX_FACES = 200


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Faces = list[int] | None


class NewEncounter(Strict):
    """An encounter to create: empty, or the ruleset's demo fight (``demo``)."""

    ruleset: str = Field(min_length=1, max_length=100, description="Slug, name or alias.")
    name: str = Field(default="", max_length=200)
    seed: int | None = Field(
        default=None, ge=0, le=MAX_SEED, description="Seed of the dice; random when left out."
    )
    settings: dict[str, Any] = Field(default_factory=dict, description="The ruleset's settings.")
    demo: bool = Field(default=False, description="Start from the ruleset's demo encounter.")


class Created(BaseModel):
    """A new encounter, and the game master's secret link to it."""

    id: str
    token: str
    page: str


class CommandIn(Strict):
    """One line of command text, as typed at the table (``attack raptor-1 !15 6``)."""

    text: str = Field(max_length=MAX_TEXT)
    faces: Faces = Field(
        default=None, max_length=MAX_FACES, description="Dice rolled at the table, in order."
    )


class ActionIn(Strict):
    """A typed action: its verb and its fields as JSON (``{"target": "raptor-1"}``)."""

    verb: str = Field(min_length=1, max_length=100)
    fields: dict[str, Any] = Field(default_factory=dict)
    faces: Faces = Field(default=None, max_length=MAX_FACES)


class ParamOut(BaseModel):
    """How one field is typed in the command language: positional (in ``params`` order) or as
    ``-flag VALUE`` (``-flag`` alone for a ``bool``); ``kind`` is ``combatant``, ``combatants``,
    ``int``, ``str``, ``rest`` (the rest of the line), ``bool``, ``choice`` (one of
    ``choices``) or ``parsed``."""

    name: str
    kind: str
    positional: bool
    flag: str
    required: bool
    help: str
    choices: list[str] = []


class ActionOut(BaseModel):
    """A typed action's verb, help line, whether only the game master gives it, the JSON
    schema of its ``fields``, and how each is typed as command text (``params``)."""

    verb: str
    help: str
    game_master: bool
    fields: dict[str, Any]
    params: list[ParamOut] = []


class CombatantIn(Strict):
    """A combatant to add: its sheet as JSON (``sheet``) or as a YAML stat block (``yaml``)."""

    name: str = Field(min_length=1, max_length=100)
    side: str = Field(min_length=1, max_length=100)
    sheet: dict[str, Any] | None = None
    yaml: str | None = Field(default=None, max_length=100_000)
    group: str | None = Field(default=None, min_length=1, max_length=100)
    hidden: bool = False


class ReplyOut(BaseModel):
    """What a command did: the narrated lines (for the sender), and the die it waits for."""

    command: str
    lines: list[str]
    needs: int | None = None
    changed: bool
    version: int


class LinkOut(BaseModel):
    """A secret link: the game master's (combatant null) or one player's."""

    token: str
    combatant: str | None
    name: str | None
    page: str


class SeatOut(BaseModel):
    """What a link opens: the encounter as its holder sees it."""

    encounter: str
    gm: bool
    combatant: str | None
    version: int
    view: dict[str, Any]
    log: list[str]
    waiting: str | None = None
    """The holder's command waiting for dice typed at the table, as the table is asked."""


class Completions(BaseModel):
    """What the command box offers: the verbs this seat may use, and the names it sees."""

    verbs: list[str]
    names: list[str]


class RulesetOut(BaseModel):
    slug: str
    name: str
    aliases: list[str]
    demo: bool

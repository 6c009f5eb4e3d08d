"""The API's request and answer bodies (pydantic: unknown fields are errors)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema

from fracas.app.catalogue import SessionCommand, game_actions
from fracas.app.rulesets import available
from fracas.engine import saving
from fracas.engine.names import checked_name
from fracas.seeds import SEED_BOUND as SEED_BOUND
from fracas.web.errors import ApiError
from fracas.web.limits import MAX_SAVE_STEPS

MAX_TEXT = 2000
MAX_FACES = 200


class Strict(BaseModel):
    """A request body: unknown fields are errors, and no value is coerced (``0`` is not a
    boolean), so the server accepts exactly what the OpenAPI document declares."""

    model_config = ConfigDict(extra="forbid", strict=True)


Faces = list[int] | None


Name = Annotated[str, AfterValidator(checked_name)]
"""A name shown at the table (``fracas.engine.names``)."""

RULESET_NAMES = sorted(
    {
        spelling
        for r in available()
        for word in (r.descriptor.slug, r.descriptor.name, *r.descriptor.aliases)
        for spelling in (word, word.lower(), word.title())
    }
)
"""What ``ruleset`` may be: a ruleset's slug, name or alias, as written, in lower case or with
capitals."""

VERBS = sorted(
    {
        kind.verb
        for r in available()
        for kind in game_actions(r)
        if not issubclass(kind, SessionCommand)
    }
)
"""The verbs of the typed actions of every ruleset (each encounter's own are in its catalogue)."""


def _one_of(choices: list[str], what: str) -> Callable[[str], str]:
    """A check that a text is one of ``choices`` (declared as an enum in the OpenAPI document,
    so the document says exactly what the server accepts)."""

    def check(value: str) -> str:
        if value not in choices:
            raise ValueError(f"no {what} {value!r} (known: {', '.join(choices)})")
        return value

    return check


RulesetName = Annotated[
    str,
    AfterValidator(_one_of(RULESET_NAMES, "ruleset")),
    WithJsonSchema({"type": "string", "enum": RULESET_NAMES}),
]

Verb = Annotated[
    str,
    AfterValidator(_one_of(VERBS, "action")),
    WithJsonSchema({"type": "string", "enum": VERBS}),
]


class NewEncounter(Strict):
    """An encounter to create: empty, or the ruleset's demo fight (``demo``)."""

    ruleset: RulesetName = Field(description="Slug, name or alias.")
    name: Name = Field(default="", max_length=200)
    seed: int | None = Field(
        default=None, ge=0, lt=SEED_BOUND, description="Seed of the dice; random when left out."
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
        default=None,
        min_length=1,
        max_length=MAX_FACES,
        description="Dice rolled at the table, in order.",
    )


class ActionIn(Strict):
    """A typed action: its verb and its fields as JSON (``{"target": "raptor-1"}``)."""

    verb: Verb
    fields: dict[str, Any] = Field(default_factory=dict)
    faces: Faces = Field(default=None, min_length=1, max_length=MAX_FACES)


class ParamOut(BaseModel):
    """How one field is typed in the command language: positional (in ``params`` order) or as
    ``-flag VALUE`` (``-flag`` alone for a ``bool``); ``kind`` is ``combatant``, ``combatants``,
    ``int``, ``str``, ``rest`` (the rest of the line), ``bool``, ``choice`` (one of
    ``choices``) or ``parsed``. ``offered``: by combatant id, what that combatant's sheet
    offers the field (its weapons, its powers): a pick list, the value staying free text; only
    for the combatants the link may act as (a player's: their own). ``offered_by``: the
    combatant field whose sheet's ``offered`` names apply (the collider's powers for
    ``-collide-with``), null for the actor's. ``aims``: on a combatant field, whom the rules
    mean it for, ``ally`` (the actor's side: a creature to stabilize) or ``foe``; null when
    not declared."""

    name: str
    kind: str
    positional: bool
    flag: str
    required: bool
    help: str
    choices: list[str] = []
    offered: dict[str, list[str]] = {}
    offered_by: str | None = None
    aims: Literal["ally", "foe"] | None = None


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

    name: Name = Field(min_length=1, max_length=100)
    side: Name = Field(min_length=1, max_length=100)
    sheet: dict[str, Any] | None = None
    yaml: str | None = Field(default=None, min_length=1, max_length=100_000)
    group: Name | None = Field(default=None, min_length=1, max_length=100)
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


SAVE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A save, as export gives it.",
    "required": ["format", "version", "ruleset", "seed"],
    "properties": {
        "format": {"type": "string", "enum": [saving.FORMAT]},
        "version": {"type": "integer", "enum": [saving.VERSION]},
        "ruleset": {"type": "string", "enum": RULESET_NAMES},
        "seed": {"type": "integer", "minimum": 0, "exclusiveMaximum": SEED_BOUND},
        "settings": {"type": "object"},
        "name": {"type": "string"},
        "setup": {"type": "integer", "minimum": 0},
        "steps": {"type": "array", "items": {"type": "object"}, "maxItems": MAX_SAVE_STEPS},
        "undone": {"type": "array", "items": {"type": "object"}, "maxItems": MAX_SAVE_STEPS},
    },
}
"""The import's body as the OpenAPI document declares it; ``check_save`` holds a save to it."""


def check_save(save: dict[str, Any]) -> None:
    """422 naming the first field of ``save`` that SAVE_SCHEMA does not allow (its steps are checked
    by replaying them)."""
    kinds: dict[str, type | tuple[type, ...]] = {
        "format": str,
        "version": int,
        "ruleset": str,
        "seed": int,
        "settings": dict,
        "name": str,
        "setup": int,
        "steps": list,
        "undone": list,
    }
    for key in SAVE_SCHEMA["required"]:
        if key not in save:
            raise ApiError(422, "bad-save", f"a save needs {key!r}", key)
    for key, kind in kinds.items():
        value = save.get(key)
        if key in save and (not isinstance(value, kind) or isinstance(value, bool)):
            raise ApiError(
                422, "bad-save", f"{key}: not a {SAVE_SCHEMA['properties'][key]['type']}", key
            )
        allowed = SAVE_SCHEMA["properties"][key].get("enum")
        if allowed is not None and value not in allowed:
            raise ApiError(422, "bad-save", f"{key}: {value!r} is not one of {allowed}", key)
        if isinstance(value, int) and value < 0:
            raise ApiError(422, "bad-save", f"{key}: must not be negative", key)
        bound = SAVE_SCHEMA["properties"][key].get("exclusiveMaximum")
        if bound is not None and value >= bound:
            raise ApiError(422, "bad-save", f"{key}: must be less than {bound}", key)
        if isinstance(value, list) and not all(isinstance(item, dict) for item in value):
            raise ApiError(422, "bad-save", f"{key}: each step is an object", key)

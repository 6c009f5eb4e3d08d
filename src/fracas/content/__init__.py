"""Content loading: the YAML a game master writes, checked against the models it must fit.

Nothing else in fracas reads YAML. Every problem in a file is raised as one ``ContentError`` that
names the file, line, column and field path, e.g.
``raptors.yaml:14:5: combatants[2].sheet.stats.strenght: unknown field (did you mean strength?)``.
"""

from fracas.content.encounter import (
    MAX_COUNT,
    CombatantEntry,
    CombatantSpec,
    EncounterFile,
    EncounterSpec,
    LoadedEncounter,
    StatBlock,
    build_combatants,
    deep_merge,
    load_encounter,
    load_statblock,
    load_statblocks,
    read_encounter,
)
from fracas.content.errors import ContentError
from fracas.content.located import (
    Entry,
    LocatedDocument,
    Location,
    Overlay,
    Position,
    Source,
    Subtree,
    parse_document,
    read_document,
)
from fracas.content.paths import FieldPath, format_path
from fracas.content.validate import convert_validation_error, validate

__all__ = [
    "MAX_COUNT",
    "CombatantEntry",
    "CombatantSpec",
    "ContentError",
    "EncounterFile",
    "EncounterSpec",
    "Entry",
    "FieldPath",
    "LoadedEncounter",
    "LocatedDocument",
    "Location",
    "Overlay",
    "Position",
    "Source",
    "StatBlock",
    "Subtree",
    "build_combatants",
    "convert_validation_error",
    "deep_merge",
    "format_path",
    "load_encounter",
    "load_statblock",
    "load_statblocks",
    "parse_document",
    "read_document",
    "read_encounter",
    "validate",
]

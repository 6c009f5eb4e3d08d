"""The lurasko ruleset's settings: the chapter's numbers and the defaults where it is silent.

Every field's description says where its default comes from: "Seed:" quotes the chapter,
"SOURCES.md:" is a documented default (section 5 or 8), "Default:" is a reading chosen here
because neither says. A group that plays differently changes one value.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fracas.dice import DiceNotation
from fracas.rules.lurasko.injury import MELEE_TABLE, RANGED_TABLE, InjuryTable
from fracas.rules.lurasko.vocabulary import InjuryType


class LuraskoSettings(BaseModel):
    """Settings of one Lur-Asko encounter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Turn structure
    initiative_dice: DiceNotation = Field(
        "1d20",
        validate_default=True,
        description="Default: initiative is this roll plus the sheet's initiative bonus, highest"
        " first, rolled once when combat starts (combat1.html was only read to its opening).",
    )
    actions_per_turn: int = Field(
        1,
        ge=0,
        description="Default: actions in the action phase of a turn (SOURCES.md 5: rounds have a"
        " movement phase, then an action phase; the number of actions was not found).",
    )

    charging_uses_action: bool = Field(
        False,
        description="Default: making shielding or pseudogravity points costs only the resource"
        " (the chapter: it 'can only be done on the shielding character's own turn'; what else"
        " it costs is the source's).",
    )
    lifting_uses_action: bool = Field(
        True,
        description="Default: a use of pseudogravity takes an action ('before taking the"
        " required action to use them').",
    )
    pseudogravity_light_until_turn_end: bool = Field(
        True,
        description="Default: the dim light of spending pseudogravity points lasts to the end"
        " of the user's turn (the chapter gives no duration).",
    )

    # Defense roll (SOURCES.md 5.3)
    critical_margin: int = Field(
        20,
        ge=1,
        description="Seed: 'A critical hit occurs whenever a character fails their defense roll"
        " by 20 or more.'",
    )
    defense_die: DiceNotation = Field(
        "1d20",
        validate_default=True,
        description="SOURCES.md 5.3: the defense roll is 1d20 + Hindrance (the attack's pressure"
        " included) - Aid, succeeding at or under the TN.",
    )
    melee_injury_table: InjuryTable = Field(
        MELEE_TABLE,
        description="SOURCES.md 5.1, 8: the d20 melee injury-type table the GM pre-rolls, as"
        " (highest face, type) bands: 1-6 Superficial, 7-10 Core, 11-14 Hand/Arm, 15-17"
        " Mobility, 18-20 Perception.",
    )
    ranged_injury_table: InjuryTable = Field(
        RANGED_TABLE,
        description="SOURCES.md 5.1, 8: the d20 ranged injury-type table: 1-6 Superficial, 7-10"
        " Core, 11-14 Mobility, 15-17 Hand/Arm, 18-20 Perception.",
    )
    hindrance_per_mobility_degree: int = Field(
        1,
        ge=0,
        description="SOURCES.md 5.1: each degree of injury is 1 Hindrance on rolls using that"
        " body area; read here as Mobility degrees hindering the defense roll.",
    )
    pressure_lost_per_hand_arm_degree: int = Field(
        1,
        ge=0,
        description="SOURCES.md 5.1 (as above): Hand/Arm degrees hinder the attacker's offense,"
        " lowering the pressure its attacks put on the defense roll.",
    )

    area_defense_tn_bonus: int = Field(
        5,
        description="SOURCES.md 5.4: each character in an AoE's area makes its own defense roll"
        " at +5 TN.",
    )

    overeffect_area_percent: int = Field(
        25,
        ge=0,
        description="Default: the area damage of overeffect (a direct hit of 120 or more), as"
        " a share of the hit; SOURCES.md 5.4 gives only the threshold, and this reads it like a"
        " deliberate AoE's 25 % area.",
    )

    # Damage and injury
    injury_factor_minimum: int = Field(
        2, ge=1, description="SOURCES.md 5.1: injury factor = bCON x WGT / 5, minimum 2."
    )
    death_core_degrees_per_bcon: int = Field(
        2,
        ge=1,
        description="SOURCES.md 5.1: Core degrees count toward death at 2 x bCON.",
    )
    quick_damage_injury: InjuryType = Field(
        InjuryType.SUPERFICIAL,
        description="Default: the injury type of the degrees a game master's `damage` crosses "
        "when it names none (-type); the seed has no damage without a hit.",
    )
    strength_to_damage: bool = Field(
        True,
        description="Default: a melee weapon adds the wielder's STR to its damage and its drive"
        " (the seed: STR counts towards 'how much is added to damage and drive'; the amount is"
        " read here as STR itself).",
    )

    # Voluntary reduction
    melee_reduction_hindrance: int = Field(
        1, ge=0, description="Seed: reducing melee damage to 50 % or 25 % costs '1 Hindrance'."
    )
    ranged_reduction_hindrance: int = Field(
        3, ge=0, description="Seed: halving ranged damage and drive costs '3 Hindrance'."
    )

    # Critical hits
    critical_drive_bonus: int = Field(
        10, ge=0, description="Seed: a critical may 'increase the drive of all weapons ... by 10'."
    )
    critical_precise_drive_bonus: int = Field(
        20, ge=0, description="Seed: 'If a melee weapon has the Precise tag ... by 20 instead.'"
    )

    # Energy effects
    fatigue_per_frost_degree: int = Field(
        25,
        ge=0,
        description="Seed: 'For every degree of injury inflicted by frost damage, the"
        " victim also receives 25 fatigue.'",
    )
    deafened_rounds: int = Field(
        6, ge=0, description="Seed: blast deafens 'for 30 seconds (6 turns)'; a round is 5 s."
    )

    @field_validator("melee_injury_table", "ranged_injury_table")
    @classmethod
    def _bands_cover_the_d20(cls, table: InjuryTable) -> InjuryTable:
        """Each band's highest face above the last, the last 20: every face has its type."""
        tops = [top for top, _ in table]
        if not tops or tops != sorted(set(tops)) or tops[0] < 1 or tops[-1] != 20:
            raise ValueError("injury-type bands rise from 1 and the last ends at 20")
        return table

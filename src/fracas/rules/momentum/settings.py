"""The momentum ruleset's settings: the chapter's numbers and the defaults where it is silent.

Every field's description says where its default comes from: "Seed:" quotes the chapter,
"SOURCES.md:" is a documented default (section 4 or 8), "Default:" is a reading chosen here
because the chapter leaves a question open. A group that plays differently changes one value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.dice import DiceNotation


class MomentumSettings(BaseModel):
    """Settings of one momentum encounter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Action economy and movement
    ap_per_turn: int = Field(3, ge=0, description="Seed: three Action Points each turn.")
    rp_per_round: int = Field(2, ge=0, description="Seed: two Reaction Points for the round.")
    basic_movement_m: int = Field(
        3, ge=0, description="Seed: Basic Movement is 'usually 3 m'; used when a sheet sets none."
    )
    sprint_multiplier: int = Field(
        4, ge=0, description="Seed: Sprint adds 'four times your Basic Movement'."
    )
    difficult_terrain_cost_m: int = Field(
        2,
        ge=1,
        description="Seed: difficult terrain needs '2 m of movement to move one 1 m square'.",
    )
    share_space_size_gap: int = Field(
        2,
        ge=0,
        description="Seed: a space can be shared with a creature 'two size categories bigger or"
        " smaller'; read as at least this many categories apart.",
    )

    # Stats
    stat_bonus_base: int = Field(
        10, description="SOURCES.md: Stat Bonus = Stat - 10 (fits the chapter's three examples)."
    )
    object_initiative: int = Field(0, description="Seed: 'The Initiative of objects is always 0.'")
    ask_initiative_ties: bool = Field(
        True,
        description="Seed: 'If two creatures have the same Initiative, the GM decides who goes"
        " first': the first round's ties are offered to the GM, the order they joined as the"
        " proposal (tiebreak NAME). False: the join order decides without asking (a simulation).",
    )

    # Checks
    check_ties_succeed: bool = Field(
        True,
        description="Default: a Skill Check against a difficulty succeeds on a total equal to it,"
        " as attacks ('at least the same amount') and DRs ('at least as high') do.",
    )
    critical_success_natural: int = Field(
        20,
        ge=1,
        le=20,
        description="Default: a Skill Check is a critical success on this natural d20 or higher"
        " (the chapter uses 'critical success' without defining it).",
    )
    contested_tie_winner: Literal["actor", "target"] = Field(
        "target",
        description="Default: who wins a tie in a contested check whose text says only 'succeed"
        " ... against' (Blind, Climb, Grab, Shove, Trip, moving through an enemy). Disarm"
        " ('roll higher') and Hide ('beat') always need a strictly higher total.",
    )
    stabilize_difficulty: int = Field(
        8, description="Seed: Stabilize is 'a First Aid Check against 8'."
    )

    # Damage
    critical_bonus: int = Field(
        6, ge=0, description="Seed: 'Critical hits with weapons increase the damage by 6.'"
    )
    critical_bonus_per_tier: int = Field(
        3,
        ge=0,
        description="Seed: Abilities add 'an additional 3 for every Tier'; a Maneuver adds"
        " '3 times the Tier'.",
    )
    armor_before_multipliers: bool = Field(
        True,
        description="Default: Armor (or the DR value) is subtracted before resistance, immunity"
        " and vulnerability; the chapter does not order them. The Armor examples have no"
        " multiplier, so both orders fit the seed.",
    )
    defence_overflows_to_other_portions: bool = Field(
        True,
        description="Default: when the portion the attacker chose is smaller than the Armor/DR"
        " value, the rest is subtracted from the next portion (the value is 'subtracted from any"
        " incoming damage', once per hit). False: the rest is lost.",
    )
    holy_non_lethal_to_biological: bool = Field(
        True, description="Seed: 'Holy damage is non-lethal against biological creatures'."
    )
    teleport_damage_cap: int = Field(
        100,
        ge=0,
        description="Seed: teleporting into an occupied space 'cannot deal more than 100 damage"
        " to a creature'.",
    )

    # Vitality
    death_threshold_percent: int = Field(
        100,
        ge=0,
        description="Default: a creature dies when lethal damage takes its Vitality to minus this"
        " percent of its maximum Vitality or lower (100: dead at -max Vitality). The chapter only"
        " says that Vitality below 1 starts Bleeding.",
    )
    bleeding_damage_per_turn: int = Field(
        1, ge=0, description="SOURCES.md: Bleeding loses 1 Vitality per turn."
    )

    # Cover
    half_cover_evasion: int = Field(2, description="Seed: half cover grants '+2 Evasion'.")
    half_cover_dr: int = Field(1, description="Seed: half cover 'increases all of your DR by 1'.")
    taking_cover_evasion: int = Field(
        2, description="Seed: Taking Cover: 'Your Evasion increases by 2'."
    )
    taking_cover_dr: int = Field(1, description="Seed: Taking Cover: 'and your DR by 1'.")
    melee_ignores_full_cover: bool = Field(
        False,
        description="Default: 'Melee attacks ... ignore cover' is read as ignoring half cover's"
        " bonus only; full cover still prevents targeting ('can no longer be targeted by any"
        " effects').",
    )

    # Cinematic Actions and Reactions
    cinematic_action_ap: int = Field(3, ge=0, description="Seed: 'Cinematic Action (3AP)'.")
    cinematic_reaction_rp: int = Field(2, ge=0, description="Seed: 'Cinematic Reaction (2RP)'.")
    cinematic_nm: int = Field(
        3,
        ge=0,
        description="Seed: 'Using a Cinematic Action or Reaction costs 3 Narrative Momentum.'",
    )
    cooperative_nm: int = Field(
        2, ge=0, description="Seed: each cooperative participant uses '2 Narrative Momentum'."
    )
    cooperative_reaction_rp: int = Field(
        2,
        ge=0,
        description="Seed: 'Each character beyond the first has to perform a reaction (2 RP)'.",
    )
    burst_nm: int = Field(
        6, ge=0, description="Seed: 'a Cinematic Burst for 6 Narrative Momentum instead of 3'."
    )
    cooperative_burst_nm: int = Field(
        4,
        ge=0,
        description="Seed: a Burst in a Cooperative Cinematic Action needs '4 Narrative Momentum'.",
    )
    cinematic_cost_floor: int = Field(
        1,
        ge=0,
        description="Seed: the cost 'cannot be reduced below 1 unless a feature ... allows'.",
    )

    # Status Effects (SOURCES.md section 4 defaults)
    burning_damage: DiceNotation = Field(
        "1d6",
        validate_default=True,
        description="SOURCES.md: Burning deals 1d6 Heat at turn start.",
    )
    poisoned_damage: DiceNotation = Field(
        "1d4",
        validate_default=True,
        description="SOURCES.md: Poisoned deals 1d4 Poison per turn.",
    )
    shocked_evasion_penalty: int = Field(2, description="SOURCES.md: Shocked: -2 Evasion.")
    corroded_armor_per_stack: int = Field(
        1, description="SOURCES.md: Corroded: -1 Armor per stack."
    )

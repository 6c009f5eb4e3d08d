"""The kingsdale ruleset's settings: the chapter's numbers and the defaults where it is silent.

Every field's description says where its default comes from: "Seed:" is the chapter's rule,
"SOURCES.md:" a documented default (section 3 or 8), "Default:" a reading chosen here.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class KingsdaleSettings(BaseModel):
    """Settings of one kingsdale encounter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Initiative
    initiative_ties_by_bonus: bool = Field(
        True,
        description="Default: equal initiative goes to the higher initiative bonus, then to who"
        " joined first (the chapter is silent on ties).",
    )

    few_attacks_from_last_pose: bool = Field(
        True,
        description="SOURCES.md 8: fewer than 3 attacks fill the poses from the last, as the"
        " chapter's extra attacks do (1 -> 0/0/1, 2 -> 0/1/1); False: from the first (1 -> 1/0/0,"
        " 2 -> 1/1/0).",
    )

    # Strike thresholds (Standard Action/Attack, Called Shots, What is a Miss)
    melee_strike: int = Field(5, description="Seed: physical attacks need a total of 5 to strike.")
    ranged_strike: int = Field(8, description="Seed: ranged attacks need a total of 8 to strike.")
    missile_strike: int = Field(5, description="Seed: missile attacks need a total of 5 to strike.")
    called_ranged_strike: int = Field(
        12, description="Seed: called shots are 12 or higher for ranged attacks to hit."
    )
    burst_single_target: int = Field(
        12, description="Seed: a burst at clustered targets needs 12 or higher for one target."
    )
    burst_spread: int = Field(
        8, description="Seed: a burst roll of 8-11 spreads the damage between the targets."
    )
    always_miss_below: int = Field(
        5, description="Seed: a modified roll of 1 to 4 on strike is always a miss."
    )
    aimed_bonus: int = Field(2, description="Seed: an aimed shot is +2 to strike.")
    no_wp_burst_penalty: int = Field(-3, description="Seed: a burst without the W.P. is at -3.")
    no_wp_wild_penalty: int = Field(
        -6, description="Seed: shooting wild without the W.P. is at -6 to strike."
    )
    paired_firearm_main: int = Field(
        -2, description="Seed: paired weapons with firearms: 1d20-2 for the dominant hand."
    )
    paired_firearm_off: int = Field(-6, description="Seed: 1d20-6 for the off-hand.")

    # Defence (SOURCES.md 3.1, 3.2)
    close_range_ft: int = Field(
        10,
        description="SOURCES.md 3.1 (Combat Amendments): no -10 to dodge shots unless fired from"
        " this many feet or less.",
    )
    close_dodge_penalty: int = Field(
        -10, description="SOURCES.md 3.1: the -10 to dodge a shot fired from close range."
    )
    undodgeable_volley: int = Field(
        4, description="SOURCES.md 3.1: volleys of this many missiles or more cannot be dodged."
    )
    parry_shots: bool = Field(
        False,
        description="SOURCES.md 3.2: bullets, energy blasts and missiles cannot be parried"
        " (Palladium); only melee strikes can.",
    )
    defender_wins_ties: bool = Field(
        True,
        description="SOURCES.md 3.2, 8: a parry or dodge meeting the strike's total succeeds"
        " (meets or beats; False: it must beat it, as one fan FAQ reads).",
    )
    natural_20_critical: bool = Field(
        True,
        description="SOURCES.md 3.2: a natural 20 strike does double damage and only a natural"
        " 20 parry or dodge beats it (Palladium).",
    )
    untrained_parry_actions: int = Field(
        1,
        ge=0,
        description="Default: the actions a parry uses without hand-to-hand training (SOURCES.md"
        " 3.2: none for H2H-trained characters, the demo's 'parry did not'; the chapter is"
        " silent on the untrained, read here as a standard action).",
    )
    dodge_borrows_next_pose: bool = Field(
        True,
        description="Default: a dodge when the pose's actions are spent uses one of the next"
        " pose's (the demo's Player 1 'poses his dodge and remaining attack' in Pose Two), as"
        " long as the next pose has one left to lend.",
    )

    # Damage (Armor Failure, SOURCES.md 3.3, 8)
    overflow_sdc_per_md: int = Field(
        1,
        ge=0,
        description="SOURCES.md 8: M.D. past the innermost armour layer reaches an S.D.C. wearer"
        " at this many S.D.C. per M.D. (the seed's 120 MD -> 10 SDC example; Rifts: 100).",
    )
    sdc_per_md: int = Field(
        100, ge=1, description="SOURCES.md 3.3: 1 M.D. = 100 S.D.C. on an unarmoured target."
    )

    # Movement (Movement)
    feet_per_speed: int = Field(
        5, ge=1, description="Seed: SPD x 5 ft per phase at a run; walking is half."
    )

    # Fumbles and failures (What is a Miss, Combat Skill Failure)
    fumble_table: bool = Field(
        True, description="Seed: a natural 1 to strike rolls 1d20 on the fumble table."
    )
    stray_in_line_of_fire: int = Field(
        100,
        ge=0,
        le=100,
        description='Seed: a fumble of 2 "results in hitting a team mate if possible"; when the'
        " game master lets the dice settle it (`stray -roll`, as the simulator does), the percent"
        " chance (d100 at or under it) that a teammate is in the line of fire, which one by an"
        " even die over the standing teammates. Default 100: possible whenever a teammate stands.",
    )
    skill_failure_face: int = Field(
        100, description="Seed: rolling a 100 on d100 is always a skill failure."
    )

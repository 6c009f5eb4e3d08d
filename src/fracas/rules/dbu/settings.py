"""The dbu ruleset's settings: the chapter's numbers and the defaults where it is silent.

Every field's description says where its default comes from: "Seed:" quotes the chapter,
"SOURCES.md:" is a documented default (section 2 or 8), "Reading:" is a choice made here because
the chapter leaves a question open. A group that plays differently changes one value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class DbuSettings(BaseModel):
    """Settings of one dbu encounter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # The action economy
    actions_per_round: int = Field(
        3, ge=0, description="Seed: 'At the start of each Combat Round, you gain 3 Actions'."
    )
    counter_actions_per_round: int = Field(
        1, ge=0, description="Seed: 'At the start of each Combat Round, you gain 1 Counter Action'."
    )
    end_turn_without_actions: bool = Field(
        True,
        description="Seed: 'your turn ends as soon as you run out of Actions'. False: the turn"
        " ends only when its owner says so.",
    )
    ask_phase_order: bool = Field(
        True,
        description="Seed: in the Effect and End Phases 'You can decide the order in which they"
        " activate, if multiple occur at the same time': the phase waits for the player's order"
        " when two or more occur that its standing order does not place. False: the standing"
        " order, then the default one, without asking.",
    )

    # Initiative
    initiative_advantage_gap: int = Field(
        10,
        ge=1,
        description="Seed: '+1 additional Action' when 'your Initiative is 10+ higher than the"
        " highest enemy combatant's Initiative'.",
    )
    advantage_counts_defeated: bool = Field(
        False,
        description="Reading: the defeated are no longer 'enemy combatants in the encounter' for"
        " Initiative Advantage. True: they still count.",
    )

    # Maneuvers
    melee_range: int = Field(
        1,
        ge=1,
        description="Reading: Melee Range is the adjacent squares (1); the chapter uses the"
        " term without a number.",
    )
    grid_diagonals: Literal["chebyshev", "manhattan"] = Field(
        "chebyshev",
        description="Reading: on the optional grid a diagonal step is one square (chebyshev);"
        " manhattan counts it as two. The chapter counts squares without saying.",
    )
    blitz_ki: int = Field(
        6, ge=0, description="Seed: 'Increase the Ki Point cost for a Blitz Maneuver by +6(T).'"
    )
    blitz_min_distance: int = Field(
        2, ge=0, description="Seed: 'You must be at least 2 Squares away from the target'."
    )
    blitz_wound_per_square: int = Field(
        2, ge=0, description="Seed: '+2(T) for each square you traveled to your opponent'."
    )
    blitz_wound_cap: int = Field(16, ge=0, description="Seed: 'up to a maximum of +16(T)'.")
    raised_botch_rate: int = Field(
        3,
        ge=0,
        le=10,
        description="Seed: after Blitz (and an Energy Charge's attack) 'your Botch Rate is"
        " increased to 3'.",
    )

    empower_boost: int = Field(
        10, ge=0, description="Seed: Empower: 'increase the result … by up to +10(T)'."
    )
    miracle_d6: int = Field(
        2, ge=0, description="Seed: Miracle Empowerment: '+2d6 for each character'."
    )
    charge_ki: int = Field(
        2, ge=0, description="Seed: 'an additional +2(T) Ki Points for each Energy Charge'."
    )
    restraint_ki: int = Field(
        4, ge=0, description="Seed: Energy Restraint: 'Two Actions and 4(T) Ki Points'."
    )
    redirect_ki: int = Field(4, ge=0, description="Seed: Redirect: 'spend 4(T) Ki Points'.")
    distant_deflect_ki: int = Field(
        3, ge=0, description="Seed: Distant Deflect: 'Spend 3(T) Ki Points'."
    )
    boosted_ki_per_square: int = Field(
        3,
        ge=0,
        description="Seed: 'pay 3 Ki Points for each Square you move through beyond"
        " your Normal Speed'.",
    )
    rapid_ki_per_square: int = Field(
        3, ge=0, description="Seed: Rapid Movement: '+3 for each Square you move'."
    )
    rapid_strike: int = Field(
        2, ge=0, description="Seed: Rapid Movement: 'increases your Strike Rolls … by +2(T)'."
    )
    flight_modifier: int = Field(
        3, ge=0, description="Seed: 'You must possess a Force or Spirit Modifier of 3+ to fly.'"
    )
    pinned_drag_damage: int = Field(
        2,
        ge=0,
        description="Seed: a Pinned character moved in a Grapple takes '2 Lethal Damage"
        " for each Square moved'.",
    )
    power_up_stacks: int = Field(
        2, ge=0, description="Seed: 'The Power Up Maneuver cannot stack more than twice'."
    )
    power_up_stacking: Literal["added", "compounded"] = Field(
        "added",
        description="The seed is silent on how two stacks of 'increase your Capacity Rate by 1/4'"
        " combine: 'added', each a quarter of the base Capacity Rate (1.5x with two), or"
        " 'compounded', each a quarter of the rate the stack before left (1.5625x).",
    )
    push_back_halving: Literal["down", "up"] = Field(
        "down",
        description="The seed is silent on rounding when a passed Acrobatics Check 'reduce[s]"
        " the distance they are Thrust back by 1/2': 'down' (3 squares -> 1) or 'up' (-> 2).",
    )
    guard_ki: int = Field(8, ge=0, description="Seed: Guard: 'you can pay 8(T) Ki Points'.")
    guard_down_guard_factor: float = Field(
        1.5,
        ge=1,
        description="SOURCES.md 2.9: Guard Down makes Guard's Ki cost x1.5 (rounded down).",
    )
    deflect_ki: int = Field(6, ge=0, description="Seed: Deflect: 'you can pay 6(T) Ki Points'.")
    power_flare_ki: int = Field(
        10, ge=0, description="Seed: Power Flare: 'spend up to 10(T) Ki Points'."
    )
    direct_hit_wager: int = Field(
        5,
        ge=0,
        description="Seed: Direct Hit shakes an attacker whose 'Ki Wager of 5(T) or more' dealt 0.",
    )
    duel_wager: int = Field(
        10, ge=0, description="Seed: a Duel answers 'a Ki Wager of at least 10(T)'."
    )
    duel_charges: int = Field(
        2, ge=0, description="Seed: a Duel answers an attack that 'has 2+ Energy Charges'."
    )
    tn_easy: int = Field(6, description="SOURCES.md section 8: TN Easy 6.")
    tn_medium: int = Field(10, description="SOURCES.md section 8: TN Medium 10.")
    tn_hard: int = Field(14, description="SOURCES.md section 8: TN Hard 14.")
    tn_very_hard: int = Field(18, description="SOURCES.md section 8: TN Very Hard 18.")

    poison_tenths: int = Field(
        1, ge=0, description="SOURCES.md 2.9: Poisoned: '-1/10 max LP per turn'."
    )
    broken_soak: int = Field(2, ge=0, description="SOURCES.md 2.9: Broken: 'Soak -2(T) per stack'.")
    broken_stacks: int = Field(3, ge=0, description="SOURCES.md 2.9: Broken: 'max 3' stacks.")
    impediment_speed_divisor: int = Field(
        2,
        ge=1,
        description="Reading chosen here: SOURCES.md 2.9 names Impediment without its effect;"
        " read as hindered movement: Normal and Boosted Speed divided by this (rounded down).",
    )
    sleeping_guard_down: bool = Field(
        True,
        description="Reading chosen here: SOURCES.md 2.9 names Sleeping without its effect; a"
        " sleeper takes no Actions of any kind (its turns pass, like the surprised) and, with"
        " this, counts as Guard Down.",
    )
    sleeping_wakes_on_damage: bool = Field(
        True,
        description="Reading chosen here: damage (Life Points lost) ends Sleeping.",
    )

    terrain_tn: int = Field(6, description="Seed: Terrain Lift: 'a Target Number of 6'.")
    terrain_tn_per_hardness: int = Field(
        4, ge=0, description="Seed: 'Increase the Target Number by +4 for each level of Hardness'."
    )
    hardness_damage: int = Field(
        5,
        ge=0,
        description="Reading: the Lethal Damage a Hardness Value deals is this many points per"
        " level (the Battle Grounds chapter that sets it is not in the sources).",
    )
    terrain_hands: int = Field(
        2,
        ge=0,
        description="Reading: a piece of terrain torn up with Terrain Lift is held in this many"
        " hands (the chapter says only 'hold onto it'); a Grapple or a Thrust needs 'at least"
        " one free hand' (seed).",
    )

    # Combat Rolls
    defender_wins_ties: bool = Field(
        True, description="SOURCES.md section 8: DBU ties go to the defender (core rules)."
    )
    critical_natural: int = Field(
        10,
        ge=7,
        le=10,
        description="SOURCES.md 2.2: a Critical is a natural 10 on the base die (never below 7).",
    )
    botch_rate: int = Field(
        1, ge=0, le=10, description="SOURCES.md 2.3: a Botch is a natural result of 1 or less."
    )
    botch_penalty: int = Field(
        2,
        ge=0,
        description="SOURCES.md 2.3: a botched Combat Roll takes -2(T), this many per Tier.",
    )
    diminishing_defense: int = Field(
        1,
        ge=0,
        description="SOURCES.md section 8: -1 Dodge per attack already received this round.",
    )
    guard_down_penalty: int = Field(
        2, ge=0, description="SOURCES.md 2.9: Guard Down: Dodge Rolls -2(T), this many per Tier."
    )
    size_defense_per_step: int = Field(
        1,
        ge=0,
        description="SOURCES.md 2.4: Defense Value ± size, Small +1(T), Large -1(T): this many"
        " per Tier for each Size Category below (+) or above (-) Medium (Tiny +2(T) …"
        " Gargantuan -3(T)).",
    )

    # Damage
    soak_minimum: int = Field(
        1, ge=0, description="SOURCES.md 2.5: Soak = Tenacity Modifier, minimum 1(T)."
    )
    size_soak_per_step: int = Field(
        1,
        ge=0,
        description="SOURCES.md 2.5: Size: Small -1(T) Soak, Large +1(T): this many per Tier for"
        " each Size Category above (+) or below (-) Medium (Tiny -2(T) … Gargantuan +3(T));"
        " Soak is never below 0.",
    )
    wound_per_ki: int = Field(
        1, ge=0, description="SOURCES.md section 8: a Ki Wager adds +1 Wound per Ki."
    )
    health_thresholds: tuple[int, ...] = Field(
        (75, 50, 25, 10),
        description="SOURCES.md section 8: the 5-band Health Thresholds: Healthy above 75 % of"
        " max LP, Injured above 50 %, Bloodied above 25 %, Wounded above 10 %, else Critical.",
    )
    threshold_penalty: int = Field(
        1,
        ge=0,
        description="SOURCES.md 2.6: each band below Healthy gives -1(T) to all Combat Rolls"
        " (Injured -1(T) … Critical -4(T)).",
    )
    profile_costs_per_tier: bool = Field(
        True,
        description="Reading: a Profile's Ki cost (SOURCES.md 2.11) is x(T), like every Ki cost"
        " the chapter prints. False: the flat number.",
    )

"""The kaiser ruleset's settings: Kaiser's numbers and the defaults where the sources are silent.

Every field's description says where its default comes from: "Seed:" quotes the chapter,
"SOURCES.md:" cites the rules the chapter assumes (section 1) or the team's decisions (section
8), "Default:" is a reading chosen here. A group that plays differently changes one value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class KaiserSettings(BaseModel):
    """Settings of one kaiser encounter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # The round
    ap_per_round: int = Field(
        6, ge=0, description="SOURCES.md 1.9 (Action Points): 'You start each round with 6 AP'."
    )
    attack_intention_ap: int = Field(
        1,
        ge=0,
        description="SOURCES.md 1.9 (Action Points): the Attack Intention costs 'Weapon Cost +"
        " 1 AP'; this is the + 1.",
    )
    magic_intention_ap: int = Field(
        2, ge=0, description="SOURCES.md 1.9 (Action Points): the Magic Intention costs 2 AP."
    )
    phenom_intention_ap: int = Field(
        3, ge=0, description="SOURCES.md 1.9 (Action Points): the Phenom Intention costs 3 AP."
    )
    spirit_intention_ap: int = Field(
        1, ge=0, description="SOURCES.md 1.9 (Action Points): the Spirit Intention costs 1 AP."
    )
    move_ap: int = Field(
        3, ge=0, description="SOURCES.md 1.9 (Action Points): the Move Active Action costs 3 AP."
    )
    surprise_margin: int = Field(
        20,
        ge=1,
        description="SOURCES.md 1.9: surprise is 'an Initiative roll 20 or more above the"
        " opponent's'.",
    )
    initiative_open_rolls: bool = Field(
        True,
        description="SOURCES.md 1.9/8: the Initiative roll is '2d6 + Initiative value, like a"
        " skill', so it opens on double 6 and fumbles on double 1 (a fumbled roll counts 0"
        " on the dice).",
    )

    # Attacking and defending
    attacks_per_skill: int = Field(
        10,
        ge=1,
        description="SOURCES.md 1.9 (Action Points): 'For every 10 points you have in your Final"
        " Attack Skill, you can perform the Attack Action an additional time'.",
    )
    additional_attack_penalty: int = Field(
        2,
        ge=0,
        description="SOURCES.md 1.9 (Action Points): '-2 penalty to the Offensive Roll for each"
        " Attack Action made after the first'.",
    )
    repeated_defence_penalty: int = Field(
        2,
        ge=0,
        description="SOURCES.md 1.9 (Action Points): defending with Block or Dodge is '-2 for"
        " each attack after the first'.",
    )
    repeated_defence_cap: int = Field(
        10,
        ge=0,
        description="SOURCES.md 1.9 (Action Points): that penalty 'cannot exceed -10'.",
    )
    counter_ap: int = Field(
        1,
        ge=0,
        description="SOURCES.md 1.9 (Action Points): the Counter reaction costs 1 AP.",
    )
    hit_ap_loss: int = Field(
        1,
        ge=0,
        description="SOURCES.md 1.1: on a successful attack 'The defender loses 1 AP this round'.",
    )

    # Life Points and Criticals
    death_fraction: int = Field(
        2,
        ge=1,
        description="SOURCES.md 1.6: 'Dead when LP < -(max LP / 2)'; this is the divisor.",
    )
    critical_fraction: int = Field(
        2,
        ge=1,
        description="SOURCES.md 1.6: a Critical is 'one hit that removes >= 1/2 of the current"
        " LP'; this is the divisor.",
    )
    vital_critical_divisor: int = Field(
        10,
        ge=1,
        description="SOURCES.md 1.6: a Critical is a hit removing '>= 10% of current LP on a"
        " vulnerable point such as head or heart'; this is the divisor (10: a tenth).",
    )
    critical_damage_step: int = Field(
        10,
        ge=1,
        description="SOURCES.md 1.6: 'Critical Level = 2d6 + floor(damage/10)'.",
    )
    critical_level_soft_cap: int = Field(
        20,
        ge=0,
        description="SOURCES.md 1.6: 'If the level is above 20: level = 20 + floor((level -"
        " 20)/2)'.",
    )

    # States (Maneuver, Situation and State modifiers add up; Blind and Surprised do not)
    fully_restrained_penalty: int = Field(
        20,
        ge=0,
        description="Seed: Thom's 'Dodge Skill (which has a -20 penalty due to the Fully"
        " Restrained State)'; applied to every Offensive and Defensive Roll.",
    )
    blind_penalty: int = Field(
        9,
        ge=0,
        description="Default: the Blind Penalty, from Kaiser's State table ('Totally Blind: -9"
        " on all Checks that require sight'); the chapter names it without a number.",
    )
    surprised_penalty: int = Field(
        9,
        ge=0,
        description="Default: Surprised, from Kaiser's State table ('-9 penalty to all Skill"
        " Checks vs. you'); does not stack with Blind (seed, Stacking of Powers).",
    )
    situations: dict[str, int] = Field(
        {},
        description="Default (a reading chosen here): the Situations that modify a Defensive"
        " Roll, by name, with their modifier (a Situation is an effect of that name, put on"
        " with 'effect TARGET NAME'). The seed: 'If the target is subject to a Situation that"
        " modifies their Defensive Roll, it applies when making Defensive Rolls for the"
        " target'; the sources list no Situations, so there are none until a group names them"
        " (such as {'Prone': -4}).",
    )
    unspent_mass_loss: int = Field(
        10,
        ge=0,
        description="Kaiser's Magic Intention: a mass of mana carried from the previous round"
        " without the Intention declared again 'will return to your Pool before rolling"
        " Initiative. Due to the stress of the mana returning without a proper outlet, you lose"
        " 10 mana from your Pool.'",
    )

    transfer_halved_without_components: bool = Field(
        True,
        description="Default (a reading chosen here): without one of the somatic and verbal"
        " components the most a round's Transfer Ki moves (the sum of the chakras) and Transfer"
        " Mana moves (the MA) is halved, without both quartered (rounded down), like what Fill"
        " Chakra pours ('the amount you fill is halved') and the Accumulate Intentions gather"
        " ('your MA is halved'). Kaiser's Transfer Ki and Transfer Mana do not mention the"
        " components. False: the components do not change what a transfer moves.",
    )
    ambient_mana: int = Field(
        0,
        description="Default (a reading chosen here): the innate mana a place's strong"
        " (positive) or weak (negative) ambient mana adds to what the MA pulls (Kaiser's Cast"
        " an Innate Spell: the innate mana 'can also be modified by places with strong or weak"
        " ambient mana'; the sources give no amounts). A setting of the encounter, so of the"
        " place: 0 is ordinary ambient mana.",
    )
    maintain_ap: int = Field(
        1,
        ge=0,
        description="Kaiser's Action Points: Maintain Spell, Maintain Spirit and Maintain"
        " Phenom are each an Active Action of 1 AP.",
    )
    powers_end_with_creator: Literal["down", "dead", "never"] = Field(
        "down",
        description="Default (a reading chosen here): what of its creator's state ends a"
        " maintained power (at the start of the End phase, with every effect it keeps, without"
        " further Resistance Checks). Kaiser's Maintaining Powers says only that daily powers,"
        " 'unlike the other maintenance values ... can be maintained while asleep'. 'down': an"
        " unconscious creator keeps up only its daily powers (unconscious read as asleep), a"
        " dead one nothing; 'dead': death alone ends them; 'never': the creator's state ends"
        " none (its upkeep and its Maintain action still keep it up or not).",
    )
    spirit_upkeep: Literal["ki", "mana"] = Field(
        "ki",
        description="Default (a reading chosen here): the pool a spirit power's upkeep is"
        " paid from. Kaiser's Maintaining Powers gives every maintained power 'a cost that must"
        " be payed during the End Phase' without naming the pool; Spell Casting takes a"
        " spell's 'directly from your Mana Pool' and says nothing of spirit powers. 'ki': from"
        " the Ki Reserve, what spirit powers spend; 'mana': from the Mana Pool, like a spell's.",
    )

    # Powers
    automatic_difficulty: int = Field(
        8,
        ge=0,
        description="Seed: 'If no Resistance Check Difficulty is listed, the target can resist"
        " with a SR 8 Check.'",
    )

    unlisted_range_ft: int | None = Field(
        None,
        ge=0,
        description="Default (a reading chosen here): the Maximum Distance in feet of a power"
        " that lists none. The seed says it is then 'based on your Offensive Skill', but the"
        " sources give no formula; None leaves such a power unlimited (the game master judges"
        " the distance).",
    )
    armor_penalty_on_rolls: bool = Field(
        True,
        description="Default (a reading chosen here): worn layers' penalties, less Wear Armor"
        " (seed, Layer Armor: 'you are subject to any penalties it applies'), apply to every"
        " Offensive and Defensive Roll; the sources do not say which rolls. False: the game"
        " master gives them with -bonus.",
    )

    collide_ap: int = Field(
        1,
        ge=0,
        description="Default: the AP the Collide Power reaction costs; the chapter names the"
        " reaction without a cost, Kaiser's other reaction (Counter) costs 1 AP.",
    )

    trigger_affected_again: bool = Field(
        False,
        description="Default (a reading chosen here): whether a Trigger power fired at a target"
        " it already affects makes that target resist again. The seed's Trigger: 'Any target"
        " who meets the conditions automatically suffer the effects of the power', and a new"
        " Resistance Check comes 'Once the immunity ends and the conditions are meet again';"
        " it gives none while the target suffers the effect. False: such a trigger is refused"
        " (the effect runs on to its own repeat check or the power's end); True: the target"
        " resists again, and a pass leaves it immune while the effect stays on it.",
    )

    # Resistance Checks
    resistance_ties_succeed: bool = Field(
        True,
        description="SOURCES.md 1.2: 'A Resistance Check succeeds on >= difficulty' (a tie is"
        " 1 DoS).",
    )

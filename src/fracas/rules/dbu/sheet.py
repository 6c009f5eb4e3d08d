"""The combatant sheet: what a DBU stat block says about a fighter.

Field names are what a game master types in YAML::

    name: Saibaman
    tier: 2
    scores: {agility: 6, force: 5, tenacity: 5, insight: 3}
    modifiers: {agility: 3, force: 2, tenacity: 2, insight: 1}
    life_points: 40
    ki_points: 30
    capacity_rate: 24

Attribute Scores and Modifiers are both given: the chapter uses both (the Agility Score breaks
Initiative ties, the Agility Modifier sets Initiative) and SOURCES.md gives no formula between
them. Every model is frozen and rejects unknown fields with an error naming them.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fracas.rules.dbu.vocabulary import Attribute, Size


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Attributes(_Record):
    """The seven Attributes; one left out is 0, an unknown name is an error."""

    agility: int = 0
    force: int = 0
    tenacity: int = 0
    insight: int = 0
    personality: int = 0
    spirit: int = 0
    scholarship: int = 0

    def __getitem__(self, attribute: Attribute) -> int:
        return int(getattr(self, attribute.value))


class Transformation(_Record):
    """A transformation the fighter can take and the Tiers of Power it adds (the Transformation
    Rules are outside this chapter; the stat block says what each gives)."""

    name: str = Field(min_length=1)
    tiers: int = Field(1, ge=0)


class Weapon(_Record):
    """A ranged weapon and the attacks it holds before it must be reloaded."""

    name: str = Field(min_length=1)
    ammunition: int = Field(ge=1)


class OutOfSequence(_Record):
    """An Out-of-Sequence Action a Trait or Talent grants (those chapters are not in the
    sources; the stat block names it): the Actions it gives out of turn, and how often it may
    be activated (``round``: once per Combat Round, ``encounter``: once per Combat Encounter,
    none: no limit)."""

    name: str = Field(min_length=1)
    actions: int = Field(1, ge=1)
    per: Literal["round", "encounter"] | None = None


class Sheet(_Record):
    """A fighter: base Tier of Power, Attributes, Life, Ki, Capacity Rate and speeds."""

    name: str = Field(min_length=1)
    tier: int = Field(ge=1, description="base Tier of Power")
    scores: Attributes = Attributes()
    modifiers: Attributes = Attributes()
    life_points: int = Field(ge=1)
    ki_points: int = Field(0, ge=0)
    capacity_rate: int = Field(0, ge=0, description="the most Ki spent in one Combat Round")
    normal_speed: int = Field(5, ge=0)
    boosted_speed: int = Field(10, ge=0)
    damage_reduction: int = Field(0, ge=0)
    size: Size = Size.MEDIUM
    hands: int = Field(
        2, ge=0, description="hands to hold things and to grab with (Grapple, Thrusting)"
    )
    transformations: list[Transformation] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    out_of_sequence: list[OutOfSequence] = Field(
        default_factory=list,
        description="Out-of-Sequence Actions its Traits and Talents grant (respond -with NAME)",
    )
    skills: dict[str, int] = Field(
        default_factory=dict,
        description="Skill Check bonuses by skill (concealment, clairvoyance, athletics…)",
    )
    master: str | None = Field(
        None, description="for a Minion: the name of the combatant it serves (Command Maneuver)"
    )

    @model_validator(mode="after")
    def _boosted_not_slower(self) -> Self:
        if self.boosted_speed < self.normal_speed:
            raise ValueError(
                f"boosted_speed {self.boosted_speed} is below normal_speed {self.normal_speed}"
            )
        return self


# --- what a sheet offers the command language's fields (pick lists, never limits) ---------


def weapons_of(sheet: Sheet) -> list[str]:
    """The sheet's ranged weapons, by name."""
    return [weapon.name for weapon in sheet.weapons]


def transformations_of(sheet: Sheet) -> list[str]:
    """The transformations the sheet can take, by name."""
    return [form.name for form in sheet.transformations]


def grants_of(sheet: Sheet) -> list[str]:
    """The Out-of-Sequence Actions the sheet's Traits and Talents grant, by name."""
    return [grant.name for grant in sheet.out_of_sequence]

"""Attack Profiles: their Ki cost and default Damage Category (SOURCES.md 2.11, [J1]).

The chapter names Profiles (Blitz is 'a Basic Physical Attack of either the Simple or Powered
Profile') without listing them; this table is the SECONDARY list of SOURCES.md 2.11. Where it
gives a range (Beam 8–10) the low end is used. The Profiles' own riders (Crushing's ½ Force,
Pinpoint's ignored Soak …) belong to the Techniques chapter and are not modelled here; their
Areas of Effect (Soaring's line, Sweeping's and Explosion's sphere, Blast's cone) are, as the
Profiles whose attack may name more than one target.
"""

from __future__ import annotations

from typing import Literal

from fracas.engine.frozen import frozen
from fracas.rules.dbu.vocabulary import Category, Foundation

ProfileName = Literal[
    "simple",
    "combination",
    "launching",
    "crushing",
    "pinpoint",
    "powered",
    "soaring",
    "sweeping",
    "sphere",
    "beam",
    "blast",
    "cutting",
    "explosion",
    "kiai",
    "rapid-fire",
    "wave",
    "concentrated",
    "spell",
]


@frozen
class Profile:
    name: str
    cost: int
    category: Category
    foundations: frozenset[Foundation]
    area: str = ""
    """The Area of Effect's shape (line, sphere, cone); empty: a single target."""


_ALL = frozenset(Foundation)
_P, _E, _M = Foundation.PHYSICAL, Foundation.ENERGY, Foundation.MAGIC
S, D, L = Category.STANDARD, Category.DIRECT, Category.LETHAL

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile("simple", 0, S, _ALL),
        Profile("combination", 3, S, _ALL),
        Profile("launching", 3, S, frozenset({_P, _E})),
        Profile("crushing", 6, L, frozenset({_P})),
        Profile("pinpoint", 4, S, frozenset({_P})),
        Profile("powered", 8, S, frozenset({_P})),
        Profile("soaring", 5, D, frozenset({_P}), "line"),
        Profile("sweeping", 4, S, frozenset({_P}), "sphere"),
        Profile("sphere", 2, S, frozenset({_E})),
        Profile("beam", 8, D, frozenset({_E})),
        Profile("blast", 5, D, frozenset({_E}), "cone"),
        Profile("cutting", 6, L, frozenset({_E})),
        Profile("explosion", 5, S, frozenset({_E}), "sphere"),
        Profile("kiai", 5, S, frozenset({_E})),
        Profile("rapid-fire", 5, S, frozenset({_E})),
        Profile("wave", 6, D, frozenset({_E})),
        Profile("concentrated", 10, L, frozenset({_E})),
        Profile("spell", 2, S, frozenset({_M})),
    )
}


def profile_cost(profile: Profile, tier: int, *, per_tier: bool) -> int:
    """The Ki a Profile costs: x(T) when ``per_tier`` (the settings' reading), else x."""
    return profile.cost * tier if per_tier else profile.cost

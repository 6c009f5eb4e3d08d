"""What the rules work out once per sheet (``traits``) and once per roll gives what the rules
work out afresh: the same account, the same injury type, the same defense."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fracas.dice import SeededDice
from fracas.rules.lurasko.actions import Attack
from fracas.rules.lurasko.attack import Strike
from fracas.rules.lurasko.damage import Defences, Portion, resolve_damage
from fracas.rules.lurasko.defense import defense_result
from fracas.rules.lurasko.injury import injury_type
from fracas.rules.lurasko.traits import traits_of
from fracas.rules.lurasko.vocabulary import DamageKind, Reach

from .support import CHAINMAIL, FOE, HERO, LANCE, SETTINGS, SWORD, duel, sheet

ELF = sheet(
    armor=CHAINMAIL,
    resistances=[
        {"name": "elf", "against": "frost", "percent": 75},
        {"name": "Energy Affinity", "against": "frost", "percent": 50},
        {"name": "quartz-proof", "against": "quartz", "percent": 150},
    ],
)
PORTIONS = st.lists(
    st.builds(
        Portion,
        st.sampled_from(list(DamageKind)),
        st.integers(0, 120),
        st.integers(0, 60),
        st.sampled_from([None, "quartz", "steel"]),
    ),
    min_size=1,
    max_size=3,
).map(tuple)


@given(PORTIONS)
def test_a_sheets_account_is_the_pipelines_and_kept_for_equal_portions(
    portions: tuple[Portion, ...],
) -> None:
    """SOURCES.md 5.2: each portion through the armor range by its drive, then resistances "after
    defenses and drive", rounded down once. The account kept for a sheet without high-precision
    shielding equals the pipeline's own, and equal portions (built afresh) get that very account
    again."""
    traits = traits_of(ELF)
    assert not traits.high_shielded
    expected, uses = resolve_damage(portions, Defences(traits.armor, traits.resistances))
    kept = traits.unshielded_account(portions)
    assert kept == expected
    assert uses == ()
    again = tuple(Portion(p.kind, p.damage, p.drive, p.material) for p in portions)
    assert traits.unshielded_account(again) is kept


def test_a_strike_reads_the_injury_table_and_judges_the_defense_as_the_rules_do() -> None:
    """ "The GM will have already rolled on the melee or ranged injury type table": each d20 face
    gives the table's type; "a critical hit occurs whenever a character fails their defense
    roll by 20 or more". The strike's kept answers are the functions' own, for every face and
    total."""
    state = duel(hero=sheet(weapons=[SWORD, LANCE])).state
    for weapon, ranged in (("Sword", False), ("Heat lance", True)):
        strike = Strike(
            state, Attack(actor=HERO, target=FOE, weapon=weapon), SETTINGS, SeededDice(0)
        )
        assert (strike.weapon.reach is Reach.RANGED) is ranged
        table = SETTINGS.ranged_injury_table if ranged else SETTINGS.melee_injury_table
        for face in range(1, 21):
            assert strike.injury_of(face) is injury_type(face, ranged=ranged, table=table)
        defense = strike.defense()
        assert defense is strike.defense()  # one defense for the same roll
        for total in range(-5, 60):
            assert defense.judge(total) == defense_result(
                total,
                defense.tn,
                critical_margin=defense.critical_margin,
                may_be_critical=defense.may_be_critical,
            )

"""Issue 17: the action bar offers the acting combatant's own weapons, powers and Abilities as a
pick list. ``completion.offered`` says, for one combatant, what its sheet offers each field of
each command; ``completion.actors`` whose sheets a seat may see (the game master every one, a
player only their own, never while it is hidden from them); the tab key completes them."""

from __future__ import annotations

import pytest

from fracas.app import completion, open_encounter
from fracas.app.rulesets import demo_path, find
from fracas.app.session import Session
from fracas.engine.action import CombatantId
from fracas.engine.gm import AddCombatant


def demo(slug: str) -> Session:
    path = demo_path(find(slug))
    assert path is not None
    return open_encounter(path, seed=7)


KINDS = {  # damage -type and heal -type: the ruleset's own kinds, every sheet the same
    "momentum": {"damage": {"kind": ["lethal", "non-lethal"]}},
    "kingsdale": {"damage": {"kind": ["sdc", "md"]}, "heal": {"kind": ["HP", "SDC", "MDC"]}},
    "kaiser": {
        "damage": {
            "kind": [
                *("cut", "impact", "thrust", "heat", "cold", "electrical", "force", "light"),
                *("dark", "atomic", "bio", "psychic"),
            ]
        }
    },
    "lurasko": {
        verb: {"kind": ["superficial", "perception", "core", "hand_arm", "mobility"]}
        for verb in ("damage", "heal")
    },
    "dbu": {},
}


@pytest.mark.parametrize(
    ("slug", "who", "expected"),
    [
        (
            "momentum",
            "druid",  # Staff; Abilities Thorn Lash and Entangling Roots
            {
                "attack": {
                    "weapon": ["Staff", "Thorn Lash", "Entangling Roots"],
                    "maneuver": ["Thorn Lash", "Entangling Roots"],
                }
            },
        ),
        (
            "kingsdale",
            "player-1",  # Vibro-Blade and Laser Pistol
            {
                verb: {"weapon": ["Vibro-Blade", "Laser Pistol"]}
                for verb in ("strike", "spray", "ambush", "draw", "reload")
            }
            | {"parry": {"counter_with": ["Vibro-Blade", "Laser Pistol"]}},
        ),
        (
            "kaiser",
            "ceil",  # a Long Sword; Fire Bolt (attack), Paralysis (effect), Iron Skin
            # (automatic), Sense Ki (detection), Shield of Light (defence, a 60 LP barrier)
            {
                "intend": {
                    "weapons": ["Long Sword"],
                    "spell": ["Fire Bolt", "Paralysis", "Iron Skin", "Sense Ki", "Shield of Light"],
                },
                "attack": {"weapon": ["Long Sword"]},
                "use": {  # -collide-with: a collider's Attack powers (offered_by collide_by)
                    "power": ["Fire Bolt", "Paralysis", "Iron Skin"],
                    "collide_with": ["Fire Bolt"],
                },
                "raise": {"power": ["Shield of Light"]},
                "trigger": {"power": ["Sense Ki"]},
                "drop": {
                    "power": ["Fire Bolt", "Paralysis", "Iron Skin", "Sense Ki", "Shield of Light"]
                },
            },
        ),
        (
            "lurasko",
            "arcanist",  # Heat lance, Knife; shields Ward, Veil, Skin ward; Gravity hand
            {
                "attack": {"weapon": ["Heat lance", "Knife"], "also": ["Heat lance", "Knife"]},
                "charge": {"source": ["Ward", "Veil", "Skin ward", "Gravity hand"]},
                "lift": {"source": ["Gravity hand"]},
            },
        ),
        (
            "lurasko",
            "construct",  # Fist; the aura Static field
            {
                "attack": {"weapon": ["Fist"], "also": ["Fist"]},
                "aura": {"aura": ["Static field"]},
                "drop": {"aura": ["Static field"]},
            },
        ),
        ("dbu", "sena", {"respond": {"grant": ["Afterimage"]}}),  # out_of_sequence: Afterimage
        ("dbu", "kora", {}),  # no weapons, transformations or grants: nothing to pick from
    ],
)
def test_a_sheet_offers_its_own_names_for_each_field(
    slug: str, who: str, expected: dict[str, dict[str, list[str]]]
) -> None:
    assert completion.offered(demo(slug), CombatantId(who)) == expected | KINDS[slug]


def test_the_game_master_sees_every_sheet_a_player_only_their_own_while_not_hidden() -> None:
    session = demo("momentum")
    raptor = session.state[CombatantId("raptor-1")]
    lurker = AddCombatant(name="Lurker", side="raptors", sheet=raptor.sheet, hidden=True)
    assert session.apply(lurker).ok
    everyone = [c.id for c in session.state]
    assert "lurker" in everyone
    assert completion.actors(session, None) == everyone
    assert completion.actors(session, CombatantId("druid")) == ["druid"]
    assert session.run("conceal druid").ok  # the player's own combatant, hidden by the GM
    assert completion.actors(session, CombatantId("druid")) == []


def test_tab_completes_the_actors_own_names_after_an_option_or_the_verb() -> None:
    kingsdale = demo("kingsdale")
    assert kingsdale.run("start").ok  # Player 2's turn: a Vibro-Sword
    assert completion.complete(kingsdale, "strike npc-1 -with", "") == ["Vibro-Sword"]
    line = "Player-1: strike npc-1 -with"
    assert completion.complete(kingsdale, line, "") == ['"Laser Pistol"', "Vibro-Blade"]
    assert completion.complete(kingsdale, line, '"la') == ['"Laser Pistol"']
    assert completion.complete(kingsdale, "draw", "") == ["Vibro-Sword"]
    assert completion.complete(kingsdale, "strike", "n") == ["NPC-1", "NPC-2"]  # a target
    player = kingsdale.audience(CombatantId("player-2"))
    assert completion.complete(kingsdale, "strike npc-1 -with", "", player) == []

    kaiser = demo("kaiser")
    assert completion.complete(kaiser, "Ceil: use", "") == [
        '"Fire Bolt"',
        '"Iron Skin"',
        "Paralysis",
    ]


def test_tab_completes_a_colliders_attack_powers_and_the_rulesets_damage_types() -> None:
    """``-collide-with`` names an Attack power of the one ``-collide-by`` collider: its sheet's,
    not the actor's; ``damage -type`` and ``heal -type`` the ruleset's own kinds."""
    kaiser = demo("kaiser")
    line = "Thom: use paralysis -on bandit-1 -collide-by ceil -collide-with"
    assert completion.complete(kaiser, line, "") == ['"Fire Bolt"']
    two = "Thom: use paralysis -on bandit-1 -collide-by ceil,bandit-1 -collide-with"
    assert completion.complete(kaiser, two, "") == []  # which collider's: not one
    assert completion.complete(kaiser, "damage bandit-1 3 -type", "c") == ["cold", "cut"]
    kingsdale = demo("kingsdale")
    assert completion.complete(kingsdale, "heal npc-1 4 -type", "") == ["HP", "MDC", "SDC"]

"""The Spirit Intention: Fill Chakra and Transfer Ki."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.commands.binding import BindContext, bind_text
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.events import PoolChanged
from fracas.engine.gm import AddCombatant, SetPool
from fracas.engine.turns import EndTurn
from fracas.rules.kaiser.actions import Intend, Move, Transfer, Use
from fracas.rules.kaiser.chakras import HELD, ki_left
from fracas.rules.kaiser.queries import in_intention_phase
from fracas.rules.kaiser.ruleset import Kaiser
from fracas.rules.kaiser.settings import KaiserSettings
from tests.rules.kaiser.support import CEIL, duel, make_sheet, pool, refused
from tests.rules.kaiser.test_powers import INITIATIVE


def technique(name: str, ki: int, chakra: str | None = None) -> dict[str, Any]:
    """A spirit technique Ceil uses on herself (no roll): ``ki`` from ``chakra`` (or any)."""
    return {
        "name": name,
        "types": ["automatic"],
        "source": "spirit",
        "ki": ki,
        "chakra": chakra,
        "effect": name,
    }


PALM = technique("Iron Palm", 15, "red")
BLAST = technique("Ki Blast", 25)
JAB = technique("Red Jab", 10, "red")


def monk(**fields: Any) -> Any:
    """Ceil with 100 ki, chakras red 10, green 5, blue 20, and the three techniques."""
    return make_sheet(
        ki=100, chakras={"red": 10, "green": 5, "blue": 20}, powers=[PALM, BLAST, JAB], **fields
    )


def spirit_round(*faces: int, intend: Intend, ceil: Any = None) -> Encounter:
    encounter = duel(*faces, ceil=ceil or monk(), intend=False)
    encounter.apply(intend)
    encounter.apply(EndTurn())
    return encounter


FILL = Intend(actor=CEIL, intention="spirit")


def test_fill_chakra_pours_each_chakras_value_for_the_rounds_techniques() -> None:
    """Fill Chakra: "you can fill your Red, Green, and or Blue chakras with ki, from your Ki
    Reserve, equal to the that chakras value ... you can use them to activate any number of
    spirit abilities or techniques as long as you have the ki to spend. If the ability does not
    state what chakra to use, you can spend ki from any chakra": the red chakra's 10 cannot pay
    Iron Palm's 15; the 35 of all three pay Ki Blast's 25 and Red Jab's 10; the Reserve pays."""
    encounter = spirit_round(*INITIATIVE, intend=FILL)
    refused(encounter, Use(actor=CEIL, power="iron palm"), "chakra-ki")
    encounter.apply(Use(actor=CEIL, power="ki blast"))
    encounter.apply(Use(actor=CEIL, power="red jab"))
    assert ki_left(encounter.state[CEIL]) == 0
    assert pool(encounter, CEIL, "Ki") == 100 - 25 - 10
    refused(encounter, Use(actor=CEIL, power="red jab"), "chakra-ki")


def test_a_technique_of_a_chakra_needs_that_chakras_ki() -> None:
    """Fill Chakra: "You can also chose to fill none of your chakras": filling only the blue
    chakra (or none) leaves Red Jab nothing in the red one; the halved fill without one
    component ("the amount you fill is halved") leaves the red chakra 5."""
    line = "Ceil: intend spirit -fill blue"
    bound = bind_text(line, {a.verb: a for a in Kaiser.actions}, BindContext({CEIL: "Ceil"}))
    assert bound == Intend(actor=CEIL, intention="spirit", fill=("blue",))
    blue = spirit_round(*INITIATIVE, intend=bound)
    refused(blue, Use(actor=CEIL, power="red jab"), "chakra-ki")
    assert ki_left(blue.state[CEIL]) == 20
    none = spirit_round(*INITIATIVE, intend=Intend(actor=CEIL, intention="spirit", fill=()))
    assert ki_left(none.state[CEIL]) == 0
    verbal = Intend(actor=CEIL, intention="spirit", components="verbal")
    halved = spirit_round(*INITIATIVE, intend=verbal)
    refused(halved, Use(actor=CEIL, power="red jab"), "chakra-ki")
    assert ki_left(halved.state[CEIL]) == 5 + 2 + 10


def to_intention_phase(encounter: Encounter) -> list[Any]:
    """End turns until the next round's Intention phase: the events (the End phase's)."""
    events: list[Any] = list(encounter.apply(EndTurn()).events)
    while not in_intention_phase(encounter.state):
        events += encounter.apply(EndTurn()).events
    return events


def test_ki_is_held_in_the_chakras_until_a_technique_is_activated() -> None:
    """Fill Chakra: "If you take no other Intention or Action this round, you can gain the
    benefit of your chakra again at the end of the rounds ... At the end of the round that you
    activate any ki ability or technique, all the remaining ki returns to your Reserve": a round
    of nothing else holds 70, Fill Chakra again adds 35, and after Ki Blast the rest returns."""
    encounter = spirit_round(*INITIATIVE, *INITIATIVE, intend=FILL)
    to_intention_phase(encounter)
    assert encounter.state[CEIL].marks[HELD + "red"] == 20
    encounter.apply(FILL)
    encounter.apply(EndTurn())
    assert ki_left(encounter.state[CEIL]) == 70 + 35
    encounter.apply(Use(actor=CEIL, power="ki blast"))
    to_intention_phase(encounter)
    assert ki_left(encounter.state[CEIL]) == 0
    assert pool(encounter, CEIL, "Ki") == 100 - 25


def test_ki_not_filled_again_returns_before_initiative_without_loss() -> None:
    """Fill Chakra: "If you have ki in your chakra from the previous round and do not take the
    Fill Chakra Intention again, all your ki returns to your Ki Reserve before rolling
    Initiative" (nothing is lost, unlike a mass of mana)."""
    encounter = spirit_round(*INITIATIVE, *INITIATIVE, intend=FILL)
    encounter.apply(Move(actor=CEIL))
    to_intention_phase(encounter)
    assert ki_left(encounter.state[CEIL]) == 35
    events = encounter.apply(EndTurn()).events
    assert ki_left(encounter.state[CEIL]) == 0
    assert not [e for e in events if isinstance(e, PoolChanged) and e.pool == "Ki"]
    refused(encounter, Use(actor=CEIL, power="ki blast"), "no-intention")


THOM = CombatantId("thom")


def test_transfer_ki_moves_up_to_the_sum_of_the_chakras_a_round() -> None:
    """Transfer Ki: "as a Swift Action you can push an amount of ki up to the sum of your
    chakras from your Reserve to that of another ... If you are in contact with a Ki Battery,
    you can instead pull ki from it. Pulling and pushing ki both have a shared maximum per round
    equal to the sum of your chakras": 35 here, 20 pushed to Thom and 15 pulled."""
    transfer = Intend(actor=CEIL, intention="spirit", option="transfer")
    encounter = spirit_round(*INITIATIVE, intend=transfer, ceil=monk(ki_battery=30))
    encounter.apply(AddCombatant(name="Thom", side="party", sheet=make_sheet(ki=40)))
    encounter.apply(SetPool(target=THOM, pool="Ki", value=10))
    refused(encounter, Transfer(actor=CEIL, amount=5, to=THOM), "no-intention")
    encounter.apply(Transfer(actor=CEIL, amount=20, to=THOM, ki=True))
    encounter.apply(Transfer(actor=CEIL, amount=15, battery="pull", ki=True))
    assert (pool(encounter, CEIL, "Ki"), pool(encounter, THOM, "Ki")) == (100 - 20 + 15, 30)
    assert pool(encounter, CEIL, "Ki Battery") == 15
    refused(encounter, Transfer(actor=CEIL, amount=1, to=THOM, ki=True), "transfer-limit")
    refused(encounter, Use(actor=CEIL, power="ki blast"), "chakra-ki")
    plain = duel(*INITIATIVE, ceil=make_sheet(ki=10), intend=False)
    refused(plain, transfer, "no-chakras")


@pytest.mark.parametrize(
    ("halved", "intention", "moved", "limit"),
    [
        (True, "spirit", "Ki", 35 // 2),
        (False, "spirit", "Ki", 35),
        (True, "magic", "Mana", 50 // 2),
        (False, "magic", "Mana", 50),
    ],
)
def test_the_components_halve_a_transfer_as_the_setting_says(
    halved: bool, intention: str, moved: str, limit: int
) -> None:
    """Transfer Ki moves "up to the sum of your chakras" a round, Transfer Mana "up to your
    Mana Accumulation", neither naming the components; Fill Chakra's "amount you fill is
    halved" and the Accumulate Intentions' "your MA is halved" without one. The setting
    ``transfer_halved_without_components`` (a reading chosen here) halves the transfer's
    maximum too: without the verbal component Ceil (chakras 35, MA 50) pulls 17 ki or 25 mana
    from her battery, or all 35 or 50 with the setting off."""
    settings = KaiserSettings(transfer_halved_without_components=halved)
    ceil = monk(mana=100, mana_accumulation=50, ki_battery=60, mana_battery=60)
    encounter = duel(*INITIATIVE, ceil=ceil, intend=False, settings=settings)
    encounter.apply(
        Intend(actor=CEIL, intention=intention, option="transfer", components="somatic")
    )
    encounter.apply(EndTurn())
    encounter.apply(SetPool(target=CEIL, pool=moved, value=0))
    ki = intention == "spirit"
    encounter.apply(Transfer(actor=CEIL, amount=limit, battery="pull", ki=ki))
    assert pool(encounter, CEIL, moved) == limit
    refused(encounter, Transfer(actor=CEIL, amount=1, battery="pull", ki=ki), "transfer-limit")

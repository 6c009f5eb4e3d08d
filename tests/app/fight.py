"""A toy fight behind a session: Ada (speed 9) and Cy (speed 3) against Bo (speed 5)."""

from __future__ import annotations

from fracas.app.session import Reply, Session
from fracas.dice import LoadedDice
from fracas.engine.action import CombatantId
from fracas.engine.encounter import Encounter
from fracas.engine.gm import AddCombatant
from tests.engine.toy import Toy, ToySheet

ADA, BO, CY, GHOST = CombatantId("ada"), CombatantId("bo"), CombatantId("cy"), CombatantId("ghost")


def toy_session(*faces: int, seed: int = 7, ghost: bool = False, start: bool = True) -> Session:
    """The fight, with ``faces`` as the encounter's loaded dice (seeded when none).

    ``ghost`` adds Ghost (speed 1, villains), hidden from the players. The adds are the
    session's setup, so undo stops at them.
    """
    dice = LoadedDice(faces) if faces else None
    encounter = Encounter(Toy(), seed=seed, dice=dice)
    encounter.apply(AddCombatant(name="Ada", side="heroes", sheet=ToySheet(speed=9)))
    encounter.apply(AddCombatant(name="Bo", side="villains", sheet=ToySheet(speed=5, hp=12)))
    encounter.apply(AddCombatant(name="Cy", side="heroes", sheet=ToySheet(speed=3)))
    if ghost:
        encounter.apply(
            AddCombatant(name="Ghost", side="villains", sheet=ToySheet(speed=1), hidden=True)
        )
    session = Session(encounter, "Brawl", setup=len(encounter.steps))
    if start:
        ok(session.run("start"))
    return session


def ok(reply: Reply) -> Reply:
    """``reply``, after checking it reports no error."""
    assert reply.error is None, reply.error
    return reply


def hp(session: Session, who: CombatantId) -> int:
    return session.state[who].pools["HP"].current


def ap(session: Session, who: CombatantId) -> int:
    return session.state[who].pools["AP"].current

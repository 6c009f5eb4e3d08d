"""Adding several combatants in one step: a group of reinforcements (``add raptor x3``).

The sheets come ready-made in the action (where they were found, a library or a file, is the
app's business), so a save replays the step without looking anything up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from fracas.dice import DiceSource
from fracas.engine.action import Action
from fracas.engine.events import Event
from fracas.engine.frozen import frozen
from fracas.engine.gm import AddCombatant, AddCombatantRule, GmRule
from fracas.engine.ruleset import IllegalAction, Ruleset
from fracas.engine.state import EncounterState


@frozen
class AddCombatants(Action):
    """Add combatants in one step (one undo takes them all back), each as its ``AddCombatant``
    would add it alone; mid-fight each joins the order by initiative. ``command`` is the line
    that asked for them, as the log tells it. (A newcomer's ``actor`` is unused: the step's
    own is who asked.)"""

    verb: ClassVar[str] = "add"
    game_master: ClassVar[bool] = True
    newcomers: tuple[AddCombatant, ...]
    command: str = ""


class AddCombatantsRule(GmRule[AddCombatants]):
    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.one = AddCombatantRule(ruleset)

    def verify(self, state: EncounterState, action: AddCombatants) -> None:
        super().verify(state, action)
        if not action.newcomers:
            raise IllegalAction("nobody-to-add", "add: nobody to add")
        taken = {c.name.casefold() for c in state}
        for newcomer in action.newcomers:
            self.one.verify(state, newcomer)
            if newcomer.name.casefold() in taken:
                raise IllegalAction("name-taken", f"add: {newcomer.name} is already in the fight")
            taken.add(newcomer.name.casefold())

    def resolve(
        self, state: EncounterState, action: AddCombatants, dice: DiceSource
    ) -> Sequence[Event]:
        events: list[Event] = []
        for newcomer in action.newcomers:
            joined = self.one.resolve(state, newcomer, dice)
            for event in joined:
                state = event.apply(state)
            events.extend(joined)
        return events

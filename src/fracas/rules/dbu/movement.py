"""The Movement Maneuver: Normal and Boosted Speed, Rapid Movement, flight, and moving in a
Grapple ("Moving A Target")."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.dice import DiceSource
from fracas.engine.action import CombatantId
from fracas.engine.events import EffectApplied, Event, MarkSet, Note, reduce
from fracas.engine.frozen import frozen
from fracas.engine.ruleset import Cost, IllegalAction
from fracas.engine.state import Anchor, Effect, EncounterState, Moment
from fracas.rules.dbu import actions as a
from fracas.rules.dbu.attack import PROVOKING, ki_cost
from fracas.rules.dbu.bound import BOUND, bound_actions
from fracas.rules.dbu.charging import require_not_charging
from fracas.rules.dbu.conditions import speeds
from fracas.rules.dbu.economy import ACTIONS
from fracas.rules.dbu.events import CheckRolled
from fracas.rules.dbu.grapple import PINNED, partner
from fracas.rules.dbu.grapple_rules import force_check
from fracas.rules.dbu.positions import (
    SQUARE,
    Square,
    occupant,
    square_of,
    square_text,
    squares_apart,
)
from fracas.rules.dbu.queries import (
    acting,
    has_effect,
    maneuver_ki,
    require_turn,
    sheet_of,
    standing,
)
from fracas.rules.dbu.rolls import beats
from fracas.rules.dbu.settings import DbuSettings
from fracas.rules.dbu.strike import SHAKEN
from fracas.rules.dbu.vocabulary import Attribute, Category, Size
from fracas.rules.dbu.wounds import wound

RAPID = "Rapid Movement"
STRIKE_BONUS = "strike"
"""Effect data: a bonus to its bearer's Strike Rolls, times its Tier (Rapid Movement)."""


def boosted_ki(squares: int, normal: int, *, per_square: int) -> int:
    """'you will have to pay 3 Ki Points for each Square you move through beyond your Normal
    Speed. For example, if you moved your maximum Boosted Speed of 7 squares while your Normal
    Speed was 5 squares, you would pay 6 Ki Points.'"""
    return max(squares - normal, 0) * per_square


def grapple_drag_ki(mover: Size, other: Size) -> int:
    """Moving a Target: 'pay 2 Ki Points for each square moved if the other character is a Size
    Category larger than them. Increase this cost by +1 Ki Points for each Size Category the
    other character is larger than them by after the first.'"""
    larger = other.steps - mover.steps
    return 0 if larger < 1 else 2 + (larger - 1)


@frozen
class MoveRule:
    settings: DbuSettings

    def speeds(self, state: EncounterState, actor: CombatantId) -> tuple[int, int]:
        """Normal and Boosted Speed; halved (rounded up) while moving in a Grapple."""
        normal, boosted = speeds(state[actor], settings=self.settings)
        if partner(state, actor) is None:
            return normal, boosted
        return -(-normal // 2), -(-boosted // 2)

    def ki(self, state: EncounterState, action: a.Move) -> int:
        actor = acting(action)
        normal, _ = self.speeds(state, actor)
        if action.rapid:
            ki = action.squares * self.settings.rapid_ki_per_square
        else:
            ki = boosted_ki(action.squares, normal, per_square=self.settings.boosted_ki_per_square)
        other = partner(state, actor)
        if other is not None:
            drag = grapple_drag_ki(sheet_of(state[actor]).size, sheet_of(state[other]).size)
            ki += drag * action.squares
        return ki

    def cost(self, state: EncounterState, action: a.Move) -> Cost:
        ki = maneuver_ki(state[acting(action)], self.ki(state, action))
        return {ACTIONS: 1, **ki_cost(ki)}

    def verify(self, state: EncounterState, action: a.Move) -> None:
        actor = acting(action)
        require_turn(state, actor, action.verb)
        require_not_charging(state, actor, action.verb)
        combatant = state[actor]
        if has_effect(combatant, PINNED):
            raise IllegalAction("pinned", "move: Pinned characters cannot move")
        _, boosted = self.speeds(state, actor)
        if not 1 <= action.squares <= boosted:
            raise IllegalAction("too-far", f"move: 1 to {boosted} squares (your Boosted Speed)")
        modifiers = sheet_of(combatant).modifiers
        best = max(modifiers[Attribute.FORCE], modifiers[Attribute.SPIRIT])
        if action.fly and best < self.settings.flight_modifier:
            raise IllegalAction("cannot-fly", "move: flying needs a Force or Spirit Modifier of 3+")
        if action.to is not None:
            self._verify_square(state, action)

    def _verify_square(self, state: EncounterState, action: a.Move) -> None:
        """The square moved to is free and no more than the squares moved away."""
        assert action.to is not None
        actor = acting(action)
        here = square_of(state[actor])
        if here is None:
            raise IllegalAction(
                "not-placed", f"move -to: {state[actor].name} has no square (place it first)"
            )
        there = occupant(state, action.to)
        if there is not None and there != actor:
            raise IllegalAction("occupied", f"move -to: {state[there].name} stands there")
        _verify_not_toward_inflicter(state, actor, here, action.to, settings=self.settings)
        apart = squares_apart(here, action.to, settings=self.settings)
        if apart > action.squares:
            raise IllegalAction(
                "too-far", f"move -to: that square is {apart} squares away, not {action.squares}"
            )

    def resolve(self, state: EncounterState, action: a.Move, dice: DiceSource) -> Sequence[Event]:
        actor = acting(action)
        events: list[Event] = []
        bound = bound_actions(state[actor])
        if bound:
            events.append(MarkSet(actor, BOUND, bound - 1 or None))
        other = partner(state, actor)
        if other is not None:
            dragged, moved = self._in_grapple(state, actor, other, action.squares, dice)
            events += dragged
            if not moved:
                return events
        else:
            events.append(Note(f"moves {action.squares} squares", actor))
        events += self._to_square(state, action)
        leaving = action.leaving or self._leaves_melee(state, action)
        if action.rapid and not has_effect(reduce(state, events)[actor], RAPID):
            events.append(EffectApplied(actor, _rapid(state, actor, self.settings)))
        elif leaving and not action.rapid:
            # 'if you leave the Melee Range of any enemy combatants … you will provoke a Counter
            # Action against you.'
            now = state.acting()[0]
            ends = Anchor(state.clock.round, now, Moment.END)
            events.append(EffectApplied(actor, Effect(name=PROVOKING, ends=ends, source=actor)))
        return events

    def _to_square(self, state: EncounterState, action: a.Move) -> list[Event]:
        """The mover (and the one it drags in a Grapple: 'the other character in the Grapple
        moves the same number of squares in the same direction') takes its new square."""
        actor, to = acting(action), action.to
        here = square_of(state[actor])
        if to is None or here is None:
            return []
        events: list[Event] = [MarkSet(actor, SQUARE, square_text(to))]
        other = partner(state, actor)
        theirs = square_of(state[other]) if other is not None else None
        if other is not None and theirs is not None:
            shifted = (theirs[0] + to[0] - here[0], theirs[1] + to[1] - here[1])
            events.append(MarkSet(other, SQUARE, square_text(shifted)))
        return events

    def _leaves_melee(self, state: EncounterState, action: a.Move) -> bool:
        """On the grid: an enemy within Melee Range of the square left is beyond it from the
        square reached (a path that enters and leaves one on the way is told by -leaving)."""
        actor, to = acting(action), action.to
        here = square_of(state[actor])
        if to is None or here is None:
            return False
        melee = self.settings.melee_range
        for enemy in state.enemies(actor):
            there = square_of(enemy)
            if there is None or not standing(enemy) or enemy.id == partner(state, actor):
                continue
            before = squares_apart(here, there, settings=self.settings)
            after = squares_apart(to, there, settings=self.settings)
            if before <= melee < after:
                return True
        return False

    def _in_grapple(
        self,
        state: EncounterState,
        actor: CombatantId,
        other: CombatantId,
        squares: int,
        dice: DiceSource,
    ) -> tuple[list[Event], bool]:
        """'they must make an Opposed Force Check … If they fail, they cannot use that Movement
        Maneuver but the Action to use that Maneuver is lost … If a character suffering from the
        Pinned Combat Condition is moved in this manner, they take 2 Lethal Damage for each
        Square moved. If any character manages to successfully move while in a Grapple, the
        other character in the Grapple moves the same number of squares'."""
        mine = force_check(state, actor, dice, settings=self.settings)
        theirs = force_check(state, other, dice, settings=self.settings)
        moved = beats(mine.total, theirs.total, settings=self.settings)
        events: list[Event] = [
            CheckRolled(actor, "Opposed Force Check (moving)", mine, theirs.total, moved),
            CheckRolled(other, "Opposed Force Check", theirs, mine.total, not moved),
        ]
        if not moved:
            return events, False
        events.append(Note(f"moves {squares} squares, dragging {state[other].name}", actor))
        if has_effect(state[other], PINNED):
            damage = self.settings.pinned_drag_damage * squares
            lethal = Category.LETHAL
            events += wound(state, actor, other, damage, lethal, settings=self.settings).events
        return events, True


def _verify_not_toward_inflicter(
    state: EncounterState,
    actor: CombatantId,
    here: Square,
    to: Square,
    *,
    settings: DbuSettings,
) -> None:
    """SOURCES.md 2.9, Shaken: 'cannot willingly move toward the inflicter' (on the grid: end
    no closer to it than you started)."""
    for effect in state[actor].effects:
        inflicter = effect.source
        if effect.name != SHAKEN or inflicter is None or inflicter not in state.combatants:
            continue
        there = square_of(state[inflicter])
        if there is None:
            continue
        if squares_apart(to, there, settings=settings) < squares_apart(
            here, there, settings=settings
        ):
            raise IllegalAction(
                "shaken", f"move: Shaken, you cannot move toward {state[inflicter].name}"
            )


def _rapid(state: EncounterState, actor: CombatantId, settings: DbuSettings) -> Effect:
    """'Using Rapid Movement increases your Strike Rolls for the remainder of your turn by
    +2(T). This effect cannot stack with itself.'"""
    now = state.acting()[0]
    return Effect(
        name=RAPID,
        ends=Anchor(state.clock.round, now, Moment.END),
        source=actor,
        data={STRIKE_BONUS: settings.rapid_strike},
    )

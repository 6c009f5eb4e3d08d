"""Narrators of the rulesets' own events, one module per ruleset slug.

``fracas.app.narrators.<slug>`` (``momentum.py`` for the ``momentum`` ruleset) defines::

    NARRATORS: Mapping[type[Event], EventNarrator] = {AttackRolled: attack, DamageTaken: damage}

where each narrator is ``(event, scene) -> str | Sequence[str] | None`` (see
``fracas.app.scene``: ``scene.state`` is the state before the event, ``scene.after`` the
state after it, ``scene.action`` the step's action, ``scene.name(id)`` a display name that never
names a hidden combatant to a player, ``scene.until(anchor)`` an effect's end in words, and
``scene.shows_pools(id)`` whether the audience may see that combatant's numbers). Show every
number: the dice (``result.render()``), the target number, each step of the damage pipeline.
A narrator may also override an engine event's narration for its ruleset. An event without a
narrator is told generically (``AttackRolled: attacker=Druid, …``), never dropped.

Two more names are optional, for a ruleset whose table talks its own way (the MUSH turn message
of Kingsdale, its pose table):

* ``turn_prompt(turn, state) -> Sequence[str]``: what the players of ``turn`` are told privately
  when it starts (``state`` is the state once it has started);
* ``order_table(state, audience) -> Sequence[str]``: the round's order for ``audience`` (the
  ``order`` command, MUSH ``+vinit``); it must leave out what the audience may not see.

Without them the generic ``fracas.app.narration.turn_prompt`` and ``order_table`` are used.

* ``lasting(effect) -> str | None``: how long one of the ruleset's effects with no anchored end
  lasts (``a new PhR check in 1 round``), for those that end by themselves; None for one that
  lasts until removed. The log and every view show it where they would say ``until removed``.
* ``lasting_tells(effect) -> Collection[str]``: the effect's parameters those words tell (the
  countdown of ``a new PhR check in 1 round``); the log and the views leave them out of the
  parameters they show beside the words.
"""

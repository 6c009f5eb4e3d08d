"""Built-in tactics, one module per ruleset slug, each defining ``tactics(ruleset) -> Policy``
(see ``fracas.sim.policy``)."""

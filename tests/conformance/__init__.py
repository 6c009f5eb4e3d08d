"""The conformance suite: properties every registered ruleset must have, checked on its demo."""

"""The toy rule system as an installable-looking plug-in with a demo fight, for CLI tests.

Load it without installing: ``FRACAS_RULESETS=tests.cli.toyrules:DemoToy``.
"""

from __future__ import annotations

from tests.engine.toy import Toy


class DemoToy(Toy):
    """The toy rule system, shipping ``demo.yaml`` next to this module."""

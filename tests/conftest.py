"""Test-wide settings: property tests are reproducible unless asked to explore.

The default Hypothesis profile derandomizes, so CI runs the same examples every time and a red
build always means a real change. ``pytest --hypothesis-profile=explore`` searches new ones.
"""

from hypothesis import settings

settings.register_profile("reproducible", derandomize=True, deadline=None)
settings.register_profile("explore", deadline=None, max_examples=2000)
settings.load_profile("reproducible")

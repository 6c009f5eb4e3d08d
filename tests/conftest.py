"""Test-wide settings: property tests are reproducible unless asked to explore.

The default Hypothesis profile derandomizes, so CI runs the same examples every time and a red
build always means a real change. ``pytest --hypothesis-profile=explore`` searches new ones.
"""

import pytest
from hypothesis import settings

settings.register_profile("reproducible", derandomize=True, deadline=None)
settings.register_profile("explore", deadline=None, max_examples=2000)
settings.load_profile("reproducible")


@pytest.fixture(autouse=True)
def _no_user_library(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test sees an empty user library (``FRACAS_LIBRARY``), never the real one."""
    monkeypatch.setenv("FRACAS_LIBRARY", str(tmp_path_factory.mktemp("library")))

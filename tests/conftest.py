"""Shared fixtures: the backends every contract test runs against."""

from __future__ import annotations

import pytest

from cnfsweep.backends import available_backends

# Every available backend, plus PySAT variants that exercise other solvers and
# cardinality encodings, so the contract suite covers each code path.
BACKENDS = [*available_backends(), "pysat:glucose4", "pysat:minicard", "pysat:cadical195:totalizer"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Name of a backend spec, e.g. ``"cpsat"`` or ``"pysat:glucose4"``."""
    return request.param

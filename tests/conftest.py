"""Shared fixtures: the backends every contract test runs against, and the CLI runner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app
from cnfsweep.engine.backends import usable_specs
from cnfsweep.engine import Engine

# Every configuration the engine accepts here (each PySAT solver that passed the
# capability probe), plus the default and another encoding, so the contract suite
# covers everything a user can ask for.
BACKENDS = ["pysat", *usable_specs(), "pysat:cadical195:totalizer"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Name of a backend spec, e.g. ``"cpsat"`` or ``"pysat:glucose4"``."""
    return request.param


@pytest.fixture
def engine() -> Engine:
    """A fresh engine on the default backend, with its own cache."""
    return Engine.create()


@pytest.fixture
def run():
    """Return a function that runs ``cnfsweep ARGS...`` (optionally with standard input) and gives its result."""
    runner = CliRunner()

    def invoke(*args: str, stdin: str | None = None):
        return runner.invoke(app, list(args), input=stdin)

    return invoke

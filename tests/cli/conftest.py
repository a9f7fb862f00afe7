"""The CLI tests' one fixture: run ``cnfsweep`` through typer's CliRunner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cnfsweep.cli import app


@pytest.fixture
def run():
    """Return a function that runs ``cnfsweep ARGS...`` (optionally with standard input) and gives its result."""
    runner = CliRunner()

    def invoke(*args: str, stdin: str | None = None):
        return runner.invoke(app, list(args), input=stdin)

    return invoke

"""Shared fixtures: the backends every contract test runs against, and the CLI runner; how pytest-xdist splits the suite."""

from __future__ import annotations

from typing import Any

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


# The page's tests (tests/web/test_browser*.py) share one Chromium and one live server, launched once
# (tests/web/conftest.py): they run on one worker, from the start, since together they are the longest unit.
BROWSER_FILES = "tests/web/test_browser"


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``-n`` (pytest-xdist), hand the workers whole files, the page's tests as one unit sent first.

    A file's module-scoped fixtures (a test client, a game tree) are then built once, not once a worker.
    pytest-xdist's own ``--dist loadgroup`` cannot group them: it marks a group in the test's id, which
    pytest 9 no longer reads from where it writes it. Another ``--dist`` than the default is left alone.
    """
    if config.getvalue("dist") != "load":
        return None
    config.option.loadscopereorder = False  # files in the order collected (by name), not by their number of tests
    from xdist.scheduler import LoadFileScheduling

    class FilesBrowserFirst(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return BROWSER_FILES if path.startswith(BROWSER_FILES) else path

        def _assign_work_unit(self, node: Any) -> None:
            # The longest unit first, so that it does not finish alone at the end; the rest in the order collected.
            if BROWSER_FILES in self.workqueue:
                self.workqueue.move_to_end(BROWSER_FILES, last=False)
            super()._assign_work_unit(node)

    return FilesBrowserFirst(config, log)

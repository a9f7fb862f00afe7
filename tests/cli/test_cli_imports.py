"""Start-up stays light: the command group, and each package, import only what is asked for.

A ``cnfsweep`` command is a process of its own; before, each one imported the whole
library (the engine, the players, the explainer, pydantic through typer's parameter
checks) before parsing its first option.  Each check runs in a fresh interpreter,
since this one has long imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import cnfsweep

SRC = os.path.dirname(os.path.dirname(cnfsweep.__file__))

# What building the group may never import: the library's layers above core, the solvers and pydantic.
HEAVY = (
    "cnfsweep.engine",
    "cnfsweep.explanation",
    "cnfsweep.formats",
    "cnfsweep.generation",
    "cnfsweep.play",
    "cnfsweep.variants",
    "ortools",
    "pandas",
    "pydantic",
)

# The packages whose public names are imported on first use (see cnfsweep.core.exports).
LAZY_PACKAGES = (
    "cnfsweep",
    "cnfsweep.engine",
    "cnfsweep.experiments",
    "cnfsweep.explanation",
    "cnfsweep.gadgets",
    "cnfsweep.generation",
    "cnfsweep.play",
    "cnfsweep.present",
)


def imported_after(code: str) -> list[str]:
    """Run ``code`` in a fresh interpreter and return the modules it has imported then."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def under(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)]


def test_building_the_command_group_imports_no_library_layer_solver_or_pydantic() -> None:
    modules = imported_after("import typer.main\nfrom cnfsweep.cli import app\ntyper.main.get_command(app)")
    assert under(modules, HEAVY) == []


def test_looking_a_command_up_imports_its_own_module_and_no_other_commands() -> None:
    modules = imported_after(
        "import typer.main\nfrom cnfsweep.cli import app\ntyper.main.get_command(app).commands['read']"
    )
    commands = {m for m in under(modules, ("cnfsweep.cli",)) if m.count(".") == 2}
    assert commands == {"cnfsweep.cli.read", "cnfsweep.cli.usage", "cnfsweep.cli.common"}


# What looking a command up (for its --help, or to refuse a bad option) may not import: the engine, the explainer,
# the reviewer, the views and the solvers; the command imports them when it runs.
NOT_BEFORE_RUNNING = (
    "cnfsweep.engine.engine",
    "cnfsweep.explanation.hints",
    "cnfsweep.replay.reviewer",
    "cnfsweep.present.text",
    "cnfsweep.present.svg",
    "ortools",
    "pysat",
)


def _every_command() -> list[str]:
    from cnfsweep.cli import app
    import typer.main

    return list(typer.main.get_command(app).commands)


@pytest.mark.parametrize("command", _every_command())
def test_looking_a_command_up_imports_neither_the_engine_nor_the_views(command: str) -> None:
    modules = imported_after(
        f"import typer.main\nfrom cnfsweep.cli import app\ntyper.main.get_command(app).commands[{command!r}]"
    )
    assert under(modules, NOT_BEFORE_RUNNING) == []


@pytest.mark.parametrize("words", [["--help"], *([command, "--help"] for command in _every_command())], ids=" ".join)
def test_asking_for_help_imports_neither_the_engine_nor_the_views(words: list[str]) -> None:
    # ``cnfsweep --help`` builds every command for its one-line summaries, so each command's options count too.
    modules = imported_after(
        "import contextlib, io, typer.main\nfrom cnfsweep.cli import app\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    typer.main.get_command(app).main({words!r}, prog_name='cnfsweep', standalone_mode=False)"
    )
    assert under(modules, NOT_BEFORE_RUNNING) == []


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_importing_a_package_imports_none_of_its_names_homes(package: str) -> None:
    modules = imported_after(f"import {package}")
    assert [m for m in modules if m.startswith("cnfsweep.") and not m.startswith("cnfsweep.core")] == (
        [] if package == "cnfsweep" else [package]
    )


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_package_offers_each_public_name_from_its_home(package: str) -> None:
    # In a fresh interpreter: here another test may already have asked for every name.
    script = (
        f"import {package} as p\n"
        "wrong = [n for n in p.__all__ if getattr(p, n, None) is None]\n"
        "assert set(p.__all__) <= set(dir(p)), 'dir'\n"
        "print(wrong)"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"

"""Every module renamed in issue 37 still imports from its old path for one release, with a warning.

Each old path gives each of its names, the very same object as the new module's, and a
``DeprecationWarning`` that names the old path and the new one.  ``RENAMED`` is the list agreed in
issue 37: each old module and where its names went.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

RENAMED = {
    "cnfsweep.core.geometry": ("cnfsweep.core.cell", "cnfsweep.core.topology"),
    "cnfsweep.core.values": ("cnfsweep.core.checks", "cnfsweep.core.exact"),
    "cnfsweep.core.errors": ("cnfsweep.core.deadline",),
    "cnfsweep.core.model": ("cnfsweep.core.constraints",),
    "cnfsweep.replay.model": ("cnfsweep.replay.results",),
    "cnfsweep.replay.judge": ("cnfsweep.replay.reviewer",),
    "cnfsweep.explanation.moves": ("cnfsweep.explanation.hints",),
    "cnfsweep.web.moves": ("cnfsweep.web.gameplay",),
    "cnfsweep.generation.api": ("cnfsweep.generation.generator",),
    "cnfsweep.cli.analyse": ("cnfsweep.cli.solve", "cnfsweep.cli.check"),
    "cnfsweep.cli.explain": ("cnfsweep.cli.hint",),
    "cnfsweep.cli.games": ("cnfsweep.cli.play",),
    "cnfsweep.cli.gadgets": ("cnfsweep.cli.gadget", "cnfsweep.cli.reduce"),
}
# Names every old module had that a caller may have imported (at least these must still read).
EXPECTED = {
    "cnfsweep.core.geometry": {"Cell", "ShapeTables", "Topology"},
    "cnfsweep.core.values": {"whole_number", "read_cell", "count_argument", "int_text", "exact_text"},
    "cnfsweep.core.errors": {"check_deadline", "checked", "deadline_after", "time_left"},
    "cnfsweep.core.model": {"Constraint", "Problem", "CountTable", "Rule"},
    "cnfsweep.replay.model": {"Label", "ClickReview", "GameReview"},
    "cnfsweep.replay.judge": {"review", "review_game"},
    "cnfsweep.explanation.moves": {"hint", "explain", "Explainer"},
    "cnfsweep.web.moves": {"OpenCell"},
    "cnfsweep.generation.api": {"generate", "generate_boards"},
    "cnfsweep.cli.analyse": {"solve", "check"},
    "cnfsweep.cli.explain": {"hint_command"},
    "cnfsweep.cli.games": {"play"},
    "cnfsweep.cli.gadgets": {"gadget_command", "reduce_command"},
}
CASES = [
    (old, name, where)
    for old in RENAMED
    for name, where in sorted(importlib.import_module(old)._MOVED.items())  # type: ignore[attr-defined]
]


def test_each_old_module_keeps_the_names_callers_used() -> None:
    for old, names in EXPECTED.items():
        assert names <= set(importlib.import_module(old)._MOVED), old  # type: ignore[attr-defined]


@pytest.mark.parametrize(("old", "name", "where"), CASES, ids=[f"{old}.{name}" for old, name, _ in CASES])
def test_an_old_path_warns_and_gives_the_same_object(old: str, name: str, where: str) -> None:
    new_module, _, new_name = where.partition(":")
    assert new_module in RENAMED[old]
    module = importlib.import_module(old)
    with pytest.warns(
        DeprecationWarning, match=rf"^{old}\.{name} is deprecated: use {new_module}\.{new_name or name}$"
    ):
        found = getattr(module, name)
    assert found is getattr(importlib.import_module(new_module), new_name or name)


def test_importing_an_old_path_warns_of_nothing_until_a_name_is_read() -> None:
    # In a fresh process: importing the module itself is quiet (a package may import it for another name).
    code = "; ".join(f"import {old}" for old in RENAMED)
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True)


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_an_old_path_refuses_a_name_it_never_had(old: str) -> None:
    with warnings.catch_warnings(), pytest.raises(AttributeError, match=f"module '{old}' has no attribute 'nothing'"):
        warnings.simplefilter("error")
        importlib.import_module(old).nothing  # noqa: B018


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_from_import_of_an_old_path_points_at_the_caller(old: str) -> None:
    name = sorted(EXPECTED[old])[0]
    with pytest.warns(DeprecationWarning) as caught:
        exec(f"from {old} import {name}", {})
    # stacklevel: the warning names the line that imported, not the shim.
    assert caught[0].filename == "<string>"

"""Every C kernel the install built also loads: a broken build must not pass for a machine without a compiler.

The loader falls back to the Python code on any ImportError, so a kernel that compiled but cannot be
imported (a missing symbol, a function left undeclared) would leave every kernel test green on the slow path.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import cnfsweep
from cnfsweep.engine.kernels import PURE_PYTHON, load

PACKAGE = Path(cnfsweep.__file__).parent
BUILT = sorted(p for p in PACKAGE.rglob("_*") if any(p.name.endswith(s) for s in EXTENSION_SUFFIXES))


def module_of(path: Path) -> str:
    inner = path.relative_to(PACKAGE.parent).parts
    return ".".join([*inner[:-1], path.name.split(".")[0]])


def test_each_kernel_source_has_its_built_module_beside_it_or_none() -> None:
    # Each built module comes from a C file of the same name: no stale build of a kernel since removed.
    for path in BUILT:
        assert path.with_name(path.name.split(".")[0] + ".c").exists(), path


@pytest.mark.skipif(bool(os.environ.get(PURE_PYTHON)), reason="the kernels are switched off")
@pytest.mark.parametrize("path", BUILT, ids=lambda p: p.name.split(".")[0])
def test_a_built_kernel_loads(path: Path) -> None:
    assert load(module_of(path)) is not None, f"{path.name} was built but does not import"

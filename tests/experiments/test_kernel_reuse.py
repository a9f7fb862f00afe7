"""A benchmark's code tree copies the built C kernels of a tree with the same sources, and compiles changed ones.

The trees here are tiny packages with one kernel (a C function answering a number), built with the
compiler the test environment has; without one, the tests skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from benchmarks.harness.trees import KernelBuild, build_kernels, built_kernels, kernel_sources

SETUP = '''"""A package with one kernel."""
from setuptools import Extension, setup

setup(
    packages=["pkg"],
    package_dir={"": "src"},
    # The kernel.
    ext_modules=[Extension("pkg._k", ["src/pkg/_k.c"], depends=["src/pkg/k.h"], optional=True)],
)
'''

KERNEL = """#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "k.h"
static PyObject *answer(PyObject *self, PyObject *args) { return PyLong_FromLong(ANSWER); }
static PyMethodDef methods[] = {{"answer", answer, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_k", NULL, -1, methods};
PyMODINIT_FUNC PyInit__k(void) { return PyModule_Create(&module); }
"""


def make_tree(folder: Path, answer: int = 42, setup: str = SETUP) -> Path:
    """A tree with one kernel whose function answers ``answer``."""
    package = folder / "src" / "pkg"
    package.mkdir(parents=True)
    (folder / "setup.py").write_text(setup)
    (package / "__init__.py").write_text("")
    (package / "_k.c").write_text(KERNEL)
    (package / "k.h").write_text(f"#define ANSWER {answer}\n")
    return folder


def kernel_file(tree: Path) -> Path:
    return tree / "src" / "pkg" / ("_k" + sysconfig.get_config_var("EXT_SUFFIX"))


def answer(tree: Path) -> int:
    """What the tree's kernel answers, imported in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    code = "import pkg._k as k; print(k.answer())"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tree whose kernel is built (answering 42)."""
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        pytest.skip("no C compiler here")
    tree = make_tree(tmp_path_factory.mktemp("reference"))
    assert build_kernels(tree, like=(tree,)) is KernelBuild.BUILT
    return tree


@pytest.fixture
def no_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiler that fails, so a kernel that works afterwards was copied, not compiled."""
    monkeypatch.setenv("CC", "false")
    monkeypatch.setenv("LDSHARED", "false")


def test_the_same_sources_copy_the_built_kernel(reference: Path, tmp_path: Path, no_compiler: None) -> None:
    # Comments and the docstring of setup.py are not what a build reads.
    setup = SETUP.replace('"""A package with one kernel."""', '"""Another docstring."""').replace("# The", "# the")
    tree = make_tree(tmp_path, setup=setup)
    assert kernel_sources(tree) == kernel_sources(reference)
    assert build_kernels(tree, like=(reference,)) is KernelBuild.COPIED
    assert kernel_file(tree).read_bytes() == kernel_file(reference).read_bytes()
    assert answer(tree) == 42


@pytest.mark.parametrize(
    "change",
    ["header", "source", "setup", "new source"],
)
def test_a_changed_source_is_compiled(reference: Path, tmp_path: Path, change: str) -> None:
    tree = make_tree(tmp_path, answer=7 if change == "header" else 42)
    if change == "source":
        (tree / "src" / "pkg" / "_k.c").write_text(
            KERNEL.replace("PyLong_FromLong(ANSWER)", "PyLong_FromLong(-ANSWER)")
        )
    elif change == "setup":
        (tree / "setup.py").write_text(SETUP.replace("optional=True", "optional=True, define_macros=[('X', '1')]"))
    elif change == "new source":
        (tree / "src" / "pkg" / "other.h").write_text("#define OTHER 1\n")
    assert kernel_sources(tree) != kernel_sources(reference)
    assert build_kernels(tree, like=(reference,)) is KernelBuild.BUILT
    assert answer(tree) == {"header": 7, "source": -42}.get(change, 42)


def test_a_kernel_older_than_its_sources_is_not_copied(reference: Path, tmp_path: Path) -> None:
    # The reference's source edited after its build (the same bytes again, but setuptools would rebuild it).
    stale = shutil.copytree(reference, tmp_path / "stale")
    header = stale / "src" / "pkg" / "k.h"
    later = kernel_file(stale).stat().st_mtime + 10
    os.utime(header, (later, later))
    assert built_kernels(stale) is None
    tree = make_tree(tmp_path / "tree")
    assert build_kernels(tree, like=(stale,)) is KernelBuild.BUILT
    assert answer(tree) == 42
    # And a missing kernel is built too.
    kernel_file(stale).unlink()
    assert built_kernels(stale) is None


def test_a_tree_without_setup_has_no_kernels(tmp_path: Path) -> None:
    assert build_kernels(tmp_path) is KernelBuild.NONE


def test_the_first_tree_with_the_same_sources_is_copied_from(
    reference: Path, tmp_path: Path, no_compiler: None
) -> None:
    # Another tree's sources differ (and it has no kernel built): the next one given is the reference.
    other = make_tree(tmp_path / "other", answer=7)
    tree = make_tree(tmp_path / "tree")
    assert build_kernels(tree, like=(other, reference)) is KernelBuild.COPIED
    assert answer(tree) == 42

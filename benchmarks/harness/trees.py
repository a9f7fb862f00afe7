"""Other commits' code trees, for the benchmarks and studies that run two commits side by side.

A tree is a git worktree of some commit, run from this environment with ``PYTHONPATH`` at its ``src``.
Each side runs its own copy of a benchmark: ``python -m benchmarks NAME`` where the tree has this package,
else the script it had before the package (``scripts/bench.py`` ...), so older commits stay comparable.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from enum import Enum
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository: workers run from here, so `benchmarks` is this package whatever the tree."""


def benchmark_command(tree: Path, name: str, script: str) -> list[str]:
    """Return the arguments after ``python`` that run benchmark ``name`` in ``tree`` (run with ``cwd=tree``).

    Parameters
    ----------
    tree
        The code tree.
    name
        The entry's name in this package (``engines``, ``campaign`` ...).
    script
        Its file under ``scripts/`` in trees from before the package (``bench.py``, ``campaign.py`` ...).
    """
    if (tree / "benchmarks" / "__main__.py").is_file():
        return ["-m", "benchmarks", name]
    return [f"scripts/{script}"]


class KernelBuild(Enum):
    """What :func:`build_kernels` did for a tree's C kernels."""

    NONE = "none"
    """The tree has none (no ``setup.py``)."""
    COPIED = "copied"
    """Its kernel sources are those of the reference tree, whose built kernels were copied: no compiler ran."""
    BUILT = "built"
    """Compiled in the tree."""
    FAILED = "failed"
    """The build failed (no compiler): the tree runs its pure-Python fallbacks."""


def kernel_sources(tree: Path) -> bytes:
    """What a tree's C kernels are built from, as a SHA-256 digest two trees can be compared by.

    That is every C source and header under ``src``, by path; ``setup.py`` as code (parsed, so its comments,
    its layout and its docstring do not count); and ``pyproject.toml``'s ``[tool.setuptools]`` table (where
    the packages are, hence where the built files go). Two trees with the same digest build the same
    kernels with the same interpreter and compiler.
    """
    digest = hashlib.sha256()
    code = ast.parse((tree / "setup.py").read_text(encoding="utf-8"))
    if code.body and isinstance(code.body[0], ast.Expr) and isinstance(code.body[0].value, ast.Constant):
        code.body = code.body[1:]  # the module's docstring
    digest.update(ast.dump(code).encode())
    pyproject = tree / "pyproject.toml"
    section = ""  # the table a line is in (tomllib is 3.11+: the tables are found by their headers)
    for line in pyproject.read_text(encoding="utf-8").splitlines() if pyproject.exists() else []:
        if line.startswith("["):
            section = line.strip()
        if section.startswith("[tool.setuptools"):
            digest.update(line.encode() + b"\n")
    for path in sorted(p for p in (tree / "src").rglob("*") if p.suffix in (".c", ".h") and p.is_file()):
        name = path.relative_to(tree).as_posix().encode()
        digest.update(len(name).to_bytes(8, "big") + name)
        data = path.read_bytes()
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.digest()


def built_kernels(tree: Path) -> list[Path] | None:
    """The files an in-place build of ``tree`` makes, one a kernel, if each is there and newer than every source.

    ``None`` when one is missing or older than a source (setuptools' rule for a kernel to rebuild, over all
    the kernels' sources at once), or when ``setup.py`` does not name its kernels plainly
    (``Extension("package.module", ...)``).
    """
    names = []
    for node in ast.walk(ast.parse((tree / "setup.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Extension":
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                return None
            names.append(first.value)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    files = [tree / "src" / (name.replace(".", "/") + suffix) for name in names]
    if not files or not all(f.is_file() for f in files):
        return None
    sources = [tree / "setup.py", *(p for p in (tree / "src").rglob("*") if p.suffix in (".c", ".h"))]
    # To the second: an in-place build copies its file with the time in whole seconds.
    newest = max(int(p.stat().st_mtime) for p in sources if p.is_file())
    return files if all(f.stat().st_mtime >= newest for f in files) else None


def build_kernels(tree: Path, like: Sequence[Path] = (ROOT,)) -> KernelBuild:
    """Compile ``tree``'s C extensions in place, as its install would, so that its sources run as installed.

    Where the kernels' sources in ``tree`` are those of a tree in ``like`` (:func:`kernel_sources`: by default
    this checkout, as when a benchmark compares a commit with itself) whose kernels are built and up to date
    (:func:`built_kernels`), they are copied from the first such instead: the same sources make the same kernels, and
    compiling six of them takes a few seconds a tree. A commit without ``setup.py`` has none; where the
    build fails (no compiler), the side runs its pure-Python fallbacks, and a warning says so.
    """
    if not (tree / "setup.py").exists():
        return KernelBuild.NONE
    tree = tree.resolve()
    sources = kernel_sources(tree)
    for other in (t.resolve() for t in like):
        if other == tree or not (other / "setup.py").exists() or kernel_sources(other) != sources:
            continue
        built = built_kernels(other)
        if built is not None:
            for path in built:
                shutil.copyfile(path, tree / path.relative_to(other))
            return KernelBuild.COPIED
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree, capture_output=True, text=True
    )
    if done.returncode != 0 or "failed" in done.stderr:
        print(f"warning: the C extensions of {tree} did not build; it runs without them", file=sys.stderr)
        return KernelBuild.FAILED
    return KernelBuild.BUILT


def parse_tree(spec: str) -> tuple[str, Path]:
    """Read ``NAME=PATH`` (or a bare ``PATH``, named by itself) as a tree's name and path.

    Examples
    --------
    >>> parse_tree("before=/tmp/before")
    ('before', PosixPath('/tmp/before'))
    """
    name, _, path = spec.rpartition("=")
    return (name or path), Path(path)


def tree_commit(tree: Tree) -> str | None:
    """The commit a code tree is checked out at (``None`` for a tree outside git, such as an exported archive)."""
    done = subprocess.run(
        ["git", "-C", str(tree.path), "rev-parse", "HEAD"], capture_output=True, text=True, check=False
    )
    commit = done.stdout.strip() if done.returncode == 0 else None
    if commit is None:
        return None
    dirty = subprocess.run(
        ["git", "-C", str(tree.path), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return commit + (" with changes" if dirty else "")


class Tree:
    """A worker process running the code of one tree, answering one JSON request a line.

    Parameters
    ----------
    name, path
        The tree's name in the report and its folder (with ``src``).
    worker
        The worker's module in this package (``benchmarks.cold_worker`` ...): it must import
        nothing else of the package, since the tree may be a commit from before it.
    pure
        Run the tree with its C kernels unused (``CNFSWEEP_PURE_PYTHON=1``).
    """

    def __init__(self, name: str, path: Path, worker: str, pure: bool = False) -> None:
        self.name = name
        self.path = Path(path)
        env = {k: v for k, v in os.environ.items() if k != "CNFSWEEP_PURE_PYTHON"}
        env["PYTHONPATH"] = str(self.path / "src")
        if pure:  # the tree's C kernels unused (cnfsweep.engine.kernels)
            env["CNFSWEEP_PURE_PYTHON"] = "1"
        # `-m` from the repository's root: the package is found there, and cnfsweep in the tree's src.
        self.proc = subprocess.Popen(
            [sys.executable, "-m", worker], cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and return the worker's answer."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker of tree {self.name} ({self.path}) stopped")
        return json.loads(line)

    def close(self) -> None:
        """End the worker: it stops at the end of its input."""
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()

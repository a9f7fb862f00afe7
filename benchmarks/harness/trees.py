"""Other commits' code trees, for the benchmarks and studies that run two commits side by side.

A tree is a git worktree of some commit, run from this environment with ``PYTHONPATH`` at its ``src``.
Each side runs its own copy of a benchmark: ``python -m benchmarks NAME`` where the tree has this package,
else the script it had before the package (``scripts/bench.py`` ...), so older commits stay comparable.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def build_kernels(tree: Path) -> None:
    """Compile ``tree``'s C extensions in place, as its install would, so that its sources run as installed.

    A commit without ``setup.py`` has none; where the build fails (no compiler),
    the side runs its pure-Python fallbacks, and a warning says so.
    """
    if not (tree / "setup.py").exists():
        return
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree, capture_output=True, text=True
    )
    if done.returncode != 0 or "failed" in done.stderr:
        print(f"warning: the C extensions of {tree} did not build; it runs without them", file=sys.stderr)


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

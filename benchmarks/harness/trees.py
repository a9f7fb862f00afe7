"""Other commits' code trees, for the benchmarks and studies that run two commits side by side.

A tree is a git worktree of some commit, run from this environment with ``PYTHONPATH`` at its ``src``.
Each side runs its own copy of a benchmark: ``python -m benchmarks NAME`` where the tree has this package,
else the script it had before the package (``scripts/bench.py`` ...), so older commits stay comparable.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


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

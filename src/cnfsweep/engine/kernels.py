"""Load cnfsweep's optional C kernels, or say that the pure-Python code serves.

The install compiles the kernels where it can (``setup.py``): the engine's
``cnfsweep.engine._boxsearch`` (the backtracking count of small components)
and ``cnfsweep.engine._position`` (the numbers read into rules over cell
indices, and their simplification), ``cnfsweep.engine._weigh`` (the weighing
of count tables against the total, :mod:`cnfsweep.engine.counting`), ``cnfsweep.engine._analysis``
(those three as one call for the common analysis, :mod:`cnfsweep.engine.quick`), the search's ``_endgame`` and ``_merge`` (loaded through
:mod:`cnfsweep.search.kernels`), and the player's ``cnfsweep.play._frontier``
(a game's click-by-click bookkeeping, :mod:`cnfsweep.play.frontier`).  Each gives the same answers as the Python
code beside it, which stays the reference.  Setting the environment variable
``CNFSWEEP_PURE_PYTHON`` to anything but an empty string, before cnfsweep is
imported, runs all of them in Python, as on a machine without a compiler.

Examples
--------
>>> load("cnfsweep.engine.no_such_kernel") is None
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["PURE_PYTHON", "load"]

PURE_PYTHON = "CNFSWEEP_PURE_PYTHON"
"""The environment variable that keeps the kernels unused."""


def load(module: str) -> ModuleType | None:
    """Return the compiled module named ``module`` in full, or ``None`` where it is not built or not wanted."""
    if os.environ.get(PURE_PYTHON):
        return None
    try:
        return importlib.import_module(module)
    except ImportError:  # no compiler at install time: the Python code serves
        return None

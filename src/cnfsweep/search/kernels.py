"""Load the search's optional C kernels, or say that the pure-Python code serves.

The install compiles ``cnfsweep.search._endgame`` (the endgame search) and
``cnfsweep.search._merge`` (the look-ahead's model work) where it can; each
gives the same answers as the Python code beside it, which stays the
reference.  Setting the environment variable ``CNFSWEEP_PURE_PYTHON`` to
anything but an empty string, before cnfsweep is imported, runs both in
Python, as on a machine without a compiler.

Examples
--------
>>> load("no_such_kernel") is None
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["PURE_PYTHON", "load"]

PURE_PYTHON = "CNFSWEEP_PURE_PYTHON"
"""The environment variable that keeps the kernels unused."""


def load(name: str) -> ModuleType | None:
    """Return the compiled module ``cnfsweep.search.<name>``, or ``None`` where it is not built or not wanted."""
    if os.environ.get(PURE_PYTHON):
        return None
    try:
        return importlib.import_module(f"cnfsweep.search.{name}")
    except ImportError:  # no compiler at install time: the Python code serves
        return None

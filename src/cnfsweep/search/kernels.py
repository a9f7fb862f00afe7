"""Load the search's optional C kernels, or say that the pure-Python code serves.

The install compiles ``cnfsweep.search._endgame`` (the endgame search) and
``cnfsweep.search._merge`` (the look-ahead's model work) where it can; each
gives the same answers as the Python code beside it, which stays the
reference.  Setting the environment variable ``CNFSWEEP_PURE_PYTHON`` to
anything but an empty string, before cnfsweep is imported, runs both in
Python, as on a machine without a compiler (the switch and the loading are
:mod:`cnfsweep.engine.kernels`'s).

Examples
--------
>>> load("no_such_kernel") is None
True
"""

from __future__ import annotations

from types import ModuleType

from cnfsweep.engine import kernels
from cnfsweep.engine.kernels import PURE_PYTHON

__all__ = ["PURE_PYTHON", "load"]


def load(name: str) -> ModuleType | None:
    """Return the compiled module ``cnfsweep.search.<name>``, or ``None`` where it is not built or not wanted.

    The engine's loader decides (:func:`cnfsweep.engine.kernels.load`): one switch for every kernel.
    """
    return kernels.load(f"cnfsweep.search.{name}")

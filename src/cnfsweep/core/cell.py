"""A board position, :class:`Cell`: row and column, both from 0 at the top-left.

Every topology (:mod:`cnfsweep.core.topology`, where the :class:`~cnfsweep.core.topology.Topology`
protocol and the grids are) names its cells so; a graph's cells are ``Cell(0, i)``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Cell"]


class Cell(NamedTuple):
    """A board position: row and column, both from 0 at the top-left."""

    row: int
    col: int

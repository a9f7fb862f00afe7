"""Every gadget by name: the stored ones, composites and the reduction's tiles.

Kept apart from :mod:`~cnfsweep.gadgets.library` (the gadget type and the
stored grids), which composites and tiles are built from.
"""

from __future__ import annotations

from functools import cache

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.gadgets.compose import demorgan_and
from cnfsweep.gadgets.geometry import Orientation
from cnfsweep.gadgets.library import Gadget, orientation_named, stored_gadgets
from cnfsweep.gadgets.tiles import TILES, tile_gadget

__all__ = ["gadgets", "get_gadget"]


@cache
def gadgets() -> dict[str, Gadget]:
    """Return every gadget by name, composite ones (``and-demorgan``) included."""
    table = dict(stored_gadgets())
    table["and-demorgan"] = demorgan_and(table["or"], table["not"])
    return table


def get_gadget(name: str, orientation: Orientation | str = Orientation.IDENTITY) -> Gadget:
    """Return the gadget called ``name`` in ``orientation``.

    ``tile:NAME`` (or ``tile:NAME:mirrored``) names a tile of the reduction
    layout (:mod:`cnfsweep.gadgets.tiles`) drawn alone.

    Examples
    --------
    >>> get_gadget("wire", "rot90").grid
    ('01x10', '01110', '01X10')
    >>> get_gadget("tile:tee").rule
    (('s', '~n'), ('e', '~n'))
    """
    table = gadgets()
    orientation = orientation_named(orientation)
    if name.startswith("tile:"):
        kind, _, mirrored = name[5:].partition(":")
        if kind in TILES and mirrored in ("", "mirrored"):
            return tile_gadget(kind, bool(mirrored)).transformed(orientation)
        raise CnfsweepError(f"unknown tile {name!r}; choose from {', '.join('tile:' + t for t in TILES)}")
    if name not in table:
        raise CnfsweepError(f"unknown gadget {name!r}; choose from {', '.join(sorted(table))} or tile:NAME")
    return table[name].transformed(orientation)

"""Types of the compiled endgame kernel; :mod:`cnfsweep.search.endgame_tree` says how it is used."""

from collections.abc import Sequence

def solve(
    count: int, safe: bytes, groups: bytes, sizes: Sequence[int], node_limit: int, /
) -> tuple[int, int, int] | None: ...

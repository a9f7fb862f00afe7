"""Types of the compiled endgame kernel; :mod:`cnfsweep.search.endgame_tree` says how it is used."""

from collections.abc import Sequence

def solve(
    count: int, safe: bytes, groups: bytes, sizes: Sequence[int], node_limit: int, /
) -> tuple[int, int, int] | None: ...
def observe(
    count: int,
    around: Sequence[Sequence[int]],
    base: Sequence[int],
    leaves: Sequence[tuple[Sequence[int], int]],
    off: Sequence[int],
    /,
) -> tuple[list[int], bytes, bytes, list[int]]: ...
def leaves(
    order: Sequence[int],
    touching: Sequence[Sequence[int]],
    need: Sequence[int],
    sizes: Sequence[int],
    left: int,
    n_off: int,
    limit: int,
    /,
) -> tuple[list[tuple[tuple[int, ...], int]], int] | None: ...

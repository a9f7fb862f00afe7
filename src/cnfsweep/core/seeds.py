"""Seeds of a run: item ``i`` of a run seeded with ``s`` always gets the same seed of its own."""

from __future__ import annotations

import hashlib

__all__ = ["game_seed"]


def game_seed(seed: int, index: int) -> int:
    """Derive the seed of game (or board) ``index`` in a run seeded with ``seed``.

    The same on every machine and whatever the number of workers, since it
    depends on the two numbers alone.

    Examples
    --------
    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"cnfsweep:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

"""Search: hypothetical positions and exact game-tree search over layouts.

Offers :class:`Snapshot` (a solved position that answers "what if this cell
showed that number?"), the exact endgame search (:func:`best_move`; its game
tree is :mod:`cnfsweep.search.endgame_tree`, run by a C kernel where the install
built one), enclosed regions (:func:`best_region_move`) and pairs only a click tells apart (:func:`forced_pair`, :func:`influence`).
Under a game's engine a snapshot works a reveal out from the touched
components' models (:mod:`cnfsweep.search.merge`, :mod:`cnfsweep.search.parts`)
instead of solving them again; under any other it rebuilds and solves them
(:mod:`cnfsweep.search.rebuild`).  :mod:`cnfsweep.search.ranking` picks the
cells a look-ahead weighs.

May import the core (``board``, ``errors``) and ``engine``; never ``play``,
``experiments``, ``present`` or ``cli``.
"""

from cnfsweep.search.endgame import EndgameResult, best_move, enumerate_layouts
from cnfsweep.search.pairs import caps, forced_pair, influence
from cnfsweep.search.regions import Region, best_region_move, enclosed_regions
from cnfsweep.search.whatif import Snapshot

__all__ = [
    "EndgameResult",
    "Region",
    "Snapshot",
    "best_move",
    "best_region_move",
    "caps",
    "enclosed_regions",
    "enumerate_layouts",
    "forced_pair",
    "influence",
]

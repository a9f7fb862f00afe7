"""Generate: boards that never force a guess.

Offers :func:`generate` (one board, with its layout) and
:func:`generate_boards` (a seeded run of them); the two methods behind them,
:func:`sample_uniform` (exactly uniform over the no-guess layouts with a
given first click, by rejection) and :func:`sample_fast` (repairing random
layouts where they force a guess); and the replay that decides whether a
layout needs a guess, :func:`replay_without_guessing` and the incremental
:class:`Replayer`.

May import the core, ``engine``, ``search``, ``play`` and ``explain``; never ``experiments``,
``present`` or ``cli``.
"""

from cnfsweep.generate.api import centre, generate, generate_boards, level_named
from cnfsweep.generate.fair import Logic, Replay, Replayer, replay_without_guessing
from cnfsweep.generate.fast import sample_fast
from cnfsweep.generate.result import Generated, Method, free_cells, opening_area, three_bv
from cnfsweep.generate.sample import sample_uniform

__all__ = [
    "Generated",
    "Logic",
    "Method",
    "Replay",
    "Replayer",
    "centre",
    "free_cells",
    "generate",
    "generate_boards",
    "level_named",
    "opening_area",
    "replay_without_guessing",
    "sample_fast",
    "sample_uniform",
    "three_bv",
]

"""Generation: boards that never force a guess (the package is ``generation`` so that
``cnfsweep.generate``, the function, hides no module path).

Offers :func:`generate` (one board, with its layout) and
:func:`generate_boards` (a seeded run of them); the two methods behind them,
:func:`sample_uniform` (exactly uniform over the no-guess layouts with a
given first click, by rejection) and :func:`sample_fast` (repairing random
layouts where they force a guess); and the replay that decides whether a
layout needs a guess, :func:`check_no_guess` and the incremental
:class:`NoGuessCheck` (which plays the one :class:`~cnfsweep.play.Game`
through the one player's view, :class:`~cnfsweep.play.Table`, on any topology).

May import the core, ``engine``, ``search``, ``variants``, ``play`` and ``explanation``; never ``experiments``,
``present`` or ``cli``.
"""

from cnfsweep.generation.generator import centre, generate, generate_boards, graph_request, level_named
from cnfsweep.generation.fair import Logic, NoGuessCheck, NoGuessVerdict, check_no_guess
from cnfsweep.generation.fast import sample_fast
from cnfsweep.generation.result import Generated, Method, check_room, free_cells, opening_area, three_bv
from cnfsweep.generation.sample import sample_uniform

__all__ = [
    "Generated",
    "Logic",
    "Method",
    "NoGuessCheck",
    "NoGuessVerdict",
    "centre",
    "check_no_guess",
    "check_room",
    "free_cells",
    "generate",
    "generate_boards",
    "graph_request",
    "level_named",
    "opening_area",
    "sample_fast",
    "sample_uniform",
    "three_bv",
]

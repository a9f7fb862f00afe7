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

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.generation.generator import centre, generate, generate_boards, graph_request, level_named
    from cnfsweep.generation.choices import Logic, Method
    from cnfsweep.generation.fair import NoGuessCheck, NoGuessVerdict, check_no_guess
    from cnfsweep.generation.fast import sample_fast
    from cnfsweep.generation.result import Generated, check_room, free_cells, opening_area, three_bv
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


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "centre": "cnfsweep.generation.generator",
        "generate": "cnfsweep.generation.generator",
        "generate_boards": "cnfsweep.generation.generator",
        "graph_request": "cnfsweep.generation.generator",
        "level_named": "cnfsweep.generation.generator",
        "Logic": "cnfsweep.generation.choices",
        "NoGuessCheck": "cnfsweep.generation.fair",
        "NoGuessVerdict": "cnfsweep.generation.fair",
        "check_no_guess": "cnfsweep.generation.fair",
        "sample_fast": "cnfsweep.generation.fast",
        "Generated": "cnfsweep.generation.result",
        "Method": "cnfsweep.generation.choices",
        "check_room": "cnfsweep.generation.result",
        "free_cells": "cnfsweep.generation.result",
        "opening_area": "cnfsweep.generation.result",
        "three_bv": "cnfsweep.generation.result",
        "sample_uniform": "cnfsweep.generation.sample",
    },
    __all__,
)

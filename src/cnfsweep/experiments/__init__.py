"""Experiments: many seeded games, on local processes or a Dask cluster, and what they measure.

Offers :func:`play_many` and :func:`summarise` (win rate with its Wilson
interval, time per game, losses by cause), paired comparisons of policies on
the same games, resumable campaign logs (:mod:`cnfsweep.experiments.log`),
the executors that spread games over processes, and the published records
to compare with.

Also makes many no-guess boards at once (:func:`generate_many`).

May import the core, ``engine``, ``search``, ``play``, ``explanation`` and ``generation``; never ``present`` or ``cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
    from cnfsweep.experiments.boards import GenerateConfig, generate_many
    from cnfsweep.experiments.campaign import (
        PairedDifference,
        PlayConfig,
        PlayStats,
        game_seed,
        paired_difference,
        play_many,
        summarise,
        wilson,
    )
    from cnfsweep.experiments.executors import Executor, InterruptGuard, Runner, check_executor
    from cnfsweep.experiments.records import Record, records_for

__all__ = [
    "Executor",
    "GenerateConfig",
    "InterruptGuard",
    "PairedDifference",
    "PlayConfig",
    "PlayStats",
    "Record",
    "Runner",
    "check_executor",
    "game_seed",
    "generate_many",
    "paired_difference",
    "play_many",
    "records_for",
    "summarise",
    "wilson",
]


# Names are imported on first use (see cnfsweep.core.exports).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "GenerateConfig": "cnfsweep.experiments.boards",
        "generate_many": "cnfsweep.experiments.boards",
        "PairedDifference": "cnfsweep.experiments.campaign",
        "PlayConfig": "cnfsweep.experiments.campaign",
        "PlayStats": "cnfsweep.experiments.campaign",
        "game_seed": "cnfsweep.experiments.campaign",
        "paired_difference": "cnfsweep.experiments.campaign",
        "play_many": "cnfsweep.experiments.campaign",
        "summarise": "cnfsweep.experiments.campaign",
        "wilson": "cnfsweep.experiments.campaign",
        "Executor": "cnfsweep.experiments.executors",
        "InterruptGuard": "cnfsweep.experiments.executors",
        "Runner": "cnfsweep.experiments.executors",
        "check_executor": "cnfsweep.experiments.executors",
        "Record": "cnfsweep.experiments.records",
        "records_for": "cnfsweep.experiments.records",
    },
    __all__,
)

"""Replay recorded games and review them: the exact probability and a label for every click that opened cells.

Offers :func:`review` (read a record file, replay it, judge it), :func:`review_game` (the same
for a :class:`~cnfsweep.formats.game_records.RecordedGame` in hand), and what they give:
:class:`GameReview` (the game, every :class:`ClickReview`, the summary: each :class:`Label`'s
count, survival and luck, 3BV and the record's speed counters; ``to_dict()`` is what
``cnfsweep replay --json`` prints).  Records are read by the readers of
:mod:`cnfsweep.formats.game_records`; games are replayed on the one game
(:class:`~cnfsweep.play.table.Table`) and every position goes through one
:class:`~cnfsweep.engine.Engine`.

May import the core, ``formats``, ``engine``, ``play`` and ``generation`` (for 3BV); never
``experiments``, ``present``, ``web`` or ``cli``.
"""

from cnfsweep.replay.results import ClickReview, GameReview, Label, luck
from cnfsweep.replay.reviewer import Progress, review, review_game

__all__ = ["ClickReview", "GameReview", "Label", "Progress", "luck", "review", "review_game"]

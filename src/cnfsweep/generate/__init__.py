"""Generate: boards that never force a guess (issue 16, first step).

Offers :func:`replay_without_guessing`, which plays a layout from its first
click opening only cells exact inference proves safe, and
:func:`sample_uniform`, exactly uniform over the no-guess layouts of a level
with a given first click (rejection sampling, rejecting a layout as soon as
its replay needs a guess).

May import the core, ``engine``, ``search``, ``play`` and ``explain``; never ``experiments``,
``present`` or ``cli``.
"""

from cnfsweep.generate.fair import Logic, Replay, replay_without_guessing
from cnfsweep.generate.sample import Generated, opening_area, sample_uniform

__all__ = ["Generated", "Logic", "Replay", "opening_area", "replay_without_guessing", "sample_uniform"]

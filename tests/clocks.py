"""A clock the tests move by hand, put in place of ``time.perf_counter`` inside cnfsweep.

Deadlines in cnfsweep are ``time.perf_counter()`` values, read through each
module's ``time``.  :func:`fake_clock` swaps that ``time`` for one whose
``perf_counter`` is the real one plus an offset the test controls, so a test
can put every deadline behind it at a chosen moment (``clock.jump()``) and
check what happens next without measuring anything: no test here depends on
how fast the machine is.
"""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest


@dataclass
class FakeClock:
    """Real time plus ``offset``; with ``tick`` set, every reading moves the clock that far on too."""

    offset: float = 0.0
    tick: float = 0.0
    readings: int = 0

    def perf_counter(self) -> float:
        self.readings += 1
        self.offset += self.tick
        return time.perf_counter() + self.offset

    def jump(self, seconds: float = 3600.0) -> None:
        """Move the clock ``seconds`` on: every deadline set before now is past."""
        self.offset += seconds


class _Time(types.ModuleType):
    """The ``time`` module, but for ``perf_counter``."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__("time")
        self._clock = clock

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)

    def perf_counter(self) -> float:
        return self._clock.perf_counter()


@contextmanager
def fake_clock(monkeypatch: pytest.MonkeyPatch, tick: float = 0.0) -> Iterator[FakeClock]:
    """Put a :class:`FakeClock` behind ``time.perf_counter`` in every cnfsweep module imported so far."""
    clock = FakeClock(tick=tick)
    fake = _Time(clock)
    for name, module in list(sys.modules.items()):
        if name.startswith("cnfsweep") and getattr(module, "time", None) is time:
            monkeypatch.setattr(module, "time", fake)
    yield clock

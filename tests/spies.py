"""Stand-ins that record what the code under test asked of the engine and its backend."""

from __future__ import annotations

from typing import Any, ClassVar

from cnfsweep.core.constraints import Problem
from cnfsweep.engine import Engine
from cnfsweep.engine.backends import Backend, get_backend


class CountingBackend:
    """A real backend (the default) that counts the solver sessions opened on it."""

    name: ClassVar[str] = "counting"
    counts_models: ClassVar[bool] = True
    gives_cores: ClassVar[bool] = True

    def __init__(self, inner: Backend | None = None) -> None:
        self.inner = inner if inner is not None else get_backend(None)
        self.opened = 0

    @property
    def spec(self) -> str:
        return self.inner.spec

    @classmethod
    def version(cls) -> str | None:
        return "0"

    @classmethod
    def variants(cls) -> list[str]:
        return []

    def open(self, problem: Problem, *, guarded: bool = False) -> Any:
        self.opened += 1
        return self.inner.open(problem, guarded=guarded)

    def count(
        self, problem: Problem, limit: int | None = None, deadline: float | None = None, session: Any = None
    ) -> Any:
        return self.inner.count(problem, limit, deadline, session)


def counting_engine() -> tuple[Engine, CountingBackend]:
    """A fresh engine on a counting backend, and the backend."""
    backend = CountingBackend()
    return Engine.create(backend), backend

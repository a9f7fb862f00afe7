"""The small protocol every solver backend implements, and what it returns."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar, Protocol, runtime_checkable

from cnfsweep.core.constraints import CountTable, Problem


@dataclass(frozen=True)
class SolverOutcome:
    """The answer to one satisfiability question.

    ``model`` holds the variables that are mines in a satisfying assignment;
    ``core`` holds indices of enabled constraints that cannot all hold together
    (with the assumptions made), when the backend can tell.
    """

    satisfiable: bool
    model: frozenset[int] | None = None
    core: frozenset[int] | None = None


class Session(Protocol):
    """An open solver on one problem, asked repeatedly under assumptions."""

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> SolverOutcome:
        """Find a model with the given variables fixed.

        ``enabled`` lists the constraints that must hold (all when ``None``);
        it is honoured only by sessions opened with ``guarded=True``.  Past
        ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`, stopping the solver
        where it can be stopped (not every PySAT solver can).
        """
        ...

    def close(self) -> None:
        """Release the solver."""
        ...


@runtime_checkable
class Backend(Protocol):
    """A solver that decides, and counts models of, cardinality problems."""

    name: ClassVar[str]
    """Registry name, as given to ``--backend``."""
    counts_models: ClassVar[bool]
    """Whether :meth:`count` is exact for any problem size."""
    gives_cores: ClassVar[bool]
    """Whether unsatisfiable answers name a core smaller than every constraint."""

    @property
    def spec(self) -> str:
        """The full spec, options included (``"pysat:glucose4"``)."""
        ...

    @classmethod
    def version(cls) -> str | None:
        """Return the solver package's version, or ``None`` if it is not installed."""
        ...

    @classmethod
    def variants(cls) -> list[str]:
        """Return a spec for every configuration usable here (its solvers, say), or ``[]``."""
        ...

    def open(self, problem: Problem, *, guarded: bool = False) -> Session:
        """Open a session; ``guarded`` lets constraints be switched off."""
        ...

    def count(
        self,
        problem: Problem,
        limit: int | None = None,
        deadline: float | None = None,
        session: Session | None = None,
    ) -> CountTable | None:
        """Count every model of ``problem`` by number of mines.

        With ``limit``, give up and return ``None`` once more than ``limit``
        canonical models (one per assignment of box counts) have been found.
        Past ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.core.errors.TimeLimitExceeded`.  ``session``, an open
        session on the same problem that the caller has finished asking and
        will close, may be reused instead of opening a new solver.
        """
        ...

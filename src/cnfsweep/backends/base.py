"""The small protocol every solver backend implements, and what it returns."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import ClassVar, Protocol, runtime_checkable

from cnfsweep.problem import Problem


@dataclass(frozen=True)
class Outcome:
    """The answer to one satisfiability question.

    ``model`` holds the variables that are mines in a satisfying assignment;
    ``core`` holds indices of enabled constraints that cannot all hold together
    (with the assumptions made), when the backend can tell.
    """

    satisfiable: bool
    model: frozenset[int] | None = None
    core: frozenset[int] | None = None


@dataclass(frozen=True)
class CountTable:
    """Exact model counts of one problem, split by number of mines.

    ``solutions[k]`` is the number of cell-level models with ``k`` mines and
    ``tallies[k][b]`` how many of those put a mine on one given cell of box
    ``b`` (all cells of a box are alike).
    """

    solutions: dict[int, int]
    tallies: dict[int, tuple[int, ...]]

    @classmethod
    def from_box_counts(cls, problem: Problem, assignments: Iterable[Sequence[int]]) -> CountTable:
        """Weigh canonical models, given as mines per box, by their binomials.

        A box of ``s`` cells holding ``c`` mines stands for ``C(s, c)`` layouts, of
        which ``C(s - 1, c - 1)`` put a mine on any one of its cells.

        Examples
        --------
        >>> p = Problem(boxes=((0, 1), (2,)), constraints=())
        >>> t = CountTable.from_box_counts(p, [(1, 0), (2, 1)])
        >>> t.solutions, t.tallies
        ({1: 2, 3: 1}, {1: (1, 0), 3: (1, 1)})
        """
        sizes = problem.box_sizes
        solutions: dict[int, int] = {}
        tallies: dict[int, list[int]] = {}
        for counts in assignments:
            weights = [comb(s, c) for s, c in zip(sizes, counts)]
            total = 1
            for w in weights:
                total *= w
            k = sum(counts)
            solutions[k] = solutions.get(k, 0) + total
            row = tallies.setdefault(k, [0] * len(sizes))
            for b, (s, c) in enumerate(zip(sizes, counts)):
                if c:
                    # total / C(s, c) * C(s-1, c-1) == total * c / s, exactly.
                    row[b] += total * c // s
        return cls(solutions, {k: tuple(v) for k, v in tallies.items()})


class Session(Protocol):
    """An open solver on one problem, asked repeatedly under assumptions."""

    def solve(
        self,
        *,
        true_vars: Collection[int] = (),
        false_vars: Collection[int] = (),
        enabled: Collection[int] | None = None,
        deadline: float | None = None,
    ) -> Outcome:
        """Find a model with the given variables fixed.

        ``enabled`` lists the constraints that must hold (all when ``None``);
        it is honoured only by sessions opened with ``guarded=True``.  Past
        ``deadline`` (a ``time.perf_counter()`` value) raise
        :class:`~cnfsweep.errors.TimeLimitExceeded`, stopping the solver
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
        :class:`~cnfsweep.errors.TimeLimitExceeded`.  ``session``, an open
        session on the same problem that the caller has finished asking and
        will close, may be reused instead of opening a new solver.
        """
        ...

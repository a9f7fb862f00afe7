"""Reduce formulas to Minesweeper boards, decide them, and compare solver backends.

Run from the repository root::

    python examples/reduction_demo.py

1. ``examples/reduction_small.cnf`` becomes a board; ``cnfsweep.check`` finds a
   witness layout, and the mines on the labelled input cells are the model.
2. A few reduction instances (that one, a random 3-CNF and the unsatisfiable
   pigeonhole formula) are decided with the ``pysat`` and ``cpsat`` backends,
   with timings.  ``check`` also minimises a conflict when there is one, which
   on a reduction board means one solver call per number of a conflict that
   spans whole circuits, so unsatisfiable boards are timed with ``decide``
   (the same encoding, one solver call per component); ``--full`` runs
   ``check`` on them too (about 20 s for the pigeonhole board).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from cnfsweep import check
from cnfsweep.gadgets.cnf import Cnf, parse_dimacs
from cnfsweep.gadgets.reduction import decide, reduce_cnf

HERE = Path(__file__).resolve().parent


def describe(name: str, cnf: Cnf) -> None:
    r = reduce_cnf(cnf)
    s = r.size()
    print(f"{name}: {s['variables']} variables, {s['clauses']} clauses, {s['literals']} literals"
          f" -> {s['rows']} x {s['cols']} board, {s['covered']} covered cells, {s['bands']} bands")


def end_to_end() -> None:
    cnf = parse_dimacs((HERE / "reduction_small.cnf").read_text(), source="reduction_small.cnf")
    reduction = reduce_cnf(cnf)
    describe("reduction_small.cnf", cnf)
    print("labels on the board:", ", ".join(f"{v.name}={v.label}" for v in reduction.variables))
    result = check(reduction.board)
    assert result.consistent and result.witness_mines is not None
    model = reduction.assignment(result.witness_mines)
    print("check: consistent; the witness reads", " ".join(f"{k}={int(v)}" for k, v in model.items()))
    assert cnf.satisfied({i: model[f"x{i}"] for i in range(1, cnf.num_vars + 1)})
    print("the assignment satisfies every clause\n")


def random_3cnf(n: int, m: int, seed: int) -> Cnf:
    rng = random.Random(seed)
    clauses = []
    for _ in range(m):
        chosen = rng.sample(range(1, n + 1), 3)
        clauses.append(tuple(v if rng.random() < 0.5 else -v for v in chosen))
    return Cnf(n, tuple(clauses))


def compare_backends(full: bool = False) -> None:
    instances = {
        "reduction_small.cnf": parse_dimacs((HERE / "reduction_small.cnf").read_text()),
        "random 3-CNF, 5 variables, 12 clauses": random_3cnf(5, 12, seed=3),
        "pigeonhole_3_2.cnf": parse_dimacs((HERE / "pigeonhole_3_2.cnf").read_text()),
    }
    print(f"{'instance':40} {'backend':24} {'verdict':8} {'decide s':>9} {'check s':>9}")
    for name, cnf in instances.items():
        describe(name, cnf)
        board = reduce_cnf(cnf).board
        for backend in ("pysat", "cpsat"):
            start = time.perf_counter()
            d = decide(board, backend)
            decided = time.perf_counter() - start
            checked = "-"
            if d.satisfiable or full:  # check's conflict minimisation is slow on unsatisfiable boards
                start = time.perf_counter()
                assert check(board, backend=backend).consistent == d.satisfiable
                checked = f"{time.perf_counter() - start:9.3f}"
            verdict = "SAT" if d.satisfiable else "UNSAT"
            print(f"{'':40} {d.backend:24} {verdict:8} {decided:9.3f} {checked:>9}")


if __name__ == "__main__":
    end_to_end()
    compare_backends(full="--full" in sys.argv[1:])

"""The fan generator's side of ``python -m benchmarks variants-peer --peer PYTHON``: its solver on a puzzle, timed.

Run as a program by the peer's own interpreter (``minesweepervariants`` is GPL and needs Python 3.12; it is
called here, never imported by cnfsweep nor copied): ``PYTHON benchmarks/variants_peer_worker.py``. It reads one
JSON request a line (``code``: the puzzle as the fan generator prints it after ``题板: img -c``, ``rules``,
``rows``, ``cols``, ``total``) and answers one JSON line: ``state`` (the peer's 0 no solution, 1 one solution,
2 more) and ``seconds``, the time of its uniqueness check (its constraints built and solved, as it checks
every puzzle it makes), or ``error``.
"""

from __future__ import annotations

import json
import sys
import time


def solve(request: dict) -> dict:
    """The peer's answer on one puzzle: how many solutions its solver finds (0, 1 or 2 for more), and its time."""
    from minesweepervariants.impl.impl_obj import decode_board
    from minesweepervariants.impl.summon.solver import solver_by_csp
    from minesweepervariants.impl.summon.summon import Summon

    # The rules as the peer's generator sets them up for this size and total (the total is its rule R).
    summon = Summon(size=(request["rows"], request["cols"]), total=request["total"], rules=list(request["rules"]))
    board = decode_board(request["code"])
    start = time.perf_counter()
    state = solver_by_csp(summon.mines_rules, summon.clue_rule, summon.mines_clue_rule, board.clone())
    return {"state": int(state), "seconds": time.perf_counter() - start}


def main() -> int:
    for line in sys.stdin:
        try:
            answer = solve(json.loads(line))
        except Exception as err:  # the peer's own failure is reported, not fatal to the run
            answer = {"error": f"{type(err).__name__}: {err}"}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

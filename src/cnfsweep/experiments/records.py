"""Published win rates to show beside our own (figures from the project's records list).

Each record names the solver, the board, the first-click rule, the win rate in
percent, the number of games and where it was published.
"""

from __future__ import annotations

from dataclasses import dataclass

from cnfsweep.play.game import FirstClick


@dataclass(frozen=True)
class Record:
    """One published result."""

    solver: str
    rows: int
    cols: int
    mines: int
    first_click: FirstClick
    win_rate: float
    games: str
    source: str


_S, _O = FirstClick.SAFE, FirstClick.OPENING
RECORDS = (
    Record("D. Hill, Java solver", 16, 30, 99, _S, 41.132, "10 x 1,000,000", "JSMinesweeper issue 38"),
    Record("D. Hill, Java solver", 16, 30, 99, _O, 54.3, "n/a", "JSMinesweeper README"),
    Record("Tu et al., PSEQ-D256", 9, 9, 10, _S, 91.6949, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 16, 16, 40, _S, 78.2295, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 16, 30, 99, _S, 40.0468, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 8, 8, 10, _S, 81.7711, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 9, 9, 10, _O, 97.1669, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 16, 16, 40, _O, 89.0757, "100M", "MineSweeperProb README"),
    Record("Tu et al., PSEQ-D256", 16, 30, 99, _O, 53.4502, "100M", "MineSweeperProb README"),
    Record("minesolve, depth 4", 16, 30, 99, _S, 40.80, "1M", "minesolve README"),
    Record("Studholme 2000, CSP", 16, 30, 99, _S, 33.9, "10,000", "Studholme's paper"),
    Record("Studholme 2000, CSP", 16, 16, 40, _S, 44.3, "10,000", "Studholme's paper"),
    Record("Studholme 2000, CSP", 8, 8, 10, _S, 80.0, "10,000", "Studholme's paper"),
)


def records_for(rows: int, cols: int, mines: int, first_click: FirstClick) -> list[Record]:
    """Return the published records for this board and rule, best first.

    Examples
    --------
    >>> [r.win_rate for r in records_for(9, 9, 10, FirstClick.SAFE)]
    [91.6949]
    """
    found = [r for r in RECORDS if (r.rows, r.cols, r.mines, r.first_click) == (rows, cols, mines, first_click)]
    return sorted(found, key=lambda r: -r.win_rate)

"""Fixed, seeded corpora for the benchmark.

Every corpus is rebuilt deterministically from its seed; mid-game corpora
take a while to play, so they are cached as JSON under ``benchmarks/corpora/``
(kept out of git: delete the files to regenerate them).  A cached file keeps
the positions fixed while the engine changes; regenerating after a change to
the autoplayer may give other positions from the same seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from cnfsweep.engine.analysis import Analysis
from cnfsweep.engine import Engine
from cnfsweep.play import Guess, Policy, SafestPolicy, play_game
from cnfsweep.core.board import Board, Cell
from cnfsweep.experiments.campaign import game_seed
from cnfsweep.play.game import LEVELS, FirstClick, Game, Level
from cnfsweep.engine.position import build_position

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS_DIR = ROOT / "benchmarks" / "corpora"
TOOLLIB = ROOT / "tests" / "data" / "peer" / "eee555-ms-toollib" / "test_probability_speed.rs.cases.json"
FORMAT = 1  # bump when the cached files change meaning, so old ones are regenerated


@dataclass(frozen=True)
class Item:
    """One benchmark position: a name and the board (its total included)."""

    name: str
    board: Board


class _Recorder(Policy):
    """The safest policy, remembering each board it was asked to guess on."""

    name: ClassVar[str] = "safest-recorder"

    def __init__(self) -> None:
        self.inner = SafestPolicy()
        self.boards: list[Board] = []

    def start(self, level: Level, rule: FirstClick = FirstClick.SAFE) -> Cell:
        return self.inner.start(level, rule)

    def choose(self, analysis: Analysis, engine: Engine) -> Guess:
        self.boards.append(analysis.board)
        return self.inner.choose(analysis, engine)


def _guess_point(level: str, seed: int, i: int) -> Board | None:
    """A position of game ``i`` where the safest player had to guess, chosen at random."""
    recorder = _Recorder()
    play_game(LEVELS[level], game_seed(seed, i), policy=recorder)
    return random.Random(game_seed(seed, i)).choice(recorder.boards) if recorder.boards else None


def _halfway_point(level: str, seed: int, i: int) -> Board | None:
    """The first position of game ``i``, half its safe cells open, that needed the full engine."""
    lv = LEVELS[level]
    found: list[Board] = []

    def watch(game: Game, analysis: Analysis) -> None:
        if not found and 2 * len(game.revealed) >= lv.cells - lv.mines:
            found.append(analysis.board)

    play_game(lv, game_seed(seed, i), watch=watch)
    return found[0] if found else None


KINDS: dict[str, Callable[[str, int, int], Board | None]] = {"midgame": _guess_point, "halfway": _halfway_point}
"""Corpus kind to the function taking one position from one game."""


def midgame(
    level: str,
    count: int,
    seed: int,
    folder: Path = CORPUS_DIR,
    tick: Callable[[int], None] | None = None,
    kind: str = "midgame",
) -> list[Item]:
    """Return ``count`` positions from real play on ``level``, from the cache when possible.

    Game ``i`` of the corpus is played by the safest autoplayer with
    ``game_seed(seed, i)``.  Kind ``midgame``: of the positions where it had
    to guess (nothing certain left), one chosen at random becomes a corpus
    position.  Kind ``halfway``: the first position, once half the game's safe
    cells are open, at which the player needed the full engine (the
    single-number rule had nothing left).  Games that give no such position
    are skipped.  ``tick(n)`` reports new positions.
    """
    path = folder / f"{kind}-{level}-seed{seed}.json"
    data: dict[str, Any] = {"format": FORMAT, "level": level, "seed": seed, "next_game": 0, "positions": []}
    if path.exists():
        cached = json.loads(path.read_text())
        if cached.get("format") == FORMAT:
            data = cached
    positions = data["positions"]
    fresh = len(positions) < count
    if tick:
        tick(min(len(positions), count))
    while len(positions) < count:
        i = data["next_game"]
        board = KINDS[kind](level, seed, i)
        data["next_game"] = i + 1
        if board is not None:
            positions.append({"game": i, "rows": list(board.grid), "mines": board.total_mines})
            if tick:
                tick(1)
    if fresh:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
    return [Item(f"{level}#{p['game']}", Board.from_rows(p["rows"], total_mines=p["mines"])) for p in positions[:count]]


def play_corpora(names: list[str], count: int, seed: int, folder: Path, progress: Any) -> dict[str, list[Item]]:
    """Return each named corpus (``midgame-expert``, ``halfway-expert`` ...), a rich progress bar showing the play.

    ``progress`` is a :class:`rich.progress.Progress`; a name is a kind of
    :data:`KINDS` and a level joined by ``-``.
    """
    out = {}
    for name in names:
        kind, _, level = name.partition("-")
        task = progress.add_task(f"{name}: playing", total=count)
        out[name] = midgame(level, count, seed, folder, tick=partial(progress.advance, task), kind=kind)
    return out


def toollib_hard() -> list[Item]:
    """Return ms-toollib's hard 21x10 board, 75 mines: as printed upstream and as written."""
    cases = json.loads(TOOLLIB.read_text())["cases"]
    items = []
    for case, name in zip(cases, ("as_printed", "as_written"), strict=True):
        rows = ["".join("." if x == 10 else str(x) for x in row) for row in case["board"]]
        items.append(Item(name, Board.from_rows(rows, total_mines=case["mines"])))
    return items


def _strip(cols: int, seed: int, density: float = 0.35) -> Board:
    # ms-toollib's hard pattern stretched out: numbers on every other cell of rows
    # 0 and 2, rows 1 and 3 covered; row 4 stays off the frontier.
    rows = 5
    rng = random.Random(seed)
    shown = {(r, c) for r in (0, 2) for c in range(0, cols, 2)}
    mines = {(r, c) for r in range(rows) for c in range(cols) if (r, c) not in shown and rng.random() < density}
    grid = []
    for r in range(rows):
        line = []
        for c in range(cols):
            if (r, c) in shown:
                line.append(str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))))
            else:
                line.append(".")
        grid.append("".join(line))
    return Board.from_rows(grid, total_mines=len(mines))


def long_component(min_cells: int = 300, cols: int = 151, seed: int = 0) -> list[Item]:
    """Return a board whose frontier is one component of at least ``min_cells`` cells.

    A 0 or a full number in the strip would be settled before search and cut
    the component, so seeds are tried in order until ``build_position()`` (after
    simplification, as the engine sees it) finds a single component big enough.
    """
    for s in range(seed, seed + 1000):
        board = _strip(cols, s)
        comps = build_position(board).components
        if len(comps) == 1 and len(comps[0].cells) >= min_cells:
            return [Item(f"strip {cols} cols, seed {s}, {len(comps[0].cells)} cells", board)]
    raise RuntimeError(f"no seed gives a single component of {min_cells}+ cells")


@dataclass(frozen=True)
class LargeSpec:
    """A big random board, partially played: ``regions`` zero regions opened."""

    rows: int
    cols: int
    mines: int
    regions: int
    seed: int = 1

    @property
    def name(self) -> str:
        return f"{self.rows}x{self.cols}/{self.mines}"

    def open_regions(self, mines: frozenset[Cell], click: Callable[[Cell], int]) -> None:
        """Open ``regions`` zero regions at random: ``click`` opens a cell and says how many cells it opened."""
        rng = random.Random(self.seed)
        opened = tries = 0
        # The layout is known here, so only cells that open a region are clicked.
        while opened < self.regions and tries < 1000 * self.regions:
            tries += 1
            r, c = rng.randrange(self.rows), rng.randrange(self.cols)
            if any((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                continue
            if click(Cell(r, c)) > 1:
                opened += 1

    def board(self) -> Board:
        """Play the first click in the middle, then open zero regions at random."""
        game = Game.new(Level(self.rows, self.cols, self.mines), self.seed)
        game.click(Cell(self.rows // 2, self.cols // 2))
        self.open_regions(game.mines or frozenset(), lambda cell: len(game.click(cell).opened))
        return game.board()


LARGE = (
    LargeSpec(100, 100, 1600, 10),
    LargeSpec(200, 200, 6400, 40),
    LargeSpec(1000, 1000, 160_000, 1000),
)


def random_3cnf(variables: int, clauses: int, rng: random.Random) -> str:
    """Return a random 3-CNF as DIMACS text (three distinct variables per clause)."""
    lines = [f"p cnf {variables} {clauses}"]
    for _ in range(clauses):
        chosen = rng.sample(range(1, variables + 1), 3)
        lines.append(" ".join(str(v if rng.random() < 0.5 else -v) for v in chosen) + " 0")
    return "\n".join(lines) + "\n"


def reductions(count: int, seed: int) -> tuple[list[tuple[Item, list[list[int]]]], str | None]:
    """Return boards reduced from random 3-CNF formulas, each with its clauses.

    The reducer is written alongside this benchmark and its API may still
    move: when ``cnfsweep.gadgets`` cannot reduce a CNF, return no items and
    the reason.
    """
    try:
        try:
            from cnfsweep.gadgets import parse_dimacs, reduce_cnf
        except ImportError:
            from cnfsweep.gadgets.cnf import parse_dimacs
            from cnfsweep.gadgets.reduction import reduce_cnf
    except ImportError as exc:
        return [], f"cnfsweep.gadgets has no CNF reducer ({exc})"
    rng = random.Random(seed)
    items = []
    try:
        for i in range(count):
            n = rng.randint(3, 6)
            # Around the 3-SAT threshold (4.26 clauses per variable): both verdicts occur.
            m = max(1, round(n * rng.uniform(2.0, 5.0)))
            cnf = parse_dimacs(random_3cnf(n, m, rng))
            board = reduce_cnf(cnf).board
            clauses = [list(c) for c in cnf.clauses]
            items.append((Item(f"3cnf#{i} v{n} c{m} {board.rows}x{board.cols}", board), clauses))
    except Exception as exc:
        return [], f"the reducer failed: {type(exc).__name__}: {exc}"
    return items, None

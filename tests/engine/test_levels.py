"""Consistency levels: every cell's level as the definition says (brute force), on every backend."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
import random
from itertools import combinations

import pytest
from boards import crowded_position, layout_board, perturbed, random_position
from conftest import BACKENDS
from levels_oracle import brute_levels, connected, constraints, solutions
from oracle import reference, satisfiable
from paths import EXAMPLES
from sampling import sample

from cnfsweep import Board, Cell, ConsistencyLevels, Engine, levels
from cnfsweep.core.errors import CnfsweepError, TimeLimitExceeded
from cnfsweep.engine.backends import get_backend
from cnfsweep.engine.components import ComponentCache, solve_component
from cnfsweep.engine.position import number_constraints
from cnfsweep.engine.propagation import connected_sets, propagate

#: crowded_position seeds whose positions have cells of level 3 or 4 (found by a search over the first
#: 3,000; test_the_cases_reach_every_level checks by brute force that they still do).
DEEP = [12, 46, 87, 89, 186, 499, 829, 1032, 2688]
#: crowded_position seeds whose perturbed positions (perturbed with the same seed) only triples or
#: quadruples of numbers find inconsistent (found likewise).
DEEP_CONFLICTS = [1625, 3104]


@dataclass(frozen=True)
class Case:
    id: str
    board: Board
    mines: frozenset[Cell] | None  # the layout behind a consistent board


def _cases() -> list[Case]:
    cases = []
    for seed in [*range(100), *DEEP]:
        pos = crowded_position(seed)
        cases.append(Case(f"crowded-{seed}", pos.board, pos.mines))
    for seed in range(30):
        pos = random_position(seed, max_frontier=10, with_total=seed % 2 == 0, flags=seed % 3 == 0)
        cases.append(Case(f"random-{seed}", pos.board, pos.mines))
    for seed in range(40):
        pos = crowded_position(5000 + seed)
        if pos.board.numbers:
            cases.append(Case(f"perturbed-{seed}", perturbed(pos.board, seed), None))
    for seed in range(10):
        # A total one off: often only the total is at fault.
        pos = crowded_position(7000 + seed)
        total = len(pos.mines) + 1 if seed % 2 else max(len(pos.mines) - 1, 0)
        cases.append(Case(f"wrong-total-{seed}", pos.board.with_total(total), None))
    for seed in DEEP_CONFLICTS:
        cases.append(Case(f"perturbed-deep-{seed}", perturbed(crowded_position(seed).board, seed), None))
    return cases


CASES = _cases()
ON_EVERY_BACKEND = [
    c
    for c in CASES
    if c.id in {f"crowded-{s}" for s in DEEP[:5]} | {f"perturbed-{s}" for s in range(6)} | {"perturbed-deep-1625"}
]


def assert_levels(board: Board, result: ConsistencyLevels, max_level: int, mines: Collection[Cell] | None) -> None:
    """Compare ``result`` with the definition by brute force, and with the exact analysis and the layout."""
    ref = brute_levels(board, max_level)
    numeric = {c: (int(name), mine) for c, (name, mine) in result.decided.items() if name.isdigit()}
    if ref.inconsistent_level is not None:
        assert not result.consistent
        assert result.inconsistent_level == str(ref.inconsistent_level)
        # One connected set of at most that many numbers, with no joint solution under the decisions made.
        scope = {n: (cells, need) for n, cells, need in constraints(board)}
        subset = [(n, *scope[n]) for n in result.conflict]
        assert 1 <= len(subset) <= ref.inconsistent_level
        assert connected([cells for _, cells, _ in subset])
        assert not solutions(subset, {c: mine for c, (_, mine) in numeric.items()})[1]
        return
    assert numeric == ref.decided
    total = board.total_mines
    full = reference(board.with_total(None))
    with_total = reference(board) if total is not None else None
    if not full.consistent or (with_total is not None and not with_total.consistent):
        assert not result.consistent
        assert result.inconsistent_level == ("full" if not full.consistent else "total")
        uses_total = result.inconsistent_level == "total"
        assert not satisfiable(board, result.conflict, total=total if uses_total else None)
        return
    assert result.consistent and result.inconsistent_level is None and result.conflict is None
    for cell in board.covered:
        by_numbers, by_total = full.exact[cell], None if with_total is None else with_total.exact[cell]
        if cell in numeric:
            expected = str(numeric[cell][0])
        elif by_numbers in (0, 1):
            expected = "full"
        elif by_total in (0, 1):
            expected = "total"
        else:
            expected = None
        assert result.level(cell) == expected, cell
        if expected is not None:
            mine = result.decided[cell][1]
            # Never wrong: the exact analysis and the layout behind the board agree.
            assert (by_total if by_total is not None else by_numbers) == int(mine)
            assert mines is None or (cell in mines) == mine
    assert result.undecided == tuple(c for c in board.covered if result.level(c) is None)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_levels_match_the_definition(case: Case, engine: Engine) -> None:
    for max_level in (2, 4):
        assert_levels(case.board, engine.levels(case.board, max_level), max_level, case.mines)


# A seeded sample of these positions against every backend that keeps each position and each backend
# (tests/sampling.py); `python -m benchmarks sweeps` runs every pair.
ON_BACKENDS = sample(
    [(c, b) for c in ON_EVERY_BACKEND for b in BACKENDS],
    lambda pair: [("case", pair[0].id), ("backend", pair[1])],
    seed="levels on every backend",
    keep=0.3,
)


@pytest.mark.parametrize(("case", "backend"), ON_BACKENDS, ids=[f"{c.id}-{b}" for c, b in ON_BACKENDS])
def test_levels_match_the_definition_on_every_backend(case: Case, backend: str) -> None:
    for max_level in (3, 4):
        assert_levels(case.board, levels(case.board, max_level, backend=backend), max_level, case.mines)


def test_the_cases_reach_every_level() -> None:
    # Without cells of levels 3 and 4, and inconsistent positions, the comparisons above would prove little.
    seen: set[object] = set()
    for case in CASES:
        ref = brute_levels(case.board, 4)
        seen.update(level for level, _ in ref.decided.values())
        seen.add(("inconsistent", ref.inconsistent_level))
        for max_level in (2, 4):
            result = levels(case.board, max_level)
            seen.update(name for name, _ in result.decided.values() if not name.isdigit())
            seen.add(("inconsistent", result.inconsistent_level))
    assert {
        1,
        2,
        3,
        4,
        "full",
        "total",
        ("inconsistent", 1),
        ("inconsistent", 2),
        ("inconsistent", 3),
        ("inconsistent", "full"),
        ("inconsistent", "total"),
    } <= seen
    assert all(max(lv for lv, _ in brute_levels(crowded_position(s).board, 4).decided.values()) >= 3 for s in DEEP)


def test_the_posters_first_example_needs_pairs() -> None:
    board = Board.from_file(EXAMPLES / "peek_pairs.txt")
    result = levels(board)
    assert result.counts() == {"1": 0, "2": len(board.covered), "3": 0, "full": 0, "total": 0}
    assert_levels(board, result, 3, None)
    # The first round is of pairs, and the 2 and the 3 side by side are one of them.
    assert levels(board, steps=True).rounds[0].level == 2


def test_the_posters_circle_of_twos_needs_triples() -> None:
    board = Board.from_file(EXAMPLES / "peek_circle.txt")
    assert set(board.char(n) for n in board.numbers) == {"2"}
    assert levels(board, 2).counts() == {"1": 0, "2": 0, "full": len(board.covered), "total": 0}
    result = levels(board)
    assert result.counts() == {"1": 0, "2": 0, "3": len(board.covered), "full": 0, "total": 0}
    assert_levels(board, result, 3, None)


def test_each_connected_set_is_checked_once() -> None:
    # On the circle nothing is decided by pairs, so level 2 checks every connected pair once, and no other set.
    board = Board.from_file(EXAMPLES / "peek_circle.txt")
    asked = []

    def solve(problem):
        asked.append(problem)
        return solve_component(get_backend("brute"), problem)

    propagate(number_constraints(board, {}), 2, solve)
    scopes = [cells for _, cells, _ in constraints(board)]
    pairs = sum(1 for a, b in combinations(scopes, 2) if connected([a, b]))
    assert len(asked) == pairs > 0


@pytest.mark.parametrize("seed", range(40))
def test_connected_sets_are_each_listed_once(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 9)
    edges = {frozenset(e) for e in combinations(range(n), 2) if rng.random() < rng.uniform(0.2, 0.6)}
    near = {i: sorted(j for j in range(n) if frozenset((i, j)) in edges) for i in range(n)}
    changed = {i for i in range(n) if rng.random() < 0.5}

    def joined(nodes: tuple[int, ...]) -> bool:
        reached, todo = {nodes[0]}, [nodes[0]]
        while todo:
            for j in near[todo.pop()]:
                if j in nodes and j not in reached:
                    reached.add(j)
                    todo.append(j)
        return len(reached) == len(nodes)

    for k in range(1, 5):
        found = [tuple(sorted(s)) for s in connected_sets(k, changed, near.__getitem__)]
        naive = [s for s in combinations(range(n), k) if joined(s) and changed.intersection(s)]
        assert len(found) == len(set(found)) and sorted(found) == naive


def _big_position(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.randint(8, 14), rng.randint(8, 14)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    mines = frozenset(rng.sample(cells, len(cells) // rng.randint(4, 6)))
    return layout_board(rows, cols, mines, [c for c in cells if c not in mines and rng.random() < 0.55])


@pytest.mark.parametrize("seed", range(12))
def test_rechecking_only_what_changed_changes_nothing(seed: int) -> None:
    # Boards too big for the brute force, with many rounds: each round must decide what checking every set decides.
    rules = number_constraints(_big_position(seed), {})
    cache = ComponentCache()

    def solve(problem):
        return cache.solve(get_backend("brute"), problem)

    quick, slow = (propagate(rules, 4, solve, incremental=flag) for flag in (True, False))
    assert quick == slow and len(quick.rounds) > 1


@pytest.mark.parametrize("seed", [*DEEP, 3, 4, 5])
def test_steps_replay_the_levels(seed: int) -> None:
    board = crowded_position(seed).board
    result = levels(board, 4, steps=True)
    assert levels(board, 4).rounds is None
    replayed: dict[Cell, tuple[str, bool]] = {}
    phase = 1
    for step in result.rounds:
        assert step.phase >= phase and 1 <= step.level <= step.phase
        phase = step.phase
        assert step.safe or step.mines
        for cells, mine in ((step.safe, False), (step.mines, True)):
            for cell in cells:
                assert cell not in replayed
                replayed[cell] = (str(step.phase), mine)
    assert replayed == {c: v for c, v in result.decided.items() if v[0].isdigit()}
    assert result.to_dict()["steps"] == [s.to_dict() for s in result.rounds]


def test_the_engine_and_the_function_agree(engine: Engine) -> None:
    board = Board.from_file(EXAMPLES / "peek_circle.txt")
    assert engine.levels(board) == levels(board, backend=engine.backend)
    # The second time the triples' shapes come from the engine's cache.
    hits = engine.cache.hits
    engine.levels(board)
    assert engine.cache.hits > hits


def test_the_document_has_every_level() -> None:
    doc = levels(Board.parse("...\n121\n000\n"), 2, steps=True).to_dict()
    assert list(doc["levels"]) == ["1", "2", "full", "total"]
    assert doc["levels"]["2"] == {"safe": [[0, 1]], "mines": [[0, 0], [0, 2]]}
    assert doc["undecided"] == [] and doc["max_level"] == 2 and doc["consistent"] is True
    assert doc["inconsistent_level"] is None and doc["conflict"] is None
    assert [s["level"] for s in doc["steps"]] == [2, 1] and [s["phase"] for s in doc["steps"]] == [2, 2]
    corner = levels(Board.parse("mines: 1\n1..\n...\n...\n")).to_dict()
    assert corner["levels"]["total"]["safe"] == [[0, 2], [1, 2], [2, 0], [2, 1], [2, 2]]
    assert corner["undecided"] == [[0, 1], [1, 0], [1, 1]] and "steps" not in corner


def test_an_inconsistent_total_is_found_past_the_numbers() -> None:
    result = levels(Board.parse("mines: 1\n...\n121\n"))
    assert not result.consistent and result.inconsistent_level == "total"
    assert result.conflict and not satisfiable(Board.parse("...\n121"), result.conflict, total=1)
    assert result.counts()["2"] == 3  # what the numbers decide stands


@pytest.mark.parametrize("bad", [0, 9, -1, True])
def test_max_level_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(CnfsweepError, match="expected a level from 1"):
        levels(Board.from_rows(["1."]), bad)


def test_a_time_limit_stops_it() -> None:
    with pytest.raises(TimeLimitExceeded):
        levels(Board.from_file(EXAMPLES / "peek_circle.txt"), time_limit=0)


@pytest.mark.parametrize("topology", ["torus", "hex"])
def test_levels_match_the_definition_on_other_grids(topology: str, engine: Engine) -> None:
    for seed in range(12):
        pos = random_position(seed, with_total=seed % 2 == 0, max_frontier=10, topology=topology)
        for max_level in (2, 4):
            assert_levels(pos.board, engine.levels(pos.board, max_level), max_level, pos.mines)

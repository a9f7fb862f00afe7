"""2E (Encrypted): the solver's layouts, counts and certain cells against the oracle's enumeration over injective letter maps.

Each test fails on main, which has no 2E rule (the board is refused as an unknown rule).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import BoardFormatError, parse_variant
from cnfsweep.variants.hints import hint_variant
from cnfsweep.variants.solve import analyze_variant, check_variant, variant_layouts

import variant_oracle as oracle

SHAPES = [(2, 3), (3, 3), (3, 4), (4, 3), (2, 5)]


def _puzzle(rng: random.Random, rows: int, cols: int) -> tuple[str, dict[oracle.Pos, str], int]:
    every = oracle.cells(rows, cols)
    m = frozenset(p for p in every if rng.random() < 0.35)
    safe = [p for p in every if p not in m]
    shown = rng.sample(safe, k=min(len(safe), rng.randint(1, max(1, len(every) // 2))))
    # A random map of numbers to letters; a clue whose count has no letter is left covered, and now and then one
    # letter is changed so that some boards have no layout.
    numbers = list(range(min(rows, 9)))
    rng.shuffle(numbers)
    letter = {n: "ABCDEFGHI"[i] for i, n in enumerate(numbers)}
    clues = {}
    for p in shown:
        n = sum(q in m for q in oracle._near(p, oracle.KING, rows, cols))
        if n in letter:
            clues[p] = letter[n]
    if clues and rng.random() < 0.2:
        p = rng.choice(sorted(clues))
        clues[p] = rng.choice("ABC")
    rows_text = [" ".join(clues.get((r, c), ".") for c in range(cols)) for r in range(rows)]
    return "\n".join(rows_text) + "\n", clues, len(m)


def _expected(clues: dict[oracle.Pos, str], rows: int, cols: int, total: int | None) -> set[frozenset[Cell]]:
    return {
        frozenset(Cell(*p) for p in m)
        for m in oracle.all_layouts(rows, cols)
        if not m & set(clues) and (total is None or len(m) == total) and oracle.encrypted(clues, m, rows, cols)
    }


@pytest.mark.parametrize(("shape", "seed", "with_total"), [(s, k, t) for s in SHAPES for k in range(4) for t in (0, 1)])
def test_encrypted_agrees_with_the_oracle(shape: tuple[int, int], seed: int, with_total: int) -> None:
    rows, cols = shape
    grid, clues, mines = _puzzle(random.Random(f"{shape}{seed}"), rows, cols)
    total = mines if with_total else None
    head = "rules: 2E\n" + (f"mines: {total}\n" if total is not None else "")
    board = parse_variant(head + grid)
    expected = _expected(clues, rows, cols, total)
    found = variant_layouts(board) or []
    assert set(found) == expected and len(found) == len(expected)  # each layout once, whatever the letter map
    analysis = analyze_variant(board)
    assert analysis.consistent == bool(expected) and analysis.layouts == len(expected)
    covered = [Cell(*p) for p in oracle.cells(rows, cols) if p not in clues]
    if expected:
        assert analysis.counts == {c: sum(c in m for m in expected) for c in covered}
    assert check_variant(board).consistent == bool(expected)


def test_letters_read_and_write_back() -> None:
    board = parse_variant("rules: 2E\nA . F\n. B .\n")
    assert parse_variant(board.text()).cells == board.cells
    assert board.text().splitlines()[1].split() == ["A", ".", "F"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules: 2E\nA 3 .\n", "<string>:2:3: '3' is no 2E clue; the rules 2E take a capital letter from A to I"),
        ("rules: V\nA . .\n", "<string>:2:1: unexpected 'A'"),
    ],
)
def test_bad_tokens_give_one_line(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError) as e:
        parse_variant(text)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


class HintCase:
    """A random 2E board of one of ``shapes`` (the total on odd seeds), and what its clues decide by the oracle."""

    def __init__(self, name: str, seed: int, shapes: list[tuple[int, int]]) -> None:
        rng = random.Random(f"2E {name} {seed}")
        self.rows, self.cols = rng.choice(shapes)
        self.grid, self.clues, mines = _puzzle(rng, self.rows, self.cols)
        self.total = mines if seed % 2 else None
        head = "rules: 2E\n" + (f"mines: {self.total}\n" if self.total is not None else "")
        self.board = parse_variant(head + self.grid)

    def certain(self, p: oracle.Pos, mine: bool, used: Iterable[oracle.Pos], with_total: bool) -> bool:
        """Whether every layout the clues ``used`` allow, read with one code (and the total), has ``p`` as ``mine`` (and one does)."""
        total = self.total if with_total else None
        kept = _expected({q: self.clues[q] for q in used}, self.rows, self.cols, total)
        kept = {m for m in kept if not m & {Cell(*q) for q in self.clues}}
        return bool(kept) and all((Cell(*p) in m) == mine for m in kept)


@pytest.mark.parametrize("seed", range(8))
def test_every_hint_reason_is_certain_and_minimal_by_the_oracle(seed: int) -> None:
    case = HintCase("hint", seed, [(3, 3), (3, 4)])
    board, clues, rows, cols, total, certain = case.board, case.clues, case.rows, case.cols, case.total, case.certain
    result = hint_variant(board, every=True)
    expected = _expected(clues, rows, cols, total)
    covered = [p for p in oracle.cells(rows, cols) if p not in clues]
    forced = {(p, any(Cell(*p) in m for m in expected)) for p in covered if len({Cell(*p) in m for m in expected}) == 1}
    assert {((m.cell.row, m.cell.col), m.mine) for m in result.moves if m.certain} == (forced if expected else set())
    for move in result.moves:
        if not move.certain:
            continue
        assert move.reason is not None
        p, used, with_total = (
            (move.cell.row, move.cell.col),
            {(c.row, c.col) for c in move.reason.clues},
            move.reason.uses_total,
        )
        assert certain(p, move.mine, used, with_total)
        for q in used:  # each clue is needed
            assert not certain(p, move.mine, used - {q}, with_total)
        if with_total:
            assert not certain(p, move.mine, used, False)


@pytest.mark.parametrize("seed", range(16))
def test_smallest_reasons_have_the_fewest_clues_by_brute_force_over_letter_maps(seed: int) -> None:
    # A set of 2E clues is read with one code: some layouts break no clue alone, only two of them together.
    case = HintCase("smallest", seed, [(3, 3), (3, 4), (4, 3)])
    clues, certain = case.clues, case.certain
    result = hint_variant(case.board, every=True, smallest=True)
    for move in result.moves:
        if not move.certain:
            continue
        assert move.reason is not None
        p, used = (move.cell.row, move.cell.col), {(c.row, c.col) for c in move.reason.clues}
        # Clues alone first; the total only when every clue together does not decide the cell.
        with_total = not certain(p, move.mine, clues, False)
        least = next(
            k
            for k in range(len(clues) + 1)
            if any(certain(p, move.mine, s, with_total) for s in combinations(sorted(clues), k))
        )
        assert (move.reason.uses_total, len(used)) == (with_total, least), (case.grid, move)
        assert certain(p, move.mine, used, with_total)
    ranks = [(m.reason.uses_total, m.reason.size) for m in result.moves if m.reason is not None]
    assert ranks == sorted(ranks)


def test_a_pair_of_letters_is_a_reason_that_neither_letter_is_alone() -> None:
    # A and B differ, so the one mine is not where both see it, (0, 1) and (1, 1): each letter alone allows it.
    board = parse_variant("rules: 2E\nmines: 1\nA . .\n. . B\n")
    moves = {(m.cell.row, m.cell.col): m for m in hint_variant(board, every=True, smallest=True).moves if m.certain}
    for cell in ((0, 1), (1, 1)):
        reason = moves[cell].reason
        assert moves[cell].mine is False and reason is not None
        assert reason.clues == (Cell(0, 0), Cell(1, 2)) and reason.size == 2 + int(reason.uses_total)


@pytest.mark.parametrize(("shape", "mines", "seed"), [((4, 4), 5, 1), ((4, 4), 5, 2), ((4, 5), 6, 3)])
def test_generated_puzzles_have_one_layout_by_the_oracle_and_solve_decides_them(
    shape: tuple[int, int], mines: int, seed: int
) -> None:
    rows, cols = shape
    puzzle = generate_variant(VariantRequest.make(rows, cols, mines, ["2E"]), seed)
    board = puzzle.board
    clues = {(c.row, c.col): str(v) for c, v in board.clues.items()}
    assert _expected(clues, rows, cols, mines) == {puzzle.answer}
    analysis = analyze_variant(parse_variant(puzzle.text()))
    assert set(analysis.mines) == set(puzzle.answer)
    assert set(analysis.safe) == {Cell(*p) for p in oracle.cells(rows, cols) if p not in clues} - puzzle.answer


def test_the_letter_code_comes_from_the_seed() -> None:
    request = VariantRequest.make(4, 4, 5, ["2E"], graded=False)
    texts = {generate_variant(request, seed).text() for seed in (1, 1, 2, 3)}
    assert generate_variant(request, 1).text() == generate_variant(request, 1).text() and len(texts) == 3

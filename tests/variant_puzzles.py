"""Variant puzzles for the tests: a board written as text beside the oracle's own view of it.

``Puzzle`` writes a board's text (``rules:``, ``mines:``, one token a cell) and
answers, by the oracle (``variant_oracle``) alone, which layouts it allows, under
all its clues, rules and total or only some of them; ``random_puzzle`` makes one
whose clues are read off a layout the mine rules allow.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations, permutations

from cnfsweep.core.board import Cell
from cnfsweep.generation.variants import VariantRequest, generate_variant
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.hints import hint_variant
from cnfsweep.variants.solve import analyze_variant, check_variant, variant_layouts

import variant_oracle as oracle

__all__ = [
    "BAD_BOARDS",
    "MODES",
    "SECOND_MODES",
    "Puzzle",
    "assert_agrees",
    "assert_generated_puzzle_is_unique",
    "assert_hint_reasons_are_minimal",
    "assert_minimal_conflict",
    "assert_smallest_reasons_have_the_fewest_clues",
    "certain_by_oracle",
    "random_puzzle",
    "rule_on_shape",
    "token",
    "with_a_certain_cell",
]

#: Variant board texts that cannot be read, each with the start of the one line that says why (read from stdin).
BAD_BOARDS = [
    ("rules: 1Q 1Z\n1 .\n", "<stdin>:1:11: unknown rule '1Z'; choose from 1Q"),
    (
        "rules: 1Q\n1 .\n. 1,2\n",
        "<stdin>:3:3: '1,2' is a list of run lengths, a 1W clue; the rules 1Q V take whole numbers",
    ),
    ("rules: V 1X\n1 .\n", "<stdin>:1:10: rules V and 1X both say what a clue means: give one of them"),
    ("rules: 1W 1M\n1 .\n", "<stdin>:1:11: 1M changes what counting clues count, and 1W clues count no mines"),
    ("rules: 1Q\ntopology: hex\n1 .\n", "<stdin>:2:1: unknown header 'topology:' on a variant board"),
    ("rules: 1Q\n1 .\n. x\n", "<stdin>:3:3: unexpected 'x': expected '.', '?', '*', a whole number"),
    ("rules: 1Q\n1 . .\n. .\n", "<stdin>:3: expected 3 cells in this row"),
]

#: The modifiers each clue rule takes.
MODES = {
    "V": ["", "1M", "1N", "1L", "1M 1L", "1N 1L"],
    "1X": ["", "1M", "1N", "1L"],
    "1X'": ["", "1N", "1L"],
    "1K": ["", "1M", "1L"],
    "1W": [""],
    "1P": ["", "1L"],
    "1E": ["", "1L"],
}

#: The modifiers each clue rule of the second game takes (2M's remainder weighs no mines, so 1L only; 2X none).
SECOND_MODES = {
    "2D": ["", "1M", "1N", "1L"],
    "2M": ["", "1L"],
    "2X": [""],
    "2P": [""],
    "2E": [""],
    "2I": ["", "1M", "1N", "1L"],
    "2A": ["", "1L"],
}


def token(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


class Puzzle:
    """A board written as text and the oracle's own view of it."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mine_rules: Iterable[str],
        clue_rule: str = "V",
        mode: str = "",
        clues: dict[oracle.Pos, object] | None = None,
        hidden: Iterable[oracle.Pos] = (),
        known: Iterable[oracle.Pos] = (),
        dyed: Iterable[oracle.Pos] = (),
        total: int | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.mine_rules, self.clue_rule, self.mode = list(mine_rules), clue_rule, mode
        self.clues, self.hidden, self.known = dict(clues or {}), set(hidden), set(known)
        self.dyed, self.total = frozenset(dyed), total

    def text(self) -> str:
        head = f"rules: {' '.join([*self.mine_rules, self.clue_rule, *self.mode.split()])}\n"
        if self.total is not None:
            head += f"mines: {self.total}\n"
        lines = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                p = (r, c)
                body = (
                    token(self.clues[p])
                    if p in self.clues
                    else "?"
                    if p in self.hidden
                    else "*"
                    if p in self.known
                    else "."
                )
                row.append(body + ("'" if p in self.dyed else ""))
            lines.append(" ".join(row))
        return head + "\n".join(lines) + "\n"

    def covered(self) -> list[oracle.Pos]:
        return [
            p
            for p in oracle.cells(self.rows, self.cols)
            if p not in self.clues and p not in self.hidden and p not in self.known
        ]

    def allows(
        self,
        m: oracle.Mines,
        clues: Iterable[oracle.Pos] | None = None,
        rules: Iterable[str] | None = None,
        total: bool = True,
    ) -> bool:
        revealed = set(self.clues) | self.hidden
        if m & revealed or not self.known <= m:
            return False
        if total and self.total is not None and len(m) != self.total:
            return False
        if not all(
            oracle.obeys(r, m, self.rows, self.cols, self.dyed) for r in (self.mine_rules if rules is None else rules)
        ):
            return False
        mode, liar = self.mode.replace("1L", "").strip(), "1L" in self.mode
        wanted = self.clues if clues is None else {p: self.clues[p] for p in clues}
        if self.clue_rule == "2E":  # the letters are read together: one code for all of them
            return oracle.encrypted({p: str(v) for p, v in wanted.items()}, m, self.rows, self.cols)
        if self.clue_rule == "2L":  # the clues are read together: one liar in every row and column
            return oracle.liars({p: int(v) for p, v in wanted.items()}, m, self.rows, self.cols)  # type: ignore[call-overload]
        if self.clue_rule == "2I":  # the clues are read together: one direction left out for all of them
            counts = {p: int(v) for p, v in wanted.items()}  # type: ignore[call-overload]
            return oracle.incomplete(counts, m, self.rows, self.cols, self.dyed, self.mode)
        return all(
            oracle.shows(self.clue_rule, mode, liar, p, m, self.rows, self.cols, self.dyed, shown)
            for p, shown in wanted.items()
        )

    def solutions(self, **kw: object) -> set[frozenset[Cell]]:
        return {
            frozenset(Cell(*p) for p in m if p not in self.known)
            for m in oracle.all_layouts(self.rows, self.cols)
            if self.allows(m, **kw)  # type: ignore[arg-type]
        }


def random_puzzle(
    rng: random.Random, rows: int, cols: int, mine_rules: list[str], clue_rule: str, mode: str, total: bool
) -> Puzzle:
    """Clues read from a layout the mine rules allow, a few cells hidden, known or dyed."""
    every = oracle.cells(rows, cols)
    # A rule that reads the dye needs it before the layout (and then a board may have no layout).
    first = set(mine_rules) & set(oracle.DYED_MINE_RULES)
    dyed = frozenset(p for p in every if rng.random() < 0.4) if first else frozenset()
    layouts = [
        m for m in oracle.all_layouts(rows, cols) if all(oracle.obeys(r, m, rows, cols, dyed) for r in mine_rules)
    ]
    if clue_rule == "2L":  # only a layout with a liar in every row and column, each safe, shows 2L clues
        layouts = [m for m in layouts if oracle.liars({}, m, rows, cols)]
    m = rng.choice(layouts)
    if not first:
        dyed = frozenset(p for p in every if rng.random() < 0.4)
    safe = [p for p in every if p not in m]
    shown = rng.sample(safe, k=min(len(safe), rng.randint(1, max(1, len(every) // 3))))
    hidden = {p for p in safe if p not in shown and rng.random() < 0.15}
    known = {p for p in m if rng.random() < 0.15}
    plain = mode.replace("1L", "").strip()
    clues: dict[oracle.Pos, object] = {}
    # 2E shows V's count in a code of letters drawn here; a count the code has no letter for is not shown.
    numbers = list(range(min(rows, 9)))
    if clue_rule == "2E":
        rng.shuffle(numbers)
    code = {n: "ABCDEFGHI"[i] for i, n in enumerate(numbers)}
    # 2I leaves out the cell in one direction, drawn here (for 2I only: the other rules' draws stay as they were).
    seven = oracle.count_in([d for d in oracle.KING if d != rng.choice(oracle.KING)]) if clue_rule == "2I" else None
    lying: dict[oracle.Pos, int] = {}
    if clue_rule == "2L":  # liars drawn among the choices that fit, each one off
        fits = [o for o in permutations(range(cols)) if not {(r, c) for r, c in enumerate(o)} & m]
        lying = {(r, c): rng.choice((-1, 1)) for r, c in enumerate(rng.choice(fits))}
    for p in shown:
        if clue_rule == "2L":
            count = oracle.CLUE_RULES["V"](p, m, rows, cols, dyed, "") + lying.get(p, 0)
            clues[p] = abs(count) if count >= 0 else 1
            continue
        if seven is not None:
            count = seven(p, m, rows, cols, dyed, plain)
            if "1L" in mode:
                count = count + rng.choice((-1, 1)) if count > 0 else 1
            clues[p] = count
            continue
        if clue_rule == "2E":
            count = oracle.CLUE_RULES["V"](p, m, rows, cols, dyed, plain)
            if count in code:
                clues[p] = code[count]
            continue
        value = oracle.EVERY_CLUE_RULE[clue_rule](p, m, rows, cols, dyed, plain)
        if value is None:
            continue  # nothing to show (2P with fewer than two mines)
        if "1L" in mode:
            value = value + rng.choice((-1, 1)) if value > 0 else 1  # type: ignore[operator]
        clues[p] = value
    return Puzzle(rows, cols, mine_rules, clue_rule, mode, clues, hidden, known, dyed, len(m) if total else None)


def assert_agrees(puzzle: Puzzle) -> None:
    """The solver's layouts, counts and certain cells are the oracle's."""
    board = parse_variant(puzzle.text())
    expected = puzzle.solutions()
    found = variant_layouts(board) or []
    assert set(found) == expected and len(found) == len(expected)  # each layout once
    analysis = analyze_variant(board)
    assert analysis.consistent == bool(expected) and analysis.layouts == len(expected)
    covered = [Cell(*p) for p in puzzle.covered()]
    counts = {c: sum(c in m for m in expected) for c in covered}
    if expected:
        assert analysis.counts == counts
        assert set(analysis.safe) == {c for c in covered if counts[c] == 0}
        assert set(analysis.mines) == {c for c in covered if counts[c] == len(expected)}


def assert_combines_with(rule: str, other: str, shapes: list[tuple[int, int]], each: int = 1) -> None:
    """``rule``'s clues with the mine rule ``other``: random puzzles of each shape, ``each`` of them with and
    without the total, agree with the oracle (:func:`assert_agrees`); seeded by the two rules."""
    rng = random.Random(f"{rule} {other}")
    for rows, cols in shapes:
        for total in (False, True):
            for _ in range(each):
                assert_agrees(random_puzzle(rng, rows, cols, [other], rule, "", total))


def assert_minimal_conflict(puzzle: Puzzle) -> None:
    """``check`` answers as the oracle does; a conflict it names has no layout, and each clue, rule and total in it is needed."""
    result = check_variant(parse_variant(puzzle.text()))
    assert result.consistent == bool(puzzle.solutions())
    if result.consistent:
        assert frozenset(result.witness_mines) in puzzle.solutions()
        return
    clues = [(c.row, c.col) for c in result.clues]
    rules = [r for r in result.rules if r in oracle.EVERY_MINE_RULE or r in oracle.DYED_MINE_RULES]
    used = {"clues": clues, "rules": rules, "total": result.total_in_conflict}
    assert not puzzle.solutions(**used)
    for p in clues:  # every clue named is needed
        assert puzzle.solutions(**{**used, "clues": [q for q in clues if q != p]})
    for r in rules:
        assert puzzle.solutions(**{**used, "rules": [q for q in rules if q != r]})
    if result.total_in_conflict:
        assert puzzle.solutions(**{**used, "total": False})


def rule_on_shape(case: tuple[str, tuple[int, int]]) -> list[object]:
    """The classes of a rule-by-shape case that a sample must keep: its rule, its shape, its rule on 9+ cells.

    A rule's global structure (connected areas, runs around the ring) shows only on boards of a few rows
    and columns, so each rule keeps at least one case on a board of 9 cells or more.
    """
    rule, (rows, cols) = case
    return [("rule", rule), ("shape", (rows, cols))] + ([("rule on 9+ cells", rule)] if rows * cols >= 9 else [])


def certain_by_oracle(puzzle: Puzzle, p: oracle.Pos, mine: bool, used: Iterable[oracle.Pos], with_total: bool) -> bool:
    """Whether the clues ``used`` (and the total, if ``with_total``) allow layouts, each with ``p`` as ``mine``."""
    kept = puzzle.solutions(clues=list(used), total=with_total)
    return bool(kept) and all((Cell(*p) in m) == mine for m in kept)


def with_a_certain_cell(rng: random.Random, shapes: list[tuple[int, int]], rules: list[str], clue: str) -> Puzzle:
    """A random puzzle (a shape of ``shapes``, a total half the time) that has a certain cell by the oracle."""
    while True:
        rows, cols = rng.choice(shapes)
        puzzle = random_puzzle(rng, rows, cols, rules, clue, "", rng.random() < 0.5)
        found = puzzle.solutions()
        if any(len({Cell(*p) in m for m in found}) == 1 for p in puzzle.covered()):
            return puzzle


def assert_hint_reasons_are_minimal(puzzle: Puzzle) -> None:
    """``hint`` finds the oracle's certain cells, each reason forces its cell and needs every clue it names."""
    result = hint_variant(parse_variant(puzzle.text()), every=True)
    expected = puzzle.solutions()
    covered = [Cell(*p) for p in puzzle.covered()]
    forced = {(c, c in next(iter(expected))) for c in covered if expected and len({c in m for m in expected}) == 1}
    assert {(m.cell, m.mine) for m in result.moves if m.certain} == forced
    for move in result.moves:
        if not move.certain:
            continue
        assert move.reason is not None
        p, used = (move.cell.row, move.cell.col), {(c.row, c.col) for c in move.reason.clues}
        assert certain_by_oracle(puzzle, p, move.mine, used, move.reason.uses_total)
        for q in used:
            assert not certain_by_oracle(puzzle, p, move.mine, used - {q}, move.reason.uses_total)


def assert_smallest_reasons_have_the_fewest_clues(puzzle: Puzzle) -> None:
    """``hint --smallest`` names as few clues as any set that forces the cell, by brute force over clue sets."""
    clues = sorted(puzzle.clues)
    result = hint_variant(parse_variant(puzzle.text()), every=True, smallest=True)
    assert any(m.certain for m in result.moves)
    for move in result.moves:
        if not move.certain:
            continue
        assert move.reason is not None
        p, used = (move.cell.row, move.cell.col), {(c.row, c.col) for c in move.reason.clues}
        with_total = not certain_by_oracle(puzzle, p, move.mine, clues, False)
        least = next(
            k
            for k in range(len(clues) + 1)
            if any(certain_by_oracle(puzzle, p, move.mine, s, with_total) for s in combinations(clues, k))
        )
        assert (move.reason.uses_total, len(used)) == (with_total, least), (puzzle.text(), move)
        assert certain_by_oracle(puzzle, p, move.mine, used, with_total)


def assert_generated_puzzle_is_unique(rows: int, cols: int, mines: int, clue: str, seed: int) -> None:
    """``generate --rules CLUE`` makes a puzzle of one layout by the oracle, and ``solve`` decides every cell."""
    puzzle = generate_variant(VariantRequest.make(rows, cols, mines, [clue], graded=False), seed)
    clues = {(c.row, c.col): v for c, v in puzzle.board.clues.items()}
    assert Puzzle(rows, cols, [], clue, clues=clues, total=mines).solutions() == {puzzle.answer}
    analysis = analyze_variant(parse_variant(puzzle.text()))
    assert set(analysis.mines) == set(puzzle.answer)
    assert set(analysis.safe) == {Cell(*p) for p in oracle.cells(rows, cols) if p not in clues} - puzzle.answer

"""Each variant rule's encoding against an enumeration of every layout, filtered by the rule as defined.

The oracle (``variant_oracle``) knows the rules only from their definitions.
On every small board (every shape up to 12 cells) the layouts ``solve``
allows must be exactly those the oracle keeps, with and without the total,
and so must the counts, the certain cells and a check's verdict; rules are
combined (two mine rules, a mine rule with a clue rule, both with the total).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant, check_variant, variant_layouts

import variant_oracle as oracle

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5) if r * c <= 12]
MODES = {  # modifiers each clue rule takes
    "V": ["", "1M", "1N", "1L", "1M 1L", "1N 1L"],
    "1X": ["", "1M", "1N", "1L"],
    "1X'": ["", "1N", "1L"],
    "1K": ["", "1M", "1L"],
    "1W": [""],
    "1P": ["", "1L"],
    "1E": ["", "1L"],
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
            oracle.MINE_RULES[r](m, self.rows, self.cols) for r in (self.mine_rules if rules is None else rules)
        ):
            return False
        mode, liar = self.mode.replace("1L", "").strip(), "1L" in self.mode
        wanted = self.clues if clues is None else {p: self.clues[p] for p in clues}
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


def assert_agrees(puzzle: Puzzle) -> None:
    """The solver's layouts, counts and certain cells are the oracle's."""
    board = parse_variant(puzzle.text())
    expected = puzzle.solutions()
    assert set(variant_layouts(board) or ()) == expected and len(variant_layouts(board) or ()) == len(expected)
    analysis = analyze_variant(board)
    assert analysis.consistent == bool(expected) and analysis.layouts == len(expected)
    covered = [Cell(*p) for p in puzzle.covered()]
    counts = {c: sum(c in m for m in expected) for c in covered}
    if expected:
        assert analysis.counts == counts
        assert set(analysis.safe) == {c for c in covered if counts[c] == 0}
        assert set(analysis.mines) == {c for c in covered if counts[c] == len(expected)}


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rule", sorted(oracle.MINE_RULES))
def test_each_mine_rule_allows_exactly_its_layouts(rule: str, shape: tuple[int, int]) -> None:
    rows, cols = shape
    assert_agrees(Puzzle(rows, cols, [rule]))
    totals = range(rows * cols + 1) if rows * cols <= 6 else (rows * cols // 3, rows * cols // 2)
    for total in totals:
        assert_agrees(Puzzle(rows, cols, [rule], total=total))


@pytest.mark.parametrize(
    "pair", [(a, b) for a in sorted(oracle.MINE_RULES) for b in sorted(oracle.MINE_RULES) if a < b]
)
def test_two_mine_rules_combine(pair: tuple[str, str]) -> None:
    for rows, cols in ((3, 3), (3, 4)):
        assert_agrees(Puzzle(rows, cols, list(pair)))
        assert_agrees(Puzzle(rows, cols, list(pair), total=rows * cols // 3))


def random_puzzle(
    rng: random.Random, rows: int, cols: int, mine_rules: list[str], clue_rule: str, mode: str, total: bool
) -> Puzzle:
    """Clues read from a layout the mine rules allow, a few cells hidden, known or dyed."""
    every = oracle.cells(rows, cols)
    layouts = [
        m for m in oracle.all_layouts(rows, cols) if all(oracle.MINE_RULES[r](m, rows, cols) for r in mine_rules)
    ]
    m = rng.choice(layouts)
    dyed = frozenset(p for p in every if rng.random() < 0.4)
    safe = [p for p in every if p not in m]
    shown = rng.sample(safe, k=min(len(safe), rng.randint(1, max(1, len(every) // 3))))
    hidden = {p for p in safe if p not in shown and rng.random() < 0.15}
    known = {p for p in m if rng.random() < 0.15}
    plain = mode.replace("1L", "").strip()
    clues: dict[oracle.Pos, object] = {}
    for p in shown:
        value = oracle.CLUE_RULES[clue_rule](p, m, rows, cols, dyed, plain)
        if "1L" in mode:
            value = value + rng.choice((-1, 1)) if value > 0 else 1  # type: ignore[operator]
        clues[p] = value
    return Puzzle(rows, cols, mine_rules, clue_rule, mode, clues, hidden, known, dyed, len(m) if total else None)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("clue_rule", "mode"), [(r, m) for r, modes in MODES.items() for m in modes])
def test_each_clue_rule_allows_exactly_its_layouts(clue_rule: str, mode: str, seed: int) -> None:
    rng = random.Random(f"{clue_rule}{mode}{seed}")
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 3)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [], clue_rule, mode, total))


@pytest.mark.parametrize("clue_rule", sorted(oracle.CLUE_RULES))
@pytest.mark.parametrize("mine_rule", sorted(oracle.MINE_RULES))
def test_a_mine_rule_and_a_clue_rule_combine(mine_rule: str, clue_rule: str) -> None:
    rng = random.Random(f"{mine_rule}/{clue_rule}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_agrees(random_puzzle(rng, rows, cols, [mine_rule], clue_rule, "", total))


@pytest.mark.parametrize("seed", range(40))
def test_check_names_a_minimal_conflict_the_oracle_confirms(seed: int) -> None:
    rng = random.Random(seed)
    mine_rule = rng.choice(sorted(oracle.MINE_RULES))
    clue_rule = rng.choice(["V", "1X", "1X'", "1K", "1P", "1E"])
    puzzle = random_puzzle(rng, 3, 3 + seed % 2, [mine_rule], clue_rule, "", rng.random() < 0.5)
    for p in list(puzzle.clues)[: rng.randint(1, 2)]:  # spoil a clue or two
        puzzle.clues[p] = max(0, puzzle.clues[p] + rng.choice((-2, -1, 1, 2)))  # type: ignore[operator]
    result = check_variant(parse_variant(puzzle.text()))
    assert result.consistent == bool(puzzle.solutions())
    if result.consistent:
        assert frozenset(result.witness_mines) in puzzle.solutions()
        return
    clues = [(c.row, c.col) for c in result.clues]
    rules = [r for r in result.rules if r in oracle.MINE_RULES]
    used = {"clues": clues, "rules": rules, "total": result.total_in_conflict}
    assert not puzzle.solutions(**used)
    for p in clues:  # every clue named is needed
        assert puzzle.solutions(**{**used, "clues": [q for q in clues if q != p]})
    for r in rules:
        assert puzzle.solutions(**{**used, "rules": [q for q in rules if q != r]})
    if result.total_in_conflict:
        assert puzzle.solutions(**{**used, "total": False})


@pytest.mark.parametrize("seed", range(6))
def test_classic_rules_count_as_the_engine_does_on_bigger_boards(seed: int) -> None:
    # A `rules: V` board is a classic one: its exact probabilities are the engine's, on boards no enumeration reaches.
    from cnfsweep.engine import Engine
    from cnfsweep.formats import parse_board

    rng = random.Random(seed)
    rows, cols, total = 9, 9, 10
    mines = set(rng.sample(oracle.cells(rows, cols), total))
    opened = {p for p in oracle.cells(rows, cols) if p not in mines and rng.random() < 0.35}
    grid = [
        "".join(
            str(oracle.CLUE_RULES["V"]((r, c), frozenset(mines), rows, cols, frozenset(), ""))
            if (r, c) in opened
            else "."
            for c in range(cols)
        )
        for r in range(rows)
    ]
    classic = Engine.create().analyze(parse_board(f"mines: {total}\n" + "\n".join(grid) + "\n"))
    variant = analyze_variant(parse_variant(f"rules: V\nmines: {total}\n" + "\n".join(grid) + "\n"))
    assert variant.layouts == classic.solutions
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in opened:
                assert variant.probability(Cell(r, c)) == classic.exact(Cell(r, c))


@pytest.mark.parametrize("rule", sorted(oracle.MINE_RULES))
def test_past_the_count_limit_solve_still_gives_every_certain_cell(rule: str) -> None:
    # With a limit of a few layouts nothing is counted: the certain cells come from asking each cell the other way round.
    rng = random.Random(rule)
    for rows, cols in ((3, 4), (4, 3)):
        for total in (False, True):
            puzzle = random_puzzle(rng, rows, cols, [rule], "V", "", total)
            expected = puzzle.solutions()
            analysis = analyze_variant(parse_variant(puzzle.text()), limit=2)
            covered = [Cell(*p) for p in puzzle.covered()]
            if analysis.layouts is not None:
                assert analysis.layouts == len(expected)
            else:  # past the limit: the answer says why, naming a global rule
                assert analysis.counts is None and analysis.uncounted
                assert (rule in analysis.uncounted) == (rule in ("1C", "1O", "1S"))
            assert analysis.layouts is None or len(expected) <= 2
            assert set(analysis.safe) == {c for c in covered if expected and all(c not in m for m in expected)}
            assert set(analysis.mines) == {c for c in covered if expected and all(c in m for m in expected)}

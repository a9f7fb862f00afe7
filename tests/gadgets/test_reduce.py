"""Formulas reduced to boards: consistent exactly when satisfiable, witnesses are models.

The verdict of every board is compared with PySAT run directly on the CNF.
``cnfsweep.check`` decides the satisfiable boards and those made unsatisfiable
by contradictory unit clauses; on other unsatisfiable boards its conflict
minimisation asks one question per number of a conflict that spans whole
circuits (minutes on the larger boards), so those are decided by
:func:`decide` and only the small ones by ``check`` as well.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver
from sampling import examples, sample
from typer.testing import CliRunner

from cnfsweep import check
from cnfsweep.core.board import Board, Cell
from cnfsweep.cli.gadget import gadget_command
from cnfsweep.cli.reduce import reduce_command
from cnfsweep.gadgets.circuit import FormulaError, parse_expression
from cnfsweep.gadgets.cnf import Cnf, parse_dimacs, to_cnf
from cnfsweep.gadgets.reduction import ReductionTooLarge, decide, reduce_cnf, reduce_expression

SMALL = 12_000
"""Boards up to this many cells are also given to ``check`` when unsatisfiable."""


def satisfiable(cnf: Cnf) -> bool:
    with Solver(name="glucose4", bootstrap_with=[list(c) for c in cnf.clauses]) as s:
        return bool(s.solve())


def is_layout(board: Board, mines: set[Cell]) -> bool:
    """Tell whether every number equals its mined neighbours and flags are mines (no engine code)."""
    grid = board.grid
    if not all(grid[r][c] in ".*" or grid[r][c].isalpha() for r, c in mines):
        return False
    if any(ch == "*" and (r, c) not in mines for r, row in enumerate(grid) for c, ch in enumerate(row)):
        return False
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch.isdigit():
                around = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
                if around != int(ch):
                    return False
    return True


def random_cnf(rng: random.Random) -> Cnf:
    n = rng.randint(1, 8)
    clauses = []
    for _ in range(rng.randint(1, 3 * n)):
        chosen = rng.sample(range(1, n + 1), rng.randint(1, min(3, n)))
        clauses.append(tuple(v if rng.random() < 0.5 else -v for v in chosen))
    if rng.random() < 0.25:
        x = rng.randint(1, n)  # surely unsatisfiable: x and ~x
        clauses[rng.randrange(len(clauses) + 1) : 0] = [(x,)]
        clauses.append((-x,))
    return Cnf(n, tuple(clauses))


def assert_round_trip(cnf: Cnf, use_check: bool | None = None) -> None:
    sat = satisfiable(cnf)
    r = reduce_cnf(cnf)
    units = {c[0] for c in cnf.clauses if len(c) == 1}
    if use_check is None:
        use_check = sat or any(-u in units for u in units) or r.size()["cells"] <= SMALL
    if use_check:
        result = check(r.board)
        consistent, mines = result.consistent, result.witness_mines
    else:
        d = decide(r.board)
        consistent, mines = d.satisfiable, d.mines
    assert consistent == sat, cnf
    if sat:
        assert mines is not None and is_layout(r.board, set(mines))
        values = r.assignment(mines)
        assert cnf.satisfied({i: values[f"x{i}"] for i in range(1, cnf.num_vars + 1)})


# The suite reduces a seeded third of the formulas; `python -m benchmarks sweeps` reduces all 24.
RANDOM_CNF_SEEDS = sample(range(24), lambda seed: [], seed="random cnfs", keep=1 / 3)


@pytest.mark.parametrize("seed", RANDOM_CNF_SEEDS)
def test_random_cnfs_round_trip(seed: int) -> None:
    assert_round_trip(random_cnf(random.Random(seed)))


@pytest.mark.parametrize(
    "dimacs",
    [
        "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n",  # every clause over two variables
        "p cnf 3 4\n1 2 0\n-1 3 0\n-2 3 0\n-3 0\n",  # resolution refutation, no contradictory units
        "p cnf 3 2\n1 2 3 0\n-1 -2 -3 0\n",
        "p cnf 4 3\n1 -2 3 -4 0\n-1 2 0\n4 0\n",  # a four-literal clause: two ORs in a row
    ],
)
def test_structured_formulas_round_trip_with_check(dimacs: str) -> None:
    assert_round_trip(parse_dimacs(dimacs), use_check=True)


def test_decide_agrees_with_check_and_gives_layouts() -> None:
    for seed in range(100, 103):
        r = reduce_cnf(random_cnf(random.Random(seed)))
        d, c = decide(r.board), check(r.board)
        assert d.satisfiable == c.consistent
        if d.satisfiable:
            assert is_layout(r.board, set(d.mines))


def test_large_unsatisfiable_formula_is_decided() -> None:
    # Pigeonhole: 4 pigeons, 3 holes; no unit clauses, a conflict spanning the board.
    var = {(p, h): 3 * p + h + 1 for p in range(4) for h in range(3)}
    clauses = [tuple(var[p, h] for h in range(3)) for p in range(4)]
    clauses += [(-var[p, h], -var[q, h]) for h in range(3) for p, q in itertools.combinations(range(4), 2)]
    cnf = Cnf(12, tuple(clauses))
    assert not satisfiable(cnf)
    assert not decide(reduce_cnf(cnf).board).satisfiable


def test_edge_cases() -> None:
    assert check(reduce_cnf(Cnf(2, ())).board).consistent  # no clauses: anything goes
    assert check(reduce_cnf(Cnf(0, ())).board).consistent
    assert not check(reduce_cnf(Cnf(2, ((1, 2), ()))).board).consistent  # an empty clause
    assert not check(reduce_cnf(Cnf(0, ((),))).board).consistent
    tautology = reduce_cnf(Cnf(1, ((1, -1), (1, 1))))  # dropped, and a repeated literal: one unit band
    assert tautology.bands == 1 and check(tautology.board).consistent
    assert tautology.assignment(check(tautology.board).witness_mines) == {"x1": True}


def test_every_covered_cell_is_constrained_and_there_is_no_total() -> None:
    r = reduce_cnf(random_cnf(random.Random(7)))
    board = r.board
    assert board.total_mines is None
    for cell in board.covered:
        assert any(board.number(nb) is not None for nb in board.neighbours(cell)), cell


def test_board_size_grows_with_the_formula() -> None:
    r = reduce_cnf(Cnf(3, ((1, -2, 3), (-1, 2), (2, 3))))
    size = r.size()
    assert size["variables"] == 3 and size["clauses"] == 3 and size["literals"] == 7
    assert size["bands"] in range(4, 8) and size["rows"] == r.board.rows
    assert size["cells"] == r.board.rows * r.board.cols
    bigger = reduce_cnf(Cnf(3, ((1, -2, 3), (-1, 2), (2, 3), (1, 2, 3))))
    assert bigger.board.rows > r.board.rows


def test_labels_map_and_witness_reading() -> None:
    r = reduce_expression("(a | ~b) & c & (b | ~c)")
    assert r.board.labels == frozenset("abc")
    for v in r.variables:
        assert r.board.label(v.cell) == v.label == v.name
        assert (v.cell, True) in v.cells
        assert all(r.board.char(c) in ".*" or c == v.cell for c, _ in v.cells)
    doc = r.to_map()
    assert [v["name"] for v in doc["variables"]] == ["a", "b", "c"]
    assert doc["size"]["variables"] == 3 and not any(v["auxiliary"] for v in doc["variables"])
    assert r.assignment(check(r.board).witness_mines) == {"a": True, "b": True, "c": True}
    # Any TRUE-phase cell of a variable reads the same as its input cell.
    mines = set(check(r.board, assume={"a": True}).witness_mines)
    for v in r.variables:
        for cell, means in v.cells:
            if r.board.char(cell) != "*":
                assert (cell in mines) == (means == (v.cell in mines))


def test_dimacs_variables_get_letters_and_long_names_fit_the_map() -> None:
    r = reduce_cnf(Cnf(60, ((1, 60),)))
    labels = [v.label for v in r.variables]
    assert labels[:3] == ["a", "b", "c"] and "F" not in labels and labels[-1] is None
    assert len({lab for lab in labels if lab}) == 51


# -- expressions ---------------------------------------------------------------------


def random_expr(rng: random.Random, depth: int, names: str) -> str:
    if depth == 0 or rng.random() < 0.3:
        return ("~" if rng.random() < 0.3 else "") + rng.choice(names)
    op = rng.choice(["&", "|", "^"])
    text = f"{random_expr(rng, depth - 1, names)} {op} {random_expr(rng, depth - 1, names)}"
    return f"~({text})" if rng.random() < 0.2 else f"({text})"


@pytest.mark.parametrize("seed", range(40))
def test_expression_cnf_is_equisatisfiable_and_keeps_models(seed: int) -> None:
    expr = parse_expression(random_expr(random.Random(seed), 3, "abcd"))
    enc = to_cnf(expr)
    inputs = enc.names[: enc.inputs]
    assert inputs == expr.variables()
    for values in itertools.product((False, True), repeat=len(inputs)):
        env = dict(zip(inputs, values, strict=True))
        fixed = [(i + 1) if v else -(i + 1) for i, v in enumerate(values)]
        with Solver(name="glucose4", bootstrap_with=[list(c) for c in enc.cnf.clauses]) as s:
            # The CNF extends exactly the input assignments that satisfy the expression.
            assert s.solve(assumptions=fixed) == expr.evaluate(env), (str(expr), env)


@pytest.mark.parametrize("text", ["a & ~a", "(a | b) & (a ^ b) & ~(a & b)", "~(a | b) & (a ^ c)", "a ^ b ^ c ^ ~d"])
def test_expressions_round_trip(text: str) -> None:
    expr = parse_expression(text)
    r = reduce_expression(expr)
    d = decide(r.board)
    brute = any(
        expr.evaluate(dict(zip(expr.variables(), v, strict=True)))
        for v in itertools.product((False, True), repeat=len(expr.variables()))
    )
    assert d.satisfiable == brute
    if brute:
        assert expr.evaluate(r.assignment(d.mines)) and is_layout(r.board, set(d.mines))


def test_expression_syntax() -> None:
    assert str(parse_expression("a | b & c ^ d")) == "a | b & c ^ d"
    assert parse_expression("a | b & c").op == "or"  # & binds tighter than |
    assert parse_expression("a ^ b & c").op == "xor"
    assert parse_expression("~~x").evaluate({"x": True})
    cases = [
        ("a &", "column 4"),
        ("(a | b", r"expected '\)'"),
        ("a b", "an operator"),
        ("a & 3", "column 5"),
        ("", "empty"),
    ]
    for bad, where in cases:
        with pytest.raises(FormulaError, match=where):
            parse_expression(bad)


def test_dimacs_parsing() -> None:
    cnf = parse_dimacs("c comment\np cnf 3 2\n1 -2\n 3 0 -1 0\n%\n0\n")
    assert cnf == Cnf(3, ((1, -2, 3), (-1,)))
    assert parse_dimacs(cnf.to_dimacs()) == cnf
    for text, message in [
        ("1 2 0\n", "header"),
        ("p cnf 2 1\n1 3 0\n", "f.cnf:2: literal 3"),
        ("p cnf 2 1\n1 x 0\n", "integer"),
        ("p cnf 2 2\n1 0\n", "announces 2 clauses, found 1"),
        ("p dnf 2 1\n", "header"),
    ]:
        with pytest.raises(FormulaError, match=message):
            parse_dimacs(text, source="f.cnf")


# -- command line ------------------------------------------------------------------------


@pytest.fixture
def cli():
    app = typer.Typer()
    app.command("gadget")(gadget_command)
    app.command("reduce")(reduce_command)
    runner = CliRunner()
    return lambda *args, stdin=None: runner.invoke(app, list(args), input=stdin)


def test_reduce_writes_board_and_map_and_solves(cli, tmp_path: Path) -> None:
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 3 3\n1 -2 0\n3 0\n2 -3 0\n")
    board, mapping = tmp_path / "b.txt", tmp_path / "m.json"
    out = cli("reduce", str(cnf), "-o", str(board), "--map", str(mapping), "--solve")
    assert out.exit_code == 0, out.output
    assert "SAT: x1=1 x2=1 x3=1" in out.output and "board:" in out.output and "3 variables" in out.output
    b = Board.from_file(board)
    doc = json.loads(mapping.read_text())
    assert [v["label"] for v in doc["variables"]] == ["a", "b", "c"]
    assert all(b.label(Cell(*v["input"])) == v["label"] for v in doc["variables"])
    assert check(b).consistent


def test_reduce_json_unsat_and_stdin(cli) -> None:
    out = cli("reduce", "--expr", "a & ~a", "--solve", "--json")
    assert out.exit_code == 1
    doc = json.loads(out.output)
    assert doc["solve"]["satisfiable"] is False and doc["board"] and doc["size"]["clauses"] == 2
    out = cli("reduce", "-", "--json", stdin="p cnf 1 1\n1 0\n")
    assert out.exit_code == 0 and json.loads(out.output)["size"]["variables"] == 1
    out = cli("reduce", "--expr", "(a | ~b) & c")
    assert out.exit_code == 0 and Board.parse(out.stdout.split("formula:")[0]).labels == frozenset("abc")


@pytest.mark.parametrize(
    "args,message",
    [
        (("reduce",), "either a DIMACS file or --expr"),
        (("reduce", "x.cnf", "--expr", "a"), "either a DIMACS file or --expr"),
        (("reduce", "--expr", "a &"), "column 4"),
        (("reduce", "/nonexistent/f.cnf"), "cannot read"),
        (("gadget", "nand"), "unknown gadget"),
    ],
)
def test_errors_are_one_line_and_exit_2(cli, args: tuple[str, ...], message: str) -> None:
    out = cli(*args)
    assert out.exit_code == 2
    lines = out.stderr.strip().splitlines() if hasattr(out, "stderr") else out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_gadget_command_prints_board_and_truth_table(cli) -> None:
    out = cli("gadget", "or", "--orientation", "transpose", "--truth-table")
    assert out.exit_code == 0, out.output
    assert "u v | r | completions" in out.output and "matches the rule" in out.output
    board_text = out.output.split("\n\n")[0]  # the board, then a blank line and the table
    assert Board.parse(board_text).labels == frozenset("uvr")
    out = cli("gadget", "and", "-t")
    assert "0 0 | 0 | 2" in out.output and "and-demorgan" in out.output
    doc = json.loads(cli("gadget", "xor", "--orientation", "rot90", "-t", "--json").output)
    assert doc["matches_rule"] and doc["orientation"] == "rot90" and len(doc["truth_table"]["rows"]) == 4
    assert all(r["completions"] == 1 for r in doc["truth_table"]["rows"])
    listing = cli("gadget")
    assert "crossover" in listing.output and "and-demorgan" in listing.output


# -- any depth, any size: no recursion, linear boards, bounds checked first (issue 28) ------------------

NAMES = "abcd"


@st.composite
def expressions(draw: st.DrawFn, max_leaves: int = 30) -> str:
    """Expression text: variables, runs of ~, chains of one or mixed operators, parentheses, spacing."""

    def leaf() -> st.SearchStrategy[str]:
        return st.sampled_from(NAMES)

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        tilde = st.builds(lambda k, e: "~" * k + e, st.integers(1, 6), inner)
        paren = inner.map(lambda e: f"({e})")
        chain = st.builds(
            lambda first, rest: first + "".join(f" {op} {e}" for op, e in rest),
            inner,
            st.lists(st.tuples(st.sampled_from("&|^"), inner), min_size=1, max_size=6),
        )
        return tilde | paren | chain

    return draw(st.recursive(leaf(), grow, max_leaves=max_leaves))


def python_value(text: str, env: dict[str, bool]) -> bool:
    """Evaluate the same text with Python's own operators on 0/1: ~, &, ^, | bind as ours do,
    and bit 0 of the integer result is the formula's value."""
    return bool(eval(text, {"__builtins__": {}}, {k: int(v) for k, v in env.items()}) & 1)


@settings(max_examples=examples(100, full=300), deadline=None, derandomize=True)
@given(expressions())
def test_expressions_agree_with_python_on_every_assignment(text: str) -> None:
    expr = parse_expression(text)
    assert parse_expression(str(expr)) == expr
    names = expr.variables()
    for values in itertools.product((False, True), repeat=len(names)):
        env = dict(zip(names, values, strict=True))
        assert expr.evaluate(env) == python_value(text, env), (text, env)


@settings(max_examples=examples(15, full=40), deadline=None, derandomize=True)
@given(
    tildes=st.integers(0, 6000),
    parens=st.integers(0, 4000),
    chain=st.integers(1, 2000),
    op=st.sampled_from("&|^"),
    seed=st.integers(0, 2**16),
)
def test_deep_and_long_expressions_read_without_recursion(
    tildes: int, parens: int, chain: int, op: str, seed: int
) -> None:
    rng = random.Random(seed)
    operands = [rng.choice(NAMES) for _ in range(chain)]
    text = "~" * tildes + "(" * parens + f" {op} ".join(operands) + ")" * parens
    expr = parse_expression(text)
    assert parse_expression(str(expr)) == expr and hash(parse_expression(text)) == hash(expr)
    enc = to_cnf(expr)
    for values in itertools.product((False, True), repeat=len(expr.variables())):
        env = dict(zip(expr.variables(), values, strict=True))
        parts = [env[name] for name in operands]
        negated = tildes % 2 == 1
        if not parens:  # without brackets the tildes bind to the first operand alone
            parts[0] = parts[0] != negated
        value = all(parts) if op == "&" else any(parts) if op == "|" else sum(parts) % 2 == 1
        assert expr.evaluate(env) == (value != (negated and parens > 0))
    assert enc.inputs == len(expr.variables())


def test_deep_nesting_of_mixed_operators_reads_and_encodes() -> None:
    text = "~(a & " * 3000 + "b" + ")" * 3000  # 3,000 levels, each a NOT of an AND
    expr = parse_expression(text)
    assert str(expr) == text
    enc = to_cnf(expr)
    with Solver(name="glucose4", bootstrap_with=[list(c) for c in enc.cnf.clauses]) as s:
        for a, b in itertools.product((False, True), repeat=2):
            assumptions = [1 if a else -1, 2 if b else -2]
            assert s.solve(assumptions=assumptions) == expr.evaluate({"a": a, "b": b})


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    st.integers(1, 5).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])), max_size=6), max_size=7),
        )
    )
)
def test_random_small_cnfs_reduce_to_boards_consistent_iff_satisfiable(formula) -> None:
    n, clauses = formula
    cnf = Cnf(n, tuple(tuple(c) for c in clauses))
    sat = not any(len(c) == 0 for c in cnf.clauses) and satisfiable(cnf)
    r = reduce_cnf(cnf)
    d = decide(r.board)
    assert d.satisfiable == sat, cnf
    if sat:
        assert d.mines is not None and is_layout(r.board, set(d.mines))
        values = r.assignment(d.mines)
        assert cnf.satisfied({i: values[f"x{i}"] for i in range(1, n + 1)})


def test_an_or_of_n_literals_grows_linearly() -> None:
    cells = {n: reduce_expression(" | ".join(f"v{i}" for i in range(n))).size()["cells"] for n in (10, 20, 40)}
    # A board quadratic in n (a column per variable, a band per literal) grows four times per doubling.
    assert 1.8 < cells[20] / cells[10] < 2.2 and 1.8 < cells[40] / cells[20] < 2.2, cells


def test_a_board_past_the_bound_is_refused_before_it_is_drawn() -> None:
    wide = Cnf(300, tuple((v, v + 1, -(v + 2)) for v in range(1, 298)))
    with pytest.raises(ReductionTooLarge, match=r"the board would have .* cells, more than 100,000: raise --max-cells"):
        reduce_cnf(wide, max_cells=100_000)
    with pytest.raises(ReductionTooLarge, match="at least 1,619,999,838 cells"):
        reduce_cnf(Cnf(10_000_000, ((1,),)))  # ten million variables used nowhere: refused at once
    small = reduce_cnf(Cnf(3, ((1, 2, -3),)), max_cells=100_000)
    with pytest.raises(ReductionTooLarge):
        reduce_cnf(Cnf(3, ((1, 2, -3),)), max_cells=small.size()["cells"] - 1)


@pytest.mark.parametrize(
    "text,message",
    [
        ("p cnf 99999999 1\n1 0\n", "f.cnf:1: the header announces 99,999,999 variables, more than 1,000,000"),
        ("c big\np cnf 3 99999999\n", "f.cnf:2: the header announces 99,999,999 clauses, more than 10,000,000"),
        ("p cnf " + "9" * 5000 + " 1\n", "f.cnf:1: VARIABLES expects a whole number of at most 18 digits"),
        ("p cnf 2 1\n" + "1" * 5000 + " 0\n", "f.cnf:2: a literal expects a whole number of at most 18 digits"),
        ("p cnf 2 1\n1 0\n2 0\n", "f.cnf:3: the header announces 1 clause, found more"),
        ("p cnf ٣ 1\n1 0\n", "f.cnf:1: VARIABLES expects a non-negative integer, got '٣'"),
    ],
)
def test_dimacs_headers_and_literals_are_bounded(text: str, message: str) -> None:
    with pytest.raises(FormulaError, match=re.escape(message)):
        parse_dimacs(text, source="f.cnf")


@pytest.mark.parametrize(
    "args,message",
    [
        (("reduce", "--expr", "a | b | c", "--max-cells", "1000"), "more than 1,000: raise --max-cells"),
        (("reduce", "-"), "<stdin>:1: the header announces 99,999,999 variables"),
    ],
)
def test_bounds_are_one_line_and_exit_2(cli, args: tuple[str, ...], message: str) -> None:
    out = cli(*args, stdin="p cnf 99999999 1\n1 0\n")
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.parametrize("expr", ["(" * 3000 + "a" + ")" * 3000, "~" * 5001 + "a"])
def test_reduce_reads_deep_expressions(cli, expr: str) -> None:
    out = cli("reduce", "--expr", expr, "--solve", "--json")
    assert out.exit_code == 0, out.output[-300:]
    assert json.loads(out.output)["solve"]["assignment"] == {"a": expr.startswith("(")}

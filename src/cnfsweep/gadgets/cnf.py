"""CNF formulas: DIMACS files, and expressions encoded as CNF.

A CNF is kept as signed variable indices (DIMACS style); :meth:`Cnf.to_expr`
turns it into an expression over ``x1``, ``x2``, ...
"""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from functools import reduce

from cnfsweep.core.checks import whole_number
from cnfsweep.gadgets.circuit import Expr, FormulaError
from cnfsweep.gadgets.circuit import parse_expression  # noqa: F401 -- the examples read expressions


@dataclass(frozen=True)
class Cnf:
    """A formula in conjunctive normal form, DIMACS style.

    Examples
    --------
    >>> f = parse_dimacs("p cnf 2 2\\n1 -2 0\\n2 0\\n")
    >>> f.clauses, f.satisfied({1: True, 2: True}), f.satisfied({1: False, 2: True})
    (((1, -2), (2,)), True, False)
    >>> str(f.to_expr())
    '(x1 | ~x2) & x2'
    """

    num_vars: int
    clauses: tuple[tuple[int, ...], ...]

    def satisfied(self, assignment: Mapping[int, bool]) -> bool:
        """Tell whether every clause has a true literal under ``assignment``."""
        return all(any(assignment.get(abs(lit), False) == (lit > 0) for lit in clause) for clause in self.clauses)

    def to_expr(self) -> Expr:
        """Return the formula as an expression over ``x1..xN`` (a clause ``0`` is not allowed)."""
        if not self.clauses or not all(self.clauses):
            raise FormulaError("an empty formula or an empty clause has no expression")

        def literal(lit: int) -> Expr:
            v = Expr.var(f"x{abs(lit)}")
            return v if lit > 0 else ~v

        parts = [reduce(lambda a, b: a | b, map(literal, clause)) for clause in self.clauses]
        return reduce(lambda a, b: a & b, parts)

    def to_dimacs(self) -> str:
        """Write the formula as DIMACS text."""
        lines = [f"p cnf {self.num_vars} {len(self.clauses)}"]
        lines += [" ".join(map(str, clause)) + " 0" for clause in self.clauses]
        return "\n".join(lines) + "\n"


MAX_VARIABLES = 1_000_000
"""The most variables a DIMACS header may announce (a board needs hundreds of cells for each)."""
MAX_CLAUSES = 10_000_000
"""The most clauses a DIMACS header may announce."""

_HEADER = re.compile(r"p\s+cnf\s+(\S+)\s+(\S+)")


def parse_dimacs(text: str, source: str = "<string>") -> Cnf:
    """Read a DIMACS CNF: ``c`` comments, one ``p cnf V C`` line, clauses ending in 0.

    Clauses may span lines; a line ``%`` ends the input (as in SATLIB files).
    The header's counts are checked against :data:`MAX_VARIABLES` and
    :data:`MAX_CLAUSES` before anything else is read.

    Raises
    ------
    FormulaError
        Naming the file and line of the problem.

    Examples
    --------
    >>> parse_dimacs("p cnf 99999999 1\\n1 0\\n", source="f.cnf")
    Traceback (most recent call last):
    ...
    cnfsweep.gadgets.circuit.FormulaError: f.cnf:1: the header announces 99,999,999 variables, more than 1,000,000
    """
    header: tuple[int, int] | None = None
    clauses: list[tuple[int, ...]] = []
    current: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        if line.startswith("%"):
            break
        where = f"{source}:{number}"
        if line.startswith("p"):
            m = _HEADER.fullmatch(line)
            if header is not None or m is None:
                raise FormulaError(f"{where}: expected one header line 'p cnf VARIABLES CLAUSES'")
            header = (
                whole_number(m.group(1), f"{where}: VARIABLES", error=FormulaError),
                whole_number(m.group(2), f"{where}: CLAUSES", error=FormulaError),
            )
            for count, bound, what in ((header[0], MAX_VARIABLES, "variables"), (header[1], MAX_CLAUSES, "clauses")):
                if count > bound:
                    raise FormulaError(f"{where}: the header announces {count:,} {what}, more than {bound:,}")
            continue
        if header is None:
            raise FormulaError(f"{where}: expected the header 'p cnf VARIABLES CLAUSES' before the clauses")
        for token in line.split():
            negative = token.startswith("-")
            lit = whole_number(token[negative:], f"{where}: a literal", error=FormulaError)
            lit = -lit if negative else lit
            if abs(lit) > header[0]:
                raise FormulaError(f"{where}: literal {lit} names a variable above {header[0]}")
            if lit == 0:
                clauses.append(tuple(current))
                current = []
            else:
                current.append(lit)
        if len(clauses) > header[1]:
            raise FormulaError(
                f"{where}: the header announces {header[1]:,} clause{'s' * (header[1] != 1)}, found more"
            )
    if header is None:
        raise FormulaError(f"{source}: no 'p cnf VARIABLES CLAUSES' header")
    if current:
        clauses.append(tuple(current))
    if len(clauses) != header[1]:
        raise FormulaError(
            f"{source}: the header announces {header[1]:,} clause{'s' * (header[1] != 1)}, found {len(clauses):,}"
        )
    return Cnf(header[0], tuple(clauses))


@dataclass(frozen=True)
class Encoding:
    """A CNF equisatisfiable with an expression, and the names of its variables.

    Variables ``1..len(names)`` are named by ``names``; the first ``inputs`` are
    the expression's own variables, the rest auxiliary ones.
    """

    cnf: Cnf
    names: tuple[str, ...]
    inputs: int


def to_cnf(expr: Expr) -> Encoding:
    """Turn an expression into CNF, adding auxiliary variables only where needed.

    Top-level conjuncts that are disjunctions of literals become clauses as
    they are; any other subexpression gets an auxiliary variable implied by
    (or implying) it, depending on the polarity it occurs in (Plaisted and
    Greenbaum's variant of Tseitin's encoding).  The CNF is satisfiable
    exactly when the expression is, and its models restricted to the inputs
    satisfy the expression.

    Examples
    --------
    >>> e = to_cnf(parse_expression("(a | ~b) & c"))
    >>> e.cnf.clauses, e.names
    (((1, -2), (3,)), ('a', 'b', 'c'))
    >>> e = to_cnf(parse_expression("a ^ b"))
    >>> e.cnf.clauses, e.names
    (((-3, 1, 2), (-3, -1, -2), (3,)), ('a', 'b', '_t1'))
    """
    names = list(expr.variables())
    index = {n: i + 1 for i, n in enumerate(names)}
    clauses: list[tuple[int, ...]] = []
    cache: dict[tuple[Expr, bool], int] = {}

    def fresh() -> int:
        names.append(f"_t{len(names) - len(index) + 1}")
        return len(names)

    def literal_steps(e: Expr, positive: bool) -> Generator[tuple[Expr, bool], int, int]:
        # Returns l with l -> e (positive) or e -> l (negative occurrence).  Written as
        # recursion, it yields each subexpression it needs and gets its literal back
        # from :func:`literal`, which runs the steps on a stack of its own.
        if e.op == "var":
            return index[e.name]
        if e.op == "not":
            return -(yield e.args[0], not positive)
        key = (e, positive)
        if key in cache:
            return cache[key]
        t = fresh()
        if e.op == "xor":
            a, b = (yield e.args[0], True), (yield e.args[1], True)
            a2, b2 = (yield e.args[0], False), (yield e.args[1], False)
            if positive:  # t -> a xor b
                clauses.extend([(-t, a, b), (-t, -a2, -b2)])
            else:  # a xor b -> t
                clauses.extend([(t, -a2, b), (t, a, -b2)])
        elif (e.op == "or") == positive:
            # t -> OR(parts) (positive OR) or AND(parts) -> t (negative AND): one clause.
            parts = []
            for p in e.operands(e.op):
                parts.append((yield p, positive))
            clauses.append((-t, *parts) if positive else (t, *[-p for p in parts]))
        else:
            # t -> AND(parts) (positive AND) or OR(parts) -> t (negative OR): one clause each.
            for p in e.operands(e.op):
                lit = yield p, positive
                clauses.append((-t, lit) if positive else (t, -lit))
        cache[key] = t
        return t

    def literal(e: Expr, positive: bool) -> int:
        stack = [literal_steps(e, positive)]
        value: int | None = None
        while stack:
            try:
                need = stack[-1].send(value)  # type: ignore[arg-type]
            except StopIteration as done:
                stack.pop()
                value = done.value
            else:
                stack.append(literal_steps(*need))
                value = None
        assert value is not None
        return value

    for conjunct in expr.conjuncts():
        parts = conjunct.operands("or")
        if all(p.op == "var" or (p.op == "not" and p.args[0].op == "var") for p in parts):
            clauses.append(tuple(literal(p, True) for p in parts))
        else:
            clauses.append((literal(conjunct, True),))
    return Encoding(Cnf(len(names), tuple(clauses)), tuple(names), len(index))

"""Boolean formulas: expressions with ``& | ^ ~`` and DIMACS CNF files.

Precedence follows Python: ``~`` binds tightest, then ``&``, ``^`` and ``|``.
A CNF is kept as signed variable indices (DIMACS style); :meth:`Cnf.to_expr`
turns it into an expression over ``x1``, ``x2``, ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import reduce

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.core.values import whole_number

BINARY = {"&": "and", "|": "or", "^": "xor"}
SYMBOL = {name: sym for sym, name in BINARY.items()}


class FormulaError(CnfsweepError):
    """Report a formula that cannot be read, and where."""


@dataclass(frozen=True)
class Expr:
    """A Boolean expression tree.

    ``op`` is ``"var"`` (with ``name``), ``"not"`` (one argument) or one of
    ``"and"``, ``"or"``, ``"xor"`` (two arguments).

    Examples
    --------
    >>> e = parse_expression("(a | ~b) & c")
    >>> str(e), e.variables()
    ('(a | ~b) & c', ('a', 'b', 'c'))
    >>> e.evaluate({"a": False, "b": False, "c": True})
    True
    """

    op: str
    args: tuple[Expr, ...] = ()
    name: str = ""

    @staticmethod
    def var(name: str) -> Expr:
        """Build a variable."""
        return Expr("var", name=name)

    def __invert__(self) -> Expr:
        return Expr("not", (self,))

    def __and__(self, other: Expr) -> Expr:
        return Expr("and", (self, other))

    def __or__(self, other: Expr) -> Expr:
        return Expr("or", (self, other))

    def __xor__(self, other: Expr) -> Expr:
        return Expr("xor", (self, other))

    def evaluate(self, env: Mapping[str, bool]) -> bool:
        """Return the value under ``env`` (variable name to value)."""
        if self.op == "var":
            if self.name not in env:
                raise FormulaError(f"no value for variable {self.name!r}")
            return bool(env[self.name])
        values = [a.evaluate(env) for a in self.args]
        if self.op == "not":
            return not values[0]
        if self.op == "and":
            return values[0] and values[1]
        if self.op == "or":
            return values[0] or values[1]
        return values[0] != values[1]

    def variables(self) -> tuple[str, ...]:
        """Return the variable names in order of first appearance."""
        seen: dict[str, None] = {}
        stack = [self]
        while stack:
            e = stack.pop()
            if e.op == "var":
                seen.setdefault(e.name)
            stack.extend(reversed(e.args))
        return tuple(seen)

    def conjuncts(self) -> tuple[Expr, ...]:
        """Split top-level ANDs: the formula holds when every part holds.

        Examples
        --------
        >>> [str(c) for c in parse_expression("a & (b | c) & ~d").conjuncts()]
        ['a', 'b | c', '~d']
        """
        if self.op == "and":
            return self.args[0].conjuncts() + self.args[1].conjuncts()
        return (self,)

    def __str__(self) -> str:
        return self._show(0)

    def _show(self, context: int) -> str:
        if self.op == "var":
            return self.name
        if self.op == "not":
            return "~" + self.args[0]._show(4)
        level = {"or": 1, "xor": 2, "and": 3}[self.op]
        # Left-associative chains of one operator print without parentheses.
        text = f"{self.args[0]._show(level)} {SYMBOL[self.op]} {self.args[1]._show(level + 1)}"
        return f"({text})" if level < context else text


_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z0-9_]*)|(.))")


def parse_expression(text: str) -> Expr:
    """Read an expression over named variables with ``~ & ^ |`` and parentheses.

    Raises
    ------
    FormulaError
        Naming the column of the first unexpected character.

    Examples
    --------
    >>> str(parse_expression("a ^ b & ~(c | d)"))
    'a ^ b & ~(c | d)'
    >>> parse_expression("a &")
    Traceback (most recent call last):
    ...
    cnfsweep.gadgets.circuit.FormulaError: expression, column 4: expected a variable, ~ or (, found the end
    """
    tokens: list[tuple[str, int]] = []
    for m in _TOKEN.finditer(text):
        if m.group(0).strip():
            tokens.append((m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2)))
    pos = 0

    def fail(expected: str) -> FormulaError:
        found = f"{tokens[pos][0]!r}" if pos < len(tokens) else "the end"
        column = tokens[pos][1] + 1 if pos < len(tokens) else len(text) + 1
        return FormulaError(f"expression, column {column}: expected {expected}, found {found}")

    def peek() -> str | None:
        return tokens[pos][0] if pos < len(tokens) else None

    def binary(level: int) -> Expr:
        nonlocal pos
        if level == 3:
            return unary()
        sym = "|^&"[level]
        left = binary(level + 1)
        while peek() == sym:
            pos += 1
            left = Expr(BINARY[sym], (left, binary(level + 1)))
        return left

    def unary() -> Expr:
        nonlocal pos
        tok = peek()
        if tok == "~":
            pos += 1
            return ~unary()
        if tok == "(":
            pos += 1
            inner = binary(0)
            if peek() != ")":
                raise fail("')'")
            pos += 1
            return inner
        if tok is not None and (tok[0].isalpha() or tok[0] == "_"):
            pos += 1
            return Expr.var(tok)
        raise fail("a variable, ~ or (")

    if not tokens:
        raise FormulaError("expression is empty")
    expr = binary(0)
    if pos != len(tokens):
        raise fail("an operator or the end")
    return expr


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


def parse_dimacs(text: str, source: str = "<string>") -> Cnf:
    """Read a DIMACS CNF: ``c`` comments, one ``p cnf V C`` line, clauses ending in 0.

    Clauses may span lines; a line ``%`` ends the input (as in SATLIB files).

    Raises
    ------
    FormulaError
        Naming the file and line of the problem.
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
            parts = line.split()
            if header is not None or len(parts) != 4 or parts[1] != "cnf":
                raise FormulaError(f"{where}: expected one header line 'p cnf VARIABLES CLAUSES'")
            header = (whole_number(parts[2], f"{where}: VARIABLES", error=FormulaError),
                      whole_number(parts[3], f"{where}: CLAUSES", error=FormulaError))
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
    if header is None:
        raise FormulaError(f"{source}: no 'p cnf VARIABLES CLAUSES' header")
    if current:
        clauses.append(tuple(current))
    if len(clauses) != header[1]:
        raise FormulaError(f"{source}: the header announces {header[1]} clauses, found {len(clauses)}")
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

    def flat(e: Expr, op: str) -> list[Expr]:
        return flat(e.args[0], op) + flat(e.args[1], op) if e.op == op else [e]

    def literal(e: Expr, positive: bool) -> int:
        # Returns l with l -> e (positive) or e -> l (negative occurrence).
        if e.op == "var":
            return index[e.name]
        if e.op == "not":
            return -literal(e.args[0], not positive)
        key = (e, positive)
        if key in cache:
            return cache[key]
        t = fresh()
        if e.op == "xor":
            a, b = literal(e.args[0], True), literal(e.args[1], True)
            a2, b2 = literal(e.args[0], False), literal(e.args[1], False)
            if positive:  # t -> a xor b
                clauses.extend([(-t, a, b), (-t, -a2, -b2)])
            else:  # a xor b -> t
                clauses.extend([(t, -a2, b), (t, a, -b2)])
        elif (e.op == "or") == positive:
            # t -> OR(parts) (positive OR) or AND(parts) -> t (negative AND): one clause.
            parts = [literal(p, positive) for p in flat(e, e.op)]
            clauses.append((-t, *parts) if positive else (t, *[-p for p in parts]))
        else:
            # t -> AND(parts) (positive AND) or OR(parts) -> t (negative OR): one clause each.
            for p in flat(e, e.op):
                lit = literal(p, positive)
                clauses.append((-t, lit) if positive else (t, -lit))
        cache[key] = t
        return t

    for conjunct in expr.conjuncts():
        parts = flat(conjunct, "or")
        if all(p.op == "var" or (p.op == "not" and p.args[0].op == "var") for p in parts):
            clauses.append(tuple(literal(p, True) for p in parts))
        else:
            clauses.append((literal(conjunct, True),))
    return Encoding(Cnf(len(names), tuple(clauses)), tuple(names), len(index))

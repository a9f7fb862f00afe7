"""Boolean expressions with ``& | ^ ~``: their tree, and reading them from text.

Precedence follows Python: ``~`` binds tightest, then ``&``, ``^`` and ``|``.
CNF formulas, DIMACS files and the encoding of an expression as a CNF are in
:mod:`cnfsweep.gadgets.cnf`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cnfsweep.core.errors import CnfsweepError

BINARY = {"&": "and", "|": "or", "^": "xor"}
SYMBOL = {name: sym for sym, name in BINARY.items()}


class FormulaError(CnfsweepError):
    """Report a formula that cannot be read, and where."""


LEVEL = {"or": 1, "xor": 2, "and": 3}
"""How tightly each binary operator binds (``~`` binds tighter than all)."""


@dataclass(frozen=True, eq=False, repr=False)
class Expr:
    """A Boolean expression tree.

    ``op`` is ``"var"`` (with ``name``), ``"not"`` (one argument) or one of
    ``"and"``, ``"or"``, ``"xor"`` (two arguments).  Every method walks the
    tree with a loop, not by recursion, so an expression as deep as its text
    is long (thousands of ``~`` or parentheses, a chain of thousands of ``|``)
    is fine.

    Examples
    --------
    >>> e = parse_expression("(a | ~b) & c")
    >>> str(e), e.variables()
    ('(a | ~b) & c', ('a', 'b', 'c'))
    >>> e.evaluate({"a": False, "b": False, "c": True})
    True
    >>> e == parse_expression("(a|~b)&c"), e
    (True, Expr('(a | ~b) & c'))
    """

    op: str
    args: tuple[Expr, ...] = ()
    name: str = ""
    # Computed once from the children's, so that hashing never walks the tree.
    _hash: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.op, self.name, tuple(a._hash for a in self.args))))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expr):
            return NotImplemented
        pairs = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a is b:
                continue
            if a._hash != b._hash or a.op != b.op or a.name != b.name or len(a.args) != len(b.args):
                return False
            pairs.extend(zip(a.args, b.args, strict=True))
        return True

    def __repr__(self) -> str:
        return f"Expr({str(self)!r})"

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
        values: list[bool] = []
        # Post-order: a node is visited again (done=True) once its arguments' values are on the stack.
        stack: list[tuple[Expr, bool]] = [(self, False)]
        while stack:
            e, done = stack.pop()
            if e.op == "var":
                if e.name not in env:
                    raise FormulaError(f"no value for variable {e.name!r}")
                values.append(bool(env[e.name]))
            elif not done:
                stack.append((e, True))
                stack.extend((a, False) for a in reversed(e.args))
            elif e.op == "not":
                values.append(not values.pop())
            else:
                right, left = values.pop(), values.pop()
                values.append(left and right if e.op == "and" else left or right if e.op == "or" else left != right)
        return values[0]

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

    def operands(self, op: str) -> list[Expr]:
        """Return the parts of the chain of ``op`` at the top, left to right (``self`` alone if it is no ``op``).

        Examples
        --------
        >>> [str(c) for c in parse_expression("a | (b | ~c) | d & e").operands("or")]
        ['a', 'b', '~c', 'd & e']
        """
        out, stack = [], [self]
        while stack:
            e = stack.pop()
            if e.op == op:
                stack.extend(reversed(e.args))
            else:
                out.append(e)
        return out

    def conjuncts(self) -> tuple[Expr, ...]:
        """Split top-level ANDs: the formula holds when every part holds.

        Examples
        --------
        >>> [str(c) for c in parse_expression("a & (b | c) & ~d").conjuncts()]
        ['a', 'b | c', '~d']
        """
        return tuple(self.operands("and"))

    def __str__(self) -> str:
        pieces: list[str] = []
        # Work items: text to write, or a subexpression with the binding level around it.
        stack: list[str | tuple[Expr, int]] = [(self, 0)]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                pieces.append(item)
                continue
            e, context = item
            if e.op == "var":
                pieces.append(e.name)
            elif e.op == "not":
                pieces.append("~")
                stack.append((e.args[0], 4))
            else:
                level = LEVEL[e.op]
                # Left-associative chains of one operator print without parentheses.
                paren = level < context
                stack.extend([")"] if paren else [])
                stack.extend([(e.args[1], level + 1), f" {SYMBOL[e.op]} ", (e.args[0], level)])
                pieces.extend(["("] if paren else [])
        return "".join(pieces)


_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z0-9_]*)|(.))")


def parse_expression(text: str) -> Expr:
    """Read an expression over named variables with ``~ & ^ |`` and parentheses.

    An operator-precedence parser with explicit stacks: any depth of nesting
    reads in one pass.

    Raises
    ------
    FormulaError
        Naming the column of the first unexpected character.

    Examples
    --------
    >>> str(parse_expression("a ^ b & ~(c | d)"))
    'a ^ b & ~(c | d)'
    >>> str(parse_expression("~" * 5000 + "a")) == "~" * 5000 + "a"
    True
    >>> parse_expression("a &")
    Traceback (most recent call last):
    ...
    cnfsweep.gadgets.circuit.FormulaError: expression, column 4: expected a variable, ~ or (, found the end
    """
    tokens: list[tuple[str, int]] = []
    for m in _TOKEN.finditer(text):
        if m.group(0).strip():
            tokens.append((m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2)))
    if not tokens:
        raise FormulaError("expression is empty")

    def fail(pos: int, expected: str) -> FormulaError:
        found = f"{tokens[pos][0]!r}" if pos < len(tokens) else "the end"
        column = tokens[pos][1] + 1 if pos < len(tokens) else len(text) + 1
        return FormulaError(f"expression, column {column}: expected {expected}, found {found}")

    operands: list[Expr] = []
    operators: list[str] = []  # "~", "(" and the binary symbols not applied yet

    def apply(sym: str) -> None:
        right = operands.pop()
        operands.append(Expr(BINARY[sym], (operands.pop(), right)))

    def finish_operand() -> None:
        # ~ binds tightest: it applies as soon as its operand is complete.
        while operators and operators[-1] == "~":
            operators.pop()
            operands.append(~operands.pop())

    want_operand, depth = True, 0  # depth: parentheses open
    for pos, (tok, _) in enumerate(tokens):
        if want_operand:
            if tok in ("~", "("):
                operators.append(tok)
                depth += tok == "("
            elif tok[0].isalpha() or tok[0] == "_":
                operands.append(Expr.var(tok))
                finish_operand()
                want_operand = False
            else:
                raise fail(pos, "a variable, ~ or (")
        elif tok in BINARY:
            while operators and operators[-1] in BINARY and LEVEL[BINARY[operators[-1]]] >= LEVEL[BINARY[tok]]:
                apply(operators.pop())
            operators.append(tok)
            want_operand = True
        elif tok == ")" and depth:
            while operators[-1] != "(":
                apply(operators.pop())
            operators.pop()
            depth -= 1
            finish_operand()
        else:
            raise fail(pos, "')'" if depth else "an operator or the end")
    if want_operand:
        raise fail(len(tokens), "a variable, ~ or (")
    if depth:
        raise fail(len(tokens), "')'")
    while operators:
        apply(operators.pop())
    return operands[0]

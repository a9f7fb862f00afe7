"""An independent oracle for the variant rules: every layout of a small board, kept if it obeys each rule as defined.

Written from the rules' one-line definitions alone (the game's rule list), not
from cnfsweep's constraints: connectivity by flood fill, runs by walking the
ring, eyesight by looking along each line.  Cells are ``(row, col)`` pairs;
a layout is the frozenset of its mines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise, permutations, product

Pos = tuple[int, int]
Mines = frozenset[Pos]


def cells(rows: int, cols: int) -> list[Pos]:
    return [(r, c) for r in range(rows) for c in range(cols)]


def all_layouts(rows: int, cols: int) -> Iterator[Mines]:
    every = cells(rows, cols)
    for bits in product((0, 1), repeat=len(every)):
        yield frozenset(p for p, b in zip(every, bits, strict=False) if b)


def _near(p: Pos, steps: list[Pos], rows: int, cols: int) -> list[Pos]:
    out = [(p[0] + a, p[1] + b) for a, b in steps]
    return [q for q in out if 0 <= q[0] < rows and 0 <= q[1] < cols]


SIDE = [(-1, 0), (1, 0), (0, -1), (0, 1)]
KING = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
KNIGHT = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def components(members: set[Pos], steps: list[Pos], rows: int, cols: int) -> list[set[Pos]]:
    left, out = set(members), []
    while left:
        seed = left.pop()
        group, todo = {seed}, [seed]
        while todo:
            for q in _near(todo.pop(), steps, rows, cols):
                if q in left:
                    left.discard(q)
                    group.add(q)
                    todo.append(q)
        out.append(group)
    return out


# ---- mine rules, each a test of a whole layout ------------------------------------------------


def quad(m: Mines, rows: int, cols: int) -> bool:
    """Every 2x2 area holds at least one mine."""
    return all({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} & m for r in range(rows - 1) for c in range(cols - 1))


def triplet(m: Mines, rows: int, cols: int) -> bool:
    """No three mines in a line, horizontally, vertically or diagonally, one after another."""
    for r, c in m:
        for a, b in [(0, 1), (1, 0), (1, 1), (1, -1)]:
            if (r + a, c + b) in m and (r + 2 * a, c + 2 * b) in m:
                return False
    return True


def connected(m: Mines, rows: int, cols: int) -> bool:
    """All mines form one area connected through sides and corners (so there is at least one)."""
    return len(components(set(m), KING, rows, cols)) == 1


def outside(m: Mines, rows: int, cols: int) -> bool:
    """The non-mine cells form one side-connected area; every side-connected mine area touches the border."""
    safe = set(cells(rows, cols)) - m
    if len(components(safe, SIDE, rows, cols)) != 1:
        return False
    border = {p for p in cells(rows, cols) if p[0] in (0, rows - 1) or p[1] in (0, cols - 1)}
    return all(g & border for g in components(set(m), SIDE, rows, cols))


def dual(m: Mines, rows: int, cols: int) -> bool:
    """Every mine area (through sides) is a 1x2 or 2x1 rectangle."""
    return all(len(g) == 2 for g in components(set(m), SIDE, rows, cols))


def snake(m: Mines, rows: int, cols: int) -> bool:
    """The mines form a snake: a width-1 path through sides, no branch, loop or touching, at least two cells."""
    if len(m) < 2 or len(components(set(m), SIDE, rows, cols)) != 1:
        return False
    degrees = [sum(q in m for q in _near(p, SIDE, rows, cols)) for p in m]
    edges = sum(degrees) // 2
    return max(degrees) <= 2 and edges == len(m) - 1


def balance(m: Mines, rows: int, cols: int) -> bool:
    """Equal mine count in every row; equal mine count in every column."""
    per_row = {sum((r, c) in m for c in range(cols)) for r in range(rows)}
    per_col = {sum((r, c) in m for r in range(rows)) for c in range(cols)}
    return len(per_row) == 1 and len(per_col) == 1


def horizontal(m: Mines, rows: int, cols: int) -> bool:
    """No mine has a mine immediately to its right."""
    return not any((r, c + 1) in m for r, c in m)


def anti_knight(m: Mines, rows: int, cols: int) -> bool:
    """No two mines a knight's move apart."""
    return not any(q in m for p in m for q in _near(p, KNIGHT, rows, cols))


MINE_RULES: dict[str, Callable[[Mines, int, int], bool]] = {
    "1Q": quad,
    "1T": triplet,
    "1C": connected,
    "1O": outside,
    "1D": dual,
    "1S": snake,
    "1B": balance,
    "1H": horizontal,
    "1A": anti_knight,
}

# ---- clue rules: the value a revealed cell shows, given the layout ---------------------------

RING = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]


def _ring(p: Pos, m: Mines) -> list[bool]:
    return [(p[0] + a, p[1] + b) in m for a, b in RING]  # off the board is never a mine


def _runs(ring: list[bool]) -> list[int]:
    """Lengths of the maximal blocks of consecutive mines going round the ring once."""
    n = len(ring)
    if all(ring):
        return [n]
    runs = []
    for i in range(n):
        if ring[i] and not ring[i - 1]:  # a run starts here
            k = 0
            while ring[(i + k) % n]:
                k += 1
            runs.append(k)
    return sorted(runs)


def count_in(steps: list[Pos]) -> Callable[..., int]:
    def value(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> int:
        region = _near(p, steps, rows, cols)
        plain = sum(q in m for q in region if q not in dyed)
        tinted = sum(q in m for q in region if q in dyed)
        if mode == "1M":
            return plain + 2 * tinted
        if mode == "1N":
            return abs(plain - tinted)
        return plain + tinted

    return value


def wall(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> tuple[int, ...] | int:
    runs = _runs(_ring(p, m))
    return tuple(runs) if runs else 0


def partition(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> int:
    return len(_runs(_ring(p, m)))


def eyesight(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> int:
    seen = 1
    for a, b in SIDE:
        r, c = p[0] + a, p[1] + b
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in m:
            seen += 1
            r, c = r + a, c + b
    return seen


CLUE_RULES: dict[str, Callable[..., object]] = {
    "V": count_in(KING),
    "1X": count_in([(0, 1), (0, 2), (0, -1), (0, -2), (1, 0), (2, 0), (-1, 0), (-2, 0)]),
    "1X'": count_in(SIDE),
    "1K": count_in(KNIGHT),
    "1W": wall,
    "1P": partition,
    "1E": eyesight,
}
COUNTING = ("V", "1X", "1X'", "1K")


# ---- the second game's rules ---------------------------------------------------------------


def horizontal_pairs(m: Mines, rows: int, cols: int) -> bool:
    """2H: every mine has a mine directly to its left or right."""
    return all((r, c - 1) in m or (r, c + 1) in m for r, c in m)


def no_three_alike(m: Mines, rows: int, cols: int) -> bool:
    """2T: no three cells one after another along a row or column are all mines or all safe."""
    for r, c in cells(rows, cols):
        for a, b in [(0, 1), (1, 0)]:
            line = [(r + k * a, c + k * b) for k in range(3)]
            if all(0 <= q[0] < rows and 0 <= q[1] < cols for q in line) and len({q in m for q in line}) == 1:
                return False
    return True


def one_segment(m: Mines, rows: int, cols: int) -> bool:
    """2S: reading each row left to right, its mines make exactly one block of consecutive cells."""
    for r in range(rows):
        row = [(r, c) in m for c in range(cols)]
        starts = sum(1 for c in range(cols) if row[c] and (c == 0 or not row[c - 1]))
        if starts != 1:
            return False
    return True


def rectangles_touching(m: Mines, rows: int, cols: int) -> bool:
    """2C: each side-connected mine group fills its bounding box, and all mines are one group through corners too."""
    for g in components(set(m), SIDE, rows, cols):
        height = max(r for r, _ in g) - min(r for r, _ in g) + 1
        width = max(c for _, c in g) - min(c for _, c in g) + 1
        if len(g) != height * width:
            return False
    return connected(m, rows, cols)


def fours(m: Mines, rows: int, cols: int) -> bool:
    """2G: every side-connected mine group is four cells."""
    return all(len(g) == 4 for g in components(set(m), SIDE, rows, cols))


def bridges(m: Mines, rows: int, cols: int) -> bool:
    """2B: the mines split into one or more paths, each one mine a column from the left edge to the right, each
    mine sharing a side or a corner with the one in the column before; tried by pairing the mines of every two
    columns side by side in every order."""
    column = [sorted(r for r in range(rows) if (r, c) in m) for c in range(cols)]
    if not column[0] or any(len(x) != len(column[0]) for x in column):
        return False
    return all(
        any(all(abs(a - b) <= 1 for a, b in zip(left, order, strict=True)) for order in permutations(right))
        for left, right in pairwise(column)
    )


SECOND_MINE_RULES: dict[str, Callable[[Mines, int, int], bool]] = {
    "2H": horizontal_pairs,
    "2T": no_three_alike,
    "2S": one_segment,
    "2C": rectangles_touching,
    "2G": fours,
    "2B": bridges,
}


def modulo(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> int:
    """2M: the mines of the eight around, divided by 3, leave this remainder."""
    return sum(q in m for q in _near(p, KING, rows, cols)) % 3


def dyed_and_undyed(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> tuple[int, int]:
    """2X: the mines of the eight around on dyed cells and on undyed ones, the smaller first (order is not shown)."""
    around = [q for q in _near(p, KING, rows, cols) if q in m]
    on_dyed = sum(q in dyed for q in around)
    a, b = on_dyed, len(around) - on_dyed
    return (a, b) if a <= b else (b, a)


def distance_product(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> str | None:
    """2P: the two nearest mines' Euclidean distances multiplied, as text a√b (b with no square factor); None
    with fewer than two mines."""
    squares = sorted((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2 for q in m)
    if len(squares) < 2:
        return None
    n = squares[0] * squares[1]  # the product's square
    a = max(k for k in range(1, n + 1) if n % (k * k) == 0)
    b = n // (a * a)
    return str(a) if b == 1 else f"{a if a > 1 else ''}√{b}"


def area(p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> int:
    """2A: the cells of every side-connected group of mines that has a cell sharing a side with ``p``."""
    beside = set(_near(p, SIDE, rows, cols))
    return sum(len(g) for g in components(set(m), SIDE, rows, cols) if g & beside)


SECOND_CLUE_RULES: dict[str, Callable[..., object]] = {
    # 2D: the square of nine whose centre is the cell above the clue.
    "2D": count_in([(a - 1, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]),
    "2M": modulo,
    "2X": dyed_and_undyed,
    "2P": distance_product,
    "2A": area,
}


def flower(m: Mines, rows: int, cols: int, dyed: frozenset[Pos]) -> bool:
    """2F: a mine on a dyed cell has exactly one mine among the four cells beside it."""
    return all(sum(q in m for q in _near(p, SIDE, rows, cols)) == 1 for p in m if p in dyed)


#: The mine rules that read the dyed cells.
DYED_MINE_RULES: dict[str, Callable[[Mines, int, int, frozenset[Pos]], bool]] = {"2F": flower}

#: Every rule of both games, what a puzzle looks its rules up in (the dyed ones through ``obeys``).
EVERY_MINE_RULE = {**MINE_RULES, **SECOND_MINE_RULES}


def obeys(rule: str, m: Mines, rows: int, cols: int, dyed: frozenset[Pos] = frozenset()) -> bool:
    """Whether layout ``m`` keeps the mine rule ``rule`` on a board with ``dyed`` cells."""
    if rule in DYED_MINE_RULES:
        return DYED_MINE_RULES[rule](m, rows, cols, dyed)
    return EVERY_MINE_RULE[rule](m, rows, cols)


EVERY_CLUE_RULE = {**CLUE_RULES, **SECOND_CLUE_RULES}


def shows(
    rule: str, mode: str, liar: bool, p: Pos, m: Mines, rows: int, cols: int, dyed: frozenset[Pos], shown: object
) -> bool:
    """Whether a clue at ``p`` showing ``shown`` is right for layout ``m`` (1L: exactly one off)."""
    true = EVERY_CLUE_RULE[rule](p, m, rows, cols, dyed, mode)
    if liar:
        return isinstance(shown, int) and abs(shown - true) == 1  # type: ignore[operator]
    return shown == true


def encrypted(clues: dict[Pos, str], m: Mines, rows: int, cols: int) -> bool:
    """2E: some one-to-one map of the clues' letters onto 0 .. min(rows, 9) - 1 makes each letter its clue's V count."""
    letters = sorted(set(clues.values()))
    vanilla = {p: sum(q in m for q in _near(p, KING, rows, cols)) for p in clues}
    return any(
        all(vanilla[p] == dict(zip(letters, numbers, strict=True))[a] for p, a in clues.items())
        for numbers in permutations(range(min(rows, 9)), len(letters))
    )


def incomplete(clues: dict[Pos, int], m: Mines, rows: int, cols: int, dyed: frozenset[Pos], mode: str) -> bool:
    """2I: for some one of the eight directions, every clue shows the mines of the eight cells around it but the one
    that way (1M, 1N and 1L as for V; a cell off the board is no mine)."""
    plain, liar = mode.replace("1L", "").strip(), "1L" in mode
    for left_out in KING:
        value = count_in([d for d in KING if d != left_out])
        true = {p: value(p, m, rows, cols, dyed, plain) for p in clues}
        if all(abs(shown - true[p]) == 1 if liar else shown == true[p] for p, shown in clues.items()):
            return True
    return False


def liars(clues: dict[Pos, int], m: Mines, rows: int, cols: int) -> bool:
    """2L: some safe cells, one in every row and every column, are liars; a clue on a liar is one more or one less
    than the mines of the eight around it, every other clue is that count (a liar may show no clue)."""
    if rows != cols:
        return False
    vanilla = {p: sum(q in m for q in _near(p, KING, rows, cols)) for p in clues}
    for order in permutations(range(cols)):
        lying = {(r, c) for r, c in enumerate(order)}
        if lying & m:
            continue
        if all(abs(v - vanilla[p]) == 1 if p in lying else v == vanilla[p] for p, v in clues.items()):
            return True
    return False

"""The look-ahead's C kernel against the Python code it follows: the same models in the same order, the same tables."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.seeds import game_seed
from cnfsweep.engine import Engine
from cnfsweep.play import Level, Player, make_policy
from cnfsweep.play.game import LEVELS
from cnfsweep.search import merge, splitting, whatif
from cnfsweep.search.merge import MODEL_LIMIT, split_models
from cnfsweep.search.parts import Part
from cnfsweep.search.splitting import split_python

KERNEL = splitting.kernel
needs_kernel = pytest.mark.skipif(
    KERNEL is None,
    reason="the C kernel cnfsweep.search._merge is not built (no compiler at install, or CNFSWEEP_PURE_PYTHON): "
    "nothing to compare",
)
pytestmark = needs_kernel

Case = tuple[list[tuple[tuple[Cell, ...], ...]], list[list[tuple[int, ...]]], Cell, Any, tuple[Cell, ...]]


@contextmanager
def python_only() -> Iterator[None]:
    """Send the model work through the Python code for the duration."""
    saved, splitting.kernel = splitting.kernel, None
    try:
        yield
    finally:
        splitting.kernel = saved


def python_weigh(boxes: tuple[tuple[Cell, ...], ...], weighed: tuple[Any, ...]) -> tuple[Any, ...]:
    """Return the table's solutions and tallies, the polynomial and the safe-box flag as the Python code finds them."""
    with python_only():
        part = Part(boxes, (), weighed=weighed)
        return part.table.solutions, part.table.tallies, part.polynomial, part.has_safe_box


def check_weigh(boxes: tuple[tuple[Cell, ...], ...], weighed: tuple[Any, ...]) -> None:
    """Weigh the models with the kernel and in Python, and check the answers agree, dicts in the same order."""
    compiled = KERNEL.weigh_models(weighed, boxes)
    python = python_weigh(boxes, weighed)
    assert compiled == python
    assert [list(compiled[0]), list(compiled[1])] == [list(python[0]), list(python[1])]
    part = Part(boxes, (), weighed=weighed)  # through the kernel, as the look-ahead asks
    assert (part.table.solutions, part.table.tallies, part.polynomial, part.has_safe_box) == python


def check_split(case: Case, limit: int) -> tuple[Any, ...] | None:
    """Split with the kernel and in Python, check they agree, numbers in the same order, and return the answer."""
    compiled = KERNEL.split_models(*case, limit)
    python = split_python(*case, limit)
    assert compiled is not NotImplemented
    assert compiled == python
    if python is not None:
        assert list(compiled[1]) == list(python[1])
        assert all(type(box) is tuple for box in compiled[0])
    return python


def rows_of(found: tuple[Any, ...]) -> int:
    return sum(map(len, found[1].values()))


def check_case(case: Case) -> int:
    """Compare a split at every limit that matters and the weighing of every merged part; return the models listed."""
    everything = check_split(case, 10**9)
    assert everything is not None
    total = rows_of(everything)
    for limit in {total, max(total - 1, 0), MODEL_LIMIT}:
        assert (check_split(case, limit) is None) == (limit < total)
    check_split(case, -1)
    for models in everything[1].values():
        check_weigh(everything[0], tuple(models))
    check_split_weigh(case, everything, total)
    return total


def check_split_weigh(case: Case, everything: tuple[Any, ...], total: int) -> None:
    """The kernel's weighing of a split without its listing: each need's models weighed as Part weighs them in Python.

    ``everything`` is the split listed in Python with no limit, of ``total`` models; past a
    limit below that, the weighing gives up as the listing does.
    """
    boxes, by_need = everything
    found = KERNEL.split_weigh(*case, 10**9)
    assert found is not NotImplemented
    assert found[0] == boxes
    expected = {need: python_weigh(boxes, tuple(models)) for need, models in by_need.items()}
    assert found[1] == expected
    # Dicts in the same order too: the needs, and each table's numbers of mines.
    assert list(found[1]) == list(expected)
    assert all(
        [list(w[0]), list(w[1])] == [list(e[0]), list(e[1])]
        for w, e in zip(found[1].values(), expected.values(), strict=True)
    )
    if total:
        assert KERNEL.split_weigh(*case, total - 1) is None
        assert KERNEL.split_weigh(*case, total) is not None


@pytest.fixture(scope="module")
def played() -> list[Case]:
    """What the strong player split in seeded expert and middling games."""
    found: list[Case] = []

    def spying(split: Any) -> Any:
        def spy(boxes: Any, models: Any, cell: Cell, seen: Any, fresh: Any, limit: int = MODEL_LIMIT) -> Any:
            found.append(
                ([tuple(map(tuple, b)) for b in boxes], [list(m) for m in models], cell, set(seen), tuple(fresh))
            )
            return split(boxes, models, cell, seen, fresh, limit)

        return spy

    player = Player(make_policy("strong"), Engine.for_games())
    with pytest.MonkeyPatch.context() as patch:
        # The look-ahead weighs most merges without listing their models, and lists the rest.
        patch.setattr(merge, "split_models", spying(merge.split_models))
        patch.setattr(merge, "split_weigh", spying(merge.split_weigh))
        # The leaf kernel answers most of a game's last-move reveals without a split: off here, so that the
        # splits are those the look-ahead makes the Python way.
        patch.setattr(whatif, "leaf_counts", lambda snap, cell: None)
        for i in range(3):
            player.play(LEVELS["expert"], game_seed(5, i))
            player.play(Level(9, 9, 12, "middling"), game_seed(7, i))
    return found


def test_played_positions(played: list[Case]) -> None:
    totals = [check_case(case) for case in played]
    # Several parts at once, split boxes, cells new to the frontier and long listings are all among them.
    assert len(played) > 50
    assert any(len(case[0]) > 1 for case in played)
    assert any(case[4] for case in played)
    assert max(totals) > 30


def random_case(rng: random.Random) -> Case:
    """Make up touched parts: boxes of cells on an 8x8 grid and models of mines per box (not all consistent)."""
    cells = [Cell(r, c) for r in range(8) for c in range(8)]
    rng.shuffle(cells)
    pool = iter(cells)
    boxes, models = [], []
    for _ in range(rng.randint(0, 3)):
        part = tuple(tuple(next(pool) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(1, 4)))
        boxes.append(part)
        models.append([tuple(rng.randint(0, len(box)) for box in part) for _ in range(rng.randint(0, 6))])
    inside = [c for part in boxes for box in part for c in box]
    cell = rng.choice(inside) if inside and rng.random() < 0.7 else next(pool)
    seen: Any = {c for c in inside if c != cell and rng.random() < 0.4}
    if rng.random() < 0.3:
        seen = sorted(seen)  # any collection will do
    fresh = tuple(next(pool) for _ in range(rng.choice([0, 0, 1, 2, 3])))
    return boxes, models, cell, seen, fresh


def test_random_parts() -> None:
    rng = random.Random(2026)
    totals = [check_case(random_case(rng)) for _ in range(600)]
    assert 0 in totals and max(totals) > 200


def test_model_limit() -> None:
    # Three parts of 20 models each: 8000 combinations, past MODEL_LIMIT.
    cells = iter(Cell(r, c) for r in range(10) for c in range(10))
    boxes = [tuple(tuple(next(cells) for _ in range(4)) for _ in range(2)) for _ in range(3)]
    models = [[(a, b) for a in range(5) for b in range(5)][:20] for _ in range(3)]
    case: Case = (boxes, models, next(cells), set(), ())
    assert split_models(*case) is None
    assert check_split(case, MODEL_LIMIT) is None
    assert check_split(case, 8000) is not None and check_split(case, 7999) is None
    with python_only():
        assert split_models(*case) is None


def test_past_64_bits() -> None:
    # Two boxes of 40 cells holding 20 mines each stand for C(40, 20) ** 2 > 2**64 layouts: the kernel counts them.
    box = tuple(Cell(r, c) for r in range(8) for c in range(10))
    case: Case = ([(box[:40], box[40:])], [[(20, 20), (25, 15)]], Cell(9, 9), set(box[:30]), (Cell(9, 8),))
    found = check_split(case, MODEL_LIMIT)
    assert found is not None and max(w for models in found[1].values() for _, _, w in models) > 2**64


def test_past_128_bits_falls_back() -> None:
    # Two parts of C(100, 50) layouts each: more than 128 bits, so the kernel declines and Python answers.
    cells = [Cell(r, c) for r in range(20) for c in range(11)]
    case: Case = ([(tuple(cells[:100]),), (tuple(cells[100:200]),)], [[(50,)], [(50,)]], cells[-1], set(cells[:3]), ())
    assert KERNEL.split_models(*case, MODEL_LIMIT) is NotImplemented
    found = split_models(*case)
    assert found == split_python(*case, MODEL_LIMIT) and found is not None
    # A box past the kernel's binomial table (here 140 cells) is left to Python too.
    big: Case = ([(tuple(Cell(r, c) for r in range(14) for c in range(10)),)], [[(1,)]], Cell(20, 0), set(), ())
    assert KERNEL.split_models(*big, MODEL_LIMIT) is NotImplemented
    assert split_models(*big) == split_python(*big, MODEL_LIMIT)


def test_weigh_wide_numbers() -> None:
    boxes = ((Cell(0, 0), Cell(0, 1)), (Cell(1, 0),))
    # Layout counts past 64 bits are read and summed exactly.
    wide = (((1, 0), 1, 3 * 2**70), ((2, 0), 2, 2**90 + 7), ((0, 1), 1, 5))
    check_weigh(boxes, wide)
    # Sums past 128 bits: the kernel declines and the Python code answers.
    huge = (((1, 0), 1, 2**127), ((1, 0), 1, 2**127))
    assert KERNEL.weigh_models(huge, boxes) is NotImplemented
    part = Part(boxes, (), weighed=huge)
    assert (part.table.solutions, part.table.tallies, part.polynomial, part.has_safe_box) == python_weigh(boxes, huge)
    assert part.table.solutions == {1: 2**128}


def test_weigh_random() -> None:
    rng = random.Random(11)
    for _ in range(300):
        sizes = [rng.randint(1, 5) for _ in range(rng.randint(0, 5))]
        boxes = tuple(tuple(Cell(b, i) for i in range(s)) for b, s in enumerate(sizes))
        weighed = []
        for _ in range(rng.randint(1, 8)):
            counts = tuple(rng.choice([0, rng.randint(0, s)]) for s in sizes)
            weighed.append(
                (
                    counts,
                    sum(counts) + rng.randint(0, 2),
                    rng.choice([1, rng.randint(1, 10**6), 2 ** rng.randint(60, 100)]),
                )
            )
        check_weigh(boxes, tuple(weighed))


def test_strong_games_alike() -> None:
    # The same seeded games with and without the kernel: the same moves, each with its probability.
    def play() -> list[Any]:
        player = Player(make_policy("strong"), Engine.for_games())
        return [player.play(LEVELS["expert"], game_seed(9, i)).moves for i in range(2)]

    compiled = play()
    with python_only():
        python = play()
    assert compiled == python


def test_environment_forces_python() -> None:
    # Both kernels answer to the one switch.
    code = "import cnfsweep.search.splitting as s, cnfsweep.search.endgame_tree as e; print(s.kernel, e.kernel)"
    env = {**os.environ, "CNFSWEEP_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "None None"


def test_bad_input_is_left_to_python() -> None:
    # A count past its box, or a model of the wrong length: the kernel declines, Python says what it says.
    box = (Cell(0, 0), Cell(0, 1))
    for models in ([(3,)], [(1, 1)], [[1]]):
        case: Sequence[Any] = ([(box,)], [models], Cell(5, 5), {Cell(0, 0)}, ())
        assert KERNEL.split_models(*case, MODEL_LIMIT) is NotImplemented


@needs_kernel
def test_benchmark_script_runs() -> None:
    root = Path(__file__).resolve().parents[2]
    script = ["-m", "benchmarks", "merge-kernel"]
    run = subprocess.run(
        [sys.executable, *script, "--games", "2", "--passes", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    assert "split: kernel / python" in run.stdout and "same moves in every game" in run.stdout
    bad = subprocess.run(
        [sys.executable, *script, "--passes", "0"], capture_output=True, text=True, timeout=60, cwd=root
    )
    assert bad.returncode == 2 and "at least 1" in bad.stderr and "Traceback" not in bad.stderr


def test_a_kernel_without_split_weigh_lists_the_models(monkeypatch: pytest.MonkeyPatch) -> None:
    # An install whose _merge was built before split_weigh: the look-ahead lists the models and plays the same.
    class Older:
        split_models = staticmethod(KERNEL.split_models)
        weigh_models = staticmethod(KERNEL.weigh_models)

    rng = random.Random(5)
    case = random_case(rng)
    monkeypatch.setattr(splitting, "kernel", Older())
    assert merge.split_weigh(*case) is NotImplemented
    player = Player(make_policy("strong"), Engine.for_games())
    older = [player.play(LEVELS["expert"], game_seed(5, i)).moves for i in range(2)]
    monkeypatch.setattr(splitting, "kernel", KERNEL)
    player = Player(make_policy("strong"), Engine.for_games())
    assert older == [player.play(LEVELS["expert"], game_seed(5, i)).moves for i in range(2)]

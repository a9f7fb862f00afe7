"""``solve``'s quick paths against its general ones, on boards bigger than the oracle reaches.

A component of cardinality statements is counted by the engine's box search
(``_box_table``), and a board with a global rule first asks for two layouts
(``_witnesses``) before listing them; each answer must be the one CP-SAT's
enumeration of every layout gives (the oracle tests check that one on small
boards).
"""

from __future__ import annotations

import random

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.variants import solve
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.solve import analyze_variant, variant_witnesses


def random_board(rng: random.Random, rules: str, rows: int, cols: int) -> str:
    """A board of ``rules`` whose clues are read off a layout the mine rules allow (or off random mines)."""
    blank = "\n".join(" ".join("." for _ in range(cols)) for _ in range(rows))
    seeds = "\n".join(" ".join("?" if rng.random() < 0.2 else "." for _ in range(cols)) for _ in range(rows))
    found = variant_witnesses(parse_variant(f"rules: {rules}\n{seeds}\n"), limit=1)
    mines = set(found[0]) if found else {Cell(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.3}
    probe = parse_variant(f"rules: {rules}\n{blank}\n")
    weight = probe.rules.weight(probe.grid)
    shown = rng.choice((0.3, 0.5, 0.7))
    tokens = []
    for r in range(rows):
        row = []
        for c in range(cols):
            cell = Cell(r, c)
            value = (
                None
                if cell in mines or rng.random() > shown
                else probe.rules.clue.reads(probe.grid, cell, mines, weight)
            )
            row.append("." if value is None else str(value))
        tokens.append(" ".join(row))
    total = f"mines: {len(mines)}\n" if rng.random() < 0.5 else ""
    return f"rules: {rules}\n{total}" + "\n".join(tokens) + "\n"


CARDINAL = ("1Q V", "1T 1X", "1A 1K", "1H V", "1Q 1T V", "1A 1X")


@pytest.mark.parametrize("rules", CARDINAL)
def test_the_box_search_counts_as_cp_sat_enumerates(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(rules)
    boards = [parse_variant(random_board(rng, rules, 6, 5)) for _ in range(6)]
    by_box = [analyze_variant(b).to_dict() for b in boards]
    enumerated = []
    real = solve._enumerate

    def spy(*args: object, **kwargs: object) -> object:
        enumerated.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solve, "_enumerate", spy)
    assert [analyze_variant(b).to_dict() for b in boards] == by_box
    # The box search counted most boards' components (a board of few clues may pass its nodes).
    listed = len(enumerated)
    assert listed < len(boards)
    # No node to spend: every component goes to CP-SAT's enumeration instead, with the same answers.
    monkeypatch.setattr(solve, "BOX_NODES", 0)
    assert [analyze_variant(b).to_dict() for b in boards] == by_box
    assert len(enumerated) >= listed + len(boards)


def test_a_count_the_limit_stops_is_no_count_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    board = parse_variant("rules: 1Q V\n. . . .\n. 2 . .\n. . . .\n. . . 1\n")
    full = analyze_variant(board)
    assert full.layouts is not None
    for limit in (full.layouts, full.layouts + 1):
        by_box = analyze_variant(board, limit=limit, profile_states=0)
        monkeypatch.setattr(solve, "BOX_NODES", 0)
        assert analyze_variant(board, limit=limit, profile_states=0) == by_box
        monkeypatch.undo()
        assert (by_box.layouts is None) == (limit == full.layouts)


GLOBAL = ("1S V", "1C V", "1O V", "1C 1X", "1S 1T V", "1O 1E")


@pytest.mark.parametrize("rules", GLOBAL)
def test_two_layouts_asked_first_answer_as_listing_every_layout(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(rules)
    boards = [parse_variant(random_board(rng, rules, 5, 5)) for _ in range(5)]
    boards.append(parse_variant(f"rules: {rules}\n. . . .\n. . . .\n. . . .\n"))  # many layouts
    first = [analyze_variant(b) for b in boards]
    # Two layouts found (here, claimed) send every board to the enumeration, as before the shortcut.
    monkeypatch.setattr(solve, "_witnesses", lambda m, limit: (frozenset(), frozenset({Cell(0, 0)})))
    assert [analyze_variant(b) for b in boards] == first
    assert any(a.layouts == 1 for a in first) and any(a.layouts != 1 for a in first)

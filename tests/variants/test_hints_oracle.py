"""``hint`` on variant boards: each reason keeps its cell certain, and nothing in it can be left out, by the oracle.

For every rule of the first game and the second (each mine rule under V, each clue rule with each modifier it
takes), on random small boards with and without the total: the certain cells ``hint --all`` gives
are exactly those the oracle finds; under each reason alone (its clues, its mine rules, perhaps the
total) every layout the oracle keeps has the cell as hinted; and leaving out any one clue, mine rule
or the total lets some layout have it the other way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import CnfsweepError
from cnfsweep.variants.board import parse_variant
from cnfsweep.variants.hints import VariantMove, hint_variant

import variant_oracle as oracle
from variant_puzzles import MODES, SECOND_MODES, Puzzle, random_puzzle

#: What a reason may use: ("clue", position), ("rule", code) or ("total",).
Fact = tuple[object, ...]

RULE_CASES = [([rule], "V", "") for rule in sorted(oracle.MINE_RULES)] + [
    ([], clue, mode) for clue, modes in MODES.items() for mode in modes
]
#: The clue rules whose clues are read together, not one by one (2E's letter code, 2I's left-out direction).
SHARED = ("2E", "2I")
#: The same for the second game's rules.
SECOND_RULE_CASES = [([rule], "V", "") for rule in sorted([*oracle.SECOND_MINE_RULES, *oracle.DYED_MINE_RULES])] + [
    ([], clue, mode) for clue, modes in SECOND_MODES.items() for mode in modes
]


class Facts:
    """Every layout the revealed and known cells allow, each with the clues, rules and total it obeys."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.table: list[tuple[oracle.Mines, frozenset[Fact]]] = []
        for m in oracle.all_layouts(puzzle.rows, puzzle.cols):
            if not puzzle.allows(m, clues=(), rules=(), total=False):
                continue
            kept: set[Fact] = {("clue", p) for p in puzzle.clues if puzzle.allows(m, clues=[p], rules=(), total=False)}
            kept |= {("rule", r) for r in puzzle.mine_rules if puzzle.allows(m, clues=(), rules=[r], total=False)}
            if puzzle.total is not None and len(m) == puzzle.total:
                kept.add(("total",))
            self.table.append((m, frozenset(kept)))

    def certain(self, p: oracle.Pos, mine: bool, used: Iterable[Fact]) -> bool:
        """Whether every layout obeying ``used`` has ``p`` as ``mine`` (and one does)."""
        need = set(used)
        if self.puzzle.clue_rule in SHARED:
            # Clues read together (one letter code, one left-out direction): a set of them is obeyed only together.
            clues = [f[1] for f in need if f[0] == "clue"]
            kept = [
                m
                for m, obeyed in self.table
                if need - {("clue", q) for q in clues} <= obeyed
                and self.puzzle.allows(m, clues=clues, rules=(), total=False)  # type: ignore[arg-type]
            ]
        else:
            kept = [m for m, obeyed in self.table if need <= obeyed]
        return bool(kept) and all((p in m) == mine for m in kept)

    def every(self) -> set[Fact]:
        facts: set[Fact] = {("clue", p) for p in self.puzzle.clues}
        facts |= {("rule", r) for r in self.puzzle.mine_rules}
        return facts | ({("total",)} if self.puzzle.total is not None else set())


def used(move: VariantMove) -> set[Fact]:
    assert move.reason is not None
    reason = move.reason
    facts: set[Fact] = {("clue", (c.row, c.col)) for c in reason.clues}
    facts |= {("rule", r) for r in reason.mine_rules}
    return facts | ({("total",)} if reason.uses_total else set())


def assert_minimal_reasons(puzzle: Puzzle) -> None:
    board = parse_variant(puzzle.text())
    facts = Facts(puzzle)
    result = hint_variant(board, every=True)
    covered = puzzle.covered()
    expected = {(p, mine) for p in covered for mine in (False, True) if facts.certain(p, mine, facts.every())}
    assert {((m.cell.row, m.cell.col), m.mine) for m in result.moves if m.certain} == expected
    sizes = [m.reason.size for m in result.moves if m.reason is not None]
    assert sizes == sorted(sizes)  # easiest first
    for move in result.moves:
        if not move.certain:
            continue
        p, reason, facts_used = (move.cell.row, move.cell.col), move.reason, used(move)
        assert reason is not None and facts.certain(p, move.mine, facts_used)
        for fact in facts_used:  # without any one of them the cell is no longer certain
            assert not facts.certain(p, move.mine, facts_used - {fact}), (puzzle.text(), move, fact)
        # The rules that read the clues are named exactly when clues are used.
        reading = (board.rules.clue.name, *[m for m in ("1M", "1N", "1L") if m in board.rules.modifiers])
        assert reason.reading == (reading if reason.clues else ())
        assert reason.rules == reason.mine_rules + reason.reading


@pytest.mark.parametrize(
    ("mine_rules", "clue_rule", "mode"),
    RULE_CASES + SECOND_RULE_CASES,
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_every_reason_is_certain_and_minimal_by_the_oracle(mine_rules: list[str], clue_rule: str, mode: str) -> None:
    rng = random.Random(f"hint {mine_rules} {clue_rule} {mode}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_minimal_reasons(random_puzzle(rng, rows, cols, mine_rules, clue_rule, mode, total))


@pytest.mark.parametrize("seed", range(6))
def test_a_mine_rule_and_a_clue_rule_give_minimal_reasons(seed: int) -> None:
    rng = random.Random(seed)
    mine_rule = rng.choice(sorted(oracle.MINE_RULES))
    clue_rule = rng.choice(sorted(oracle.CLUE_RULES))
    assert_minimal_reasons(random_puzzle(rng, 3, 4, [mine_rule], clue_rule, "", seed % 2 == 0))


def test_the_hint_is_a_certain_cell_with_a_minimal_reason_by_the_oracle() -> None:
    rng = random.Random("one hint")
    for mine_rules, clue_rule, mode in RULE_CASES:
        puzzle = random_puzzle(rng, 3, 4, mine_rules, clue_rule, mode, rng.random() < 0.5)
        facts, move = Facts(puzzle), hint_variant(parse_variant(puzzle.text())).move
        if move is None or not move.certain:
            assert not any(facts.certain(p, m, facts.every()) for p in puzzle.covered() for m in (False, True))
            continue
        p, reason = (move.cell.row, move.cell.col), used(move)
        assert facts.certain(p, move.mine, reason)
        assert all(not facts.certain(p, move.mine, reason - {fact}) for fact in reason)


def test_a_cell_asked_for_must_be_covered_and_certain() -> None:
    board = parse_variant("rules: 1H\n. . .\n? 2 ?\n? ? ?\n. . .\n")
    assert hint_variant(board, cell=Cell(0, 1)).moves[0].mine is False
    for cell, words in ((Cell(1, 1), "not covered"), (Cell(3, 0), "not certain"), (Cell(5, 0), "off the")):
        with pytest.raises(CnfsweepError, match=words):
            hint_variant(board, cell=cell)


def assert_smallest_reasons(puzzle: Puzzle) -> None:
    """Every certain cell's reason has the fewest clues of any, by brute force over the clue subsets."""
    board = parse_variant(puzzle.text())
    facts = Facts(puzzle)
    result = hint_variant(board, every=True, smallest=True)
    rules = {("rule", r) for r in puzzle.mine_rules}
    clues = sorted(puzzle.clues)
    for move in result.moves:
        if not move.certain:
            continue
        p, reason = (move.cell.row, move.cell.col), move.reason
        assert reason is not None and facts.certain(p, move.mine, used(move))
        # Clues alone first; the total only when every clue and rule together do not decide the cell.
        needs_total = not facts.certain(p, move.mine, rules | {("clue", c) for c in clues})
        base = rules | ({("total",)} if needs_total else set())
        least = next(
            k
            for k in range(len(clues) + 1)
            if any(facts.certain(p, move.mine, base | {("clue", c) for c in s}) for s in combinations(clues, k))
        )
        assert (reason.uses_total, len(reason.clues)) == (needs_total, least), (puzzle.text(), move)
        # Mine rules are named, not counted: each one named is needed with the reason's clues.
        assert reason.size == least + int(needs_total)
        for fact in used(move):
            if fact[0] == "rule":
                assert not facts.certain(p, move.mine, used(move) - {fact}), (puzzle.text(), move, fact)
    ranks = [(m.reason.uses_total, m.reason.size) for m in result.moves if m.reason is not None]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize(
    ("mine_rules", "clue_rule", "mode"),
    # 2E's letters are read together, not clue by clue as Facts keeps them: test_encrypted.py checks its reasons.
    RULE_CASES + [case for case in SECOND_RULE_CASES if case[1] != "2E"],
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_smallest_reasons_have_the_fewest_clues_by_brute_force(
    mine_rules: list[str], clue_rule: str, mode: str
) -> None:
    rng = random.Random(f"smallest {mine_rules} {clue_rule} {mode}")
    for rows, cols in ((3, 3), (3, 4)):
        for total in (False, True):
            assert_smallest_reasons(random_puzzle(rng, rows, cols, mine_rules, clue_rule, mode, total))


@pytest.mark.parametrize("seed", range(6))
def test_smallest_reasons_under_a_mine_rule_and_a_clue_rule(seed: int) -> None:
    rng = random.Random(f"smallest pair {seed}")
    mine_rule = rng.choice(sorted(oracle.MINE_RULES))
    clue_rule = rng.choice(sorted(oracle.CLUE_RULES))
    assert_smallest_reasons(random_puzzle(rng, 3, 4, [mine_rule], clue_rule, "", seed % 2 == 0))


def test_the_smallest_hint_is_a_move_of_least_size() -> None:
    rng = random.Random("smallest hint")
    for mine_rules, clue_rule, mode in RULE_CASES:
        puzzle = random_puzzle(rng, 3, 4, mine_rules, clue_rule, mode, True)
        board = parse_variant(puzzle.text())
        every = hint_variant(board, every=True, smallest=True).moves
        move = hint_variant(board, smallest=True).move
        if not every or not every[0].certain:
            continue
        assert move is not None and move.reason is not None and every[0].reason is not None
        assert (move.reason.uses_total, move.reason.size) == (every[0].reason.uses_total, every[0].reason.size)

"""The oracle sweeps in full: every rule, shape, backend and position the test suite only samples.

Usage: python -m benchmarks sweeps [--only TEXT ...] [--list] [PYTEST OPTIONS after --]

The largest oracle sweeps cross every rule with every small board shape, or every solver backend
with every small position (and a real server is
started for each endpoint whose first request a cold worker once made late; seeded property tests
draw all their examples). The test suite runs a seeded sample of each crossing that still holds
every rule, shape, backend and topology at least once (``tests/sampling.py``); this runs the same
tests with every case, by setting ``CNFSWEEP_FULL_SWEEPS=1`` for a pytest run of them, and prints
pytest's summary and its slowest cases. ``--only`` keeps the tests whose name holds one of its
texts (a pytest ``-k`` expression); the exit status is pytest's (0 when every case passed).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The test files whose parametrizations are sampled in the suite, each with the sweeps it holds.
SWEEPS: dict[str, tuple[str, ...]] = {
    "tests/variants/test_rules_oracle.py": (
        "test_each_mine_rule_allows_exactly_its_layouts",
        "test_two_mine_rules_combine",
        "test_each_clue_rule_allows_exactly_its_layouts",
        "test_a_mine_rule_and_a_clue_rule_combine",
        "test_check_names_a_minimal_conflict_the_oracle_confirms",
    ),
    "tests/variants/test_second_game_oracle.py": (
        "test_each_second_game_mine_rule_allows_exactly_its_layouts",
        "test_a_second_game_mine_rule_combines_with_any_mine_rule",
        "test_each_second_game_clue_rule_allows_exactly_its_layouts",
        "test_second_game_rules_combine_with_a_rule_of_the_other_kind",
    ),
    "tests/variants/test_peer.py": (
        "test_the_peer_writes_the_puzzle_kept_here",
        "test_the_peer_writes_the_dyed_puzzle_kept_here",
    ),
    "tests/variants/test_exact_links.py": (
        "test_an_exact_model_allows_exactly_the_oracles_layouts",
        "test_an_exact_model_under_clues_and_a_second_rule_allows_the_oracles_layouts",
    ),
    "tests/engine/test_contract.py": ("test_analyze_matches_oracle", "test_check_verdict_witness_and_conflict"),
    "tests/engine/test_levels.py": ("test_levels_match_the_definition_on_every_backend",),
    "tests/gadgets/test_reduce.py": (
        "test_random_cnfs_round_trip",
        "test_expressions_agree_with_python_on_every_assignment",
        "test_deep_and_long_expressions_read_without_recursion",
    ),
    "tests/web/test_schema.py": ("test_every_operation_answers_as_its_schema_says",),
    "tests/web/test_first_request.py": (
        "test_the_first_request_of_each_limited_endpoint_on_a_fresh_server_keeps_its_limit",
    ),
}


def command(only: Sequence[str], extra: Sequence[str]) -> list[str]:
    """The pytest command line that runs the sweeps (those named by ``only``, if any)."""
    tests = sorted({f"{path}::{name}" for path, names in SWEEPS.items() for name in names})
    if only:
        tests = [t for t in tests if any(text in t for text in only)]
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--durations=20", *tests, *extra]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the full sweeps; return pytest's exit status."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks sweeps", description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", default=[], metavar="TEXT", help="only the sweeps whose name holds TEXT")
    parser.add_argument("--list", action="store_true", help="list the sweeps and run nothing")
    parser.add_argument("pytest", nargs="*", help="more pytest options, after --")
    args = parser.parse_args(argv)
    cmd = command(args.only, args.pytest)
    tests = [a for a in cmd if "::" in a]
    if not tests:
        print(f"sweeps: no sweep's name holds any of {args.only}; --list lists them", file=sys.stderr)
        return 2
    if args.list:
        print("\n".join(tests))
        return 0
    env = {**os.environ, "CNFSWEEP_FULL_SWEEPS": "1"}
    return subprocess.run(cmd, cwd=ROOT, env=env, check=False).returncode

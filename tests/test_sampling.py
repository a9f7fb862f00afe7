"""The seeded sample of a sweep (``tests/sampling.py``) keeps every class, and the benchmark runs every sample's sweep."""

from __future__ import annotations

import ast
import random
from itertools import product

import pytest
from paths import ROOT

import sampling
from benchmarks import sweeps


def crossing(rng: random.Random) -> list[tuple[str, int, str]]:
    """A random crossing of three kinds of class, of random sizes, in a random order."""
    rules = [f"R{i}" for i in range(rng.randint(1, 12))]
    shapes = list(range(rng.randint(1, 15)))
    backends = [f"b{i}" for i in range(rng.randint(1, 5))]
    cases = list(product(rules, shapes, backends))
    rng.shuffle(cases)
    return cases[: rng.randint(1, len(cases))]


def kinds(case: tuple[str, int, str]) -> list[object]:
    return [("rule", case[0]), ("shape", case[1]), ("backend", case[2])]


@pytest.mark.parametrize("seed", range(40))
def test_a_sample_keeps_every_class_its_share_and_the_cases_order(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sampling.FULL, raising=False)
    rng = random.Random(seed)
    cases = crossing(rng)
    keep = rng.choice((0.0, 0.1, 0.3, 0.5))
    kept = sampling.sample(cases, kinds, seed=str(seed), keep=keep)
    assert {c for case in kept for c in kinds(case)} == {c for case in cases for c in kinds(case)}
    assert len(kept) >= round(keep * len(cases))
    assert kept == [case for case in cases if case in kept]  # in their order, each once
    assert len(set(kept)) == len(kept)
    assert sampling.sample(cases, kinds, seed=str(seed), keep=keep) == kept  # the seed alone chooses


def test_another_seed_draws_another_sample_and_the_full_sweep_keeps_every_case(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sampling.FULL, raising=False)
    cases = list(product("ABCDEFGH", range(12)))
    samples = {tuple(sampling.sample(cases, lambda c: [c[0], c[1]], seed=str(s), keep=0.3)) for s in range(5)}
    assert len(samples) == 5
    assert all(len(s) < len(cases) for s in samples)
    monkeypatch.setenv(sampling.FULL, "1")
    assert sampling.sample(cases, lambda c: [c[0], c[1]], seed="0", keep=0.3) == cases


def test_every_sampled_sweep_is_one_the_benchmark_runs_in_full() -> None:
    # A test that samples its cases (`sample`) or its examples (`examples`) must be in benchmarks/sweeps.py, or no
    # run covers all of them.
    sampled: set[str] = set()
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # The module's names whose value comes from `sample` or `examples`, directly or through another such name.
        drawn = {
            alias.asname or alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module == "sampling"
            for alias in node.names
        }
        for node in tree.body:  # a module-level value or a helper function that calls one of them
            if isinstance(node, ast.Assign) and {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)} & drawn:
                drawn |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            if isinstance(node, ast.FunctionDef) and {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & drawn:
                drawn.add(node.name)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                uses = {n.id for d in node.decorator_list for n in ast.walk(d) if isinstance(n, ast.Name)}
                if uses & drawn:
                    sampled.add(f"{path.relative_to(ROOT).as_posix()}::{node.name}")
    listed = {f"{path}::{name}" for path, names in sweeps.SWEEPS.items() for name in names}
    assert sampled and sampled == listed

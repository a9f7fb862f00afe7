"""The benchmarks package: every entry runs at its smallest size, and the documentation's figures match its result files.

No timing is checked: a smoke run only proves the benchmark still runs from end to end on today's code.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from benchrun import benchmark
from paths import ROOT
from closed_pipe import into_closed_reader

from benchmarks import ENTRIES, Entry, entry, hill_paired, report
from benchmarks.harness.results import RESULTS, read_result, write_result
from benchmarks.harness.stats import percentile, upper_quantile, wilson

#: Entries whose smallest run a test elsewhere already makes (and checks the output of), by that test's file.
TESTED_ELSEWHERE = {
    "engines": "tests/experiments/test_bench.py",
    "cold": "tests/experiments/test_bench.py",
    "commits": "tests/experiments/test_bench_commits.py",
    "endgame-kernel": "tests/search/test_endgame_kernel.py",
    "merge-kernel": "tests/search/test_merge_kernel.py",
    "generate": "tests/experiments/test_bench.py",
    "grade": "tests/explanation/test_bench_grade.py",
    "hint": "tests/explanation/test_bench_hint.py",
    "hint-big": "tests/explanation/test_bench_hint_big.py",
    "levels": "tests/engine/test_bench_levels.py",
    "limits": "tests/engine/test_bench_limits.py",
    "play": "tests/experiments/test_bench.py",
    "topology": "tests/engine/test_bench_topology.py",
    "load": "tests/web/test_live.py",
    "campaign": "tests/experiments/test_campaign.py",
    "winrates": "tests/experiments/test_bench.py",
    "second-click": "tests/experiments/test_second_click.py",
    "hill-paired": "tests/experiments/test_hill_paired.py",
    "hill-build": "tests/experiments/test_hill_paired.py",
    "hill-divergence": "tests/experiments/test_hill_divergence.py",
}


def test_the_list_names_every_entry_and_an_unknown_name_is_one_line() -> None:
    listed = benchmark("--list")
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == [e.name for e in ENTRIES]
    wrong = benchmark("no-such-benchmark")
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert wrong.stderr.count("\n") == 1 and "no-such-benchmark" in wrong.stderr


@pytest.mark.parametrize(
    "args",
    [["--list"], ["forked-paired", "--summary", "--out", "benchmarks/results/forked/second-blend.jsonl.gz"]],
    ids=["list", "entry"],
)
def test_a_reader_that_stops_early_ends_the_run_quietly(args: list[str]) -> None:
    # `python -m benchmarks ... | head`: the dispatcher's own output and an entry's both meet the closed pipe.
    done = into_closed_reader([sys.executable, "-m", "benchmarks", *args])
    assert (done.returncode, done.stderr) == (1, "")


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.name)
def test_every_entry_is_a_module_with_main_and_its_names_are_one(item: Entry) -> None:
    path = ROOT / "benchmarks" / (item.module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body), path
    assert entry(item.name) is item and entry(item.name.replace("-", "_")) is item


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.name)
def test_every_entry_runs_at_its_smallest_size_somewhere(item: Entry, tmp_path: Path) -> None:
    if item.name in TESTED_ELSEWHERE:
        # That test runs it (as `python -m benchmarks NAME` or by importing its module): it is named there.
        text = (ROOT / TESTED_ELSEWHERE[item.name]).read_text(encoding="utf-8")
        flat = "".join(text.split())  # an argument list may be written one item a line
        assert (
            f'"benchmarks","{item.name}"' in flat
            or f"benchmarks.{item.module}" in text
            or (f"from benchmarks import {item.module}" in text)
        ), f"{TESTED_ELSEWHERE[item.name]} does not run {item.name}"
        return
    if item.smoke is None:
        pytest.fail(f"{item.name} has no smallest run and no test that runs it ({item.needs})")
    args = [a.replace("{tmp}", str(tmp_path)) for a in item.smoke]
    if item.name == "schema-fuzz":
        pytest.importorskip("schemathesis", reason="schemathesis is in the test extra")
    if item.name == "replay":
        pytest.importorskip("ms_toollib", reason="the replays' videos are read with ms-toollib (the bench extra)")
    done = benchmark(item.name, *args)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def test_the_package_runs_from_another_folder_through_the_path(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--list"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and "report" in done.stdout


def test_no_module_reaches_another_through_sys_path() -> None:
    for path in sorted((ROOT / "benchmarks").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "sys.path" not in text, f"{path.relative_to(ROOT)} edits sys.path"
    # Tests run the operational scripts left in scripts/ as commands, and import nothing from there.
    assert sorted(p.name for p in (ROOT / "scripts").glob("*.py")) == ["make_graph_examples.py"]
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "SCRIPTS" in line and "from paths import" not in line and path.name != "paths.py":
                assert "make_graph_examples.py" in line, f"{path.relative_to(ROOT)}: {line.strip()}"


def test_importing_any_benchmark_changes_no_process_wide_setting() -> None:
    # A module that lifted Python's digit limit on import once let other tests' answers pass unguarded.
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "benchmarks").rglob("*.py")
        if path.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        "before = sys.get_int_max_str_digits()\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    assert sys.get_int_max_str_digits() == before, name\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1]


# -- statistics ----------------------------------------------------------------------------------


def test_percentiles_are_by_nearest_rank_against_counting() -> None:
    values = [float(v) for v in (7, 3, 9, 1, 5, 8, 2, 6, 4, 10, 11)]
    for q in (0.1, 0.25, 0.5, 0.9, 0.99, 1.0):
        got = percentile(values, q)
        # The smallest value with at least q of the values at or below it, counted.
        wanted = min(v for v in values if sum(w <= v for w in values) >= q * len(values) - 1e-9)
        assert got == wanted, q
    assert percentile([2.0, 1.0], 0.5) == 1.0 and upper_quantile([2.0, 1.0], 0.5) == 2.0
    with pytest.raises(ValueError, match="no values"):
        percentile([], 0.5)


# -- result files and the report -----------------------------------------------------------------


def test_a_result_file_says_how_it_was_measured(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    write_result(out, {"figure": 1.5}, ["play", "--games", "3"])
    data = read_result(out)
    assert data["figure"] == 1.5
    assert data["run"]["command"] == ["python", "-m", "benchmarks", "play", "--games", "3"]
    assert {"commit", "dirty", "load", "date", "python", "machine", "cnfsweep"} <= set(data["run"])
    (tmp_path / "bad.json").write_text(json.dumps({"figure": 1}))
    with pytest.raises(ValueError, match="no 'run' record"):
        read_result(tmp_path / "bad.json")


def test_a_result_recorded_after_its_run_says_its_commands_date_and_commit(tmp_path: Path) -> None:
    recorded = {
        "recorded": "from the run's log",
        "commands": ["x --games 3"],
        "date": "2026-01-01",
        "commit": "abc1234",
    }
    (tmp_path / "r.json").write_text(json.dumps({"figure": 1, "meta": recorded}))
    assert read_result(tmp_path / "r.json")["figure"] == 1
    for key in ("commands", "date", "commit"):
        (tmp_path / "r.json").write_text(
            json.dumps({"figure": 1, "meta": {k: v for k, v in recorded.items() if k != key}})
        )
        with pytest.raises(ValueError, match=f"without its {key}"):
            read_result(tmp_path / "r.json")


def test_the_recorded_hill_paired_figures_are_the_summary_of_its_games() -> None:
    # The file keeps each game's pair of outcomes: its figures must be what the benchmark's own summary makes of them.
    data = read_result(RESULTS / "hill-paired.json")
    codes = [int(ch) for ch in data["outcomes"]]
    hill = {i: code >= 2 for i, code in enumerate(codes)}
    ours = {i: code % 2 == 1 for i, code in enumerate(codes)}
    figures = hill_paired.summary(hill, ours)
    assert {key: data[key] for key in figures} == figures
    own = data["own_games"]
    assert own["win_rate_hill"] == own["wins_hill"] / own["games"]
    assert own["ci95_hill"] == list(wilson(own["wins_hill"], own["games"]))


def test_the_documentation_figures_are_what_the_report_writes_from_the_checked_in_results() -> None:
    done = benchmark("report", "--check")
    assert done.returncode == 0, done.stderr
    for ident, section in report.SECTIONS.items():
        if (RESULTS / section.result).is_file():
            text = "".join(doc.read_text(encoding="utf-8") for doc in report.DOCS)
            assert f"<!-- benchmarks: {ident} -->" in text, f"no section shows {section.result}"


def test_every_marked_section_is_generated_but_the_campaign_s_whose_result_file_its_rerun_writes() -> None:
    # No campaign result file was ever kept (its figures were typed from logs kept elsewhere); issue 38's rerun
    # of the campaign writes it with --result, and this set then loses "campaign".
    text = "".join(doc.read_text(encoding="utf-8") for doc in report.DOCS)
    marked = {match.group(3) for match in report.MARKED.finditer(text)}
    assert marked <= set(report.SECTIONS)
    assert {ident for ident in marked if not (RESULTS / report.SECTIONS[ident].result).is_file()} == {"campaign"}


def test_the_report_rewrites_a_changed_figure_and_refuses_an_unmarked_typed_one(tmp_path: Path) -> None:
    (tmp_path / "play.json").write_text((RESULTS / "play.json").read_text(encoding="utf-8"), encoding="utf-8")
    stale = "- item\n\n    <!-- benchmarks: play -->\n    strong 1.0 ms\n    <!-- /benchmarks: play -->\n"
    written = report.rewrite(stale, "doc.md", tmp_path)
    assert "strong 1.0 ms" not in written and "| `strong` |" in written
    assert report.rewrite(written, "doc.md", tmp_path) == written
    assert all(line.startswith("    ") for line in written.splitlines()[2:-1] if line), "kept in the list item"
    typed = "<!-- benchmarks: cold -->\n0.39 ms\n<!-- /benchmarks: cold -->\n"
    with pytest.raises(ValueError, match="not yet generated"):
        report.rewrite(typed, "doc.md", tmp_path)
    marked = typed.replace("0.39 ms", "0.39 ms (not yet generated)")
    assert report.rewrite(marked, "doc.md", tmp_path) == marked


def test_the_picture_benchmark_writes_the_figures_the_readme_table_is_made_of(tmp_path: Path) -> None:
    pytest.importorskip("PIL.Image", reason="Pillow is not installed (extra image)")
    corpus = ROOT / "corpus" / "sgt-mines"
    out = tmp_path / "picture.json"
    done = benchmark("picture", str(corpus), "--json", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    result = read_result(out)
    labels = sorted(corpus.glob("*.txt"))
    cells = sum(
        len(line)
        for path in labels
        for line in path.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith(("#", "topology:"))
    )
    groups = result["groups"]
    assert sum(g["pictures"] for g in groups) == len(labels) == len(list(corpus.glob("*.png")))
    assert sum(g["cells"] for g in groups) == cells
    assert all(0 <= g["exact"] <= g["pictures"] and 0 <= g["right"] <= g["cells"] for g in groups)
    assert all(0 < g["median_ms"] <= g["p90_ms"] for g in groups)
    assert result["run"]["command"][3:5] == ["picture", str(corpus)] and result["run"]["load"]
    # The counters: those the labels say are shown, each read right, read wrong or not read.
    shown = sum(
        re.search(r"^# counter: \d+$", path.read_text(encoding="utf-8"), re.MULTILINE) is not None for path in labels
    )
    assert sum(g["counters_shown"] for g in groups) == shown > 0
    assert all(0 <= g["counters_right"] <= g["counters_read"] <= g["pictures"] for g in groups)
    table = report.render_picture(result)
    assert table.startswith("Generated from `benchmarks/results/picture.json`")
    assert table.count("\n| Tatham's Mines |") == len(groups) + 1  # a row a group, and one of counters
    assert f"\n| Tatham's Mines | {shown} | " in table


def test_picture_training_keeps_a_rare_look_past_a_full_bucket() -> None:
    # Issue 40: GNOME Mines' covered cell lit under the pointer came after 40 common covered cells had filled
    # the bucket, was left out, and the reader read it as an open 0.  Uniform grey cells: covered 150-189,
    # an open 0 at 225.
    np = pytest.importorskip("numpy", reason="numpy is not installed (extra image)")
    from benchmarks.picture_train import DISTINCT, KEEP, keeps

    side = 12 * 12 * 3
    grey = [np.full(side, 150.0 + i, dtype=np.float32) for i in range(KEEP)]
    assert DISTINCT < 7, "the samples kept below are distinct"
    kept = {("s", ".", "png"): grey[::7], ("s", "0", "png"): [np.full(side, 225.0, dtype=np.float32)]}
    full = {**kept, ("s", ".", "png"): grey}
    lit = np.full(side, 212.0, dtype=np.float32)  # nearer the open 0 than any covered cell kept
    plain = np.full(side, 140.0, dtype=np.float32)  # a covered look not kept yet, but read right by the ones kept
    assert keeps(lit, ".", "s", kept, kept[("s", ".", "png")])
    assert keeps(plain, ".", "s", kept, kept[("s", ".", "png")]), "room left: any distinct sample joins"
    assert keeps(lit, ".", "s", full, grey), "full, but the pictures kept read it as a 0"
    assert not keeps(plain, ".", "s", full, grey), "full, and the pictures kept read it right"
    assert not keeps(grey[3] + 1.0, ".", "s", kept, kept[("s", ".", "png")]), "no farther than DISTINCT from one kept"


def test_jsminesweeper_board_sizes_are_taken_rows_first() -> None:
    # picture-corpus jsm --sizes: dense boards (three quarters mines) are how its 7s and 8s are pictured.  Rows come
    # first as everywhere in cnfsweep; the page's own board parameter (SIZES) puts its columns first.
    from benchmarks.picture_corpus_jsm import SIZES, parse_size

    assert parse_size("9x9x60") == (9, 9, 60)
    assert parse_size("16x30x330") == (30, 16, 330)
    assert parse_size("16x30x99") in SIZES
    for bad in ("9x9", "9x9x0", "9x9x72", "axbxc", "1x9x3"):
        with pytest.raises(ValueError, match=r"ROWSxCOLSxMINES|at least"):
            parse_size(bad)
    done = benchmark("picture-corpus", "jsm", "--jsm", str(ROOT), "--sizes", "9x9")
    assert done.returncode == 2 and "--sizes: '9x9': expected ROWSxCOLSxMINES" in done.stderr
    assert "Traceback" not in done.stderr

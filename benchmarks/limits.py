"""Measure how well --time-limit is honoured, and check against solve, on large random boards.

Usage: python -m benchmarks limits [--quick] [--limits 5,1] [--cap SECONDS] [--json out.json]
       python -m benchmarks limits --generate [--limits 10,1] [--cap SECONDS] [--json out.json]
       python -m benchmarks limits --paths [--smoke] [--limits 0.5,2] [--json out.json]
       python -m benchmarks limits --fresh [--limits 1] [--endpoints analyze,generate] [--json out.json]

Boards come from the benchmark's generator (``benchmarks.harness.corpora.LargeSpec``: a
random layout, first click in the middle, then zero regions opened at
random), written to a temporary file.  Every run is a fresh process, as on
the command line, so nothing is cached between runs.

- Overshoot: ``cnfsweep solve --arithmetic exact --time-limit T`` on each
  board.  ``answer`` is when the command printed its answer, ``exit`` when it
  ended (both from its start, so they include starting Python and parsing,
  which the limit does not cover); ``call`` is the time ``analyze`` itself
  took in a process of its own, the figure the limit promises (at most a
  little over ``T``).
- check vs solve: ``cnfsweep check`` and ``cnfsweep solve`` (default
  arithmetic) without a limit, their times to exit and the ratio.

``--generate`` measures generation's limit instead, on 1000x1000 boards with
150,000 and with 20,000 mines: ``generate(..., time_limit=T)`` in a fresh
process (``call``), ``cnfsweep generate --time-limit T --json`` (``exit``), and
``POST /api/generate`` with ``time_limit: T`` and a no-guess ``POST /api/game``
against ``cnfsweep serve --time-limit T`` (``seconds``, with the status and the
answer's ``status``). Each should be within T plus 1 s.
``--paths`` measures instead how far past its limit each way of asking
answers, on one 1000x999 board (``--smoke``: 60x59) and on a copy made
inconsistent (one number raised), whose ``check`` searches a minimal conflict.
Each figure is the wall time from the request to the whole answer, so parsing,
building the document and encoding its JSON count:

- ``cli``: ``cnfsweep solve|check|levels BOARD --json --time-limit T`` from
  the end of its imports (``ready_s`` after its start: starting Python and
  importing cnfsweep, which no limit can cover) until it prints its answer;
  ``teardown_s`` is how long it took to exit after that (Python freeing the
  board's structures);
- ``server``: ``POST /api/analyze|check|levels|board`` with ``time_limit`` T on
  a live ``cnfsweep serve``, from sending the request to reading the answer;
- ``api``: ``cnfsweep.analyze|check|levels(text, time_limit=T)`` from the call
  to its return, the board's text included.

``over_s`` is that time less T: the promise is at most 1 s.

``--fresh`` measures the first request of each limited endpoint on a newly
started ``cnfsweep serve --time-limit T`` (a new server for each endpoint, so
every worker is as cold as a server just started leaves it): ``analyze``,
``check``, ``hint``, ``levels`` and ``board`` of the 1000x999 board above,
``generate`` and a no-guess ``game`` of 1000x1000 with 150,000 mines, ``replay``
of a 1000x1000 game of 150,000 mines with 21 clicks sent as a trace, and
``review`` of that game played on the server. ``seconds`` runs from sending the
request to reading the whole answer (a game's clicks before its review are not
timed), ``start_s`` from starting the server until ``/api/health`` answered (its
workers warming up), ``over_s`` is ``seconds`` less T: the promise is at most 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.harness.corpora import LargeSpec
from benchmarks.harness.server import live_server
from benchmarks.harness.results import write_result

BOARDS = {
    "500x500/40000, 250 regions": LargeSpec(500, 500, 40_000, 250),
    "500x500/40000, 4000 regions": LargeSpec(500, 500, 40_000, 4000),
    "1000x1000/160000, 1000 regions": LargeSpec(1000, 1000, 160_000, 1000),
    "1000x1000/160000, 16000 regions": LargeSpec(1000, 1000, 160_000, 16_000),
}
QUICK = list(BOARDS)[:2]


# Runs the command line as ``python -m cnfsweep`` does, saying on standard error when the imports are done.
READY = (
    "import sys, time\n"
    "from cnfsweep.cli import app\n"
    "sys.stderr.write(f'ready {time.perf_counter()!r}\\n')\n"
    "sys.stderr.flush()\n"
    "app(sys.argv[1:], prog_name='cnfsweep')\n"
)


def run_cli(args: list[str], cap: float) -> dict[str, Any]:
    """Run ``cnfsweep ARGS``: seconds until it prints its answer and until it exits, and the answer.

    ``ready_s`` is when Python had started and imported cnfsweep, read from the
    child's own ``time.perf_counter()`` (CLOCK_MONOTONIC on Linux, the same clock
    in every process), so ``answer_s - ready_s`` is the command's own time.
    """
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", READY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    capped = {
        "answer_s": None,
        "exit_s": None,
        "ready_s": None,
        "exit_code": None,
        "status": f"over the {cap:.0f} s cap",
    }
    if not select.select([proc.stdout], [], [], cap)[0]:
        proc.kill()
        proc.communicate()
        return capped
    first = os.read(proc.stdout.fileno(), 1)  # unbuffered: communicate() reads the rest from the descriptor
    answer = time.perf_counter() - start
    try:
        rest, err = proc.communicate(timeout=max(cap - answer, 1.0))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return capped
    end = time.perf_counter() - start
    ready = next(
        (float(line.split()[1]) - start for line in err.decode().splitlines() if line.startswith("ready ")), None
    )
    doc = json.loads(first + rest) if (first + rest).strip() else {}
    status = doc.get("status") or ("consistent" if doc.get("consistent") else "inconsistent")
    return {
        "answer_s": round(answer, 2),
        "exit_s": round(end, 2),
        "ready_s": None if ready is None else round(ready, 2),
        "exit_code": proc.returncode,
        "status": status,
    }


def timed_call(setup: str, call: str, done: str, limit: float, cap: float) -> dict[str, Any]:
    """Time ``call`` (Python source, after ``setup``) alone, in a fresh process: ``done``, or ``unknown`` past ``limit``."""
    inner = (
        "import json, time\n"
        "from cnfsweep import TimeLimitExceeded\n"
        f"{setup}"
        "start = time.perf_counter()\n"
        "try:\n"
        f"    {call}\n"
        f"    status = {done!r}\n"
        "except TimeLimitExceeded:\n"
        "    status = 'unknown'\n"
        "print(json.dumps({'call_s': time.perf_counter() - start, 'status': status}))\n"
    )
    try:
        out = subprocess.run([sys.executable, "-c", inner], capture_output=True, text=True, timeout=cap, check=True)
    except subprocess.TimeoutExpired:
        return {"call_s": None, "status": f"over the {cap:.0f} s cap"}
    doc = json.loads(out.stdout)
    return {"call_s": round(doc["call_s"], 2), "over_s": round(doc["call_s"] - limit, 2), "status": doc["status"]}


def call_time(path: Path, limit: float, cap: float) -> dict[str, Any]:
    """Time ``analyze(..., arithmetic="exact", time_limit=limit)`` alone, in a fresh process."""
    setup = f"from cnfsweep import Board, analyze\nboard = Board.from_file({str(path)!r})\n"
    return timed_call(setup, f"analyze(board, arithmetic='exact', time_limit={limit})", "solved", limit, cap)


def measure(name: str, spec: LargeSpec, limits: list[float], cap: float, folder: Path) -> dict[str, Any]:
    path = folder / f"{spec.rows}x{spec.cols}-{spec.regions}.txt"
    path.write_text(spec.board().to_text())
    row: dict[str, Any] = {"board": name, "overshoot": {}, "check_vs_solve": {}}
    for limit in limits:
        args = ["solve", str(path), "--arithmetic", "exact", "--time-limit", str(limit), "--json"]
        row["overshoot"][str(limit)] = {**run_cli(args, cap), **call_time(path, limit, cap)}
        print(f"{name}: --time-limit {limit}: {row['overshoot'][str(limit)]}", flush=True)
    solve = run_cli(["solve", str(path), "--json"], cap)
    check = run_cli(["check", str(path), "--json"], cap)
    ratio = None if not (solve["exit_s"] and check["exit_s"]) else round(check["exit_s"] / solve["exit_s"], 2)
    row["check_vs_solve"] = {"solve": solve, "check": check, "check_over_solve": ratio}
    print(
        f"{name}: solve {solve['exit_s']} s, check {check['exit_s']} s ({check['status']}), ratio {ratio}", flush=True
    )
    return row


GENERATE = {"1000x1000/150000": (1000, 1000, 150_000), "1000x1000/20000": (1000, 1000, 20_000)}


def generate_call(rows: int, cols: int, mines: int, limit: float, cap: float) -> dict[str, Any]:
    """Time ``generate(..., time_limit=limit)`` alone, in a fresh process."""
    setup = "from cnfsweep.generation import generate\nfrom cnfsweep.play import Level\n"
    call = f"generate(Level({rows}, {cols}, {mines}), seed=1, time_limit={limit})"
    return timed_call(setup, call, "generated", limit, cap)


def post_time(url: str, body: dict[str, Any], cap: float) -> dict[str, Any]:
    """POST ``body`` to ``url``: seconds to the answer, its HTTP status and its document's ``status``."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=cap) as answer:
            code, doc = answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        code, doc = exc.code, json.loads(exc.read())
    seconds = time.perf_counter() - start
    return {"seconds": round(seconds, 2), "http": code, "status": doc.get("status", doc.get("error", "answer"))}


def measure_generate(name: str, limits: list[float], cap: float) -> dict[str, Any]:
    rows, cols, mines = GENERATE[name]
    row: dict[str, Any] = {"board": name}
    for limit in limits:
        size = ["--size", f"{rows}x{cols}", "--mines", str(mines), "--seed", "1", "--time-limit", str(limit), "--json"]
        cli = run_cli(["generate", *size], cap)
        cli["status"] = {0: "generated", 3: "unknown"}.get(cli["exit_code"], cli["status"])
        figures: dict[str, Any] = {"python": generate_call(rows, cols, mines, limit, cap), "cli": cli}
        with live_server(["--time-limit", str(limit)]) as url:
            shape = {"rows": rows, "cols": cols, "mines": mines, "seed": 1}
            figures["api_generate"] = post_time(f"{url}/api/generate", {**shape, "time_limit": limit}, cap)
            figures["api_game"] = post_time(f"{url}/api/game", {**shape, "no_guess": True}, cap)
        row[str(limit)] = figures
        print(f"{name}: time limit {limit} s: {figures}", flush=True)
    return row


HUGE = LargeSpec(1000, 999, 160_000, 1000)
SMALL = LargeSpec(60, 59, 580, 10)
API = (
    "import json, sys, time\n"
    "import cnfsweep\n"
    "from cnfsweep import Board, TimeLimitExceeded\n"
    "text = open(sys.argv[1]).read()\n"
    "name, limit = sys.argv[2], float(sys.argv[3])\n"
    "try:\n"
    "    cnfsweep.levels('1.\\n..')\n"
    "    levels = cnfsweep.levels\n"
    "except Exception:  # a version whose levels takes only a Board: parse first, within the timing\n"
    "    levels = lambda text, **kw: cnfsweep.levels(Board.parse(text), **kw)\n"
    "call = {'analyze': cnfsweep.analyze, 'check': cnfsweep.check, 'levels': levels}[name]\n"
    "start = time.perf_counter()\n"
    "try:\n"
    "    call(text, time_limit=limit)\n"
    "    status = 'answer'\n"
    "except TimeLimitExceeded:\n"
    "    status = 'unknown'\n"
    "print(json.dumps({'seconds': time.perf_counter() - start, 'status': status}))\n"
)


def inconsistent_copy(board: Any) -> Any:
    """Raise one number (nearest the middle first) until ``check`` finds the board inconsistent."""
    from cnfsweep import Board, check

    rows = [list(row) for row in board.grid]
    middle = (board.rows // 2, board.cols // 2)
    numbers = sorted(
        (abs(r - middle[0]) + abs(c - middle[1]), r, c)
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch in "1234567"
    )
    for _, r, c in numbers[:200]:
        old = rows[r][c]
        rows[r][c] = str(int(old) + 1)
        candidate = Board(tuple("".join(row) for row in rows), board.total_mines)
        if not check(candidate).consistent:
            return candidate
        rows[r][c] = old
    raise RuntimeError("no single raised number made the board inconsistent")


def post(url: str, path: str, body: bytes | None, cap: float, method: str = "POST") -> dict[str, Any]:
    """POST ``body`` (or send ``method``) and read the whole answer: seconds, status code and the document's kind."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    assert parts.hostname is not None, url  # a live server's http://127.0.0.1:PORT
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=cap)
    try:
        start = time.perf_counter()
        conn.request(method, path, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        data = response.read()
        seconds = time.perf_counter() - start
    finally:
        conn.close()
    doc = json.loads(data)
    kind = doc.get("status") or ("error" if "error" in doc else "answer")
    return {"seconds": round(seconds, 2), "http": response.status, "status": kind, "bytes": len(data)}


def measure_paths(spec: LargeSpec, limits: list[float], cap: float, folder: Path) -> dict[str, Any]:
    """Time every path on ``spec``'s board and its inconsistent copy, under each limit."""
    board = spec.board()
    boards = {"board": board, "inconsistent": inconsistent_copy(board)}
    files = {}
    for name, b in boards.items():
        files[name] = folder / f"{name}.txt"
        files[name].write_text(b.to_text())
    out: dict[str, Any] = {
        "board": f"{spec.rows}x{spec.cols}/{spec.mines}, {spec.regions} regions",
        "cli": [],
        "server": [],
        "api": [],
    }
    cli_paths = [("solve", "board"), ("check", "board"), ("check", "inconsistent"), ("levels", "board")]
    for limit in limits:
        for command, which in cli_paths:
            got = run_cli([command, str(files[which]), "--json", "--time-limit", str(limit)], cap)
            row = {"path": command, "board": which, "limit": limit, **got}
            if got["exit_s"] is not None and got["ready_s"] is not None:
                row["over_s"] = round(got["answer_s"] - got["ready_s"] - limit, 2)
                row["teardown_s"] = round(got["exit_s"] - got["answer_s"], 2)
            out["cli"].append(row)
            print(f"cli {command} {which} {limit}: {row}", flush=True)
    server_paths = [
        ("analyze", "board"),
        ("check", "board"),
        ("check", "inconsistent"),
        ("levels", "board"),
        ("board", "board"),
    ]
    with live_server(["--max-body", str(8 << 20), "--time-limit", str(max(limits) * 10)]) as url:
        for limit in limits:
            for path, which in server_paths:
                body = json.dumps({"board": files[which].read_text(), "time_limit": limit}).encode()
                got = post(url, f"/api/{path}", body, cap)
                row = {"path": path, "board": which, "limit": limit, **got, "over_s": round(got["seconds"] - limit, 2)}
                out["server"].append(row)
                print(f"server {path} {which} {limit}: {row}", flush=True)
    for limit in limits:
        for call, which in [("analyze", "board"), ("check", "board"), ("check", "inconsistent"), ("levels", "board")]:
            run = subprocess.run(
                [sys.executable, "-c", API, str(files[which]), call, str(limit)],
                capture_output=True,
                text=True,
                timeout=cap,
                check=True,
            )
            doc = json.loads(run.stdout)
            row = {
                "path": call,
                "board": which,
                "limit": limit,
                "seconds": round(doc["seconds"], 2),
                "status": doc["status"],
                "over_s": round(doc["seconds"] - limit, 2),
            }
            out["api"].append(row)
            print(f"api {call} {which} {limit}: {row}", flush=True)
    rows = out["cli"] + out["server"] + out["api"]
    overs = [r["over_s"] for r in rows if r.get("over_s") is not None]
    out["worst_over_s"] = max(overs) if overs else None
    out["all_measured"] = len(overs) == len(rows)
    print(f"worst overshoot: {out['worst_over_s']} s", flush=True)
    return out


#: The limited endpoints, each asked first on a server of its own by ``--fresh``.
FRESH = ("analyze", "check", "hint", "levels", "board", "generate", "game", "replay", "review")
#: The game generated (``generate``, ``game``) and reviewed (``replay``, ``review``): its first click in the
#: middle, then 20 zero regions opened, so that its review analyses 20 positions of a million cells.
FRESH_GAME = LargeSpec(1000, 1000, 150_000, 20)


@dataclass(frozen=True)
class FreshInputs:
    """What the fresh-server case sends: a huge position's text, and a huge game's clicks and trace (base64).

    Each is empty where no endpoint asked for sends it (:func:`fresh_inputs`).
    """

    board: str
    clicks: tuple[tuple[int, int], ...]
    trace: str


#: The endpoints asked about the huge position; the others generate, or review the huge game.
ASK_BOARD = ("analyze", "check", "hint", "levels", "board")


def fresh_inputs(endpoints: Sequence[str] = FRESH) -> FreshInputs:
    """Build what ``endpoints`` send: the huge position (``HUGE``) and ``FRESH_GAME`` played, its clicks noted.

    Each takes seconds, so only what one of ``endpoints`` sends is made.
    """
    import base64

    from cnfsweep.core.board import Cell
    from cnfsweep.play import Game, Level

    board = HUGE.board().to_text() if set(endpoints) & set(ASK_BOARD) else ""
    if not set(endpoints) & {"replay", "review"}:
        return FreshInputs(board, (), "")
    spec = FRESH_GAME
    game = Game.new(Level(spec.rows, spec.cols, spec.mines), spec.seed)  # what POST /api/game makes of this seed
    clicks = [(spec.rows // 2, spec.cols // 2)]
    game.click(Cell(*clicks[0]))

    def click(cell: Cell) -> int:
        clicks.append((cell.row, cell.col))
        return len(game.click(cell).opened)

    spec.open_regions(game.mines or frozenset(), click)
    trace = {
        "rows": spec.rows,
        "cols": spec.cols,
        "mines": [list(m) for m in sorted(game.mines or ())],
        "moves": [{"cell": list(c)} for c in clicks],
    }
    return FreshInputs(board, tuple(clicks), base64.b64encode(json.dumps(trace).encode()).decode())


def first_request(url: str, endpoint: str, inputs: FreshInputs, limit: float, cap: float) -> dict[str, Any]:
    """Ask ``endpoint`` of the server at ``url`` for its huge piece of work (within ``limit``) and time the answer."""
    spec = FRESH_GAME
    size = {"rows": spec.rows, "cols": spec.cols, "mines": spec.mines, "seed": spec.seed}
    bodies = {
        "generate": {**size, "time_limit": limit},
        "game": {**size, "no_guess": True},  # a no-guess game has the server's --time-limit
        "replay": {"name": "huge.jsonl", "data": inputs.trace, "time_limit": limit},
    }
    if endpoint == "review":  # a game of the server, played (untimed), then reviewed: a GET with the server's limit
        game = json.loads(
            urllib.request.urlopen(
                urllib.request.Request(
                    f"{url}/api/game", json.dumps(size).encode(), {"Content-Type": "application/json"}
                ),
                timeout=cap,
            ).read()
        )
        for row, col in inputs.clicks:
            urllib.request.urlopen(
                urllib.request.Request(
                    f"{url}/api/game/{game['id']}/click",
                    json.dumps({"row": row, "col": col}).encode(),
                    {"Content-Type": "application/json"},
                ),
                timeout=cap,
            ).read()
        return post(url, f"/api/game/{game['id']}/review", None, cap, method="GET")
    body = bodies.get(endpoint, {"board": inputs.board, "time_limit": limit})
    return post(url, f"/api/{endpoint}", json.dumps(body).encode(), cap)


def measure_fresh(
    limit: float,
    cap: float,
    endpoints: Sequence[str] = FRESH,
    options: Sequence[str] = (),
    inputs: FreshInputs | None = None,
) -> list[dict[str, Any]]:
    """Start a server for each endpoint and time its first request; ``options`` go to ``cnfsweep serve`` too."""
    inputs = inputs or fresh_inputs(endpoints)
    rows = []
    for endpoint in endpoints:
        start = time.perf_counter()
        with live_server([*options, "--time-limit", str(limit), "--max-body", str(64 << 20)]) as url:
            started = time.perf_counter() - start
            got = first_request(url, endpoint, inputs, limit, cap)
        row = {
            "endpoint": endpoint,
            "limit": limit,
            **got,
            "over_s": round(got["seconds"] - limit, 2),
            "start_s": round(started, 2),
        }
        rows.append(row)
        print(f"fresh {endpoint} {limit}: {row}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the two 500x500 boards only")
    parser.add_argument(
        "--limits",
        default=None,
        help="comma-separated --time-limit values (seconds); 5,1 by default, 10,1 with --generate, 0.5,2 with --paths",
    )
    parser.add_argument("--cap", type=float, default=300.0, help="seconds before a run is stopped")
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument(
        "--generate", action="store_true", help="generation's time limit instead (default --limits 10,1)"
    )
    parser.add_argument("--paths", action="store_true", help="the overshoot of every path (CLI, server, API)")
    parser.add_argument("--smoke", action="store_true", help="with --paths: a 60x59 board, for a quick test")
    parser.add_argument(
        "--fresh", action="store_true", help="the first request of each limited endpoint on a new server"
    )
    parser.add_argument("--endpoints", default=",".join(FRESH), help="with --fresh: which endpoints (default: all)")
    args = parser.parse_args(argv)
    default = "10,1" if args.generate else "0.5,2" if args.paths else "1" if args.fresh else "5,1"
    limits = [float(x) for x in (args.limits or default).split(",") if x]
    if args.fresh:
        endpoints = [e for e in args.endpoints.split(",") if e]
        if unknown := sorted(set(endpoints) - set(FRESH)):
            parser.error(f"--endpoints: unknown {', '.join(unknown)}; choose from {', '.join(FRESH)}")
        inputs = fresh_inputs(endpoints)
        fresh = [row for limit in limits for row in measure_fresh(limit, args.cap, endpoints, inputs=inputs)]
        worst = max(row["over_s"] for row in fresh)
        print(f"worst overshoot of a first request: {worst} s", flush=True)
        if args.json:
            write_result(args.json, {"rows": fresh, "worst_over_s": worst})
        return 0
    if args.generate:
        rows = [measure_generate(name, limits, args.cap) for name in GENERATE]
        if args.json:
            write_result(args.json, {"rows": rows})
        return 0
    if args.paths:
        with tempfile.TemporaryDirectory() as tmp:
            report = measure_paths(SMALL if args.smoke else HUGE, limits, args.cap, Path(tmp))
        if args.json:
            write_result(args.json, report)
        return 0
    names = QUICK if args.quick else list(BOARDS)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(name, BOARDS[name], limits, args.cap, Path(tmp)) for name in names]
    if args.json:
        write_result(args.json, {"rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())

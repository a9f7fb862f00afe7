"""Load a live ``cnfsweep serve`` with analyse requests and check every answer.

Usage: python -m benchmarks load [--requests 500] [--clients 50] [--positions 50] [--seed 1]
                              [--rate PER_SECOND] [--workers 2] [--small-workers 1] [--threads]
                              [--huge N] [--huge-size 1000] [--huge-time-limit SECONDS]
                              [--health-target MS] [--smoke] [--url URL] [--json out.json]

Starts ``cnfsweep serve`` on a free port of 127.0.0.1 (or loads ``--url``, which
must be a 127.0.0.1 or localhost address), then ``--clients`` clients, each on
its own keep-alive connection, send ``--requests`` ``POST /api/analyze``
requests in all, cycling through mid-game expert positions from real play
(the ``midgame-expert`` corpus of ``python -m benchmarks engines``). Without ``--rate``
every client sends its next request as soon as the last is answered (a closed
loop: the server is saturated and latency is mostly queueing); with ``--rate``
requests start on a fixed schedule spread over the clients (an open loop), and
each latency counts from the scheduled start. Meanwhile ``/api/health`` is asked
every 20 ms. Each answer is compared with ``analyze(board).to_dict()`` computed
here before the load (all but ``seconds``). Prints requests per second, latency
percentiles and the health checks; exits 1 if any answer is wrong, lost or late
past 30 s, or any health check fails.

``--huge N`` mixes N huge requests in, all sent at the start, each on its own
connection: in turn an analysis of a ``--huge-size`` square board (a true layout
with every mine and half the other cells covered), ``/api/generate`` and a
no-guess ``/api/game`` of that size with 15% mines. Each is bounded by the
server's time limit (``--huge-time-limit`` asks for less) once it runs, and must be
answered 200 (an answer or ``status: unknown``) within 180 s, waiting included. ``--health-target MS`` exits 1 too when
the health checks' p99 is above it. ``--smoke`` is a small run of everything
(40 requests, 3 huge ones of 300x300, a server time limit of 2 s).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cnfsweep import Board, analyze
from cnfsweep.play.boards import true_board

from benchmarks.harness import corpora as bench_corpora
from benchmarks.harness.stats import percentile
from benchmarks.harness.results import verdict, write_result
from benchmarks.harness.server import Connection, free_port, health_status, live_server

__all__ = ["Connection", "free_port", "health_status", "live_server"]  # the harness's, used here and by the tests

TIMEOUT = 30.0
#: A huge request waits for the huge ones ahead of it in the main lane, each up to the time limit.
HUGE_TIMEOUT = 180.0
HEALTH_EVERY = 0.02


@dataclass
class Report:
    """What a load run measured."""

    requests: int
    clients: int
    rate: float | None
    seconds: float = 0.0
    answered: int = 0
    wrong: int = 0
    lost: int = 0
    latencies_ms: list[float] = field(default_factory=list, repr=False)
    health_checks: int = 0
    health_failures: int = 0
    health_ms: list[float] = field(default_factory=list, repr=False)
    huge: int = 0
    huge_answers: dict[str, int] = field(default_factory=dict)
    huge_ms: list[float] = field(default_factory=list, repr=False)

    @property
    def huge_failures(self) -> int:
        """Huge requests lost or answered anything but 200."""
        return self.huge - sum(n for kind, n in self.huge_answers.items() if kind.split()[1] == "200")

    @property
    def ok(self) -> bool:
        """Every request answered correctly, every huge one answered 200, and every health check answered."""
        return (
            self.answered == self.requests
            and not self.wrong
            and not self.lost
            and not self.health_failures
            and not self.huge_failures
        )

    def summary(self) -> dict[str, Any]:
        """The figures, without the raw latencies."""
        doc = {k: v for k, v in asdict(self).items() if k not in ("latencies_ms", "health_ms", "huge_ms")}
        doc["requests_per_second"] = round(self.answered / self.seconds, 1) if self.seconds else None
        doc["huge_failures"] = self.huge_failures
        for name, values in (("latency", self.latencies_ms), ("health", self.health_ms), ("huge", self.huge_ms)):
            for q in (50, 90, 99, 100):
                doc[f"{name}_p{q}_ms"] = round(percentile(values, q / 100), 2) if values else None
        doc["ok"] = self.ok
        return doc


def expected_document(board: Board) -> dict[str, Any]:
    """Return what ``/api/analyze`` must answer for ``board``, ``seconds`` left out."""
    # Read from the text sent, as the server reads it (the document names the format read).
    doc = analyze(Board.parse(board.to_text())).to_dict()
    doc.pop("seconds")
    return doc


def huge_board(n: int, seed: int = 1) -> Board:
    """A true n x n layout (one mine in six) with every mine and half the other cells covered: seconds of work."""
    rng = random.Random(seed)
    mines = rng.sample(range(n * n), n * n // 6)
    shown = true_board(n, n, [divmod(i, n) for i in mines]).grid
    grid = ["".join("." if ch == "*" or rng.random() < 0.5 else ch for ch in row) for row in shown]
    return Board.from_rows(grid, total_mines=len(mines))


def huge_requests(count: int, size: int, time_limit: float | None, seed: int = 1) -> list[tuple[str, bytes]]:
    """``count`` huge requests: an analysis, a generation and a no-guess game of ``size`` x ``size``, in turn."""
    if not count:
        return []
    limit = {} if time_limit is None else {"time_limit": time_limit}
    board = json.dumps({"board": huge_board(size, seed).to_text(), **limit}).encode()
    shape = {"rows": size, "cols": size, "mines": size * size * 15 // 100}
    kinds = [
        lambda i: ("/api/analyze", board),
        lambda i: ("/api/generate", json.dumps({**shape, "seed": seed + i, **limit}).encode()),
        lambda i: ("/api/game", json.dumps({**shape, "seed": seed + i, "no_guess": True}).encode()),
    ]
    return [kinds[i % len(kinds)](i) for i in range(count)]


async def run_load(
    url: str,
    boards: Sequence[Board],
    requests: int,
    clients: int,
    rate: float | None = None,
    huge: Sequence[tuple[str, bytes]] = (),
) -> Report:
    """Send ``requests`` analyses of ``boards`` (in turn) from ``clients`` connections; check each answer.

    The ``huge`` requests (path and body) are sent at the start, each on a connection of its own, and
    must be answered 200 (an answer or ``status: unknown``).
    """
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit(f"load only a local server (127.0.0.1 or localhost), not {host}")
    bodies = [json.dumps({"board": b.to_text()}).encode() for b in boards]
    expected = [expected_document(b) for b in boards]
    report = Report(requests, clients, rate, huge=len(huge))
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(requests):
        queue.put_nowait(i)
    done = asyncio.Event()
    start = time.perf_counter()

    async def client() -> None:
        conn = Connection(host, port)
        try:
            while not queue.empty():
                i = queue.get_nowait()
                due = start + i / rate if rate else time.perf_counter()
                if rate:
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                try:
                    status, body = await asyncio.wait_for(
                        conn.request("POST", "/api/analyze", bodies[i % len(bodies)]), TIMEOUT
                    )
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
                    report.lost += 1
                    conn.close()
                    conn = Connection(host, port)
                    continue
                report.latencies_ms.append((time.perf_counter() - due) * 1000)
                doc = json.loads(body) if status == 200 else None
                if doc is not None:
                    doc.pop("seconds", None)
                if doc == expected[i % len(expected)]:
                    report.answered += 1
                else:
                    report.wrong += 1
        finally:
            conn.close()

    async def health() -> None:
        conn = Connection(host, port)
        try:
            while not done.is_set():
                t = time.perf_counter()
                try:
                    status, _ = await asyncio.wait_for(conn.request("GET", "/api/health"), TIMEOUT)
                    ok = status == 200
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
                    ok = False
                    conn.close()
                    conn = Connection(host, port)
                report.health_checks += 1
                report.health_failures += not ok
                report.health_ms.append((time.perf_counter() - t) * 1000)
                await asyncio.sleep(HEALTH_EVERY)
        finally:
            conn.close()

    async def heavy(path: str, body: bytes) -> None:
        conn = Connection(host, port)
        t = time.perf_counter()
        try:
            status, answer = await asyncio.wait_for(conn.request("POST", path, body), HUGE_TIMEOUT)
            doc = json.loads(answer)
            kind = f"{status} {doc.get('status', 'error' if 'error' in doc else 'answer')}"
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
            kind = "lost"
        finally:
            conn.close()
        report.huge_ms.append((time.perf_counter() - t) * 1000)
        report.huge_answers[f"{path} {kind}"] = report.huge_answers.get(f"{path} {kind}", 0) + 1

    watcher = asyncio.create_task(health())
    heavies = [asyncio.create_task(heavy(path, body)) for path, body in huge]
    await asyncio.gather(*(client() for _ in range(clients)))
    report.seconds = time.perf_counter() - start
    await asyncio.gather(*heavies)  # health is still asked while the huge requests finish
    done.set()
    await watcher
    return report


def midgame_expert(count: int, seed: int, folder: Path = bench_corpora.CORPUS_DIR) -> list[Board]:
    """Mid-game expert positions from real play: the benchmark's ``midgame-expert`` corpus."""
    return [item.board for item in bench_corpora.midgame("expert", count, seed, folder)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rate", type=float, default=None, help="requests per second (open loop); default: closed loop"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--small-workers", type=int, default=1, help="the server's --small-workers")
    parser.add_argument("--threads", action="store_true", help="serve with --threads (a thread pool)")
    parser.add_argument("--huge", type=int, default=0, help="huge requests mixed in (0-16)")
    parser.add_argument(
        "--huge-size", type=int, default=1000, help="rows and columns of a huge request's board (20-1000)"
    )
    parser.add_argument(
        "--huge-time-limit", type=float, default=None, help="seconds a huge analysis or generation asks for"
    )
    parser.add_argument("--time-limit", type=float, default=None, help="the server's --time-limit")
    parser.add_argument(
        "--health-target", type=float, default=None, help="exit 1 if the health checks' p99 is above MS"
    )
    parser.add_argument("--smoke", action="store_true", help="a small run of everything")
    parser.add_argument("--url", default=None, help="a running local server instead of starting one")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.smoke:
        args.requests, args.clients, args.positions = 40, 4, 5
        args.huge, args.huge_size, args.time_limit = 3, 300, args.time_limit or 2.0
    if not 1 <= args.requests <= 100_000 or not 1 <= args.clients <= 1000:
        parser.error("--requests must be 1-100000 and --clients 1-1000")
    if not 0 <= args.huge <= 16 or not 20 <= args.huge_size <= 1000:
        parser.error("--huge must be 0-16 and --huge-size 20-1000")
    boards = midgame_expert(args.positions, args.seed)
    huge = huge_requests(args.huge, args.huge_size, args.huge_time_limit, args.seed)
    options = [
        "--workers",
        str(args.workers),
        "--small-workers",
        str(args.small_workers),
        *(["--threads"] if args.threads else []),
        *(["--time-limit", str(args.time_limit)] if args.time_limit else []),
    ]
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(live_server(options))
        report = asyncio.run(run_load(url, boards, args.requests, args.clients, args.rate, huge))
    doc = report.summary()
    doc["pool"] = "url" if args.url else ("thread" if args.threads else "process")
    doc["workers"], doc["small_workers"] = args.workers, args.small_workers
    missed = args.health_target is not None and (doc["health_p99_ms"] or 0) > args.health_target
    doc["health_target_ms"], doc["health_target_met"] = args.health_target, not missed
    print(
        f"{doc['answered']}/{doc['requests']} answered correctly ({doc['wrong']} wrong, {doc['lost']} lost) "
        f"from {args.clients} clients in {report.seconds:.2f} s: {doc['requests_per_second']} requests/s; "
        f"latency p50 {doc['latency_p50_ms']} ms, p90 {doc['latency_p90_ms']} ms, p99 {doc['latency_p99_ms']} ms, "
        f"max {doc['latency_p100_ms']} ms; health {doc['health_checks']} checks, {doc['health_failures']} failed, "
        f"p50 {doc['health_p50_ms']} ms, p99 {doc['health_p99_ms']} ms, max {doc['health_p100_ms']} ms"
    )
    if huge:
        print(
            f"huge requests ({args.huge_size}x{args.huge_size}): {report.huge_answers}; "
            f"{doc['huge_failures']} failed; took p50 {doc['huge_p50_ms']} ms, max {doc['huge_p100_ms']} ms"
        )
    if args.health_target is not None:
        print(f"health p99 target {args.health_target} ms: {verdict(not missed)}")
    if args.json:
        write_result(args.json, doc)
    return 0 if report.ok and not missed else 1


if __name__ == "__main__":
    sys.exit(main())

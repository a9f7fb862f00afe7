"""Load a live ``cnfsweep serve`` with analyse requests and check every answer.

Usage: python scripts/load.py [--requests 500] [--clients 50] [--positions 50] [--seed 1]
                              [--rate PER_SECOND] [--workers 2] [--threads] [--url URL] [--json out.json]

Starts ``cnfsweep serve`` on a free port of 127.0.0.1 (or loads ``--url``, which
must be a 127.0.0.1 or localhost address), then ``--clients`` clients, each on
its own keep-alive connection, send ``--requests`` ``POST /api/analyze``
requests in all, cycling through mid-game expert positions from real play
(the ``midgame-expert`` corpus of ``scripts/bench.py``). Without ``--rate``
every client sends its next request as soon as the last is answered (a closed
loop: the server is saturated and latency is mostly queueing); with ``--rate``
requests start on a fixed schedule spread over the clients (an open loop), and
each latency counts from the scheduled start. Meanwhile ``/api/health`` is asked
every 20 ms. Each answer is compared with ``analyze(board).to_dict()`` computed
here (all but ``seconds``). Prints requests per second, latency percentiles and
the health checks; exits 1 if any answer is wrong, lost or late past 30 s, or
any health check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_corpora  # noqa: E402

from cnfsweep import Board, analyze  # noqa: E402

TIMEOUT = 30.0
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

    @property
    def ok(self) -> bool:
        """Every request answered correctly and every health check answered."""
        return self.answered == self.requests and not self.wrong and not self.lost and not self.health_failures

    def summary(self) -> dict[str, Any]:
        """The figures, without the raw latencies."""
        doc = {k: v for k, v in asdict(self).items() if k not in ("latencies_ms", "health_ms")}
        doc["requests_per_second"] = round(self.answered / self.seconds, 1) if self.seconds else None
        for name, values in (("latency", self.latencies_ms), ("health", self.health_ms)):
            for q in (50, 90, 99, 100):
                doc[f"{name}_p{q}_ms"] = round(percentile(values, q), 2) if values else None
        doc["ok"] = self.ok
        return doc


def percentile(values: Sequence[float], q: float) -> float:
    """Return the nearest-rank ``q``-th percentile of ``values``."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


class Connection:
    """A keep-alive HTTP/1.1 connection speaking just enough of the protocol for JSON requests."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        """Send one request and return the status code and body of its answer."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
        self.writer.write(head.encode() + body)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            self.writer.close()


async def health_status(host: str, port: int) -> int:
    """Ask ``/api/health`` once on a connection of its own, closed after."""
    connection = Connection(host, port)
    try:
        return (await connection.request("GET", "/api/health"))[0]
    finally:
        connection.close()
        if connection.writer is not None:
            await connection.writer.wait_closed()


def expected_document(board: Board) -> dict[str, Any]:
    """Return what ``/api/analyze`` must answer for ``board``, ``seconds`` left out."""
    doc = analyze(board.to_text()).to_dict()  # read from text, as the server reads it (the document names the format)
    doc.pop("seconds")
    return doc


async def run_load(url: str, boards: Sequence[Board], requests: int, clients: int,
                   rate: float | None = None) -> Report:
    """Send ``requests`` analyses of ``boards`` (in turn) from ``clients`` connections; check each answer."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit(f"load only a local server (127.0.0.1 or localhost), not {host}")
    bodies = [json.dumps({"board": b.to_text()}).encode() for b in boards]
    expected = [expected_document(b) for b in boards]
    report = Report(requests, clients, rate)
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
                        conn.request("POST", "/api/analyze", bodies[i % len(bodies)]), TIMEOUT)
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

    watcher = asyncio.create_task(health())
    await asyncio.gather(*(client() for _ in range(clients)))
    report.seconds = time.perf_counter() - start
    done.set()
    await watcher
    return report


def free_port() -> int:
    """Return a port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def live_server(options: Sequence[str] = (), startup: float = 60.0) -> Iterator[str]:
    """Run ``cnfsweep serve`` on a free local port; yield its URL once ``/api/health`` answers."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cnfsweep", "serve", "--port", str(port), *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"cnfsweep serve stopped: {proc.stdout.read() if proc.stdout else ''}")
            with contextlib.suppress(OSError):
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    pass
                if asyncio.run(health_status("127.0.0.1", port)) == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("cnfsweep serve did not answer /api/health in time")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def midgame_expert(count: int, seed: int, folder: Path = bench_corpora.CORPUS_DIR) -> list[Board]:
    """Mid-game expert positions from real play: the benchmark's ``midgame-expert`` corpus."""
    return [item.board for item in bench_corpora.midgame("expert", count, seed, folder)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=None, help="requests per second (open loop); default: closed loop")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", action="store_true", help="serve with --threads (a thread pool)")
    parser.add_argument("--url", default=None, help="a running local server instead of starting one")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if not 1 <= args.requests <= 100_000 or not 1 <= args.clients <= 1000:
        parser.error("--requests must be 1-100000 and --clients 1-1000")
    boards = midgame_expert(args.positions, args.seed)
    options = ["--workers", str(args.workers), *(["--threads"] if args.threads else [])]
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(live_server(options))
        report = asyncio.run(run_load(url, boards, args.requests, args.clients, args.rate))
    doc = report.summary()
    doc["pool"] = "url" if args.url else ("thread" if args.threads else "process")
    doc["workers"] = args.workers
    print(f"{doc['answered']}/{doc['requests']} answered correctly ({doc['wrong']} wrong, {doc['lost']} lost) "
          f"from {args.clients} clients in {report.seconds:.2f} s: {doc['requests_per_second']} requests/s; "
          f"latency p50 {doc['latency_p50_ms']} ms, p90 {doc['latency_p90_ms']} ms, p99 {doc['latency_p99_ms']} ms, "
          f"max {doc['latency_p100_ms']} ms; health {doc['health_checks']} checks, {doc['health_failures']} failed, "
          f"p99 {doc['health_p99_ms']} ms")
    if args.json:
        args.json.write_text(json.dumps(doc, indent=1))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())

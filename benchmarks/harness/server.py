"""A live ``cnfsweep serve`` for the benchmarks that measure the server: on a free local port, stopped after."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence


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
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
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


def free_port() -> int:
    """Return a port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def live_server(options: Sequence[str] = (), startup: float = 60.0) -> Iterator[str]:
    """Run ``cnfsweep serve`` on a free local port; yield its URL once ``/api/health`` answers."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cnfsweep", "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
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

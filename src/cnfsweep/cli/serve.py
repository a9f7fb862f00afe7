"""``cnfsweep serve``: the page and the HTTP API on a local server (needs the ``serve`` extra)."""

from __future__ import annotations

import importlib.util
import socket
import threading
import webbrowser
from typing import Annotated

import typer
from rich.console import Console

from cnfsweep.cli.common import BackendOpt, fail
from cnfsweep.core.errors import CnfsweepError

EXTRA = "cnfsweep serve needs FastAPI and uvicorn: pip install 'cnfsweep[serve]'"


def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 127.0.0.1 lets only this machine in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on.")] = 8000,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in a browser once the server is up.")
    ] = False,
    max_cells: Annotated[
        int, typer.Option("--max-cells", min=1, help="Largest board (rows x columns) taken.")
    ] = 1_000_000,
    max_body: Annotated[int, typer.Option("--max-body", min=1, help="Largest request body in bytes; 413 past it.")] = 1
    << 20,
    max_picture: Annotated[
        int,
        typer.Option("--max-picture", min=1, help="Largest screenshot POST /api/read takes, in bytes; 413 past it."),
    ] = 16 << 20,
    time_limit: Annotated[
        float, typer.Option("--time-limit", min=0.001, help="Seconds per analysis; past them the answer is 'unknown'.")
    ] = 10.0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Worker processes (or threads) for analyses.")
    ] = 2,
    small_workers: Annotated[
        int,
        typer.Option(
            "--small-workers",
            min=0,
            help="Workers more that take only small boards, so that huge ones cannot hold them up; 0 for none.",
        ),
    ] = 1,
    small_board: Annotated[
        int,
        typer.Option(
            "--small-board",
            min=1,
            help="The largest board the small workers take: characters of board text, or cells to generate.",
        ),
    ] = 4096,
    max_queue: Annotated[
        int,
        typer.Option(
            "--max-queue", min=1, help="Analyses and generations running or waiting at most; past it 503 at once."
        ),
    ] = 1024,
    threads: Annotated[
        bool, typer.Option("--threads", help="Analyse in threads of the server's process instead of worker processes.")
    ] = False,
    backend: BackendOpt = None,
) -> None:
    """Serve the analysis page and the JSON API (Ctrl-C stops)."""
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        fail(EXTRA)
    # Imported here: the other commands do not pay for FastAPI at start-up.
    import uvicorn

    from cnfsweep.engine.backends import get_backend
    from cnfsweep.web import Pool, Settings, create_app

    try:
        get_backend(backend)
        settings = Settings(
            host=host,
            port=port,
            max_body=max_body,
            max_picture=max_picture,
            max_cells=max_cells,
            time_limit=time_limit,
            pool=Pool.THREAD if threads else Pool.PROCESS,
            workers=workers,
            backend=backend,
            max_queue=max_queue,
            small_workers=small_workers,
            small_board=small_board,
        )
    except CnfsweepError as exc:
        fail(str(exc))
    sock = _listen(host, port)
    port = sock.getsockname()[1]  # the port the system chose for --port 0
    url = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0', '::') else host}:{port}/"

    def ready() -> None:
        # Called once the workers are up; uvicorn starts listening just after.
        typer.echo(f"cnfsweep serving {url} (API docs at {url}docs; Ctrl-C stops)")
        if open_page:
            threading.Timer(0.5, webbrowser.open, [url]).start()

    server = uvicorn.Server(uvicorn.Config(create_app(settings, on_ready=ready), log_level="warning", access_log=False))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        # uvicorn would exit 3, which cnfsweep keeps for running out of a time limit.
        Console(stderr=True, highlight=False).print("error: the server did not start (uvicorn says why above)")
        raise typer.Exit(1)


def _listen(host: str, port: int) -> socket.socket:
    """Bind the server's socket before anything says it serves: a port in use is one line, exit 2."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family)
    except OSError as exc:
        # create_server adds '(while attempting to bind on address ...)', which the line already says.
        why = str(exc.strerror or exc).split(" (while attempting")[0]
        fail(f"--port {port}: cannot listen on {host}:{port}: {why}")

"""How a server runs: where it listens and the limits it keeps."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cnfsweep.core.errors import CnfsweepError

__all__ = ["SMALL_BOARD", "Pool", "Settings"]

#: The largest job the small workers take by default: characters of board text, or cells of a board to
#: generate (a 64x64 board; an expert board's text has about 500).
SMALL_BOARD = 4096


class Pool(Enum):
    """Where analyses run: threads of the server's process, or worker processes."""

    THREAD = "thread"
    PROCESS = "process"


@dataclass(frozen=True)
class Settings:
    """Everything a server is started with; ``cnfsweep serve`` options map to these fields.

    Attributes
    ----------
    host, port : str, int
        Where to listen; 127.0.0.1 by default, so only this machine can connect.
    max_body : int
        Largest request body in bytes; a larger one is answered 413.
    max_picture : int
        Largest screenshot ``POST /api/read`` takes, in bytes (its body, in place of ``max_body``); 413 past it.
    max_cells : int
        Largest board (rows x columns) analysed, checked or played; a larger one is answered 413.
    time_limit : float
        Seconds one analysis or check may take; past them the answer is ``{"status": "unknown"}``.
        A request may ask for less, never more.
    pool : Pool
        Threads or processes for analyses, so that none runs on the event loop.
    workers : int
        Threads or processes in the main pool, which takes every job.
    small_workers : int
        Threads or processes more, which take only small jobs, so that huge ones
        filling the main pool hold no small one up; 0 for none.
    small_board : int
        The largest job the small workers take: characters of board text, or cells of a board to generate.
    backend : str or None
        Solver backend spec (the default backend when ``None``).
    max_games : int
        Games in progress kept in memory; the least recently played is dropped past it.
    max_queue : int
        Analyses and generations running or waiting at most; past it a request is answered 503 at once.

    Examples
    --------
    >>> Settings().port, Settings().max_body, Settings().time_limit
    (8000, 1048576, 10.0)
    >>> Settings(max_cells=0)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.CnfsweepError: max_cells must be at least 1, got 0
    """

    host: str = "127.0.0.1"
    port: int = 8000
    max_body: int = 1 << 20
    max_picture: int = 16 << 20
    max_cells: int = 1_000_000
    time_limit: float = 10.0
    pool: Pool = Pool.PROCESS
    workers: int = 2
    backend: str | None = None
    max_games: int = 256
    max_queue: int = 1024
    small_workers: int = 1
    small_board: int = SMALL_BOARD

    def __post_init__(self) -> None:
        for name in ("max_body", "max_picture", "max_cells", "workers", "max_games", "max_queue", "small_board"):
            if getattr(self, name) < 1:
                raise CnfsweepError(f"{name} must be at least 1, got {getattr(self, name)}")
        if self.small_workers < 0:
            raise CnfsweepError(f"small_workers must be at least 0, got {self.small_workers}")
        if not 0 <= self.port <= 65535:
            raise CnfsweepError(f"port must be 0-65535, got {self.port}")
        if not self.time_limit > 0:
            raise CnfsweepError(f"time_limit must be positive, got {self.time_limit}")

"""A screenshot read as a job: the picture's bytes sent to the server, read in the worker pool.

``POST /api/read`` takes the picture as the request body (PNG, JPEG or BMP, told by its first bytes as
``cnfsweep read`` tells them); a :class:`ReadJob` reads it in a worker with
:func:`~cnfsweep.formats.picture.read.read_picture` (tens of milliseconds of numpy work, kept off the
event loop like any analysis).  It answers the board as ``POST /api/board`` does (``rows``, ``cols``,
``grid``, ``total_mines``, ``text``, ``topology``) and the reading as ``cnfsweep read --json`` prints it
(``pitch``, ``origin``, ``skin``, ``cells``, ``board``, ``confidence``, ``least_confident``).  A picture
that cannot be read answers the CLI's one-line message (400); without the optional extra ``image`` the
server answers 501 saying what to install.
"""

from __future__ import annotations

from dataclasses import dataclass

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.web.jobs import JobOutcome, PoolAccess, Verdict, board_document, board_too_large, timed_out

__all__ = ["ReadJob", "run_read"]


@dataclass(frozen=True)
class ReadJob:
    """A picture to read in the worker pool: its bytes and the name its errors go by.

    Examples
    --------
    >>> import json
    >>> outcome = ReadJob(b"1.\\n..\\n", "shot.png").run()
    >>> outcome.verdict, json.loads(outcome.body)["error"]
    (<Verdict.BAD_INPUT: 'bad_input'>, 'shot.png: not a picture: expected a PNG, JPEG or BMP screenshot (text boards need no reading)')
    """

    data: bytes
    name: str = "picture"
    time_limit: float = 10.0
    max_cells: int = 1_000_000
    started: float | None = None

    @property
    def size(self) -> int:
        """How large the job is: the picture's bytes (a screenshot is never a small job)."""
        return len(self.data)

    def run(self) -> JobOutcome:
        """Answer the job here and now (a worker does): :func:`run_read`."""
        return run_read(self)

    def expired(self) -> JobOutcome:
        """What the job answers past its time limit: :func:`~cnfsweep.web.jobs.timed_out`'s document."""
        return JobOutcome.of(Verdict.UNKNOWN, timed_out(self.time_limit, "time limit"))

    async def outcome(self, server: PoolAccess) -> JobOutcome:
        """Run in the worker pool."""
        return await server.pool(self)


def run_read(job: ReadJob) -> JobOutcome:
    """Read the job's picture: the board and the reading, or ``{"error": message}``, the line ``cnfsweep read`` prints."""
    from cnfsweep.formats.picture.read import ExtraMissing, read_picture

    try:
        reading = read_picture(job.data, job.name)
    except ExtraMissing as exc:
        return JobOutcome.error(Verdict.UNAVAILABLE, str(exc))
    except CnfsweepError as exc:
        return JobOutcome.error(Verdict.BAD_INPUT, str(exc))
    board = reading.board()
    too_large = board_too_large(board, job.max_cells)
    if too_large is not None:
        return JobOutcome.error(Verdict.TOO_LARGE, f"{job.name}: {too_large}")
    return JobOutcome.of(Verdict.ANSWER, {**board_document(board), **reading.to_dict()})

"""Game moves as jobs, and the :class:`Server` every job runs against.

Every job the server answers is a frozen dataclass with ``outcome(server)``: it
says where it runs and what it answers, a :class:`~cnfsweep.web.jobs.JobOutcome`
(a verdict and the JSON body). Engine work (analyses, checks, hints, levels,
generation: :mod:`~cnfsweep.web.jobs`) runs in the worker pool
(``server.pool(job)``). A game move runs in the server's own process, in one of
its threads (``server.store(...)``): the games live there, in the
:class:`~cnfsweep.web.games.GameStore`, and a move is quick. A new no-guess game
does both: its board is generated in the pool, then the store starts it.

Game documents are encoded without spaces, as the server has always sent them;
analyses as ``cnfsweep ... --json`` prints them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from cnfsweep.core.errors import CnfsweepError
from cnfsweep.web.games import GameStore, GameTooLarge, NewGame, UnknownGame
from cnfsweep.web.jobs import GenerateJob, JobOutcome, PuzzleJob, Verdict
from cnfsweep.web.workers import PoolJob, Workers

__all__ = [
    "AnyJob",
    "FlagPuzzleCell",
    "GameTrace",
    "OpenCell",
    "OpenPuzzleCell",
    "Server",
    "ShowGame",
    "ShowPuzzle",
    "StartGame",
    "StartPuzzle",
    "ToggleFlag",
    "failure",
]


def failure(exc: CnfsweepError) -> JobOutcome:
    """Answer a refused request or move: ``{"error": message}``, with the verdict its kind of error has.

    Examples
    --------
    >>> failure(UnknownGame("no game with this id")).verdict
    <Verdict.NO_SUCH_GAME: 'no_such_game'>
    >>> failure(CnfsweepError("the game is over")).body
    b'{"error":"the game is over"}'
    """
    verdict = (
        Verdict.NO_SUCH_GAME
        if isinstance(exc, UnknownGame)
        else Verdict.TOO_LARGE
        if isinstance(exc, GameTooLarge)
        else Verdict.BAD_INPUT
    )
    return JobOutcome.compact(verdict, {"error": str(exc)})


@dataclass(frozen=True)
class Server:
    """Where jobs run: the worker pool, and the games the server holds; settings the jobs take from it.

    Attributes
    ----------
    workers : Workers
        The worker pool: engine work runs there.
    games : GameStore
        The games in play: moves run against it, in the server's threads.
    time_limit : float
        The server's time limit, for a new no-guess game's board.
    max_cells : int
        The largest board the server takes.
    """

    workers: Workers
    games: GameStore
    time_limit: float
    max_cells: int

    async def pool(self, job: PoolJob) -> JobOutcome:
        """Run ``job.run()`` in a worker (a busy pool answers ``Verdict.BUSY`` at once)."""
        return await self.workers.run(job)

    async def store(self, move: Callable[[GameStore], dict[str, Any]]) -> JobOutcome:
        """Run ``move(games)`` in one of the server's threads and answer its game document, or the error it raised."""
        try:
            document = await run_in_threadpool(move, self.games)
        except CnfsweepError as exc:
            return failure(exc)
        return JobOutcome.compact(Verdict.ANSWER, document)


class AnyJob(Protocol):
    """What a route hands to ``answer``: a job that knows where it runs and what it answers."""

    async def outcome(self, server: Server) -> JobOutcome:
        """Run the job and return its verdict and JSON body."""
        ...


@dataclass(frozen=True)
class StartGame:
    """Start a game (``POST /api/game``); a no-guess one's board is generated in the worker pool first.

    ``started`` is ``time.perf_counter()`` when the request came: a no-guess board's time limit runs from then.
    """

    spec: NewGame
    started: float | None = None

    async def outcome(self, server: Server) -> JobOutcome:
        """Start the game in the store, generating a no-guess board in the pool first (board 0 of the run seeded ``seed``)."""
        spec = self.spec
        if not spec.no_guess:
            return await server.store(lambda games: games.new(spec))
        try:
            level = server.games.check(spec)  # refused before any work in the pool
        except CnfsweepError as exc:
            return failure(exc)
        if spec.seed is None:
            spec = dataclasses.replace(spec, seed=random.SystemRandom().getrandbits(32))
        assert spec.seed is not None
        generated = await server.pool(
            GenerateJob(
                level,
                spec.seed,
                time_limit=server.time_limit,
                max_cells=server.max_cells,
                text=False,
                started=self.started,
            )
        )
        if generated.verdict is not Verdict.ANSWER:
            return generated  # a time-out answers as /api/generate's does

        def start(games: GameStore) -> dict[str, Any]:
            made = json.loads(generated.body)
            return games.new(spec, (made["mine_cells"], made["start"]))

        return await server.store(start)


@dataclass(frozen=True)
class ShowGame:
    """What the player of a game sees now (``GET /api/game/{id}``)."""

    game_id: str

    async def outcome(self, server: Server) -> JobOutcome:
        """Read the game's document from the store."""
        return await server.store(lambda games: games.get(self.game_id))


@dataclass(frozen=True)
class GameTrace:
    """A game as a trace line to download (``GET /api/game/{id}/record``): what ``cnfsweep replay`` reads."""

    game_id: str

    async def outcome(self, server: Server) -> JobOutcome:
        """Write the game's trace line from the store."""
        return await server.store(lambda games: games.trace(self.game_id))


@dataclass(frozen=True)
class OpenCell:
    """Open a cell of a game (``POST /api/game/{id}/click``)."""

    game_id: str
    row: int
    col: int

    async def outcome(self, server: Server) -> JobOutcome:
        """Open the cell in the store."""
        return await server.store(lambda games: games.click(self.game_id, self.row, self.col))


@dataclass(frozen=True)
class ToggleFlag:
    """Flag a covered cell of a game, or take its flag off (``POST /api/game/{id}/flag``)."""

    game_id: str
    row: int
    col: int

    async def outcome(self, server: Server) -> JobOutcome:
        """Flag or unflag the cell in the store."""
        return await server.store(lambda games: games.flag(self.game_id, self.row, self.col))


@dataclass(frozen=True)
class StartPuzzle:
    """Start playing a variant puzzle (``POST /api/puzzle/game``): made in the worker pool, then kept in the store.

    The answer stays on the server: the player gets the puzzle's view (:meth:`~cnfsweep.variants.game.PuzzleGame.view`).
    """

    job: PuzzleJob
    lives: int

    async def outcome(self, server: Server) -> JobOutcome:
        """Make the puzzle in the pool (a refusal or a time-out answers as ``/api/puzzle``'s), then start its game."""
        made = await server.pool(self.job)
        if made.verdict is not Verdict.ANSWER:
            return made
        return await server.store(lambda games: games.new_puzzle(json.loads(made.body), self.lives))


@dataclass(frozen=True)
class ShowPuzzle:
    """What the player of a puzzle game sees now (``GET /api/puzzle/game/{id}``)."""

    game_id: str

    async def outcome(self, server: Server) -> JobOutcome:
        """Read the puzzle game's view from the store."""
        return await server.store(lambda games: games.puzzle(self.game_id))


@dataclass(frozen=True)
class OpenPuzzleCell:
    """Open a cell of a puzzle game (``POST /api/puzzle/game/{id}/click``): the store judges it by the answer."""

    game_id: str
    row: int
    col: int

    async def outcome(self, server: Server) -> JobOutcome:
        """Open the cell in the store."""
        return await server.store(lambda games: games.open_puzzle(self.game_id, self.row, self.col))


@dataclass(frozen=True)
class FlagPuzzleCell:
    """Flag a covered cell of a puzzle game, or take its flag off (``POST /api/puzzle/game/{id}/flag``)."""

    game_id: str
    row: int
    col: int

    async def outcome(self, server: Server) -> JobOutcome:
        """Flag or unflag the cell in the store."""
        return await server.store(lambda games: games.flag_puzzle(self.game_id, self.row, self.col))

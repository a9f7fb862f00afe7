"""Run one function over many items, here or on a Dask cluster, with results in order.

A :class:`Runner` sends the items out in small chunks and keeps only a bounded
number of chunks in flight, so a run of millions of items never holds millions
of futures, and it yields each result as soon as every earlier one is in.
Dask (``distributed``) is an optional dependency, imported only when chosen.
"""

from __future__ import annotations

import logging
import re
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from enum import Enum
from itertools import islice
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from cnfsweep.core.errors import CnfsweepError

T = TypeVar("T")
R = TypeVar("R")

# Chunks waiting or running per worker thread: enough that no worker idles
# while the oldest chunk is handed back, few enough to keep memory flat.
CHUNKS_PER_SLOT = 4

_ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?(?:\[[0-9a-fA-F:.]+\]|[^\s/:\[\]]+):\d{1,5}")


class Executor(Enum):
    """Say where games are played."""

    LOCAL = "local"  # this process, or a pool of local processes
    DASK = "dask"  # a Dask cluster: a fresh local one, or a running scheduler


def check_executor(executor: Executor, scheduler: str | None = None) -> None:
    """Raise :class:`CnfsweepError` unless ``executor`` and ``scheduler`` can be used together.

    Nothing is started or contacted; Dask must be installed when it is chosen.

    Examples
    --------
    >>> check_executor(Executor.LOCAL)
    >>> check_executor(Executor.LOCAL, "tcp://10.0.0.5:8786")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.CnfsweepError: a scheduler address needs the dask executor (--executor dask)
    """
    if executor is Executor.LOCAL:
        if scheduler is not None:
            raise CnfsweepError("a scheduler address needs the dask executor (--executor dask)")
        return
    if scheduler is not None and _ADDRESS.fullmatch(scheduler.strip()) is None:
        raise CnfsweepError(f"scheduler address must look like tcp://HOST:PORT, got {scheduler!r}")
    _distributed()


def _distributed() -> ModuleType:
    try:
        import distributed
    except ImportError:
        raise CnfsweepError("the dask executor needs Dask distributed: pip install 'cnfsweep[dask]'") from None
    return distributed


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT inside the block (in the main thread: elsewhere signals cannot be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class InterruptGuard:
    """Let Ctrl-C stop the program anywhere but inside :meth:`hold` blocks, and right after those.

    Inside the ``with`` statement (in the main thread, where Ctrl-C would raise
    :exc:`KeyboardInterrupt`) a SIGINT raises :exc:`KeyboardInterrupt` as usual,
    except within ``hold()``: there it is noted and raised as the block ends,
    so a block that records one result (a list, a file) is never cut in half.
    Blocks may nest.  Elsewhere, or when SIGINT is ignored or handled otherwise,
    it changes nothing.

    Examples
    --------
    >>> done = []
    >>> with InterruptGuard() as guard:
    ...     with guard.hold():
    ...         done.append(1)
    >>> done
    [1]
    """

    def __init__(self) -> None:
        self._previous: Any = None
        self._holding = 0  # depth of hold() blocks
        self._pending = False
        self.interrupted = False  # a Ctrl-C came while the guard was on

    def __enter__(self) -> InterruptGuard:
        if threading.current_thread() is threading.main_thread() and (
            signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._previous is None:
            return
        # signal.signal first runs the handler for a SIGINT already caught: note it, raise it below.
        self._holding += 1
        signal.signal(signal.SIGINT, self._previous)
        self._previous = None
        self._holding -= 1
        pending, self._pending = self._pending, False
        if pending and exc_type is None:
            raise KeyboardInterrupt

    def _handle(self, signum: int, frame: Any) -> None:
        self.interrupted = True
        if self._holding:
            self._pending = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Run the block whole: a Ctrl-C meanwhile raises :exc:`KeyboardInterrupt` once it is done."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if self._pending and not self._holding:
                self._pending = False
                raise KeyboardInterrupt


def _quiet_after_interrupt(guard: InterruptGuard) -> None:
    """Keep Dask's own callbacks, cut short by a Ctrl-C, from printing tracebacks of its internals.

    The user asked to stop and the summary says so; what Dask's event loop logs
    while its futures are cancelled under it (distributed's ``cancel`` callback can
    raise a NameError then) is no news to them. The filter drops records from the
    moment the signal arrives, before any cancelling starts on Dask's own thread.
    """
    for name in ("tornado.application", "asyncio", "distributed"):
        logging.getLogger(name).addFilter(lambda _record: not guard.interrupted)


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread inside the block; one sent meanwhile is delivered right after it.

    Processes started inside inherit the blocked signal (through exec too), so Ctrl-C cannot
    reach a pool worker before :func:`_ignore_sigint` has run in it (as CPython's resource tracker does).
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_sigint() -> None:
    """Start a pool worker: Ctrl-C is for the parent, which cancels the rest and shuts the pool down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # also drops a SIGINT held back by _sigint_blocked
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _run_chunk(fn: Callable[[T], R], chunk: Sequence[T]) -> list[R]:
    return [fn(item) for item in chunk]


class Runner:
    """Map a function over items on local processes or a Dask cluster, in order.

    Use it as a context manager: entering starts the process pool or the Dask
    client (and, without a scheduler address, a ``LocalCluster`` of
    ``workers`` single-threaded processes); leaving shuts them down.

    Parameters
    ----------
    executor : Executor
        :attr:`Executor.LOCAL` plays in this process when ``workers`` is 1 and in
        a process pool otherwise; :attr:`Executor.DASK` uses Dask distributed.
    workers : int
        Local processes, or workers of the local Dask cluster.
    scheduler : str or None
        Address of a running Dask scheduler, such as ``tcp://10.0.0.5:8786``.
    chunk : int
        Items per task: fewer, larger tasks spend less on scheduling.

    Examples
    --------
    >>> with Runner(Executor.LOCAL, workers=1) as runner:
    ...     list(runner.map(abs, [-3, 1, -2]))
    [3, 1, 2]
    """

    def __init__(
        self, executor: Executor = Executor.LOCAL, workers: int = 1, scheduler: str | None = None, chunk: int = 4
    ) -> None:
        check_executor(executor, scheduler)
        if workers < 1 or chunk < 1:
            raise CnfsweepError(f"workers and chunk must be at least 1, got {workers} and {chunk}")
        self.executor = executor
        self.workers = workers
        self.scheduler = scheduler
        self.chunk = chunk
        self._stack = ExitStack()
        self._submit: Callable[..., Any] | None = None
        self._slots = 1
        self._guard: InterruptGuard | None = None
        self._pool = False

    def __enter__(self) -> Runner:
        try:
            self._guard = self._stack.enter_context(InterruptGuard())
            if self.executor is Executor.DASK:
                self._start_dask()
            elif self.workers > 1:
                # Ctrl-C reaches every process of the terminal's group: the workers ignore it and
                # finish their chunk, while this process cancels the rest and shuts the pool down.
                # Workers start inside submit (see map), where SIGINT is blocked until they ignore it.
                pool = self._stack.enter_context(
                    ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint)
                )
                self._submit, self._slots, self._pool = pool.submit, self.workers, True
        except BaseException:
            self._stack.close()
            raise
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._submit, self._guard, self._pool = None, None, False
        self._stack.close()

    def hold(self) -> AbstractContextManager[None]:
        """Run a block whole: Ctrl-C meanwhile raises :exc:`KeyboardInterrupt` once it is done.

        For code that records a result (in a list and a file, say) while :meth:`map`
        runs; see :class:`InterruptGuard`.  Outside the ``with`` statement it does nothing.
        """
        return self._guard.hold() if self._guard is not None else nullcontext()

    def _start_dask(self) -> None:
        distributed = _distributed()
        if self._guard is not None:
            _quiet_after_interrupt(self._guard)
        if self.scheduler is None:
            # As with the process pool, Ctrl-C is for this process alone: processes started while
            # SIGINT is ignored keep ignoring it, and the cluster is closed when the Runner is left.
            with _sigint_ignored():
                cluster = self._stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=self.workers, threads_per_worker=1, processes=True, dashboard_address=None
                    )
                )
            client = self._stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = self._stack.enter_context(distributed.Client(self.scheduler.strip()))
            except (OSError, ValueError) as exc:
                raise CnfsweepError(f"cannot use the Dask scheduler at {self.scheduler}: {exc}") from None
        # Timing makes results impure: never let Dask reuse an earlier result for the same inputs.
        self._submit = lambda *args: client.submit(*args, pure=False)
        self._slots = max(1, sum(client.nthreads().values()))

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield ``fn(item)`` for each item, in the items' order, as soon as each is known.

        ``fn`` must be picklable (a module-level function, or a
        :func:`functools.partial` of one) for any executor but one local process.
        """
        if self._submit is None:
            if self.executor is Executor.LOCAL and self.workers == 1:
                yield from map(fn, items)
                return
            raise RuntimeError("use the Runner in a with statement")
        submit = self._submit
        source = iter(items)
        pending: deque[Any] = deque()
        limit = CHUNKS_PER_SLOT * self._slots
        try:
            while True:
                while len(pending) < limit and (chunk := list(islice(source, self.chunk))):
                    # Ctrl-C waits until the future is in `pending` (to be cancelled) and the pool's
                    # books are straight; local workers start in submit, with SIGINT blocked.
                    with self.hold(), _sigint_blocked() if self._pool else nullcontext():
                        pending.append(submit(_run_chunk, fn, chunk))
                if not pending:
                    return
                # Waiting on the oldest chunk keeps the order; later ones run meanwhile.
                yield from pending.popleft().result()
        finally:
            # A caller that stops early (an error, Ctrl-C) should not leave work queued.
            for future in pending:
                future.cancel()

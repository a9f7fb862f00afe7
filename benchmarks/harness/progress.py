"""The progress bar every benchmark shows: rich, on standard error, so standard output stays the report."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def stderr_console() -> Console:
    """Return a console on standard error (the report, when printed, goes to standard output)."""
    return Console(stderr=True)


def progress_bar(console: Console | None = None, *, transient: bool = False) -> Progress:
    """Return a progress bar: the task's description, the bar, done of total, time elapsed.

    Parameters
    ----------
    console
        Where it draws; standard error when ``None``.
    transient
        Whether the bar disappears when done.
    """
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console or stderr_console(),
        transient=transient,
    )

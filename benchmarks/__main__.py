"""``python -m benchmarks NAME [OPTIONS]``: run one benchmark or study; ``--list`` lists them."""

from __future__ import annotations

import importlib
import os
import select
import sys
from collections.abc import Sequence

from benchmarks import ENTRIES, entry

USAGE = "usage: python -m benchmarks NAME [OPTIONS] | --list   (NAME --help for its options)"


def listing() -> str:
    """Return the ``--list`` text: each entry's name, kind and summary, and what it needs."""
    width = max(len(e.name) for e in ENTRIES)
    lines = []
    for e in ENTRIES:
        needs = f" [needs {e.needs}]" if e.needs and e.smoke is None else ""
        lines.append(f"{e.name:<{width}}  {e.kind.value:<9}  {e.summary}{needs}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the entry named first in ``argv``; return its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(f"{USAGE}\n\n{listing()}")
        return 0 if args else 2
    if args[0] == "--list":
        print(listing())
        return 0
    try:
        chosen = entry(args[0])
    except KeyError:
        print(f"benchmarks: no benchmark named {args[0]!r}; python -m benchmarks --list lists them", file=sys.stderr)
        return 2
    module = importlib.import_module(f"benchmarks.{chosen.module}")
    status = module.main(args[1:])
    return int(status or 0)


def reader_gone() -> bool:
    """Whether standard output is a pipe whose reader has closed its end (``| head`` has read enough).

    A ``BrokenPipeError`` may also come from a pipe to a worker or a peer process, which is a real
    failure: only the one on standard output is the reader's choice. Without ``poll`` (Windows) a broken
    pipe is taken to be standard output's.
    """
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    if not hasattr(select, "poll"):
        return True
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    return any(events & select.POLLERR for _, events in poller.poll(0))


def run() -> int:
    """Run `main` as the command does: a reader that stops early ends it quietly, with status 1.

    ``python -m benchmarks NAME | head`` closes the pipe after a few lines; the rest of the output has
    nowhere to go, which is no error of the benchmark, so no traceback is printed (the status is 1, as
    the ``cnfsweep`` command's under the same pipe).
    """
    try:
        status = main()
        sys.stdout.flush()  # output still buffered meets the closed pipe here, not at exit
    except BrokenPipeError:
        if not reader_gone():
            raise
        # Python flushes standard output once more at exit; pointed at nothing, that flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    sys.exit(run())

"""``python -m benchmarks NAME [OPTIONS]``: run one benchmark or study; ``--list`` lists them."""

from __future__ import annotations

import importlib
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


if __name__ == "__main__":
    sys.exit(main())

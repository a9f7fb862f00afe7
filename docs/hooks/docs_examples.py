"""Run every example of the documentation and the README as it is written.

Usage: python docs/hooks/docs_examples.py [PAGE.md ...]   (from the repository root)

- A ``python`` block with ``>>>`` prompts is a doctest: its output must match (``...`` stands for
  any text, as doctest's ELLIPSIS reads it). Any other ``python`` block runs as a script.
  The blocks of one page run in order in one namespace, so a tutorial can build on its earlier steps.
- A ``console`` block holds commands after ``$ `` with what they print below each; a command
  ``cnfsweep ...`` runs in this interpreter (typer's test runner), ``python examples/...`` in a
  child Python. The output must match, ``...`` again standing for any text (timings). A command
  must exit 0 unless it ends with a comment ``# exit N``; one whose comment says ``needs EXTRA``
  (``replay``, ``serve``, ``png``) is skipped where that extra is not installed.
- ``sh`` and ``text`` blocks are shown, not run (installs, long benchmarks, synopses, documents).

Pages run from the repository root, which is where their paths (``examples/...``) start. Only the
installed ``cnfsweep`` is used: run from a fresh environment after ``pip install .``, this is the
newcomer's path through every tutorial (``.ci/run`` does so); ``tests/test_docs.py`` runs the same
checks under pytest. Exits 1, listing each failure, when an example does not do what its page says.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"( *)```(\S*).*")
EXIT = re.compile(r"#\s*exit\s+(\d+)")
NEEDS = re.compile(r"#.*\bneeds\s+(\w+)")
EXTRAS = {"replay": "ms_toollib", "serve": "fastapi", "png": "resvg_py"}
"""The module each optional extra brings: a command marked ``# needs EXTRA`` is skipped without it."""


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: the line its body starts on, its language and its body."""

    line: int
    language: str
    body: str


def blocks(text: str) -> list[Block]:
    """Return the fenced blocks of Markdown text, each body with the fence's indentation removed.

    Examples
    --------
    >>> blocks("a\\n  ```sh\\n  ls\\n  ```\\n```\\n1.\\n```\\n")
    [Block(line=3, language='sh', body='ls\\n'), Block(line=6, language='', body='1.\\n')]
    """
    found, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        opening = FENCE.fullmatch(lines[i])
        i += 1
        if not opening:
            continue
        indent, language, start, body = len(opening[1]), opening[2], i + 1, []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:] + "\n")
            i += 1
        found.append(Block(start, language, "".join(body)))
        i += 1
    return found


def pages() -> list[Path]:
    """The README and every page of the documentation."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Command:
    """One command of a ``console`` block, what it must print and the status it must exit with."""

    line: int
    argv: tuple[str, ...]
    expected: str
    status: int
    extra: str | None = None


def commands(block: Block) -> list[Command]:
    """Return the commands of a ``console`` block.

    Examples
    --------
    >>> commands(Block(3, "console", "$ cnfsweep check x.txt  # exit 1\\nno\\n$ cnfsweep backends\\n"))
    [Command(line=3, argv=('cnfsweep', 'check', 'x.txt'), expected='no\\n', status=1, extra=None), Command(line=5, argv=('cnfsweep', 'backends'), expected='', status=0, extra=None)]
    """
    found: list[Command] = []
    for offset, text in enumerate(block.body.splitlines(keepends=True)):
        if text.startswith("$ "):
            status, extra = EXIT.search(text), NEEDS.search(text)
            found.append(
                Command(
                    block.line + offset,
                    tuple(shlex.split(text[2:], comments=True)),
                    "",
                    int(status[1]) if status else 0,
                    extra[1] if extra else None,
                )
            )
        elif found:
            last = found[-1]
            found[-1] = Command(last.line, last.argv, last.expected + text, last.status, last.extra)
    return found


def run_command(argv: tuple[str, ...]) -> tuple[int, str]:
    """Run one documented command from the repository root; return its status and what it printed."""
    if argv[0] == "cnfsweep":
        from typer.testing import CliRunner

        from cnfsweep.cli import app

        result = CliRunner().invoke(app, list(argv[1:]))
        return result.exit_code, result.output
    if argv[0] == "python" and len(argv) > 1 and argv[1].startswith("examples/"):
        done = subprocess.run([sys.executable, *argv[1:]], capture_output=True, text=True, check=False)
        return done.returncode, done.stdout + done.stderr
    raise ValueError(f"cannot run {' '.join(argv)!r}: a console example runs cnfsweep or python examples/...")


def matches(expected: str, printed: str) -> bool:
    """Whether printed text is what a page shows, trailing spaces aside, ``...`` standing for any text."""
    tidy = "".join(line.rstrip() + "\n" for line in printed.splitlines()).rstrip("\n") + "\n"
    want = "".join(line.rstrip() + "\n" for line in expected.splitlines()).rstrip("\n") + "\n"
    return doctest.OutputChecker().check_output(want, tidy, doctest.ELLIPSIS)


@contextlib.contextmanager
def at_root() -> Iterator[None]:
    """Run from the repository root, and come back."""
    before = Path.cwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(before)


def check_page(path: Path, text: str | None = None) -> list[str]:
    """Run every example of one page in order; return what failed, one message each (none: all ran)."""
    text = path.read_text() if text is None else text
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem}"}
    failures: list[str] = []
    with at_root():
        for block in blocks(text):
            if block.language == "python" and ">>>" in block.body:
                failures += _doctest(block, namespace, f"{where}:{block.line}")
            elif block.language == "python":
                try:
                    exec(compile(block.body, f"{where}:{block.line}", "exec"), namespace)
                except Exception as exc:  # a failing example is reported, whatever it raised
                    failures.append(f"{where}:{block.line}: {type(exc).__name__}: {exc}")
            elif block.language == "console":
                for command in commands(block):
                    if command.extra and importlib.util.find_spec(EXTRAS[command.extra]) is None:
                        print(f"{where}:{command.line}: skipped, needs the {command.extra} extra", file=sys.stderr)
                        continue
                    status, printed = run_command(command.argv)
                    if status != command.status or not matches(command.expected, printed):
                        failures.append(
                            f"{where}:{command.line}: $ {' '.join(command.argv)} exited {status} "
                            f"(the page says {command.status}) and printed:\n{printed}"
                        )
    return failures


def _doctest(block: Block, namespace: dict[str, object], name: str) -> list[str]:
    test = doctest.DocTestParser().get_doctest(block.body, namespace, name, name.rsplit(":", 1)[0], block.line - 1)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    runner.run(test, out=report.write, clear_globs=False)
    namespace.update(test.globs)  # a DocTest runs in a copy: later blocks see what this one defined
    return [report.getvalue()] if runner.failures else []


def main(argv: list[str]) -> int:
    chosen = [Path(name).resolve() for name in argv] or pages()
    failures = [failure for page in chosen for failure in check_page(page)]
    for failure in failures:
        print(failure, file=sys.stderr)
    failed = {failure.split(":", 1)[0] for failure in failures}
    print(f"every example run on {len(chosen)} pages; the examples of {len(failed)} pages failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

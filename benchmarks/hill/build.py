"""Build David Hill's Minesweeper solver and our harness for it, from a fetched copy, outside this repository.

Usage: python -m benchmarks hill-build [--source PATH] [--rev REV] [--build-dir DIR]

``--source`` (or the environment variable ``HILL_SOURCE``) is a checkout or a
bare mirror of https://github.com/DavidNHill/Minesweeper (``git clone --mirror
https://github.com/DavidNHill/Minesweeper`` makes one).  The three folders the
solver needs (``MinesweeperGameState/src``, ``Asynchronous/src``,
``MineSweeperSolver/src``; no library jars) are extracted into
``--build-dir/<commit>/src`` (default ``$XDG_CACHE_HOME/cnfsweep/hill``, else
``~/.cache/cnfsweep/hill``), compiled with ``javac`` into ``classes``, and
``HillHarness.java`` (ours, beside this file) into ``harness``.  None of his
code enters this repository: a build directory inside it is refused.  A build
is reused while its commit and the harness's source are unchanged.

The last line printed is the command that runs the harness (see
``HillHarness.java`` for its input and output).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: builds there are not guarded against each other
    fcntl = None  # type: ignore[assignment]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HARNESS = HERE / "HillHarness.java"
ENV = "HILL_SOURCE"
FOLDERS = ("MinesweeperGameState/src", "Asynchronous/src", "MineSweeperSolver/src")
HOW_TO_GET = (
    f"give --source PATH or set {ENV} to a checkout or bare mirror of it "
    "(git clone --mirror https://github.com/DavidNHill/Minesweeper)"
)
# His code targets Java 8 (its README); older compilers cannot build it.
MIN_JAVA = 8
# One core for the JIT and the collector too: the machines running this are shared.
JVM_FLAGS = ("-XX:ActiveProcessorCount=1", "-XX:+UseSerialGC", "-Xss8m")


class BuildError(Exception):
    """Hill's solver cannot be built here; the message is one line saying why and what to do."""


@dataclass(frozen=True)
class HillBuild:
    """A compiled copy of Hill's solver and the harness, ready to run.

    Attributes
    ----------
    commit : str
        The commit of his repository that was built (``worktree`` for a copy without git).
    classes, harness : Path
        Where his classes and the harness's class are.
    """

    commit: str
    classes: Path
    harness: Path

    def command(self, settings: str = "small", play_style: str = "no_flag") -> list[str]:
        """Return the command that runs the harness, reading layouts from standard input."""
        java = shutil.which("java")
        if java is None:
            raise BuildError("java not found on PATH: install a Java runtime (8 or newer)")
        classpath = os.pathsep.join((str(self.classes), str(self.harness)))
        return [java, *JVM_FLAGS, "-cp", classpath, "HillHarness", "--settings", settings, "--play-style", play_style]


def default_build_dir() -> Path:
    """Return where builds go unless told: the user's cache, outside any repository."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "cnfsweep" / "hill"


def source_path(given: str | os.PathLike[str] | None) -> Path:
    """Return the copy of his repository to build from: ``given``, else ``$HILL_SOURCE``."""
    text = os.fspath(given) if given is not None else os.environ.get(ENV)
    if not text:
        raise BuildError(f"no copy of Hill's Minesweeper repository: {HOW_TO_GET}")
    path = Path(text).expanduser()
    if not path.exists():
        raise BuildError(f"{path} does not exist: {HOW_TO_GET}")
    return path


def java_version(tool: str = "javac") -> int:
    """Return the major version of ``javac`` on the path (8 for ``1.8.0_x``)."""
    found = shutil.which(tool)
    if found is None:
        raise BuildError(f"{tool} not found on PATH: install a JDK ({MIN_JAVA} or newer)")
    done = subprocess.run([found, "-version"], check=False, capture_output=True, text=True)
    match = re.search(r"(\d+)(?:\.(\d+))?", done.stdout + done.stderr)
    if done.returncode != 0 or match is None:
        raise BuildError(f"{tool} -version failed: {(done.stderr or done.stdout).strip()[:200]}")
    major = int(match[1])
    return int(match[2] or 0) if major == 1 else major


def _git(git_args: Sequence[str], *, capture: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *git_args], check=False, capture_output=capture)


def _is_bare(path: Path) -> bool:
    # A mirror fetched without a config file is bare all the same, though git says otherwise when asked.
    if not ((path / "HEAD").is_file() and (path / "objects").is_dir()):
        return False
    return _git(["--git-dir", str(path), "rev-parse", "--verify", "--quiet", "HEAD"]).returncode == 0


def resolve_commit(source: Path, rev: str) -> str:
    """Return the full commit ``rev`` names in ``source`` (a bare mirror or a git checkout)."""
    where = ["--git-dir", str(source)] if _is_bare(source) else ["-C", str(source)]
    done = _git([*where, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"])
    if done.returncode != 0:
        raise BuildError(f"{source}: no commit {rev!r} there")
    return done.stdout.decode().strip()


def extract(source: Path, rev: str, target: Path) -> str:
    """Put the solver's source folders of ``source`` under ``target``; return the commit taken.

    A bare mirror, or a git checkout when ``rev`` is not ``HEAD``, gives the
    folders as committed at ``rev``; any other checkout gives them as they are
    on disk (commit ``worktree`` when it is not a git checkout).
    """
    bare = _is_bare(source)
    is_checkout = (source / FOLDERS[-1]).is_dir()
    if not bare and not is_checkout:
        raise BuildError(
            f"{source} is neither a checkout nor a bare mirror of Hill's Minesweeper (no {FOLDERS[-1]}): {HOW_TO_GET}"
        )
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    if bare or rev != "HEAD":
        commit = resolve_commit(source, rev)
        where = ["--git-dir", str(source)] if bare else ["-C", str(source)]
        archive = _git([*where, "archive", "--format=tar", commit, *FOLDERS])
        if archive.returncode != 0:
            raise BuildError(
                f"{source}: git archive of {', '.join(FOLDERS)} at {commit[:12]} failed: "
                f"{archive.stderr.decode(errors='replace').strip()[:200]}"
            )
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
        return commit
    for folder in FOLDERS:
        if not (source / folder).is_dir():
            raise BuildError(f"{source} has no {folder}: is it a checkout of Hill's Minesweeper?")
        shutil.copytree(source / folder, target / folder)
    head = _git(["-C", str(source), "rev-parse", "HEAD"])
    return head.stdout.decode().strip() if head.returncode == 0 else "worktree"


def _javac(sources: list[Path], out: Path, classpath: Path | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    listing = out.parent / f"{out.name}-sources.txt"
    listing.write_text("".join(f"{p}\n" for p in sources), encoding="utf-8")
    command = ["javac", "-J-XX:ActiveProcessorCount=1", "-nowarn", "-encoding", "UTF-8", "-d", str(out)]
    if classpath is not None:
        command += ["-cp", str(classpath)]
    done = subprocess.run([*command, f"@{listing}"], check=False, capture_output=True, text=True)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        raise BuildError(
            f"javac failed on {out.name} ({len(errors)} errors), first: "
            f"{(errors or done.stderr.splitlines() or ['?'])[0].strip()[:300]}"
        )


def build(
    source: str | os.PathLike[str] | None = None,
    build_dir: str | os.PathLike[str] | None = None,
    rev: str = "HEAD",
    *,
    force: bool = False,
) -> HillBuild:
    """Extract and compile Hill's solver and the harness; reuse an earlier build of the same inputs.

    Raises
    ------
    BuildError
        No copy of his repository, no JDK, a build directory inside this
        repository, or a compiler error; the message is one line.
    """
    origin = source_path(source)
    base = Path(build_dir).expanduser().resolve() if build_dir is not None else default_build_dir()
    if base == ROOT or ROOT in base.parents:
        raise BuildError(
            f"build directory {base} is inside this repository: keep Hill's code out of it "
            f"(the default is {default_build_dir()})"
        )
    if java_version() < MIN_JAVA:
        raise BuildError(f"javac is older than Java {MIN_JAVA}: install a newer JDK")
    base.mkdir(parents=True, exist_ok=True)
    # One build at a time per build directory: a second run would otherwise replace the classes a first one runs.
    with open(base / "lock", "w", encoding="utf-8") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(origin, base, rev, force)


def _build_locked(origin: Path, base: Path, rev: str, force: bool) -> HillBuild:
    commit = resolve_commit(origin, rev) if _is_bare(origin) or rev != "HEAD" else None
    # A plain checkout may carry edits, so it is extracted and compiled afresh every time.
    stamp_text = hashlib.sha256(HARNESS.read_bytes()).hexdigest()
    if commit is not None and not force:
        here = base / commit
        stamp = here / "built.txt"
        if stamp.is_file() and stamp.read_text(encoding="utf-8") == stamp_text:
            return HillBuild(commit, here / "classes", here / "harness")
    staging = Path(tempfile.mkdtemp(prefix="staging-", dir=base))
    try:
        commit_taken = extract(origin, rev, staging / "src")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    here = base / commit_taken
    if here.exists():
        shutil.rmtree(here)
    staging.rename(here)
    sources = sorted(p for folder in FOLDERS for p in (here / "src" / folder).rglob("*.java"))
    _javac(sources, here / "classes")
    _javac([HARNESS], here / "harness", classpath=here / "classes")
    (here / "built.txt").write_text(stamp_text, encoding="utf-8")
    return HillBuild(commit_taken, here / "classes", here / "harness")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help=f"checkout or bare mirror of DavidNHill/Minesweeper (default ${ENV})")
    parser.add_argument("--rev", default="HEAD", help="commit to build (default HEAD)")
    parser.add_argument("--build-dir", help=f"where to build (default {default_build_dir()})")
    parser.add_argument("--force", action="store_true", help="rebuild even if a build of the same inputs exists")
    args = parser.parse_args(argv)
    try:
        built = build(args.source, args.build_dir, args.rev, force=args.force)
        command = built.command()
    except BuildError as exc:
        print(f"hill-build: {exc}", file=sys.stderr)
        return 2
    print(f"built Hill's solver at commit {built.commit} in {built.classes.parent}")
    print(" ".join(command))
    return 0


if __name__ == "__main__":
    sys.exit(main())

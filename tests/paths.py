"""Where the repository's files are, for tests in any folder."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository."""
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT / "examples"
SCRIPTS = ROOT / "scripts"

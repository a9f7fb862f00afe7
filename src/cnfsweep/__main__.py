"""Run the command line as ``python -m cnfsweep``."""

from cnfsweep.cli import app

app(prog_name="cnfsweep")

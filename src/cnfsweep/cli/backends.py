"""``cnfsweep backends``: the solver backends, whether each is installed, and its version."""

from __future__ import annotations

from typing import Annotated

from cnfsweep.cli.common import emit, json_option

__all__ = ["backends_command"]


def backends_command(json_out: Annotated[bool, json_option("the list", "the table")] = False) -> None:
    """List the solver backends, whether each is installed, and its version."""
    from rich.console import Console

    from cnfsweep.engine.backends import DEFAULT, backend_info
    from cnfsweep.present.text import backends_table

    infos = backend_info()
    if json_out:
        emit({"default": DEFAULT, "backends": [vars(i) for i in infos]})
    else:
        Console().print(backends_table(infos))

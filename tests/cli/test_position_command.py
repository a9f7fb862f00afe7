"""``solve`` and ``check`` take their shared options from one owner, ``cli.common.position_command``."""

from __future__ import annotations

import inspect
from typing import get_args

import pytest
import typer.main

from cnfsweep.cli import app
from cnfsweep.cli import common
from cnfsweep.cli.check import check_command
from cnfsweep.cli.common import Answer, position_command
from cnfsweep.cli.solve import solve_command

# The options in the order their --help lists them (as it did when each command wrote its own).
ORDERS = {
    "solve": ["board", "mines", "backend", "json_out", "fmt", "assume", "counting", "time_limit", "arithmetic"],
    "check": ["board", "assume", "mines", "backend", "json_out", "fmt", "minimise", "time_limit"],
}
SHARED = {"board": "BoardArg", "mines": "MinesOpt", "backend": "BackendOpt", "fmt": "FormatOpt", "assume": "AssumeOpt"}


@pytest.mark.parametrize(("name", "command"), [("solve", solve_command), ("check", check_command)])
def test_the_shared_options_are_commons_own_in_the_helps_order(name: str, command: object) -> None:
    params = inspect.signature(command).parameters  # type: ignore[arg-type]
    assert list(params) == ORDERS[name]
    for param, alias in {**SHARED, "time_limit": "TimeLimitOpt"}.items():
        # The very option object common declares, not a copy written again.
        assert get_args(params[param].annotation)[1] is get_args(getattr(common, alias))[1], param
    built = typer.main.get_command(app).commands[name]
    assert [p.name for p in built.params] == ORDERS[name]


def own(json_out: bool) -> Answer:
    """A command's own part: nothing but the answer."""
    return lambda position, assumed, deadline: 0


@pytest.mark.parametrize(
    "order",
    ["board mines json_out json_out", "board mines", "board mines json_out colour"],
    ids=["repeated", "own option left out", "unknown name"],
)
def test_an_order_must_name_every_option_once(order: str) -> None:
    with pytest.raises(TypeError, match="must name every option of own once"):
        position_command("the count", order)(own)

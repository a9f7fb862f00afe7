"""A package outside cnfsweep adds a backend, a format, a policy, a topology and a variant rule through entry points.

The plug-in is a real distribution as an installer leaves it: a module and a
``.dist-info`` directory with ``METADATA`` and ``entry_points.txt``, found by
``importlib.metadata`` on ``sys.path``.  Its classes are the ``TEMPLATE.py``
files, re-exported from the plug-in's own module as a newcomer's copy would be.
Each command runs in a child process, so that this process's registries stay as
they are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import cnfsweep
from cnfsweep import Board, analyze
from cnfsweep.core.TEMPLATE import Cross

ENTRY_POINTS = """\
[cnfsweep.backends]
backtrack = tinyplug:BacktrackBackend

[cnfsweep.formats]
csvgrid = tinyplug:CsvGridFormat

[cnfsweep.policies]
corner = tinyplug:CornerPolicy
broken = tinyplug_missing:Nothing
misnamed = tinyplug:CornerPolicy
oldcorner = tinyplug:OldCorner

[cnfsweep.topologies]
cross = tinyplug:Cross

[cnfsweep.rules]
VT = tinyplug:Vertical
"""

MODULE = """\
from cnfsweep.core.TEMPLATE import Cross
from cnfsweep.engine.backends.TEMPLATE import BacktrackBackend
from cnfsweep.formats.TEMPLATE import CsvGridFormat
from cnfsweep.play.TEMPLATE import CornerPolicy
from cnfsweep.variants.TEMPLATE import Vertical
from cnfsweep.core.board import Cell


class OldCorner(CornerPolicy):
    # Written before Policy.start: it overrides the deprecated first_click only.
    name = "oldcorner"

    def first_click(self, level, rule=None):
        return Cell(level.rows - 1, level.cols - 1)
"""

BOARD = "mines,3\n1,?,?,?\n?,?,?,?\n?,?,2,?\n"


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the installed plug-in ``tinyplug``, to put on ``sys.path``."""
    site = tmp_path_factory.mktemp("site")
    (site / "tinyplug.py").write_text(MODULE)
    info = site / "tinyplug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinyplug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (site / "board.csvgrid").write_text(BOARD)
    return site


def cnfsweep_with(site: Path, *args: str, warnings: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``cnfsweep ARGS...`` in a child process that sees the plug-in (and this cnfsweep), with ``warnings`` shown."""
    src = str(Path(cnfsweep.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), src]), "COLUMNS": "200", "PYTHONWARNINGS": warnings}
    return subprocess.run(
        [sys.executable, "-m", "cnfsweep", *args],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        cwd=site,
        timeout=120,
    )


def test_solve_with_the_plugins_backend_and_format(plugin: Path) -> None:
    done = cnfsweep_with(plugin, "solve", "board.csvgrid", "--backend", "backtrack", "--format", "csvgrid", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["backend"] == "backtrack" and doc["format"] == "csvgrid"
    # The same position read by the built-in reader and solved by the default backend: the same exact answers.
    expected = analyze(Board.from_rows(["1...", "....", "..2."], total_mines=3))
    for r, row in enumerate(expected.board.grid):
        for c, ch in enumerate(row):
            if ch == ".":
                assert Fraction(doc["exact"][r][c]) == expected.exact((r, c)), (r, c)


def test_a_file_is_detected_as_the_plugins_format(plugin: Path) -> None:
    (plugin / "plain.txt").write_text(BOARD)
    done = cnfsweep_with(plugin, "solve", "plain.txt", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["format"] == "csvgrid"


def test_play_with_the_plugins_policy_on_its_topology(plugin: Path) -> None:
    done = cnfsweep_with(
        plugin,
        "play",
        "--policy",
        "corner:tolerance=0.1",
        "--topology",
        "cross",
        "--size",
        "6x6",
        "--mines",
        "5",
        "--games",
        "3",
        "--trace",
        "-",
    )
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(games) == 3 and {g["topology"] for g in games} == {"cross"}


def test_a_plugin_policy_implementing_only_the_old_first_click_still_plays_and_warns(plugin: Path) -> None:
    done = cnfsweep_with(
        plugin, "play", "--policy", "oldcorner", "--games", "2", "--trace", "-", warnings="always::DeprecationWarning"
    )
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(games) == 2 and all(g["start"] == [g["rows"] - 1, g["cols"] - 1] for g in games)  # its far corner
    assert "OldCorner.first_click is deprecated: implement OldCorner.start" in done.stderr


def test_the_help_and_the_errors_name_the_plugins(plugin: Path) -> None:
    done = cnfsweep_with(plugin, "play", "--help")
    assert "From plug-ins: cross." in done.stdout and "From plug-ins: backtrack." in done.stdout
    done = cnfsweep_with(plugin, "play", "--topology", "sphere", "--games", "1")
    assert done.returncode == 2 and "expected square, torus, hex or cross" in done.stderr


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        (
            "broken",
            "plug-in policy 'broken' (tinyplug_missing:Nothing, from tinyplug 0.1) could not be loaded: "
            "ModuleNotFoundError: No module named 'tinyplug_missing'",
        ),
        (
            "misnamed",
            "plug-in policy 'misnamed' (tinyplug:CornerPolicy, from tinyplug 0.1) is called 'corner' in its code",
        ),
    ],
)
def test_a_bad_plugin_is_one_line_naming_it(plugin: Path, policy: str, message: str) -> None:
    done = cnfsweep_with(plugin, "play", "--policy", policy, "--games", "1")
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_plugins_are_imported_only_when_used(plugin: Path) -> None:
    # Importing cnfsweep and building the command line read the entry points' names, never the plug-in's module.
    src = str(Path(cnfsweep.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin), src])}
    code = "import sys, cnfsweep.cli, cnfsweep.web.models; print('tinyplug' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, env=env, timeout=60
    )
    assert done.stdout.strip() == "False", done.stderr


SERVER_GAME = """\
import json
from fastapi.testclient import TestClient
from cnfsweep.web import Pool, Settings, create_app
with TestClient(create_app(Settings(pool=Pool.THREAD))) as client:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["GameRequest"]["properties"]["topology"]
    game = client.post("/api/game", json={"rows": 4, "cols": 4, "mines": 2, "topology": "cross", "seed": 1})
    sphere = client.post("/api/game", json={"rows": 4, "cols": 4, "mines": 2, "topology": "sphere"})
    analysis = client.post("/api/analyze", json={"board": "mines,1\\n1,?\\n", "format": "csvgrid"})
    print(json.dumps([schema, game.status_code, game.json(), sphere.status_code, analysis.json()]))
"""


def test_the_api_plays_on_the_plugins_topology_and_reads_its_format(plugin: Path) -> None:
    src = str(Path(cnfsweep.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin), src])}
    done = subprocess.run(
        [sys.executable, "-c", SERVER_GAME], check=False, capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    schema, status, game, refused, analysis = json.loads(done.stdout.splitlines()[-1])
    assert schema["enum"] == ["square", "torus", "hex", "cross"] and "From plug-ins: `cross`." in schema["description"]
    assert status == 200 and game["topology"] == "cross" and refused == 422
    assert analysis["format"] == "csvgrid" and analysis["mines"] == [[0, 1]]
    # The page chords and presses by the neighbours the game's answer lists: the plug-in's, four at most.
    assert game["neighbours"] == [list(near) for near in Cross(4, 4).tables().around]


def test_a_board_names_the_plugins_rule_in_its_rules_header(plugin: Path) -> None:
    (plugin / "vertical.txt").write_text("rules: VT\nmines: 2\n. . .\n. 2 .\n")
    result = cnfsweep_with(plugin, "solve", "--json", "vertical.txt")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["rules"] == ["VT", "V"]
    # By hand: two mines among (0,0) (0,1) (0,2) (1,0) (1,2), none above another: 10 pairs less (0,0)-(1,0), (0,2)-(1,2).
    assert answer["solutions"] == "8"

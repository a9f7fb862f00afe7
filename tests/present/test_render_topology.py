"""Pictures of torus, hex and graph boards: each cell in its shape and place, every overlay on each."""

from __future__ import annotations

import hashlib
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import ClassVar

import pytest
import typer
from typer.testing import CliRunner

from paths import EXAMPLES
from cnfsweep import Board, Cell, analyze
from cnfsweep.cli.render import render_command
from cnfsweep.core.cell import Cell as TCell
from cnfsweep.core.topology import ShapeTables
from cnfsweep.engine import levels
from cnfsweep.explanation import hint
from cnfsweep.present.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"
HEX = Board.parse((EXAMPLES / "grids" / "hex.txt").read_text())
TORUS = Board.parse((EXAMPLES / "grids" / "torus.txt").read_text())


def cell_elements(root: ET.Element) -> dict[Cell, ET.Element]:
    out: dict[Cell, ET.Element] = {}
    for e in root.iter():
        if (e.get("class") or "").split()[:1] == ["cell"]:
            cell = Cell(int(e.get("data-row")), int(e.get("data-col")))
            assert cell not in out
            out[cell] = e
    return out


def translate(e: ET.Element) -> tuple[float, float]:
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", e.get("transform")).groups()
    return float(x), float(y)


def hexagon_points(d: str) -> list[tuple[float, float]]:
    """The six corners of a hexagon path written as M x y L x y V y L x y L x y V y Z."""
    tokens = re.findall(r"[MLVZ]|-?[\d.]+", d)
    points, x, y, i = [], 0.0, 0.0, 0
    while i < len(tokens):
        op = tokens[i]
        if op in "ML":
            x, y = float(tokens[i + 1]), float(tokens[i + 2])
            i += 3
        elif op == "V":
            y = float(tokens[i + 1])
            i += 2
        else:
            break
        points.append((x, y))
    return points


def centres(root: ET.Element) -> dict[Cell, tuple[float, float]]:
    """The centre of each cell's hexagon, read from the drawing: its box's place plus its corners' mean."""
    out = {}
    for cell, e in cell_elements(root).items():
        bx, by = translate(e)
        (shape,) = [
            p for p in e if p.tag == f"{SVG}path" and p.get("fill") not in (None, "none") and p.get("fill") != "#fff"
        ]
        corners = hexagon_points(shape.get("d"))
        assert len(corners) == 6
        out[cell] = (bx + sum(x for x, _ in corners) / 6, by + sum(y for _, y in corners) / 6)
    return out


def test_hex_cells_are_hexagons_and_a_cells_six_neighbours_are_the_hexagons_next_to_it() -> None:
    board = Board.from_rows(["." * 6] * 5, topology="hex")
    at = centres(ET.fromstring(render_svg(board, cell_size=20)))
    assert len(at) == 30
    for cell in board.cells():
        near = set(board.neighbours(cell))
        for other in board.cells():
            if other == cell:
                continue
            d = math.dist(at[cell], at[other])
            # Neighbours exactly one cell width apart, every other cell clearly further.
            if other in near:
                assert d == pytest.approx(20, abs=0.02), (cell, other, d)
            else:
                assert d > 20 * 1.5, (cell, other, d)
    # An inner cell has six hexagons at distance 20: the six neighbours of the topology.
    inner = Cell(2, 2)
    assert sum(1 for o in board.cells() if o != inner and math.dist(at[inner], at[o]) < 21) == 6


def test_odd_rows_are_shifted_half_a_cell_right() -> None:
    at = centres(ET.fromstring(render_svg(Board.from_rows(["...", "...", "..."], topology="hex"), cell_size=20)))
    assert at[Cell(1, 0)][0] - at[Cell(0, 0)][0] == pytest.approx(10, abs=0.02)
    assert at[Cell(2, 0)][0] == pytest.approx(at[Cell(0, 0)][0], abs=0.02)


@pytest.mark.parametrize("board", [HEX, TORUS], ids=["hex", "torus"])
def test_every_overlay_on_another_grid(board: Board) -> None:
    a = analyze(board)
    root = ET.fromstring(render_svg(board, a, hint=hint(board), levels=levels(board)))
    found = cell_elements(root)
    assert set(found) == set(board.cells())
    for cell in board.covered:
        assert found[cell].get("data-p") == str(a.exact(cell))
    classes = [(e.get("class") or "") for e in root.iter()]
    assert any(c == "best-guess" for c in classes)
    assert any(c == "hint-move" for c in classes) and any(c.startswith("level ") for c in classes)
    heading = root.find(f".//{SVG}text[@class='heading']").text
    assert f"{board.rows}x{board.cols} {board.topology.name}" in heading


def test_hex_overlays_take_the_cells_shape() -> None:
    root = ET.fromstring(render_svg(HEX, analyze(HEX), hint=hint(HEX)))
    for name in ("best-guess", "hint-move"):
        (e,) = [e for e in root.iter() if e.get("class") == name]
        assert e.tag == f"{SVG}path" and len(hexagon_points(e.get("d"))) == 6


def test_torus_has_wrap_marks_on_all_four_edges_and_says_so() -> None:
    root = ET.fromstring(render_svg(TORUS))
    marks = {e.get("class") for e in root.iter() if (e.get("class") or "").startswith("wrap ")}
    assert marks == {"wrap wrap-top", "wrap wrap-bottom", "wrap wrap-left", "wrap wrap-right"}
    # One tick per column on the top and bottom edges, one per row on the left and right.
    for side, n in (("top", TORUS.cols), ("bottom", TORUS.cols), ("left", TORUS.rows), ("right", TORUS.rows)):
        (g,) = [e for e in root.iter() if e.get("class") == f"wrap wrap-{side}"]
        ticks = next(p for p in g if p.tag == f"{SVG}path").get("d")
        assert ticks.count("M") == n
    caption = " ".join(e.text for e in root.iter() if e.get("class") == "topology-caption")
    assert "wrap around" in caption


def test_square_has_no_wrap_marks_nor_caption() -> None:
    svg = render_svg(Board.from_rows(["1.", ".."]))
    assert "wrap" not in svg and "topology-caption" not in svg


def test_big_hex_boards_are_one_path_per_cell() -> None:
    board = Board.from_rows(["." * 250] * 200, topology="hex")
    found = cell_elements(ET.fromstring(render_svg(board)))
    assert len(found) == 50_000 and all(e.tag == f"{SVG}path" for e in found.values())


# Square pictures must stay as they were: these hashes are of the pictures before other grids were drawn,
# with two changes of words since (issue 35): the heading's size is rows x columns ("5x6", was "6x5"),
# and the levels' legend says the page's words ("GAC (one number): 0", was "GAC: 0"), its swatches
# moved along to make room. Nothing else in any of the four pictures changed.
SQUARE_HASHES = {
    "plain": "62a6f7494a967778",
    "probabilities": "31b309fdfcc1274e",
    "hint": "85051c297ba4a95c",
    "levels": "906a7ff298123f90",
}


@pytest.mark.parametrize("kind", list(SQUARE_HASHES))
def test_square_pictures_are_unchanged(kind: str) -> None:
    board = Board.parse((EXAMPLES / "hint_demo.txt").read_text())
    extra = {
        "plain": {},
        "probabilities": {"analysis": analyze(board)},
        "hint": {"hint": hint(board)},
        "levels": {"levels": levels(board)},
    }[kind]
    assert hashlib.sha1(render_svg(board, **extra).encode()).hexdigest()[:16] == SQUARE_HASHES[kind]


@dataclass(frozen=True)
class StandInGraph:
    """A graph topology as the graph branch defines it: cells (0, i), names, optional pos, tables."""

    names: tuple[str, ...]
    edges: tuple[tuple[int, int], ...]
    pos: object = field(default=None, hash=False, compare=False)  # by index (core.graph.Graph), or by name

    name: ClassVar[str] = "graph"
    max_number: ClassVar[int] = 8

    @property
    def rows(self) -> int:
        return 1

    @property
    def cols(self) -> int:
        return len(self.names)

    def tables(self, deadline: float | None = None) -> ShapeTables:
        near: list[set[int]] = [set() for _ in self.names]
        for a, b in self.edges:
            near[a].add(b)
            near[b].add(a)
        return ShapeTables(tuple(TCell(0, i) for i in range(self.cols)), tuple(tuple(sorted(n)) for n in near))

    def neighbours(self, cell: tuple[int, int]) -> tuple[TCell, ...]:
        cells, around = self.tables()
        return tuple(cells[j] for j in around[cell[1]])

    def sides(self, cell: tuple[int, int]) -> tuple[tuple[TCell, ...], ...]:
        near = self.neighbours(cell)
        return (near,) if near else ()

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and len(cell) == 2 and cell[0] == 0 and 0 <= cell[1] < self.cols

    def cell_text(self, cell: tuple[int, int]) -> str:
        return self.names[cell[1]]

    def cell_json(self, cell: tuple[int, int]) -> str:  # type: ignore[override]
        return self.names[cell[1]]


SQUARE_CYCLE = StandInGraph(("a", "b", "c", "d"), ((0, 1), (1, 2), (2, 3), (3, 0)))


@pytest.mark.parametrize(
    "pos",
    [None, ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)), {"a": [0, 0], "b": [1, 0], "c": [1, 1], "d": [0, 1]}],
    ids=["spring", "pos-by-index", "pos-by-name"],
)
def test_graph_nodes_are_drawn_where_they_are_and_joined_by_their_edges(pos) -> None:
    topology = StandInGraph(SQUARE_CYCLE.names, SQUARE_CYCLE.edges, pos)
    board = Board(("1...",), total_mines=2, topology=topology)
    root = ET.fromstring(render_svg(board, analyze(board)))
    found = cell_elements(root)
    assert set(found) == {Cell(0, i) for i in range(4)}
    at = {}
    for cell, e in found.items():
        bx, by = translate(e)
        (circle,) = [p for p in e if p.tag == f"{SVG}circle" and p.get("fill-opacity") is None]
        at[cell] = (bx + float(circle.get("cx")), by + float(circle.get("cy")))
    (edges,) = [e for e in root.iter() if e.get("class") == "edges"]
    segments = re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", edges.get("d"))
    drawn = {frozenset(((float(a), float(b)), (float(c), float(d)))) for a, b, c, d in segments}
    # The grid group's transform moves nodes and edges alike, so compare in the grid's frame.
    gx, gy = translate(root.find(f".//{SVG}g[@class='grid']"))
    local = {cell: (x, y) for cell, (x, y) in at.items()}
    expected = {frozenset((local[Cell(0, i)], local[Cell(0, j)])) for i, j in SQUARE_CYCLE.edges}
    assert drawn == expected
    if pos is not None:  # where the graph says: a at the origin, b to its right, d below it; a square
        a, b, c, d = (local[Cell(0, i)] for i in range(4))
        assert a[1] == b[1] and a[0] == d[0] and b[0] > a[0] and d[1] > a[1] and c == (b[0], d[1])
        sides = {round(math.dist(local[Cell(0, i)], local[Cell(0, j)]), 1) for i, j in SQUARE_CYCLE.edges}
        assert len(sides) == 1
    assert gx > 0 and gy > 0
    assert "graph of 4 cells" in root.find(f".//{SVG}text[@class='heading']").text


@pytest.fixture
def render_app() -> typer.Typer:
    app = typer.Typer()
    app.command()(render_command)
    return app


@pytest.mark.parametrize("name", ["torus", "hex"])
def test_render_command_draws_other_grids(render_app, tmp_path, name: str) -> None:
    out = tmp_path / f"{name}.svg"
    result = CliRunner().invoke(render_app, [str(EXAMPLES / "grids" / f"{name}.txt"), "-o", str(out), "-p", "--hint"])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    board = HEX if name == "hex" else TORUS
    assert set(cell_elements(root)) == set(board.cells())
    shapes = {e.tag for c, e in cell_elements(root).items()}
    assert shapes == {f"{SVG}g"}
    assert ("wrap wrap-top" in out.read_text()) == (name == "torus")

"""SVG pictures of boards and analyses, and the ``render`` command."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
import typer
from typer.testing import CliRunner

from paths import EXAMPLES
from cnfsweep import Board, Cell, analyze
from cnfsweep.cli.render import render_command
from cnfsweep.present.svg import NUMBER_COLOURS, render_svg
from cnfsweep.present.summary import percent

SVG = "{http://www.w3.org/2000/svg}"
MIXED = Board.from_rows(["12345678", "0.*ab...", "........"], total_mines=12)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def cells(root: ET.Element) -> dict[Cell, ET.Element]:
    """Map each cell to its element, failing if a cell has two."""
    out: dict[Cell, ET.Element] = {}
    for e in root.iter():
        if (e.get("class") or "").split()[:1] == ["cell"]:
            cell = Cell(int(e.get("data-row")), int(e.get("data-col")))
            assert cell not in out, f"two elements for {cell}"
            out[cell] = e
    return out


def texts(e: ET.Element) -> list[str]:
    return [t.text for t in e.iter(f"{SVG}text") if t.text]


@pytest.mark.parametrize("with_analysis", [False, True])
def test_one_element_per_cell_with_its_kind(with_analysis):
    root = parse(render_svg(MIXED, analyze(MIXED) if with_analysis else None))
    found = cells(root)
    assert set(found) == set(MIXED.cells())
    for cell, e in found.items():
        assert e.get("class").split()[1] == MIXED.kind(cell).value


def test_numbers_in_classic_colours_and_labels_as_text():
    found = cells(parse(render_svg(MIXED)))
    for n in range(1, 9):
        (t,) = found[Cell(0, n - 1)].iter(f"{SVG}text")
        assert (t.text, t.get("fill")) == (str(n), NUMBER_COLOURS[n])
    assert texts(found[Cell(1, 0)]) == []  # a revealed 0 is blank, as in the game
    assert texts(found[Cell(1, 3)]) == ["a"] and texts(found[Cell(1, 4)]) == ["b"]
    assert any(u.get("href") == "#flag" for u in found[Cell(1, 2)].iter(f"{SVG}use"))


def test_title_is_escaped_and_shown():
    root = parse(render_svg(MIXED, title='gadget <&> "x"'))
    assert root.find(f"{SVG}title").text == 'gadget <&> "x"'
    assert any(t.startswith('gadget <&> "x"') for t in texts(root))


def test_percentages_match_the_engine():
    board = Board.from_rows(["1.", ".."], total_mines=1)
    found = cells(parse(render_svg(board, analyze(board))))
    for cell in board.covered:
        assert found[cell].get("data-p") == "1/3"
        assert texts(found[cell]) == ["33%"]


def test_every_covered_cell_shows_its_exact_probability():
    board = Board.parse((EXAMPLES / "expert_midgame.txt").read_text())
    result = analyze(board)
    found = cells(parse(render_svg(board, result)))
    for cell in board.covered:
        p = result.exact(cell)
        assert found[cell].get("data-p") == str(p)
        if p not in (0, 1):
            assert texts(found[cell]) == [percent(p)]


def test_certain_cells_best_guess_and_legend():
    board = Board.from_rows(["...", "121"])
    result = analyze(board)
    root = parse(render_svg(board, result, cell_size=24))
    found = cells(root)
    marks = [(Cell(0, 0), "mine", "#mine"), (Cell(0, 1), "safe", "#check"), (Cell(0, 2), "mine", "#mine")]
    for cell, name, mark in marks:
        assert name in found[cell].get("class").split()
        assert [u.get("href") for u in found[cell].iter(f"{SVG}use")][-1] == mark
    (best,) = [e for e in root.iter() if e.get("class") == "best-guess"]
    assert result.best_guess == Cell(0, 1)
    # The outline is centred on the best guess.
    assert float(best.get("x")) + float(best.get("width")) / 2 == 10 + 1.5 * 24
    words = " ".join(texts(root))
    assert "mine probability" in words and "certainly safe" in words and "best guess: row 0, col 1" in words


def test_off_frontier_without_total_is_unknown():
    board = Board.from_rows(["1..", "..."])
    found = cells(parse(render_svg(board, analyze(board))))
    assert "unknown" in found[Cell(1, 2)].get("class").split()
    assert texts(found[Cell(1, 2)]) == ["?"] and found[Cell(1, 2)].get("data-p") is None
    assert texts(found[Cell(0, 1)]) == ["33%"]


def test_labels_stay_beside_probabilities():
    board = Board.from_rows(["a4a", ".a."])
    found = cells(parse(render_svg(board, analyze(board))))
    assert texts(found[Cell(0, 0)]) == ["80%", "a"]


def test_inconsistent_position_has_a_caption_and_no_heat():
    board = Board.parse((EXAMPLES / "inconsistent.txt").read_text())
    root = parse(render_svg(board, analyze(board)))
    assert any(t.startswith("inconsistent") for t in texts(root))
    assert all(e.get("data-p") is None for e in cells(root).values())
    assert not any(e.get("class") == "best-guess" for e in root.iter())


def test_huge_board_has_one_element_per_cell_and_no_cell_text():
    board = Board(tuple("1." * 150 for _ in range(300)))
    root = parse(render_svg(board))
    elements = list(root.iter())
    assert len(cells(root)) == 300 * 300
    assert len(elements) < 300 * 300 + 40
    assert len(list(root.iter(f"{SVG}text"))) < 10


def test_analysis_must_be_of_the_board():
    with pytest.raises(ValueError, match="another board"):
        render_svg(MIXED, analyze(Board.from_rows(["1."])))


def test_percent_is_never_certain_unless_it_is():
    assert percent(Fraction(999, 1000)) == "99%" and percent(Fraction(1)) == "100%"


# -- the command --------------------------------------------------------------


@pytest.fixture
def run():
    app = typer.Typer()
    app.command("render")(render_command)

    @app.callback()
    def main() -> None:
        """Make ``render`` a subcommand, as in the real program."""

    runner = CliRunner()
    return lambda *args, stdin=None: runner.invoke(app, ["render", *map(str, args)], input=stdin)


def test_command_writes_the_picture(run, tmp_path):
    out = tmp_path / "expert.svg"
    result = run(EXAMPLES / "expert_midgame.txt", "-o", out, "--probabilities")
    assert result.exit_code == 0, result.output
    root = parse(out.read_text())
    assert len(cells(root)) == 30 * 16
    assert root.find(f"{SVG}title").text == "expert_midgame.txt"
    assert "20%" in texts(root)


def test_command_reads_stdin_and_options(run, tmp_path):
    out = tmp_path / "b.svg"
    result = run("-", "--output", out, "-p", "--mines", "1", "--backend", "brute", stdin="1.\n..\n")
    assert result.exit_code == 0, result.output
    assert [e.get("data-p") for e in cells(parse(out.read_text())).values()] == [None, "1/3", "1/3", "1/3"]


def test_command_draws_inconsistent_positions(run, tmp_path):
    out = tmp_path / "i.svg"
    assert run(EXAMPLES / "inconsistent.txt", "-o", out, "-p").exit_code == 0
    assert any(t.startswith("inconsistent") for t in texts(parse(out.read_text())))


@pytest.mark.parametrize(
    "board, extra, where",
    [("1.\n9.\n", (), "b.txt:2:1"), ("1.\n..\n", ("-p", "-b", "nosuch"), "nosuch"), (None, (), "no such file")],
)
def test_command_bad_input_is_one_line(run, tmp_path, board, extra, where):
    path = tmp_path / "b.txt"
    if board is not None:
        path.write_text(board)
    result = run(path, "-o", tmp_path / "b.svg", *extra)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and where in lines[0], result.output
    assert not (tmp_path / "b.svg").exists()


@pytest.mark.parametrize("target", ["missing/dir/out.svg", "folder.svg"])
def test_command_unwritable_output_is_one_line(run, tmp_path, target):
    path = tmp_path / "b.txt"
    path.write_text("1.\n..\n")
    (tmp_path / "folder.svg").mkdir()
    result = run(path, "-o", tmp_path / target)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "cannot write" in lines[0], result.output


# -- text stays inside the picture ----------------------------------------------


def _extent(e: ET.Element, root: ET.Element) -> tuple[float, float]:
    """Estimate where a text element starts and ends, erring wide.

    About 0.68 em a character in bold and 0.6 in regular: more than DejaVu Sans
    (0.57 and 0.50 on lowercase text), which is what the picture asks for first.
    """
    size = float(e.get("font-size"))
    width = len(e.text or "") * size * (0.68 if e.get("font-weight") == "bold" else 0.6)
    x = float(e.get("x"))
    anchor = e.get("text-anchor") or root.get("text-anchor") or "start"
    return {"start": (x, x + width), "middle": (x - width / 2, x + width / 2), "end": (x - width, x)}[anchor]


@pytest.mark.parametrize(
    "text, probabilities, title",
    [
        ((EXAMPLES / "inconsistent.txt").read_text(), True, "inconsistent.txt"),
        ("mines: 3\n3\n", True, "tiny.txt"),  # a one-cell board: the caption is ten times wider
        ("3\n", True, "t.txt"),
        ((EXAMPLES / "labelled.txt").read_text(), True, "labelled.txt"),
        ("1.\n", True, "b.txt"),
        ("1.\n", False, "a-rather-long-file-name-for-so-small-a-board.txt"),
        ((EXAMPLES / "expert_midgame.txt").read_text(), True, "expert_midgame.txt"),
    ],
)
def test_text_stays_inside_the_picture(text, probabilities, title):
    board = Board.parse(text)
    root = parse(render_svg(board, analyze(board) if probabilities else None, title=title))
    width = float(root.get("width"))
    assert float(root.get("viewBox").split()[2]) == width
    for e in root.findall(f"{SVG}text"):  # top-level text: the grid's own stays inside its cells
        left, right = _extent(e, root)
        assert left >= 0 and right <= width, (e.text, left, right, width)


def test_inconsistent_caption_wraps_and_says_everything():
    board = Board.parse("mines: 3\n3\n")
    root = parse(render_svg(board, analyze(board)))
    lines = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "caption"]
    assert len(lines) > 1
    assert " ".join(lines) == "inconsistent: no mine layout fits these numbers and a total of 3 mines"


# -- output kinds and --assume ----------------------------------------------------


def test_command_writes_png_when_asked(run, tmp_path):
    pytest.importorskip("resvg_py")
    out = tmp_path / "b.PNG"
    result = run(EXAMPLES / "labelled.txt", "-o", out, "-p")
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    board = Board.parse((EXAMPLES / "labelled.txt").read_text())
    svg = parse(render_svg(board, analyze(board)))
    # The IHDR chunk holds the size: the picture's own, not a thumbnail.
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert abs(width - float(svg.get("width"))) <= 1 and abs(height - float(svg.get("height"))) <= 1


def test_command_png_without_the_extra_says_how_to_get_it(run, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if not installed
    out = tmp_path / "b.png"
    result = run(EXAMPLES / "labelled.txt", "-o", out)
    assert result.exit_code == 2
    assert result.output.strip() == "error: writing PNG needs the png extra: pip install 'cnfsweep[png]'"
    assert not out.exists()


@pytest.mark.parametrize("name", ["b.jpg", "b.pdf", "b"])
def test_command_refuses_other_file_kinds(run, tmp_path, name):
    result = run(EXAMPLES / "labelled.txt", "-o", tmp_path / name)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert (
        len(lines) == 1 and "expected a file name ending in .svg or .png, or - for SVG on standard output" in lines[0]
    )
    assert not (tmp_path / name).exists()


def test_command_writes_svg_to_stdout_for_dash(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(EXAMPLES / "labelled.txt", "-o", "-", "-p")
    assert result.exit_code == 0, result.output
    assert len(cells(parse(result.output))) == 6
    assert list(tmp_path.iterdir()) == []  # no file named '-'


def test_command_assume_is_the_same_option_as_solve(run, tmp_path):
    out = tmp_path / "a.svg"
    # Assuming a label asks for the probabilities, so -p is not needed.
    result = run(EXAMPLES / "labelled.txt", "-o", out, "--assume", "a=mine")
    assert result.exit_code == 0, result.output
    found = cells(parse(out.read_text()))
    assert [found[c].get("data-p") for c in (Cell(0, 0), Cell(0, 2), Cell(1, 1))] == ["1", "1", "1"]
    assert {found[c].get("data-p") for c in (Cell(1, 0), Cell(1, 2))} == {"1/2"}
    for args, phrase in [
        (("-a", "z=mine"), "no cell is labelled 'z'"),
        (("-a", "a"), "expected LABEL=mine or LABEL=safe"),
    ]:
        result = run(EXAMPLES / "labelled.txt", "-o", tmp_path / "z.svg", *args)
        assert result.exit_code == 2 and phrase in result.output and len(result.output.strip().splitlines()) == 1
        assert not (tmp_path / "z.svg").exists()

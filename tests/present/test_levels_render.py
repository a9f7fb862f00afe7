"""Consistency levels drawn: the poster's colours in SVG (``render --levels``), with a legend."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from paths import EXAMPLES

from cnfsweep import Board, Cell, levels
from cnfsweep.present.levels import LEVEL_COLOURS
from cnfsweep.present.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def level_cells(root: ET.Element) -> dict[Cell, ET.Element]:
    out = {}
    for e in root.iter(f"{SVG}g"):
        if (e.get("class") or "").split()[:1] == ["level"]:
            out[Cell(int(e.get("data-row")), int(e.get("data-col")))] = e
    return out


@pytest.mark.parametrize("name", ["peek_pairs.txt", "peek_circle.txt", "expert_midgame.txt"])
def test_every_decided_cell_has_its_levels_colour_and_mark(name: str) -> None:
    board = Board.from_file(EXAMPLES / name)
    result = levels(board)
    drawn = level_cells(ET.fromstring(render_svg(board, levels=result)))
    assert set(drawn) == set(result.decided)
    for cell, e in drawn.items():
        level, mine = result.decided[cell]
        assert e.get("data-level") == level and ("mine" if mine else "safe") in e.get("class").split()
        assert e.find(f"{SVG}rect").get("fill") == LEVEL_COLOURS[level]
        assert e.find(f"{SVG}use").get("href") == ("#mine" if mine else "#check")


def test_the_poster_colours_come_first_and_every_level_has_its_own() -> None:
    assert [LEVEL_COLOURS[n] for n in ("1", "2", "3")] == ["#3b7ddd", "#43a84a", "#f0c419"]  # blue, green, yellow
    assert len(set(LEVEL_COLOURS.values())) == len(LEVEL_COLOURS) == 10


def test_the_legend_names_every_level_with_its_count() -> None:
    board = Board.from_file(EXAMPLES / "peek_circle.txt")
    root = ET.fromstring(render_svg(board, levels=levels(board)))
    swatches = [e for e in root.iter(f"{SVG}g") if "legend-item" in (e.get("class") or "")]
    assert [e.find(f"{SVG}rect").get("fill") for e in swatches] == [
        LEVEL_COLOURS[n] for n in ("1", "2", "3", "full", "total")
    ]
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert {
        "GAC (one number): 0",
        "2-RC (pairs): 0",
        "3-RC (triples): 17",
        "all the numbers: 0",
        "the total: 0",
    } <= set(words)


def test_a_conflict_is_ringed_and_said() -> None:
    board = Board.from_file(EXAMPLES / "inconsistent.txt")
    result = levels(board)
    root = ET.fromstring(render_svg(board, levels=result))
    rings = [
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter(f"{SVG}rect")
        if e.get("class") == "level-conflict"
    ]
    assert rings == [tuple(c) for c in result.conflict]
    assert any("inconsistent: level 2, 2-RC (pairs)," in (t.text or "") for t in root.iter(f"{SVG}text"))
    assert not level_cells(root)  # no layout: no cell is decided


def test_levels_of_another_board_are_refused() -> None:
    with pytest.raises(ValueError, match="another board"):
        render_svg(Board.from_rows(["1."]), levels=levels(Board.from_rows(["2."])))


def test_render_levels_writes_the_picture(run, tmp_path) -> None:
    out = tmp_path / "circle.svg"
    result = run("render", str(EXAMPLES / "peek_circle.txt"), "--levels", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(level_cells(ET.fromstring(out.read_text()))) == 17

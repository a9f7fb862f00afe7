"""The fan generator's puzzle text as it prints it: tab-separated cells, two-number 2X clues, a custom dye."""

from __future__ import annotations

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.variants.board import CellState, parse_variant

# As the peer prints a 2X puzzle with a custom dye: a trailing tab on each row, two counts in one cell.
FAN_2X = "[2X][@cst:100101000]3x3\n1 2\t___\t0 0\t\n___\t___\t___\t\n?\t2 0\t___\t\n"


def test_a_cell_with_two_numbers_is_one_2x_clue_and_the_custom_dye_dyes_its_cells() -> None:
    board = parse_variant(FAN_2X)
    assert (board.rows, board.cols) == (3, 3)
    assert dict(board.clues) == {Cell(0, 0): (1, 2), Cell(0, 2): (0, 0), Cell(2, 1): (0, 2)}
    assert board.where(CellState.HIDDEN) == (Cell(2, 0),)
    assert board.grid.dyed == {Cell(0, 0), Cell(1, 0), Cell(1, 2)}
    # Written back as native text, it reads the same.
    again = parse_variant(board.text())
    assert (again.cells, again.rules.codes) == (board.cells, board.rules.codes)


def test_a_dye_on_the_title_joins_the_cells_dyed_by_a_mark() -> None:
    board = parse_variant(FAN_2X.replace("___\t___\t___", "___\t___'\t___"))
    assert board.grid.dyed == {Cell(0, 0), Cell(1, 0), Cell(1, 1), Cell(1, 2)}


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            FAN_2X.replace("@cst:100101000", "@c"),
            "<string>:1:6: the dye [@c] is a pattern the fan generator does not print",
        ),
        (FAN_2X.replace("100101000", "1001"), "<string>:1: the dye [@cst:...] gives 4 cells; the board has 3x3"),
        (FAN_2X.replace("1 2", "1 2 3"), "<string>:2:1: '1,2,3' is no 2X clue"),
    ],
)
def test_a_dye_or_cell_that_cannot_be_read_is_one_line_naming_where(text: str, line: str) -> None:
    with pytest.raises(BoardFormatError) as err:
        parse_variant(text)
    assert str(err.value).startswith(line) and "\n" not in str(err.value)

"""A saved game (``Game.to_dict``) names the cell clicked first ``start``; ``first_click`` is read for one release."""

from __future__ import annotations

import json

import pytest

from cnfsweep.core.board import Cell
from cnfsweep.core.errors import ArgumentError
from cnfsweep.core.graph import Graph
from cnfsweep.play.game import FirstClick, Game, Level

RING = Graph.from_edges(
    [f"r{i}" for i in range(12)],
    [(f"r{i}", f"r{(i + 1) % 12}") for i in range(12)] + [(f"r{i}", f"r{i + 6}") for i in range(6)],
)
# Every kind of board a game is played on: the grids by name, and a graph.
LEVELS = {
    "square": Level.of(8, 9, 10, "square"),
    "torus": Level.of(7, 7, 8, "torus"),
    "hex": Level.of(6, 8, 7, "hex"),
    "graph": Level.on_graph(RING, 2),
}


def played(kind: str, rule: FirstClick, seed: int = 11) -> Game:
    """A game on ``kind`` started under ``rule`` and clicked once, off the first cell."""
    level = LEVELS[kind]
    game = Game.new(level, seed, rule)
    game.click(Cell(0, level.cols // 2))
    return game


def saved(game: Game) -> dict[str, object]:
    """The game's description as a file holds it: through JSON text."""
    return json.loads(json.dumps(game.to_dict()))


def old(doc: dict[str, object]) -> dict[str, object]:
    """The same description as it was written before the rename: the start under ``first_click``."""
    return {("first_click" if key == "start" else key): value for key, value in doc.items()}


def graph_of(kind: str) -> Graph | None:
    return RING if kind == "graph" else None


@pytest.mark.parametrize("rule", list(FirstClick))
@pytest.mark.parametrize("kind", list(LEVELS))
def test_a_saved_game_writes_start_and_reads_back_to_its_first_click(kind: str, rule: FirstClick) -> None:
    game = played(kind, rule)
    doc = saved(game)
    write = list if kind != "graph" else RING.cell_json
    assert doc["start"] == write(game.start) and "first_click" not in doc and doc["rule"] == rule.value
    again = Game.from_dict(doc, graph_of(kind))
    # The same deal, made again from the seed and the rule alone and clicked at the same start.
    fresh = Game.new(game.level, game.seed, rule)
    fresh.click(Cell(*game.start))
    # A description holds the size, not the level's name.
    assert again.level.size_text == game.level.size_text and again.level.topology == game.level.topology
    assert (again.seed, again.rule, again.start) == (game.seed, rule, game.start)
    assert again.mines == fresh.mines == game.mines and again.board() == fresh.board()


@pytest.mark.parametrize("kind", list(LEVELS))
def test_a_game_saved_under_the_old_key_still_loads_with_a_warning(kind: str) -> None:
    doc = saved(played(kind, FirstClick.SAFE))
    new = Game.from_dict(doc, graph_of(kind))
    with pytest.warns(
        DeprecationWarning, match=r"^a saved game's 'first_click' \(the cell clicked first\) is deprecated"
    ):
        before = Game.from_dict(old(doc), graph_of(kind))
    assert (before.start, before.mines, before.board()) == (new.start, new.mines, new.board())


def test_the_old_attribute_warns_and_names_the_start() -> None:
    game = played("square", FirstClick.SAFE)
    with pytest.warns(DeprecationWarning, match=r"^Game\.first_click is deprecated: use Game\.start"):
        assert game.first_click == game.start == Cell(0, 4)


@pytest.mark.parametrize(
    ("change", "graph", "message"),
    [
        (lambda d: {**d, "first_click": d["start"]}, None, "give the cell clicked first once, as 'start'"),
        (lambda d: {k: v for k, v in d.items() if k != "rows"}, None, "a saved game needs 'rows'"),
        (lambda d: {**d, "mines": None, "start": None}, None, "saved before its first click has no layout yet"),
        (lambda d: {**d, "rule": "lucky"}, None, "unknown first-click rule 'lucky'; choose from safe, opening, any"),
        (lambda d: {**d, "topology": "graph"}, None, "names its cells, not its edges: pass its graph"),
    ],
)
def test_a_bad_saved_game_is_a_one_line_error(change, graph: Graph | None, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = change(saved(played("square", FirstClick.SAFE)))
    with pytest.raises(ArgumentError, match=message) as caught:
        Game.from_dict(doc, graph)
    assert "\n" not in str(caught.value)

"""What the package exports refuses bad arguments with its documented errors, never with an internal one.

The rule (``cnfsweep.core.errors``): a bad value raises a ``CnfsweepError`` that is
a ``ValueError``; a value of the wrong type raises ``ArgumentTypeError``, a
``TypeError`` that is an ``ArgumentError`` (and so a ``ValueError``) too.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import time
from collections.abc import Callable
from typing import Any, get_args, get_type_hints

import pytest
from boards import random_graph_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import reference

import cnfsweep
from cnfsweep import (
    ArgumentError,
    ArgumentTypeError,
    AssumptionError,
    BackendError,
    Board,
    BoardFormatError,
    BoardLike,
    Cell,
    CnfsweepError,
    Engine,
    Explainer,
    FirstClick,
    Graph,
    Level,
    OffBoardError,
    Player,
    TimeLimitExceeded,
    analyze,
    check,
    explain,
    generate,
    generate_boards,
    grade_board,
    hint,
    levels,
    parse_board,
    read_board,
    review,
    write_board,
)
from cnfsweep.core.topology import TOPOLOGIES

TOPOLOGY_NAMES = tuple(TOPOLOGIES)

BOARD = Board.parse("mines: 2\n1a.\n...\n")
LAYOUT = Board.parse("mines: 1\nfirst-click: 1,0\n01.\n01.\nlayout:\n..*\n...\n")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: generate("nosuch"), ArgumentError, "unknown level 'nosuch'; choose one of beginner"),
        (lambda: generate("beginner", start=(20, 20)), OffBoardError, "first click (20, 20) is off the 9x9 board"),
        (lambda: generate("beginner", seed=-1), ArgumentError, "seed must be a non-negative integer, got -1"),
        (lambda: generate(Level(3, 3, 9)), ArgumentError, "no room for 9 mines outside the opening"),
        (
            lambda: generate("beginner", grade="x"),
            ArgumentError,
            "unknown grade 'x'; choose from easy, medium, hard, evil",
        ),
        (lambda: generate("beginner", start=(1,)), ArgumentTypeError, "start must be a (row, col) pair"),
        (lambda: generate_boards("beginner", -1), ArgumentError, "count must be a non-negative integer"),
        (lambda: analyze(BOARD, assume={"z": "mine"}), AssumptionError, "no cell is labelled 'z'"),
        (lambda: grade_board(BOARD), ArgumentError, "the board carries no layout"),
        (lambda: Engine.create("nosuch"), BackendError, "unknown backend 'nosuch'"),
        (lambda: analyze(BOARD, total_mines="3"), ArgumentTypeError, "total_mines must be an integer, got '3' (str)"),
        (lambda: analyze(BOARD, total_mines=-1), ArgumentError, "total_mines must be a non-negative integer, got -1"),
        (lambda: analyze(BOARD, time_limit=-1), ArgumentError, "time_limit must be a non-negative number"),
        (lambda: analyze(BOARD, counting="x"), ArgumentError, "unknown counting 'x'; choose from auto"),
        (lambda: analyze(BOARD, backend=3), ArgumentTypeError, "backend must be a spec such as 'cpsat'"),
        (lambda: analyze("1..\n.."), BoardFormatError, "<board>:2:3: row has 2 cells, expected 3"),
        (lambda: analyze(3), ArgumentTypeError, "board must be a Board or a board's text, got 3 (int)"),
        (lambda: Board.parse(None), ArgumentTypeError, "a board's text must be a str, got None"),
        (lambda: Board.parse(b"1."), ArgumentTypeError, "decode it first"),
        (lambda: Board.from_file(None), ArgumentTypeError, "path must be a str or a path"),
        (lambda: Board("1."), ArgumentTypeError, "grid must be a tuple of row strings"),
        (lambda: Board(("1.", "1")), ArgumentError, "row 1 has 1 cell, expected 2"),
        (lambda: explain(BOARD, "0,1"), ArgumentTypeError, "cell must be a (row, col) pair"),
        (lambda: hint(BOARD, total_mines=-2), ArgumentError, "total_mines must be a non-negative integer"),
        (lambda: Level("3", 3, 1), ArgumentTypeError, "level rows must be an integer, got '3'"),
    ],
)
def test_a_bad_argument_raises_the_documented_error(
    call: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, CnfsweepError) and isinstance(info.value, ValueError)
    assert isinstance(info.value, TypeError) is isinstance(info.value, ArgumentTypeError)
    assert message in str(info.value)


def test_text_is_a_board_wherever_a_board_is_taken() -> None:
    text = "mines: 2\n1a.\n...\n"
    assert analyze(text).to_dict() | {"seconds": 0} == analyze(BOARD).to_dict() | {"seconds": 0}
    assert check(text).consistent and hint(text).move == hint(BOARD).move


def test_a_backend_error_is_a_value_error_and_a_time_limit_is_not() -> None:
    assert issubclass(BackendError, ValueError) and issubclass(ArgumentTypeError, TypeError)
    assert not issubclass(TimeLimitExceeded, ValueError)
    assert {"ArgumentError", "ArgumentTypeError"} <= set(cnfsweep.__all__)


# Every exported function or class that takes arguments, with arguments that work; the property
# below puts a hostile value in one of them.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "analyze": (
        analyze,
        {
            "board": BOARD,
            "total_mines": 2,
            "backend": "pysat",
            "assume": {"a": "mine"},
            "counting": "auto",
            "time_limit": 30,
            "arithmetic": "auto",
        },
    ),
    "check": (check, {"board": BOARD, "assume": {"a": "safe"}, "total_mines": 2, "backend": "cpsat", "time_limit": 30}),
    "hint": (hint, {"board": BOARD, "total_mines": 2, "every": False, "smallest": False, "backend": "pysat"}),
    "explain": (
        explain,
        {
            "board": Board.parse("...\n121\n"),
            "cell": (0, 1),
            "total_mines": None,
            "smallest": False,
            "backend": "cpsat",
        },
    ),
    "grade_board": (grade_board, {"board": LAYOUT, "uses_total": True, "backend": "pysat", "time_limit": 30}),
    "generate": (
        generate,
        {
            "level": "beginner",
            "start": (4, 4),
            "seed": 1,
            "method": "fast",
            "logic": "full",
            "time_limit": 30,
            "grade": None,
            "topology": "square",
            "backend": "pysat",
        },
    ),
    "generate_boards": (
        generate_boards,
        {
            "level": Level(5, 5, 3),
            "count": 1,
            "seed": 1,
            "start": (2, 2),
            "method": "uniform",
            "logic": "local",
            "time_limit": 30,
            "topology": "hex",
        },
    ),
    "parse_board": (parse_board, {"text": "1.\n..\n", "format": "auto", "source": "b.txt", "total_mines": 1}),
    "Board.parse": (Board.parse, {"text": "2x1x1\n1H\n", "format": "jsm", "total_mines": 1}),
    "read_board": (read_board, {"path": "no/such/file.txt", "format": "auto", "total_mines": 1}),
    "Board": (Board, {"grid": ("1.", ".."), "total_mines": 1}),
    "Board.from_rows": (Board.from_rows, {"rows": ["1.", "F."], "total_mines": 1}),
    "Engine.create": (Engine.create, {"backend": "pysat", "counting": "auto", "arithmetic": "auto"}),
    "Explainer": (Explainer, {"backend": "cpsat"}),
    "Level": (Level, {"rows": 3, "cols": 3, "mines": 1}),
    "review": (
        review,
        {
            "record": b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}',
            "name": "t.jsonl",
            "backend": None,
            "first_click": "safe",
            "positions": True,
            "progress": None,
            "time_limit": 30,
        },
    ),
}

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.integers(-3, 3), max_size=3),
    st.tuples(st.integers(-3, 12)) | st.tuples(st.integers(-3, 12), st.integers(-3, 12)),
    st.dictionaries(st.text(max_size=2), st.sampled_from([True, "mine", "safe", 1, None]), max_size=2),
    st.builds(object),
)


@given(name=st.sampled_from(sorted(CALLS)), data=st.data(), value=HOSTILE)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_hostile_argument_raises_a_documented_error(name: str, data: st.DataObject, value: Any) -> None:
    function, arguments = CALLS[name]
    argument = data.draw(st.sampled_from(sorted(arguments)), label="argument")
    try:
        function(**{**arguments, argument: value})
    except TimeLimitExceeded:
        assert argument == "time_limit" and isinstance(value, (int, float)) and value < 1
    except CnfsweepError as exc:
        assert isinstance(exc, ValueError), f"{type(exc).__name__}: {exc}"
        message = str(exc)
        assert message and "\n" not in message and len(message) < 400, message
        if isinstance(exc, TypeError):
            assert isinstance(exc, ArgumentTypeError)
    # Anything else (AttributeError, a bare TypeError or ValueError from inside) fails the test.


def test_time_limit_must_be_a_number_however_it_is_spelt() -> None:
    for value in ("1", b"1", [1], True):
        with pytest.raises(ArgumentTypeError, match="time_limit must be a number of seconds"):
            analyze(BOARD, time_limit=value)
    with pytest.raises(ArgumentError, match="got nan"):
        check(BOARD, time_limit=math.nan)


# -- One public vocabulary (issue 37) ---------------------------------------------------------------------------------
#
# A position is a BoardLike (a Board or a board's text, read by the one conversion); ``engine=`` is an Engine and
# ``backend=`` a backend spec; ``time_limit=`` is seconds; ``first_click=`` is the first-click rule and ``start=`` the
# cell clicked first; a graph board's cells are asked about by name.  Old names still work, with a warning.

#: A board with its layout (as ``generate`` writes it), so that every function that takes a board can take it.
LAYOUT_TEXT = "mines: 2\nfirst-click: 2,0\n....\n111.\n001.\nlayout:\n*...\n....\n...*\n"
#: A replay whose only click is the first: a guess under the rule ``any``, a deduction under ``safe``.
ONE_CLICK = b'{"rows": 1, "cols": 3, "mines": [[0, 0]], "moves": [{"cell": [0, 2]}]}'


def _public_callables() -> dict[str, Callable[..., Any]]:
    """Every exported function, and every public method (class methods too) of every exported class."""
    found: dict[str, Callable[..., Any]] = {}
    for name in cnfsweep.__all__:
        obj = getattr(cnfsweep, name)
        if inspect.isfunction(obj):
            found[name] = obj
        elif inspect.isclass(obj):
            for attr, member in vars(obj).items():
                function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if not attr.startswith("_") and inspect.isfunction(function):
                    found[f"{name}.{attr}"] = function
    return found


def _takes(parameter: str) -> dict[str, Callable[..., Any]]:
    return {name: f for name, f in _public_callables().items() if parameter in inspect.signature(f).parameters}


def test_every_exported_name_resolves_and_is_listed_once() -> None:
    names = cnfsweep.__all__
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    assert all(hasattr(cnfsweep, name) for name in names)
    # What the tutorials use and the issue found missing.
    assert {
        "GameRecordError",
        "Game",
        "Topology",
        "Square",
        "Torus",
        "Hex",
        "Graph",
        "Player",
        "Policy",
        "write_board",
        "FirstClick",
        "BoardLike",
        "CellLike",
    } <= set(names)
    # A name a subpackage exports too is the same object there: one thing, one name.
    for package in (
        cnfsweep.core,
        cnfsweep.engine,
        cnfsweep.explanation,
        cnfsweep.formats,
        cnfsweep.generation,
        cnfsweep.play,
        cnfsweep.replay,
    ):
        for name in set(package.__all__) & set(names):
            assert getattr(package, name) is getattr(cnfsweep, name), (package.__name__, name)


def test_every_public_function_that_takes_a_board_is_typed_to_take_text_too() -> None:
    takers = _takes("board")
    assert {
        "analyze",
        "check",
        "levels",
        "hint",
        "explain",
        "grade_board",
        "write_board",
        "Engine.analyze",
        "Explainer.hint",
        "Explainer.explain",
        "Explainer.certain",
    } <= set(takers)
    wrong = {name: hints for name, f in takers.items() if (hints := get_type_hints(f)["board"]) != BoardLike}
    assert not wrong, wrong


def _without_seconds(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "seconds"}


#: What each public function that takes a board answers, reduced to what is compared.
ANSWERS: dict[str, Callable[[Any], Any]] = {
    "analyze": lambda b: _without_seconds(analyze(b).to_dict()),
    "check": lambda b: (check(b).consistent, check(b).conflict),
    "levels": lambda b: levels(b).counts(),
    "hint": lambda b: hint(b).move,
    "explain": lambda b: explain(b, analyze(LAYOUT_TEXT).safe[0]),
    "grade_board": lambda b: (grade_board(b).grade, grade_board(b).sizes),
    "write_board": lambda b: write_board(b, "jsm"),
    "Engine.analyze": lambda b: Engine.create().analyze(b).safe,
    "Engine.check": lambda b: Engine.create().check(b).consistent,
    "Engine.witness": lambda b: Engine.create().witness(b),
    "Engine.levels": lambda b: Engine.create().levels(b).counts(),
    "Explainer.analyze": lambda b: Explainer().analyze(b).mines,
    "Explainer.certain": lambda b: Explainer().certain(b),
    "Explainer.hint": lambda b: Explainer().hint(b).moves,
    "Explainer.explain": lambda b: Explainer().explain(b, analyze(LAYOUT_TEXT).mines[0]),
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_a_board_and_its_text_give_the_same_answer(name: str) -> None:
    answer = ANSWERS[name]
    assert answer(LAYOUT_TEXT) == answer(Board.parse(LAYOUT_TEXT))


def test_every_public_function_that_takes_a_board_is_checked_with_text() -> None:
    assert set(_takes("board")) <= set(ANSWERS)


#: Every public function that solves: each takes an Engine as ``engine=`` and a backend spec as ``backend=``.
SOLVERS: dict[str, Callable[..., Any]] = {
    "hint": lambda **kw: hint(LAYOUT_TEXT, **kw),
    "explain": lambda **kw: explain(LAYOUT_TEXT, (0, 1), **kw),
    "grade_board": lambda **kw: grade_board(LAYOUT_TEXT, **kw),
    "generate": lambda **kw: generate(Level(4, 4, 2), seed=1, **kw),
    "generate_boards": lambda **kw: list(generate_boards(Level(4, 4, 2), 1, seed=1, **kw)),
    "review": lambda **kw: review(ONE_CLICK, name="t.jsonl", **kw),
    "Explainer": Explainer,
}


def test_engine_means_an_engine_and_backend_a_spec_in_every_signature() -> None:
    assert set(SOLVERS) - {"Explainer"} <= set(_takes("engine")) & set(_takes("backend"))
    functions = {**_public_callables(), "Explainer": Explainer.__init__, "Player": Player.__init__}
    for name, f in functions.items():
        # The policies name Engine for type checkers only (importing one, for --help, must not import the
        # engine), so its name is given here as a checker resolves it.
        hints = get_type_hints(f, localns={"Engine": Engine})
        if "engine" in hints and name != "Engine.of":  # Engine.of is the reading of an engine-or-spec itself
            assert str not in get_args(hints["engine"]) and hints["engine"] is not str, name
            assert Engine in (get_args(hints["engine"]) or (hints["engine"],)), name
        if "backend" in hints:
            assert Engine not in get_args(hints["backend"]), name
    assert {"engine", "backend"} <= set(inspect.signature(Explainer).parameters)


@pytest.mark.parametrize("name", sorted(SOLVERS))
def test_every_solver_refuses_an_engine_and_a_backend_together(name: str) -> None:
    with pytest.raises(ArgumentError, match=r"give engine .* or backend .*, not both"):
        SOLVERS[name](engine=Engine.create("pysat"), backend="pysat")


@pytest.mark.parametrize("name", sorted(SOLVERS))
def test_a_spec_given_as_engine_still_works_with_a_deprecation_warning(name: str) -> None:
    with pytest.warns(DeprecationWarning, match="engine='pysat' is deprecated: pass a backend spec as backend="):
        old = SOLVERS[name](engine="pysat")
    new = SOLVERS[name](backend="pysat")
    if name == "Explainer":
        assert old.engine.spec == new.engine.spec == Engine.create("pysat").spec
    else:
        assert _timeless(old) == _timeless(new)


def _timeless(answer: Any) -> Any:
    """An answer without the seconds it took."""
    if isinstance(answer, list):
        return [_timeless(a) for a in answer]
    return (
        dataclasses.replace(answer, seconds=0)
        if dataclasses.is_dataclass(answer) and hasattr(answer, "seconds")
        else answer
    )


def test_an_explainer_runs_on_the_engine_it_is_given() -> None:
    engine = Engine.create("cpsat")
    assert Explainer(engine).engine is engine and Explainer(backend="cpsat").engine.spec == "cpsat"


def test_grade_board_takes_a_time_limit_in_seconds() -> None:
    assert "time_limit" in inspect.signature(grade_board).parameters
    assert grade_board(LAYOUT_TEXT, time_limit=60).sizes == grade_board(LAYOUT_TEXT).sizes
    with pytest.raises(TimeLimitExceeded):
        grade_board(LAYOUT_TEXT, time_limit=0)
    with pytest.warns(DeprecationWarning, match=r"grade_board\(deadline=\) is deprecated: give time_limit="):
        old = grade_board(LAYOUT_TEXT, deadline=time.perf_counter() + 60)
    assert old.sizes == grade_board(LAYOUT_TEXT).sizes


def test_no_exported_function_but_parse_board_takes_a_deadline_where_it_means_a_time_limit() -> None:
    # grade_board keeps its old keyword for one release (deprecated); parse_board's is a perf_counter value
    # that the functions reading a board's text within their own time limit hand on.  (Methods of the value
    # types take a deadline from the call they are part of, never from a caller with seconds to give.)
    functions = {name for name in _takes("deadline") if "." not in name}
    assert functions <= {"grade_board", "parse_board"}
    assert {name for name in _takes("time_limit") if "." not in name} >= {
        "analyze",
        "check",
        "levels",
        "hint",
        "explain",
        "grade_board",
        "generate",
        "generate_boards",
        "review",
    }


def test_review_takes_the_first_click_rule_as_first_click() -> None:
    assert review(ONE_CLICK, name="t.jsonl").clicks[0].label.value == "best_guess"
    safe = review(ONE_CLICK, name="t.jsonl", first_click="safe")
    assert safe.clicks[0].label.value == "deduction" and safe.clicks[0].probability == 0
    assert review(ONE_CLICK, name="t.jsonl", first_click=FirstClick.SAFE).to_dict() == safe.to_dict()
    with pytest.warns(DeprecationWarning, match="rule= is deprecated: give first_click="):
        old = review(ONE_CLICK, name="t.jsonl", rule="safe")
    assert old.to_dict() == safe.to_dict()
    with pytest.raises(ArgumentError, match="not both"), pytest.warns(DeprecationWarning):
        review(ONE_CLICK, name="t.jsonl", first_click="safe", rule="safe")


def test_generate_takes_the_cell_clicked_first_as_start() -> None:
    new = generate("beginner", seed=3, start=(0, 0))
    assert new.start == Cell(0, 0)
    with pytest.warns(DeprecationWarning, match="first_click= .* is deprecated: give start="):
        old = generate("beginner", seed=3, first_click=(0, 0))
    assert old.mine_cells == new.mine_cells
    with pytest.warns(DeprecationWarning):
        assert [g.mine_cells for g in generate_boards("beginner", 2, seed=3, first_click=(0, 0))] == [
            g.mine_cells for g in generate_boards("beginner", 2, seed=3, start=(0, 0))
        ]


@pytest.mark.parametrize("topology", TOPOLOGY_NAMES)
def test_generate_plays_a_level_on_any_topology_by_name(topology: str) -> None:
    made = generate("beginner", seed=5, topology=topology, method="uniform")
    assert made.level == Level(9, 9, 10, "beginner", topology_name=topology)
    assert made.board().topology.name == topology
    # The board is what the same level built on that topology gives: the topology is not an afterthought.
    assert made.mine_cells == generate(Level.named("beginner").on(topology), seed=5, method="uniform").mine_cells
    layout = made.board()
    assert check(layout).consistent and layout.layout.count == 10


def test_generate_plays_a_level_on_a_graph_with_a_start_by_name() -> None:
    names = [f"v{i}" for i in range(10)]
    ring = Graph.from_edges(names, [(names[i], names[(i + 1) % 10]) for i in range(10)])
    made = generate(Level(3, 3, 2), seed=2, topology=ring, start="v4")
    assert made.level.graph is ring and made.level.mines == 2
    assert made.start == ring.cell_named("v4")
    assert not {ring.cell_named(n) for n in ("v3", "v4", "v5")} & set(made.mine_cells)  # an opening
    with pytest.raises(ArgumentTypeError, match="topology must be a topology's name, a Topology or a Graph"):
        generate("beginner", topology=3)


@pytest.mark.parametrize("seed", range(12))
def test_a_graph_cell_is_asked_about_by_its_name(seed: int) -> None:
    board = random_graph_position(seed, with_total=seed % 2 == 0).board
    expected = reference(board)
    a = analyze(board)
    graph = board.topology
    for i, name in enumerate(graph.names):
        cell = Cell(0, i)
        assert a.exact(name) == a.exact(cell) == (expected.exact[cell] if expected.consistent else None)
        assert a.probability(name) == a.probability(cell)
        assert a.is_safe(name) is (expected.consistent and expected.exact[cell] == 0)
        assert a.is_mine(name) is (expected.consistent and expected.exact[cell] == 1)
        assert graph.cell_named(name) == cell and graph.cell_text(cell) == name
    with pytest.raises(OffBoardError, match="no cell is named 'nosuch'"):
        a.exact("nosuch")


def test_explain_takes_a_graph_cell_by_its_name_and_a_grid_refuses_names() -> None:
    graph = Graph.from_edges(["v0", "v1", "v2"], [("v0", "v1"), ("v1", "v2")])
    board = Board(("1..",), 1, topology=graph)
    assert explain(board, "v1") == explain(board, (0, 1))
    assert explain(board, "v1").mine and not explain(board, "v2").mine
    with pytest.raises(ArgumentTypeError, match="only a graph board's cells have names"):
        analyze(BOARD).exact("a")
    with pytest.raises(ArgumentTypeError, match="only a graph board's cells have names"):
        explain(BOARD, "a")

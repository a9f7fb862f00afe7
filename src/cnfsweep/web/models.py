"""What the JSON API takes and answers: the request bodies, the error document, and each status's meaning.

The request models are strict: a JSON value of the wrong type is refused, never
converted (``"mines": "2"``, ``"mines": true`` and ``"no_guess": "yes"`` are
422s; ``3.0`` is the integer 3, as JSON Schema counts it). Every answer that is not a document is an :class:`ErrorDocument`,
and :func:`answers` documents it under each status a route can give, so
``/openapi.json`` says what the server sends.

Examples
--------
>>> GameRequest().level
'beginner'
>>> GameRequest(rows=3, cols=4, mines=2).level is None
True
>>> GameRequest(level="expert", rows=3)
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for GameRequest
  Value error, give a level or rows, cols and mines, not both (level 'expert' with rows) ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from annotated_types import Ge, Le
from fastapi import Path
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    RootModel,
    StrictBool,
    StrictFloat,
    StrictStr,
    StringConstraints,
    model_validator,
)
from pydantic.json_schema import GetJsonSchemaHandler, JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError

from cnfsweep.core.topology import TOPOLOGIES as GRIDS
from cnfsweep.engine.consistency_levels import MAX_LEVEL
from cnfsweep.formats import FORMATS
from cnfsweep.play import LEVELS
from cnfsweep.variants.game import LIVES

__all__ = [
    "BoardRequest",
    "CellRequest",
    "CheckRequest",
    "ErrorDocument",
    "GameId",
    "GameRequest",
    "GenerateRequest",
    "HintRequest",
    "LevelsRequest",
    "PuzzleGameRequest",
    "PuzzleRequest",
    "ReplayRequest",
    "VariantAnalysis",
    "VariantCheck",
    "VariantHint",
    "answers",
    "exact_bounds",
    "or_variant",
]

# The choices come from the registries at run time (plug-ins' too), so the schema lists them; to a type checker,
# which cannot read a registry, each is a name.
if TYPE_CHECKING:
    Format = str
    LevelName = str
    TopologyName = str
else:
    Format = Literal[FORMATS]
    LevelName = Literal[tuple(LEVELS)]
    #: The grid topologies a game or a generated board is played on: the registry's, plug-ins' too (a graph
    #: board has no size to ask for).
    TopologyName = Literal[tuple(GRIDS)]
#: What every topology is, for the schema: the built-ins described, a plug-in's named (naming does not import it).
TOPOLOGIES = (
    "Which cells are neighbours: `square` (up to 8), `torus` (the rectangle wrapping around, 8 each; "
    "at least 3x3) or `hex` (odd rows shifted half a cell right, up to 6)."
    + (f" From plug-ins: {', '.join(f'`{name}`' for name in GRIDS.plugins())}." if GRIDS.plugins() else "")
)


def _no_bool_or_text(value: Any) -> Any:
    if isinstance(value, (bool, str)):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


#: Refuses what a lax ``int`` would convert: ``true`` and ``"3"``; ``3.0`` is the integer 3, as JSON Schema counts it.
WHOLE = BeforeValidator(_no_bool_or_text)
#: The largest seed: what fits in 63 bits, as ``cnfsweep play --seed`` takes it.
MAX_SEED = 2**63 - 1
# The bounds go before the validator: after it, pydantic publishes them as "ge" and "le", not "minimum" and "maximum".
Index = Annotated[int, WHOLE]
Count = Annotated[int, Ge(0), WHOLE]
Size = Annotated[int, Ge(1), WHOLE]
Seed = Annotated[int, Ge(0), Le(MAX_SEED), WHOLE]
#: What a level or size request falls back on when it names neither.
DEFAULT_LEVEL = "beginner"
SIZE = ("rows", "cols", "mines")
#: A game id in a path: what :class:`~cnfsweep.web.games.GameStore` gives out is 16 URL-safe characters.
GameId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="The `id` of the game's document.")]


class ErrorDocument(BaseModel):
    """Every answer that is not a document: one line saying what was wrong."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"error": "board:1:1: number 9 is above 8"}]}
    )

    error: str = Field(
        description="The message `cnfsweep` prints after `error:`, on one line; a parameter is named by its JSON "
        "field (`mines 25: ...`) where the command line names its flag (`--mines 25: ...`)."
    )


#: What each error status means, for every route that can answer it.
STATUSES = {
    400: "The request cannot be carried out (the CLI's message): the board text cannot be read "
    "(`board:LINE:COL: ...`; on a variant board also an unknown rule code or rules that do not combine), the mines do not fit, a cell is off the board, the game is over; or the body cannot be read.",
    404: "No game with this id (finished games are kept only while there is room).",
    413: "The body or the board is over this server's limit.",
    415: "The body is not sent as `application/json`.",
    422: "The request is not as described here: a field is missing, of the wrong type or out of range.",
    501: "This server cannot do it: an optional extra is not installed (the message says which).",
    503: "The server is busy (too many jobs waiting) or its workers failed: try again.",
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Document ``statuses`` of a route as :class:`ErrorDocument` answers.

    Examples
    --------
    >>> answers(404)[404]["model"].__name__
    'ErrorDocument'
    """
    return {status: {"model": ErrorDocument, "description": STATUSES[status]} for status in statuses}


class BoardRequest(BaseModel):
    """A position to analyse: board text in any format ``cnfsweep solve`` reads, and optionally the total."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"board": "mines: 2\n1..\n...\n", "mines": 2}]}
    )

    board: StrictStr = Field(
        min_length=1,
        description="Board text: native, jsm, minesweepr or msboard (detected unless `format` says). With a `rules:` "
        "header, a variant board (native text, one token a cell: `.` covered, a clue, `?` a hidden clue, `*` a mine, "
        "`1,3` a 1W clue, a trailing `'` dyes the cell), answered as `cnfsweep solve`, `check` and `hint` answer one.",
    )
    mines: Count | None = Field(None, description="Total mines, flags included; overrides the text's `mines:`.")
    format: Format = Field("auto", description="Board format; `auto` detects it.")
    time_limit: StrictFloat | None = Field(
        None, gt=0, description="Seconds allowed (at most the server's `--time-limit`); past them `status: unknown`."
    )


class CheckRequest(BoardRequest):
    """A position to check for consistency."""

    minimise: StrictBool = Field(True, description="Shrink a conflict until every number in it is needed.")


class HintRequest(BoardRequest):
    """A position to find the next move of, with its reason."""

    every: StrictBool = Field(False, description="Every certain cell with its reason, easiest first.")
    smallest: StrictBool = Field(
        False, description="Reasons of minimum size, not only ones where every number is needed."
    )


class LevelsRequest(BoardRequest):
    """A position to find the consistency levels of: which cells GAC (one number), 2-RC (pairs), 3-RC (triples) ... decide."""

    max_level: Annotated[int, Ge(1), Le(MAX_LEVEL), WHOLE] = Field(
        3,
        description="The highest level of sets of numbers to try, 1 (GAC: one number) to 8, as `cnfsweep levels --max-level`.",
    )
    steps: StrictBool = Field(False, description="Every round of propagation in order, as `cnfsweep levels --steps`.")


class LevelOrSize(BaseModel):
    """A board size: a level by name, or rows, cols and mines, never both; the beginner level when neither is given."""

    level: LevelName | None = Field(
        None, description=f"A level by name; `{DEFAULT_LEVEL}` when neither a level nor a size is given."
    )
    rows: Size | None = Field(None, description="Rows of a custom size, with `cols` and `mines` and no `level`.")
    cols: Size | None = Field(None, description="Columns of a custom size.")
    mines: Count | None = Field(None, description="Mines of a custom size.")

    @model_validator(mode="after")
    def _level_or_size(self) -> LevelOrSize:
        given = [name for name in SIZE if getattr(self, name) is not None]
        if self.level is not None and given:
            raise ValueError(
                f"give a level or rows, cols and mines, not both (level {self.level!r} with {', '.join(given)})"
            )
        if given and len(given) < len(SIZE):
            missing = [name for name in SIZE if name not in given]
            raise ValueError(f"give rows, cols and mines together, or a level ({', '.join(missing)} missing)")
        if not given and self.level is None:
            self.level = DEFAULT_LEVEL
        return self

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema = handler.resolve_ref_schema(handler(core_schema))
        # Say in the schema what the validator above refuses, so that a schema-valid body is a body the server takes.
        schema["oneOf"] = [
            {
                "title": "level",
                "description": f"`level` by name, or nothing for `{DEFAULT_LEVEL}`; no size",
                "properties": {name: {"type": "null"} for name in SIZE},
            },
            {
                "title": "size",
                "description": "`rows`, `cols` and `mines` together; no `level`",
                "required": list(SIZE),
                "properties": {"level": {"type": "null"}, **{name: {"type": "integer"} for name in SIZE}},
            },
        ]
        return schema


def _one_start(start: tuple[int, int] | None, old: tuple[int, int] | None, old_name: str) -> tuple[int, int] | None:
    """The start cell, given as ``start`` or under its old name, not both."""
    if start is not None and old is not None:
        raise ValueError(f"give the start cell once, as 'start' ('{old_name}' is its old name)")
    return start if start is not None else old


def _not_both(schema: JsonSchemaValue, old_name: str) -> JsonSchemaValue:
    """Say in the schema what :func:`_one_start` refuses: ``start`` and its old name both given."""
    cell = {"type": "array"}
    schema["not"] = {"required": ["start", old_name], "properties": {"start": cell, old_name: cell}}
    return schema


class GameRequest(LevelOrSize):
    """A new game: a level by name, or rows, cols and mines."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"level": "expert", "seed": 7}]})

    first_click: Literal["safe", "opening", "any"] = Field("safe", description="What the first click cannot hit.")
    topology: TopologyName = Field("square", description=f"{TOPOLOGIES} The game's document says it back.")
    seed: Seed | None = Field(None, description="Layout seed, as `cnfsweep play --seed` takes it.")
    no_guess: StrictBool = Field(
        False,
        description="A board exact inference solves without a guess (as `cnfsweep generate` makes), its opening made.",
    )
    start: tuple[Index, Index] | None = Field(
        None,
        description="[row, col] the server clicks first, as the game the board comes from did (a restart, a shared board):"
        " the same seed, rule and start cell make the same layout. The clock waits for the player's first click."
        " Not with `no_guess` (its board comes with its opening). (`first_click` is the rule, this the cell.)",
    )
    opened: tuple[Index, Index] | None = Field(
        # Marked in the schema only: pydantic's deprecated=True would warn each time the server reads it.
        None,
        json_schema_extra={"deprecated": True},
        description="Deprecated: the old name of `start`, accepted for one release.",
    )

    @model_validator(mode="after")
    def _start_or_opened(self) -> GameRequest:
        self.start = self.opened = _one_start(self.start, self.opened, "opened")
        return self

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return _not_both(super().__get_pydantic_json_schema__(core_schema, handler), "opened")


class GenerateRequest(LevelOrSize):
    """A no-guess board: a level by name, or rows, cols and mines; the options of `cnfsweep generate`."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"level": "expert", "seed": 7}]})

    seed: Seed | None = Field(None, description="Run seed, as `cnfsweep generate --seed`; the board is its first.")
    start: tuple[Index, Index] | None = Field(
        None, description="[row, col] of the first click, an opening; the centre by default."
    )
    first_click: tuple[Index, Index] | None = Field(
        None,
        json_schema_extra={"deprecated": True},
        description="Deprecated: the old name of `start`, accepted for one release (`first_click` names the "
        "first-click rule everywhere else).",
    )

    @model_validator(mode="after")
    def _start_or_first_click(self) -> GenerateRequest:
        self.start = self.first_click = _one_start(self.start, self.first_click, "first_click")
        return self

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return _not_both(super().__get_pydantic_json_schema__(core_schema, handler), "first_click")

    method: Literal["fast", "uniform"] = Field(
        "fast", description="`fast` repairs random layouts; `uniform` draws exactly uniformly over no-guess layouts."
    )
    logic: Literal["full", "local"] = Field(
        "full", description="`full`: the player uses the total mine count; `local`: the numbers only."
    )
    topology: TopologyName = Field(
        "square", description=f"{TOPOLOGIES} As `cnfsweep generate --topology`; `board` has its `topology:` header."
    )
    time_limit: StrictFloat | None = Field(
        None, gt=0, description="Seconds allowed (at most the server's `--time-limit`)."
    )


class PuzzleRequest(BaseModel):
    """A variant puzzle with one solution: its rules, size and total, as `cnfsweep generate --rules` takes them."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"rules": ["1Q", "V"], "rows": 5, "cols": 5, "mines": 8, "seed": 7}]},
    )

    rules: list[Annotated[StrictStr, StringConstraints(min_length=1, max_length=16)]] = Field(
        min_length=1,
        max_length=8,
        description="Rule codes, as a board's `rules:` header writes them (`GET /api/health` lists them under `rules`).",
    )
    rows: Size = Field(description="Rows, 2 to 30.")
    cols: Size = Field(description="Columns, 2 to 30.")
    mines: Count = Field(description="The total: how many mines the puzzle has.")
    seed: Seed | None = Field(None, description="Seed, as `cnfsweep generate --seed`: the same seed, the same puzzle.")
    time_limit: StrictFloat | None = Field(
        None, gt=0, description="Seconds allowed (at most the server's `--time-limit`), making and grading the puzzle."
    )
    grade: StrictBool = Field(
        False,
        description="Also grade the puzzle as `cnfsweep grade` does: the answer gains `grade` (`easy` to `evil`) and "
        "`grade_steps` (each step's `size`, `uses_total` and `cells`), as `generate --rules --grade --json` prints.",
    )


class PuzzleGameRequest(PuzzleRequest):
    """A variant puzzle to play here: made as `POST /api/puzzle` makes it, its answer kept on the server."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"rules": ["1Q", "V"], "rows": 5, "cols": 5, "mines": 8, "seed": 7, "lives": 3}]
        },
    )

    lives: Annotated[int, Ge(1), Le(1000), WHOLE] = Field(
        LIVES, description="Mistakes (mines opened) that end the game, lost: the last life's mistake loses it."
    )


class CellRequest(BaseModel):
    """One cell of a game: row and column from 0 at the top-left."""

    model_config = ConfigDict(extra="forbid")

    row: Index = Field(description="Row from 0 at the top.")
    col: Index = Field(description="Column from 0 at the left.")


class ReplayRequest(BaseModel):
    """A replay file to review: its name (the suffix says its kind) and its bytes in base64."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"name": "game.avf", "data": "NB4ICh..."}]}
    )

    name: StrictStr = Field(
        min_length=1,
        max_length=255,
        description="The file's name: `.avf`, `.rmv`, `.evf`, `.mvf` (read with ms-toollib) or `.jsonl` (a `cnfsweep play --trace`).",
    )
    data: StrictStr = Field(description="The file's bytes, in base64 (an empty file is refused as the CLI refuses it).")
    game: Size = Field(
        1,
        description="Which game of the file to review, from 1 (a trace may hold many: the answer's `games` says how many).",
    )
    time_limit: StrictFloat | None = Field(
        None, gt=0, description="Seconds allowed (at most the server's `--time-limit`)."
    )


Pair = tuple[int, int]


class VariantAnalysis(BaseModel):
    """A variant board's analysis, as `cnfsweep solve --json` prints it for a board with a `rules:` header."""

    model_config = ConfigDict(extra="forbid")

    status: Literal["solved", "inconsistent"]
    consistent: bool
    rules: list[str] = Field(description="Every rule code in order: mine rules, the clue rule, then 1M, 1N, 1L.")
    rows: int
    cols: int
    total_mines: int | None
    safe: list[Pair] = Field(description="Every covered cell that is safe in every layout, as [row, col].")
    mines: list[Pair] = Field(description="Every covered cell that is a mine in every layout.")
    exact: list[list[str | None]] | None = Field(
        description="Each covered cell's exact mine probability as a fraction (`null` on revealed cells); "
        "`null` when the layouts were not counted."
    )
    solutions: str | None = Field(description="How many layouts the rules, clues and total allow, if counted.")
    counted: bool
    uncounted: str | None = Field(description="Why the layouts were not counted (a global rule, a part too big).")


class VariantConflict(BaseModel):
    """Clues and rules that together allow no layout, none of them superfluous."""

    model_config = ConfigDict(extra="forbid")

    clues: list[Pair]
    rules: list[str]


class VariantCheck(BaseModel):
    """A variant board's check, as `cnfsweep check --json` prints it for a board with a `rules:` header."""

    model_config = ConfigDict(extra="forbid")

    consistent: bool
    witness_mines: list[Pair] | None = Field(description="The mines of one layout, when there is one.")
    conflict: VariantConflict | None
    total_in_conflict: bool


class VariantReason(BaseModel):
    """Clues, mine rules and perhaps the total that make a cell certain: without any one of them it is not."""

    model_config = ConfigDict(extra="forbid")

    clues: list[Pair]
    rules: list[str] = Field(
        description="The mine rules used, then the rules that read the clues (clue rule, 1M, 1N, 1L)."
    )
    uses_total: bool
    size: int = Field(description="Clues, mine rules and the total in the reason.")


class VariantMove(BaseModel):
    """A certain cell, or with nothing certain the covered cell least likely a mine."""

    model_config = ConfigDict(extra="forbid")

    cell: Pair
    mine: bool
    certain: bool
    probability: str | None


class VariantMoveAndReason(BaseModel):
    """One move of `moves` and its reason."""

    model_config = ConfigDict(extra="forbid")

    move: VariantMove
    reason: VariantReason | None


class VariantHint(BaseModel):
    """A variant board's hint, as `cnfsweep hint --json` prints it for a board with a `rules:` header.

    `move` and `reason`, or with `every` `moves`: every certain cell with its reason, easiest first.
    """

    model_config = ConfigDict(extra="forbid")

    consistent: bool
    rules: list[str]
    move: VariantMove | None = None
    reason: VariantReason | None = None
    moves: list[VariantMoveAndReason] | None = None
    total_mines: int | None
    uncounted: str | None


#: A classic board's document: what `cnfsweep ... --json` prints, described in the reference.
Classic = dict[str, Any]


def or_variant(variant: type[BaseModel], name: str) -> type[RootModel[Any]]:
    """The schema of a 200 answer: a classic board's document, or ``variant``'s for a board with ``rules:``.

    Examples
    --------
    >>> or_variant(VariantCheck, "CheckAnswer").model_json_schema()["anyOf"][1]
    {'$ref': '#/$defs/VariantCheck'}
    """
    model = RootModel[Classic | variant]  # type: ignore[valid-type]
    return type(name, (model,), {"__doc__": f"A classic board's document, or a variant board's {variant.__name__}."})


#: The models whose schemas ``/openapi.json`` publishes under their own names.
PUBLISHED = (
    BoardRequest,
    CheckRequest,
    HintRequest,
    LevelsRequest,
    GameRequest,
    GenerateRequest,
    PuzzleRequest,
    PuzzleGameRequest,
    CellRequest,
    ReplayRequest,
    ErrorDocument,
)
BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def _copy_bounds(published: Any, exact: Any) -> None:
    if isinstance(published, dict) and isinstance(exact, dict):
        for key, value in exact.items():
            if key in BOUNDS:
                published[key] = value
            elif key in published:
                _copy_bounds(published[key], value)
    elif isinstance(published, list) and isinstance(exact, list) and len(published) == len(exact):
        for p, e in zip(published, exact, strict=True):
            _copy_bounds(p, e)


def exact_bounds(openapi: dict[str, Any]) -> dict[str, Any]:
    """Put back the numeric bounds of the request models as pydantic states them.

    FastAPI's OpenAPI model holds bounds as floats: ``1`` would be published as
    ``1.0`` and the largest seed, ``2**63 - 1``, as ``9.223372036854776e18``,
    which is ``2**63``. The models' own JSON schemas keep them exact.

    Examples
    --------
    >>> doc = {"components": {"schemas": {"GameRequest": {"properties": {"seed": {"anyOf": [{"maximum": 9.2e18}, {}]}}}}}}
    >>> exact_bounds(doc)["components"]["schemas"]["GameRequest"]["properties"]["seed"]["anyOf"][0]["maximum"]
    9223372036854775807
    """
    schemas = openapi.get("components", {}).get("schemas", {})
    for model in PUBLISHED:
        if model.__name__ in schemas:
            _copy_bounds(schemas[model.__name__], model.model_json_schema())
    return openapi

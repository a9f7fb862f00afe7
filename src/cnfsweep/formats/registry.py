"""Board formats behind one protocol, found by name, as the solver backends are.

Each format is a class with class-level attributes (its name, the file
suffixes that say it, what it can hold) and static methods to detect, read
and, where there is one, write it.  :data:`REGISTRY` lists them by name in
the order ``--format`` shows them; :func:`detect` asks them in the order of
their ``priority``, the native format last, as it reads anything left.

Adding a format
---------------
Write a module ``formats/myformat.py`` (it may import the core and
``formats.lines`` only) ending in a class such as::

    class MyFormat:
        \"\"\"One line on what the format is and who writes it.\"\"\"

        name: ClassVar[str] = "myformat"        # what --format takes
        description: ClassVar[str] = "..."       # one line, for help and docs
        suffixes: ClassVar[tuple[str, ...]] = (".my",)  # a file so named is this format
        priority: ClassVar[int] = 35             # detection order; native is 100
        labels: ClassVar[bool] = False           # cells may carry --assume labels
        layouts: ClassVar[bool] = False          # a file may carry its answer (a layout)
        writes: ClassVar[bool] = False           # write() exists

        @staticmethod
        def detect(sample: Sample) -> bool:      # True: this text is mine
            ...

        @staticmethod
        def read(text: str, err: Err, deadline: float | None) -> Board:
            ...                                  # raise err(message, line=, column=) on bad input

        @staticmethod
        def write(board: Board) -> str:
            raise NotImplementedError

then add the class to :data:`REGISTRY` below (or, from a package of your own,
declare it in the ``cnfsweep.formats`` entry-point group: see
:mod:`cnfsweep.core.plugins`; :mod:`cnfsweep.formats.TEMPLATE` is a whole
format to copy), and give the format a test file
of good and bad boards (each bad one a one-line error naming its line and
column, or for JSON the key and item).  ``--format``, the API's ``format``,
detection and :func:`~cnfsweep.formats.write_board` follow from the registry.
:mod:`~cnfsweep.formats.graph` is a whole format to copy from (a reader,
a writer, its errors); :mod:`~cnfsweep.formats.jsm` a small text one.

Examples
--------
>>> list(REGISTRY)
['native', 'jsm', 'minesweepr', 'msboard', 'graph']
>>> detect(Sample.of("5x5x8\\nHHHHH\\n"), None).name, detect(Sample.of("1.\\n"), "b.jsm").name
('jsm', 'jsm')
"""

from __future__ import annotations

from operator import attrgetter
from pathlib import PurePath
from typing import ClassVar, Protocol, runtime_checkable

from cnfsweep.core.board import Board
from cnfsweep.core.errors import BoardFormatError
from cnfsweep.core.plugins import GROUPS, Registry
from cnfsweep.formats.graph import GraphFormat
from cnfsweep.formats.jsm import JsmFormat
from cnfsweep.formats.lines import Err, Sample
from cnfsweep.formats.minesweepr import MinesweeprFormat
from cnfsweep.formats.msboard import MsboardFormat
from cnfsweep.formats.native import NativeFormat
from cnfsweep.formats.picture import is_picture

__all__ = ["PICTURE", "REGISTRY", "Format", "Sample", "detect", "is_picture", "suffixes"]

#: What a board read from a screenshot says it was read as (``Board.read_as.format``).  Pictures are
#: told by their first bytes (:func:`is_picture`), before any text format is asked, and are not in
#: :data:`REGISTRY`: a format there reads text, and ``--format`` and the API name text formats.
PICTURE = "picture"


@runtime_checkable
class Format(Protocol):
    """A board file format: how to tell it, read it and (where it can be) write it."""

    name: ClassVar[str]
    """Registry name, as given to ``--format``."""
    description: ClassVar[str]
    """One line saying what the format is."""
    suffixes: ClassVar[tuple[str, ...]]
    """File name suffixes (lower case, with the dot) that say this format whatever the text."""
    priority: ClassVar[int]
    """Detection order: lower is asked first."""
    labels: ClassVar[bool]
    """Whether cells may carry labels (``--assume LABEL=...``)."""
    layouts: ClassVar[bool]
    """Whether a file may carry its mine layout."""
    writes: ClassVar[bool]
    """Whether :meth:`write` exists."""

    @staticmethod
    def detect(sample: Sample) -> bool:
        """Say whether the text is in this format."""
        ...

    @staticmethod
    def read(text: str, err: Err, deadline: float | None) -> Board:
        """Read a board, raising ``err(message, line=..., column=...)`` on bad input."""
        ...

    @staticmethod
    def write(board: Board) -> str:
        """Write ``board`` in this format (only if :attr:`writes`)."""
        ...


#: Every format by name, in the order ``--format`` lists them: the built-ins (a new one goes here),
#: then those of the ``cnfsweep.formats`` entry-point group.
REGISTRY: Registry[type[Format]] = Registry(
    GROUPS["format"],
    "format",
    (NativeFormat, JsmFormat, MinesweeprFormat, MsboardFormat, GraphFormat),
    check=lambda obj: isinstance(obj, Format),
    expected="a board format (cnfsweep.formats.registry.Format)",
    error=BoardFormatError,
)


def suffixes() -> dict[str, str]:
    """Return each file suffix that says a format, and that format's name.

    Examples
    --------
    >>> suffixes()
    {'.jsm': 'jsm', '.json': 'graph'}
    """
    return {suffix: f.name for f in REGISTRY.values() for suffix in f.suffixes}


def detect(sample: Sample, name: str | None) -> type[Format]:
    """Return the format of a text: the one its file name's suffix says, else the first (by priority) that claims it."""
    if name is not None:
        named = suffixes().get(PurePath(name).suffix.lower())
        if named is not None:
            return REGISTRY[named]
    for fmt in sorted(REGISTRY.values(), key=attrgetter("priority")):
        if fmt.detect(sample):
            return fmt
    return REGISTRY["native"]  # pragma: no cover - native claims every text

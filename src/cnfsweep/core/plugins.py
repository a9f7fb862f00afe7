"""Registries that other packages extend through entry points.

Backends, board formats, guessing policies, topologies and variant rules are each a
:class:`Registry`: a read-only mapping from a name (what ``--backend``,
``--format``, ``--policy`` and ``--topology`` take, and a board's ``rules:`` header) to the class of that name.
cnfsweep's own classes are built in; a package installed beside cnfsweep adds
its own by declaring them in an entry-point group of its ``pyproject.toml``::

    [project.entry-points."cnfsweep.topologies"]
    cross = "my_package.cross:Cross"

The groups are :data:`GROUPS`.  The entry points are read on the first lookup
(not when cnfsweep is imported), and a plug-in's module is imported only when its
name is looked up, so an unused plug-in (or its solver package) costs nothing.

The built-ins stay built in rather than being declared as entry points of cnfsweep
itself: they are found the same whether cnfsweep is installed, run from a source
tree (``PYTHONPATH=src``) or installed with stale metadata, and their order (what
``--help`` lists first, the default) is the code's.  A plug-in cannot replace a
built-in: one that names a built-in is ignored with a warning.

Examples
--------
>>> class Round: name = "round"
>>> class Square: name = "square"
>>> shapes = Registry("example.shapes", "shape", [Round, Square])
>>> list(shapes), "round" in shapes, shapes["square"].__name__
(['round', 'square'], True, 'Square')
>>> shapes["oval"]
Traceback (most recent call last):
...
KeyError: 'oval'
>>> shapes.unknown("oval")
"unknown shape 'oval'; choose from round, square"
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Generic, TypeVar

from cnfsweep.core.errors import ArgumentError, CnfsweepError

__all__ = ["GROUPS", "PluginError", "Registry"]

T = TypeVar("T")

#: The entry-point group of each kind of plug-in.
GROUPS = {
    "backend": "cnfsweep.backends",
    "format": "cnfsweep.formats",
    "policy": "cnfsweep.policies",
    "topology": "cnfsweep.topologies",
    "rule": "cnfsweep.rules",
}


class PluginError(ArgumentError):
    """Report a plug-in that could not be loaded or is not what its group asks for."""


def _accept_anything(obj: Any) -> bool:
    return True


class Registry(Mapping[str, T], Generic[T]):
    """Every class of one kind by name: the built-ins, then the plug-ins of an entry-point group.

    Parameters
    ----------
    group : str
        The entry-point group plug-ins declare themselves in (one of :data:`GROUPS`).
    kind : str
        What one entry is called in messages: ``"backend"``, ``"format"``...
    builtins : iterable
        cnfsweep's own classes, each with a ``name`` attribute, in the order to list them.
    check : callable, optional
        Whether a loaded plug-in is what the group asks for (a Protocol's
        ``isinstance``, a base class's ``issubclass``); ``expected`` says what that is.
    expected : str
        Words for what ``check`` accepts, for the error about a plug-in it refuses.
    error : type
        The error raised for a plug-in that cannot be loaded or is refused.
    """

    def __init__(
        self,
        group: str,
        kind: str,
        builtins: Iterable[T],
        *,
        check: Callable[[Any], bool] = _accept_anything,
        expected: str = "",
        error: type[CnfsweepError] = PluginError,
    ) -> None:
        self.group, self.kind = group, kind
        self._builtins: dict[str, T] = {obj.name: obj for obj in builtins}  # type: ignore[attr-defined]
        self._check, self._expected, self._error = check, expected, error
        # Filled once, on the first lookup: the group's entry points, then each plug-in as it is loaded.
        self._found: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, T] = {}

    def _entry_points(self) -> dict[str, EntryPoint]:
        if self._found is None:
            found: dict[str, EntryPoint] = {}
            for ep in entry_points(group=self.group):
                where = f"{ep.value} (from {_distribution(ep)})"
                if ep.name in self._builtins:
                    warnings.warn(
                        f"plug-in {self.kind} {ep.name!r} at {where} is ignored: "
                        f"cnfsweep has a built-in {self.kind} of that name",
                        RuntimeWarning,
                        stacklevel=2,
                    )
                elif ep.name in found:
                    warnings.warn(
                        f"plug-in {self.kind} {ep.name!r} at {where} is ignored: "
                        f"{found[ep.name].value} has that name too",
                        RuntimeWarning,
                        stacklevel=2,
                    )
                else:
                    found[ep.name] = ep
            self._found = found
        return self._found

    def builtin(self, name: str) -> bool:
        """Say whether ``name`` is one of cnfsweep's own (not a plug-in's)."""
        return name in self._builtins

    @property
    def builtins(self) -> Mapping[str, T]:
        """cnfsweep's own entries by name, in order: what is known without reading any entry point."""
        return dict(self._builtins)

    def plugins(self) -> list[str]:
        """Return the names the entry points add, without importing them."""
        return list(self._entry_points())

    def __contains__(self, name: object) -> bool:
        # By name only: asking whether a plug-in exists does not import it.
        return name in self._builtins or name in self._entry_points()

    def __iter__(self) -> Iterator[str]:
        yield from self._builtins
        yield from self._entry_points()

    def __len__(self) -> int:
        return len(self._builtins) + len(self._entry_points())

    def __getitem__(self, name: str) -> T:
        if name in self._builtins:
            return self._builtins[name]
        if name in self._loaded:
            return self._loaded[name]
        ep = self._entry_points().get(name)
        if ep is None:
            raise KeyError(name)
        self._loaded[name] = obj = self._load(ep)
        return obj

    def accepts(self, obj: Any) -> bool:
        """Say whether ``obj`` would serve as a plug-in of this registry (its name aside)."""
        return self._check(obj)

    def _load(self, ep: EntryPoint) -> T:
        where = f"plug-in {self.kind} {ep.name!r} ({ep.value}, from {_distribution(ep)})"
        try:
            obj = ep.load()
        except Exception as exc:  # whatever the plug-in's import raises, the user needs one line
            raise self._error(f"{where} could not be loaded: {type(exc).__name__}: {exc}") from None
        if getattr(obj, "name", None) != ep.name:
            raise self._error(
                f"{where} is called {getattr(obj, 'name', None)!r} in its code: "
                f"its entry point must have the name its class has"
            )
        if not self.accepts(obj):
            raise self._error(f"{where} is not {self._expected}")
        return obj

    def unknown(self, name: object) -> str:
        """Return the message for a name not registered, listing the names that are."""
        return f"unknown {self.kind} {name!r}; choose from {', '.join(self)}"

    def __repr__(self) -> str:
        return f"Registry({self.group!r}: {', '.join(self)})"


def _distribution(ep: EntryPoint) -> str:
    dist = ep.dist
    return f"{dist.name} {dist.version}" if dist is not None else "an unnamed distribution"

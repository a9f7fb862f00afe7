"""Solver backends behind one protocol, found by name.

A backend spec is ``NAME[:OPTIONS]``: ``cpsat``, ``pysat``,
``pysat:glucose4``, ``pysat:cadical195:totalizer``, ``brute``.  Solver
packages are imported only when a backend is used.  The backends are a
:class:`~cnfsweep.core.plugins.Registry`: the built-ins, then those a package
declares in the ``cnfsweep.backends`` entry-point group
(:mod:`cnfsweep.engine.backends.TEMPLATE` is a backend to copy).

Examples
--------
>>> get_backend("pysat:glucose4").spec
'pysat:glucose4:seqcounter'
>>> "brute" in available_backends()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

from cnfsweep.engine.backends.base import Backend, SolverOutcome, Session
from cnfsweep.engine.backends.brute import BruteBackend
from cnfsweep.engine.backends.cpsat import CpSatBackend
from cnfsweep.engine.backends.pysat import PysatBackend
from cnfsweep.core.errors import ArgumentTypeError, BackendError, shown
from cnfsweep.core.plugins import GROUPS, Registry

#: Every backend by name: the built-ins, then those of the ``cnfsweep.backends`` entry-point group.
REGISTRY: Registry[type[Backend]] = Registry(
    GROUPS["backend"],
    "backend",
    (PysatBackend, CpSatBackend, BruteBackend),
    check=lambda obj: isinstance(obj, type) and isinstance(obj, Backend),
    expected="a solver backend (cnfsweep.engine.backends.base.Backend)",
    error=BackendError,
)

DEFAULT = "pysat"
"""Backend used when none is named (see the documentation's "Compare backends" for why)."""

__all__ = [
    "DEFAULT",
    "REGISTRY",
    "Backend",
    "BackendInfo",
    "Session",
    "SolverOutcome",
    "available_backends",
    "backend_info",
    "default_backend",
    "get_backend",
    "usable_specs",
]


@dataclass(frozen=True)
class BackendInfo:
    """What ``cnfsweep backends`` shows about one backend."""

    name: str
    available: bool
    version: str | None
    counts_models: bool
    gives_cores: bool
    description: str
    variants: tuple[str, ...]
    """Every spec usable here, e.g. one per PySAT solver that honours assumptions."""


def get_backend(spec: str | Backend | None = None) -> Backend:
    """Return a ready backend for ``spec`` (the default when ``None``).

    Raises
    ------
    BackendError
        For an unknown name, bad options or a solver package that is not installed.
    """
    if spec is not None and not isinstance(spec, str):
        if not isinstance(spec, Backend):
            raise ArgumentTypeError(
                f"backend must be a spec such as 'cpsat' or a Backend, got {shown(spec)} ({type(spec).__name__})"
            )
        return spec
    return _backend(spec or DEFAULT)


@lru_cache(maxsize=64)
def _backend(spec: str) -> Backend:
    # Not a cache of results: a backend is its parsed options and nothing else (every solver
    # session it opens is closed by its caller), so one instance per spec serves everyone and
    # nobody ever needs to reset this.  Solved components live in an Engine's ComponentCache.
    name, _, options = spec.partition(":")
    if name not in REGISTRY:
        raise BackendError(REGISTRY.unknown(name))
    cls = REGISTRY[name]
    if cls.version() is None:
        raise BackendError(f"backend {name!r} is not available: its solver package is not installed")
    try:
        return cls(options)  # type: ignore[call-arg]
    except ValueError as exc:
        raise BackendError(f"backend {spec!r}: {exc}") from None


default_backend = partial(_backend, DEFAULT)
"""``get_backend(None)`` without a Python function's call (a partial of the cached builder): what
:meth:`Engine.create <cnfsweep.engine.Engine.create>` calls for the default backend on every cold analysis."""


def available_backends() -> list[str]:
    """Names of the backends whose solver package is installed."""
    return [name for name, cls in REGISTRY.items() if cls.version() is not None]


def usable_specs() -> list[str]:
    """Every backend configuration usable here: each backend, and each PySAT solver.

    Examples
    --------
    >>> specs = usable_specs()
    >>> "brute" in specs and "pysat:glucose4" in specs and "pysat:kissat404" not in specs
    True
    """
    return [spec for cls in REGISTRY.values() for spec in cls.variants()]


def backend_info() -> list[BackendInfo]:
    """Describe every registered backend."""
    return [
        BackendInfo(
            name=name,
            available=cls.version() is not None,
            version=cls.version(),
            counts_models=cls.counts_models,
            gives_cores=cls.gives_cores,
            description=(cls.__doc__ or "").strip().splitlines()[0],
            variants=tuple(cls.variants()),
        )
        for name, cls in REGISTRY.items()
    ]

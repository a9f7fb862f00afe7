"""The one reading of the ``engine=`` and ``backend=`` arguments every public function takes.

The vocabulary: ``engine=`` is an :class:`~cnfsweep.engine.Engine` (its backend,
cache and counting settings, given once and shared), ``backend=`` a backend's
name or spec (``"cpsat"``, ``"pysat:cadical195"``) or a
:class:`~cnfsweep.engine.backends.Backend`, for a fresh engine.  A caller gives
one or neither.  A spec given as ``engine=`` (as ``hint``, ``explain``,
``grade_board`` and ``review`` took it before) still works for one release, with a
:class:`DeprecationWarning`.
"""

from __future__ import annotations

import warnings

from cnfsweep.core.errors import ArgumentError, ArgumentTypeError, shown
from cnfsweep.engine.backends import Backend
from cnfsweep.engine.engine import Engine

__all__ = ["BackendSpec", "engine_argument"]

#: What ``backend=`` takes: a backend's name or spec, or a backend itself.
BackendSpec = str | Backend


def engine_argument(
    engine: Engine | None, backend: BackendSpec | None = None, *, for_games: bool = False, stacklevel: int = 3
) -> Engine:
    """Return the engine a public function runs on: ``engine``, else a fresh one on ``backend``.

    Parameters
    ----------
    engine : Engine or None
        Used as it is.
    backend : str, Backend or None
        The backend of a fresh engine (the default backend for ``None``).
    for_games : bool
        Build the fresh engine as a player's (:meth:`Engine.for_games`) rather than :meth:`Engine.create`'s.
    stacklevel : int
        Where the deprecation warning points: 3 is the caller of the function that calls this one.

    Raises
    ------
    ArgumentError
        If both are given.
    ArgumentTypeError
        If ``engine`` is not an Engine (nor a spec, deprecated), or ``backend`` not a spec
        (:func:`~cnfsweep.engine.backends.get_backend` says so).

    Examples
    --------
    >>> engine = Engine.create("brute")
    >>> engine_argument(engine) is engine, engine_argument(None, "brute").spec
    (True, 'brute')
    >>> engine_argument(engine, "cpsat")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: give engine (an Engine) or backend (a backend spec), not both
    """
    if isinstance(engine, (str, Backend)):
        # engine= once took a spec too; the name now means an Engine only.
        warnings.warn(
            f"engine={shown(engine) if isinstance(engine, str) else 'a Backend'} is deprecated: pass a backend spec "
            "as backend=, and engine= an Engine; a spec as engine= will be refused in the next release",
            DeprecationWarning,
            stacklevel=stacklevel,
        )
        if backend is not None:
            raise ArgumentError("give engine (an Engine) or backend (a backend spec), not both")
        engine, backend = None, engine
    if engine is not None:
        if not isinstance(engine, Engine):
            raise ArgumentTypeError(
                f"engine must be an Engine, got {shown(engine)} ({type(engine).__name__}); "
                "a backend spec goes in backend="
            )
        if backend is not None:
            raise ArgumentError("give engine (an Engine) or backend (a backend spec), not both")
        return engine
    return Engine.for_games(backend) if for_games else Engine.create(backend)

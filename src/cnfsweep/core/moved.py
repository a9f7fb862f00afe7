"""Names that moved to another module or were renamed, still read under the old name for one release, with a warning.

A module that lost names sets ``__getattr__ = moved(__name__, _MOVED)``, where
``_MOVED`` maps each old name to its new home (``"package.module"``, or
``"package.module:new_name"`` when it was renamed too); a module that moved as a
whole keeps only that, with ``__all__ = []``.  ``tests/test_architecture.py``
reads ``_MOVED`` to keep the package itself from importing an old path.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["moved", "warn_renamed"]


def moved(module: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """Return a module ``__getattr__`` that gives each of ``names`` from its new home with a :class:`DeprecationWarning`.

    Parameters
    ----------
    module : str
        The old module's name (its ``__name__``).
    names : Mapping[str, str]
        Each old name and where it is now: ``"package.module"``, or ``"package.module:new_name"``.

    Examples
    --------
    >>> import warnings
    >>> get = moved("old.place", {"dumps": "json", "reads": "json:loads"})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     get("reads")("[1]"), str(caught[0].message)
    ([1], 'old.place.reads is deprecated: use json.loads')
    """

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new_module, _, new_name = names[name].partition(":")
        warnings.warn(
            f"{module}.{name} is deprecated: use {new_module}.{new_name or name}", DeprecationWarning, stacklevel=2
        )
        return getattr(importlib.import_module(new_module), new_name or name)

    return __getattr__


def warn_renamed(old: str, new: str, note: str) -> None:
    """Warn, for the caller's caller, that ``old`` is read under a deprecated name: ``new`` is its name now.

    A renamed attribute's deprecated property calls this, so the warning names the line that read it.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_renamed("Thing.old", "Thing.new", "old means something else")
    ...     str(caught[0].message)
    'Thing.old is deprecated: use Thing.new (old means something else)'
    """
    warnings.warn(f"{old} is deprecated: use {new} ({note})", DeprecationWarning, stacklevel=3)

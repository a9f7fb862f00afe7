"""A package's public names imported on first use (PEP 562), not when the package is.

``python -m cnfsweep generate --rules ...`` needs the variant generator and the
engine it counts with, not the players, the explainer or the formats; with
every package importing its whole ``__all__`` up front, one command paid for
all of them (about a second of its start).  A package that offers names from
its modules lists each name's home, and :func:`lazy_exports` gives it the
module-level ``__getattr__`` and ``__dir__`` that import a name when it is
first asked for and keep it in the package, as an eager import would have.

Examples
--------
>>> __getattr__, __dir__ = lazy_exports("json", {"JSONDecoder": "json.decoder"}, ["JSONDecoder"])
>>> __getattr__("JSONDecoder").__module__
'json.decoder'
>>> __getattr__("nothing")
Traceback (most recent call last):
    ...
AttributeError: module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, homes: Mapping[str, str], public: Iterable[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return a package's ``__getattr__`` and ``__dir__`` for names imported on first use.

    Parameters
    ----------
    package
        The package's ``__name__``.
    homes
        Each public name and the module it is imported from.
    public
        The package's ``__all__``, listed by ``dir()`` before any name is imported.

    Returns
    -------
    tuple
        ``(__getattr__, __dir__)``, to be bound at the package's top level.
        ``__getattr__`` also imports a submodule asked for as an attribute
        (``cnfsweep.play.strong`` after ``import cnfsweep.play``), which the
        eager imports made available before.
    """
    names = tuple(public)

    def __getattr__(name: str) -> Any:
        namespace = sys.modules[package].__dict__
        home = homes.get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
        elif not name.startswith("__") and importlib.util.find_spec(f"{package}.{name}") is not None:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*sys.modules[package].__dict__, *names})

    return __getattr__, __dir__

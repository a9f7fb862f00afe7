"""Frozen value types that are cheap to build: a dataclass whose ``__init__`` writes its instance dict.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``, which takes
about twice as long as writing the instance's dict, and a cold analysis builds hundreds of constraints,
problems and components.  :func:`direct_init` keeps everything else the dataclass made (equality, hashing,
``repr``, ``replace``, pickling, the signature checkers see) and swaps in an ``__init__`` that stores the
fields straight into ``__dict__``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import TypeVar

__all__ = ["direct_init"]

T = TypeVar("T", bound=type)


def direct_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` an ``__init__`` that writes its fields into the instance dict.

    Only plain fields and plain defaults are taken (no ``default_factory``, no ``__post_init__``): a class
    needing either keeps the dataclass's own ``__init__``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @direct_init
    ... @dataclass(frozen=True)
    ... class Pair:
    ...     a: int
    ...     b: int = 2
    >>> Pair(1), Pair(1, 3) == Pair(a=1, b=3), hash(Pair(1)) == hash(Pair(1, 2))
    (Pair(a=1, b=2), True, True)
    """
    declared = [f for f in fields(cls) if f.init]
    if hasattr(cls, "__post_init__") or any(f.default_factory is not MISSING for f in declared):
        raise TypeError(f"{cls.__name__}: direct_init takes plain fields only")
    defaults = {f"_default_{f.name}": f.default for f in declared if f.default is not MISSING}
    params = ", ".join(f"{f.name}=_default_{f.name}" if f.default is not MISSING else f.name for f in declared)
    stores = "".join(f"\n    d[{f.name!r}] = {f.name}" for f in declared)
    namespace: dict[str, object] = dict(defaults)
    exec(f"def __init__(self, {params}):\n    d = self.__dict__{stores}\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls

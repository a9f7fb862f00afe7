"""Work an attribute out on first use and keep it: :func:`functools.cached_property` without the lock.

Python 3.11's ``cached_property`` takes a lock on every first access; the
look-ahead makes tens of thousands of short-lived hypothetical positions a
game, each with a few such attributes, and the lock was a few percent of a
strong game.  The values kept here are pure functions of frozen objects, so
two threads working one out at once would store the same value: no lock is
needed.  From Python 3.12 on the standard one has none either and is used.

Examples
--------
>>> class Square:
...     def __init__(self, side):
...         self.side = side
...     @lazy
...     def area(self):
...         "The side squared."
...         print("working it out")
...         return self.side ** 2
>>> s = Square(3)
>>> s.area
working it out
9
>>> s.area
9
>>> Square.area.__doc__
'The side squared.'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cached_property
from typing import Any, Generic, TypeVar, overload

__all__ = ["lazy"]

T = TypeVar("T")


class _Lazy(Generic[T]):
    """A non-data descriptor: once the value sits in the instance's ``__dict__``, Python finds it there first."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__
        self.__wrapped__ = func

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _Lazy[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | _Lazy[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


lazy: Any = cached_property if sys.version_info >= (3, 12) else _Lazy

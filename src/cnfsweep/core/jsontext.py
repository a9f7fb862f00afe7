"""JSON text of big documents: exactly what :func:`json.dumps` writes, fast and within a deadline.

An answer about a 1000x1000 board holds grids of a million cells, most of
them the same few objects (every cell off the frontier shares one
probability). :func:`json.dumps` writes each cell afresh and cannot be
stopped; :func:`dumps` writes each distinct object once, joins the texts, and
reads the clock between rows and chunks, so an answer whose time limit runs
out while it is encoded gives the time-out instead of arriving late.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from cnfsweep.core.deadline import check_deadline

__all__ = ["answer_json", "dumps"]

# A list longer than this is written item by item (each distinct object once); shorter ones of plain values whole.
WIDE = 64
# A long list whose first item is a container this small ([r, c] cells) is written by json.dumps a chunk at a time.
SMALL = 16
CHUNK = 4096
# Items written between two readings of the clock where items are not shared.
EVERY = 65_536
_CONTAINERS = (list, tuple, dict)


def dumps(document: Any, deadline: float | None = None) -> str:
    """Return ``json.dumps(document)``, checking ``deadline`` as it goes.

    Parameters
    ----------
    document : object
        What :func:`json.dumps` takes with its default settings; it must not
        change while it is written (objects are recognised by identity).
    deadline : float, optional
        A ``time.perf_counter()`` value; past it
        :class:`~cnfsweep.core.errors.TimeLimitExceeded` is raised (checked
        first, then before every long list, every row of a grid and every few thousand items).

    Examples
    --------
    >>> half = 0.5
    >>> dumps({"p": [[half, None, half], [None, half, "1/2"]], "ok": True})
    '{"p": [[0.5, null, 0.5], [null, 0.5, "1/2"]], "ok": true}'
    >>> dumps({1: [], None: ()}) == json.dumps({1: [], None: ()})
    True
    """
    check_deadline(deadline)
    return _Writer(deadline).value(document)


def answer_json(answer: Any, deadline: float | None = None) -> str:
    """Return the JSON text of an answer, or raise :class:`~cnfsweep.core.errors.TimeLimitExceeded` past ``deadline``.

    ``answer`` is a document (a dict), or an object with a ``to_json(deadline)``
    method (the fastest way, where there is one) or a ``to_dict()`` method.
    The clock is read once more at the end: an answer finished too late is
    not the answer a time limit asked for.

    Examples
    --------
    >>> answer_json({"consistent": True})
    '{"consistent": true}'
    >>> answer_json({"consistent": True}, deadline=0.0)
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.TimeLimitExceeded: no answer within the time limit
    """
    check_deadline(deadline)
    if isinstance(answer, dict):
        text = dumps(answer, deadline)
    elif hasattr(answer, "to_json"):
        text = answer.to_json(deadline)
    else:
        text = dumps(answer.to_dict(), deadline)
    check_deadline(deadline)
    return text


class _Writer:
    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.memo: dict[int, str] = {}  # id of an object of the document -> its text

    def value(self, item: Any) -> str:
        if isinstance(item, dict):
            return self.mapping(item)
        if isinstance(item, (list, tuple)):
            return self.sequence(item)
        return json.dumps(item)

    def mapping(self, item: Mapping[Any, Any]) -> str:
        # json.dumps turns keys that are not text (numbers, true, null) into text; let it say how.
        return (
            "{"
            + ", ".join(
                f"{json.dumps(key) if isinstance(key, str) else json.dumps({key: 0})[1:-4]}: {self.value(v)}"
                for key, v in item.items()
            )
            + "}"
        )

    def sequence(self, items: Sequence[Any]) -> str:
        if len(items) <= WIDE:
            if not any(isinstance(i, _CONTAINERS) for i in items):
                return json.dumps(items)
            return "[" + ", ".join(self.value(i) for i in items) + "]"
        check_deadline(self.deadline)
        first = items[0]
        if isinstance(first, _CONTAINERS) and len(first) <= SMALL:
            return "[" + ", ".join(self.chunks(items)) + "]"
        return "[" + ", ".join(self.shared(items)) + "]"

    def chunks(self, items: Sequence[Any]) -> list[str]:
        # Many small containers ([r, c] cells): each is distinct, so json.dumps writes them in bulk.
        parts = []
        for start in range(0, len(items), CHUNK):
            check_deadline(self.deadline)
            parts.append(json.dumps(items[start : start + CHUNK])[1:-1])
        return parts

    def shared(self, items: Sequence[Any]) -> list[str]:
        # A grid's row: few distinct objects, each written once.
        memo = self.memo
        texts = [memo.get(id(i)) for i in items]
        if None in texts:
            written = 0
            for k, text in enumerate(texts):
                if text is None:
                    written += 1
                    if written % EVERY == 0:
                        check_deadline(self.deadline)
                    item = items[k]
                    found = memo.get(id(item))
                    if found is None:
                        found = memo[id(item)] = self.value(item)
                    texts[k] = found
        return texts  # type: ignore[return-value]

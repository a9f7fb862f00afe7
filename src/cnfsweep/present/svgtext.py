"""Small pieces of SVG text shared by the picture modules: numbers and attributes as written."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import quoteattr

__all__ = ["attrs_text", "num"]


def num(x: float) -> str:
    """Write a coordinate with at most two decimals and no trailing zeros.

    Examples
    --------
    >>> num(3.0), num(11.54700538), num(-0.004)
    ('3', '11.55', '0')
    """
    text = f"{round(x, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def attrs_text(attrs: dict[str, Any]) -> str:
    """Write keyword attributes as SVG spells them: ``class_`` -> ``class``, ``stroke_width`` -> ``stroke-width``.

    Examples
    --------
    >>> attrs_text({"class_": "cell", "stroke_width": 2, "fill": None})
    ' class="cell" stroke-width="2"'
    """
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)

"""Hostile board text for property tests of every reader: real boards of each format, damaged.

A board is drawn from small boards of every format (or made of random characters), then
damaged a few times: a number swapped for another (of thousands of digits, in other digits, with
a sign), a line replaced or characters inserted (control characters, characters of every Unicode
category, headers, section names, size lines), and finally perhaps written with CRLF line ends,
a byte order mark or tabs between cells.
"""

from __future__ import annotations

import re

from hypothesis import strategies as st

from paths import DATA, EXAMPLES

#: Small boards of every format, which the readers must still take after harmless damage.
BOARDS: tuple[str, ...] = (
    (EXAMPLES / "hint_demo.txt").read_text(),
    (EXAMPLES / "inconsistent.txt").read_text(),
    (EXAMPLES / "labelled.txt").read_text(),
    (EXAMPLES / "mrgriscom.txt").read_text(),
    (DATA / "formats" / "example2.jsm.txt").read_text(),
    (DATA / "formats" / "example2.board").read_text(),
    "mines: 1\nfirst-click: 1,0\n01.\n01.\nlayout:\n..*\n...\n",
    "3x3\nHHH\nH1H\nHHH\n",
    "1.\n..\n",
    # A graph board: JSON, whose damage meets the JSON reader and every key's checks.
    '{"format": "cnfsweep-graph", "cells": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]], '
    '"revealed": {"a": 1}, "flags": ["b"], "mines": 1, "pos": {"a": [0, 0], "b": [1, 0], "c": [2, 0]}, '
    '"layout": ["b"], "first_click": "a"}',
)

#: Pieces that meet the readers' corner cases: where numbers stand, what starts a section or a format.
PIECES = (
    "9" * 5000,
    "1" + "0" * 4400,
    "0" * 5000 + "1",
    "-1",
    "99999999999999999999",
    "٣",
    "²",
    "１",
    "mines:",
    "mines: ",
    "first-click:",
    "first-click: 0,0",
    "layout:",
    "[view]",
    "[real]",
    "rows:",
    "columns:",
    "# MINESWEEPER-BOARD v0.1",
    "# MINESWEEPER-BOARD v9.0",
    "# Render: ascii",
    "3x3x",
    "3x3",
    "0x0x0",
    "x",
    "H",
    "F",
    "U",
    "?",
    "*",
    ".",
    "#",
    ":",
    ",",
    "\t",
    "\r",
    "\r\n",
    "\n",
    "\x00",
    "\x0b",
    "\x0c",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\u00a0",
    "\u2028",
    "\u2029",
    "\u200b",
    "\ufeff",
    "\ufffd",
    "\U0001f4a3",
    "[bold]",
    "[/]",
    "\\",
    "'",
    '"',
)


#: Numbers for any place a number stands: past Python's 4,300-digit limit, past 18 digits, in other digits.
NUMBERS = st.sampled_from(
    ["9" * 5000, "1" + "0" * 4400, "0" * 5000 + "1", "9" * 19, "-1", "+1", "1_0", "٣", "²", "１", ""]
) | (st.integers(0, 10**20).map(str))


def characters(surrogates: bool) -> st.SearchStrategy[str]:
    """Characters of every Unicode category (lone surrogates only where the text need not be UTF-8)."""
    return st.characters(exclude_categories=() if surrogates else ("Cs",))


@st.composite
def hostile_text(draw: st.DrawFn, surrogates: bool = False) -> str:
    """Draw board text, damaged: see the module docstring."""
    chars = characters(surrogates)
    text = draw(st.sampled_from(BOARDS) | st.text(chars, max_size=40))
    for _ in range(draw(st.integers(0, 2))):
        numbers = [m.span() for m in re.finditer(r"[0-9]+", text)]
        if numbers:
            start, end = draw(st.sampled_from(numbers))
            text = text[:start] + draw(NUMBERS) + text[end:]
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 3))):
        piece = draw(st.sampled_from(PIECES) | st.text(chars, min_size=1, max_size=4))
        where = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            lines[where] = piece
        else:
            column = draw(st.integers(0, len(lines[where])))
            lines[where] = lines[where][:column] + piece + lines[where][column:]
    text = "\n".join(lines)
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    if draw(st.booleans()):
        text = "\ufeff" + text
    if draw(st.booleans()):
        text = text.replace(".", ".\t")
    return text

"""Every board README.md and the documentation show is what its text says it is.

Boards are found by reading README.md and every page under ``docs/``, so one
added later is checked too:

- a fenced block with no language is a board (``text`` marks one that is
  not, such as the JSON schema); it must read, and be consistent unless a
  comment in it says ``inconsistent``;
- in the ``python`` blocks, every ``Board.parse("...")`` literal of a doctest
  example must read, and be consistent unless that example passes it to
  ``check(...)``, whose expected output the doctest run itself compares.
"""

from __future__ import annotations

import ast
import doctest
import re

import pytest
from paths import ROOT

from cnfsweep import Board, check

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"( *)```(.*)")


def fenced_blocks(text: str) -> list[tuple[int, str, str]]:
    """Return ``(line, language, body)`` for each fenced block, indentation removed.

    Examples
    --------
    >>> fenced_blocks("a\\n  ```sh\\n  ls\\n  ```\\n```\\n1.\\n```\\n")
    [(2, 'sh', 'ls\\n'), (5, '', '1.\\n')]
    """
    blocks, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        opening = FENCE.fullmatch(lines[i])
        i += 1
        if not opening:
            continue
        indent, language, start, body = len(opening[1]), opening[2].strip(), i, []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:] + "\n")
            i += 1
        blocks.append((start, language, "".join(body)))
        i += 1
    return blocks


def parsed_literals(source: str) -> list[str]:
    """Return the string literals passed to ``Board.parse`` in Python source.

    Examples
    --------
    >>> parsed_literals('check(Board.parse("4.\\\\n..")).conflict')
    ['4.\\n..']
    """
    return [
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and ast.unparse(node.func) == "Board.parse"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def readme_boards() -> list[tuple[str, str, bool]]:
    """Return ``(where, board text, expected consistent)`` for every board README.md and the pages show."""
    boards = []
    for page in PAGES:
        name = page.relative_to(ROOT).as_posix()
        for line, language, body in fenced_blocks(page.read_text()):
            if language == "":
                consistent = not any(
                    row.lstrip().startswith("#") and "inconsistent" in row for row in body.splitlines()
                )
                boards.append((f"{name}:{line}", body, consistent))
            elif language == "json" and "cnfsweep-graph" in body:
                boards.append((f"{name}:{line}", body, True))
            elif language == "python":
                for example in doctest.DocTestParser().get_examples(body):
                    for literal in parsed_literals(example.source):
                        where = f"{name}:{line + 1 + example.lineno}"
                        boards.append((where, literal, "check(" not in example.source))
    return boards


BOARDS = readme_boards()


def test_the_pages_show_boards():
    # The board-format example and the Python API's boards: finding none means the search broke.
    assert sum(1 for where, _, _ in BOARDS) >= 4
    assert any("F" in text and "mines:" in text and "#" in text for _, text, _ in BOARDS)


@pytest.mark.parametrize(("where", "text", "consistent"), BOARDS, ids=[w for w, _, _ in BOARDS])
def test_readme_board_is_as_the_text_says(where, text, consistent):
    board = Board.parse(text, source=where)
    assert check(board).consistent is consistent, f"{where}: expected {'' if consistent else 'in'}consistent"

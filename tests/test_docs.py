"""Every example of the documentation and the README runs and prints what its page says.

The pages are found by reading ``docs/`` and README.md, so a page or an example added later is run
too; how a block is run is ``docs/hooks/docs_examples.py``'s (the same code runs them from a fresh
install in ``.ci/run``). The reference pages that are generated at build time are checked here
against the program they come from.
"""

from __future__ import annotations

import sys

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "docs" / "hooks"))
import docs_examples as examples
import docs_reference as reference

PAGES = examples.pages()


def test_the_pages_hold_examples_of_every_kind():
    # Finding none of a kind would mean the search broke, and nothing of that kind was run.
    found = {language: 0 for language in ("python", "console")}
    for page in PAGES:
        for block in examples.blocks(page.read_text()):
            if block.language in found:
                found[block.language] += 1
    assert found["python"] >= 20 and found["console"] >= 10
    assert {page.relative_to(ROOT).as_posix() for page in PAGES} >= {
        "README.md",
        "docs/getting-started.md",
        "docs/tutorials/analyse-a-position.md",
        "docs/tutorials/embed-in-a-bot.md",
        "docs/tutorials/no-guess-boards.md",
        "docs/tutorials/review-a-replay.md",
        "docs/tutorials/reduce-a-cnf.md",
        "docs/tutorials/compare-backends.md",
    }


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(ROOT).as_posix() for page in PAGES])
def test_every_example_of_the_page_runs_as_written(page):
    failures = examples.check_page(page)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("```python\n>>> 1 + 1\n3\n\n```\n", "Expected"),
        ("```python\nraise ValueError('no')\n```\n", "ValueError: no"),
        ("```python\n>>> x = 2\n\n```\n\n```python\nassert x == 3, 'x is 2'\n```\n", "x is 2"),
        (
            "```console\n$ cnfsweep check examples/inconsistent.txt\ninconsistent: ...\n```\n",
            "exited 1 (the page says 0)",
        ),
        ("```console\n$ cnfsweep solve examples/hint_demo.txt\nconsistent layouts: 7\n```\n", "printed"),
    ],
)
def test_an_example_that_does_not_do_what_its_page_says_fails(tmp_path, text, says):
    failures = examples.check_page(tmp_path / "page.md", text)
    assert failures and says in failures[0]


def test_blocks_of_one_page_share_their_names_and_pass_with_ellipses(tmp_path):
    text = (
        "```python\n>>> from cnfsweep import Board\n>>> board = Board.parse('1.')\n\n```\n\n"
        "```python\n>>> board.cols\n2\n\n```\n\n"
        "```console\n$ cnfsweep check examples/inconsistent.txt  # exit 1\ninconsistent: ...\n...\n```\n"
    )
    assert examples.check_page(tmp_path / "page.md", text) == []


def test_the_cli_reference_has_every_command_and_option():
    import typer.main

    from cnfsweep.cli import app

    page = reference.cli_markdown()
    group = typer.main.get_command(app)
    root = group.context_class(group, info_name="cnfsweep")
    for name in group.list_commands(root):
        assert f"## `cnfsweep {name}`" in page
        for param in group.get_command(root, name).params:
            assert all(opt in page for opt in param.opts if opt.startswith("-")), (name, param.opts)


def test_the_http_reference_has_every_operation_and_body():
    pytest.importorskip("fastapi")
    schema = reference.openapi_schema()
    page = reference.openapi_markdown(schema)
    for path, operations in schema["paths"].items():
        for method in operations:
            assert f"### `{method.upper()} {path}`" in page
    for name, body in schema["components"]["schemas"].items():
        assert f"### {name}" in page
        assert all(f"| `{field}` |" in page for field in body.get("properties", {}))

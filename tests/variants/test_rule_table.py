"""The rule table of the docs is the registry's: every code, title, kind and definition as the code states them."""

from __future__ import annotations

import re

from paths import ROOT

from cnfsweep.variants import RULES

PAGE = ROOT / "docs" / "how-to" / "write-a-variant-board.md"


def test_the_docs_rule_table_is_the_registrys() -> None:
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \| (mine|clue) \| ([^|]+) \|$", PAGE.read_text(), re.MULTILINE)
    documented = [(code, title.strip(), kind, definition.strip()) for code, title, kind, definition in rows]
    assert documented == [
        (code, RULES[code].title, RULES[code].kind.value, RULES[code].definition) for code in RULES.builtins
    ]

"""Every variant rule by its code: the built-ins of the first game and the second, then the plug-ins of ``cnfsweep.rules``."""

from __future__ import annotations

from typing import Any

from cnfsweep.core.plugins import GROUPS, Registry
from cnfsweep.variants.clues import CLUE_RULES, MODIFIERS
from cnfsweep.variants.mines import MINE_RULES
from cnfsweep.variants.rule import RuleKind
from cnfsweep.variants.second import SECOND_CLUE_RULES, SECOND_MINE_RULES

__all__ = ["RULES", "is_rule"]


def is_rule(obj: Any) -> bool:
    """Say whether ``obj`` is a rule class: a code, a title, a definition, a kind and what its kind asks for."""
    if not isinstance(obj, type) or not all(
        isinstance(getattr(obj, a, None), str) for a in ("name", "title", "definition")
    ):
        return False
    kind = getattr(obj, "kind", None)
    if kind is RuleKind.MINE:
        return callable(getattr(obj, "constraints", None)) and callable(getattr(obj, "cuts", None))
    if kind is RuleKind.CLUE:
        # The three that change how counting clues read (1M, 1N, 1L) state no constraint of their own:
        # the rule set applies them by code, so they are built in only.
        return obj in MODIFIERS or (callable(getattr(obj, "clue", None)) and callable(getattr(obj, "takes", None)))
    return False


#: Every rule by code, in the order of the game's rule list: mine rules, then clue rules; then the second game's.
RULES: Registry[type] = Registry(
    GROUPS["rule"],
    "rule",
    [*MINE_RULES, *CLUE_RULES, *MODIFIERS, *SECOND_MINE_RULES, *SECOND_CLUE_RULES],
    check=is_rule,
    expected="a mine rule (constraints, cuts) or a clue rule (takes, clue) with a code, title and definition",
)

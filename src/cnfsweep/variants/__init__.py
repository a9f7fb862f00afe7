"""Variant rules: the rule set of *14 Minesweeper Variants*, stated as constraints and solved exactly.

``rule`` (what a rule is: :class:`~cnfsweep.variants.rule.VariantRule`, its
:class:`~cnfsweep.variants.rule.RuleKind`, the constraints it states, ``Sum``
and ``AnyOf``), ``mines`` (the mine rules 1Q 1C 1T 1O 1D 1S 1B 1H 1A),
``clues`` (the clue rules V 1X 1X' 1K 1W 1P 1E, and 1M 1N 1L, which change how
counting clues read), ``registry`` (``RULES``: the built-ins, then the
plug-ins of the entry-point group ``cnfsweep.rules``; ``TEMPLATE.py`` is the
skeleton a plug-in starts from), ``board`` (``VariantBoard``, ``RuleSet`` and
the board text with a ``rules:`` header), ``solve`` (``analyze_variant``,
``check_variant``: certain cells, exact counts where reachable, minimal
conflicts, with CP-SAT).

May import core, formats and engine.
"""

from __future__ import annotations

from cnfsweep.variants.board import RuleSet, VariantBoard, has_rules, parse_variant
from cnfsweep.variants.registry import RULES
from cnfsweep.variants.rule import RuleKind, VariantRule

__all__ = ["RULES", "RuleKind", "RuleSet", "VariantBoard", "VariantRule", "has_rules", "parse_variant"]

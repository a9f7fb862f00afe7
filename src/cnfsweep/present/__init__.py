"""Present: what people read, in the terminal (rich) and as SVG or PNG pictures.

Both views build on the same words (:mod:`cnfsweep.present.summary`): the
number of layouts, the certain cells, the best guess and why there may be none.

May import every layer below it (the core, ``formats``, ``engine``, ``play``,
``explanation``, ``experiments``); never ``cli``.
"""

from cnfsweep.present.summary import (
    best_guess_text,
    grade_hint,
    grade_lines,
    hint_text,
    move_text,
    percent,
    step_text,
    summary_lines,
)
from cnfsweep.present.svg import render_png, render_svg
from cnfsweep.present.text import analysis_view, backends_table, check_view, grade_view, hint_view, play_view

__all__ = [
    "analysis_view",
    "backends_table",
    "best_guess_text",
    "check_view",
    "grade_hint",
    "grade_lines",
    "grade_view",
    "hint_text",
    "hint_view",
    "move_text",
    "percent",
    "play_view",
    "render_png",
    "render_svg",
    "step_text",
    "summary_lines",
]

"""Present: what people read, in the terminal (rich) and as SVG or PNG pictures.

Both views build on the same words (:mod:`cnfsweep.present.summary`): the
number of layouts, the certain cells, the best guess and why there may be none.

May import every layer below it (the core, ``formats``, ``engine``, ``play``,
``explanation``, ``experiments``); never ``cli``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cnfsweep.core.exports import lazy_exports

if TYPE_CHECKING:
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


# Names are imported on first use (see cnfsweep.core.exports): a command that draws a picture or reads one
# view does not pay for every view (the text views import the players' campaign for its summary).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "best_guess_text": "cnfsweep.present.summary",
        "grade_hint": "cnfsweep.present.summary",
        "grade_lines": "cnfsweep.present.summary",
        "hint_text": "cnfsweep.present.summary",
        "move_text": "cnfsweep.present.summary",
        "percent": "cnfsweep.present.summary",
        "step_text": "cnfsweep.present.summary",
        "summary_lines": "cnfsweep.present.summary",
        "render_png": "cnfsweep.present.svg",
        "render_svg": "cnfsweep.present.svg",
        "analysis_view": "cnfsweep.present.text",
        "backends_table": "cnfsweep.present.text",
        "check_view": "cnfsweep.present.text",
        "grade_view": "cnfsweep.present.text",
        "hint_view": "cnfsweep.present.text",
        "play_view": "cnfsweep.present.text",
    },
    __all__,
)

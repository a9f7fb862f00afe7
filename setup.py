"""Build the package's optional C kernels; everything else is in pyproject.toml.

``optional=True`` lets the install go on without a compiler: the code each
kernel speeds up then runs in pure Python, with the same answers.
"""

from setuptools import Extension, setup

# Checked 128-bit counts, binomials and their conversion, shared by two kernels (and shipped with the source).
WIDE = "src/cnfsweep/engine/wide.h"

setup(
    ext_modules=[
        # The backtracking count of small components (cnfsweep.engine.boxsearch).
        Extension("cnfsweep.engine._boxsearch", ["src/cnfsweep/engine/_boxsearch.c"], depends=[WIDE], optional=True),
        # The weighing of components' count tables against the total (cnfsweep.engine.counting.combine).
        Extension("cnfsweep.engine._weigh", ["src/cnfsweep/engine/_weigh.c"], depends=[WIDE], optional=True),
        # Reading a board's numbers into rules (cnfsweep.engine.position.number_constraints).
        Extension("cnfsweep.engine._position", ["src/cnfsweep/engine/_position.c"], optional=True),
        # The common analysis in one call (cnfsweep.engine.quick): the three kernels above, compiled in from their sources.
        Extension(
            "cnfsweep.engine._analysis",
            ["src/cnfsweep/engine/_analysis.c"],
            depends=[WIDE, *(f"src/cnfsweep/engine/{name}.c" for name in ("_position", "_boxsearch", "_weigh"))],
            optional=True,
        ),
        # The exact endgame search (cnfsweep.search.endgame_tree).
        Extension("cnfsweep.search._endgame", ["src/cnfsweep/search/_endgame.c"], optional=True),
        # The look-ahead's model work (cnfsweep.search.splitting, cnfsweep.search.parts).
        Extension(
            "cnfsweep.search._merge",
            ["src/cnfsweep/search/_merge.c"],
            depends=[WIDE, "src/cnfsweep/engine/_weigh.c"],
            optional=True,
        ),
        # The player's running knowledge, click by click (cnfsweep.play.frontier).
        Extension("cnfsweep.play._frontier", ["src/cnfsweep/play/_frontier.c"], optional=True),
    ]
)

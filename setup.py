"""Build the optional C kernel of the endgame search; everything else is in pyproject.toml.

``optional=True`` lets the install go on without a compiler: the endgame search
then runs in pure Python, with the same answers.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("cnfsweep.search._endgame", ["src/cnfsweep/search/_endgame.c"], optional=True),
    ]
)

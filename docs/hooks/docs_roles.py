"""A griffe extension: Sphinx roles in docstrings read as code in the API reference.

The package's numpydoc docstrings cross-reference with Sphinx roles (``:class:`~cnfsweep.Engine```),
which mkdocstrings would show as they are written. This writes each as inline code instead, the
last dotted part where the role says ``~`` (as Sphinx shows it), so the docstrings stay as they are.
``mkdocs.yml`` loads it for the Python handler.

Examples
--------
>>> sphinx_roles_as_code("see :meth:`~cnfsweep.Engine.create` and :mod:`cnfsweep.engine`")
'see `create` and `cnfsweep.engine`'
"""

from __future__ import annotations

import re
from typing import Any

try:
    from griffe import Extension
except ImportError:  # without the docs extra (the tests' doctests) only the rewriting is needed
    Extension = object  # type: ignore[assignment,misc]

ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj|const|type):`(~?)([^`]+)`")


def sphinx_roles_as_code(text: str) -> str:
    """Return docstring text with every Sphinx role written as inline code."""
    return ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", text)


class SphinxRolesAsCode(Extension):
    """Rewrite the roles of every docstring griffe loads."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        """Rewrite one object's docstring as it is loaded, before anything parses it."""
        if obj.docstring is not None:
            obj.docstring.value = sphinx_roles_as_code(obj.docstring.value)

    on_object = on_instance  # and once the package is loaded, for what was loaded otherwise

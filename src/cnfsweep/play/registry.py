"""Name the guessing policies and build them from a spec such as ``strong:lookahead=off``.

A spec is a policy name, optionally followed by a colon and comma-separated
``parameter=value`` pairs; each parameter is a field of the policy's frozen
dataclass, and the value is read as that field's type (``on``/``off`` for
booleans).

The policies are a :class:`~cnfsweep.core.plugins.Registry`: the built-ins, then
those a package declares in the ``cnfsweep.policies`` entry-point group
(:mod:`cnfsweep.play.TEMPLATE` is a policy to copy).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from cnfsweep.core.errors import ArgumentError, clip
from cnfsweep.core.plugins import GROUPS, Registry
from cnfsweep.core.checks import whole_number
from cnfsweep.core.words import article
from cnfsweep.play.policy import Policy
from cnfsweep.play.safest import SafestPolicy
from cnfsweep.play.strong import RecordPolicy, StrongPolicy

#: Every policy by name: the built-ins, then those of the ``cnfsweep.policies`` entry-point group.
POLICIES: Registry[type[Policy]] = Registry(
    GROUPS["policy"],
    "policy",
    (SafestPolicy, StrongPolicy, RecordPolicy),
    check=lambda obj: isinstance(obj, type) and issubclass(obj, Policy),
    expected="a subclass of cnfsweep.play.policy.Policy",
)

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


def _convert(policy: str, name: str, text: str, default: Any) -> Any:
    if isinstance(default, bool):
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise ArgumentError(f"policy {policy}: {name} takes on or off, not {clip(text)}")
    if isinstance(default, int):
        return whole_number(text, f"policy {policy}: {name}")
    if isinstance(default, Enum):
        choices = [str(m.value) for m in type(default)]
        if text.lower() in choices:
            return type(default)(text.lower())
        raise ArgumentError(f"policy {policy}: {name} takes one of {', '.join(choices)}, not {clip(text)}")
    try:
        return type(default)(text)
    except ValueError:
        raise ArgumentError(
            f"policy {policy}: {name} takes {article(type(default).__name__)}, not {clip(text)}"
        ) from None


def _parameters(cls: type[Policy]) -> dict[str, dataclasses.Field[Any]]:
    # Only plain settings are parameters: a field without a simple default (a cache) is not.
    fields: tuple[dataclasses.Field[Any], ...] = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    return {f.name: f for f in fields if isinstance(f.default, (bool, int, float, str))}


def parse_policy(spec: str) -> tuple[type[Policy], dict[str, Any]]:
    """Split a policy spec into its class and keyword arguments, checking both.

    Examples
    --------
    >>> parse_policy("safest")
    (<class 'cnfsweep.play.safest.SafestPolicy'>, {})
    >>> parse_policy("psychic")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: unknown policy 'psychic'; choose from safest, strong, record
    >>> parse_policy("strong:depth=1,depth=4")
    Traceback (most recent call last):
    ...
    cnfsweep.core.errors.ArgumentError: policy strong: depth is given twice; give each parameter once
    """
    name, _, rest = spec.partition(":")
    if name not in POLICIES:
        raise ArgumentError(f"unknown policy {clip(name)}; choose from {', '.join(POLICIES)}")
    cls = POLICIES[name]
    fields = _parameters(cls)
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in fields:
            known = ", ".join(fields) or "none"
            raise ArgumentError(
                f"policy {name}: expected PARAMETER=VALUE with a parameter from: {known}; got {clip(item)}"
            )
        if key in options:
            # The last would win silently: 'depth=1,depth=4' is a slip, not a request for depth 4.
            raise ArgumentError(f"policy {name}: {key} is given twice; give each parameter once")
        options[key] = _convert(name, key, value.strip(), fields[key].default)
    return cls, options


def make_policy(spec: str) -> Policy:
    """Build the policy a spec names.

    Examples
    --------
    >>> make_policy("safest").name
    'safest'
    >>> make_policy("strong:lookahead=off,tolerance=0.05").tolerance
    0.05
    """
    cls, options = parse_policy(spec)
    return cls(**options)


def policy_parameters(spec: str) -> dict[str, Any]:
    """Return every named parameter of the policy a spec builds, defaults included.

    Examples
    --------
    >>> policy_parameters("strong:lookahead=off")["lookahead"]
    False
    >>> policy_parameters("safest")
    {}
    """
    cls, options = parse_policy(spec)
    policy = cls(**options)
    return {name: getattr(policy, name) for name in _parameters(cls)}

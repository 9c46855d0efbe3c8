"""Whether two values computed at different moments are the same value (check mode).

A kept value and a fresh computation of it hold objects made at different times: an
ability granted by an effect, a view of a graveyard, a closure made by the vocabulary.
Such objects compare by identity (they are shared definitions, or have no ``__eq__``),
so ``==`` can't tell whether two computations agree.  :func:`same_value` compares them
by content instead: the same type and the same fields, recursively; functions by their
code and the values they closed over.
"""

from __future__ import annotations

import dataclasses
from typing import Any

#: Values compared with ``==``.
_PLAIN = (int, float, str, bytes, bool, type(None), frozenset)
#: Deeper than this, values are compared with ``==`` (a cycle ends there too).
MAX_DEPTH = 24


def same_value(a: Any, b: Any, depth: int = 0) -> bool:
    """Are ``a`` and ``b`` the same value by content (see the module)?

    >>> class Box:
    ...     def __init__(self, x): self.x = x
    >>> Box([1, 2]) == Box([1, 2]), same_value(Box([1, 2]), Box([1, 2]))
    (False, True)
    >>> same_value({"a": Box(1)}, {"a": Box(2)})
    False
    """
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, _PLAIN) or depth > MAX_DEPTH:
        return bool(a == b)
    depth += 1
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y, depth) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(v, b[k], depth) for k, v in a.items())
    if isinstance(a, set):
        return bool(a == b)
    code = getattr(a, "__code__", None)
    if code is not None:  # a function: the same code over the same values
        return code is getattr(b, "__code__", None) and same_value(
            [c.cell_contents for c in a.__closure__ or ()],
            [c.cell_contents for c in b.__closure__ or ()], depth) and \
            same_value(a.__defaults__, b.__defaults__, depth)
    if dataclasses.is_dataclass(a):
        return all(same_value(getattr(a, f.name), getattr(b, f.name), depth)
                   for f in dataclasses.fields(a))
    state_a, state_b = _state(a), _state(b)
    if state_a is None or state_b is None:
        return bool(a == b)
    return same_value(state_a, state_b, depth)


def _state(x: Any) -> dict[str, Any] | None:
    """An object's attributes (``__dict__`` and ``__slots__``), or None if it has none."""
    out: dict[str, Any] = dict(getattr(x, "__dict__", {}))
    for cls in type(x).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(x, name):
                out[name] = getattr(x, name)
    return out or None

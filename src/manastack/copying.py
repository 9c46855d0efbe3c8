"""Deep copies of the game state's dataclasses through their constructors.

``copy.deepcopy`` copies an instance of a class it knows nothing about by calling
``cls.__new__(cls)`` and then setting its attributes.  When the engine is compiled with
mypyc (README, "Compiled engine"), ``__new__`` of a compiled class runs ``__init__``, which
fails for a class whose constructor has required arguments.  The mutable dataclasses
that a game holds therefore define ``__deepcopy__ = deepcopy_fields``: the copy is made
by the constructor from the field values, registered in the memo (so that cycles
through it are kept), and then each field that is not a plain value is replaced by its
deep copy.  The result is the same as ``copy.deepcopy``'s default in pure Python.
Immutable values (frozen dataclasses) return themselves instead.
"""

from __future__ import annotations

import copy
import copyreg
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

#: Values that ``copy.deepcopy`` returns as they are.
_PLAIN: frozenset[type] = frozenset({int, str, bool, float, type(None)})

#: Class -> the names of its fields, in the order of its constructor's arguments.
_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of the dataclass ``cls``, in constructor order (all positional)."""
    names = _FIELDS.get(cls)
    if names is None:
        fs = fields(cls)
        if not all(f.init and not f.kw_only for f in fs):
            raise TypeError(f"{cls.__name__}: every field must be a positional argument")
        names = _FIELDS[cls] = tuple(f.name for f in fs)
    return names


def deepcopy_fields(obj: T, memo: dict[int, Any]) -> T:
    """``copy.deepcopy(obj, memo)`` of a mutable dataclass instance, built through its
    constructor (see the module's docstring)."""
    cls = type(obj)
    names = field_names(cls)
    values = [getattr(obj, n) for n in names]
    new = cls(*values)
    memo[id(obj)] = new
    for n, v in zip(names, values, strict=True):
        if type(v) not in _PLAIN:
            setattr(new, n, copy.deepcopy(v, memo))
    extra = getattr(obj, "__dict__", None)  # attributes set outside the fields (pure Python)
    if extra is not None and len(extra) > len(names):
        for n, v in extra.items():
            if n not in names:
                setattr(new, n, copy.deepcopy(v, memo))
    return new


def _by_name(fn: object) -> str:
    """Reduction of a compiled function: by name, so that ``copy.deepcopy`` returns it."""
    return type(fn).__qualname__


#: How many subclasses ``object`` had when :func:`share_compiled_functions` last looked.
_classes_seen = 0


def share_compiled_functions() -> None:
    """Make ``copy.deepcopy`` share compiled functions, as it does Python functions.

    Compiled with mypyc, each nested function (a closure: card behaviour, replacement and
    continuous effects...) is an instance of a class of its own, which ``copy.deepcopy``
    would try to copy like an object and fail to.  Those classes (each has
    ``__mypyc_env__``) are registered with :mod:`copyreg` as reduced by name, which
    ``copy.deepcopy`` takes to mean "return the object itself".  Cheap when no class
    was created since the last call (called by ``Game.copy``); nothing to do when the
    package is not compiled."""
    global _classes_seen
    if _PURE:
        return
    classes = object.__subclasses__()
    if len(classes) == _classes_seen:
        return
    _classes_seen = len(classes)
    for cls in classes:
        if hasattr(cls, "__mypyc_env__") and cls not in copyreg.dispatch_table:
            copyreg.pickle(cls, _by_name)


#: Running as Python source (a compiled function has no code object).
_PURE = hasattr(share_compiled_functions, "__code__")

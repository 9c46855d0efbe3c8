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

:func:`dup` is the deep copy ``Game.copy`` uses (``GameState.copy_into``): the same
result as ``copy.deepcopy``, faster, sharing the values of the classes declared immutable
with :func:`share_type`.
"""

from __future__ import annotations

import copy
import copyreg
import types
from dataclasses import fields
from typing import Any, Final, TypeVar

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
            setattr(new, n, dup(v, memo))
    extra = getattr(obj, "__dict__", None)  # attributes set outside the fields (pure Python)
    if extra is not None and len(extra) > len(names):
        for n, v in extra.items():
            if n not in names:
                setattr(new, n, dup(v, memo))
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


# ---------------------------------------------------------------- structural copies

#: What :func:`dup` does with a value of each type: share it, or copy it as a list, a
#: dict, a tuple, a set, or through its ``__deepcopy__`` (made once per type, :func:`_kind`).
_SHARE: Final = 0
_LIST: Final = 1
_DICT: Final = 2
_TUPLE: Final = 3
_SET: Final = 4
_DEEP: Final = 5
_KINDS: dict[type, int] = {int: _SHARE, str: _SHARE, bool: _SHARE, float: _SHARE,
                           type(None): _SHARE, bytes: _SHARE, complex: _SHARE,
                           frozenset: _SHARE, range: _SHARE, type: _SHARE,
                           types.FunctionType: _SHARE, types.BuiltinFunctionType: _SHARE,
                           list: _LIST, dict: _DICT, tuple: _TUPLE, set: _SET}

#: Classes whose instances are immutable values, shared by copies of a game (and their
#: subclasses): :func:`share_type`.
_SHARED_TYPES: set[type] = set()


def share_type(*classes: type) -> None:
    """Declare ``classes`` (and their subclasses) immutable: :func:`dup` returns their
    instances as they are (each also defines ``__deepcopy__`` returning itself, for
    ``copy.deepcopy``)."""
    _SHARED_TYPES.update(classes)
    for t in list(_KINDS):  # (a subclass met before its base was declared)
        if _KINDS[t] == _DEEP and any(b in _SHARED_TYPES for b in t.__mro__):
            _KINDS[t] = _SHARE


def is_shared_type(t: type) -> bool:
    """Does :func:`dup` share values of type ``t`` (immutable values)?"""
    return _kind(t) == _SHARE


def _kind(t: type) -> int:
    """What :func:`dup` does with a value of type ``t`` (found once per type)."""
    k = _KINDS.get(t)
    if k is None:
        shared = (any(b in _SHARED_TYPES for b in t.__mro__)
                  or hasattr(t, "__mypyc_env__")  # a compiled function (a closure)
                  or issubclass(t, type))
        k = _KINDS[t] = _SHARE if shared else _DEEP
    return k


def dup(v: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of ``v`` (what ``copy.deepcopy(v, memo)`` gives), made faster: immutable
    values (numbers, strings, frozensets, functions, the classes of :func:`share_type`)
    are shared; lists, dicts, sets and tuples holding something mutable are copied
    element by element (dict keys, hashable values, are shared); any other object by its
    ``__deepcopy__`` (``copy.deepcopy`` for a class without one).  ``memo`` maps the
    ``id`` of each mutable value copied so far to its copy, so that a value held in two
    places is copied once and the copies hold the one copy, as ``copy.deepcopy`` does."""
    t = type(v)
    k = _KINDS.get(t)
    if k is None:
        k = _kind(t)
    if k == _SHARE:
        return v
    i = id(v)
    got = memo.get(i)
    if got is not None:
        return got
    if k == _LIST:
        out: list[Any] = []
        memo[i] = out
        for x in v:
            out.append(x if _KINDS.get(type(x)) == _SHARE else dup(x, memo))
        return out
    if k == _DICT:
        d: dict[Any, Any] = {}
        memo[i] = d
        for key, x in v.items():
            d[key] = x if _KINDS.get(type(x)) == _SHARE else dup(x, memo)
        return d
    if k == _TUPLE:
        items = [x if _KINDS.get(type(x)) == _SHARE else dup(x, memo) for x in v]
        same = True
        for a, b in zip(items, v, strict=True):
            if a is not b:
                same = False
                break
        new = v if same else tuple(items)
        memo[i] = new
        return new
    if k == _SET:
        s = set(v)  # (elements are hashable values)
        memo[i] = s
        return s
    method = getattr(v, "__deepcopy__", None)
    if method is not None:
        new = method(memo)
        memo[i] = new
        return new
    share_compiled_functions()  # (compiled: closures inside it are shared)
    return copy.deepcopy(v, memo)

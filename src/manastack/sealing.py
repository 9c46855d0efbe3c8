"""Pure Python only: make events (:class:`manastack.log.Event` and its typed classes,
:mod:`manastack.events`) read-only.

Compiled with mypyc, an event's ``Final`` attributes are read-only already; in pure
Python they are plain slots.  :func:`seal_events` gives each class of event a sealed
subclass, whose instances' attributes can't be set or deleted, and a constructor that
sets the attributes, then turns the event into its sealed class: one class change,
cheaper than setting each slot through a descriptor.

A typed class's constructor is made here for it (:func:`_fused_init`), with its own
signature: it sets the fields and the event's attributes in one call, and each class
having its own code, its attribute stores stay specialised to it (CPython 3.11), which a
constructor shared by every class would not.  (This module is left uncompiled,
``setup.py``: mypyc can't compile a class made inside a function.)
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

#: The attributes every event has (``Event.__init__``'s), ``kind`` aside.
_BASE: frozenset[str] = frozenset({"rule", "line", "turn", "seen_by", "public"})


def _sealed(cls: Any) -> Any:
    """A subclass of the event class ``cls`` whose instances can't be changed."""

    class Sealed(cls):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __setattr__(self, name: str, value: Any) -> None:
            raise AttributeError(f"an event is immutable: {name!r} can't be set")

        def __delattr__(self, name: str) -> None:
            raise AttributeError(f"an event is immutable: {name!r} can't be deleted")

    Sealed.__name__ = cls.__name__
    Sealed.__qualname__ = cls.__qualname__
    Sealed.__module__ = cls.__module__
    return Sealed


def _fused_init(cls: Any, kind: str, sealed: Any) -> Any:
    """The constructor of the typed class ``cls`` (whose own sets each of its parameters
    as the attribute of that name, then calls ``Event.__init__``): the same signature,
    setting the same attributes, then sealing the event."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    names = [p.name for p in params]
    if not _BASE <= set(names) or set(names) - _BASE - set(cls.__slots__):
        raise TypeError(f"{cls.__name__}: not a typed event's constructor")
    args = ", ".join(p.name if p.default is inspect.Parameter.empty
                     else f"{p.name}={p.default!r}" for p in params)
    body = "".join(f"    self.{n} = {n}\n" for n in names)
    src = (f"def __init__(self, {args}):\n{body}"
           f"    self.kind = {kind!r}\n    self.__class__ = sealed\n")
    namespace: dict[str, Any] = {"sealed": sealed}
    exec(src, namespace)  # (a function of its own: see the module's docstring)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    return init


def seal_events(event: Any) -> None:
    """Seal ``event`` (the Event class): its constructor seals the events of its
    subclasses that call it (:class:`~manastack.events.Info`)."""
    sealed: dict[Any, Any] = {}

    def __init__(self: Any, kind: str, rule: str, line: Any, turn: int = 0,
                 seen_by: frozenset[int] | None = None, public: Any = None) -> None:
        # (the same values as Event.__init__ sets)
        self.kind = kind
        self.rule = rule
        self.line = line
        self.turn = turn
        self.seen_by = seen_by
        self.public = public
        cls = self.__class__
        to = sealed.get(cls)
        if to is None:
            to = sealed[cls] = _sealed(cls)
        self.__class__ = to

    event.__init__ = __init__


def seal_typed_events(typed: Iterable[tuple[str, Any]]) -> None:
    """Seal the typed classes ``typed`` (with their kinds), whose constructors only set
    their parameters: each gets its sealed class and a constructor of its own."""
    for kind, cls in typed:
        cls.__init__ = _fused_init(cls, kind, _sealed(cls))

"""Mana: symbols, costs, mana pools and cost payment (CR 106, 107.4, 202, 601.2g-h).

A :class:`ManaCost` is parsed from the usual text form (``"{2}{W}{W}"``,
``"{X}{R}"``, ``"{R/G}"``, ``"{2/W}"``).  A :class:`ManaPool` holds mana of the
five colours and colourless mana.  :func:`find_payment` solves "which mana
pays this cost", used to check affordability and to pay automatically.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from manastack.copying import share_type

COLORS: Final = ("W", "U", "B", "R", "G")
MANA_TYPES: Final = ("W", "U", "B", "R", "G", "C")
COLOR_NAMES: Final = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                      "C": "colorless"}

_SYMBOL: Final = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol (CR 107.4). ``options`` lists the ways to pay it.

    Each option is a tuple of mana types (``("W",)``) or ``("2",)`` meaning two
    generic mana (monocoloured hybrid, CR 107.4e).  Generic symbols are not
    represented here: :class:`ManaCost` keeps them as a count.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> ManaSymbol:
        """Immutable: shared by copies of a game."""
        return self

    text: str
    options: tuple[tuple[str, ...], ...]

    # (written out: compiled, a dataclass's generated methods would run interpreted)
    def __hash__(self) -> int:
        return hash((self.text, self.options))

    def __eq__(self, other: object) -> bool:
        if type(other) is not ManaSymbol:
            return NotImplemented
        return self.text == other.text and self.options == other.options

    @property
    def colors(self) -> frozenset[str]:
        return frozenset(o for opt in self.options for o in opt if o in COLORS)

    @property
    def mana_value(self) -> int:
        """CR 202.3: a hybrid symbol counts as its largest component."""
        best = 1
        for opt in self.options:
            for part in opt:
                if part.isdigit():
                    best = max(best, int(part))
        return best


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: generic amount, coloured/hybrid symbols and X count."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ManaCost:
        """Immutable: shared by copies of a game."""
        return self

    generic: int = 0
    symbols: tuple[ManaSymbol, ...] = ()
    x_count: int = 0
    text: str = ""

    @staticmethod
    def parse(text: str | None) -> ManaCost:
        """Parse ``"{2}{W}{W}"``; ``None`` or ``""`` is the empty cost.

        >>> ManaCost.parse("{X}{R}").x_count
        1
        >>> ManaCost.parse("{2}{G}{G}").mana_value
        4
        """
        if not text:
            return ManaCost(text="")
        generic = 0
        xs = 0
        symbols: list[ManaSymbol] = []
        pos = 0
        for m in _SYMBOL.finditer(text):
            if m.start() != pos:
                raise ValueError(f"malformed mana cost {text!r}")
            pos = m.end()
            body = m.group(1).upper()
            if body.isdigit():
                generic += int(body)
            elif body == "X":
                xs += 1
            elif body in MANA_TYPES:
                symbols.append(ManaSymbol("{" + body + "}", ((body,),)))
            elif "/" in body:
                parts = body.split("/")
                opts: list[tuple[str, ...]] = []
                for p in parts:
                    if p in MANA_TYPES:
                        opts.append((p,))
                    elif p.isdigit():
                        opts.append((p,))
                    elif p == "P":
                        opts.append(("life2",))
                    else:
                        raise ValueError(f"unknown mana symbol {{{body}}} in {text!r}")
                symbols.append(ManaSymbol("{" + body + "}", tuple(opts)))
            elif body == "S":
                symbols.append(ManaSymbol("{S}", (("S",),)))
            else:
                raise ValueError(f"unknown mana symbol {{{body}}} in {text!r}")
        if pos != len(text):
            raise ValueError(f"malformed mana cost {text!r}")
        return ManaCost(generic, tuple(symbols), xs, text)

    @property
    def mana_value(self) -> int:
        """CR 202.3 converted mana cost (X counts as 0)."""
        return self.generic + sum(s.mana_value for s in self.symbols)

    @property
    def colors(self) -> frozenset[str]:
        out: set[str] = set()
        for s in self.symbols:
            out |= s.colors
        return frozenset(out)

    def with_x(self, x: int) -> ManaCost:
        """The cost with each X replaced by ``x`` generic mana (CR 107.3); the cost itself
        without X (costs are values)."""
        if not self.x_count:
            return self
        return ManaCost(self.generic + x * self.x_count, self.symbols, 0, self.text)

    def plus(self, generic: int = 0, symbols: Sequence[ManaSymbol] = ()) -> ManaCost:
        """The cost increased by generic mana and symbols (CR 601.2f); the cost itself when
        nothing is added."""
        if not generic and not symbols:
            return self
        return ManaCost(max(0, self.generic + generic), self.symbols + tuple(symbols),
                        self.x_count, self.text)

    def is_empty(self) -> bool:
        return self.generic == 0 and not self.symbols and self.x_count == 0

    def __str__(self) -> str:
        parts: list[str] = []
        parts.extend("{X}" for _ in range(self.x_count))
        if self.generic or not self.symbols and not self.x_count:
            parts.append(f"{{{self.generic}}}")
        parts.extend(s.text for s in self.symbols)
        return "".join(parts)


def takes_whole_pool(cost: ManaCost, amounts: dict[str, int], size: int) -> bool:
    """Does a pool holding ``amounts`` (``size`` units) pay ``cost`` (X fixed) with every
    unit, so that any payment from it is the whole pool?  Answered for a cost whose
    symbols each take one unit of one mana type (no hybrid, Phyrexian or snow symbol):
    the pool must hold as many units as the cost has symbols and generic mana, and the
    units each symbol names (the rest pay the generic part, 107.4b); otherwise False."""
    if cost.x_count or size != cost.generic + len(cost.symbols):
        return False
    want: dict[str, int] = {}
    for sym in cost.symbols:
        if len(sym.options) != 1 or len(sym.options[0]) != 1:
            return False
        t = sym.options[0][0]
        if t not in MANA_TYPES:
            return False
        want[t] = want.get(t, 0) + 1
    for t, n in want.items():
        if amounts.get(t, 0) < n:
            return False
    return True


@dataclass(slots=True)
class ManaPool:
    """A player's mana pool (CR 106.4): amounts of W, U, B, R, G and colourless.

    Change it with :meth:`add`, :meth:`spend` and :meth:`empty`, which keep :attr:`size`."""

    amounts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MANA_TYPES, 0))
    #: How many units the pool holds (the sum of ``amounts``): whether a step's end empties
    #: anything (500.4) is asked of every pool at the end of every step.
    size: int = field(init=False, default=0, compare=False, repr=False)

    def __init__(self, amounts: dict[str, int] | None = None) -> None:
        # (written out: ``size`` follows from ``amounts``)
        self.amounts = dict.fromkeys(MANA_TYPES, 0) if amounts is None else amounts
        self.size = sum(self.amounts.values())

    def __deepcopy__(self, memo: dict[int, Any]) -> ManaPool:
        """A pool holding the same amounts (a dict of numbers)."""
        new = ManaPool(dict(self.amounts))
        memo[id(self)] = new
        return new

    def add(self, mana: str, n: int = 1) -> None:
        self.amounts[mana] += n
        self.size += n

    def total(self) -> int:
        return self.size

    def has_mana(self) -> bool:
        """Is there mana in the pool?"""
        return self.size > 0

    def empty(self) -> dict[str, int]:
        """Empty the pool (CR 500.4); returns what was lost."""
        lost = {k: v for k, v in self.amounts.items() if v}
        for k in self.amounts:
            self.amounts[k] = 0
        self.size = 0
        return lost

    def spend(self, units: Iterable[str]) -> None:
        for u in units:
            if self.amounts[u] <= 0:
                raise ValueError(f"no {u} mana in pool")
            self.amounts[u] -= 1
            self.size -= 1

    def units(self) -> list[str]:
        out: list[str] = []
        for k in MANA_TYPES:
            out.extend(k * self.amounts[k])
        return out

    def __str__(self) -> str:
        return "".join(k * self.amounts[k] for k in MANA_TYPES)

    @staticmethod
    def parse(text: str) -> ManaPool:
        """``"RRG"`` or ``"{R}{R}{G}"`` -> pool."""
        pool = ManaPool()
        for ch in text.replace("{", "").replace("}", "").upper():
            if ch not in MANA_TYPES:
                raise ValueError(f"unknown mana {ch!r} in {text!r}")
            pool.add(ch)
        return pool


@dataclass(frozen=True, slots=True)
class ManaSource:
    """A mana ability usable for payment: tapping ``source`` gives one of ``options``.

    ``options`` are strings of mana units, e.g. ``("G",)`` or ``("W", "U")``
    or ``("GG",)`` for an ability adding two mana.  ``spare``: the permanent has another
    ability with {T} in its cost (Mystifying Maze), so automatic payment taps it last.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> ManaSource:
        """Immutable: shared by copies of a game."""
        return self

    source: int
    ability: int
    options: tuple[str, ...]
    spare: bool = False
    creature: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """How a cost is paid: mana taken from the pool and mana abilities activated."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Payment:
        """Immutable: shared by copies of a game."""
        return self

    from_pool: tuple[str, ...]
    activations: tuple[tuple[int, int, str], ...]  # (source id, ability index, mana produced)


def find_payment(cost: ManaCost, pool: Sequence[str], sources: Sequence[ManaSource],
                 prefer_pool: bool = True,
                 keep: dict[str, float] | None = None, multi: int | None = None
                 ) -> Payment | None:
    """Find a way to pay ``cost`` (X already fixed) from pool units and sources.

    Returns ``None`` when the cost can't be paid.  The search uses pool mana
    before sources and inflexible sources before flexible ones, so automatic
    payment keeps the most useful mana sources untapped; sources with another {T}
    ability (``spare``) come last.  ``keep`` rates how much each colour is still wanted
    (the player's other cards): the generic part is paid with the sources of the least
    wanted colours first, and then (``keep`` given: the cost is being paid) a source
    adding several mana (Teferi's Isle's {U}{U}) is used only where its mana isn't
    wasted: of the payments in the usual order and trying such sources last and first
    (``multi`` -1 / 1), the one leaving the least mana unspent, then tapping the fewest
    creatures, then the fewest permanents (the first of equals).
    """
    if cost.x_count:
        raise ValueError("fix X before paying (CR 601.2f)")
    if multi is None and keep is not None and \
            any(len(o) > 1 for s in sources for o in s.options):
        need = cost.generic + len(cost.symbols)
        creatures = {s.source for s in sources if s.creature}
        best: Payment | None = None
        best_score = (0, 0, 0)
        for m in (0, -1, 1):
            p = find_payment(cost, pool, sources, prefer_pool, keep, m)
            if p is None:
                return None  # the order doesn't change whether the cost can be paid
            score = (len(p.from_pool) + sum(len(x[2]) for x in p.activations) - need,
                     sum(1 for x in p.activations if x[0] in creatures), len(p.activations))
            if best is None or score < best_score:
                best, best_score = p, score
        return best
    multi = multi or 0
    # Units: (kind, index, option strings). kind 0 = pool unit, 1 = source.
    units: list[tuple[int, int, tuple[str, ...]]] = []
    for i, u in enumerate(pool):
        units.append((0, i, (u,)))
    for i, s in enumerate(sources):
        units.append((1, i, s.options))

    # (sorted on (key, index): the order of a stable sort on the key, without calling a
    # key function for each unit)
    if not prefer_pool:
        by_kind = sorted([(-u[0], i) for i, u in enumerate(units)])
        units = [units[i] for _, i in by_kind]
    else:
        ranked = sorted([((u[0], _later(u, sources, multi), len(u[2])), i)
                         for i, u in enumerate(units)])
        units = [units[i] for _, i in ranked]
    # Expand symbol requirements. A hybrid symbol with a generic option is
    # tried both ways.
    required: list[tuple[tuple[str, ...], ...]] = [s.options for s in cost.symbols]
    required.sort(key=len)
    # Generic mana is paid with colourless mana first (pool units, then sources), so
    # that the coloured mana left in the pool stays usable for coloured costs.
    generic_order = [ui for _, ui in sorted(
        [(_generic_rank(u, sources, multi, keep, prefer_pool), ui)
         for ui, u in enumerate(units)])]
    search = _PaymentSearch(units, required, generic_order, multi)
    if not search.solve(0, cost.generic):
        return None
    from_pool: list[str] = []
    acts: list[tuple[int, int, str]] = []
    for ui, produced in search.chosen:
        kind, idx, _ = units[ui]
        if kind == 0:
            from_pool.append(pool[idx])
        else:
            s = sources[idx]
            acts.append((s.source, s.ability, produced))
    return Payment(tuple(from_pool), tuple(acts))


def _later(u: tuple[int, int, tuple[str, ...]], sources: Sequence[ManaSource], multi: int
           ) -> tuple[bool, int]:
    """Sources with another {T} ability last; with ``multi``, sources adding several mana
    first (1) or last (-1) (:func:`find_payment`'s order of units)."""
    if u[0] == 0:
        return False, 0
    most = 0
    for o in u[2]:  # (loops: compiled, max() of a generator is a dear call)
        if len(o) > most:
            most = len(o)
    return sources[u[1]].spare, -multi * most


def _generic_rank(u: tuple[int, int, tuple[str, ...]], sources: Sequence[ManaSource],
                  multi: int, keep: dict[str, float] | None, prefer_pool: bool
                  ) -> tuple[int, bool, bool, float, int, int]:
    """Where the unit ``u`` comes in paying the generic part: pool units first (unless
    not ``prefer_pool``), colourless mana first, then the least wanted colours."""
    later = _later(u, sources, multi)
    wanted = 0.0  # the most wanted of the colours the unit may add
    if keep is not None and u[0] != 0:
        first = True
        for o in u[2]:
            for m in o:
                w = keep.get(m, 0.0)
                if first or w > wanted:
                    wanted, first = w, False
    coloured = False  # may it add mana other than colourless?
    for o in u[2]:
        for m in o:
            if m != "C":
                coloured = True
    return (u[0] if prefer_pool else -u[0], later[0], coloured, wanted, later[1], len(u[2]))


class _PaymentSearch:
    """The backtracking search of :func:`find_payment` over ordered mana units: the
    coloured symbols first (each tried with each unit that can pay it, leftover mana of
    multi-mana units first), then the generic part.  A plain object, not closures, so
    that no reference cycle is left for the garbage collector after each search."""

    def __init__(self, units: list[tuple[int, int, tuple[str, ...]]],
                 required: list[tuple[tuple[str, ...], ...]], generic_order: list[int],
                 multi: int) -> None:
        self.units = units
        self.required = required
        self.generic_order = generic_order
        self.multi = multi
        self.used = [False] * len(units)
        #: (unit index, mana string produced)
        self.chosen: list[tuple[int, str]] = []
        #: Per-unit leftover: a source producing "GG" used for one G leaves one G.
        self.leftovers: list[str] = []

    def mana_of(self, unit: tuple[int, int, tuple[str, ...]]) -> tuple[str, ...]:
        if self.multi > 0 and len(unit[2]) > 1:  # the most mana first
            return tuple(sorted(unit[2], key=len, reverse=True))
        return unit[2]

    def solve(self, k: int, generic: int) -> bool:
        required, leftovers, used, chosen = self.required, self.leftovers, self.used, \
            self.chosen
        if k == len(required):
            return self.pay_generic(generic)
        for opt in required[k]:
            if len(opt) == 1 and opt[0].isdigit():
                if self.solve(k + 1, generic + int(opt[0])):
                    return True
                continue
            if opt == ("life2",):
                continue  # Phyrexian life payment isn't automatic
            want = opt[0]
            # leftover mana from multi-mana sources
            for li, left in enumerate(leftovers):
                if want in left:
                    leftovers[li] = left.replace(want, "", 1)
                    if self.solve(k + 1, generic):
                        return True
                    leftovers[li] = left
            for ui in range(len(used)):
                if used[ui]:
                    continue
                for produced in self.mana_of(self.units[ui]):
                    if want in produced:
                        used[ui] = True
                        chosen.append((ui, produced))
                        rest = produced.replace(want, "", 1)
                        leftovers.append(rest)
                        if self.solve(k + 1, generic):
                            return True
                        leftovers.pop()
                        chosen.pop()
                        used[ui] = False
                        break
        return False

    def pay_generic(self, generic: int) -> bool:
        need = generic - sum(len(x) for x in self.leftovers)
        if need <= 0:
            return True
        used = self.used
        picks: list[tuple[int, str]] = []
        for ui in self.generic_order:
            if need <= 0:
                break
            if used[ui]:
                continue
            produced = max(self.mana_of(self.units[ui]), key=len)
            picks.append((ui, produced))
            need -= len(produced)
        if need > 0:
            return False
        for ui, produced in picks:
            used[ui] = True
            self.chosen.append((ui, produced))
        return True


#: Each mana type as a bit, for :func:`quick_payable`.
_BIT: Final = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}


def quick_payable(cost: ManaCost, pool: dict[str, int], sources: list[ManaSource]
                  ) -> bool | None:
    """Would :func:`find_payment` pay ``cost`` (X fixed) with the mana in ``pool`` (amounts
    by type) and ``sources``?  Answered without searching when every source adds one mana
    (of one type, or one of several: a dual land) and every symbol wants one mana of a
    type (coloured, colourless or hybrid of two colours): the cost can then be paid if
    and only if each symbol can have a mana unit of its own (a matching) and enough units
    are left for the generic part.  None in the other cases (a symbol with a generic
    part or a Phyrexian one, snow, a source adding several mana): search then."""
    wants: list[int] = []
    for sym in cost.symbols:
        m = 0
        for opt in sym.options:
            b = _BIT.get(opt[0], 0) if len(opt) == 1 else 0
            if not b:
                return None
            m |= b
        wants.append(m)
    units: list[int] = []
    for k, n in pool.items():
        if n:
            b = _BIT.get(k, 0)
            if not b:
                return None
            for _ in range(n):
                units.append(b)
    for s in sources:
        m = 0
        for mana in s.options:
            b = _BIT.get(mana, 0) if len(mana) == 1 else 0
            if not b:
                return None
            m |= b
        units.append(m)
    if len(units) < cost.generic + len(wants):
        return False
    holder = [-1] * len(units)  # the symbol each unit pays, -1: none
    for w in range(len(wants)):
        if not _assign(w, wants, units, holder, [False] * len(units)):
            return False
    return True


def _assign(w: int, wants: list[int], units: list[int], holder: list[int],
            seen: list[bool]) -> bool:
    """Give the ``w``-th symbol a unit, moving those already given along an augmenting
    path (a bipartite matching, Kuhn's algorithm); False when none can be found."""
    m = wants[w]
    for u in range(len(units)):
        if not seen[u] and units[u] & m:
            seen[u] = True
            if holder[u] < 0 or _assign(holder[u], wants, units, holder, seen):
                holder[u] = w
                return True
    return False


def can_pay_with_units(cost: ManaCost, units: Sequence[str]) -> tuple[str, ...] | None:
    """Which of the given mana units pay ``cost`` exactly; ``None`` if impossible."""
    pay = find_payment(cost, units, ())
    return None if pay is None else pay.from_pool


share_type(ManaSymbol, ManaCost, ManaSource, Payment)

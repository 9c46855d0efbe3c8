"""The environment's actions: a pending decision's legal actions as sequential
sub-decisions, each a short canonical list of options (``Discrete(N_MAX)``).

Every legal action of the pending decision (``decision.legal_actions(game)``, in the
engine's order) is written as a sequence of *steps*: a head (what the action is: pass,
play a land, cast a card with its alternative cost, X, modes and payment, activate an
ability, attack, block, order, assign, choose, mulligan, a special action), then its parts
one by one (each target; each attacker with what it attacks; each blocker with the
attackers it blocks; each damage assignment order; each creature's damage assignment;
each chosen item), then ``done``.  A sub-decision offers the distinct next steps of the
actions that begin with the steps already chosen, in the order in which they first appear
in the engine's list; choosing ``done`` answers the engine's decision with the action
written so far.  So a declaration of attackers is "attacker Grizzly Bears -> Bob",
"attacker Llanowar Elves -> Bob", "done", and no sub-decision offers more options than
its action has parts to choose among (CR 508.1, 509.1, 510.1c, 601.2c: the engine's
decision is still answered as one action, legality checked as a whole).

* A sub-decision with one option is *forced* and taken by the environment (an engine
  decision with one legal answer is a chain of forced sub-decisions).
* More than :data:`N_MAX` options: the first ``N_MAX - 1`` are offered with ``more``, which
  shows the next ones (and after the last, the first again).
* Each option has a row of :data:`FEATURES` (kind, objects, players, number) so that a
  policy can score an option it hasn't seen before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from manastack.game.decisions import (
    Action,
    Activate,
    AssignDamage,
    Cast,
    ChoiceDecision,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    OrderDamage,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef

if TYPE_CHECKING:
    from manastack.engine import Game

#: The number of options of a sub-decision (the size of the ``Discrete`` action space).
N_MAX: Final = 64

#: The kinds of steps (column ``kind`` of the feature table: index + 1; 0 is no option).
STEP_KINDS: Final = ("pass", "play", "cast", "activate", "attack", "attacker", "bands",
                     "block", "blocker", "order", "order_of", "assign", "assignment",
                     "choose", "item", "target", "mulligan", "special", "done", "more",
                     "other")
_KIND_INDEX: Final = {k: i + 1 for i, k in enumerate(STEP_KINDS)}
_OTHER: Final = _KIND_INDEX["other"]

#: The columns of the per-option feature table (``action_features``).
FEATURES: Final = ("kind", "object", "object_name", "player", "other_object",
                   "other_name", "other_player", "number", "count")

Step = tuple[Any, ...]
DONE: Final[Step] = ("done",)
MORE: Final[Step] = ("more",)
_PASS_STEPS: Final[tuple[Step, ...]] = (("pass",), DONE)


def action_steps(action: Action) -> tuple[Step, ...]:
    """The steps of ``action``: its head, its parts, ``done`` (module docstring)."""
    t = type(action)
    parts: list[Step]
    if t is Pass:
        return _PASS_STEPS
    elif t is PlayLand:
        assert isinstance(action, PlayLand)
        parts = [("play", action.card)]
    elif t is Cast:
        assert isinstance(action, Cast)
        head: Step = ("cast", action.card, action.alt, action.x, action.modes, action.pay)
        if not action.targets:
            return head, DONE
        parts = [head, *[("target", r) for r in action.targets]]
    elif t is Activate:
        assert isinstance(action, Activate)
        head = ("activate", action.source, action.ability, action.x, action.pay, action.mana)
        if not action.targets:  # (a mana ability, most often)
            return head, DONE
        parts = [head, *[("target", r) for r in action.targets]]
    elif t is DeclareAttackers:
        assert isinstance(action, DeclareAttackers)
        parts = [("attack",)] + [("attacker", c, r) for c, r in action.attacks]
        if action.bands:
            parts.append(("bands", action.bands))
    elif t is DeclareBlockers:
        assert isinstance(action, DeclareBlockers)
        parts = [("block",)] + [("blocker", b, a) for b, a in action.blocks]
    elif t is OrderDamage:
        assert isinstance(action, OrderDamage)
        parts = [("order",)] + [("order_of", c, o) for c, o in action.orders]
    elif t is AssignDamage:
        assert isinstance(action, AssignDamage)
        parts = [("assign",)] + [("assignment", c, a) for c, a in action.assignments]
    elif t is Choose:
        assert isinstance(action, Choose)
        parts = [("choose",)] + [("item", i) for i in action.items]
    elif t is Mulligan:
        assert isinstance(action, Mulligan)
        parts = [("mulligan", action.take)]
    elif t is Special:
        assert isinstance(action, Special)
        parts = [("special", action.kind, action.source)]
    else:
        parts = [("other", repr(action))]
    parts.append(DONE)
    return tuple(parts)


#: id(action) -> (the action, :func:`action_steps` of it), for the actions the engine
#: makes once and hands out decision after decision (passing, playing a land, casting a
#: spell or activating an ability without targets: a land tapped for mana); they are
#: values, their steps made once.
_STEPS: Final[dict[int, tuple[Action, tuple[Step, ...]]]] = {}
#: The kinds of actions kept in :data:`_STEPS` (when they have no targets).
_KEPT_KINDS: Final = (Pass, PlayLand, Activate, Cast)


def _steps_of(action: Action) -> tuple[Step, ...]:
    """:func:`action_steps`, memoised per action object for those made once."""
    hit = _STEPS.get(id(action))
    if hit is None or hit[0] is not action:
        steps = action_steps(action)
        if type(action) not in _KEPT_KINDS or len(steps) > 2:  # (targets: made anew)
            return steps
        if len(_STEPS) > 4096:
            _STEPS.clear()
        hit = _STEPS[id(action)] = (action, steps)
    return hit[1]


def _key(step: Step) -> Any:
    """A step as a dict key (a step holding an unhashable value is keyed by its repr)."""
    try:
        hash(step)
    except TypeError:
        return repr(step)
    return step


class ActionTree:
    """The sub-decisions of one engine decision: the steps chosen so far and the options
    offered now (module docstring)."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = list(actions)
        self.seqs = list(map(_steps_of, self.actions))
        self.alive = list(range(len(self.actions)))  # the actions matching the prefix
        self.chosen: list[Step] = []
        self.page = 0
        self._all: list[Step] = []
        self._leads: dict[Any, list[int]] = {}
        self._list_options()

    def _list_options(self) -> None:
        k = len(self.chosen)
        leads: dict[Any, list[int]] = {}
        steps: list[Step] = []
        seqs = self.seqs
        for i in self.alive:
            step = seqs[i][k]
            key: Any = step
            try:
                known = leads.get(step)
            except TypeError:  # (a step holding an unhashable value: keyed as _key does)
                key = repr(step)
                known = leads.get(key)
            if known is None:
                leads[key] = [i]
                steps.append(step)
            else:
                known.append(i)
        self._all = steps
        self._leads = leads
        self.page = 0

    @property
    def options(self) -> list[Step]:
        """The options offered now (at most :data:`N_MAX`, ``more`` last when paged)."""
        steps = self._all
        if len(steps) <= N_MAX:
            return steps
        per = N_MAX - 1
        return steps[self.page * per:(self.page + 1) * per] + [MORE]

    def leads_to(self, step: Step) -> list[Action]:
        """The legal actions an option can still become."""
        if step == MORE:
            return []
        return [self.actions[i] for i in self._leads[_key(step)]]

    @property
    def head(self) -> Step | None:
        """The head step chosen (what is being done), if any."""
        return self.chosen[0] if self.chosen else None

    def choose(self, index: int) -> Action | None:
        """Take option ``index`` (valid: see :meth:`options`); the engine action once it
        is the only one left (:meth:`take`), else None (another sub-decision follows)."""
        opts = self.options
        step = opts[index]
        if len(self._all) > N_MAX and step == MORE:
            per = N_MAX - 1
            self.page = (self.page + 1) % -(-len(self._all) // per)
            return None
        return self.take(step)

    def take(self, step: Step) -> Action | None:
        """Take the option ``step`` (one of the current sub-decision's, on any page); the
        engine action once only one is left (``done`` chosen, or one action alone begins
        with the steps chosen: each of its remaining sub-decisions would offer one option,
        forced), else None."""
        alive = self.alive = self._leads[_key(step)]
        if len(alive) == 1 or step == DONE:  # (done: actions written alike, the first)
            return self.actions[alive[0]]
        self.chosen.append(step)
        self._list_options()
        return None


def _object(game: Game, oid: Any, names: dict[str, int]) -> tuple[int, int]:
    """(id, name index) of an object id (0, 0 for anything else)."""
    if type(oid) is not int or oid not in game.objects:
        return 0, 0
    o = game.objects[oid]
    if isinstance(o, GameObject) and o.face_down:
        return oid, 2
    return oid, names.get(o.name, 1)


def _player(ref: Any, viewer: int, n: int) -> int:
    """A player reference as the viewer's relative seat + 1 (1 = the viewer), else 0."""
    if isinstance(ref, PlayerRef):
        return (ref.index - viewer) % n + 1
    return 0


def option_features(game: Game, step: Step, viewer: int, names: dict[str, int],
                    numbers: bool = False) -> list[int]:
    """The row of :data:`FEATURES` of an option, as ``viewer`` sees it.  ``numbers``: the
    decision's items are numbers, not object ids."""
    kind = step[0]
    row = [_KIND_INDEX.get(kind, _OTHER), 0, 0, 0, 0, 0, 0, 0, 0]
    if len(step) == 1:  # (pass, done, more, attack, block...: the kind alone)
        return row
    n = len(game.players)
    main: Any = None
    other: Any = None
    number = 0
    count = 0
    if kind == "play":
        main = step[1]
    elif kind in ("cast", "activate"):
        main = step[1]
        number = step[3] if kind == "cast" else step[2] * 1000 + step[3]
        count = len(step[4]) if kind == "cast" else 0
    elif kind == "target":
        main = step[1]
    elif kind == "attacker":
        main, other = step[1], step[2]
    elif kind in ("blocker", "order_of"):
        main = step[1]
        other = step[2][0] if step[2] else None
        count = len(step[2])
    elif kind == "assignment":
        main = step[1]
        other = step[2][0][0] if step[2] else None
        number = sum(a for _, a in step[2])
        count = len(step[2])
    elif kind == "item":
        item = step[1]
        if isinstance(item, bool) or (type(item) is int and numbers):
            number = int(item)
        elif type(item) is int:
            main = item
        elif isinstance(item, PlayerRef):
            main = item
        elif isinstance(item, str):
            number = {"yes": 1, "no": 0}.get(item, sum(map(ord, item)) % 1000 + 2)
        else:
            count = 1
    elif kind == "mulligan":
        number = int(step[1])
    elif kind == "special":
        main = step[2] or None
    elif kind == "bands":
        count = len(step[1])
    if main is not None:
        row[1], row[2] = _object(game, main, names)
        row[3] = _player(main, viewer, n)
    if other is not None:
        row[4], row[5] = _object(game, other, names)
        row[6] = _player(other, viewer, n)
    if number:
        row[7] = max(-(1 << 24), min(1 << 24, int(number)))
    row[8] = count
    return row


def items_are_numbers(game: Game) -> bool:
    """Are the options of the pending choice numbers (a count, X), not object ids?"""
    d = game.decision
    if not isinstance(d, ChoiceDecision):
        return False
    return bool(d.labels) or any(type(o) is int and o == 0 for o in d.options)

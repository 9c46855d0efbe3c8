"""The game state and its state machine: run until a player must decide, then wait.

The engine keeps an explicit agenda of small tasks (``(function, args)``
pairs, last in first out).  Running the game pops tasks until one asks a
question (:meth:`Game.ask`), which sets :attr:`Game.decision`.
:meth:`Game.apply` validates an answer, hands it to the decision's
continuation and runs on.  Because the whole machine is plain data,
:meth:`Game.copy` is a deep copy and a game is reproduced exactly by its seed,
options, decks and decision log.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from manastack import log as ev
from manastack.copying import dup
from manastack.errors import IllegalAction
from manastack.events import Info, restore_event
from manastack.game.decisions import (
    Action,
    Decision,
)
from manastack.game.derived import Derived
from manastack.game.objects import (
    Characteristics,
    GameObject,
    IdKey,
    PlayerRef,
    Ref,
    StackAbility,
    Zone,
    kind_count,
    read_indices,
    touch_plan,
)
from manastack.game.player import Player
from manastack.lines import Card, Line, Who, Word, keep
from manastack.reprs import brief as _brief

if TYPE_CHECKING:
    from manastack.game.abilities import CardDef
    from manastack.game.combat import Combat
    from manastack.game.turn import StepInfo


# (compiled, a Python class still: GameOptions(max_turns="3") must reach arguments_problem)
@mypyc_attr(native_class=False)
@dataclass
class GameOptions:
    """Options fixed for the whole game (they are part of a replay file)."""

    #: None = "two_player" for two players, "free_for_all" for more (806).
    variant: str | None = None
    #: The mulligan rule; None = the variant's default (103.4; Commander: 103.4d).
    mulligan: str | None = "paris"
    #: None = the variant's starting life (103.3); a number overrides it.
    starting_life: int | None = None
    starting_hand: int = 7
    #: Player index who starts; None = coin flip with the game's RNG (CR 103.2).
    first_player: int | None = None
    #: Stop a game that goes on this many turns (a draw, for soak tests).
    max_turns: int = 200
    extra: dict[str, Any] = field(default_factory=dict)
    #: A player whose only legal action at priority is to pass passes at once (116.3d):
    #: no decision is asked, none enters the decision log.  For loops that answer forced
    #: decisions themselves (the RL environment): the game is the same, its log shorter.
    pass_when_forced: bool = False
    #: The players (by index) who leave {T} mana abilities to the payment
    #: (``manastack.rules.folding``): with ``pass_when_forced``, such a player whose only
    #: legal actions at priority are to pass or activate those passes at once.  For loops
    #: whose agents fold them (the random and heuristic agents; ``manastack sim``).
    fold_mana: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.fold_mana) is list:  # (as a replay file's JSON gives it)
            self.fold_mana = tuple(self.fold_mana)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameOptions:
        """The same options, with a copy of ``extra`` (plain data)."""
        new = GameOptions(self.variant, self.mulligan, self.starting_life, self.starting_hand,
                          self.first_player, self.max_turns, {}, self.pass_when_forced,
                          self.fold_mana)
        memo[id(self)] = new
        new.extra = dup(self.extra, memo)
        return new

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant, "mulligan": self.mulligan,
            "starting_life": self.starting_life, "starting_hand": self.starting_hand,
            "first_player": self.first_player, "max_turns": self.max_turns,
            "extra": self.extra}
        if self.pass_when_forced:  # (replay files stay as they were without these)
            out["pass_when_forced"] = True
        if self.fold_mana:
            out["fold_mana"] = list(self.fold_mana)
        return out


#: The mulligan rules (103.4 and its variants; seeds 001: "paris" is the default).
MULLIGANS: Final = ("paris", "vancouver", "london", "commander")


def arguments_problem(player_names: Any, seed: Any, options: Any
                       ) -> tuple[str, str] | None:
    """Why a game can't be made with these arguments (the Python API's checks: a player
    is named once, by a non-empty string, since answers may name them; the seed is an
    integer, as the game must be reproducible; the options are sound): (message, rule or
    ""), or None."""
    if isinstance(player_names, str) or not isinstance(player_names, (list, tuple)):
        return (f"the players must be a list of names, not {_brief(player_names)}", "")
    for n in player_names:
        if not isinstance(n, str) or not n.strip():
            return (f"a player's name must be a non-empty string, not {_brief(n)}", "")
    if len(set(player_names)) != len(player_names):
        return (f"each player needs a name of their own: {list(player_names)}", "")
    if type(seed) is not int:
        return (f"the seed must be an integer (the game is reproducible from it), not "
                f"{_brief(seed)}", "")
    if options is None:
        return None
    if not isinstance(options, GameOptions):
        return (f"options must be a GameOptions, not {type(options).__name__}", "")
    o: Any = options  # (read untyped: a compiled read would check the field's type)
    if o.mulligan is not None and o.mulligan not in MULLIGANS:
        return (f"unknown mulligan rule {_brief(o.mulligan)} (one of {', '.join(MULLIGANS)})",
                "103.4")
    if o.first_player is not None and (type(o.first_player) is not int or
                                       not 0 <= o.first_player < len(player_names)):
        return (f"first_player must be a player's index (0-{len(player_names) - 1}), not "
                f"{_brief(o.first_player)}", "103.2")
    if o.starting_life is not None and (type(o.starting_life) is not int
                                        or o.starting_life < 1):
        return (f"starting_life must be a positive integer, not {_brief(o.starting_life)}", "103.3")
    if type(o.starting_hand) is not int or o.starting_hand < 0:
        return (f"starting_hand must be an integer of 0 or more, not {_brief(o.starting_hand)}",
                "103.4")
    if type(o.max_turns) is not int or o.max_turns < 1:
        return (f"max_turns must be a positive integer, not {_brief(o.max_turns)}", "")
    if not isinstance(o.extra, dict):
        return (f"options.extra must be a dict, not {_brief(o.extra)}", "")
    if type(o.pass_when_forced) is not bool:
        return (f"pass_when_forced must be True or False, not {_brief(o.pass_when_forced)}",
                "116.3d")
    fold = o.fold_mana
    if type(fold) is not tuple or any(type(i) is not int or not 0 <= i < len(player_names)
                                      for i in fold) or len(set(fold)) != len(fold):
        return (f"fold_mana must list players' indexes (0-{len(player_names) - 1}) once "
                f"each, not {_brief(fold)}", "116.3d")
    if fold and not o.pass_when_forced:
        return ("fold_mana needs pass_when_forced (it says whose forced priorities the "
                "engine passes)", "116.3d")
    return None


Task = tuple[Callable[..., None], tuple[Any, ...]]


def _call(fn: Callable[..., None], game: GameState, args: tuple[Any, ...]) -> None:
    """``fn(game, *args)``; compiled, ``*args`` would build a list and a tuple for a generic
    call: the usual short argument lists are passed as they are."""
    n = len(args)
    if n == 0:
        fn(game)
    elif n == 1:
        fn(game, args[0])
    elif n == 2:
        fn(game, args[0], args[1])
    else:
        fn(game, *args)


def call_with(fn: Callable[..., None], game: GameState, action: Any, args: tuple[Any, ...]
               ) -> None:
    """``fn(game, action, *args)``, as :func:`_call` calls."""
    n = len(args)
    if n == 0:
        fn(game, action)
    elif n == 1:
        fn(game, action, args[0])
    else:
        fn(game, action, *args)


#: Event kinds no triggered ability ever sees (``check_event`` ignores them).
UNWATCHED_KINDS: Final = frozenset({ev.INFO, ev.PASS})
#: Check mode, the default of :attr:`GameState.check_memos` (the environment variable
#: ``MANASTACK_CHECK_MEMOS`` set to 1): every kept value the game is about to use is
#: computed afresh and compared; a difference raises :class:`~manastack.errors.StaleMemo`.
CHECK_MEMOS: Final = os.environ.get("MANASTACK_CHECK_MEMOS", "") == "1"

#: The viewer of :meth:`Game.observe` and :meth:`Game.log_for` who is no player: a
#: spectator sees only public information (400.2).
SPECTATOR: Final = None

#: "nothing", as a line's argument (:meth:`GameState.named` of None).
_NOTHING_WORD: Final = Word("nothing", "rien")

#: What a memo holds (the memo methods return the type they were given).
_T = TypeVar("_T")



#: The attributes of a game (:meth:`GameState.__init__` sets them all), which
#: :meth:`GameState.copy_into` copies one by one.
STATE_ATTRIBUTES: Final = frozenset({
    "derived", "options", "seed", "_rng", "_rng_shared", "players", "objects", "battlefield", "stack",
    "exile", "command", "turn_number", "active_player", "starting_player", "step",
    "turn_plan", "extra_turns", "next_normal_player", "last_normal_player", "skips",
    "priority_player", "passes", "effects", "replacements", "delayed_triggers",
    "pending_triggers", "combat", "combat_phases_this_turn", "log", "decision", "over",
    "winner", "draw_game", "stopped", "stopped_line", "history", "rerun_root",
    "midrun_answers", "midrun_answers_used", "_rerun_base", "_rerun_log", "_rerun_at",
    "_tasks", "_next_id", "_timestamp", "version", "wide_version", "wide_shared",
    "wide_own", "touched", "listeners", "control_noted", "first_turn_skips_draw",
    "turns_taken", "turn_began", "game_started", "turn_flags", "breakpoint", "ask_forced",
    "damage_events", "tokens_elsewhere", "copies_exist", "revealed", "rule_effects",
    "effect_state", "paused", "deck_lists", "lki", "lki_batch", "simultaneous", "lasting",
    "departed", "variant_state"})

#: (Seat, name) -> the player as an argument of a line (:func:`~manastack.lines.keep`).
_WHOS: Final[dict[tuple[int, str], Who]] = {}


class GameState:
    """A game of Magic in progress.

    Read :attr:`decision` to see who must decide what; answer with
    :meth:`apply`.  :attr:`log` is the list of rule-citing events.
    """

    def __init__(self, player_names: Sequence[str], seed: int, options: GameOptions,
                 rng: random.Random | None = None) -> None:
        """The state before the game begins (CR 103): ``options`` name the variant and the
        mulligan rule (the engine's ``Game`` checks and completes them first); each player
        is their own team at 20 life until the variant says otherwise (810, 808).  ``rng``:
        the random number generator (by default one seeded with ``seed``; a copy being
        made is given its original's, :meth:`copy`)."""
        #: Everything derived from the state (the view of the battlefield, memos, kept
        #: values): one owner, fed by the change journal below; not part of copies.
        #: Check mode (:data:`CHECK_MEMOS`, :attr:`check_memos`): slow, for tests.
        self.derived = Derived(CHECK_MEMOS)
        self.options = options
        self.seed = seed
        #: The game's random number generator, behind :attr:`rng`; shared with copies of
        #: the game (``_rng_shared``) until one of them draws from it.
        self._rng = random.Random(seed) if rng is None else rng
        self._rng_shared = rng is not None
        self.players: list[Player] = [Player(i, n, life=20, team=i)
                                      for i, n in enumerate(player_names)]
        self.objects: dict[int, GameObject | StackAbility] = {}
        self.battlefield: list[int] = []
        self.stack: list[int] = []
        self.exile: list[int] = []
        self.command: list[int] = []
        self.turn_number = 0
        self.active_player = 0
        self.starting_player = 0
        self.step: StepInfo | None = None
        self.turn_plan: list[StepInfo] = []
        #: Stack of players who get extra turns (last = next) (CR 500.7).
        self.extra_turns: list[int] = []
        #: The player whose normal (non-extra) turn comes next.
        self.next_normal_player = 0
        #: The player whose normal turn began last (None before the first), 800.4k.
        self.last_normal_player: int | None = None
        #: Skip effects: list of dicts {kind, what, player, count} (CR 614.1b, 500.10).
        self.skips: list[dict[str, Any]] = []
        self.priority_player: int | None = None
        self.passes = 0
        #: Continuous effects from resolved spells/abilities (CR 611.2).
        self.effects: list[Any] = []
        #: Replacement/prevention effects from resolved spells and abilities (CR 614, 615).
        self.replacements: list[Any] = []
        #: Delayed triggered abilities (CR 603.7).
        self.delayed_triggers: list[Any] = []
        #: Triggered abilities waiting to be put on the stack (CR 603.3).
        self.pending_triggers: list[Any] = []
        self.combat: Combat | None = None
        #: Number of combat phases begun this turn (timing rules of seed section 3).
        self.combat_phases_this_turn = 0
        self.log: list[ev.Event] = []
        self.decision: Decision | None = None
        self.over = False
        self.winner: int | None = None
        self.draw_game = False
        #: Why the engine stopped the game unfinished (``GameOptions.max_turns``), or "":
        #: not a result of the rules (no winner, no draw).
        self.stopped = ""
        #: The same reason as a line of the log (English and French), or None.
        self.stopped_line: Line | None = None
        self.history: list[tuple[int, Action]] = []
        #: Choices in the middle of an event (manastack.rules.midrun): (state before the
        #: answer, player, answer, choices made so far), and the choices supplied to the
        #: running answer.
        self.rerun_root: tuple[GameState, int, Action | None, tuple[int, ...]] | None = None
        self.midrun_answers: tuple[int, ...] = ()
        self.midrun_answers_used = 0
        #: The shared re-run point (midrun): a copy of the state taken before an answer,
        #: the answers run from it since (player, answer, choices made in it), and the
        #: (version, history length) after the last of them; not part of copies.
        self._rerun_base: GameState | None = None
        self._rerun_log: list[tuple[int, Action, tuple[int, ...]]] = []
        self._rerun_at: tuple[int, int] = (-1, -1)
        self._tasks: list[Task] = []
        self._next_id = 1
        self._timestamp = 0
        #: The change journal (:meth:`changed`, written by the rules' mutation
        #: primitives; read by the derived store, :mod:`manastack.game.derived`): bumped by
        #: every change.
        self.version = 0
        #: Bumped by every change but the narrow ones (``changed(touches)``).
        self.wide_version = 0
        #: Wide changes by whom they may concern (:meth:`changed`, ``only``): the count of
        #: those that may concern anyone, and per player the count of those that concern
        #: that player alone.  Plain lists of legal actions are kept across the others.
        self.wide_shared = 0
        self.wide_own: list[int] = [0] * len(self.players)
        #: Narrow kind of change (NARROW_CHANGES, and per player: ``kind_index``) -> the
        #: version of its last change (-1: none yet).
        self.touched: list[int] = []
        self.listeners: list[Callable[[ev.Event], None]] = []
        #: Did the last note of the permanents' controllers (302.6, :meth:`settle_control`)
        #: find an effect that may change control (so each ``seen_controller`` is what it
        #: noted)?
        self.control_noted = False
        self.first_turn_skips_draw = True
        #: Turns taken by each player (CR 103.7a needs "their first turn").
        self.turns_taken: dict[int, int] = {}
        #: Number of the turn at which each player's most recent turn began (CR 302.6:
        #: summoning sickness lasts until its controller's next turn begins); a player
        #: who hasn't taken a turn yet is absent (read as 0).
        self.turn_began: dict[int, int] = {}
        self.game_started = False
        self.turn_flags: dict[str, Any] = {}
        #: (turn, step): the machine pauses when that step begins (tools, scenarios).
        self.breakpoint: tuple[int, str] | None = None
        #: Combat decisions asked even when they allow no choice, so that a tool may give
        #: them, or give an illegal one for the game to refuse (scenarios with ``order``
        #: and ``assign`` entries): "order" a damage assignment order of one creature
        #: (509.2-3), "assign" a forced combat damage assignment (510.1a-c).
        self.ask_forced: frozenset[str] = frozenset()
        #: Count of damage events (each simultaneous batch is one event, 119.4).
        self.damage_events = 0
        #: Tokens that left the battlefield (they cease to exist as an SBA, 704.5d).
        self.tokens_elsewhere: list[int] = []
        #: A copy of a spell was ever created (704.5e needs checking).
        self.copies_exist = False
        #: Cards revealed from opening hands until the first turn begins (103.5b).
        self.revealed: list[int] = []
        #: Rule-changing effects of resolved spells and abilities (613.10, static.py).
        self.rule_effects: list[Any] = []
        #: Mutable state of effects (prevention shields left...), keyed by effect id.
        self.effect_state: dict[int, dict[str, Any]] = {}
        self.paused = False
        self.deck_lists: list[list[str]] = []
        #: Last known information of objects that left the battlefield (CR 608.2g).
        self.lki: dict[int, tuple[GameObject, Characteristics]] = {}
        #: Objects that left the battlefield in the current batch of events (603.10a).
        self.lki_batch: list[int] = []
        #: Depth of :meth:`begin_simultaneous`: things happening at once, one by one.
        self.simultaneous = 0
        #: May an effect lasting "for as long as" something exist (611.2b)?  Then every
        #: event checks whether it has ended (``effects_end.end_lapsed_effects``).
        self.lasting = False
        #: Objects that left the game with their owner (CR 800.4a), by id.
        self.departed: dict[int, GameObject | StackAbility] = {}
        #: What a variant remembers (scheme and planar decks, commander tax...): plain data.
        self.variant_state: dict[str, Any] = {}
        # (every attribute above is in STATE_ATTRIBUTES, which copy_into copies one by one)

    # ------------------------------------------------------------ machine

    def push(self, fn: Callable[..., None], *args: Any) -> None:
        """Schedule ``fn(game, *args)`` to run next (LIFO)."""
        self._tasks.append((fn, args))

    def clear_agenda(self) -> None:
        """Drop every task scheduled (the game ends, 104; the turn ends, 715.1)."""
        self._tasks.clear()

    def push_all(self, tasks: Iterable[Task]) -> None:
        """Schedule tasks to run in the given order."""
        for t in reversed(list(tasks)):
            self._tasks.append(t)

    def ask(self, decision: Decision) -> None:
        """Stop the machine and wait for ``decision`` to be answered, by the player who
        controls ``decision.player`` (themselves, or another player: CR 714.5)."""
        decision.decider = decision.player
        if self.rule_effects:
            decision.decider = self.decider_of(decision.player)
        self.decision = decision

    def run(self) -> None:
        """Run tasks until a decision is pending or the game is over."""
        tasks = self._tasks
        self.paused = False
        budget = 1_000_000
        while self.decision is None and tasks and not self.over and not self.paused:
            fn, args = tasks.pop()
            _call(fn, self, args)
            budget -= 1
            if budget == 0:
                if self.end_mandatory_loop():  # 104.4b / 801.16: nobody can stop it
                    if not self.over and self.decision is None:
                        budget = 1_000_000
                        continue
                    break
                raise RuntimeError(f"engine bug: a million steps without a decision "
                                   f"(turn {self.turn_number}, last task {fn.__name__})")
        if self.over:
            self.decision = None

    def _take_attributes(self, other: GameState, value: Callable[[Any], Any]) -> None:
        """Hold exactly ``other``'s attributes, each as ``value`` makes it (the object
        itself, or a deep copy): :meth:`restore` and :meth:`__deepcopy__`."""
        names = other._attribute_names()
        for name in set(self._attribute_names()).difference(names):
            delattr(self, name)
        for name in names:
            setattr(self, name, value(getattr(other, name)))

    def _attribute_names(self) -> list[str]:
        """The names of the attributes this game has, in the order they were set (compiled
        with mypyc, a Game has no ``__dict__``: its class lists its attributes)."""
        names = getattr(self, "__dict__", None)
        if names is not None:
            return list(names)
        return [n for n in getattr(type(self), "__mypyc_attrs__", ())
                if not n.startswith("__") and hasattr(self, n)]

    def legal_actions(self) -> list[Action]:
        return [] if self.decision is None else self.decision.legal_actions(self)

    def copy(self) -> GameState:
        """An independent copy; continuing it gives the same game as continuing this one.

        Made attribute by attribute (:meth:`copy_into`): logged events and answered
        decisions are immutable, so the copy shares them (its lists are new); the derived
        values are not copied (the copy gets an empty store of its own,
        :mod:`manastack.game.derived`), nor the listeners, nor the shared re-run point
        (``_rerun_base``); every other mutable value is copied, every immutable one (card
        definitions, abilities, events, lines, numbers, strings, frozensets, tuples of
        them) shared (:func:`manastack.copying.dup`).  No mutable value is reachable
        from both games (``tests/test_copy.py`` walks them)."""
        new = self._blank_copy()
        self.copy_into(new, {})
        return new

    @property
    def rng(self) -> random.Random:
        """The game's one random number generator: every shuffle, coin flip and choice "at
        random" draws from it (seeded with :attr:`seed`).  A copy of the game
        (:meth:`copy`) and its original share one until either asks for it here, which
        then gets one of its own in the same state; so whoever holds it must not keep it
        across a copy."""
        if self._rng_shared:
            own = random.Random(0)
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    def _blank_copy(self) -> GameState:
        """A new game of this class for :meth:`copy` to fill (the engine's ``Game`` skips
        its checks and its variant's set-up: every attribute is replaced)."""
        return GameState([p.name for p in self.players], self.seed, self.options, self._rng)

    def copy_into(self, g: GameState, memo: dict[int, Any]) -> None:
        """Make ``g`` (a new game) a copy of this one (:meth:`copy`); ``memo`` maps the ids
        of the mutable values copied so far to their copies, as for ``copy.deepcopy``."""
        memo[id(self)] = g
        if g.derived.check != self.derived.check:  # (the store of a new game is empty)
            g.derived = Derived(self.derived.check)
        memo[id(self.derived)] = g.derived
        # the objects first: nothing copied before holds one (each is entered in memo)
        objects: dict[int, GameObject | StackAbility] = {}
        for k, o in self.objects.items():
            objects[k] = o.__deepcopy__(memo)
        g.objects = objects
        memo[id(self.objects)] = objects
        g.options = dup(self.options, memo)
        g.seed = self.seed
        # the generator is shared until either game draws from it (rng); its state, 625
        # numbers, costs more to copy than all the rest
        g._rng = self._rng
        g._rng_shared = self._rng_shared = True
        g.players = [p.__deepcopy__(memo) for p in self.players]
        g.battlefield = dup(self.battlefield, memo)
        g.stack = dup(self.stack, memo)
        g.exile = dup(self.exile, memo)
        g.command = dup(self.command, memo)
        g.turn_number = self.turn_number
        g.active_player = self.active_player
        g.starting_player = self.starting_player
        g.step = dup(self.step, memo)
        g.turn_plan = dup(self.turn_plan, memo)
        g.extra_turns = list(self.extra_turns)
        g.next_normal_player = self.next_normal_player
        g.last_normal_player = self.last_normal_player
        g.skips = dup(self.skips, memo)
        g.priority_player = self.priority_player
        g.passes = self.passes
        g.effects = dup(self.effects, memo)
        g.replacements = dup(self.replacements, memo)
        g.delayed_triggers = dup(self.delayed_triggers, memo)
        g.pending_triggers = dup(self.pending_triggers, memo)
        g.combat = dup(self.combat, memo)
        g.combat_phases_this_turn = self.combat_phases_this_turn
        g.log = list(self.log)  # (events are immutable)
        g.decision = dup(self.decision, memo)
        g.over = self.over
        g.winner = self.winner
        g.draw_game = self.draw_game
        g.stopped = self.stopped
        g.stopped_line = self.stopped_line
        g.history = list(self.history)  # (answers are immutable)
        root = self.rerun_root
        if root is not None:  # a state before the answer running (rules.midrun)
            snapshot = root[0]
            copied = memo.get(id(snapshot))
            if copied is None:
                copied = snapshot._blank_copy()
                snapshot.copy_into(copied, memo)
            g.rerun_root = (copied, root[1], root[2], root[3])
        else:
            g.rerun_root = None
        g.midrun_answers = self.midrun_answers
        g.midrun_answers_used = self.midrun_answers_used
        g._rerun_base = None
        g._rerun_log = []
        g._rerun_at = (-1, -1)
        g._tasks = dup(self._tasks, memo)
        g._next_id = self._next_id
        g._timestamp = self._timestamp
        g.version = self.version
        g.wide_version = self.wide_version
        g.wide_shared = self.wide_shared
        g.wide_own = list(self.wide_own)
        g.touched = list(self.touched)
        g.listeners = []
        g.control_noted = self.control_noted
        g.first_turn_skips_draw = self.first_turn_skips_draw
        g.turns_taken = dict(self.turns_taken)
        g.turn_began = dict(self.turn_began)
        g.game_started = self.game_started
        g.turn_flags = dup(self.turn_flags, memo)
        g.breakpoint = self.breakpoint
        g.ask_forced = self.ask_forced
        g.damage_events = self.damage_events
        g.tokens_elsewhere = list(self.tokens_elsewhere)
        g.copies_exist = self.copies_exist
        g.revealed = list(self.revealed)
        g.rule_effects = dup(self.rule_effects, memo)
        g.effect_state = dup(self.effect_state, memo)
        g.paused = self.paused
        g.deck_lists = dup(self.deck_lists, memo)
        g.lki = dup(self.lki, memo)
        g.lki_batch = list(self.lki_batch)
        g.simultaneous = self.simultaneous
        g.lasting = self.lasting
        g.departed = dup(self.departed, memo)
        g.variant_state = dup(self.variant_state, memo)
        extra = getattr(self, "__dict__", None)  # (pure Python: an attribute set elsewhere)
        if extra is not None and len(extra) != len(STATE_ATTRIBUTES):
            for name, v in extra.items():
                if name not in STATE_ATTRIBUTES:
                    setattr(g, name, dup(v, memo))

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """``copy.deepcopy``: :meth:`copy_into` with ``memo``."""
        new = self._blank_copy()
        self.copy_into(new, memo)
        return new

    def _zone_lists(self) -> list[list[int]]:
        """Every zone (lists of object ids)."""
        out = [self.battlefield, self.stack, self.exile, self.command]
        for p in self.players:
            out += [p.library, p.hand, p.graveyard]
        return out

    def player_index(self, player: Any) -> int:
        """The seat of ``player`` (a seat number, a name or a :class:`PlayerRef`); raises
        IllegalAction (citing 102.1, who the players are) for anything else: a bool, a
        float, an out-of-range seat, an unknown name (typed Any so that compiled code gets
        there too)."""
        if type(player) is PlayerRef:
            player = player.index
        if type(player) is int:  # (not a bool: True is no player's seat)
            if 0 <= player < len(self.players):
                return player
            raise IllegalAction(f"no player {_brief(player)} (seats 0-{len(self.players) - 1})",
                                "102.1")
        if type(player) is str:
            for p in self.players:
                if p.name == player:
                    return p.index
        raise IllegalAction(f"no player {_brief(player)} (a seat 0-{len(self.players) - 1} "
                            f"or a name: {', '.join(p.name for p in self.players)})", "102.1")

    def viewer_index(self, viewer: Any) -> int | None:
        """The seat of a viewer of the game (:meth:`observe`, :meth:`log_for`): what
        :meth:`apply` accepts for a player, or :data:`SPECTATOR` (None) for a spectator,
        who sees only public information; raises IllegalAction for anything else."""
        if viewer is SPECTATOR:
            return None
        return self.player_index(viewer)

    # ------------------------------------------------------------ events

    def emit(self, kind: str, rule: str, text: Line, **data: Any) -> ev.Event:
        """Record an event of ``kind`` citing ``rule``, its typed class made from the
        fields ``data`` (:data:`manastack.events.EVENT_CLASSES`), and let triggered
        abilities see it (:meth:`emit_event`)."""
        return self.emit_event(restore_event(kind, rule, text, self.turn_number, None, None,
                                             data))

    def emit_event(self, e: ev.Event) -> ev.Event:
        """Record the event ``e`` (of this turn) and let triggered abilities see it; a
        private event (:attr:`Event.seen_by`: a card moving through hidden zones, 400.2)
        is built by its caller.

        :func:`~manastack.rules.triggers.check_event` is skipped when its own first test
        would return at once: a kind no ability watches (:data:`UNWATCHED_KINDS`, or
        not among :meth:`watched_kinds`), with no object looked back at (603.10a), no
        delayed trigger and no phasing event (603.10b).  Then an effect lasting "for as
        long as" something that this event ended, ends (611.2b)."""
        kind = e.kind
        self.log.append(e)
        if self.listeners:
            for fn in self.listeners:
                fn(e)
        if self.game_started:
            if self.lki_batch or self.delayed_triggers or kind == ev.PHASED:
                if kind not in UNWATCHED_KINDS:
                    self._check_event(e)
            else:
                derived = self.derived
                if derived.watched_wide != self.wide_version:  # (watched_kinds(), inlined)
                    derived.watched_kinds(self)
                watched = derived.watched
                # (check_event ignores UNWATCHED_KINDS itself: one set lookup an event)
                if (kind in watched) if watched is not None else \
                        (kind not in UNWATCHED_KINDS):
                    self._check_event(e)
        if not self.simultaneous:
            if self.lasting:
                self._end_lapsed_effects()  # 611.2b: "for as long as" ends as it stops being true
            derived = self.derived  # (settle_control's test, inlined: most events pass it)
            if self.control_noted or derived.controls or \
                    derived.index_version != self.wide_version:
                self.settle_control()  # 302.6: changes of control noted as they happen
        return e

    def begin_simultaneous(self) -> None:
        """Several things are about to happen at once (objects destroyed together, a round
        of state-based actions, 704.3), done one after the other: until
        :meth:`end_simultaneous`, no effect ends in between (611.2b)."""
        self.simultaneous += 1

    def end_simultaneous(self) -> None:
        """They have all happened: effects whose "for as long as" they ended, end."""
        self.simultaneous -= 1
        if not self.simultaneous:
            if self.lasting:
                self._end_lapsed_effects()
            self.settle_control()

    def settle_control(self) -> None:
        """Note the permanents that changed controller (302.6; after each event, and before
        a turn begins) while an effect may change control, or could at the last note
        (:mod:`manastack.rules.control_changes`)."""
        if self.game_started:
            derived = self.derived
            if derived.index_version != self.wide_version:
                derived.ability_index(self)
            if derived.controls or self.control_noted:
                self._note_controllers()

    def watched_kinds(self) -> frozenset[str] | None:
        """The kinds of event triggered abilities watch, or None if any kind may be
        (:meth:`Derived.watched_kinds <manastack.game.derived.Derived.watched_kinds>`)."""
        return self.derived.watched_kinds(self)

    def note(self, rule: str, text: Line, **data: Any) -> None:
        """Log an informational event (no trigger looks at it)."""
        e = Info(rule, text, self.turn_number, data)
        self.log.append(e)
        for fn in self.listeners:
            fn(e)

    # ------------------------------------------------------------ objects

    @property
    def ids_issued(self) -> int:
        """The number of object ids handed out (every id is at most this)."""
        return self._next_id - 1

    def new_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def new_timestamp(self) -> int:
        """CR 613.6: a later object or effect gets a later timestamp."""
        self._timestamp += 1
        return self._timestamp

    def changed(self, touches: str | None = None, player: int | None = None,
                only: int | None = None) -> None:
        """Record a state change (call after any): caches keyed on the version are dropped.

        ``touches`` names a narrow kind of change when it is all that changed since the
        last call (:data:`~manastack.game.objects.NARROW_CHANGES`: "tapped", "mana",
        "combat", "damage", "hidden", "turn");
        characteristics computed without reading it then stay valid (:meth:`chars`).
        ``player``: the change of a kind of :data:`PLAYER_KINDS` is that player's alone
        (their permanents, pool, library and hand); else it may be anyone's.
        Memoised queries that may depend on the change are dropped now (:meth:`cached`,
        :meth:`cached_wide`); the view and kept values are checked when next used.
        ``only``, for a wide change: the one player whose plain legal actions it may
        change (:func:`~manastack.rules.casting.listed_priority_actions`), or
        :data:`NOBODY` for none (counters damage puts on permanents); without it, anyone's.
        """
        self.version += 1
        if touches is None:
            self.wide_version += 1
            if only is None:
                self.wide_shared += 1
            elif only >= 0:
                self.wide_own[only] += 1
        else:
            v = self.version
            i, per = touch_plan(touches, len(self.players))
            touched = self.touched
            if len(touched) < kind_count():
                touched.extend([-1] * (kind_count() - len(touched)))
            touched[i] = v
            if per:  # a kind of PLAYER_KINDS: that player's kind, or every player's
                if player is not None:
                    touched[per[player]] = v
                else:
                    for p in range(len(self.players)):
                        touched[per[p]] = v
        derived = self.derived
        if derived.cache or derived.wide_cache:  # (nothing to drop, most often)
            derived.on_change(touches)

    def moved(self, old: int, new: GameObject, only: int | None) -> None:
        """Record the wide change of an object moving (:func:`~manastack.rules.zones.move`:
        ``old`` became ``new``), ``only`` as for :meth:`changed`."""
        derived = self.derived
        complete = derived.moves_wide == self.wide_version
        self.changed(None, None, only)
        derived.moved(old, new, complete, self.wide_version)

    def narrow_unchanged_since(self, version: int, reads: frozenset[str]) -> bool:
        """Has no narrow change of a kind in ``reads`` happened since ``version``?"""
        touched = self.touched
        n = len(touched)
        for i in read_indices(reads):
            if i < n and touched[i] > version:
                return False
        return True

    def unchanged_since(self, version: int, wide_version: int, reads: frozenset[str]
                        ) -> bool:
        """Has nothing a computation reading the narrow kinds ``reads`` (and any other
        state) may depend on changed since ``version`` (and ``wide_version``)?"""
        return wide_version == self.wide_version and self.narrow_unchanged_since(version,
                                                                                   reads)

    def ability_index(self) -> tuple[frozenset[str], bool, bool]:
        """What the permanents' printed abilities could react to (:class:`Derived`)."""
        return self.derived.ability_index(self)

    def command_sources(self) -> list[GameObject]:
        """Face-up objects in the command zone with abilities that work there (schemes,
        planes, vanguards: 901.7, 902.7, 904.8; ``"command"`` in the ability's zones)."""
        if not self.command:
            return []
        return self.derived.cached_wide(  # type: ignore[no-any-return]
            "command_sources",
            lambda: [o for o in (self.objects[i] for i in self.command)
                     if isinstance(o, GameObject) and not o.face_down and any(
                         "command" in getattr(ab, "zones", ()) for ab in o.card.abilities)])

    def abilities_may_be_added(self) -> bool:
        """Could a continuous effect give a permanent an ability it doesn't print?"""
        return self.derived.abilities_may_be_added(self)

    def replacements_may_exist(self) -> bool:
        """Could a permanent or a command-zone object have a static replacement ability?"""
        return self.derived.replacements_may_exist(self)

    def hooks_may_exist(self) -> bool:
        """Could a permanent or a command-zone object have a static ability with a rule
        hook?"""
        return self.derived.hooks_may_exist(self)

    # The memo API (:class:`~manastack.game.derived.Derived`, the one owner of derived
    # values), offered by the state to the rules and the cards.

    @property
    def check_memos(self) -> bool:
        """Check mode: every value about to be used again is computed afresh and compared
        (:mod:`manastack.game.derived`); copies inherit it."""
        return self.derived.check

    @check_memos.setter
    def check_memos(self, on: bool) -> None:
        self.derived.check = on

    def cached(self, key: str, fn: Callable[[], _T]) -> _T:
        """``fn()`` memoised until the next state change (:meth:`Derived.cached`)."""
        return self.derived.cached(key, fn)

    def check_kept(self, what: Any, kept: Any, fresh: Any) -> None:
        """Check mode: raise StaleMemo unless the value kept for ``what`` equals the one
        just computed."""
        self.derived.check_kept(what, kept, fresh)

    def cache_get(self, key: str) -> Any:
        """:meth:`Derived.cache_get`."""
        return self.derived.cache_get(key)

    def cache_put(self, key: str, value: _T) -> _T:
        """:meth:`Derived.cache_put`."""
        return self.derived.cache_put(key, value)

    def cached_wide(self, key: str, fn: Callable[[], _T]) -> _T:
        """``fn()`` memoised across the narrow changes it doesn't read
        (:meth:`Derived.cached_wide`)."""
        return self.derived.cached_wide(key, fn)

    def wide_get(self, key: Any) -> Any:
        """:meth:`Derived.wide_get`."""
        return self.derived.wide_get(key)

    def wide_put(self, key: Any, value: _T) -> _T:
        """:meth:`Derived.wide_put`."""
        return self.derived.wide_put(key, value)

    def remember(self, key: Any, reads: frozenset[str], value: Any) -> None:
        """Keep ``value`` until a change it may depend on (:meth:`Derived.remember`)."""
        self.derived.remember(self, key, reads, value)

    def forget_kept(self) -> None:
        """:meth:`Derived.forget_kept`."""
        self.derived.forget_kept()

    def recall(self, key: Any) -> Any:
        """The value kept under ``key`` if still valid, else None (:meth:`Derived.recall`)."""
        return self.derived.recall(self, key)

    def memo_get(self, key: Any, inputs: Any) -> Any:
        """:meth:`Derived.memo_get`."""
        return self.derived.memo_get(key, inputs)

    def memo_put(self, key: Any, inputs: Any, value: _T) -> _T:
        """:meth:`Derived.memo_put`."""
        return self.derived.memo_put(key, inputs, value)

    def create_object(self, card: CardDef, owner: int, zone: str, *,
                      controller: int | None = None, is_token: bool = False,
                      position: str = "top") -> GameObject:
        """Create a new object in ``zone`` (used for setup, tokens and zone changes)."""
        obj = GameObject(id=self.new_id(), card=card, owner=owner,
                         controller=owner if controller is None else controller,
                         zone=zone, is_token=is_token, timestamp=self.new_timestamp(),
                         control_since=self.turn_number)
        obj.uid = obj.id
        self.objects[obj.id] = obj
        if position == "top":
            self.zone_list(zone, owner).append(obj.id)
        else:
            self.zone_list(zone, owner).insert(0, obj.id)
        self.changed()
        return obj

    def zone_list(self, zone: str, owner: int) -> list[int]:
        if zone == Zone.LIBRARY:
            return self.players[owner].library
        if zone == Zone.HAND:
            return self.players[owner].hand
        if zone == Zone.GRAVEYARD:
            return self.players[owner].graveyard
        if zone == Zone.BATTLEFIELD:
            return self.battlefield
        if zone == Zone.STACK:
            return self.stack
        if zone == Zone.EXILE:
            return self.exile
        if zone == Zone.COMMAND:
            return self.command
        raise ValueError(f"unknown zone {_brief(zone)}")

    def obj(self, oid: int) -> GameObject:
        o = self.objects[oid]
        assert isinstance(o, GameObject)
        return o

    def get(self, oid: Ref | None) -> GameObject | None:
        if oid is None or isinstance(oid, PlayerRef):
            return None
        o = self.objects.get(oid)
        return o if isinstance(o, GameObject) else None

    def permanents(self, controller: int | None = None) -> list[GameObject]:
        """Phased-in permanents on the battlefield (CR 702.25b), optionally by controller.

        The list is cached until the next state change: don't modify it."""
        derived = self.derived
        if controller is None:
            every: list[GameObject] | None = derived.wide_get("perm:None")
            if every is None:
                every = derived.wide_put("perm:None", self._phased_in())
            return every
        by_controller: dict[int, list[GameObject]] | None = \
            derived.wide_get("perm:by_controller")
        if by_controller is None:
            by_controller = derived.wide_put("perm:by_controller",
                                             derived.permanents_by_controller(self))
        return by_controller.get(controller) or []

    def _phased_in(self) -> list[GameObject]:
        out = []
        ids: list[IdKey] = self.battlefield
        for oid in ids:
            o = self.objects[oid]
            assert isinstance(o, GameObject)
            if not o.phased_out:
                out.append(o)
        return out

    def creatures(self, controller: int | None = None) -> list[GameObject]:
        return [o for o in self.permanents(controller) if "Creature" in self.chars(o).types]

    def name_of(self, ref: Ref | None) -> str:
        if ref is None:
            return "nothing"
        if isinstance(ref, PlayerRef):
            return self.players[ref.index].name
        o = self.objects.get(ref)
        if o is None:
            # An object that left the battlefield (a creature sacrificed to pay for the
            # spell that targets it, 601.2c before 601.2h): its last known name (608.2g).
            known = self.lki.get(ref)
            return known[0].name if known is not None else f"#{ref}"
        return o.name

    def who(self, player: int) -> Who:
        """The player ``player`` as an argument of a line of the log."""
        name = self.players[player].name
        return _WHOS.get((player, name)) or keep(_WHOS, (player, name), Who(player, name))

    def named(self, ref: Ref | GameObject | StackAbility | None) -> Who | Card | Word:
        """``ref`` (a player, an object or its id, or None) as an argument of a line of the
        log, named as :meth:`name_of` names it."""
        if ref is None:
            return _NOTHING_WORD
        if isinstance(ref, PlayerRef):
            return self.who(ref.index)
        if isinstance(ref, (GameObject, StackAbility)):
            return Card(ref.id, ref.name)
        return Card(ref, self.name_of(ref))

    # ------------------------------------------------------------ characteristics

    def chars(self, obj: GameObject) -> Characteristics:
        """Characteristics after all continuous effects (CR 613), from the view of the
        battlefield the derived store keeps (:meth:`Derived.refresh_view`)."""
        derived = self.derived
        if derived.view_version != self.version:
            derived.refresh_view(self)
        view = derived.view
        c = obj.view_chars if obj.view_of is view else view.get(obj.key)
        if c is None:
            c = derived.outside.get(obj.key)  # (chars_elsewhere's first lookup, inlined)
            if c is None or derived.check:
                c = derived.chars_elsewhere(self, obj)
        return c

    def controller(self, obj: GameObject | StackAbility) -> int:
        if isinstance(obj, StackAbility):
            return obj.controller
        if obj.zone == Zone.BATTLEFIELD:
            return self.chars(obj).controller
        return obj.controller

    def is_opponent(self, player: int, other: int) -> bool:
        """Whether ``other`` is one of ``player``'s opponents: a player not on their team
        (CR 102.3; a teammate in Two-Headed Giant or Archenemy isn't one, 810.1, 904.2)."""
        return other != player and self.players[other].team != self.players[player].team

    def teams_left(self) -> list[list[int]]:
        """The teams with a player still in the game (each player is a team of one
        unless a variant groups them, 810.1), in seat order."""
        out: dict[int, list[int]] = {}
        for p in self.players:
            if p.in_game:
                out.setdefault(p.team, []).append(p.index)
        return list(out.values())

    def apnap_from(self, first: int) -> list[int]:
        """Players in turn order starting with ``first`` (still in the game)."""
        n = len(self.players)
        return [(first + i) % n for i in range(n) if self.players[(first + i) % n].in_game]

    def next_player(self, p: int) -> int:
        n = len(self.players)
        for i in range(1, n + 1):
            q = (p + i) % n
            if self.players[q].in_game:
                return q
        return p

    @property
    def living_players(self) -> list[int]:
        return [p.index for p in self.players if p.in_game]

    def living_count(self) -> int:
        """``len(living_players)``, without making the list."""
        n = 0
        for p in self.players:
            if p.in_game:
                n += 1
        return n

    def combat_flags_done(self, key: Any) -> bool:
        return key in self.turn_flags.get("_orders", set())

    # ------------------------------------------------------------ rules the state asks

    # The state asks these of the rules; the engine's ``Game`` answers them (its
    # subclass, :class:`manastack.engine.Game`), so that this module knows no rule.

    def decider_of(self, player: int) -> int:
        """The player who makes ``player``'s decisions (themselves, or the player who
        controls them: CR 714.5)."""
        raise NotImplementedError

    def end_mandatory_loop(self) -> bool:
        """A million tasks ran without a decision: if it is a loop of mandatory actions,
        end it as the rules say (104.4b, 801.16) and say True; else False."""
        raise NotImplementedError

    def priority_actions(self, player: int) -> list[Action]:
        """The actions ``player`` may take with priority (CR 116, 117.1): pass, play a
        land, cast a spell, activate an ability."""
        raise NotImplementedError

    def check_priority_action(self, player: int, action: Action) -> None:
        """Raise IllegalAction, citing the rule, unless ``player`` may take ``action``
        with priority now."""
        raise NotImplementedError

    def action_text(self, action: Action, player: Any = None) -> str:
        """The canonical text of ``action`` in the notation as ``player`` sees the game
        (``Action.text``; docs/notation.md)."""
        raise NotImplementedError

    def forget_made_actions(self) -> None:
        """Forget every action kept to be handed out again (one was changed behind the
        engine's back)."""
        raise NotImplementedError

    def _check_event(self, e: ev.Event) -> None:
        """Let triggered abilities see the event ``e`` (603.2)."""
        raise NotImplementedError

    def _find_watched_kinds(self) -> frozenset[str] | None:
        """The kinds of event triggered abilities watch now, or None if any kind may be."""
        raise NotImplementedError

    def _end_lapsed_effects(self) -> None:
        """End the effects lasting "for as long as" something that stopped (611.2b)."""
        raise NotImplementedError

    def _note_controllers(self) -> None:
        """Note each permanent's controller; mark those that changed (302.6)."""
        raise NotImplementedError

    def _compute_battlefield(self) -> dict[int, Characteristics]:
        """The characteristics of every permanent (the layer system, 613)."""
        raise NotImplementedError

    def _view_after_moves(self, moves: list[tuple[int, GameObject]]
                          ) -> dict[int, Characteristics] | None:
        """A plain view brought up to date after ``moves`` only, or None (613)."""
        raise NotImplementedError

    def _compute_single(self, obj: GameObject) -> Characteristics:
        """The characteristics of one object the view doesn't hold (613)."""
        raise NotImplementedError

    def _single_reads(self, obj: GameObject) -> frozenset[str]:
        """The narrow kinds of change :meth:`_compute_single` of ``obj`` read."""
        raise NotImplementedError

    def opponents(self, player: int) -> list[int]:
        """The player's opponents still in the game, within their range of influence
        (CR 102.3, 801.10: "each opponent" doesn't reach farther)."""
        raise NotImplementedError

    def active_players(self) -> list[int]:
        """The players whose turn it is: the active player, or the active team (805.4)."""
        raise NotImplementedError

    def is_active(self, player: int) -> bool:
        """Is it ``player``'s turn (their team's turn with shared team turns, 805.4a)?"""
        raise NotImplementedError

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4; 805.6 by teams) still in the game."""
        raise NotImplementedError

    # ------------------------------------------------------------ views

    def __repr__(self) -> str:
        step = self.step.name if self.step else "not started"
        return f"<Game turn {self.turn_number} {step} active={self.active_player}>"

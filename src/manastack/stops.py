"""Auto-pass with stops, for the front ends where a person plays (the terminal game, a
server): the person is asked only when they have something to do at a step they stop at,
when someone else's spell or ability is on top of the stack, or for a decision that isn't
priority and offers a choice.  Every other decision of theirs is answered for them, and a
note in their log says so.  The rules are untouched: the answers given are ones the
person could have given (passing priority, CR 116.3d; the only legal answer), through
``game.apply`` like any other, so the game is the same game (``docs/stops.md``).

The model is MTGO's: stops decide, not what the player could do.  At a step without a stop
a player who could cast an instant still passes (they set a stop, or hold priority from
the stop before).  On top of it, as Arena does, a priority with nothing to do but pass is
passed (a mana ability alone is not something to do: mana empties between steps, 500.4).

* :class:`Stops` - the settings: the steps and main phases (500-514) a player stops at on
  their own turn and on the others' turns, and the stops that depend on the game: the
  declare blockers step when they are attacked (509), an opponent's end step when they
  hold a card they can cast then, someone else's object on top of the stack (405, 116).
* :class:`AutoPass` - one seat's auto-pass: its stops, "pass until end of turn" (F6), the
  notes of what was answered for the player, and how often they were asked.
* :func:`needs_player` - must a person be asked the pending decision (their stops alone)?
* :func:`run_to_person` - answers a game's decisions that need no person (auto-pass for
  the people's seats, agents for the others) until a person must decide; the loop of
  every table (the terminal's, the server's).
* :func:`advance` - runs a game (the other seats' agents answer theirs) until a person
  must decide or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from manastack.engine.forced import at_most_one_answer
from manastack.engine.notation import action_text
from manastack.errors import ManastackError
from manastack.events import Info, PriorityPassed
from manastack.game.decisions import (
    Action,
    Activate,
    Cast,
    Decision,
    Pass,
    PriorityDecision,
)
from manastack.game.objects import GameObject, PlayerRef
from manastack.game.turn import NO_PRIORITY, STEP_NAMES
from manastack.lines import Line, Raw, Term, Who, say
from manastack.log import PASS, Event, view_log
from manastack.play import Agent
from manastack.rules.casting import activated_abilities

if TYPE_CHECKING:
    from manastack.engine import Game


#: The steps and main phases in which players receive priority (500-514; not untap nor
#: cleanup, 502.3, 514.3).
PRIORITY_STEPS: Final = tuple(s for s in STEP_NAMES if s not in NO_PRIORITY)

def _check_steps(names: Collection[str], what: str) -> None:
    """Refuse (in one line) stops that aren't step names of :data:`PRIORITY_STEPS`."""
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise ManastackError(f"{what}: a set of step names, not {names!r:.80}")
    bad = sorted(n for n in names if n not in PRIORITY_STEPS)
    if bad:
        raise ManastackError(f"{what}: no step or main phase with priority named "
                             f"{', '.join(map(repr, bad))} (one of {', '.join(PRIORITY_STEPS)})")


@dataclass(frozen=True)
class Stops:
    """Where a player wants to be asked (the defaults: issue 38's, MTGO's and Arena's).

    ``own``: the steps and main phases of their own turn (their team's, 805.4a) at which
    they stop, a collection (a frozenset, a tuple...) of their names (``game.step.name``: ``precombat_main``, ``end``...); by default
    both main phases (505).  ``others``: the same on the other players' turns; none by
    default, but:

    * ``when_attacked``: the declare blockers step (509) of a turn in which a creature
      attacks them, a teammate or a planeswalker of theirs (so that they see the blocks
      and may answer them);
    * ``end_step_with_instant``: an opponent's end step (513) when they hold a card they
      can cast now (an instant, a card with flash);
    * ``stack``: whenever the object on top of the stack (405) is controlled by someone
      else (a spell or ability they didn't put there: they see it and may answer).  Their
      own spell or ability on top is passed (they just cast it or it just triggered).

    A stop asks only a player who has something to do (a land to play, a spell to cast, a
    non-mana ability to activate), unless ``ask_with_nothing_to_do``.  With
    ``f6_stops_for_spells``, "pass until end of turn" still stops for an opponent's spell
    on top of the stack (not for abilities).
    """

    own: Collection[str] = frozenset({"precombat_main", "postcombat_main"})
    others: Collection[str] = frozenset()
    when_attacked: bool = True
    end_step_with_instant: bool = True
    stack: bool = True
    ask_with_nothing_to_do: bool = False
    f6_stops_for_spells: bool = True

    def __post_init__(self) -> None:
        _check_steps(self.own, "own stops")
        _check_steps(self.others, "others' stops")


@dataclass(frozen=True)
class Note:
    """A front-end note: ``action`` was answered for the player after the first ``at``
    events of the game's log; ``event`` says so in their log: for a pass, a
    :class:`~manastack.events.PriorityPassed` whose line gives the reason (it stands for
    the engine's line of that pass, and like it is left out of the ``normal`` level of
    detail); for a forced answer, an :class:`~manastack.events.Info` whose data hold
    ``auto``, ``player`` and the ``action`` (JSON)."""

    at: int
    event: Event
    action: Action


def _who(game: Game, player: int) -> Who:
    return Who(player, game.players[player].name)


def _has_something_to_do(game: Game, actions: Sequence[Action]) -> bool:
    """Is any of the legal priority actions more than passing or a mana ability (605)?"""
    for a in actions:
        if type(a) is Pass:
            continue
        if isinstance(a, Activate):
            src = game.objects.get(a.source)
            if isinstance(src, GameObject):
                abilities = activated_abilities(game, src)
                if 0 <= a.ability < len(abilities) and abilities[a.ability].is_mana_ability:
                    continue
        return True
    return False


def _can_cast_from_hand(game: Game, player: int, actions: Sequence[Action]) -> bool:
    hand = game.players[player].hand
    return any(isinstance(a, Cast) and a.card in hand for a in actions)


def _attacked(game: Game, player: int) -> bool:
    """Does a creature attack ``player``, a teammate of theirs or a planeswalker they
    control (508.1b, 506.2)?"""
    combat = game.combat
    if combat is None:
        return False
    team = game.players[player].team
    for target in combat.attackers.values():
        if isinstance(target, PlayerRef):
            if game.players[target.index].team == team:
                return True
        else:
            obj = game.objects.get(target)
            if isinstance(obj, GameObject) and game.controller(obj) == player:
                return True
    return False


@dataclass
class AutoPass:
    """One seat's auto-pass: its :class:`Stops`, "pass until end of turn" (F6,
    :meth:`pass_until_end_of_turn`), the notes of the decisions answered for it
    (:attr:`notes`; :meth:`log_for` merges them into the player's log) and counts:
    ``asked`` (decisions handed to the person), ``passed`` (priorities passed for them),
    ``forced`` (decisions with one legal answer, answered for them)."""

    seat: int
    stops: Stops = field(default_factory=Stops)
    #: The turn number (``game.turn_number``) until whose end every priority is passed.
    until_end_of_turn: int | None = None
    notes: list[Note] = field(default_factory=list)
    asked: int = 0
    passed: int = 0
    forced: int = 0
    #: The last decision counted in ``asked`` (asked again, it isn't counted again).
    last_asked: Decision | None = field(default=None, repr=False)

    def pass_until_end_of_turn(self, game: Game) -> None:
        """F6: pass every priority until the current turn ends (decisions that aren't
        priority are still asked; with ``stops.f6_stops_for_spells``, an opponent's spell
        on top of the stack too)."""
        self.until_end_of_turn = game.turn_number

    def answer_for(self, game: Game) -> tuple[Action, Line] | None:
        """The answer given for the player to the pending decision, theirs (``by``), and
        why; or None: they must be asked."""
        d = game.decision
        if d is None or d.by != self.seat:
            return None
        if self.until_end_of_turn is not None and self.until_end_of_turn != game.turn_number:
            self.until_end_of_turn = None  # (that turn ended)
        if not isinstance(d, PriorityDecision):
            only = at_most_one_answer(d, game)
            if only is not None and len(only) == 1:
                return only[0], say("the only legal answer", "la seule réponse légale")
            return None
        why = self._why_pass(game, d)
        return None if why is None else (Pass(), why)

    def _why_pass(self, game: Game, d: PriorityDecision) -> Line | None:
        """Why the player passes this priority without being asked, or None (a stop)."""
        stops, me = self.stops, d.player
        top = game.objects.get(game.stack[-1]) if game.stack else None
        actions: list[Action] | None = None
        if self.until_end_of_turn is not None:
            if not (stops.f6_stops_for_spells and isinstance(top, GameObject)
                    and game.is_opponent(me, game.controller(top))):
                return say("passing until end of turn", "passe jusqu'à la fin du tour")
        elif top is not None:
            if game.controller(top) == me:
                return say("{obj}, controlled by {who}, is on top of the stack",
                           "{obj}, contrôlé par {who}, est au sommet de la pile",
                           obj=game.named(top), who=_who(game, me))
            if not stops.stack:
                return say("no stop for the stack", "pas d'arrêt pour la pile")
        else:
            step = game.step
            name = step.name if step is not None else ""
            if game.is_active(me):
                stop = name in stops.own
            else:
                stop = name in stops.others or (
                    stops.when_attacked and name == "declare_blockers"
                    and _attacked(game, me))
                if not stop and stops.end_step_with_instant and name == "end":
                    actions = d.legal_actions(game)
                    stop = _can_cast_from_hand(game, me, actions)
            if not stop:
                return say("no stop at the {step}", "pas d'arrêt {step:à}",
                           step=Term(name)) if name in PRIORITY_STEPS else \
                    say("no stop", "pas d'arrêt")
        if stops.ask_with_nothing_to_do:
            return None
        if actions is None:
            actions = d.legal_actions(game)
        if not _has_something_to_do(game, actions):
            return say("nothing to do but pass", "rien d'autre à faire que passer")
        return None

    def needs_player(self, game: Game) -> bool:
        """Must the player be asked the pending decision (theirs)?"""
        d = game.decision
        return d is not None and d.by == self.seat and self.answer_for(game) is None

    def answer(self, game: Game) -> bool:
        """Answer the pending decision for the player if they needn't be asked (noting it);
        False if they must be asked."""
        got = self.answer_for(game)
        if got is None:
            return False
        self.give(game, got)
        return True

    def give(self, game: Game, got: tuple[Action, Line]) -> None:
        """Apply the answer :meth:`answer_for` gave (``got``: the action and why), noting
        it in the player's log."""
        action, why = got
        d = game.decision
        assert d is not None
        me = _who(game, self.seat)
        note: Event
        if type(action) is Pass:
            self.passed += 1
            note = PriorityPassed("116.3d", say(
                "{who} passes priority (auto-pass: {why})",
                "{who} passe la priorité (passe automatique : {why})", who=me, why=why),
                game.turn_number, self.seat)
        else:
            self.forced += 1
            text = action_text(game, action, self.seat)  # (the notation, as it sees it)
            shown = Raw(text) if text != action.verb else \
                say("{verb} (nothing)", "{verb} (rien)", verb=Raw(text))
            note = Info(d.rule, say("{who} answers {action} (automatically: {why})",
                                    "{who} répond {action} (automatiquement : {why})",
                                    who=me, action=shown, why=why),
                        game.turn_number, {"auto": True, "player": self.seat,
                                           "action": action.to_json()})
        self.notes.append(Note(len(game.log), note, action))
        game.apply(self.seat, action)

    def ask(self, game: Game) -> Decision:
        """The pending decision, handed to the person (counted once)."""
        d = game.decision
        assert d is not None
        if d is not self.last_asked:
            self.asked += 1
            self.last_asked = d
        return d

    def log_for(self, game: Game) -> list[Event]:
        """The player's log (``game.log_for(seat)``, 400.2) with the notes of the answers
        given for them: a priority passed for them is its note ("Alice passes priority
        (auto-pass: no stop at the upkeep step)") instead of the engine's line of the pass;
        any other answer's note comes before the events it caused."""
        return merge_notes(view_log(game.log, self.seat), self.notes)[0]


def merge_notes(events: Sequence[Event], notes: Sequence[Note], start: int = 0,
                first_note: int = 0) -> tuple[list[Event], int]:
    """``events`` (a seat's view of the log from index ``start``) with the ``notes`` from
    ``first_note`` on merged in (:meth:`AutoPass.log_for`: a pass answered for the seat
    is its note, any other answer's note comes before the events it caused), and the
    index of the next note to merge."""
    out: list[Event] = []
    k = first_note
    for i, e in enumerate(events, start):
        replaced = False
        while k < len(notes) and notes[k].at <= i:
            note = notes[k]
            out.append(note.event)
            replaced = replaced or (note.at == i and e.kind == PASS
                                    and type(note.action) is Pass)
            k += 1
        if not replaced:
            out.append(e)
    out.extend(n.event for n in notes[k:])
    return out, len(notes)


def needs_player(game: Game, seat: int, stops: Stops | None = None) -> bool:
    """Must the person at ``seat`` be asked the pending decision, with ``stops`` (the
    defaults if None) and no "pass until end of turn"?  False when it isn't theirs."""
    return AutoPass(seat, stops if stops is not None else Stops()).needs_player(game)


#: What :func:`run_to_person` stopped at: a person must decide, a seat that no person
#: nor agent here answers must (a server's thinking agent), the game is over, or
#: ``max_answers`` were given (the caller goes on later).
PERSON: Final = "person"
ELSEWHERE: Final = "elsewhere"
OVER: Final = "over"
SLICE: Final = "slice"


def run_to_person(game: Game, pilots: Mapping[int, AutoPass], agents: Mapping[int, Agent],
                  given: Callable[[int, Action, str], None] | None = None,
                  max_answers: int = 100_000) -> str:
    """Answer ``game``'s decisions that need no person, for every table (the terminal's
    :mod:`manastack.table`, the server's): a person's seat (``pilots``) through its auto-pass
    (:class:`~manastack.stops.AutoPass`, noted in their log), an agent's seat by its
    agent, until a person must decide (they are asked: :data:`PERSON`), a seat nobody
    here answers must (:data:`ELSEWHERE`), the game is over (:data:`OVER`) or
    ``max_answers`` were given (:data:`SLICE`).  ``given(player, action, by)`` is told
    of each answer before it is applied (``by``: ``auto`` or ``agent``), the game as its
    player saw it then (a server records it).  Deterministic, as
    :func:`advance`."""
    for _ in range(max_answers):
        d = game.decision
        if d is None:
            return OVER
        by = d.by
        pilot = pilots.get(by)
        if pilot is not None:
            got = pilot.answer_for(game)
            if got is None:
                pilot.ask(game)
                return PERSON
            if given is not None:
                given(by, got[0], "auto")
            pilot.give(game, got)  # (not answer(): the answer is found once)
            continue
        agent = agents.get(by)
        if agent is None:
            return ELSEWHERE
        action = agent.act(game)
        if given is not None:
            given(by, action, "agent")
        game.apply(by, action)
    return SLICE


def advance(game: Game, humans: AutoPass | Sequence[AutoPass],
            agents: Mapping[int, Agent] | Sequence[Agent | None],
            max_decisions: int = 100_000) -> Decision | None:
    """Run ``game`` until one of the ``humans`` (their :class:`AutoPass`) must decide:
    their decision is returned (counted in their ``asked``); None when the game is over
    (or after ``max_decisions`` answers, the game left unfinished).  The other seats'
    ``agents`` answer theirs; the humans' decisions that need no person are answered by
    their auto-pass (:func:`run_to_person`).  Deterministic: the same game, agents and
    answers give the same game."""
    pilots = {h.seat: h for h in ([humans] if isinstance(humans, AutoPass) else humans)}
    seated = (dict(agents) if isinstance(agents, Mapping)
              else {i: a for i, a in enumerate(agents) if a is not None})
    got = run_to_person(game, pilots, seated, max_answers=max_decisions)
    if got == PERSON:
        return game.decision
    if got == ELSEWHERE:
        d = game.decision
        raise ManastackError(f"no agent nor person answers for seat {d.by if d else '?'}")
    return None


#: The flags of :class:`Stops` as ``--stops`` spells them (docs/stops.md).
_STOP_FLAGS: Final = {"attacked": "when_attacked", "instant": "end_step_with_instant",
                      "stack": "stack", "nothing": "ask_with_nothing_to_do",
                      "f6_spells": "f6_stops_for_spells"}
_ON: Final = {"on": True, "yes": True, "off": False, "no": False}
#: The longest ``--stops`` text read.
MAX_STOPS_TEXT: Final = 1000


def parse_stops(text: str) -> Stops:
    """The :class:`Stops` a ``--stops`` text gives (docs/stops.md): ``;``-separated
    ``key=value`` settings, each changing the defaults: ``own=`` and ``others=`` a
    ``,``-separated list of steps (``upkeep,precombat_main``; ``none`` for no step),
    ``attacked``, ``instant``, ``stack``, ``nothing`` (ask at a stop with nothing to do)
    and ``f6_spells`` set ``on`` or ``off``.  The empty text is the defaults.  A bad text
    is a one-line :class:`~manastack.errors.ManastackError`."""
    if len(text) > MAX_STOPS_TEXT:
        raise ManastackError(f"--stops: more than {MAX_STOPS_TEXT} characters (the limit)")
    defaults = Stops()
    own: Collection[str] = defaults.own
    others: Collection[str] = defaults.others
    flags: dict[str, bool] = {}
    seen: set[str] = set()
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or not key:
            raise ManastackError(f"--stops: expected key=value, not {part[:40]!r}")
        if key in seen:
            raise ManastackError(f"--stops: {key[:20]!r} given twice")
        seen.add(key)
        if key in ("own", "others"):
            steps = frozenset() if value == "none" else frozenset(
                s.strip() for s in value.split(",") if s.strip())
            _check_steps(steps, f"--stops {key}")
            if key == "own":
                own = steps
            else:
                others = steps
        elif key in _STOP_FLAGS:
            if value not in _ON:
                raise ManastackError(f"--stops {key}: on or off, not {value[:20]!r}")
            flags[_STOP_FLAGS[key]] = _ON[value]
        else:
            raise ManastackError(f"--stops: unknown setting {key[:20]!r} (one of own, "
                                 f"others, {', '.join(_STOP_FLAGS)})")
    return Stops(own, others, **flags)


def stops_spec(stops: Stops) -> str:
    """The ``--stops`` text of ``stops`` (:func:`parse_stops` reads it back)."""
    def steps(names: Collection[str]) -> str:
        return ",".join(s for s in PRIORITY_STEPS if s in names) or "none"
    parts = [f"own={steps(stops.own)}", f"others={steps(stops.others)}"]
    parts += [f"{key}={'on' if getattr(stops, name) else 'off'}"
              for key, name in _STOP_FLAGS.items()]
    return ";".join(parts)

"""The engine's ``Game``: the state machine a front end drives (apply, run, copy, observe).

:class:`Game` is the game state (:class:`~manastack.game.state.GameState`: the nouns and
the agenda of tasks) with the rules plugged in: it answers the questions the state asks
the rules (the layer system, triggered abilities, "for as long as" durations, the
variant's turn order and range of influence, control of a player), validates answers
(:meth:`Game.apply`: legal, the deciding player's, no hidden card named) and re-runs an
answer when a choice comes up in the middle of an event (:mod:`manastack.engine.rerun`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import manastack.variants  # noqa: F401  (registers the variants and their cards, 810, 901-904)
from manastack import log as ev
from manastack.engine import rerun
from manastack.engine.concession import concede
from manastack.engine.observation import observe, state_fingerprint
from manastack.engine.rerun import ask_interrupted, interrupted_choice_made, resume_marker
from manastack.errors import IllegalAction
from manastack.game.decisions import (
    Action,
    Concede,
    Mulligan,
    Pass,
    PriorityDecision,
    shape_problem,
)
from manastack.game.objects import Characteristics, GameObject
from manastack.game.state import GameOptions, GameState, arguments_problem, call_with
from manastack.rules import casting, control_changes, layers, triggers
from manastack.rules.control import controlling_player
from manastack.rules.effects_end import end_lapsed_effects
from manastack.rules.hidden import describe_unseen, unseen_reference
from manastack.rules.midrun import ChoiceNeeded, choice_possible
from manastack.rules.sba import loop_objects, mandatory_loop
from manastack.rules.variant import get_variant, variant_of


class Game(GameState):
    """A game of Magic in progress.

    Read :attr:`decision` to see who must decide what; answer with
    :meth:`apply`.  :attr:`log` is the list of rule-citing events.
    """

    def __init__(self, player_names: Sequence[str], seed: Any = 0,
                 options: Any = None, rng: random.Random | None = None) -> None:
        # (``seed`` an int, ``options`` a GameOptions or None: typed Any so that a bad one
        # reaches the checks below, compiled too, and is refused with IllegalAction)
        if rng is not None:  # a copy being made (GameState.copy): a game's own arguments,
            super().__init__(player_names, seed, options, rng)  # whose every attribute
            return  # the copy replaces

        bad = arguments_problem(player_names, seed, options)
        if bad:
            raise IllegalAction(*bad)
        opts: GameOptions = options or GameOptions()
        if opts.variant is None:  # more than two players play free-for-all (806)
            opts = dataclasses.replace(
                opts, variant="two_player" if len(player_names) == 2 else "free_for_all")
        variant = get_variant(opts.variant or "two_player")
        if opts.mulligan is None:
            opts = dataclasses.replace(opts, mulligan=variant.default_mulligan)
        problem = variant.check_player_count(len(player_names)) or \
            variant.check_extra(len(player_names), opts.extra)
        if problem:
            raise IllegalAction(problem, variant.rule)
        super().__init__(player_names, seed, opts)
        for p in self.players:
            p.life = variant.starting_life_of(self, p.index)
        variant.configure(self)  # teams, variant zones (after all the state exists)

    # ------------------------------------------------------------ answers

    def apply(self, player: Any, action: Any) -> None:
        """Answer the pending decision: ``player`` a seat number or name, ``action`` an
        :class:`Action`.  Raises :class:`IllegalAction`, changing nothing (typed Any so
        that malformed answers reach those checks, compiled too)."""
        d = self.decision
        if d is None:
            raise IllegalAction("the game is over; there is nothing to decide" if self.over
                                else "no decision is pending")
        # (a seat number is the usual answer: checked here without a call)
        p = player if type(player) is int and 0 <= player < len(self.players) \
            else self.player_index(player)
        # an action the engine listed for this decision, answered as is (what agents do),
        # is well formed and legal: found by identity, it skips both checks below
        listed = isinstance(d, PriorityDecision) and d.lists(self, action)
        if not listed and type(action) is not Pass:  # (passing has no fields)
            bad = shape_problem(action, len(self.players))
            if bad:
                raise IllegalAction(bad)
        if isinstance(action, Concede):  # 104.3a: at any time, whoever decides
            concede(self, p)
            return
        if isinstance(action, Mulligan) and d.kind != "mulligan":
            # 103.4: mulligans are declared only as the game starts, each player in turn
            raise IllegalAction(
                f"{self.players[p].name} can't declare a mulligan now: " + (
                    "mulligans are declared only before the first turn" if self.game_started
                    else f"{self.players[d.player].name} must decide ({d.kind})"), "103.4")
        if p != d.by:
            if d.by != d.player:
                raise IllegalAction(
                    f"{self.players[p].name} can't act now: {self.players[d.by].name} "
                    f"controls {self.players[d.player].name} and makes their decisions "
                    f"({d.kind})", "714.5")
            raise IllegalAction(
                f"{self.players[p].name} can't act now: {self.players[d.player].name} must "
                f"decide ({d.kind})", d.rule or "116.1")
        if not listed:
            unseen = unseen_reference(self, p, action)
            if unseen is None:
                d.validate(self, action)
            else:
                try:
                    d.validate(self, action)  # (legal: a revealed card the decision lists)
                except IllegalAction as e:  # the rule that refuses it, no word of the card
                    raise IllegalAction(
                        f"{action.verb}: {describe_unseen(self, unseen)} is hidden from "
                        f"{self.players[p].name}; it can't be named in this answer",
                        e.rule or "400.2") from None
        if d.resume[0] is resume_marker:  # a choice made in the middle of an event:
            self.history.append((p, action))  # re-run the interrupted answer with it
            interrupted_choice_made(self, action)
            return
        self.rerun_root = None
        if choice_possible(self):
            # a choice may come up in the middle of an event while this answer runs (616.1,
            # 903.9): keep a state before it, to re-run the answer once it is made
            self.rerun_root = (self._rerun_point(), p, action, ())
        else:
            self._rerun_base = None
        self.answer(p, action)

    def _rerun_point(self) -> GameState:
        """A copy of the state from before this answer or from a few answers earlier
        (copying is dear: one is shared by up to ``RERUN_EVERY`` answers, which
        :func:`~manastack.engine.rerun.ask_interrupted` runs again from it when a choice comes up).  A new
        one is taken when the state changed other than by the answers run from it (a
        concession, a test setting it up)."""
        base = self._rerun_base
        if base is None or len(self._rerun_log) >= rerun.RERUN_EVERY or \
                self._rerun_at != (self.version, len(self.history)):
            base = self._rerun_base = self.copy()
            self._rerun_log = []
        return base

    def answer(self, p: int, action: Action, record: bool = True) -> None:
        """Record (unless re-running it) and carry out an answer to the pending decision
        (already validated)."""
        d = self.decision
        assert d is not None
        if record:
            self.history.append((p, action))
        self.decision = None
        fn, args = d.resume
        try:
            call_with(fn, self, action, args)
            self.run()
        except ChoiceNeeded as need:
            ask_interrupted(self, need)
            return
        base = self._rerun_base
        if base is not None:
            if self.rerun_root is not None and self.rerun_root[0] is base:
                self._rerun_log.append((p, action, self.midrun_answers))
                self._rerun_at = (self.version, len(self.history))
            else:
                self._rerun_base = None
        self.rerun_root = None

    def run_rerunnable(self) -> None:
        """:meth:`run`, keeping a re-run point like an answer does (:meth:`apply`), so that
        a choice in the middle of an event (616.1, 903.9) can be asked before the first
        decision too (a game set up in a position, e.g. a scenario)."""
        self.rerun_root = (self.copy(), -1, None, ()) if choice_possible(self) else None
        try:
            self.run()
        except ChoiceNeeded as need:
            ask_interrupted(self, need)
            return
        self.rerun_root = None

    def _blank_copy(self) -> GameState:
        return Game([p.name for p in self.players], self.seed, self.options, self._rng)

    def restore(self, snapshot: GameState) -> None:
        """Become a copy of ``snapshot`` (taken by :meth:`copy`); listeners are kept."""
        listeners = self.listeners
        self._take_attributes(snapshot.copy(), lambda v: v)
        self.listeners = listeners

    def observe(self, player: Any) -> dict[str, Any]:
        """What ``player`` (a seat or a name; :data:`SPECTATOR`, None, for a spectator)
        may see: no hidden card leaks (CR 400.2).  Anything else is refused
        (:meth:`viewer_index`)."""
        return observe(self, self.viewer_index(player))

    def log_for(self, player: Any) -> list[ev.Event]:
        """The log as ``player`` (a seat or a name; :data:`SPECTATOR`, None, for a
        spectator) may see it: the events that name a card in a hidden zone are shown
        unnamed to the others (400.2, 406.3); :attr:`log` is the full, omniscient record."""
        return ev.view_log(self.log, self.viewer_index(player))

    def state_hash(self) -> str:
        """A stable digest of the visible and hidden state, for determinism checks."""
        return state_fingerprint(self)

    # ------------------------------------------------------------ what the state asks

    def decider_of(self, player: int) -> int:
        return controlling_player(self, player)

    def end_mandatory_loop(self) -> bool:
        looping = loop_objects(self)
        if looping is None:
            return False
        mandatory_loop(self, looping)
        return True

    def priority_actions(self, player: int) -> list[Action]:
        return casting.listed_priority_actions(self, player)

    def check_priority_action(self, player: int, action: Action) -> None:
        casting.check_priority_action(self, player, action)

    def action_text(self, action: Action, player: Any = None) -> str:
        from manastack.engine.notation import action_text
        return action_text(self, action, player)

    def forget_made_actions(self) -> None:
        casting.forget_made_actions()

    def _check_event(self, e: ev.Event) -> None:
        triggers.check_event(self, e)

    def _find_watched_kinds(self) -> frozenset[str] | None:
        return triggers.watched_kinds(self)

    def _end_lapsed_effects(self) -> None:
        end_lapsed_effects(self)

    def _note_controllers(self) -> None:
        control_changes.note_controllers(self)

    def _compute_battlefield(self) -> dict[int, Characteristics]:
        return layers.compute_battlefield(self)

    def _view_after_moves(self, moves: list[tuple[int, GameObject]]
                          ) -> dict[int, Characteristics] | None:
        return layers.view_after_moves(self, moves)

    def _compute_single(self, obj: GameObject) -> Characteristics:
        return layers.compute_single(self, obj)

    def _single_reads(self, obj: GameObject) -> frozenset[str]:
        return layers.single_reads(self, obj)

    def opponents(self, player: int) -> list[int]:
        me = self.players[player]
        variant = variant_of(self)
        return [p.index for p in self.players
                if p.index != player and p.in_game and p.team != me.team
                and variant.in_range(self, player, p.index)]

    def active_players(self) -> list[int]:
        return variant_of(self).active_players(self)

    def is_active(self, player: int) -> bool:
        return player == self.active_player or player in variant_of(self).active_players(self)

    def apnap(self) -> list[int]:
        return variant_of(self).apnap_order(self)

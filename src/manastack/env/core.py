"""The environment's engine side, shared by the PettingZoo and the Gymnasium
environments: a game set up from decks, a variant and a seed; the sub-decisions of its
pending decision (:class:`~manastack.env.actions.ActionTree`) with forced ones taken;
rewards at the end (+1 a winner, -1 a loser, 0 a draw or a game stopped unfinished; a
team's players share their team's result, CR 810.1, 104.3a).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any

from manastack.engine import Game, new_game
from manastack.env.actions import ActionTree, Step, items_are_numbers, option_features
from manastack.env.board_rows import KeptBoard
from manastack.env.config import N_MAX_STEPS, PLAYER_NAMES, EnvConfigError, game_setup
from manastack.env.observations import card_names
from manastack.game.decisions import Action, PriorityDecision

__all__ = ["N_MAX_STEPS", "PLAYER_NAMES", "EnvConfigError", "EnvCore", "game_setup"]


#: Option -> its feature row and the row packed as int32.
_RowMemo = dict[Step, tuple[list[int], bytes]]


def _packed(row: list[int]) -> tuple[list[int], bytes]:
    return row, array("i", row).tobytes()


class EnvCore:
    """A game and its pending sub-decision; ``reset`` deals a new game."""

    def __init__(self, decks: Sequence[Any] | None = None, variant: str | None = None,
                 players: int | None = None, options: dict[str, Any] | None = None,
                 game: Game | None = None, rng: random.Random | None = None) -> None:
        """``game``: the game to go on with (set up from the same arguments), instead of
        one dealt from seed 0; ``rng``: the generator of the engine's own random answers."""
        self.decks = decks
        self.variant = variant
        self.n_players_arg = players
        self.options = options
        if game is None:
            decks0, opts = game_setup(decks, variant, players, 0, options)
            game = new_game(list(PLAYER_NAMES[:len(decks0)]), decks0, 0, opts)
        self.n_players = len(game.players)
        self.variant_name = game.options.variant or "two_player"
        self.game: Game = game
        self.tree: ActionTree | None = None
        self.rng = rng if rng is not None else random.Random(0)
        self._rows: list[list[int]] | None = None
        self._numbers = False
        #: Per viewer, feature rows of options already seen, valid for one game, wide
        #: version of its change journal and kind of items (the key kept with them): an
        #: option's row reads only objects' ids, names and face-down status, which change
        #: only by wide changes.
        self._row_memos: dict[int, tuple[tuple[Any, ...], _RowMemo]] = {}
        self._table = b""
        #: Per player, the graveyard's ids, their observation rows and the wide version
        #: they were last found the same at (observations.encode).
        self.graveyard_rows: dict[int, tuple[tuple[int, ...], array[int], int]] = {}
        #: Per player, the battlefield's observation rows as last made (board_rows.py).
        self.battlefield_rows: dict[int, KeptBoard] = {}
        #: Per player, their hand's ids and observation rows (observations.encode).
        self.hand_rows: dict[int, tuple[tuple[int, ...], array[int]]] = {}

    def determinized(self, seat: int, rng: random.Random) -> EnvCore:
        """A copy in which everything ``seat`` can't see is dealt again with ``rng``
        (:func:`~manastack.engine.determinization.determinize`), at the same sub-decision
        (the steps chosen so far taken again).  Determinise at ``seat``'s decision."""
        from manastack.engine.determinization import determinize

        game = determinize(self.game, seat, rng)
        new = EnvCore(self.decks, self.variant, self.n_players_arg, self.options, game,
                      random.Random(rng.getrandbits(64)))
        new._numbers = self._numbers
        if self.tree is not None and new.game.decision is not None:
            new.tree = ActionTree(new.game.decision.legal_actions(new.game))
            for step in self.tree.chosen:
                new.tree.take(step)
            new.tree.page = self.tree.page
        return new

    def reset(self, seed: int) -> None:
        """A new game dealt from ``seed``, run to the first sub-decision with a choice."""
        decks, opts = game_setup(self.decks, self.variant, self.n_players_arg, seed,
                                 self.options)
        self.game = new_game(list(PLAYER_NAMES[:self.n_players]), decks, seed, opts)
        self.rng = random.Random(seed)
        self.tree = None
        self.graveyard_rows = {}
        self.battlefield_rows = {}
        self.hand_rows = {}
        self.advance()

    # -- sub-decisions -------------------------------------------------------------------

    @property
    def decider(self) -> int | None:
        """The seat that must choose now (None when the game is over)."""
        d = self.game.decision
        return None if d is None or self.game.over else d.by

    def advance(self) -> None:
        """Take forced sub-decisions (one option) until a seat has a choice or the game
        ends."""
        game = self.game
        self._rows = None
        while game.decision is not None and not game.over:
            if self.tree is None:
                d = game.decision
                # (a priority's kept list, not copied: the tree copies what it keeps)
                acts = d.listed_actions(game) if isinstance(d, PriorityDecision) else \
                    d.legal_actions(game)
                if not acts:  # (no listed answer: the engine's own random one)
                    game.apply(game.decision.by, game.decision.sample(game, self.rng))
                    continue
                if len(acts) == 1:  # forced: each of its sub-decisions has one option
                    game.apply(game.decision.by, acts[0])
                    continue
                self.tree = ActionTree(acts)
                self._numbers = items_are_numbers(game)
            if len(self.tree.options) > 1:
                return
            self._take(0)

    def _take(self, index: int) -> None:
        assert self.tree is not None
        action = self.tree.choose(index)
        if action is not None:
            self.tree = None
            self.game.apply(self.game.decision.by, action)  # type: ignore[union-attr]

    def n_options(self) -> int:
        return 0 if self.tree is None or self.decider is None else len(self.tree.options)

    def choose(self, index: int) -> None:
        """Take option ``index`` of the pending sub-decision (valid), then advance."""
        self._take(index)
        self.advance()

    def features(self, step: Step, viewer: int) -> list[int]:
        return option_features(self.game, step, viewer, card_names(), self._numbers)

    def option_rows(self, viewer: int) -> list[list[int]]:
        """The feature rows of the options offered now (to the decider)."""
        if self._rows is None:
            self._list_rows(viewer)
        assert self._rows is not None
        return self._rows

    def option_table(self, viewer: int) -> bytes:
        """:meth:`option_rows` as one native int64 array's bytes (the observation's
        ``action_features`` rows)."""
        if self._rows is None:
            self._list_rows(viewer)
        return self._table

    def _list_rows(self, viewer: int) -> None:
        tree = self.tree
        if tree is None:
            self._rows, self._table = [], b""
            return
        game = self.game
        key = (game, game.wide_version, self._numbers)
        kept = self._row_memos.get(viewer)
        if kept is None or kept[0] != key:
            kept = self._row_memos[viewer] = (key, {})
        memo = kept[1]
        rows = []
        packed = []
        for step in tree.options:
            try:
                row = memo.get(step)
            except TypeError:  # (a step holding an unhashable value: not kept)
                row = _packed(self.features(step, viewer))
            else:
                if row is None:
                    row = memo[step] = _packed(self.features(step, viewer))
            rows.append(row[0])
            packed.append(row[1])
        self._rows = rows
        self._table = b"".join(packed)

    def option_actions(self) -> list[list[Action]]:
        """For each option, the legal actions it can still become."""
        tree = self.tree
        return [] if tree is None else [tree.leads_to(s) for s in tree.options]

    # -- results ---------------------------------------------------------------------------

    def result(self, seat: int) -> float:
        """+1 if ``seat``'s team won, -1 if it lost (the game is over, or the seat is out of
        the game), 0 for a draw or a game stopped unfinished."""
        game = self.game
        p = game.players[seat]
        if game.over and not game.stopped and game.winner is not None:
            winners = {q.team for q in game.players if q.won}
            winners.add(game.players[game.winner].team)
            return 1.0 if p.team in winners else -1.0
        if not p.in_game and not p.won:
            return -1.0
        return 0.0

    def out(self, seat: int) -> bool:
        """Is ``seat`` out of the game (lost, or left it) while it goes on?"""
        return not self.game.players[seat].in_game

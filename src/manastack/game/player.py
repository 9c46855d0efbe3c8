"""Players (CR 102): life, poison, mana pool, their zones and per-turn counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from manastack.copying import dup
from manastack.game.mana import ManaPool


@dataclass(slots=True)
class Player:
    """A player and the zones they own (CR 400.2).

    Zones are lists of object ids.  ``library[-1]`` is the top card; ``hand``
    and ``graveyard`` keep arrival order (``graveyard[-1]`` is the top).
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        """A copy holding copies of this player's zones and mana pool (every other field
        is a number, a string or a bool)."""
        new = Player(self.index, self.name, self.life, self.poison,
                     dup(self.mana_pool, memo), dup(self.library, memo),
                     dup(self.hand, memo), dup(self.graveyard, memo), self.lands_played,
                     self.land_plays, self.max_hand_size, self.lost, self.won,
                     self.left_game, self.drew_from_empty, self.team,
                     self.life_gained_this_turn, self.life_lost_this_turn,
                     self.damaged_this_turn, self.mulligans, self.kept, self.mulligan_penalty,
                     dup(self.mulligan_exiled, memo), self.spells_cast)
        memo[id(self)] = new
        return new

    index: int
    name: str
    life: int = 20
    poison: int = 0
    mana_pool: ManaPool = field(default_factory=ManaPool)
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    lands_played: int = 0
    #: Lands this player may play each turn (CR 305.2); effects add to it.
    land_plays: int = 1
    max_hand_size: int | None = 7
    lost: bool = False
    won: bool = False
    left_game: bool = False
    #: Drew from an empty library since the last SBA check (CR 704.5b).
    drew_from_empty: bool = False
    #: Cannot lose the game (Platinum Angel) is checked through static abilities.
    team: int = 0
    #: Life gained/lost this turn (for cards that count it).
    life_gained_this_turn: int = 0
    life_lost_this_turn: int = 0
    #: Damage dealt to this player this turn by sources (bloodthirst, CR 702.53).
    damaged_this_turn: bool = False
    mulligans: int = 0
    #: Kept an opening hand (CR 103.4).
    kept: bool = False
    #: Mulligans that cost a card (all but a free multiplayer one, 103.4b).
    mulligan_penalty: int = 0
    #: Cards exiled by the Commander mulligan, shuffled back after keeping (103.4d).
    mulligan_exiled: list[int] = field(default_factory=list)
    #: Spells cast this game (Chancellor of the Annex: "their first spell of the game").
    spells_cast: int = 0

    @property
    def in_game(self) -> bool:
        return not (self.lost or self.left_game)

    def __repr__(self) -> str:
        return f"<Player {self.name}>"

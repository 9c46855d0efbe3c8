"""The state of one combat phase (CR 506): who attacks what, who blocks whom, blocked
status and damage assignment orders (509.2, 509.3); the rules that fill it in are
:mod:`manastack.rules.combat`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from manastack.copying import deepcopy_fields
from manastack.game.objects import PlayerRef, Ref
from manastack.lines import Items, say

if TYPE_CHECKING:
    from manastack.game.state import GameState


@dataclass
class Combat:
    """The state of one combat phase (CR 506)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Combat:
        return deepcopy_fields(self, memo)

    attacking_player: int
    defending_players: list[int] = field(default_factory=list)
    #: attacker id -> the player or planeswalker it attacks (508.1b)
    attackers: dict[int, Ref] = field(default_factory=dict)
    #: blocker id -> attackers it blocks, in its damage assignment order (509.3)
    blockers: dict[int, list[int]] = field(default_factory=dict)
    #: attacker id -> blockers in its damage assignment order (509.2)
    blocked_by: dict[int, list[int]] = field(default_factory=dict)
    #: attackers that became blocked; stays true when blockers leave (509.1h)
    blocked: set[int] = field(default_factory=set)
    declared: bool = False
    blockers_declared: bool = False
    #: creatures that had first or double strike at the first damage step (510.4)
    first_strikers: set[int] = field(default_factory=set)
    first_strike_step_done: bool = False
    #: controller of each creature when it became attacking/blocking (506.4)
    controllers: dict[int, int] = field(default_factory=dict)
    #: attacking bands (702.21c); each a set of attacker ids
    bands: list[set[int]] = field(default_factory=list)
    #: The player declaring attackers or blockers now, when several do in turn (802.4,
    #: 805.10b/d); None: the active player / the only defending player.
    declarer: int | None = None
    #: Declarations already made by the players before ``declarer`` this step.
    pending_attacks: tuple[tuple[int, Ref], ...] = ()
    pending_blocks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: Players still to declare after ``declarer``.
    later_declarers: tuple[int, ...] = ()

    def __init__(self, attacking_player: int, defending_players: list[int] | None = None,
                 attackers: dict[int, Ref] | None = None,
                 blockers: dict[int, list[int]] | None = None,
                 blocked_by: dict[int, list[int]] | None = None,
                 blocked: set[int] | None = None, declared: bool = False,
                 blockers_declared: bool = False, first_strikers: set[int] | None = None,
                 first_strike_step_done: bool = False,
                 controllers: dict[int, int] | None = None,
                 bands: list[set[int]] | None = None, declarer: int | None = None,
                 pending_attacks: tuple[tuple[int, Ref], ...] = (),
                 pending_blocks: tuple[tuple[int, tuple[int, ...]], ...] = (),
                 later_declarers: tuple[int, ...] = ()) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.attacking_player = attacking_player
        self.defending_players = [] if defending_players is None else defending_players
        self.attackers = {} if attackers is None else attackers
        self.blockers = {} if blockers is None else blockers
        self.blocked_by = {} if blocked_by is None else blocked_by
        self.blocked = set() if blocked is None else blocked
        self.declared = declared
        self.blockers_declared = blockers_declared
        self.first_strikers = set() if first_strikers is None else first_strikers
        self.first_strike_step_done = first_strike_step_done
        self.controllers = {} if controllers is None else controllers
        self.bands = [] if bands is None else bands
        self.declarer = declarer
        self.pending_attacks = pending_attacks
        self.pending_blocks = pending_blocks
        self.later_declarers = later_declarers

    def band_of(self, oid: int) -> set[int]:
        for b in self.bands:
            if oid in b:
                return b
        return {oid}

    @staticmethod
    def _leave_order(game: GameState, order: list[int], oid: int, owner: int, rule: str) -> None:
        """509.2a / 509.3a: a creature removed from combat leaves the damage assignment
        order it was in; the others keep their relative order (noted during the declare
        blockers step, where the rules speak of it)."""
        order.remove(oid)
        if order and game.step is not None and game.step.name == "declare_blockers":
            game.note(rule, say("{card} leaves {owner}'s damage assignment order: {order}",
                                "{card} quitte l'ordre d'assignation des blessures "
                                "{owner:de} : {order}", card=game.named(oid),
                                owner=game.named(owner),
                                order=Items(game.named(x) for x in order)))

    def remove(self, game: GameState, oid: int, quiet: bool = False, rule: str = "506.4",
               attacked: bool = True) -> None:
        """Remove a creature or planeswalker from combat (CR 506.4); with ``attacked=False``
        a planeswalker still being attacked stays so, and only stops attacking or blocking
        (506.4d)."""
        was = oid in self.attackers or oid in self.blockers
        for band in self.bands:
            band.discard(oid)  # 702.21f
        if oid in self.attackers:
            del self.attackers[oid]
            for b in self.blocked_by.pop(oid, []):
                if b in self.blockers and oid in self.blockers[b]:
                    self._leave_order(game, self.blockers[b], oid, b, "509.3a")
        if oid in self.blockers:
            for a in self.blockers.pop(oid):
                if a in self.blocked_by and oid in self.blocked_by[a]:
                    self._leave_order(game, self.blocked_by[a], oid, a, "509.2a")
        for a, tgt in list(self.attackers.items()):
            if attacked and tgt == oid:
                self.attackers[a] = PlayerRef(-1)  # attacks a planeswalker that's gone
        if was and not quiet:
            game.note(rule, say("{card} is removed from combat", "{card} est retiré du combat",
                                card=game.named(oid)))
        game.changed("combat")

"""Putting a game in any position: players, cards in zones, turn and step.

Used by tests and the scenario runner.  Permanents put onto the battlefield
here are "simply there": nothing enters, nothing triggers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from manastack.cards.dsl import CardDef
from manastack.engine import Game
from manastack.game.mana import ManaPool
from manastack.game.objects import GameObject, Zone
from manastack.game.state import GameOptions
from manastack.game.turn import STEP_NAMES, StepInfo
from manastack.rules.turn import begin_step, next_step, normal_turn_plan, skipped


def setup_game(players: Sequence[str] = ("Alice", "Bob"), seed: int = 0,
               options: GameOptions | None = None, filler: str | None = "Plains",
               library_size: int = 40) -> Game:
    """An empty game; each library holds ``library_size`` copies of ``filler``."""
    game = Game(players, seed, options)
    game.first_turn_skips_draw = False
    if filler:
        for p in range(len(players)):
            for _ in range(library_size):
                put(game, p, Zone.LIBRARY, filler)
    return game


def put(game: Game, player: int, zone: str, card: str | CardDef, *, tapped: bool = False,
        sick: bool = False, controller: int | None = None, damage: int = 0,
        counters: dict[str, int] | None = None, position: str = "top",
        loyalty: int | None = None) -> GameObject:
    """Create a card in a zone (library ``top`` = drawn first)."""
    from manastack.cards.registry import get_card

    cdef = get_card(card) if isinstance(card, str) else card
    obj = game.create_object(cdef, player, zone, controller=controller, position=position)
    if zone == Zone.BATTLEFIELD:
        obj.tapped = tapped
        obj.damage = damage
        obj.control_since = game.turn_number if sick else -1
        if sick:
            obj.memory["_sick"] = True
        if cdef.loyalty is not None:
            obj.counters["loyalty"] = cdef.loyalty if loyalty is None else loyalty
        for k, v in (counters or {}).items():
            obj.counters[k] = obj.counters.get(k, 0) + v
    elif counters:
        obj.counters.update(counters)
    game.changed()
    return obj


def set_mana(game: Game, player: int, mana: str) -> None:
    game.players[player].mana_pool = ManaPool.parse(mana)


def start_at(game: Game, step: str = "precombat_main", turn: int = 1, active: int = 0,
             run: bool = True, **flags: Any) -> Game:
    """Begin turn ``turn`` of ``active`` at the beginning of ``step`` (before its TBAs)."""
    if step not in STEP_NAMES:
        raise ValueError(f"unknown step {step!r}")
    game.turn_number = turn
    game.active_player = active
    game.starting_player = active
    from manastack.variants import variant_of
    game.next_normal_player = variant_of(game).next_turn_player(game, active)
    game.turns_taken = {p.index: 1 for p in game.players}
    game.turn_began = {p: turn for p in game.active_players()}
    game.turn_flags = dict(flags)
    game.game_started = True
    for oid in game.battlefield:
        o = game.objects[oid]
        if isinstance(o, GameObject) and o.memory.pop("_sick", False):
            o.control_since = turn  # came under its controller's control this turn
    plan = normal_turn_plan(game)
    names = [s.name for s in plan]
    target = "main" if step in ("precombat_main", "postcombat_main") else step
    idx = names.index(target)
    if step == "postcombat_main":
        idx = len(names) - 1 - names[::-1].index("main")
    if STEP_NAMES.index(step) > STEP_NAMES.index("precombat_main"):
        game.turn_flags["main_phases"] = 1  # the precombat main phase is over (505.1a)
    if step == "combat_damage_2":
        idx = names.index("combat_damage")
    first: StepInfo = plan[idx]
    if step in ("precombat_main", "postcombat_main"):
        first.name = step
    game.turn_plan = plan[idx + 1:]
    if step in ("declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"):
        # the turn's first combat phase (506.1) has begun; at its beginning of combat step,
        # begin_step begins the phase itself (as it would from the precombat main phase)
        from manastack.rules.combat import begin_combat_phase
        game.combat_phases_this_turn = 1
        begin_combat_phase(game)
    game.push(_begin, first)
    if run:
        game.run()
    return game


def _begin(game: Game, step: StepInfo) -> None:
    if step.phase == "combat" and step.name != "beginning_of_combat":
        game.step = StepInfo("beginning_of_combat", "combat", step.phase_id)
    if skipped(game, step):
        # CR 614.1b, 500.10: a skipped step is proceeded past as though it
        # didn't exist, the position's first step too (Stasis skips the untap step,
        # Necropotence the draw step the position begins at)
        next_step(game)
        return
    begin_step(game, step)

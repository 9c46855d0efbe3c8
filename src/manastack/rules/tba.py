"""Turn-based actions (CR 703; seed 000, "Actions obligatoires du tour").

They happen automatically as steps begin, before state-based actions,
triggered abilities and priority (703.3), and use no stack.  Each one is
logged with its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack import log as ev
from manastack.events import Phased, Untapped
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import GameObject, IdKey
from manastack.lines import NOTHING, Card, Items, Line, say
from manastack.rules import (
    priority,  # (a cycle: priority imports this module)
    sba,
)
from manastack.rules.combat import ask_attackers, ask_blockers, begin_damage_step
from manastack.rules.effects_end import end_turn_effects
from manastack.rules.static import doesnt_untap
from manastack.rules.triggers import check_state_triggers
from manastack.rules.variant import variant_of
from manastack.rules.zones import discard, draw

if TYPE_CHECKING:
    from manastack.game.state import GameState
    from manastack.game.turn import StepInfo


def turn_based_actions(game: GameState, step: StepInfo) -> None:
    """The turn-based actions of a step that begins (703.4): most steps have none."""
    name = step.name
    if name in _NO_ACTIONS:
        return
    if name == "untap":
        phasing(game)
        untap(game)
    elif name == "draw":
        team = [p for p in game.active_players() if game.players[p].in_game]  # 800.4i
        for p in team:  # 805.4b / 805.6a: each player of the active team, in team order
            draw(game, p, 1, "504.1" if len(team) == 1 else "805.4b")
    elif name == "precombat_main":
        variant_of(game).precombat_main_actions(game)  # 703.4d (Archenemy)
    elif name == "beginning_of_combat":
        if game.players[game.active_player].in_game:  # 800.4i: no one chooses
            variant_of(game).choose_defending_player(game)
        elif game.combat is not None:
            game.combat.defending_players = []
        game.changed("combat")  # the defending players (a choice asked changes it again)
    elif name == "declare_attackers":
        ask_attackers(game)
    elif name == "declare_blockers":
        ask_blockers(game)
    elif name in ("combat_damage", "combat_damage_2"):
        if game.combat is not None and game.combat.attackers or \
                game.combat is not None and game.combat.blockers:
            begin_damage_step(game)
    elif name == "cleanup":
        cleanup(game)


#: Steps (and the postcombat main phase) without turn-based actions (703.4).
_NO_ACTIONS: Final = frozenset({"upkeep", "end_of_combat", "end", "postcombat_main"})


def phasing(game: GameState) -> None:
    """CR 502.1 / 702.25: phasing happens simultaneously, attachments phase with them."""
    aps = game.active_players()
    out: list[GameObject] = []
    back: list[GameObject] = []
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        if o.phased_out:
            if o.phased_out_controller in aps and not o.phased_indirectly:
                back.append(o)
        else:
            c = game.chars(o)  # (its controller too: game.controller of a permanent)
            if c.controller in aps and "phasing" in c.keywords and \
                    "can't phase out" not in c.flags:
                out.append(o)
    for o in out:
        _phase(game, o, True, False)
    for o in back:
        _phase(game, o, False, False)


def _phase(game: GameState, o: GameObject, out: bool, indirect: bool) -> None:
    ctrl = game.controller(o) if out else o.phased_out_controller
    if out:
        # 603.10b: "when this phases out" abilities look back in time, at the permanent
        # as it last existed on the battlefield.
        game.lki[o.id] = (o, game.chars(o))
        o.phased_out_controller = ctrl
        if game.combat is not None:
            game.combat.remove(game, o.id, rule="506.4")
    o.phased_out = out
    o.phased_indirectly = indirect and out
    game.changed()
    how = _INDIRECTLY if indirect else NOTHING
    game.emit_event(Phased("502.1" if not indirect else "702.25f",
                           say("{card} phases out{how}", "{card} quitte la phase{how}",
                    card=Card(o.id, o.name), how=how) if out else
                           say("{card} phases in{how}", "{card} intègre la phase{how}",
                    card=Card(o.id, o.name), how=how), game.turn_number,
                           object=o.id, phased_out=out))
    for oid in list(game.battlefield):
        a = game.objects[oid]
        if isinstance(a, GameObject) and a.attached_to == o.id and a.phased_out != out:
            if out or a.phased_indirectly:
                _phase(game, a, out, True)


#: How a permanent attached to a phasing one phases (702.25f).
_INDIRECTLY: Final[Line] = say(" (attached to a permanent phasing)",
                               " (attaché à un permanent qui change de phase)")


def untap(game: GameState) -> None:
    """CR 502.2: the active player untaps their permanents (effects may stop some)."""
    untapped = []
    aps = game.active_players()
    ap = aps[0]
    for o in [o for p in aps for o in game.permanents(p)]:  # 805.4: the active team
        if not o.tapped:
            continue
        src = doesnt_untap(game, o)
        if src:
            game.note("502.2", say("{card} doesn't untap ({src})", "{card} ne se dégage pas "
                                   "({src})", card=Card(o.id, o.name),
                                   src=sba.named_source(src)))
            continue
        untapped.append(o)
    for o in untapped:
        o.tapped = False
    if untapped:
        # (the permanents of the active player, or of the active team: anyone's then)
        game.changed("tapped", ap if len(aps) == 1 else None)
        cards = Items(Card(o.id, o.name) for o in untapped)
        game.emit_event(Untapped("502.2", say("{who} untaps {cards}", "{who} dégage {cards}",
                                              who=game.who(ap), cards=cards) if len(aps) == 1
                                 else say("{who} untap {cards}", "{who} dégagent {cards}",
                             who=Items((game.who(p) for p in aps), sep=(" and ", " et ")),
                             cards=cards), game.turn_number, objects=[o.id for o in untapped],
                             player=ap))


def cleanup(game: GameState, players: tuple[int, ...] | None = None) -> None:
    """CR 514.1: discard to maximum hand size (each player of the active team, 805.4);
    514.2: damage wears off, EOT effects end."""
    if players is None:
        players = tuple(p for p in game.active_players() if game.players[p].in_game)
    for i, ap in enumerate(players):
        p = game.players[ap]
        over = len(p.hand) - p.max_hand_size if p.max_hand_size is not None else 0
        if over > 0:
            game.ask(ChoiceDecision(ap, "discard", f"Discard {over} card(s) down to your "
                                    f"maximum hand size ({p.max_hand_size})",
                                    (_discarded, (ap, players[i + 1:])),
                                    rule="514.1", options=tuple(p.hand), min_count=over,
                                    max_count=over, purpose="discard to hand size"))
            return
    _cleanup_rest(game)


def _discarded(game: GameState, action: Any, ap: int | None = None,
               rest: tuple[int, ...] = ()) -> None:
    if ap is None:
        ap = game.active_player
    for oid in action.items:
        o = game.obj(oid)
        discard(game, ap, o, "514.1", cause=None,  # a game rule, no spell or ability
                verb=say("{who} discards {card} (maximum hand size)",
                         "{who} défausse {card} (taille maximale de la main)",
                         who=game.who(ap), card=Card(o.id, o.name)))
    if rest:
        cleanup(game, rest)
        return
    _cleanup_rest(game)


def _cleanup_rest(game: GameState) -> None:
    healed = []
    shields = False
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        if o.damage or o.deathtouch_damage:
            o.damage = 0
            o.deathtouch_damage = False
            healed.append(Card(o.id, o.name))
        if o.regeneration_shields:
            o.regeneration_shields = 0
            shields = True
    if healed or shields:
        game.changed()
    if healed:
        game.emit(ev.INFO, "514.2", say("Damage wears off: {cards}",
                                        "Les blessures disparaissent : {cards}",
                                        cards=Items(healed)))
    end_turn_effects(game)  # (a state change if an effect ends)
    # 514.3a: SBAs or triggers now -> players get priority, then another cleanup.  A
    # state trigger (603.8) may trigger on what the step changed (an effect that ended
    # gives a permanent back): it is checked here, as no player receives priority.
    performed = sba.perform(game)
    check_state_triggers(game)
    if performed or game.pending_triggers:
        game.push(priority.start_priority, game.active_player)

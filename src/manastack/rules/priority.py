"""Priority and the stack (CR 116, 405, 608).

Before a player would receive priority, state-based actions are checked
until none apply and waiting triggered abilities are put on the stack
(116.5).  When all players pass in succession, the top object of the stack
resolves, or, with an empty stack, the step or phase ends (116.4, 500.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack.events import Countered, PriorityPassed
from manastack.game.abilities import StaticAbility
from manastack.game.decisions import (
    Action,
    Activate,
    Cast,
    Pass,
    PlayLand,
    PriorityDecision,
    Special,
)
from manastack.game.objects import GameObject, StackAbility, Zone
from manastack.lines import NOTHING, Card, Line, Place, Who, say
from manastack.rules import casting, sba, turn  # turn imports this module: use turn.X
from manastack.rules.folding import unfolded
from manastack.rules.resolution import resolve
from manastack.rules.triggers import check_state_triggers, put_triggers_on_stack
from manastack.rules.variant import variant_of

if TYPE_CHECKING:
    from manastack.game.state import GameState


#: (Player, name) -> the text of receiving priority and the line of passing it, made once
#: per player (each priority round uses them; a line is immutable, so shared).
_PRIORITY_TEXTS: Final[dict[tuple[int, str], tuple[str, Line]]] = {}


def _priority_texts(player: int, name: str) -> tuple[str, Line]:
    texts = _PRIORITY_TEXTS.get((player, name))
    if texts is None:
        texts = _PRIORITY_TEXTS[player, name] = (
            f"{name} has priority", say("{who} passes priority", "{who} passe la priorité",
                                        who=Who(player, name)))
    return texts


def start_priority(game: GameState, player: int) -> None:
    """``player`` would receive priority: SBAs and triggers first (CR 116.5).  With the
    option ``pass_when_forced``, a player who can only pass passes without being asked;
    a player of the option ``fold_mana`` too when they could otherwise only activate mana
    abilities that the payment activates (:mod:`~manastack.rules.folding`)."""
    if game.over:
        return
    pl = game.players[player]
    if not pl.in_game:
        # 800.4a / 800.4i: a player who left the game doesn't receive priority; the next
        # player in turn order does (if all the others pass, the stack resolves or the
        # step ends: the passes are counted among the players still in the game)
        game.push(start_priority, variant_of(game).next_priority_player(game, player))
        return
    # (sba.check; its "nothing changed since a clean check" test made without a call)
    derived = game.derived
    if derived.sba_clean[0] != game.version and sba.check(game, player):
        return  # it scheduled start_priority again (and maybe asked a choice)
    if derived.watched is None or derived.watched_wide != game.wide_version or derived.check:
        # 603.8 (check_state_triggers's first test made without a call: no state trigger
        # while the kinds of event watched are known, kept for this wide version)
        check_state_triggers(game)
    if game.pending_triggers:
        game.push(start_priority, player)
        put_triggers_on_stack(game)
        return
    step = game.step
    if step is not None:
        step.had_priority = True
    game.lki_batch.clear()
    game.priority_player = player
    actions = None
    options = game.options
    if options.pass_when_forced:
        actions = casting.listed_priority_actions(game, player)
        left = unfolded(game, actions) if len(actions) > 1 and player in options.fold_mana \
            else actions
        if len(left) == 1 and type(left[0]) is Pass:  # (116.3d) answered at once
            on_priority(game, left[0], player)
            return
    # (a list just made goes with the decision: its answerer needn't look it up again)
    game.ask(PriorityDecision(player, "priority", _priority_texts(player, pl.name)[0],
                              (on_priority, (player,)), "116.3", -1, actions,
                              -1 if actions is None else game.version))


def on_priority(game: GameState, action: Action, player: int) -> None:
    """Apply a priority action (already validated)."""
    if isinstance(action, Pass):
        game.passes += 1
        game.emit_event(PriorityPassed("116.3d",
                                       _priority_texts(player, game.players[player].name)[1],
                                       game.turn_number, player))
        passes = game.passes
        # (every seat passed: no need to count those still in the game)
        if passes >= len(game.players) or passes >= game.living_count():
            game.passes = 0
            if game.stack:
                game.push(resolve_top)
            else:
                game.push(turn.end_step)
        else:
            game.push(start_priority, variant_of(game).next_priority_player(game, player))
        return
    game.passes = 0
    game.push(start_priority, player)  # 116.3c: the player receives priority again
    if isinstance(action, PlayLand):
        casting.play_land(game, player, action)
    elif isinstance(action, Cast):
        casting.cast_spell(game, player, action)
    elif isinstance(action, Activate):
        casting.activate_ability(game, player, action)
    elif isinstance(action, Special):  # 115.2: a variant's special action
        variant_of(game).perform_special_action(game, player, action)
    else:  # pragma: no cover - validated before
        raise AssertionError(action)


def resolve_top(game: GameState) -> None:
    """Resolve the top object of the stack (CR 608); then the active player gets priority."""
    oid = game.stack[-1]
    game.push(start_priority, game.active_player)  # 116.3b
    resolve(game, oid)


def counter(game: GameState, oid: int, rule: str = "701.5a", why: Line = NOTHING,
            by_rules: bool = False, by: int | None = None) -> None:
    """Counter a spell or ability: remove it from the stack (CR 701.5).  ``why`` ends the
    line "X is countered" (" by Cancel").

    ``by_rules`` is for the game rules removing it (608.2b), which "can't be countered"
    doesn't stop.  ``by`` is the spell or ability countering it, for effects such as "can't
    be countered by blue or black spells" (the ``cant_be_countered_by`` hook, 101.2)."""
    from manastack.rules.zones import move

    o = game.objects.get(oid)
    if o is None or oid not in game.stack:
        return
    if not by_rules and isinstance(o, GameObject) and any(
            isinstance(ab, StaticAbility) and ab.rule == "cant_be_countered"
            for ab in o.card.abilities):
        game.note("101.2", say("{card} can't be countered", "{card} ne peut pas être "
                               "contrecarré", card=Card(o.id, o.name)))
        return
    if not by_rules and by is not None:
        from manastack.rules.static import forbids
        who = forbids(game, "cant_be_countered_by", o, by)
        if who:
            game.note("101.2", say("{card} can't be countered by {by} ({src})",
                                   "{card} ne peut pas être contrecarré par {by} ({src})",
                                   card=Card(o.id, o.name), by=game.named(by),
                                   src=sba.named_source(who)))
            return
    if isinstance(o, StackAbility):
        from manastack.rules.triggers import left_stack
        game.stack.remove(oid)
        del game.objects[oid]
        game.changed()
        left_stack(game, o)
        game.emit_event(Countered(rule, _countered(o.id, o.name, why), game.turn_number,
                                  object=oid))
        return
    assert isinstance(o, GameObject)
    game.emit_event(Countered(rule, _countered(o.id, o.name, why), game.turn_number, object=oid,
                              controller=o.controller))
    move(game, o, Zone.GRAVEYARD, rule, verb=say(
        "{card} is put into {zone}", "{card} est mis {zone:à}", card=Card(o.id, o.name),
        zone=Place(Zone.GRAVEYARD, game.who(o.owner))))


def _countered(oid: int, name: str, why: Line) -> Line:
    """"X is countered" and ``why`` (" by Cancel")."""
    return say("{card} is countered{why}", "{card} est contrecarré{why}", card=Card(oid, name),
               why=sba.line_of(why))


def priority_summary(game: GameState) -> dict[str, Any]:
    return {"player": game.priority_player, "passes": game.passes,
            "stack": [game.name_of(o) for o in game.stack]}

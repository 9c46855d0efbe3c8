"""Rule hooks of static abilities (CR 604): "can't attack", "skip your untap step", ...

Static abilities with a ``rule`` name are read here by the rules that care.
Each hook's ``check`` refines whom it affects; its signature depends on the
hook (documented per function).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from manastack.copying import deepcopy_fields
from manastack.game.abilities import StaticAbility
from manastack.game.objects import GameObject, IdKey
from manastack.lines import TERMS, Card, Raw, Term, Word, say
from manastack.rules.effects_end import end_lapsed_effects
from manastack.rules.layers import LASTING_KINDS, Duration, duration_over

if TYPE_CHECKING:
    from manastack.game.state import GameState


def _all_hooks(game: GameState) -> dict[str, list[tuple[GameObject, StaticAbility]]]:
    out: dict[str, list[tuple[GameObject, StaticAbility]]] = {}
    ids: list[IdKey] = game.battlefield
    for oid in ids:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        if o.phased_out:
            continue
        for ab in game.chars(o).abilities:
            if isinstance(ab, StaticAbility) and ab.rule:
                out.setdefault(ab.rule, []).append((o, ab))
    for o in game.command_sources():  # 901.7, 902.7, 904.8
        for ab in o.card.abilities:
            if isinstance(ab, StaticAbility) and ab.rule and "command" in ab.zones:
                out.setdefault(ab.rule, []).append((o, ab))
    return out


_NO_HOOKS: Final[tuple[tuple[GameObject, StaticAbility], ...]] = ()


def hooks(game: GameState, rule: str) -> Sequence[tuple[GameObject, StaticAbility]]:
    """Phased-in permanents whose (current) static abilities carry the hook ``rule``
    (a list cached until the next state change: don't modify it)."""
    if not game.derived.hooks_may_exist(game):
        return _NO_HOOKS
    all_hooks: dict[str, list[tuple[GameObject, StaticAbility]]] | None = \
        game.derived.wide_get("static_hooks")
    if all_hooks is None:
        all_hooks = game.derived.wide_put("static_hooks", _all_hooks(game))
    return all_hooks.get(rule, _NO_HOOKS)


def skip_step_by_static(game: GameState, step: str, player: int) -> bool:
    """``skip_step``: check(game, source, step, player) -> bool (Stasis, CR 614.1b).

    With shared team turns a skip of any player of the active team skips the team's
    step (805.8: "that player's team does so"), so each of them is asked."""
    found = hooks(game, "skip_step")
    if not found:
        return False
    team = [player] + [p for p in game.active_players() if p != player]
    for src, ab in found:
        for who in team:
            if ab.check is not None and ab.check(game, src, step, who):
                rule = "614.1b" if who == player else "805.8"
                skipper = say("{who}", "{who}", who=game.who(who)) if who == player else \
                    say("{who}'s team", "L'équipe {who:de}", who=game.who(who))
                game.note(rule, say("{skipper} skips the {step} ({source})",
                                    "{skipper} passe {step:le} ({source})", skipper=skipper,
                                    step=_step(step), source=Card(src.id, src.name)))
                return True
    return False


def _step(step: str) -> Term | Word:
    """The step ``step`` (its name: "untap", "draw") as a line's argument: "untap step" /
    "étape de dégagement"."""
    if step not in TERMS:
        return Word(f"{step} step", f"l'étape {step}")
    if TERMS[step][0] == f"{step} step":
        return Term(step)
    return Word(f"{step} step", Term(step).text("fr", "le"))  # (a name with "_")


def doesnt_untap(game: GameState, obj: GameObject) -> str | None:
    """``doesnt_untap``: check(game, source, obj) -> bool; returns the source's name."""
    if "doesn't untap" in game.chars(obj).keywords:
        return obj.name
    for src, ab in hooks(game, "doesnt_untap"):
        if ab.check is None or ab.check(game, src, obj):
            return src.name
    return None


def forbids(game: GameState, rule: str, *args: object) -> str | None:
    """Generic yes/no hook: the name of a source whose ``rule`` hook applies (a static
    ability, or a rule effect of a resolved spell), or None."""
    for src, ab in hooks(game, rule):
        if ab.check is None or ab.check(game, src, *args):
            return src.name
    if game.rule_effects:
        for eff in rule_effects(game, rule):
            if eff.check(game, *args):
                return eff.text or eff.kind
    return None


def forbidder(game: GameState, rule: str, *args: object) -> Card | Raw | None:
    """:func:`forbids` as an argument of a line of the log: the source whose ``rule`` hook
    applies (a card), or the text of the rule effect (English text, as a card's), or
    None."""
    for src, ab in hooks(game, rule):
        if ab.check is None or ab.check(game, src, *args):
            return Card(src.id, src.name)
    if game.rule_effects:
        for eff in rule_effects(game, rule):
            if eff.check(game, *args):
                return Raw(eff.text or eff.kind)
    return None


@dataclass(eq=False)
class RuleEffect:
    """A continuous effect of a resolved spell or ability that changes a rule (613.10),
    e.g. "your opponents can't cast spells this turn" (Silence), "creatures that player
    controls attack Gideon Jura if able".

    ``check(game, *args)`` answers the hook's question; ``active_player`` limits it to that
    player's turns after it was created ("during target opponent's next turn")."""

    def __deepcopy__(self, memo: dict[int, Any]) -> RuleEffect:
        return deepcopy_fields(self, memo)

    kind: str
    check: Callable[..., Any]
    duration: Duration
    text: str = ""
    controller: int = 0
    active_player: int | None = None
    created_turn: int = 0


def add_rule_effect(game: GameState, eff: RuleEffect) -> None:
    """Start a rule-changing effect; one lasting "for as long as" something already over
    does nothing (611.2b)."""
    eff.created_turn = game.turn_number
    if eff.duration.kind in LASTING_KINDS and duration_over(game, eff.duration):
        return
    game.rule_effects.append(eff)
    game.changed()
    if eff.duration.kind in LASTING_KINDS:
        game.lasting = True
    end_lapsed_effects(game)


def rule_effects(game: GameState, kind: str) -> list[RuleEffect]:
    if not game.rule_effects:
        return []
    return [e for e in game.rule_effects if e.kind == kind and (
        e.active_player is None or (game.is_active(e.active_player)  # 805.4a
                                    and game.turn_number > e.created_turn))]


def cant_lose(game: GameState, player: int) -> str | None:
    """``cant_lose``: "You can't lose the game" (Platinum Angel, CR 104.3)."""
    return forbids(game, "cant_lose", player)

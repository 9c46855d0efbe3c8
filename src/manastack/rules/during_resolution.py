"""Playing a card while a spell or ability resolves (Wild Evocation, Djinn of Wishes).

An effect may let (or make) a player cast a card, or play a land card, as part of its
resolution:

* Casting follows 601.2a-i: the player chooses modes, X and targets and pays the total
  cost; the effect is what allows the spell to be cast now, so the card-type timing rules
  (302.1, 307.1...) don't apply (601.3; the card's text overrides them, 101.1); a
  restriction written on the spell itself ("cast only during combat") still does.
* "Without paying its mana cost" is an alternative cost (117.9): no other alternative cost
  can be used (117.9a), X is 0 (107.3b), additional costs and cost increases still apply
  (117.9d).  The spell is put on the stack on top of the resolving object, which then
  finishes resolving; nobody receives priority in between (116.2e).
* "Casts it ... if able" is mandatory when some cast is legal; when none is (no legal
  target, a "can't cast" effect, an unpayable additional cost) the card stays where it is
  (101.3).  Paying mana is never forced (117.3c: activating mana abilities isn't
  mandatory), so a cast that needs mana may be declined; so may one whose additional cost
  involves cards of a stated quality in a hidden zone (117.8c).
* Playing a land this way is the player's land play (305.2a): only during their turn
  (305.3) and with a land play available (305.2b).

The player answers a :class:`PlayCardDecision` (kind ``play_card``) with a ``Cast``
(``alt="free"`` for "without paying its mana cost"), a ``PlayLand``, or ``Pass`` when
they may decline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from manastack.errors import IllegalAction
from manastack.game.decisions import Action, Cast, Decision, Pass, PlayLand
from manastack.game.objects import GameObject
from manastack.lines import Card, say

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: ``then(game, outcome, *args)`` is called with ``cast``, ``played``, ``declined`` or
#: ``unable`` once the card was cast (its costs paid) or not.
Then = tuple[Any, tuple[Any, ...]]


def land_play_problem(game: GameState, player: int, o: GameObject) -> tuple[str, str] | None:
    """Why ``player`` can't play the land card ``o`` during a resolution (305.2b, 305.3)."""
    from manastack.rules.casting import land_plays

    if not game.chars(o).is_land:
        return (f"{o.name} isn't a land", "305.1")
    if not game.is_active(player):  # (805.4c: each player of the active team)
        return ("a land can't be played during another player's turn", "305.3")
    if game.players[player].lands_played >= land_plays(game, player):
        return ("no land play is available this turn", "305.2b")
    return None


@dataclass(eq=False)
class PlayCardDecision(Decision):
    """Cast (or play, if ``lands``) the card ``card`` now, during a resolution."""

    card: int = 0
    free: bool = False
    optional: bool = False
    lands: bool = False

    def _casts(self, game: GameState) -> list[Action]:
        from manastack.rules.casting import FREE, _cast_problem, _cast_variants, available_mana

        o = game.get(self.card)
        if o is None or game.chars(o).is_land:
            return []
        alt = FREE if self.free else ""
        acts = _cast_variants(game, self.player, o, available_mana(game, self.player), alt)
        return [a for a in acts if isinstance(a, Cast) and _cast_problem(
            game, self.player, a, resolving=self.card, free=self.free) is None]

    def _may_decline(self, game: GameState, casts: list[Action]) -> bool:
        from manastack.rules.casting import total_cost

        if self.optional or not casts:
            return True
        o = game.obj(self.card)
        sp = o.card.spell
        if sp is not None and sp.additional_cost is not None and sp.additional_cost.discard:
            return True  # 117.8c
        return all(not total_cost(game, o, a.x, a.modes, a.targets,  # 117.3c
                                  alt=a.alt).is_empty()
                   for a in casts if isinstance(a, Cast))

    def legal_actions(self, game: GameState) -> list[Action]:
        o = game.get(self.card)
        acts: list[Action] = []
        if o is not None and self.lands and game.chars(o).is_land:
            if land_play_problem(game, self.player, o) is None:
                acts.append(PlayLand(self.card))
        casts = self._casts(game)
        acts.extend(casts)
        if self._may_decline(game, casts) or not acts:
            acts.append(Pass())
        return acts

    def validate(self, game: GameState, action: Action) -> None:
        from manastack.rules.casting import _cast_problem

        o = game.get(self.card)
        if isinstance(action, Pass):
            casts = self._casts(game)
            if not self._may_decline(game, casts):
                raise IllegalAction(f"{o.name if o else 'the card'} must be cast: the "
                                    "effect says to cast it if able", "608.2c")
            return
        if isinstance(action, PlayLand):
            if action.card != self.card or o is None or not self.lands:
                raise IllegalAction("only the card the effect names can be played now",
                                    "305.1")
            bad = land_play_problem(game, self.player, o)
            if bad:
                raise IllegalAction(bad[0], bad[1])
            return
        if isinstance(action, Cast):
            bad = _cast_problem(game, self.player, action, resolving=self.card,
                                free=self.free)
            if bad:
                raise IllegalAction(bad[0], bad[1])
            return
        raise IllegalAction(f"{action} doesn't answer: {self.prompt}", self.rule)


def offer_play(game: GameState, player: int, card: int, then: Then, *, free: bool,
               optional: bool, lands: bool = False, prompt: str = "",
               rule: str = "608.2c") -> None:
    """Ask ``player`` to cast (or play) ``card`` now; ``then`` continues the resolution.
    When nothing is possible the card isn't cast and ``then`` gets ``unable``."""
    o = game.obj(card)
    d = PlayCardDecision(
        player, "play_card", prompt or f"Cast {o.name}"
        + (" without paying its mana cost" if free else "")
        + (" (or don't)" if optional else " if able"),
        (_answered, (player, then)), rule=rule, card=card, free=free, optional=optional,
        lands=lands)
    acts = d.legal_actions(game)
    if all(isinstance(a, Pass) for a in acts):
        why = say("it can't be played now", "il ne peut pas être joué maintenant") \
            if game.chars(o).is_land else \
            say("it can't be cast now", "il ne peut pas être lancé maintenant")
        game.note("101.3", say("{who} doesn't play {card}: {why}", "{who} ne joue pas {card} : "
                               "{why}", who=game.who(player), card=Card(o.id, o.name), why=why))
        fn, args = then
        fn(game, "unable", *args)
        return
    game.ask(d)


def _answered(game: GameState, action: Action, player: int, then: Then) -> None:
    from manastack.rules import casting

    fn, args = then
    if isinstance(action, Pass):
        game.push(fn, "declined", *args)
        return
    if isinstance(action, PlayLand):
        game.push(fn, "played", *args)
        game.note("305.2a", say("{who} plays a land while an ability resolves: it counts as "
                                "their land play for the turn",
                                "{who} joue un terrain pendant la résolution d'une capacité : "
                                "cela compte comme son terrain joué pour le tour",
                                who=game.who(player)))
        casting.play_land(game, player, action)
        return
    assert isinstance(action, Cast)
    game.push(fn, "cast", *args)
    casting.cast_spell(game, player, action)

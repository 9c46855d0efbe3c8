"""Playing whole games: agents and the game loop (the default decks: :mod:`manastack.data`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from manastack.data import DEFAULT_DECKS, default_deck, default_deck_names
from manastack.engine import Game, new_game
from manastack.engine.forced import only_answer
from manastack.game.decisions import Action
from manastack.game.state import GameOptions
from manastack.limits import MAX_DECISIONS
from manastack.lines import Raw, say
from manastack.reprs import brief

__all__ = ["DEFAULT_DECKS", "default_deck", "default_deck_names"]


class Agent(Protocol):
    """Answers the decisions of its player.  An agent may have a true ``fold_mana``
    attribute: it leaves {T} mana abilities to the payment, so a priority where it could
    only pass or activate those is answered for it (:func:`play_to_end`)."""

    def act(self, game: Game) -> Action: ...


def play_game(decks: Sequence[Sequence[str]], agents: Sequence[Agent], seed: int = 0,
              names: Sequence[str] = ("Alice", "Bob"), options: GameOptions | None = None,
              max_decisions: int = MAX_DECISIONS) -> Game:
    """Play a complete game; each agent answers its player's decisions.  A game still
    going after ``max_decisions`` answers is stopped unfinished (:func:`result_line`)."""
    return play_to_end(new_game(names, decks, seed, options), agents, max_decisions)


def passing_forced(agents: Sequence[Agent], options: GameOptions | None = None
                   ) -> GameOptions:
    """``options`` (the defaults when None) with the priorities forced for ``agents``
    passed by the engine itself (116.3d): ``pass_when_forced``, and ``fold_mana`` for the
    agents leaving {T} mana abilities to the payment.  :func:`play_to_end` plays the same
    game with them as without: the engine passes where the loop would answer the same
    way without waking the agent; only the decision log is shorter."""
    return replace(options or GameOptions(), pass_when_forced=True,
                   fold_mana=tuple(s for s, f in enumerate(_folds(agents)) if f))


def _folds(agents: Sequence[Agent]) -> list[bool]:
    """Whether each agent leaves {T} mana abilities to the payment (``fold_mana``)."""
    return [bool(getattr(a, "fold_mana", False)) for a in agents]


def play_to_end(game: Game, agents: Sequence[Agent],
                max_decisions: int = MAX_DECISIONS) -> Game:
    """Let ``agents`` (one per player) answer ``game``'s decisions, whoever must decide
    (``Decision.by``), until it ends or ``max_decisions`` answers were given (the game
    is then left unfinished, its decision pending).  A forced decision (one legal
    answer: :func:`~manastack.engine.forced.only_answer`, for an agent with a true
    ``fold_mana`` without counting the {T} mana abilities payment activates) is answered
    without waking the agent; it counts as an answer."""
    n = 0
    folds = _folds(agents)
    while game.decision is not None and n < max_decisions:
        by = game.decision.by
        forced = only_answer(game, folds[by])
        game.apply(by, agents[by].act(game) if forced is None else forced)
        n += 1
    return game


def result_line(game: Game, lang: str = "en") -> str:
    """The outcome in one line: ``Game over: <player> wins (turn N)``, a winning team's
    ``Game over: Alice and Carol win (turn N)``, or ``Game over: draw (turn N)`` for a
    draw the rules make (104.4a); a game that didn't end by the rules is
    ``Game stopped unfinished after N decisions (turn T)`` (the decision cap of
    :func:`play_game`, or a replay file that stops there) or
    ``Game stopped unfinished: the turn limit (N) was reached (turn T)`` (``max_turns``).
    In French with ``lang="fr"``."""
    turn = game.turn_number
    if not game.over:
        n = len(game.history)
        line = say("Game stopped unfinished after {n} decision{s} (turn {turn})",
                   "Partie arrêtée inachevée après {n} décision{s} (tour {turn})",
                   n=Raw(f"{n:,}"), s=Raw("s" * (n != 1)), turn=turn)
    elif game.winner is not None:
        from manastack.variants import variant_of

        winners = [p.index for p in game.players if p.won] or [game.winner]
        who = variant_of(game).result_who(game, winners)
        line = say("Game over: {who} wins (turn {turn})",
                   "Fin de la partie : {who} gagne (tour {turn})", who=who, turn=turn) \
            if len(winners) == 1 else \
            say("Game over: {who} win (turn {turn})",
                "Fin de la partie : {who} gagnent (tour {turn})", who=who, turn=turn)
    elif game.stopped:
        stop = game.stopped_line if game.stopped_line is not None else Raw(game.stopped)
        line = say("Game stopped unfinished: {why} (turn {turn})",
                   "Partie arrêtée inachevée : {why} (tour {turn})", why=stop, turn=turn)
    else:
        line = say("Game over: draw (turn {turn})", "Fin de la partie : match nul (tour {turn})",
                   turn=turn)
    return line.render(lang)


def replay_data(game: Game, texts: bool = True) -> dict[str, Any]:
    """Format + seed + options + decks + decisions: everything needed to replay the game
    (the replay file format, :mod:`manastack.replays`).  Each decision holds its answer
    in the action notation (``text``; the game is played again to write them,
    :func:`manastack.replays.decision_texts`; not with ``texts=False``) and in JSON."""
    from manastack.replays import REPLAY_FORMAT, decision_texts

    decisions: list[dict[str, Any]] = [{"player": p, "action": a.to_json()}
                                       for p, a in game.history]
    if texts:
        decisions = [{"player": d["player"], "text": t, "action": d["action"]}
                     for d, t in zip(decisions, decision_texts(game), strict=True)]
    return {"format": REPLAY_FORMAT, "seed": game.seed,
            "players": [p.name for p in game.players],
            "options": game.options.to_json(), "decks": game.deck_lists,
            "decisions": decisions}


def replay(data: Any) -> Game:
    """Rebuild a game from :func:`replay_data` output (byte-for-byte the same log).

    The file is checked first (:func:`manastack.replays.check_replay`: its format, its
    keys, the number of decisions and players), then the game is made by
    :func:`~manastack.engine.new_game` (the same checks as ``manastack play``: the
    limits on seeds, options and decks, the variant's deck checks).  Raises
    :class:`~manastack.errors.ManastackError`; a refused decision is an
    :class:`~manastack.errors.IllegalAction` naming its index and keeping its ``rule``.
    """
    from manastack.errors import IllegalAction, ManastackError
    from manastack.game.decisions import action_from_json
    from manastack.replays import check_replay

    check_replay(data)
    try:
        opts = GameOptions(**data.get("options", {}))
        game = new_game(data["players"], data["decks"], data["seed"], opts)
    except ManastackError:
        raise
    except (TypeError, ValueError, AttributeError) as e:
        raise ManastackError(f"not a replay: bad seed, players, decks or options "
                             f"({brief(e)})") from None
    for k, d in enumerate(data["decisions"]):
        try:
            player = d["player"]
            action = action_from_json(d["action"]) if "action" in d or "text" not in d \
                else None
            if "text" in d:
                action = _read_text(game, player, d["text"], action)
        except IllegalAction as e:
            raise _at_decision(k, e) from None
        except ManastackError as e:  # (a text that names nothing, or another action)
            raise ManastackError(f"decision {k}: {e}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise ManastackError(f"decision {k}: malformed entry {_short(d)} "
                                 f"({_short(e)})") from None
        try:
            game.apply(player, action)
        except IllegalAction as e:
            raise _at_decision(k, e) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError,
                OverflowError) as e:  # (a value the engine should have refused itself)
            raise ManastackError(f"decision {k}: refused {_short(d)} ({_short(e)})") from None
    return game


def _read_text(game: Game, player: Any, text: Any, action: Action | None) -> Action:
    """A decision's ``text`` read for ``game``'s pending decision as ``player`` sees it
    (docs/notation.md); with its ``action`` too, they must be the same answer."""
    from manastack.engine.notation import parse_action
    from manastack.errors import ManastackError

    if not isinstance(text, str):
        raise ManastackError(f"text must be a string, not {brief(text)}")
    if type(player) is not int and not isinstance(player, str):
        raise ManastackError(f"player must be a seat or a name, not {brief(player)}")
    read = parse_action(game, text, player)
    # (compared as JSON: compiled, ``!=`` between actions would compare identities, Action
    # itself defining no __eq__)
    if action is not None and read.to_json() != action.to_json():
        raise ManastackError(f"the text {_short(text, 80)} is {read.text(game, player)!r}, "
                             f"not its action {_short(action.to_json(), 80)}")
    return read


def _short(value: Any, width: int = 120) -> str:
    """:func:`~manastack.reprs.brief`, cut to ``width`` characters in all."""
    text = brief(value)
    return text if len(text) <= width else f"{text[:width - 3]}..."


def _at_decision(k: int, e: Any) -> Any:
    """``e`` (an IllegalAction) as the refusal of decision ``k``, with the same rule."""
    from manastack.errors import IllegalAction

    err = IllegalAction(f"decision {k}: {e}")
    err.rule = e.rule
    return err


def position_lines(game: Game, lang: str = "en") -> list[str]:
    """The position, every zone of every player as a judge sees it (the omniscient view):
    life and poison, the library's size, the cards in hand, graveyard and exile, the
    permanents with their state (tapped, damage, counters, what they are attached to),
    then the command zone and the stack, last in first."""
    from manastack.game.objects import GameObject
    from manastack.lines import Card, Items, Place, Who, Word

    def cards(ids: Sequence[int]) -> Any:
        return Items([Card(i, game.objects[i].name) for i in ids]) if ids \
            else Word("none", "aucune")

    def permanent(o: GameObject) -> Any:
        notes: list[Any] = []
        if o.tapped:
            notes.append(Word("tapped", "engagé"))
        if o.damage:
            notes.append(say("{n} damage", "{n} blessures", n=o.damage))
        for kind, n in sorted(o.counters.items()):
            if n:
                notes.append(say("{kind} x{n}", "{kind} x{n}", kind=Raw(kind), n=n))
        if o.attached_to is not None:
            notes.append(say("on {what}", "sur {what}", what=game.named(o.attached_to)))
        card = Card(o.id, o.name)
        return say("{card} ({notes})", "{card} ({notes})", card=card, notes=Items(notes)) \
            if notes else card

    out: list[str] = []
    for p in game.players:
        who = Who(p.index, p.name)
        perms = [permanent(o) for o in (game.objects[i] for i in game.battlefield)
                 if isinstance(o, GameObject) and game.controller(o) == p.index]
        exiled = [i for i in game.exile
                  if getattr(game.objects[i], "owner", None) == p.index]
        lines = [
            say("{who}: {life} life, {poison} poison, {lib} cards in library",
                "{who} : {life} points de vie, {poison} poison, {lib} cartes dans la "
                "bibliothèque", who=who, life=p.life, poison=p.poison, lib=len(p.library)),
            say("  {zone}: {cards}", "  {zone} : {cards}", zone=Place("hand", who),
                cards=cards(p.hand)),
            say("  {zone}: {cards}", "  {zone} : {cards}", zone=Place("graveyard", who),
                cards=cards(p.graveyard)),
            say("  {zone}: {cards}", "  {zone} : {cards}", zone=Place("exile", who),
                cards=cards(exiled)),
            say("  {zone}: {cards}", "  {zone} : {cards}", zone=Place("battlefield"),
                cards=Items(perms) if perms else Word("none", "aucune")),
        ]
        out.extend(line.render(lang) for line in lines)
    if game.command:  # emblems, commanders, schemes, planes, vanguards (408)
        out.append(say("{zone}: {cards}", "{zone} : {cards}", zone=Place("command"),
                       cards=cards(game.command)).render(lang))
    if game.stack:
        out.append(say("{zone}: {cards}", "{zone} : {cards}", zone=Place("stack"),
                       cards=cards(list(reversed(game.stack)))).render(lang))
    return out

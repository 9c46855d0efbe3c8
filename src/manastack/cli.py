"""The ``manastack`` command: play, replay, scenario, cards, deck."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from manastack.errors import IllegalAction, ManastackError

if TYPE_CHECKING:
    from manastack.game.state import Game
    from manastack.log import Event

PLAYER_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi")


def _variant_setup(args: argparse.Namespace) -> tuple[list[list[str]], list[str], Any]:
    """Decks, player names and options for ``play`` (``--variant``/``--players``)."""
    from manastack.errors import ManastackError
    from manastack.game.state import GameOptions
    from manastack.variants import get_variant, variant_names

    name = args.variant
    n = args.players
    if name is None:
        name = "two_player" if n in (None, 2) else "free_for_all"
    if name not in variant_names():
        raise ManastackError(f"unknown variant {name!r} (one of {', '.join(variant_names())})")
    variant = get_variant(name)
    if n is None:
        n = max(variant.min_players, min(4, variant.max_players))
    problem = variant.check_player_count(n)
    if problem:
        raise ManastackError(problem)
    decks, extra = variant.default_setup(n, args.seed)
    if args.deck:
        given = _load_decks(args.deck)
        decks = [given[i % len(given)] for i in range(n)]
    for item in args.option or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ManastackError(f"--option needs KEY=VALUE, not {item!r}")
        try:
            extra[key] = json.loads(value)
        except ValueError:
            extra[key] = value
    problem = variant.check_extra(n, extra)
    if problem:
        raise ManastackError(problem)
    variant.check_decks(decks, extra)
    opts = GameOptions(variant=name, mulligan=args.mulligan, max_turns=args.max_turns,
                       extra=extra)
    names = list(PLAYER_NAMES[:n]) if n <= len(PLAYER_NAMES) else [
        f"Player {i + 1}" for i in range(n)]
    return decks, names, opts


def _cmd_play(args: argparse.Namespace) -> int:
    from manastack.agents import RandomAgent
    from manastack.log import render_jsonl, render_text
    from manastack.play import play_game, replay_data, result_line

    decks, names, opts = _variant_setup(args)
    if args.save and Path(args.save).is_dir():  # (known before the game is played)
        raise ManastackError(f"{args.save}: can't write the replay file (it is a folder)")
    game = play_game(decks, [RandomAgent(args.seed * 2 + 1 + i) for i in range(len(names))],
                     seed=args.seed, names=names, options=opts)
    if not args.quiet:
        events = _log_view(game, args.view)
        print(render_jsonl(events) if args.json else render_text(events))
    if args.save:
        try:
            Path(args.save).write_text(json.dumps(replay_data(game), indent=1))
        except OSError as e:
            raise ManastackError(f"{args.save}: can't write the replay file ({e.strerror})") \
                from None
    print(result_line(game))
    return 0


def _load_decks(names: Sequence[str]) -> list[list[str]]:
    from manastack.cards.registry import is_implemented
    from manastack.decks import load_deck, validate_deck
    from manastack.play import default_deck

    decks = []
    for d in names:
        if Path(d).exists():
            deck = load_deck(d)
            # (the card database is asked, so that an unknown name gets a suggestion)
            validate_deck(deck, format="any", implemented=is_implemented)
            decks.append(deck.cards())  # the sideboard is set aside (103.1a)
        else:
            decks.append(default_deck(d))  # DeckError if it isn't a default deck either
    return decks


def _cmd_match(args: argparse.Namespace) -> int:
    from manastack.match import describe, play_match

    if args.games < 1:
        raise ManastackError(f"--games must be 1 or more, not {args.games}")
    decks = _load_decks([args.deck_a, args.deck_b])
    res = play_match(decks, games=args.games, seed=args.seed)
    for line in describe(res, ("Alice", "Bob")):
        print(line)
    return 0


def _log_view(game: Game, view: str | None) -> list[Event]:
    """The log as ``--as VIEWER`` sees it (400.2): a player's name or seat number, or
    ``spectator``; without ``--as``, the full record (hidden cards included)."""
    if view is None:
        return game.log
    if view.lower() == "spectator":
        return game.log_for(None)
    try:
        return game.log_for(game.player_index(int(view) if view.isdigit() else view))
    except IllegalAction:
        names = ", ".join(p.name for p in game.players)
        raise ManastackError(f"--as {view}: no such player (one of: {names}, a seat number "
                             "from 0, or spectator)") from None


def _cmd_replay(args: argparse.Namespace) -> int:
    from manastack.log import render_jsonl, render_text
    from manastack.play import replay, result_line

    try:
        data = json.loads(Path(args.file).read_text())
    except OSError as e:
        raise ManastackError(f"{args.file}: can't read the replay file ({e.strerror})") from None
    except ValueError as e:
        raise ManastackError(f"{args.file}: not a replay file (invalid JSON: {e})") from None
    try:
        game = replay(data)
    except ManastackError as e:
        raise ManastackError(f"{args.file}: {e}") from None
    events = _log_view(game, args.view)
    print(render_jsonl(events) if args.json else render_text(events))
    print(result_line(game) if game.over else "Game in progress")
    return 0


def _cmd_cards(args: argparse.Namespace) -> int:
    from manastack.cards.database import card_data, cards_in_set
    from manastack.cards.registry import is_implemented, lookup

    if args.cards_cmd == "list":
        if args.set and args.set.upper() in ("ARC", "HOP", "VAN"):
            from manastack.cards.database import variant_cards
            names = [c.name for c in variant_cards(args.set.upper())]
        elif args.set:
            try:
                names = [c.name for c in cards_in_set(args.set)]
            except ValueError as e:
                raise ManastackError(f"{e} (or ARC, HOP, VAN)") from None
        else:
            from manastack.cards.database import all_card_data
            names = sorted(all_card_data())
        for n in names:
            if args.implemented and not is_implemented(n):
                continue
            if args.missing and is_implemented(n):
                continue
            print(n)
        return 0
    data = card_data(args.name)
    card = lookup(data.name)
    print(data.name + (f" {data.mana_cost}" if data.mana_cost else ""))
    print(data.type_line)
    if data.oracle_text:
        print(data.oracle_text)
    if data.oracle_text_2017 and data.oracle_text_2017 != data.oracle_text:
        # the wording of the rules the engine follows ("target creature or player", 306.7)
        print("2017 wording: " + data.oracle_text_2017.replace("\n", "\n  "))
        if "any target" in data.oracle_text or "player or planeswalker" in data.oracle_text:
            print("Targets follow the 2017 wording (the rules the engine plays): a "
                  "planeswalker isn't a legal target of it; damage dealt to a player may be "
                  "redirected to a planeswalker they control (CR 306.7)")
    if data.power is not None:
        print(f"{data.power}/{data.toughness}")
    if data.loyalty is not None:
        print(f"Loyalty: {data.loyalty}")
    if data.hand_modifier is not None:
        print(f"Hand modifier: {data.hand_modifier:+d}, life modifier: "
              f"{data.life_modifier:+d}")
    if data.printings:
        print("Printings: " + ", ".join(f"{p.set_code} #{p.number} ({p.rarity})"
                                         for p in data.printings))
    print("Implemented: " + ("yes" if card.implemented else "no"))
    return 0


def _cmd_deck(args: argparse.Namespace) -> int:
    from manastack.cards.registry import is_implemented
    from manastack.decks import check_deck, load_deck

    deck = load_deck(args.file)
    problems = check_deck(deck, format=args.format, implemented=is_implemented)
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"{args.file}: legal {args.format} deck ({deck.count()} cards, "
          f"{len(deck.sideboard_cards())} in sideboard)")
    return 0


def _cmd_scenario(args: argparse.Namespace) -> int:
    from manastack.scenario.runner import main as run_main
    return run_main(args.paths, as_json=args.json, verbose=args.verbose)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="manastack", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a full game between two decks with random agents")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deck", action="append", help="deck file or default deck name (twice)")
    p.add_argument("--json", action="store_true", help="log as JSON lines")
    p.add_argument("--quiet", action="store_true", help="only the result line")
    p.add_argument("--save", help="write a replay file")
    p.add_argument("--as", dest="view", metavar="VIEWER", help="print the log as this "
                   "player (name or seat) or 'spectator' sees it: hidden cards unnamed")
    p.add_argument("--mulligan", default="paris",
                   choices=["paris", "vancouver", "london", "commander"])
    p.add_argument("--max-turns", type=int, default=200)
    p.add_argument("--variant", help="two_player (2 players), free_for_all (3-6), "
                   "two_headed_giant (4), ... (see docs/variants.md)")
    p.add_argument("--players", type=int, help="number of players (default: 2, or 4 for a "
                   "multiplayer variant)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a variant option (GameOptions.extra), e.g. attack=multiple, range=1, "
                        "teams=[[0,1],[2,3]]")
    p.set_defaults(fn=_cmd_play)
    p = sub.add_parser("match", help="play a match (best of N) between two decks")
    p.add_argument("deck_a", help="deck file or default deck name")
    p.add_argument("deck_b", help="deck file or default deck name")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(fn=_cmd_match)
    p = sub.add_parser("replay", help="replay a saved game")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--as", dest="view", metavar="VIEWER", help="print the log as this "
                   "player (name or seat) or 'spectator' sees it: hidden cards unnamed")
    p.set_defaults(fn=_cmd_replay)
    p = sub.add_parser("cards", help="the card pool")
    csub = p.add_subparsers(dest="cards_cmd", required=True)
    q = csub.add_parser("list")
    q.add_argument("--set", help="M11, M12 or showcase")
    only = q.add_mutually_exclusive_group()
    only.add_argument("--implemented", action="store_true", help="only cards with behaviour")
    only.add_argument("--missing", action="store_true", help="only cards without behaviour")
    q = csub.add_parser("show")
    q.add_argument("name")
    p.set_defaults(fn=_cmd_cards)
    p = sub.add_parser("deck", help="deck files")
    dsub = p.add_subparsers(dest="deck_cmd", required=True)
    q = dsub.add_parser("check")
    q.add_argument("file")
    q.add_argument("--format", default="constructed", choices=["constructed", "limited", "any"])
    p.set_defaults(fn=_cmd_deck)
    p = sub.add_parser("scenario", help="rules scenarios")
    ssub = p.add_subparsers(dest="scenario_cmd", required=True)
    q = ssub.add_parser("run")
    q.add_argument("paths", nargs="+")
    q.add_argument("--json", action="store_true")
    q.add_argument("--verbose", action="store_true")
    p.set_defaults(fn=_cmd_scenario)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.fn(args))
    except ManastackError as e:
        print(f"manastack: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

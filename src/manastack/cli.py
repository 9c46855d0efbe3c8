"""The ``manastack`` command: play, match, sim, replay, scenario, cards, deck, serve.

Every value and file it reads is bounded (:mod:`manastack.limits`): a value or file over a
limit, like any other bad input, is refused with one line on stderr and exit code 2,
before the work it asks for begins.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from manastack.errors import DeckError, InputLimitError, ManastackError
from manastack.limits import (
    MAX_CARD_NAME_LENGTH,
    MAX_MATCH_GAMES,
    MAX_OPTION_LENGTH,
    MAX_OPTIONS,
    MAX_PLAYER_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_SIM_GAMES,
    MAX_SIM_WORKERS,
    MAX_TURNS,
    load_json,
    shown_path,
)

if TYPE_CHECKING:
    from manastack.engine import Game
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
        raise ManastackError(f"unknown variant {_cut(name)!r} (one of "
                             f"{', '.join(variant_names())})")
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
    extra.update(_options(args.option or []))
    problem = variant.check_extra(n, extra)
    if problem:
        raise ManastackError(problem)
    variant.check_decks(decks, extra)
    opts = GameOptions(variant=name, mulligan=args.mulligan, max_turns=args.max_turns,
                       extra=extra)
    names = list(PLAYER_NAMES[:n]) if n <= len(PLAYER_NAMES) else [
        f"Player {i + 1}" for i in range(n)]
    return decks, names, opts


def _options(items: Sequence[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` values: JSON where VALUE parses as JSON (within the limits
    of :func:`manastack.limits.load_json`), else the string itself."""
    if len(items) > MAX_OPTIONS:
        raise InputLimitError(f"more than {MAX_OPTIONS} --option values (the limit)")
    extra: dict[str, Any] = {}
    for item in items:
        if len(item) > MAX_OPTION_LENGTH:
            raise InputLimitError(f"--option {_cut(item)}: more than {MAX_OPTION_LENGTH:,} "
                                  "characters (the limit)")
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ManastackError(f"--option needs KEY=VALUE, not {_cut(item)!r}")
        try:
            extra[key] = load_json(value, where=f"--option {_cut(key)}")
        except InputLimitError:
            raise
        except ValueError:
            extra[key] = value
    return extra


def _cut(text: str, width: int = 40) -> str:
    """``text`` cut to ``width`` characters (``...`` and its length when it was longer)."""
    if len(text) <= width:
        return text
    return f"{text[:width]}... ({len(text):,} characters)"


def _bounded_int(limit: int) -> Callable[[str], int]:
    """An argparse type: an integer of at most ``limit`` either way, its text read only
    when it is short (``int()`` of thousands of digits is slow, or refused)."""
    def parse(text: str) -> int:
        if len(text) > 24:
            raise argparse.ArgumentTypeError(f"invalid int value: {_cut(text, 20)!r}")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
        if abs(value) > limit:
            raise argparse.ArgumentTypeError(f"{value} is out of range (the limit is "
                                             f"{limit:,})")
        return value
    parse.__name__ = "int"
    return parse


def _viewer(view: str, names: Sequence[str]) -> int | None:
    """The seat ``--as VIEWER`` names: a player's name, a seat number from 0, or None for
    ``spectator``; anything else is refused (checked before the game is played)."""
    if view.lower() == "spectator":
        return None
    if view in names:
        return list(names).index(view)
    if view.isascii() and view.isdigit() and len(view) <= 4 and int(view) < len(names):
        return int(view)
    shown = _cut(view, 40) if len(view) <= MAX_PLAYER_NAME_LENGTH else _cut(view, 20)
    raise ManastackError(f"--as {shown}: no such player (one of: {', '.join(names)}, a "
                         "seat number from 0, or spectator)")


def _check_save(save: str) -> None:
    """Refuse a ``--save`` path that can't be written, before the game is played."""
    shown = shown_path(save)
    try:
        if stat.S_ISDIR(os.stat(save).st_mode):
            raise ManastackError(f"{shown}: can't write the replay file (it is a folder)")
    except FileNotFoundError:  # (to be made: its folder must exist)
        folder = os.path.dirname(save) or "."
        if not os.path.isdir(folder):
            raise ManastackError(f"{shown}: can't write the replay file (no folder "
                                 f"{shown_path(folder)})") from None
    except OSError as e:  # a name longer than the system allows...
        raise ManastackError(f"{shown}: can't write the replay file ({e.strerror})") \
            from None


def _budget(text: str) -> int:
    """An argparse type: a thinking time in milliseconds, 1 to an hour."""
    value = _bounded_int(3_600_000)(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} ms is too short (1 ms at least)")
    return value


_budget.__name__ = "budget"


def _agent_names(text: str | None, seats: int) -> list[str]:
    """``--agents A,B,...``: one agent name per seat (one name: every seat), each a name
    :data:`manastack.agents.AGENTS` knows; ``random`` for every seat without the flag."""
    from manastack.agents import AGENTS

    if text is None:
        return ["random"] * seats
    if len(text) > MAX_OPTION_LENGTH:
        raise InputLimitError(f"--agents: more than {MAX_OPTION_LENGTH:,} characters (the "
                              "limit)")
    names = [n.strip() for n in text.split(",")]
    for n in names:
        if n not in AGENTS:
            raise ManastackError(f"--agents: unknown agent {_cut(n)!r} (known: "
                                 f"{', '.join(sorted(AGENTS))})")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ManastackError(f"--agents: {len(names)} agents for {seats} players (give one "
                             "per seat, in seat order, or one for every seat)")
    return names


def _cmd_play(args: argparse.Namespace) -> int:
    from manastack.agents import make_agent
    from manastack.play import play_game, replay_data, result_line

    if args.connect:
        return _cmd_play_connect(args)
    if args.human or args.resume:
        return _cmd_play_table(args)
    if args.vs or args.plain or args.stops is not None:
        raise ManastackError("--vs, --plain and --stops need --human NAME (or --resume FILE)")
    decks, names, opts = _variant_setup(args)
    # (known before the game is played)
    agent_names = _agent_names(args.agents, len(names))
    seat = None if args.view is None else _viewer(args.view, names)
    if args.save:
        _check_save(args.save)
    game = play_game(decks, [make_agent(a, args.seed * 2 + 1 + i, args.budget_ms)
                             for i, a in enumerate(agent_names)],
                     seed=args.seed, names=names, options=opts)
    if not args.quiet:
        _print_log(_log_view(game, args.view, seat), args)
        _print_decisions(game, args, seat)
    if args.save:
        try:
            Path(args.save).write_text(json.dumps(replay_data(game), indent=1))
        except OSError as e:
            raise ManastackError(f"{shown_path(args.save)}: can't write the replay file "
                                 f"({e.strerror})") from None
    print(result_line(game, args.lang))
    return 0


def _cmd_play_table(args: argparse.Namespace) -> int:
    """``play --human NAME`` (or ``--resume FILE``): a person plays at a table, in the
    full-screen app or at the plain prompt (docs/terminal.md)."""
    from manastack.table import load_table, new_table
    from manastack.terminal.run import play_at_table

    if args.agents or args.json or args.save or args.view or args.decisions:
        raise ManastackError("--agents, --json, --save, --as and --decisions don't go with "
                             "--human or --resume (use --vs; save from the game)")
    if args.resume:
        if args.human or args.vs or args.stops is not None:
            raise ManastackError("--resume FILE takes its people, agents and stops from the "
                                 "file")
        table = load_table(args.resume)
        if args.lang != "en":
            table.lang = args.lang
    else:
        from manastack.engine import new_game
        decks, names, opts = _variant_setup(args)
        if len(args.human) > 2:
            raise ManastackError("at most two people (--human) at one keyboard")
        for h in args.human:
            if len(h) > MAX_PLAYER_NAME_LENGTH:
                raise InputLimitError(f"--human: a name of {len(h):,} characters (the limit "
                                      f"is {MAX_PLAYER_NAME_LENGTH})")
        if len(set(args.human)) != len(args.human):
            raise ManastackError("--human: the same name twice")
        if len(args.human) > len(names):
            raise ManastackError(f"--human: {len(args.human)} people for {len(names)} seats")
        names = _seat_people(names, args.human)
        game = new_game(names, decks, args.seed, opts)
        table = new_table(game, args.human, args.vs or "heuristic", args.budget_ms,
                          args.lang, args.stops or "")
    return play_at_table(table, plain=args.plain)


def _cmd_play_connect(args: argparse.Namespace) -> int:
    """``play --connect URL``: a person plays a seat of a game on a server, in the
    full-screen app or at the plain prompt (docs/terminal.md)."""
    if args.human or args.resume or args.agents or args.vs or args.json or args.save \
            or args.view or args.decisions:
        raise ManastackError("--connect URL plays the seat of that link: only --plain, "
                             "--lang and --stops go with it")
    try:
        import websockets  # noqa: F401

        from manastack.terminal.remote import RemoteSeat
    except ImportError:
        raise ManastackError("--connect needs the websockets package (pip install "
                             "'manastack[web]')") from None
    from manastack.terminal.run import play_seats

    if args.stops is not None:
        from manastack.stops import parse_stops
        parse_stops(args.stops)  # (a bad one refused before connecting)
    seat = RemoteSeat(args.connect, args.lang, args.stops)
    try:
        return play_seats(seat, plain=args.plain)
    finally:
        seat.close()


def _seat_people(names: Sequence[str], people: Sequence[str]) -> list[str]:
    """The players' names with ``people`` seated: a person named as a default player
    (``Bob``) takes that seat; another name takes the first seat left to an agent."""
    out = list(names)
    free = [i for i, n in enumerate(out) if n not in people]
    for person in people:
        if person not in out:
            out[free.pop(0)] = person
    return out


def _load_decks(names: Sequence[str]) -> list[list[str]]:
    return [cards for _, cards in _load_named_decks(names)]


def _load_named_decks(names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Each deck (a file, or a default deck's name) with its name: the default deck's, or
    the file's (its Arena ``About`` name, else its stem); the main deck's cards only."""
    from manastack.cards.registry import is_implemented
    from manastack.decks import load_deck, validate_deck
    from manastack.play import default_deck

    if len(names) > MAX_OPTIONS:
        raise InputLimitError(f"more than {MAX_OPTIONS} decks (the limit)")
    decks = []
    for d in names:
        if _is_file(d):
            deck = load_deck(d)
            # (the card database is asked, so that an unknown name gets a suggestion)
            validate_deck(deck, format="any", implemented=is_implemented)
            decks.append((deck.name or d, deck.cards()))  # sideboard set aside (103.1a)
        else:
            decks.append((d, default_deck(d)))  # DeckError if it isn't a default deck either
    return decks


def _is_file(d: str) -> bool:
    """Whether the deck argument ``d`` names something on disk (else: a default deck's
    name, or nothing); a path the system refuses is a DeckError."""
    try:
        os.stat(d)
        return True
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as e:  # a name longer than the OS allows...
        raise DeckError(f"{shown_path(d)}: cannot read deck file ({e.strerror})") \
            from None
    except ValueError:
        raise DeckError(f"{shown_path(d)}: cannot read deck file (the path holds a NUL "
                        "character)") from None


def _cmd_match(args: argparse.Namespace) -> int:
    from manastack.match import describe, play_match

    if args.games < 1:
        raise ManastackError(f"--games must be 1 or more, not {args.games}")
    agents = _agent_names(args.agents, 2)
    decks = _load_decks([args.deck_a, args.deck_b])
    res = play_match(decks, games=args.games, seed=args.seed, agents=agents,
                     budget_ms=args.budget_ms)
    for line in describe(res, ("Alice", "Bob")):
        print(line)
    return 0


def _gauntlet(values: Sequence[str]) -> list[str]:
    """``--gauntlet``: deck files and default deck names, or one file listing them, one a
    line (``#`` comments; a relative path is read from the list's folder).  A single file
    is such a list when each of its lines names a default deck or an existing file."""
    from manastack.play import default_deck_names

    if len(values) != 1 or not _is_file(values[0]) or os.path.isdir(values[0]):
        return list(values)
    from manastack.limits import read_text_limited

    text = read_text_limited(values[0], limit=100_000, what="gauntlet list",
                             error=DeckError, too_large=InputLimitError)
    folder = Path(values[0]).parent
    entries = [line.strip() for line in text.splitlines()
               if line.strip() and not line.strip().startswith("#")]
    found = [e if e in default_deck_names() else str(folder / e) for e in entries]
    if found and all(e in default_deck_names() or _is_file(e) for e in found):
        return found
    return list(values)  # a deck file


def _cmd_sim(args: argparse.Namespace) -> int:
    from manastack.sim.command import INTERRUPTED, check_output, even_games, simulate
    from manastack.sim.games import SimSpec
    from manastack.sim.runner import default_workers

    if args.games < 1:
        raise ManastackError(f"-n must be 1 or more, not {args.games}")
    if (args.deck_b is None) == (args.gauntlet is None):
        raise ManastackError("sim needs DECK_B, or --gauntlet DECK... (not both)")
    workers = default_workers() if args.workers is None else args.workers
    if workers < 1:
        raise ManastackError(f"--workers must be 1 or more, not {workers}")
    if args.ray_address is not None and args.backend != "ray":
        raise ManastackError("--ray-address goes with --backend ray")
    agents = _agent_names(args.agents or "heuristic", 2)
    check_output(args.json, "--json")
    check_output(args.csv, "--csv")
    [(name_a, deck_a)] = _load_named_decks([args.deck_a])
    opponents = _load_named_decks([args.deck_b] if args.deck_b is not None
                                  else _gauntlet(args.gauntlet))
    games = even_games(args.games)
    if games != args.games:
        print(f"-n {args.games} is odd: playing {games} games (seat-swapped pairs)")
    spec = SimSpec((), (), agents=(agents[0], agents[1]), seed=args.seed,
                   max_turns=args.max_turns, mulligan=args.mulligan,
                   budget_ms=args.budget_ms)
    where = f"{workers} worker{'s' * (workers != 1)}"
    if args.backend == "ray":
        where = (f"Ray at {args.ray_address}, batches for {workers} CPUs"
                 if args.ray_address else f"a local Ray with {workers} CPUs")
    print(f"sim: {games} games per match-up, {agents[0]} (A) vs {agents[1]} (B), seed "
          f"{args.seed}, max {args.max_turns} turns, {where}", flush=True)
    try:
        return simulate(name_a, deck_a, opponents, spec, games, workers=workers,
                        backend=args.backend, address=args.ray_address,
                        json_file=args.json, csv_file=args.csv,
                        gauntlet=args.gauntlet is not None)
    except KeyboardInterrupt:  # (between games: nothing to report)
        print("Interrupted.", file=sys.stderr)
        return INTERRUPTED


def _print_log(events: list[Event], args: argparse.Namespace) -> None:
    """Print the log: JSON lines (every event, its text in ``--lang``) or the text at
    ``--detail`` in ``--lang`` (``manastack.narrative``)."""
    from manastack.log import render_jsonl
    from manastack.narrative import narrate

    if args.json:
        print(render_jsonl(events, args.lang))
    else:
        print("\n".join(narrate(events, args.detail, args.lang)))


def _print_decisions(game: Game, args: argparse.Namespace, seat: int | None) -> None:
    """With ``--decisions``: each answer, numbered from 0, in the action notation
    (docs/notation.md) as its player saw the game, or as ``--as VIEWER`` saw it (a card
    hidden from the viewer unnamed)."""
    from manastack.engine.notation import SPECTATOR_VIEW
    from manastack.replays import decision_texts

    if not args.decisions:
        return
    viewer = None if args.view is None else SPECTATOR_VIEW if seat is None else seat
    print("Décisions :" if args.lang == "fr" else "Decisions:")
    for k, ((p, _action), text) in enumerate(zip(game.history,
                                                 decision_texts(game, viewer), strict=True)):
        print(f"  {k}. {game.players[p].name}: {text}")


def _log_view(game: Game, view: str | None, seat: int | None) -> list[Event]:
    """The log as ``--as VIEWER`` sees it (400.2): ``seat`` is the player :func:`_viewer`
    found (None: a spectator); without ``--as``, the full record (hidden cards included)."""
    if view is None:
        return game.log
    return game.log_for(seat)


def _cmd_replay(args: argparse.Namespace) -> int:
    from manastack.play import replay, result_line
    from manastack.replays import check_replay, read_replay_file

    shown = shown_path(args.file)
    data = read_replay_file(args.file)  # (its errors name the file)
    try:
        check_replay(data)
    except ManastackError as e:
        raise type(e)(f"{shown}: {e}") from None
    players = [p if isinstance(p, str) else str(p) for p in data["players"]] \
        if isinstance(data["players"], list) else []
    seat = None if args.view is None else _viewer(args.view, players)
    try:
        game = replay(data)
    except ManastackError as e:
        raise ManastackError(f"{shown}: {e}") from None
    _print_log(_log_view(game, args.view, seat), args)
    _print_decisions(game, args, seat)
    print(result_line(game, args.lang))  # (a game the file leaves unfinished says so)
    return 0


def _cmd_cards(args: argparse.Namespace) -> int:
    from manastack.cards.database import card_data, cards_in_set
    from manastack.cards.registry import is_implemented, lookup

    if args.cards_cmd == "list":
        if args.set and len(args.set) > 20:
            raise ManastackError(f"unknown set code {_cut(args.set, 20)!r}")
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
    if len(args.name) > MAX_CARD_NAME_LENGTH:
        raise InputLimitError(f"a card name of {len(args.name):,} characters (the limit is "
                              f"{MAX_CARD_NAME_LENGTH})")
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
    from manastack.data import default_deck_text
    from manastack.decks import check_deck, load_deck, parse_deck

    if _is_file(args.file):
        deck = load_deck(args.file)
    else:  # a default deck's name, as ``play`` takes it (DeckError if it isn't one)
        deck = parse_deck(default_deck_text(args.file), source=args.file, fmt="text")
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
    return run_main(args.paths, as_json=args.json, verbose=args.verbose, lang=args.lang,
                    detail=args.detail)


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from manastack.server.app import serve
    except ImportError as e:
        raise ManastackError(f"serve needs the web extra: pip install 'manastack[web]' "
                             f"({e.name} is missing)") from None
    try:
        with open(args.db, "ab"):
            pass
    except OSError as e:
        raise ManastackError(f"{shown_path(args.db)}: can't open the game records "
                             f"({e.strerror})") from None
    import socket

    try:  # (a port in use or a host that isn't this machine's, in one line)
        with socket.create_server((args.host, args.port)):
            pass
    except (OSError, OverflowError) as e:
        raise ManastackError(f"can't listen on {_cut(args.host)}:{args.port} "
                             f"({getattr(e, 'strerror', None) or e})") from None
    if args.scenarios is not None and not os.path.isdir(args.scenarios):
        raise ManastackError(f"--scenarios: {shown_path(args.scenarios)} is not a folder")
    print(f"manastack: serving on http://{args.host}:{args.port}/ (records: {args.db})",
          file=sys.stderr)
    serve(args.host, args.port, args.db, args.workers, args.scenarios)
    return 0


def _cmd_puzzle(args: argparse.Namespace) -> int:
    from manastack.agents.registry import UnknownAgent
    from manastack.scenario.puzzles import main as puzzle_main
    try:
        return puzzle_main(args.paths, args.agent, seed=args.seed, budget_ms=args.budget_ms,
                           min_score=args.min_score)
    except UnknownAgent as e:
        print(f"manastack: {e}", file=sys.stderr)
        return 2


class _ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, its error messages cut short (argparse quotes a bad value
    whole: ``invalid choice: '...'``)."""

    def error(self, message: str) -> NoReturn:
        if len(message) > 300:
            message = message[:240] + "..." + message[-40:]
        super().error(message)


def _decisions_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--decisions", action="store_true",
                   help="after the log, each answer in the action notation "
                        "(docs/notation.md)")


def _log_options(p: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--detail``, for a command that prints a log."""
    p.add_argument("--lang", default="en", choices=["en", "fr"],
                   help="the language of the log (rule citations are the same)")
    p.add_argument("--detail", default="normal", choices=["summary", "normal", "full"],
                   help="summary: a block per turn; normal: what matters, with the board "
                        "at each turn's start; full: every event (priority passes, steps)")


def _sim_parser(sub: Any) -> None:
    p = sub.add_parser("sim", help="many games between two decks (or one deck against a "
                       "gauntlet): win rate with a 95%% interval, docs/simulation.md")
    p.add_argument("deck_a", help="deck file or default deck name")
    p.add_argument("deck_b", nargs="?", help="deck file or default deck name")
    p.add_argument("--gauntlet", nargs="+", metavar="DECK", help="deck_a against each of "
                   "these decks (or a file listing them, one a line)")
    p.add_argument("-n", "--games", type=_bounded_int(MAX_SIM_GAMES), default=1000,
                   help="games per match-up, in seat-swapped pairs (an odd number is "
                        "rounded up); default 1000")
    p.add_argument("--agents", metavar="A,B", help="the agents of deck_a's and deck_b's "
                   "players: heuristic (the default), random or search")
    p.add_argument("--budget-ms", type=_budget, default=None,
                   help="thinking time per decision of a search agent (default 1000)")
    p.add_argument("--seed", type=_bounded_int(MAX_SEED), default=0,
                   help="the run seed; game seeds are derived from it (docs/simulation.md)")
    p.add_argument("--workers", type=_bounded_int(MAX_SIM_WORKERS), default=None,
                   help="processes (default: all local cores); with --backend ray, the "
                        "CPUs the batches are cut for")
    p.add_argument("--backend", default="process", choices=["process", "ray"],
                   help="where the games are played (process: local cores; ray: a Ray "
                        "cluster, pip install 'manastack[ray]')")
    p.add_argument("--ray-address", metavar="auto|URL", default=None,
                   help="--backend ray: the cluster (auto, or ray://host:port); without "
                        "it, a local Ray with --workers CPUs")
    p.add_argument("--max-turns", type=_bounded_int(MAX_TURNS), default=200,
                   help="a game still going then is a draw (default 200)")
    p.add_argument("--mulligan", default="paris", choices=["paris", "vancouver", "london"])
    p.add_argument("--json", metavar="FILE", help="write the per-game records as JSON")
    p.add_argument("--csv", metavar="FILE", help="write the per-game records as CSV")
    p.set_defaults(fn=_cmd_sim)


def build_parser() -> argparse.ArgumentParser:
    ap = _ArgumentParser(prog="manastack", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a full game between two decks (random agents "
                       "unless --agents says otherwise)")
    p.add_argument("--seed", type=_bounded_int(MAX_SEED), default=0)
    p.add_argument("--deck", action="append", help="deck file or default deck name (twice)")
    p.add_argument("--json", action="store_true", help="log as JSON lines")
    p.add_argument("--quiet", action="store_true", help="only the result line")
    p.add_argument("--save", help="write a replay file")
    _decisions_option(p)
    p.add_argument("--as", dest="view", metavar="VIEWER", help="print the log as this "
                   "player (name or seat) or 'spectator' sees it: hidden cards unnamed")
    _log_options(p)
    p.add_argument("--mulligan", default="paris",
                   choices=["paris", "vancouver", "london", "commander"])
    p.add_argument("--max-turns", type=_bounded_int(MAX_TURNS), default=200)
    p.add_argument("--variant", help="two_player (2 players), free_for_all (3-6), "
                   "two_headed_giant (4), ... (see docs/variants.md)")
    p.add_argument("--players", type=_bounded_int(MAX_PLAYERS), help="number of players (default: 2, or 4 for a "
                   "multiplayer variant)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a variant option (GameOptions.extra), e.g. attack=multiple, range=1, "
                        "teams=[[0,1],[2,3]]")
    p.add_argument("--agents", metavar="A,B,...", help="the agent of each seat, in seat "
                   "order: random (the default), heuristic or search; one name for every "
                   "seat")
    p.add_argument("--budget-ms", type=_budget, default=None,
                   help="thinking time per decision of a search agent (default 1000)")
    p.add_argument("--human", action="append", metavar="NAME",
                   help="a person plays this seat (twice: two people at one keyboard); the "
                        "other seats are --vs's agent (docs/terminal.md)")
    p.add_argument("--vs", choices=["heuristic", "search", "random"],
                   help="with --human: the agent of the other seats (default heuristic)")
    p.add_argument("--plain", action="store_true",
                   help="with --human: the plain line prompt, not the full-screen app")
    p.add_argument("--stops", metavar="SPEC", help="with --human: where the game stops to "
                   "ask you, e.g. own=upkeep,precombat_main;others=end (docs/stops.md)")
    p.add_argument("--resume", metavar="FILE", help="continue a game saved from the "
                   "terminal game")
    p.add_argument("--connect", metavar="URL", help="play a seat of a game on a server: "
                   "the seat's link from its lobby (docs/terminal.md)")
    p.set_defaults(fn=_cmd_play)
    p = sub.add_parser("match", help="play a match (best of N) between two decks")
    p.add_argument("deck_a", help="deck file or default deck name")
    p.add_argument("deck_b", help="deck file or default deck name")
    p.add_argument("--games", type=_bounded_int(MAX_MATCH_GAMES), default=3)
    p.add_argument("--seed", type=_bounded_int(MAX_SEED), default=0)
    p.add_argument("--agents", metavar="A,B", help="the agents of deck_a's and deck_b's "
                   "players: random (the default), heuristic or search")
    p.add_argument("--budget-ms", type=_budget, default=None,
                   help="thinking time per decision of a search agent (default 1000)")
    p.set_defaults(fn=_cmd_match)
    _sim_parser(sub)
    p = sub.add_parser("replay", help="replay a saved game")
    p.add_argument("file")
    _decisions_option(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--as", dest="view", metavar="VIEWER", help="print the log as this "
                   "player (name or seat) or 'spectator' sees it: hidden cards unnamed")
    _log_options(p)
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
    q.add_argument("file", help="deck file or default deck name")
    q.add_argument("--format", default="constructed", choices=["constructed", "limited", "any"])
    p.set_defaults(fn=_cmd_deck)
    p = sub.add_parser("scenario", help="rules scenarios")
    ssub = p.add_subparsers(dest="scenario_cmd", required=True)
    q = ssub.add_parser("run")
    q.add_argument("paths", nargs="+")
    q.add_argument("--json", action="store_true")
    q.add_argument("--verbose", action="store_true",
                   help="after each scenario, its log, the decisions taken and the final "
                        "position (also printed for a scenario without 'expect')")
    _log_options(q)
    p.set_defaults(fn=_cmd_scenario)
    p = sub.add_parser("puzzle", help="tactical puzzles: how well an agent plays")
    psub = p.add_subparsers(dest="puzzle_cmd", required=True)
    q = psub.add_parser("run", help="one PASS/FAIL line per puzzle, then the score")
    q.add_argument("paths", nargs="+", help="puzzle files or folders (tests/puzzles)")
    q.add_argument("--agent", default="random", help="the agent by name (random, ...)")
    q.add_argument("--seed", type=_bounded_int(MAX_SEED), default=0,
                   help="the agent's seed (puzzle N gets seed + N)")
    q.add_argument("--budget-ms", type=_bounded_int(3_600_000), default=None,
                   help="thinking time per decision, for agents that take one")
    q.add_argument("--min-score", type=float, default=None, metavar="PERCENT",
                   help="exit with 1 when fewer puzzles are solved")
    p.set_defaults(fn=_cmd_puzzle)
    p = sub.add_parser("serve", help="the game server: games in a browser or over "
                       "WebSockets (docs/protocol.md)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=_bounded_int(65535), default=8000)
    p.add_argument("--db", default="games.sqlite", help="the SQLite file of the game "
                   "records (unfinished games are resumed from it)")
    p.add_argument("--workers", type=_bounded_int(64), default=2,
                   help="worker processes for the thinking agents (0: threads)")
    p.add_argument("--scenarios", default=None, metavar="DIR",
                   help="a folder of scenario files games may start from (people at "
                   "every seat: practising a position)")
    p.set_defaults(fn=_cmd_serve)
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

"""Games that start from a scenario's position (``manastack serve --scenarios DIR``).

A creation request ``{"scenario": FILE}`` (optionally ``"index": K``, the K-th scenario of
a file holding several) names a ``*.yaml``/``*.yml`` file directly in the server's
scenario folder (nothing else is read: no path, no other folder).  The game is the
scenario's position as ``manastack scenario run`` sets it up (``../shared/SCENARIOS.md``:
its state, its start step, its seed; :class:`~manastack.scenario.runner.Runner`), every
seat a person's, and it goes on from there: the script is not played, the people play it
(by clicks in the page, or in the notation).  The people's stops are set everywhere
(``docs/stops.md``: every step of every turn, even with nothing to do), so that they are
asked where the script decides; only their own spell on top of the stack and decisions
with one legal answer are answered for them.

The set-up keeps the file's text: a game resumed after a restart is rebuilt from it,
whatever became of the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from manastack.errors import ManastackError, ScenarioError
from manastack.limits import MAX_SCENARIO_FILE_BYTES, read_text_limited
from manastack.reprs import brief
from manastack.scenario.model import parse_scenarios
from manastack.stops import PRIORITY_STEPS

#: The keys of a request for a game from a scenario.
SCENARIO_KEYS: Final = frozenset({"scenario", "index"})
#: The most scenario files a folder offers (the first ones, by name).
MAX_OFFERED: Final = 500
#: The stops of the people of a scenario's game (``set_stops`` fields): asked everywhere.
EVERYWHERE: Final = {"own": list(PRIORITY_STEPS), "others": list(PRIORITY_STEPS),
                     "ask_with_nothing_to_do": True}


def scenario_files(folder: str | None) -> list[str]:
    """The scenario files a game may start from: the names of the ``*.yaml`` and
    ``*.yml`` files directly in ``folder`` (none without a folder), sorted."""
    if folder is None:
        return []
    try:
        names = sorted(p.name for p in Path(folder).iterdir()
                       if p.suffix in (".yaml", ".yml") and not p.name.startswith(".")
                       and p.is_file())
    except OSError:
        return []
    return names[:MAX_OFFERED]


def scenario_setup(folder: str | None, spec: dict[str, Any]) -> dict[str, Any]:
    """The set-up of a game from the scenario ``spec`` names (see the module's
    docstring); refused with one line (:class:`~manastack.errors.ManastackError`)."""
    extra = sorted(set(spec) - SCENARIO_KEYS)
    if extra:
        raise ManastackError(f"a game from a scenario takes scenario and index, not "
                             f"{brief(extra[0])}")
    name = spec["scenario"]
    if folder is None:
        raise ManastackError("this server starts no game from a scenario (serve "
                             "--scenarios DIR)")
    if not isinstance(name, str) or name not in scenario_files(folder):
        raise ManastackError(f"scenario: no scenario file {brief(name)} here")
    index = spec.get("index", 0)
    if type(index) is not int:
        raise ManastackError(f"index: an integer, not {brief(index)}")
    path = str(Path(folder) / name)
    try:
        text = read_text_limited(path, limit=MAX_SCENARIO_FILE_BYTES, what="scenario file",
                                 error=ScenarioError, too_large=ScenarioError)
        found = parse_scenarios(text, path)
    except ScenarioError as e:
        raise ManastackError((str(e).splitlines() or ["bad scenario"])[0]) from None
    if not 0 <= index < len(found):
        raise ManastackError(f"index: 0 to {len(found) - 1}, not {index}")
    sc = found[index]
    setup = {"seed": sc.seed, "players": list(sc.players), "decks": [],
             "seats": [{"kind": "human"} for _ in sc.players],
             "options": {"variant": sc.options.get("variant", "two_player")},
             "scenario": {"text": text, "path": path, "index": index}}
    scenario_game(setup)  # (refused now rather than when the game is made)
    return setup


def scenario_game(setup: dict[str, Any]) -> Any:
    """The game of a scenario's set-up, at its first decision."""
    from manastack.scenario.runner import Fail, Runner

    got = setup["scenario"]
    try:
        sc = parse_scenarios(got["text"], got["path"])[got["index"]]
        game = Runner(sc).game
    except Fail as e:
        raise ManastackError(f"scenario: {e}") from None
    game.run_rerunnable()
    return game


__all__ = ["EVERYWHERE", "scenario_files", "scenario_game", "scenario_setup"]

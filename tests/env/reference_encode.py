"""The observation made from ``game.observe(seat)`` through its dicts: the reference the
environment's direct encoder (``manastack.env.observations.encode``) is checked against
(CR 400.2: it can show nothing ``observe`` doesn't)."""

from __future__ import annotations

from typing import Any

import numpy as np

from manastack.env import fields
from manastack.env.actions import FEATURES, N_MAX
from manastack.env.core import EnvCore
from manastack.env.observations import card_names, rule_numbers
from manastack.game.turn import STEP_NAMES

clamp, bits = fields._clamp, fields._bits


def _mana(pool: str) -> list[int]:
    """Amounts of W, U, B, R, G, C in a pool as ``observe`` writes it (``"RRG"``)."""
    return [pool.count(c) for c in "WUBRGC"]


def _fill(array: np.ndarray, rows: list[Any]) -> None:
    """Put ``rows`` at the start of ``array`` (the rest stays 0)."""
    if rows:
        array[:len(rows)] = rows


def encode_from_view(core: EnvCore, viewer: int) -> dict[str, np.ndarray]:
    """The observation of seat ``viewer`` made from ``game.observe(viewer)`` alone."""
    game = core.game
    view = game.observe(viewer)
    names = card_names()
    n = len(game.players)

    def rel(p: Any) -> int:
        return (int(p) - viewer) % n + 1 if isinstance(p, int) else 0

    def ref(r: Any) -> int:  # an object id, or a player "P<n>" as -(relative seat + 1)
        if isinstance(r, str) and r.startswith("P") and r[1:].isdigit():
            return -rel(int(r[1:]))
        return int(r) if isinstance(r, int) else 0

    def name(c: dict[str, Any]) -> int:
        nm = c.get("name", "")
        return 2 if nm == "face-down card" else names.get(nm, 1)

    mask = np.zeros(N_MAX, np.int8)
    feats = np.zeros((N_MAX, len(FEATURES)), np.int32)
    decision = game.decision
    deciding = decision is not None and decision.by == viewer and not game.over
    opts = core.option_rows(viewer) if deciding else []
    if opts:
        mask[:len(opts)] = 1
        feats[:len(opts)] = opts
    g = np.zeros(len(fields.GAME_FIELDS), np.int32)
    g[0] = clamp(view["turn"])
    g[1] = STEP_NAMES.index(view["step"]) + 1 if view["step"] in STEP_NAMES else 0
    g[2] = rel(view["active_player"])
    g[11] = n
    g[12] = 1 if "combat" in view else 0
    if view["decision"] is not None:
        dv = view["decision"]
        g[3] = fields._KINDS.get(dv["kind"], 1)
        assert decision is not None
        g[4], g[5], g[6] = rule_numbers(decision.rule)
        g[7] = rel(dv["player"])
    if deciding:
        tree = core.tree
        if tree is not None:
            g[8] = len(tree.chosen)
            g[9] = tree.page
            head = tree.head
            if head is not None:
                row = core.features(head, viewer)
                g[13], g[14], g[15] = row[0], row[1], row[2]
        g[10] = len(opts)
    # (rows gathered as lists, each array filled at once: cheaper than row by row)
    player_rows: list[list[Any]] = [[] for _ in range(fields.P_MAX)]
    grave_rows: list[list[Any]] = [[] for _ in range(fields.P_MAX)]
    me = game.players[viewer]
    decider = view["decision"]["decider"] if view["decision"] is not None else None
    for pd in view["players"]:
        r = rel(pd["index"]) - 1
        player_rows[r] = [1, clamp(pd["life"]), clamp(pd["poison"]), pd["hand_size"],
                          pd["library_size"], len(pd["graveyard"]), int(pd["lost"]),
                          int(pd["index"] == view["active_player"]),
                          int(game.players[pd["index"]].team == me.team),
                          int(decider == pd["index"]),
                          *[clamp(m) for m in _mana(pd["mana_pool"])]]
        grave_rows[r] = [(c["id"], name(c))
                         for c in reversed(pd["graveyard"][-fields.GRAVEYARD_MAX:])]
    players = np.zeros((fields.P_MAX, len(fields.PLAYER_FIELDS)), np.int32)
    graveyards = np.zeros((fields.P_MAX, fields.GRAVEYARD_MAX, 2), np.int32)
    for r in range(n):
        players[r] = player_rows[r]
        _fill(graveyards[r], grave_rows[r])
    hand = np.zeros((fields.HAND_MAX, 2), np.int32)
    _fill(hand, [(c["id"], name(c))
                 for c in view["players"][viewer].get("hand", [])[:fields.HAND_MAX]])
    sides: list[list[Any]] = [[] for _ in range(fields.P_MAX)]
    combat = view.get("combat", {"attackers": {}, "blockers": {}})
    attackers, blockers = combat["attackers"], combat["blockers"]
    for c in view["battlefield"]:
        side = sides[rel(c["controller"]) - 1]
        if len(side) >= fields.BATTLEFIELD_MAX:
            continue
        key = str(c["id"])
        attacking = attackers.get(key)
        blocking = blockers.get(key)
        counters = c.get("counters")
        side.append((
            c["id"], name(c), rel(c["owner"]), int(c["tapped"]), clamp(c.get("power") or 0),
            clamp(c.get("toughness") or 0), clamp(c.get("damage", 0)),
            clamp(sum(counters.values())) if counters else 0, int(c["token"]),
            bits(tuple(c["types"]), fields.TYPES),
            bits(tuple(c.get("keywords", ())), fields.KEYWORDS),
            0 if attacking is None else ref(attacking),
            0 if blocking is None else ref(blocking),
            ref(c["attached_to"]) if "attached_to" in c else 0, int(c.get("phased_out", 0))))
    battlefield = np.zeros((fields.P_MAX, fields.BATTLEFIELD_MAX, len(fields.PERMANENT_FIELDS)),
                           np.int32)
    for r in range(n):
        _fill(battlefield[r], sides[r])
    stack = np.zeros((fields.STACK_MAX, len(fields.STACK_FIELDS)), np.int32)
    _fill(stack, [(s["id"], name(s), rel(s["controller"]), int("source" in s),
                   s.get("source", 0), len(s["targets"]),
                   ref(s["targets"][0]) if s["targets"] else 0)
                  for s in view["stack"][-fields.STACK_MAX:][::-1]])  # the top first
    exile = np.zeros((fields.EXILE_MAX, 2), np.int32)
    _fill(exile, [(c["id"], name(c)) for c in view["exile"][:fields.EXILE_MAX]])
    command = np.zeros((fields.COMMAND_MAX, len(fields.COMMAND_FIELDS)), np.int32)
    _fill(command, [(c["id"], name(c), rel(c["owner"]))
                    for c in view["command"][:fields.COMMAND_MAX]])
    out: dict[str, np.ndarray] = {
        "action_mask": mask, "action_features": feats, "game": g, "players": players,
        "hand": hand, "battlefield": battlefield, "graveyards": graveyards, "stack": stack,
        "exile": exile, "command": command}
    return out

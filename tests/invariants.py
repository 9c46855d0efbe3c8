"""A rules-invariant oracle for random games (soak tests and hunts).

:class:`Oracle` watches a game (a listener on its events, and a look at every decision)
and records every violation of an invariant the Comprehensive Rules guarantee:

* 704.3 / 116.5: when a player receives priority, no state-based action applies
  (704.5a-c players, 704.5d-e tokens and copies, 704.5f-k creatures, planeswalkers,
  legends, 704.5n-r attachments and counters), except where a rule says otherwise
  (a player who can't lose, 104.3/810.8a; an indestructible creature, 702.12b);
* 603.3b: no triggered ability waits to be put on the stack then;
* 116.3a-c: the active player receives priority first in each step and after a
  spell or ability resolves; a player who cast a spell, activated an ability or played
  a land receives priority again;
* 405.5 / 608.1: the object that resolves is the top of the stack;
* 500.4: mana pools are empty when a step or phase begins;
* 514.1-3a: after the cleanup step, the active player's hand isn't over its maximum
  size, no damage is marked, no "until end of turn" effect remains, and no state-based
  action or triggered ability is pending as the next turn begins;
* 119.3c (the seed's number; 120.3c in 2017): no damage is marked on a planeswalker that isn't a creature;
* 506.4 / 511.3: attacking and blocking creatures exist only during combat, and are
  creatures on the battlefield controlled by their declarer;
* 508.1a, 302.6, 508.1f: an attacker was an untapped creature of the attacking player,
  controlled continuously since the turn began or with haste, and it is tapped once
  declared unless it has vigilance; 509.1a: a blocker was an untapped creature;
* 305.2: a player plays no more lands in a turn than they are allowed;
* 110.6, 400.7, 122: permanents' characteristics are consistent (a creature has power
  and toughness; a planeswalker has loyalty) and an object in another zone has no
  permanent status (not tapped, no damage, not attached, no counters).

Use :func:`play_checked` to play a game with random agents under the oracle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from manastack import log as ev
from manastack.decisions import Activate, Cast, PlayLand, Special
from manastack.game.objects import GameObject, PlayerRef, Zone
from manastack.game.state import Game
from manastack.rules.casting import activated_abilities, land_plays
from manastack.rules.sba import PLANESWALKER_TYPES
from manastack.rules.static import cant_lose, forbids
from manastack.rules.targeting import protection_from
from manastack.variants import variant_of

NO_PRIORITY = ("untap", "cleanup")


class Oracle:
    """Collects violations (``self.violations``) of a game it watches."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.violations: list[str] = []
        self.decisions = 0
        self.priority_checks = 0
        #: the priority player expected next: ("active", rule) or (player, rule)
        self.expect: tuple[Any, str] | None = None
        self.log_seen = 0
        #: permanents on the battlefield when the turn began, and their controllers (302.6)
        self.turn_start: dict[int, int] = {}
        #: permanents whose control changed since the turn began
        self.lost_continuity: set[int] = set()
        #: (turn, phase id) -> creatures able to attack/block at the declaration
        self.attack_snap: dict[tuple[int, int], dict[int, tuple[bool, bool, int, bool]]] = {}
        self.block_snap: dict[tuple[int, int], dict[int, tuple[bool, bool, int]]] = {}
        self.checked_attacks: set[tuple[int, int]] = set()
        self.checked_blocks: set[tuple[int, int]] = set()
        game.listeners.append(self.on_event)

    # ------------------------------------------------------------ reporting

    def fail(self, rule: str, text: str) -> None:
        g = self.game
        step = g.step.name if g.step else None
        self.violations.append(f"[{rule}] turn {g.turn_number} {step}: {text}")

    # ------------------------------------------------------------ events

    def on_event(self, e: ev.Event) -> None:
        g = self.game
        kind = e.kind
        if len(g.log) <= self.log_seen:
            # the game went back to an earlier state (a choice in the middle of an event
            # re-runs the answers since, rules/midrun.py): expectations made since are void
            self.expect = None
            self.lost_continuity.clear()
        self.log_seen = len(g.log)
        if kind in (ev.STEP_BEGAN, ev.PHASE_BEGAN):
            for p in g.players:
                if p.mana_pool.has_mana():
                    self.fail("500.4", f"{p.name}'s mana pool isn't empty as the "
                              f"{e.data.get('step')} begins: {p.mana_pool.units()}")
            if e.data.get("step") not in NO_PRIORITY:
                self.expect = ("active", "116.3a")
        elif kind == ev.TURN_BEGAN:
            self._turn_began()
        elif kind == ev.RESOLVE:
            if not g.stack or e.data.get("object") != g.stack[-1]:
                self.fail("405.5", f"{e.text}, but it isn't the top of the stack")
            self.expect = ("active", "116.3b")
        elif kind == ev.LAND_PLAYED:
            p = e.data.get("player")
            if isinstance(p, int):
                n = 0
                for x in reversed(g.log):
                    if x.kind == ev.TURN_BEGAN:
                        break
                    if x.kind == ev.LAND_PLAYED and x.data.get("player") == p:
                        n += 1
                allowed = land_plays(g, p)
                if n > allowed:
                    self.fail("305.2", f"{g.players[p].name} played {n} lands this turn "
                              f"(allowed {allowed})")

    def _turn_began(self) -> None:
        g = self.game
        # 514.1-514.2: the cleanup step of the turn that ended
        began = [x for x in g.log[-2000:] if x.kind == ev.TURN_BEGAN]
        prev = began[-2] if len(began) > 1 else None
        prev_active = [] if prev is None else list(prev.data.get("team") or
                                                   [prev.data["player"]])
        for ap in prev_active:
            p = g.players[ap]
            if p.in_game and p.max_hand_size is not None and len(p.hand) > p.max_hand_size:
                self.fail("514.1", f"{p.name} ends their turn with {len(p.hand)} cards in "
                          f"hand (maximum {p.max_hand_size})")
        if prev_active:
            for oid in g.battlefield:
                o = g.objects[oid]
                if isinstance(o, GameObject) and (o.damage or o.deathtouch_damage):
                    self.fail("514.2", f"{o.name} still has {o.damage} damage marked after "
                              "the cleanup step")
            for attr in ("effects", "replacements", "delayed_triggers", "rule_effects"):
                for eff in getattr(g, attr):
                    d = getattr(eff, "duration", None)
                    if d is not None and d.kind == "end_of_turn":
                        self.fail("514.2", f"an 'until end of turn' effect lasts past the "
                                  f"cleanup step: {getattr(eff, 'text', eff)}")
        # 514.3a: the last cleanup step checked state-based actions and waiting triggers
        # (any would have given priority and another cleanup step): none can be pending
        self._no_sba(where=" as the next turn begins (514.3a)")
        if g.pending_triggers:
            self.fail("514.3a", "triggered abilities wait as the next turn begins")
        self.lost_continuity.clear()
        self.turn_start = {oid: g.controller(o) for oid in g.battlefield
                           if isinstance(o := g.objects[oid], GameObject)}

    # ------------------------------------------------------------ decisions

    def before(self, game: Game) -> None:
        """Check the pending decision (call before it is answered)."""
        g = self.game = game
        d = g.decision
        if d is None:
            return
        self.decisions += 1
        # 302.6: control that changed during the turn breaks continuity
        for oid, ctrl in self.turn_start.items():
            o = g.objects.get(oid)
            if isinstance(o, GameObject) and o.zone == Zone.BATTLEFIELD \
                    and g.controller(o) != ctrl:
                self.lost_continuity.add(oid)
        self._combat_checks()
        self._zone_status()
        if d.kind == "priority":
            self.priority_checks += 1
            self._priority_order(d.player)
            self._no_sba()
            if g.pending_triggers:
                self.fail("603.3b", f"{len(g.pending_triggers)} triggered abilities wait "
                          "to be put on the stack while a player has priority")
        elif d.kind == "declare_attackers":
            self._snapshot_attack()
        elif d.kind == "declare_blockers":
            self._snapshot_block()

    def action(self, game: Game, player: int, action: Any) -> None:
        """Check an answer about to be given to a priority decision: timing of spells,
        lands and abilities (307.1, 305.1-2, 602.5a, 606.3, 302.6)."""
        g = self.game = game
        d = g.decision
        if d is None or d.kind != "priority":
            return
        step = g.step
        main = step is not None and step.name in ("precombat_main", "postcombat_main")
        sorcery_time = main and player in g.active_players() and not g.stack
        if isinstance(action, (Cast, PlayLand)):
            o = g.objects.get(action.card)
            if not isinstance(o, GameObject):
                return
            c = g.chars(o)
            if isinstance(action, PlayLand):
                if not sorcery_time:
                    self.fail("305.1", f"{o.name} is played as a land outside its "
                              "controller's main phase with an empty stack")
            elif "Instant" not in c.types and "flash" not in c.keywords and \
                    not sorcery_time and not forbids(g, "cast_as_though_flash", player, o):
                self.fail("307.1" if "Sorcery" in c.types else "302.1",
                          f"{o.name} ({c.type_line}) is cast at instant speed")
        elif isinstance(action, Activate):
            o = g.objects.get(action.source)
            if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
                return
            acts = activated_abilities(g, o)
            if action.ability >= len(acts):
                return
            ab = acts[action.ability]
            c = g.chars(o)
            if (ab.cost.tap or ab.cost.untap) and c.is_creature and "haste" not in \
                    c.keywords and (o.id not in self.turn_start or o.id in self.lost_continuity):
                self.fail("302.6", f"{o.name} activates a {{T}} ability with summoning "
                          "sickness")
            if (ab.sorcery_speed or ab.cost.loyalty is not None) and not sorcery_time:
                self.fail("606.3" if ab.cost.loyalty is not None else "602.5d",
                          f"{o.name}'s ability is activated at instant speed")
            if ab.cost.loyalty is not None and o.loyalty_activated_turn == g.turn_number:
                self.fail("606.3", f"{o.name}'s second loyalty ability this turn")

    def after(self, game: Game, player: int, action: Any) -> None:
        """Note the answer just given to the decision checked by :meth:`before`."""
        if isinstance(action, (Cast, Activate, PlayLand, Special)):
            self.expect = (player, "116.3c")

    def _priority_order(self, player: int) -> None:
        g = self.game
        if self.expect is None:
            return
        who, rule = self.expect
        self.expect = None
        if who == "active":
            active = g.active_players()
            if player not in active and all(g.players[a].in_game for a in active):
                self.fail(rule, f"{g.players[player].name} receives priority, not the "
                          "active player")
        elif who != player and g.players[who].in_game:
            self.fail(rule, f"{g.players[player].name} receives priority, not "
                      f"{g.players[who].name} who just acted")

    # ------------------------------------------------------------ 704.3

    def _no_sba(self, where: str = "") -> None:
        g = self.game
        n = len(self.violations)
        v = variant_of(g)
        for p in g.players:
            if not p.in_game:
                continue
            spared = any(cant_lose(g, q) for q in v.loses_with(g, p.index))
            if p.life <= 0 and not spared:
                self.fail("704.5a", f"{p.name} has {p.life} life and is still in the game")
            if p.poison >= v.poison_limit(g, p.index) and not spared:
                self.fail("704.5c", f"{p.name} has {p.poison} poison counters and is still "
                          "in the game")
            if p.drew_from_empty:
                self.fail("704.5b", f"{p.name} drew from an empty library and no check "
                          "saw it")
        for o in g.objects.values():
            if isinstance(o, GameObject):
                if o.is_token and o.zone != Zone.BATTLEFIELD:
                    self.fail("704.5d", f"the {o.name} token is in the {o.zone}")
                if o.is_copy and o.zone != Zone.STACK:
                    self.fail("704.5e", f"a copy of {o.name} is in the {o.zone}")
        legends: dict[tuple[int, str], list[str]] = {}
        for oid in g.battlefield:
            o = g.objects[oid]
            if not isinstance(o, GameObject) or o.phased_out:
                continue
            c = g.chars(o)
            ctrl = g.controller(o)
            if c.is_creature and c.toughness is not None:
                if c.toughness <= 0:
                    self.fail("704.5f", f"{o.name} is a {c.power}/{c.toughness} creature")
                elif "indestructible" not in c.keywords:
                    if o.damage >= c.toughness:
                        self.fail("704.5g", f"{o.name} ({c.power}/{c.toughness}) has "
                                  f"{o.damage} damage marked")
                    elif o.deathtouch_damage:
                        self.fail("704.5h", f"{o.name} was dealt deathtouch damage")
            if c.is_planeswalker and not c.is_creature and o.damage:
                self.fail("119.3c", f"{o.name} has {o.damage} damage marked: damage to a "
                          "planeswalker removes loyalty counters")
            if c.is_planeswalker and o.counters.get("loyalty", 0) <= 0:
                self.fail("704.5i", f"{o.name} has no loyalty")
            if "Legendary" in c.supertypes:
                legends.setdefault((ctrl, "704.5k " + c.name), []).append(o.name)
            if c.is_planeswalker:
                for sub in c.subtypes & PLANESWALKER_TYPES:
                    legends.setdefault((ctrl, "704.5j " + sub), []).append(o.name)
            if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
                self.fail("704.5r", f"{o.name} has +1/+1 and -1/-1 counters")
            self._attachment(o, c)
        for (ctrl, key), names in legends.items():
            if len(names) > 1:
                rule, what = key.split(" ", 1)
                self.fail(rule, f"{g.players[ctrl].name} controls {names} ({what})")
        if where:
            self.violations[n:] = [v + where for v in self.violations[n:]]

    def _attachment(self, o: GameObject, c: Any) -> None:
        g = self.game
        t = o.attached_to
        is_aura = "Aura" in c.subtypes and "Enchantment" in c.types
        if is_aura and t is None:
            self.fail("704.5n", f"{o.name} is an Aura attached to nothing")
            return
        if t is None:
            return
        if isinstance(t, PlayerRef):
            if not is_aura or not g.players[t.index].in_game:
                self.fail("704.5n" if is_aura else "704.5q",
                          f"{o.name} is attached to {g.players[t.index].name}")
            return
        host = g.objects.get(t)
        if not isinstance(host, GameObject) or host.zone != Zone.BATTLEFIELD or host is o:
            self.fail("704.5n" if is_aura else "704.5p" if "Equipment" in c.subtypes
                      else "704.5q", f"{o.name} is attached to an object not on the "
                      "battlefield (or itself)")
            return
        if host.phased_out:
            return
        if is_aura:
            sp = o.card.spell
            if sp is not None and sp.targets and not sp.targets[0].selector.test(
                    g, t, g.controller(o), o.id):
                self.fail("704.5n", f"{o.name} enchants {host.name}, which its enchant "
                          "ability doesn't allow")
            elif protection_from(g, host, o.id):
                self.fail("704.5n", f"{o.name} enchants {host.name}, which has protection "
                          "from it (702.16c)")
        elif "Equipment" in c.subtypes:
            if not g.chars(host).is_creature or protection_from(g, host, o.id):
                self.fail("704.5p", f"{o.name} equips {host.name}, not a creature it may "
                          "equip")
        elif "Fortification" in c.subtypes:
            if not g.chars(host).is_land:
                self.fail("704.5p", f"{o.name} fortifies {host.name}, not a land")
        else:
            self.fail("704.5q", f"{o.name} ({c.type_line}) is attached to {host.name}")

    # ------------------------------------------------------------ state of objects

    def _zone_status(self) -> None:
        g = self.game
        for o in g.objects.values():
            if not isinstance(o, GameObject):
                continue
            if o.zone == Zone.BATTLEFIELD:
                if o.phased_out:
                    continue
                c = g.chars(o)
                if c.is_creature and (c.power is None or c.toughness is None):
                    self.fail("208.3", f"{o.name} is a creature without power and toughness")
                continue
            bad = [what for what, yes in (
                ("tapped", o.tapped), ("damaged", o.damage or o.deathtouch_damage),
                ("attached", o.attached_to is not None), ("phased out", o.phased_out),
                # 122.1: a counter may be on an object that isn't a permanent when an
                # effect puts it there (Naar Isle's flame counters in the command zone)
                ("with counters", any(o.counters.values())
                 and o.zone not in (Zone.COMMAND, Zone.EXILE))) if yes]
            if bad:
                self.fail("400.7", f"{o.name} in the {o.zone} is {', '.join(bad)} "
                          "(only permanents have that status, 110.6)")

    # ------------------------------------------------------------ combat

    def _combat_key(self) -> tuple[int, int]:
        g = self.game
        return (g.turn_number, g.step.phase_id if g.step else -1)

    def _snapshot_attack(self) -> None:
        g = self.game
        key = self._combat_key()
        if key in self.attack_snap:
            return
        snap = {}
        for oid in g.battlefield:
            o = g.objects[oid]
            if isinstance(o, GameObject) and not o.phased_out:
                c = g.chars(o)
                snap[oid] = (o.tapped, c.is_creature, g.controller(o),
                             (oid in self.turn_start and oid not in self.lost_continuity)
                             or "haste" in c.keywords)
        self.attack_snap[key] = snap

    def _snapshot_block(self) -> None:
        g = self.game
        key = self._combat_key()
        if key in self.block_snap:
            return
        self.block_snap[key] = {
            oid: (o.tapped, g.chars(o).is_creature, g.controller(o))
            for oid in g.battlefield
            if isinstance(o := g.objects[oid], GameObject) and not o.phased_out}

    def _combat_checks(self) -> None:
        g = self.game
        cb = g.combat
        step = g.step
        if cb is None:
            return
        if step is None or step.phase != "combat":
            if cb.attackers or cb.blockers:
                self.fail("511.3", "creatures are still attacking or blocking outside the "
                          "combat phase")
            return
        for oid in cb.attackers:
            o = g.objects.get(oid)
            if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
                self.fail("506.4", f"attacker {oid} isn't on the battlefield")
            elif not o.phased_out and (not g.chars(o).is_creature or
                                       g.controller(o) != cb.attacking_player
                                       and g.controller(o) not in g.active_players()):
                self.fail("506.4", f"{o.name} attacks but isn't a creature of the "
                          "attacking player")
        for oid in cb.blockers:
            o = g.objects.get(oid)
            if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
                self.fail("506.4", f"blocker {oid} isn't on the battlefield")
            elif not o.phased_out and not g.chars(o).is_creature:
                self.fail("506.4", f"{o.name} blocks but isn't a creature")
        key = self._combat_key()
        if cb.declared and key not in self.checked_attacks and key in self.attack_snap:
            self.checked_attacks.add(key)
            snap = self.attack_snap[key]
            for oid in cb.attackers:
                o = g.objects[oid]
                assert isinstance(o, GameObject)
                was = snap.get(oid)
                if was is None:
                    self.fail("508.1a", f"{o.name} attacks but wasn't on the battlefield")
                    continue
                tapped, creature, ctrl, ready = was
                if tapped or not creature:
                    self.fail("508.1a", f"{o.name} attacks but was "
                              f"{'tapped' if tapped else 'not a creature'}")
                if not ready:
                    self.fail("302.6", f"{o.name} attacks without haste, not controlled "
                              "continuously since the turn began")
                if not o.tapped and "vigilance" not in g.chars(o).keywords:
                    self.fail("508.1f", f"{o.name} attacks untapped without vigilance")
        if cb.blockers_declared and key not in self.checked_blocks and key in self.block_snap:
            self.checked_blocks.add(key)
            bsnap = self.block_snap[key]
            for oid in cb.blockers:
                o = g.objects[oid]
                assert isinstance(o, GameObject)
                bwas = bsnap.get(oid)
                if bwas is None or bwas[0] or not bwas[1]:
                    self.fail("509.1a", f"{o.name} blocks but wasn't an untapped creature")
                elif bwas[2] == cb.attacking_player:
                    self.fail("509.1a", f"{o.name} blocks but is the attacking player's")


def play_checked(game: Game, agents: Sequence[Any], limit: int,
                 oracle: Oracle | None = None) -> Oracle:
    """Play ``game`` to its end with ``agents`` (one per player), the oracle checking
    every decision; returns the oracle (its ``violations``)."""
    oracle = oracle or Oracle(game)
    k = 0
    while game.decision is not None:
        d = game.decision
        oracle.before(game)
        action = agents[d.by].act(game)
        oracle.action(game, d.player, action)
        game.apply(d.by, action)
        oracle.after(game, d.player, action)
        k += 1
        assert k < limit, f"no end after {k} decisions"
    assert game.over, "the game stopped without ending"
    return oracle


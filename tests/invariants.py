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

Combat and life (read from the state as each declaration is made and from the log, not
from the engine's own legality helpers):

* 509.1a-b: each declared block respects evasion and restrictions as the block is
  declared -- flying/reach (702.9b, 702.17b), shadow (702.27b), intimidate (702.13b),
  landwalk (702.14c), protection (702.16f), "can't be blocked" and "can't block" effects,
  "can block only creatures with flying", "can't be blocked by Walls"; a blocker is an
  untapped creature of the declaring player and blocks no more attackers than it may;
  menace (702.110b) and "can't be blocked by more than one creature";
* 509.1c / 508.1d, the simple cases: no creature able to block a Lure attacker (or with
  "blocks each combat if able") stays out of the blocks, and no creature able to attack
  with "attacks each combat if able" stays home, when obeying would break no restriction
  and cost nothing (509.1d, 508.1h);
* 510.1a-d, 510.4 (the seeds' 509.2/509.3 damage assignment order): each creature that
  deals combat damage in a step deals damage equal to its power, and a blocked creature
  (or a blocker) assigns lethal damage to each creature in its order before the next, and
  to all its blockers before the player with trample (702.19b) -- except in a step where
  a prevention or replacement effect, protection or banding applied (logged notes);
* 118.3, 119.3a-f (the seed's numbers, as in 2017), 702.15b, 702.79, 702.89: each
  player's life total and poison count change exactly by the logged life gains, life
  losses and damage (infect damage to a player gives poison counters); damage from a
  source with wither or infect to a creature gives -1/-1 counters and marks no damage;
  lifelink damage in a combat damage step makes its controller gain that much life.

Use :func:`play_checked` to play a game with random agents under the oracle."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from manastack import log as ev
from manastack.engine import Game
from manastack.game.decisions import (
    Activate,
    Cast,
    DeclareAttackers,
    DeclareBlockers,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef, Zone, flag_count
from manastack.rules.casting import activated_abilities, land_plays
from manastack.rules.combat import combat_cost
from manastack.rules.sba import PLANESWALKER_TYPES
from manastack.rules.static import cant_lose, forbids
from manastack.rules.targeting import protection_from
from manastack.variants import variant_of

NO_PRIORITY = ("untap", "cleanup")
DAMAGE_STEPS = ("combat_damage", "combat_damage_2")
#: notes of effects that change the damage a creature deals: a step with one is exempt
#: from the amount and assignment-order checks (510.1a's "except where...")
DAMAGE_CHANGED = ("614.", "615.", "616.1", "702.16e", "306.7", "801.13a", "702.21")


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
        #: (turn, phase id) -> attacker -> how many blockers were declared for it
        self.declared_blocks: dict[tuple[int, int], dict[int, int]] = {}
        #: life and poison totals at the last check, and the log length then (119.3)
        self.totals: dict[int, tuple[int, int]] | None = None
        self.totals_log = 0
        #: the combat damage step under way: what its creatures were as it began (510.1)
        self.dmg_snap: dict[str, Any] | None = None
        #: creatures with first or double strike as the first combat damage step began
        self.first_strikers: set[int] = set()
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
        if kind == ev.STEP_BEGAN and e.data.get("step") in DAMAGE_STEPS:
            self._snapshot_damage(e.data["step"])
        elif kind == ev.STEP_ENDED and self.dmg_snap is not None:
            self._check_damage_step()
        elif kind == ev.DAMAGE:
            self._damage_result(e)
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
        self._life_bookkeeping()
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
        if isinstance(action, DeclareBlockers) and d is not None:
            self._check_block_declaration(player, action)
        elif isinstance(action, DeclareAttackers) and d is not None:
            self._check_attack_declaration(player, action)
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
            for a, n in self.declared_blocks.get(key, {}).items():
                ao = g.objects.get(a)
                if not isinstance(ao, GameObject):
                    continue
                ac = g.chars(ao)
                if n == 1 and ("menace" in ac.keywords or "can't be blocked except by two "
                                                           "or more creatures" in ac.flags):
                    self.fail("702.110b", f"{ao.name} is blocked by one creature only")
                if n > 1 and "can't be blocked by more than one creature" in ac.flags:
                    self.fail("509.1b", f"{ao.name} is blocked by {n} creatures")

    # ------------------------------------------------------------ blocks (509.1)

    def _attacked(self, attacker: int) -> int | None:
        """The player ``attacker`` attacks, or the controller of the planeswalker it
        attacks (506.2, 802.2a)."""
        g = self.game
        assert g.combat is not None
        t = g.combat.attackers.get(attacker)
        if isinstance(t, PlayerRef):
            return t.index if t.index >= 0 else None
        o = g.objects.get(t) if t is not None else None
        return g.controller(o) if isinstance(o, GameObject) else None

    def _cant_block(self, b: GameObject, a: GameObject) -> tuple[str, str] | None:
        """(rule, why) ``b`` may not block ``a`` now (509.1a-b: evasion and restrictions,
        read from their characteristics), or None."""
        g = self.game
        cb = g.combat
        assert cb is not None
        bc, ac = g.chars(b), g.chars(a)
        ak, bk = ac.keywords, bc.keywords
        if not bc.is_creature or b.tapped:
            return "509.1a", f"{b.name} isn't an untapped creature"
        if {"can't block", "can't attack or block"} & bc.flags or forbids(g, "cant_block", b):
            return "509.1b", f"{b.name} can't block"
        if "unblockable" in ak or "can't be blocked" in ac.flags:
            return "509.1b", f"{a.name} can't be blocked"
        if "flying" in ak and not {"flying", "reach"} & bk:
            return "702.9b", f"{a.name} has flying; {b.name} has neither flying nor reach"
        if ("shadow" in ak) != ("shadow" in bk):
            return "702.27b", "only one of them has shadow"
        if "intimidate" in ak and "Artifact" not in bc.types and not ac.colors & bc.colors:
            return "702.13b", f"{a.name} has intimidate; {b.name} shares no color with it"
        if "can block only creatures with flying" in bc.flags and "flying" not in ak:
            return "509.1b", f"{b.name} can block only creatures with flying"
        if "can't be blocked by walls" in ac.flags and "Wall" in bc.subtypes:
            return "509.1b", f"{a.name} can't be blocked by Walls"
        walks = [k[:-4].capitalize() for k in ak if k.endswith("walk") and len(k) > 4]
        if walks:
            who = self._attacked(a.id)
            defenders = set(cb.defending_players) if g.options.variant == \
                "two_headed_giant" else {who if who is not None else g.controller(b)}
            for oid in g.battlefield:
                land = g.objects[oid]
                if isinstance(land, GameObject) and not land.phased_out and \
                        g.controller(land) in defenders:
                    lc = g.chars(land)
                    if lc.is_land and set(walks) & lc.subtypes:
                        return "702.14c", f"{a.name} has landwalk; {land.name} is there"
        if protection_from(g, a, b.id):
            return "702.16f", f"{a.name} has protection from {b.name}"
        return None

    @staticmethod
    def _count_limits(c: Any) -> bool:
        """Has an attacker a restriction on the number of its blockers (702.110b...)?"""
        return "menace" in c.keywords or bool(c.flags & {
            "can't be blocked except by two or more creatures",
            "can't be blocked by more than one creature"})

    def _check_block_declaration(self, player: int, action: DeclareBlockers) -> None:
        g = self.game
        cb = g.combat
        if cb is None:
            return
        key = self._combat_key()
        counts = self.declared_blocks.setdefault(key, {})
        blocking = dict(action.blocks)
        for b, atks in action.blocks:
            bo = g.objects.get(b)
            if not isinstance(bo, GameObject) or bo.zone != Zone.BATTLEFIELD:
                continue  # refused by the engine (the bad-input tests)
            if g.controller(bo) != player:
                self.fail("509.1a", f"{g.players[player].name} blocks with {bo.name}, "
                          "which they don't control")
            bc = g.chars(bo)
            most = 10**6 if "can block any number of creatures" in bc.flags else \
                1 + flag_count(bc.flags, "can block an additional creature")
            if len(atks) > most:
                self.fail("509.1a", f"{bo.name} blocks {len(atks)} attackers (at most "
                          f"{most})")
            for a in atks:
                ao = g.objects.get(a)
                if not isinstance(ao, GameObject) or a not in cb.attackers:
                    continue
                counts[a] = counts.get(a, 0) + 1
                bad = self._cant_block(bo, ao)
                if bad:
                    self.fail(bad[0], f"{bo.name} blocks {ao.name}: {bad[1]}")
        # 509.1c, the simple cases: a creature able to block obeys its requirement or a
        # Lure's when nothing stands in the way (no cost, no restriction on the number)
        if len(cb.defending_players) != 1 or any(
                combat_cost(g, "block", o.id) for o in g.creatures(player)):
            return
        lures = [g.objects[a] for a in cb.attackers
                 if "all creatures able to block it do so" in g.chars(g.objects[a]).flags]
        for bo in g.creatures(player):
            if bo.phased_out:
                continue
            mine = blocking.get(bo.id, ())
            bc = g.chars(bo)
            for lure in lures:
                assert isinstance(lure, GameObject)
                if lure.id in mine or self._count_limits(g.chars(lure)) or \
                        self._cant_block(bo, lure):
                    continue
                if not mine or (len(mine) == 1 and all(
                        not self._count_limits(g.chars(g.objects[x])) and
                        "all creatures able to block it do so" not in
                        g.chars(g.objects[x]).flags for x in mine)
                        and "blocks each combat if able" not in bc.flags):
                    self.fail("509.1c", f"{bo.name} could block {lure.name} (all creatures "
                              "able to block it do so) and doesn't")
            if not mine and "blocks each combat if able" in bc.flags:
                for a in cb.attackers:
                    ao = g.objects[a]
                    assert isinstance(ao, GameObject)
                    if not self._count_limits(g.chars(ao)) and not self._cant_block(bo, ao):
                        self.fail("509.1c", f"{bo.name} blocks each combat if able, could "
                                  f"block {ao.name} and doesn't block")
                        break

    def _check_attack_declaration(self, player: int, action: DeclareAttackers) -> None:
        """508.1d, the simple case: an untapped creature able to attack with "attacks
        each combat if able" attacks when nothing stands in the way."""
        g = self.game
        cb = g.combat
        if cb is None or not cb.defending_players:
            return
        v = variant_of(g)
        for a, t in action.attacks:
            o = g.objects.get(a)
            if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD:
                continue
            c = g.chars(o)
            if "defender" in c.keywords or {"can't attack", "can't attack or block"} & \
                    c.flags or forbids(g, "cant_attack", o):
                self.fail("508.1c", f"{o.name} attacks despite a restriction (defender or "
                          "\"can't attack\")")
            who = t.index if isinstance(t, PlayerRef) else None
            if not isinstance(t, PlayerRef):
                pw = g.objects.get(t)
                if not isinstance(pw, GameObject) or pw.zone != Zone.BATTLEFIELD or \
                        not g.chars(pw).is_planeswalker:
                    self.fail("508.1b", f"{o.name} attacks {g.name_of(t)}, not a "
                              "planeswalker on the battlefield")
                    continue
                who = g.controller(pw)
            if who is None or who == player or who in v.shares_totals_with(g, player) or \
                    who not in cb.defending_players:
                self.fail("508.1b", f"{o.name} attacks {g.name_of(t)}, not an opponent "
                          "defending this combat or their planeswalker")
        attacking = {a for a, _ in action.attacks} | {a for a, _ in cb.pending_attacks}
        for o in g.creatures(player):
            c = g.chars(o)
            if o.id in attacking or o.tapped or o.phased_out or \
                    "attacks each combat if able" not in c.flags:
                continue
            ready = (o.id in self.turn_start and o.id not in self.lost_continuity) or \
                "haste" in c.keywords
            if not ready or "defender" in c.keywords or {
                    "can't attack", "can't attack or block", "can't attack alone"} & c.flags \
                    or forbids(g, "cant_attack", o) or combat_cost(g, "attack", o.id):
                continue
            self.fail("508.1d", f"{o.name} attacks each combat if able, could attack and "
                      "doesn't")

    # ------------------------------------------------------------ combat damage (510)

    def _snapshot_damage(self, step: str) -> None:
        g = self.game
        cb = g.combat
        self.dmg_snap = None
        if cb is None or not cb.attackers:
            return
        info: dict[int, dict[str, Any]] = {}
        for oid in list(cb.attackers) + list(cb.blockers):
            o = g.objects.get(oid)
            if not isinstance(o, GameObject) or o.zone != Zone.BATTLEFIELD or o.phased_out:
                continue
            c = g.chars(o)
            info[oid] = {"power": c.power or 0, "toughness": c.toughness or 0,
                         "damage": o.damage, "kws": c.keywords, "ctrl": g.controller(o),
                         "name": o.name}
        if step == "combat_damage":
            self.first_strikers = {i for i, x in info.items()
                                   if {"first strike", "double strike"} & x["kws"]}
            dealers = set(self.first_strikers) or set(info)
        else:
            dealers = {i for i, x in info.items()
                       if i not in self.first_strikers or "double strike" in x["kws"]}
        orders: dict[int, tuple[list[int], Any, str]] = {}
        expected: dict[int, int] = {}
        recipients: dict[int, set[Any]] = {}
        for oid in dealers:
            x = info[oid]
            recips: list[Any] = []
            tt = None
            if oid in cb.attackers:
                t = cb.attackers[oid]
                if isinstance(t, PlayerRef):
                    there = t.index >= 0 and g.players[t.index].in_game
                else:
                    pw = g.objects.get(t)
                    there = isinstance(pw, GameObject) and pw.zone == Zone.BATTLEFIELD \
                        and g.chars(pw).is_planeswalker
                if oid in cb.blocked:
                    recips = [b for b in cb.blocked_by.get(oid, []) if b in info]
                    if "trample" in x["kws"] and there:
                        tt = t
                        if not recips:
                            recips, tt = [t], None  # 702.19c
                    orders[oid] = (recips, tt, "510.1c")
                elif there:
                    recips = [t]
            elif oid in cb.blockers:
                recips = [a for a in cb.blockers[oid] if a in info]
                orders[oid] = (recips, None, "510.1d")
            expected[oid] = max(0, x["power"]) if recips else 0
            recipients[oid] = set(recips) | ({tt} if tt is not None else set())
        self.dmg_snap = {"step": step, "log": len(g.log), "info": info,
                         "expected": expected, "orders": orders, "recipients": recipients,
                         "banding": any("banding" in x["kws"] or any(
                             k.startswith("bands with") for k in x["kws"])
                             for x in info.values())}

    def _check_damage_step(self) -> None:
        g = self.game
        snap, self.dmg_snap = self.dmg_snap, None
        assert snap is not None
        if len(g.log) < snap["log"]:
            return
        events = g.log[snap["log"]:]
        if snap["banding"] or any(
                e.kind == ev.INFO and e.rule.startswith(DAMAGE_CHANGED) for e in events):
            return  # prevention, replacement, protection or banding: exempt (510.1a)
        info = snap["info"]
        dealt: dict[int, dict[Any, int]] = {}
        got: dict[Any, int] = {}
        dt_hit: dict[Any, set[int]] = {}
        for e in events:
            if e.kind != ev.DAMAGE or not e.data.get("combat"):
                continue
            src, tgt, n = e.data.get("source"), e.data.get("target"), e.data.get("amount", 0)
            dealt.setdefault(src, {})
            dealt[src][tgt] = dealt[src].get(tgt, 0) + n
            got[tgt] = got.get(tgt, 0) + n
            if n > 0 and src in info and "deathtouch" in info[src]["kws"]:
                dt_hit.setdefault(tgt, set()).add(src)
        step = snap["step"]
        # 510.2: all combat damage is dealt at once: no object changes zone in between
        idx = [k for k, e in enumerate(events) if e.kind == ev.DAMAGE and e.data.get("combat")]
        if idx and any(e.kind == ev.ZONE_CHANGE for e in events[idx[0]:idx[-1]]):
            self.fail("510.2", "an object changes zone between two results of the combat "
                      "damage, which is dealt simultaneously")
        for src, per in dealt.items():
            may = snap["recipients"].get(src)
            for tgt, n in per.items():
                if may is not None and n and tgt not in may:
                    self.fail("510.1b", f"{g.name_of(src)} deals combat damage to "
                              f"{g.name_of(tgt)}, which it may not assign damage to")
        for src in dealt:
            if src not in snap["expected"]:
                name = info[src]["name"] if src in info else g.name_of(src)
                self.fail("510.4" if src in info else "510.2",
                          f"{name} deals combat damage in the {step} but doesn't assign any "
                          "in it")
        for oid, want in snap["expected"].items():
            total = sum(dealt.get(oid, {}).values())
            if total != want:
                self.fail("510.1a", f"{info[oid]['name']} (power {info[oid]['power']}) "
                          f"deals {total} combat damage, not {want}")
        for oid, (recips, tt, rule) in snap["orders"].items():
            mine = dealt.get(oid, {})
            for i, r in enumerate(recips):
                later = any(mine.get(x, 0) for x in recips[i + 1:])
                past = tt is not None and mine.get(tt, 0) > 0
                if not (later or past) or r not in info:
                    continue
                lethal = got.get(r, 0) + info[r]["damage"] >= info[r]["toughness"] or \
                    bool(dt_hit.get(r))
                if not lethal:
                    self.fail(rule if later else "702.19b",
                              f"{info[oid]['name']} assigns damage past {info[r]['name']} "
                              f"({got.get(r, 0)} damage, toughness {info[r]['toughness']}, "
                              f"{info[r]['damage']} marked) before it has lethal damage")
        # 702.15b: lifelink combat damage makes its controller gain that much life
        want_gain: dict[int, int] = {}
        for src, per in dealt.items():
            if src in info and "lifelink" in info[src]["kws"]:
                c = info[src]["ctrl"]
                want_gain[c] = want_gain.get(c, 0) + sum(per.values())
        gained: dict[int, int] = {}
        for e in events:
            if e.kind == ev.LIFE_GAIN and "lifelink" in e.text:
                p = e.data["player"]
                gained[p] = gained.get(p, 0) + e.data["amount"]
        for p in set(want_gain) | set(gained):
            if want_gain.get(p, 0) != gained.get(p, 0) and not any(
                    e.kind == ev.INFO and e.rule.startswith(("118.7", "810.9g"))
                    for e in events):
                self.fail("702.15b", f"{g.players[p].name}'s lifelink creatures dealt "
                          f"{want_gain.get(p, 0)} combat damage; they gained "
                          f"{gained.get(p, 0)} life for it")

    def _damage_result(self, e: ev.Event) -> None:
        """119.3d-e: damage to a creature from a source with wither or infect is -1/-1
        counters, from another source marked damage (the log line says which); 119.3a-b
        to a player: poison counters from infect, else life loss."""
        g = self.game
        src = g.objects.get(e.data.get("source"))
        if not isinstance(src, GameObject) or src.zone != Zone.BATTLEFIELD or \
                not e.data.get("amount"):
            return  # last known information: not read here
        kws = g.chars(src).keywords
        tgt = e.data.get("target")
        counters = "-1/-1 counters" in e.text
        poison = "poison counters" in e.text
        if isinstance(tgt, PlayerRef):
            if poison != ("infect" in kws):
                self.fail("119.3b" if poison else "119.3a",
                          f"{e.text}: the source {'has' if 'infect' in kws else 'lacks'} "
                          "infect")
            return
        o = g.objects.get(tgt)
        if isinstance(o, GameObject) and g.chars(o).is_creature and \
                counters != bool({"wither", "infect"} & kws):
            self.fail("119.3d" if counters else "119.3e",
                      f"{e.text}: the source {'has' if not counters else 'lacks'} wither "
                      "or infect")

    # ------------------------------------------------------------ life (118.3, 119.3)

    def _life_bookkeeping(self) -> None:
        g = self.game
        now = {p.index: (p.life, p.poison) for p in g.players}
        old, start = self.totals, self.totals_log
        self.totals, self.totals_log = now, len(g.log)
        if old is None or len(g.log) < start:
            return
        life = {i: 0 for i in now}
        poison = {i: 0 for i in now}
        for e in g.log[start:]:
            k = e.kind
            if k == ev.LIFE_GAIN:
                life[e.data["player"]] += e.data["amount"]
            elif k == ev.LIFE_LOSS:
                life[e.data["player"]] -= e.data["amount"]
            elif k == ev.DAMAGE and isinstance(t := e.data.get("target"), PlayerRef):
                # 119.4b: the result of the damage dealt (Worship changes the life lost)
                if "poison" in e.data:
                    poison[t.index] += e.data["poison"]
                else:
                    life[t.index] -= e.data.get("life_lost", e.data["amount"])
        v = variant_of(g)
        for p in g.players:
            if not p.in_game:
                continue
            team = set(v.shares_totals_with(g, p.index)) | {p.index}
            dl = sum(life[q] for q in team)
            dp = sum(poison[q] for q in team)
            if now[p.index][0] != old[p.index][0] + dl:
                self.fail("118.3", f"{p.name}'s life went from {old[p.index][0]} to "
                          f"{now[p.index][0]}; the log accounts for {dl:+}")
            if now[p.index][1] != old[p.index][1] + dp:
                self.fail("119.3b", f"{p.name}'s poison counters went from "
                          f"{old[p.index][1]} to {now[p.index][1]}; the log accounts for "
                          f"{dp:+}")


#: words of the rules text of the cards a combat deck draws from (evasion, requirements,
#: combat keywords, prevention, life and counters)
COMBAT_WORDS = re.compile(
    r"flying|reach|intimidate|walk|protection|defender|block|attack|trample|deathtouch|"
    r"first strike|double strike|lifelink|infect|wither|prevent|menace|shadow|banding|"
    r"vigilance|combat|damage|life|poison|[-+]\d/[-+]\d", re.I)


def combat_deck(seed: int) -> list[str]:
    """A random deck of one or two colours, mostly creatures, whose cards all speak of
    combat, damage or life (:data:`COMBAT_WORDS`): random games between such decks reach
    the combat and life invariants far more often than decks of the whole pool."""
    import random

    from manastack.cards.database import all_card_data
    from manastack.cards.registry import is_implemented

    rng = random.Random(seed)
    colors = rng.sample("WUBRG", rng.choice((1, 2)))
    data = all_card_data()
    pool = sorted(n for n, d in data.items() if "Land" not in d.types and is_implemented(n)
                  and set(d.colors) <= set(colors)
                  and COMBAT_WORDS.search(d.oracle_text_2017 or d.oracle_text or ""))
    creatures = [n for n in pool if "Creature" in data[n].types]
    others = [n for n in pool if "Creature" not in data[n].types]
    deck: list[str] = []
    for n in rng.sample(creatures, min(10, len(creatures))):
        deck += [n] * 3
    for n in rng.sample(others, min(5, len(others))):
        deck += [n] * 2
    deck = deck[:38]
    basics = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
    while len(deck) < 60:
        deck.append(basics[colors[len(deck) % len(colors)]])
    return deck


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
    oracle.game = game
    oracle._life_bookkeeping()
    return oracle


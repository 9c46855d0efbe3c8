"""State-based actions (CR 704), checked whenever a player would receive priority.

All applicable state-based actions are performed simultaneously as one
event (704.3), and the check repeats until none apply.  Numbers follow the
2017 CR (704.5a-704.5r); 704.5a-i are the same in the 2011 CR of the seeds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack.events import (
    CountersRemoved,
    GameOver,
    GameStopped,
    PlayerLost,
    PlayerWon,
    ZoneChange,
)
from manastack.game.decisions import ChoiceDecision
from manastack.game.objects import (
    NARROW_CHANGES,
    GameObject,
    IdKey,
    PlayerRef,
    StackAbility,
    Zone,
    union,
)
from manastack.lines import Card, Items, Line, Raw, Who, Word, say
from manastack.rules.board import board
from manastack.rules.combat import check_combat
from manastack.rules.effects_end import (
    end_source_effects,
    exile_if_controller_left,
    while_predicates,
)
from manastack.rules.keyword_actions import destroy_all
from manastack.rules.static import cant_lose
from manastack.rules.targeting import protection_from
from manastack.rules.variant import variant_of
from manastack.rules.zones import move

if TYPE_CHECKING:
    from manastack.game.state import GameState


#: The planeswalker types of the 2017 Comprehensive Rules (205.3j): 704.5j compares only
#: these among a planeswalker's subtypes.
PLANESWALKER_TYPES: Final = frozenset(
    "Ajani Arlinn Ashiok Bolas Chandra Dack Daretti Domri Dovin Elspeth Freyalise Garruk "
    "Gideon Jace Karn Kaya Kiora Koth Liliana Nahiri Narset Nissa Nixilis Ral Saheeli Samut "
    "Sarkhan Sorin Tamiyo Teferi Tezzeret Tibalt Ugin Venser Vraska Xenagos".split())


#: The narrow kind of change every check reads: damage marked on permanents and life
#: totals (704.5a, 704.5g-h).  It reads what is in combat too (506.4,
#: :func:`check_combat`), looked at apart (:func:`_combat_settled`).
_SBA_READS: Final = frozenset({"damage"})
#: What is in combat (a narrow kind of change).
_COMBAT: Final = frozenset({"combat"})


#: Why a permanent is put into its owner's graveyard (704.5k, 704.5j).
_LEGEND_RULE: Final = say("legend rule", "règle des légendes")
_UNIQUENESS_RULE: Final = say("planeswalker uniqueness rule",
                              "règle d'unicité des planeswalkers")
#: Why the game is a draw (104.4b, 801.16).
_LOOP: Final = say("a loop of mandatory actions", "une boucle d'actions obligatoires")


def line_of(text: Line | str) -> Line:
    """A line as it is; (while some sites still give text) a plain English string as a
    line, read in English in every language."""
    return text if isinstance(text, Line) else Line(str(text), "")


def named_source(src: object) -> Who | Card | Word | Raw | Items | Line:
    """What a rule hook names as its source (:func:`~manastack.rules.static.forbids`,
    :func:`~manastack.rules.static.doesnt_untap`) as an argument of a line: an argument
    as it is; a name, as a card's name (a rule effect's text reads as its card wrote
    it)."""
    if isinstance(src, (Who, Card, Word, Raw, Items, Line)):
        return src
    return Card(None, str(src))


def check(game: GameState, player: int) -> bool:
    """Perform SBAs; if any were performed, schedule another check and return True."""
    if perform(game):
        if not game.over:
            from manastack.rules.priority import start_priority  # (priority imports sba)
            game.push(start_priority, player)
        return True
    return False


def perform(game: GameState) -> bool:
    """One simultaneous round of state-based actions; True if any happened (704.3)."""
    version, wide, reads_then, totals = game.derived.sba_clean
    if version == game.version or (
            wide == game.wide_version
            and (not reads_then or game.unchanged_since(version, wide, reads_then))
            and _same_totals(game, totals)
            and (game.narrow_unchanged_since(version, _COMBAT) or _combat_settled(game))):
        # nothing it reads changed since a check that found nothing to do
        if game.derived.check:  # (check mode: a check of a copy finds nothing either)
            probe = game.copy()  # (with a store of its own: no clean stamp)
            game.check_kept("no state-based action to perform", False, perform(probe))
        if version != game.version:  # clean now too: the next check needs no comparison
            game.derived.sba_clean = (game.version, wide, reads_then, totals)
        return False
    log_length = len(game.log)
    exile_if_controller_left(game)  # 800.4c (as soon as a control effect ends)
    check_combat(game)
    variant = variant_of(game)
    losers: list[tuple[int, str, Line]] = []
    for p in game.players:
        if not p.in_game:
            continue
        if p.life <= 0:
            # 704.5t, 810.8c: in Two-Headed Giant the life total is the team's
            team = len(variant.shares_totals_with(game, p.index)) > 1
            losers.append((p.index, "704.5t" if team else "704.5a", say(
                "{who} has 0 or less life", "{who} a 0 point de vie ou moins",
                who=game.who(p.index))))
        elif p.drew_from_empty:
            losers.append((p.index, "704.5b", say(
                "{who} attempted to draw from an empty library",
                "{who} a tenté de piocher dans une bibliothèque vide", who=game.who(p.index))))
        elif p.poison >= variant.poison_limit(game, p.index):
            limit = variant.poison_limit(game, p.index)
            losers.append((p.index, "704.5c" if limit == 10 else "704.5u",  # 810.8d
                           say("{who} has ten or more poison counters",
                               "{who} a dix marqueurs poison ou plus", who=game.who(p.index))
                           if limit == 10 else
                           say("{who} has {n} or more poison counters",
                               "{who} a {n} marqueurs poison ou plus", who=game.who(p.index),
                               n=limit)))
        p.drew_from_empty = False
    reads = game.derived.view_reads  # narrow changes this check depends on (see _clean)
    to_graveyard: list[tuple[GameObject, str, Line]] = []
    to_destroy: list[tuple[GameObject, str, Line]] = []
    vanish: list[tuple[int, str]] = []
    counters_fix: list[GameObject] = []
    counters_after: list[GameObject] = []  # of creatures being destroyed (704.5r)
    legends: dict[tuple[int, str], list[GameObject]] = {}
    deathtouched: list[GameObject] = []
    for zone_list in [game.battlefield, game.exile, game.command] + [
            z for p in game.players for z in (p.hand, p.graveyard)] if game.copies_exist else []:
        for oid in zone_list:
            o = game.objects[oid]
            if isinstance(o, GameObject) and o.is_copy:
                vanish.append((oid, "704.5e"))
    if game.tokens_elsewhere:
        for oid in game.tokens_elsewhere:
            tok = game.objects.get(oid)
            if isinstance(tok, GameObject) and tok.is_token and tok.zone != Zone.BATTLEFIELD:
                vanish.append((oid, "704.5d"))
        game.tokens_elsewhere.clear()
    objects = game.objects
    # chars(o) is looked up in the view directly while it is current (None: not known to
    # be; chars() then makes it current, when it would have been made so anyway)
    view = game.derived.view if game.derived.view_version == game.version else None
    battlefield: list[IdKey] = game.battlefield
    for key in battlefield:  # (not ``oid``: typed int above, it would be boxed again)
        o = objects[key]
        assert isinstance(o, GameObject)
        if o.phased_out:
            continue
        if view is None:
            c = game.chars(o)
            view = game.derived.view
        else:
            c = view.get(key) or game.chars(o)
        types = c.types
        if not o.counters and o.attached_to is None and "Legendary" not in c.supertypes \
                and "Planeswalker" not in types and "Aura" not in c.subtypes and (
                    "Creature" not in types or c.toughness is None
                    or (c.toughness > 0 and o.damage < c.toughness
                        and not o.deathtouch_damage)):
            continue  # the common case: no state-based action looks at it (704.5f-r)
        if o.deathtouch_damage:
            deathtouched.append(o)
        # 704.3: every applicable SBA is performed at once, so a legendary permanent or a
        # planeswalker that another SBA puts into the graveyard still counts for 704.5j-k
        # (keeping the one with lethal damage loses both)
        if "Legendary" in c.supertypes:
            legends.setdefault((game.controller(o), "legend:" + c.name), []).append(o)
        if c.is_planeswalker:
            for sub_ in c.subtypes:
                if sub_ in PLANESWALKER_TYPES:  # not an animated Gideon's Human Soldier
                    legends.setdefault((game.controller(o), "planeswalker:" + sub_),
                                       []).append(o)
        doomed = False  # to be destroyed: it may stay (indestructible, regeneration)
        if c.is_creature and c.toughness is not None:
            if c.toughness <= 0:
                to_graveyard.append((o, "704.5f", say(
                    "{card} has 0 or less toughness",
                    "{card} a une endurance inférieure ou égale à 0", card=Card(o.id, o.name))))
                continue
            if o.damage >= c.toughness and o.damage > 0:
                to_destroy.append((o, "704.5g", say(
                    "{card} has lethal damage marked on it",
                    "des blessures mortelles sont marquées sur {card}",
                    card=Card(o.id, o.name))))
                doomed = True
            elif o.deathtouch_damage:
                to_destroy.append((o, "704.5h", say(
                    "{card} was dealt damage by a source with deathtouch",
                    "{card} a subi des blessures infligées par une source avec le contact "
                    "mortel", card=Card(o.id, o.name))))
                doomed = True
        if c.is_planeswalker and o.counters.get("loyalty", 0) <= 0:
            to_graveyard.append((o, "704.5i", say("{card} has 0 loyalty",
                                                  "{card} a une loyauté de 0",
                                                  card=Card(o.id, o.name))))
            continue
        if "Aura" in c.subtypes and "Enchantment" in c.types:
            reads = union(reads, _aura_reads(o))
            if not _aura_legal(game, o):
                to_graveyard.append((o, "704.5n", say(
                    "{card} isn't attached to a legal object or player",
                    "{card} n'est attachée à aucun objet ni joueur légal",
                    card=Card(o.id, o.name))))
                continue
            if game.options.extra.get("range") and not _aura_in_range(game, o):
                to_graveyard.append((o, "801.8", say(
                    "{card} is attached to an object or player outside its controller's "
                    "range of influence", "{card} est attachée à un objet ou à un joueur hors "
                    "de la portée d'influence de son contrôleur", card=Card(o.id, o.name))))
                continue
        if o.attached_to is not None and "Aura" not in c.subtypes:
            host = game.get(o.attached_to) if not isinstance(o.attached_to, PlayerRef) else None
            if "Equipment" in c.subtypes and (host is None or host.zone != Zone.BATTLEFIELD
                                              or not game.chars(host).is_creature
                                              or host.id == o.id
                                              or protection_from(game, host, o.id)):
                # 301.5c: an Equipment can't equip itself; 702.16c: nor a permanent with
                # protection from it
                o.attached_to = None
                game.changed()
                view = None  # (no longer current)
                game.note("704.5p", say("{card} becomes unattached", "{card} n'est plus attaché",
                                        card=Card(o.id, o.name)))
            elif "Equipment" in c.subtypes and host is not None and \
                    game.options.extra.get("range") and not variant_of(game).in_range(
                        game, c.controller, game.controller(host)):
                o.attached_to = None
                game.changed()
                view = None  # (no longer current)
                game.note("801.9", say(
                    "{card} becomes unattached ({host} is outside {who}'s range of influence)",
                    "{card} n'est plus attaché ({host} est hors de la portée d'influence "
                    "{who:de})", card=Card(o.id, o.name), host=Card(host.id, host.name),
                    who=game.who(c.controller)))
        if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
            # 704.3: 704.5r applies with 704.5g-h; if the creature is destroyed, it leaves
            # with its counters (704.7: last known information from before the SBAs), if
            # it stays (indestructible, regenerated) the pairs are removed all the same
            (counters_after if doomed else counters_fix).append(o)
    # 704.5j / 704.5k: the controller chooses the one to keep (asked before the batch).
    keeps: dict[str, int] = game.turn_flags.setdefault("_keep", {})
    for (ctrl, key), objs in legends.items():
        if len(objs) < 2:
            continue
        gkey = f"{ctrl}:{key}:{sorted(o.id for o in objs)}"
        if gkey not in keeps:
            kind, name = key.split(":", 1)
            rule = "704.5k" if kind == "legend" else "704.5j"
            what = (f"legend rule: you control two or more legendary permanents named {name}"
                    if kind == "legend" else
                    f"planeswalker uniqueness rule: you control two or more {name} "
                    "planeswalkers")
            game.ask(ChoiceDecision(ctrl, "choose", f"{what}; choose the one to keep",
                                    (_keep_chosen, (gkey,)), rule=rule,
                                    options=tuple(o.id for o in objs), purpose=what))
            return True
        keep = keeps[gkey]
        rule = "704.5k" if key.startswith("legend:") else "704.5j"
        for o in objs:
            if o.id != keep:
                to_graveyard.append((o, rule, _LEGEND_RULE if rule == "704.5k"
                                     else _UNIQUENESS_RULE))
    keeps.clear()
    # 704.3: the check sees the game before any of this batch is performed: a player who
    # can't lose at the time of the check (Platinum Angel) doesn't lose even if the same
    # batch puts the Angel into the graveyard (an opponent losing then ends the game)
    spared = {p.index for p in game.players if p.in_game and cant_lose(game, p.index)} \
        if losers or game.variant_state else set()
    happened = False
    # 704.5h looks at damage from a deathtouch source dealt "since the last time
    # state-based actions were checked": this check has seen it (an indestructible
    # creature isn't destroyed by it later, once it loses indestructible)
    for o in deathtouched:
        o.deathtouch_damage = False
    if deathtouched:
        game.changed()
    # 704.3: all of these happen at once: an effect lasting "for as long as" one of them
    # ends once they all have (611.2b), not between two of them
    game.begin_simultaneous()
    try:
        for ids, rule in vanish:
            o = game.objects[ids]
            assert isinstance(o, GameObject)
            game.zone_list(o.zone, o.owner).remove(ids)
            del game.objects[ids]
            game.changed()
            game.note(rule, say("The {card} token ceases to exist",
                                "Le jeton {card} cesse d'exister", card=Card(o.id, o.name))
                      if o.is_token else
                      say("The {card} copy ceases to exist", "La copie {card} cesse d'exister",
                          card=Card(o.id, o.name)))
            happened = True
        for o in counters_fix:
            _annihilate_counters(game, o)
            happened = True
        for o, rule, why in to_graveyard:
            if o.id in game.objects and o.zone == Zone.BATTLEFIELD:
                move(game, o, Zone.GRAVEYARD, rule, verb=say(
                    "{card} is put into its owner's graveyard ({why})",
                    "{card} est mis dans le cimetière de son propriétaire ({why})",
                    card=Card(o.id, o.name), why=why))
                happened = True
        live = [(o, rule, why) for o, rule, why in to_destroy
                if o.id in game.objects and o.zone == Zone.BATTLEFIELD] if to_destroy else []
        if live:
            fates = destroy_all(game, [o for o, _, _ in live], [r for _, r, _ in live],
                                [w for _, _, w in live])
            if any(f != "indestructible" for f in fates):
                happened = True
        for o in counters_after:
            if o.id in game.objects and o.zone == Zone.BATTLEFIELD:  # it wasn't destroyed
                _annihilate_counters(game, o)
                happened = True
        if game.variant_state:
            if variant_of(game).state_based_actions(game, losers):  # 704.5v, 704.5w
                happened = True
        lost_now = False
        for idx, rule, why in losers:
            if any(q in spared for q in variant_of(game).loses_with(game, idx)):
                continue  # 810.8a: if a player can't lose, their team can't
            # 704.3: these players lose simultaneously; if none is left, the game is a draw
            # (104.4a), so the end of the game is decided once all of them have lost
            lose(game, idx, rule, why, end_check=False)
            happened = lost_now = True
        if lost_now:
            _end_if_one_team_left(game)
    finally:
        game.end_simultaneous()
    if not happened:
        # with no effect at all (the lists end_source_effects and while_predicates look
        # at), none can end and none lasts "for as long as" a predicate holds
        effects = bool(game.effects or game.replacements or game.delayed_triggers
                       or game.rule_effects)
        if effects:
            before = game.version
            end_source_effects(game)
            if game.version != before:
                # 611.2b: an effect that ended may make a state-based action apply (the
                # Forest animated for as long as Awakener Druid remains on the battlefield
                # stops being a creature: an Aura that enchants a creature falls off, and
                # it is removed from combat): check again, now
                return perform(game)
        if game.variant_state or len(game.log) != log_length or losers or (
                effects and while_predicates(game)):
            # a "for as long as" predicate, a variant's SBA or a "can't lose" hook that
            # spared a player (e.g. "during your turn") may read anything; a check that
            # logged something ("is indestructible") logs it again on the next one
            reads = NARROW_CHANGES
        # Nothing to do until something this check read changes: any wide change, the
        # narrow ones the characteristics or Auras' restrictions read (no SBA reads mana
        # pools or, otherwise, tapped status: 704.5), damage marked (704.5g-h, 704.5a-c),
        # or the players' totals (some are changed without a call to game.changed()); a
        # change of what is in combat alone (506.4) is looked at by _combat_settled
        game.derived.sba_clean = (game.version, game.wide_version,
                           union(union(game.derived.view_reads, reads), _SBA_READS), _totals(game))
    return happened


def _combat_settled(game: GameState) -> bool:
    """Only what is in combat changed since a check that found nothing to do (of what a
    check reads but through the characteristics and the Auras' restrictions, which don't
    read it then): is the game still such that a check would find nothing?

    Then the check's other parts would find what they found (nothing), and its combat part
    (506.4, :func:`check_combat`) is made alone: if it removes nothing from combat, nothing
    happens, and the clean stamp is brought up to now.  Not while an effect lasts "for as
    long as" something (611.2b: its end, looked at once the check's actions are done, may
    read combat); if it removes a creature, the whole check follows."""
    if game.lasting or check_combat(game):
        return False
    stamp = game.derived.sba_clean
    game.derived.sba_clean = (game.version, game.wide_version, stamp[2], stamp[3])
    return True


def _annihilate_counters(game: GameState, o: GameObject) -> None:
    """704.5r: N +1/+1 and N -1/-1 counters are removed (N the smaller count)."""
    n = min(o.counters["+1/+1"], o.counters["-1/-1"])
    o.counters["+1/+1"] -= n
    o.counters["-1/-1"] -= n
    game.changed()
    card = Card(o.id, o.name)
    game.note("704.5r", say("{n} +1/+1 and -1/-1 counter pair(s) are removed from {card}",
                            "On retire {n} paire(s) de marqueurs +1/+1 et -1/-1 {card:de}",
                            n=n, card=card))
    for kind in ("+1/+1", "-1/-1"):
        for _ in range(n):  # one event per counter: each removal can trigger (121.1)
            game.emit_event(CountersRemoved("704.5r", say(
                "a {kind} counter is removed from {card}", "un marqueur {kind} est retiré {card:de}",
                kind=Raw(kind), card=card), game.turn_number, object=o.id, counter=kind, n=1))


def _totals(game: GameState) -> list[tuple[int, int, bool, bool, bool]]:
    """What the player SBAs read (704.5a-c): life, poison, drawing from an empty library,
    and whether each player is still in the game (lost or left)."""
    return [(p.life, p.poison, p.drew_from_empty, p.lost, p.left_game) for p in game.players]


def _same_totals(game: GameState, totals: list[tuple[int, int, bool, bool, bool]]) -> bool:
    """Is ``_totals(game)`` equal to ``totals`` (compared without building it)?"""
    players = game.players
    if len(totals) != len(players):
        return False
    for i, p in enumerate(players):
        t = totals[i]
        if t[0] != p.life or t[1] != p.poison or t[2] != p.drew_from_empty \
                or t[3] != p.lost or t[4] != p.left_game:
            return False
    return True


def _aura_reads(aura: GameObject) -> frozenset[str]:
    """The narrow kinds of change the legality of ``aura``'s attachment may depend on."""
    sp = aura.card.spell
    return sp.targets[0].selector.reads if sp is not None and sp.targets else frozenset()


def _keep_chosen(game: GameState, action: Any, gkey: str) -> None:
    game.turn_flags.setdefault("_keep", {})[gkey] = action.items[0]


def _aura_legal(game: GameState, aura: GameObject) -> bool:
    t = aura.attached_to
    if t is None:
        return False
    if isinstance(t, PlayerRef):
        return game.players[t.index].in_game
    host = game.get(t)
    if host is None or host.zone != Zone.BATTLEFIELD:
        return False
    sp = aura.card.spell
    if sp is not None and sp.targets:
        spec = sp.targets[0]
        if not spec.selector.test(game, t, game.controller(aura), aura.id):
            return False
    return not protection_from(game, host, aura.id)


def _aura_in_range(game: GameState, aura: GameObject) -> bool:
    """801.8: an Aura can't enchant an object or player outside its controller's range."""
    t = aura.attached_to
    host = game.get(t) if not isinstance(t, PlayerRef) else None
    who = t.index if isinstance(t, PlayerRef) else (
        game.controller(host) if host is not None else None)
    return who is None or variant_of(game).in_range(game, game.controller(aura), who)


def lose(game: GameState, player: int, rule: str, why: Line, team_rule: str = "810.8a",
         end_check: bool = True) -> None:
    """A player loses the game (CR 104.3); with teams that lose together, the whole team
    does (810.8a; ``team_rule`` is cited for the teammates: 810.8b for a concession);
    the game ends when one player or team remains (104.2a).  ``end_check=False`` leaves
    that check to the caller (players losing simultaneously: 704.3, 104.4a)."""
    p = game.players[player]
    if not p.in_game:
        return
    group = [q for q in variant_of(game).loses_with(game, player) if game.players[q].in_game]
    if player not in group:
        group.insert(0, player)
    for q in group:
        game.players[q].lost = True
    game.changed()
    game.emit_event(PlayerLost(rule, say("{who} loses the game ({why})",
                                         "{who} perd la partie ({why})",
                                         who=game.who(player), why=line_of(why)), game.turn_number,
                                         player=player))
    for q in group:
        if q != player:
            game.emit_event(PlayerLost(team_rule, say(
                "{who} loses the game with {other} (the team loses together)",
                "{who} perd la partie avec {other} (l'équipe perd ensemble)",
                who=game.who(q), other=game.who(player)), game.turn_number, player=q))
    for q in group:
        _leave_game(game, q)
    d = game.decision
    if d is not None and d.player in group and d.kind == "priority":
        # 800.4a: if the player who left had priority, it passes to the next player
        from manastack.rules.priority import start_priority
        game.decision = None
        game.push(start_priority, variant_of(game).next_priority_player(game, d.player))
    if end_check:
        _end_if_one_team_left(game)


def _end_if_one_team_left(game: GameState) -> None:
    """104.2a: the game ends when one team (or none: a draw, 104.4a) is left."""
    teams = game.teams_left()
    if len(teams) <= 1:
        game.over = True
        alive = teams[0] if teams else []
        if alive:
            game.winner = alive[0]
            for w in alive:
                game.players[w].won = True
            names = variant_of(game).result_who(game, alive)
            game.emit_event(GameOver("104.2a", say("{names} wins the game",
                                                   "{names} gagne la partie", names=names)
                                     if len(alive) == 1 else say("{names} win the game",
                                                   "{names} gagnent la partie", names=names),
                                     game.turn_number,
                                     winner=alive[0], winners=alive, board=board(game)))
        else:
            game.draw_game = True
            game.emit_event(GameOver("104.4a", say("The game is a draw", "La partie est nulle"),
                                     game.turn_number, winner=None, board=board(game)))
        game.decision = None
        game.clear_agenda()


def _leave_game(game: GameState, player: int) -> None:
    """CR 800.4a: when a player leaves a multiplayer game, all objects they own leave the
    game, effects giving them control of objects end; then objects they control on the
    stack that aren't cards cease to exist; then objects they still control are exiled.
    Their waiting and delayed triggered abilities won't be put on the stack (800.4d)."""
    if len(game.teams_left()) <= 1:
        return  # the game is over (104.2a): nothing leaves

    name = game.who(player)
    owned = [oid for oid, o in game.objects.items() if isinstance(o, GameObject)
             and o.owner == player]
    # 603.6c: a phased-in permanent that leaves the game with its owner leaves the
    # battlefield; its leaves-the-battlefield abilities look back in time (603.10a)
    # (phased-out ones don't trigger, 702.25j)
    left_battlefield: list[tuple[GameObject, Any]] = []
    for oid in owned:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        if o.zone == Zone.BATTLEFIELD and not o.phased_out:
            c = game.chars(o)
            game.lki[oid] = (o, c)
            game.lki_batch.append(oid)
            left_battlefield.append((o, c))
    if game.combat is not None:
        for oid in owned:
            game.combat.remove(game, oid, quiet=True, rule="800.4a")
        if player in game.combat.defending_players:
            # 800.4a: a player who left the game can't be attacked (506.2, 508.1b)
            game.combat.defending_players = [d for d in game.combat.defending_players
                                             if d != player]
    for oid in owned:
        o = game.objects[oid]
        assert isinstance(o, GameObject)
        lst = game.zone_list(o.zone, o.owner)
        if oid in lst:
            lst.remove(oid)
        del game.objects[oid]
        game.departed[oid] = o
    if owned:
        game.note("800.4a", say("All {n} objects {who} owns leave the game with them",
                                "Les {n} objets dont {who} est propriétaire quittent la partie "
                                "avec ce joueur", n=len(owned), who=name))
    if left_battlefield:
        game.changed()
        for o, c in left_battlefield:
            game.emit_event(ZoneChange("603.6c", say(
                "{card} leaves the battlefield ({who} left the game)",
                "{card} quitte le champ de bataille ({who} a quitté la partie)",
                card=Card(o.id, o.name), who=name), game.turn_number, object=None, old=o.id,
                from_zone=Zone.BATTLEFIELD,
                                       to_zone=None, owner=o.owner, name=o.name, token=o.is_token,
                                       controller=c.controller, lki=c, left_game=True))
    ended = [e for e in game.effects if getattr(e, "layer", "") == "2" and
             getattr(e.apply, "gives_control_to", e.controller) == player]
    for e in ended:
        game.effects.remove(e)
    if ended:
        game.note("800.4a", say("Effects giving {who} control of objects end",
                                "Les effets donnant à {who} le contrôle d'objets prennent fin",
                                who=name))
    game.changed()
    for oid in list(game.stack):
        so = game.objects.get(oid)
        if isinstance(so, StackAbility) and so.controller == player or \
                isinstance(so, GameObject) and so.is_copy and so.controller == player:
            game.stack.remove(oid)
            del game.objects[oid]
            game.note("800.4a", say("{card} ({who}'s, not a card) ceases to exist",
                                    "{card} (contrôlé par {who}, pas une carte) cesse "
                                    "d'exister", card=Card(so.id, so.name), who=name))
    game.changed()
    for oid in list(game.stack) + list(game.battlefield):
        co = game.objects.get(oid)
        if isinstance(co, GameObject) and game.controller(co) == player:
            if game.combat is not None:
                game.combat.remove(game, oid, quiet=True, rule="800.4a")
            move(game, co, Zone.EXILE, "800.4a", verb=say(
                "{card} is exiled ({who} left the game while controlling it)",
                "{card} est exilé ({who} a quitté la partie en le contrôlant)",
                card=Card(co.id, co.name), who=name))
    game.pending_triggers = [t for t in game.pending_triggers
                             if getattr(t, "controller", None) != player]
    game.delayed_triggers = [t for t in game.delayed_triggers
                             if getattr(t, "controller", None) != player]
    game.changed()
    if game.variant_state:
        from manastack.rules.variant import variant_of
        variant_of(game).player_left(game, player)  # e.g. 901.10


def win_game(game: GameState, player: int, why: Line, rule: str = "104.2b") -> None:
    """104.2b: an effect states that ``player`` wins the game: every opponent loses and
    the game ends (their team wins, 810.8a).  Platinum Angel-like effects ("your opponents
    can't win the game", hook ``cant_win``) stop it.  801.14 / 104.3h: with a limited
    range of influence, the player's opponents within range lose instead (the game may go
    on)."""
    from manastack.rules.static import forbids

    pl = game.players[player]
    if not pl.in_game or game.over:
        return
    why = line_of(why)
    v = variant_of(game)
    if game.options.extra.get("range"):
        opps = game.opponents(player)  # within range (801.2)
        game.note("801.14", say(
            "{who} would win the game ({why}): instead their opponents within range of "
            "influence lose", "{who} gagnerait la partie ({why}) : à la place, ses "
            "adversaires dans sa portée d'influence la perdent", who=game.who(player), why=why))
        losers = [q for q in opps if not any(cant_lose(game, t) for t in v.loses_with(game, q))]
        for q in losers:
            if game.players[q].in_game and not game.over:
                lose(game, q, "801.14", say("{who} would win the game",
                                            "{who} gagnerait la partie", who=game.who(player)))
        return
    src = next((s for s in (forbids(game, "cant_win", t) for t in v.loses_with(game, player))
                if s), None)
    if src:
        game.note("104.2b", say("{who} can't win the game ({src})",
                                "{who} ne peut pas gagner la partie ({src})",
                                who=game.who(player), src=named_source(src)))
        return
    team = pl.team
    losers = [p.index for p in game.players if p.in_game and p.team != team]
    for q in losers:
        game.players[q].lost = True
    game.changed()
    game.emit_event(PlayerWon(rule, say("{who} wins the game ({why})",
                                        "{who} gagne la partie ({why})",
                                        who=game.who(player), why=why), game.turn_number,
                                        player=player))
    for q in losers:
        game.emit_event(PlayerLost(rule, say("{who} loses the game ({winner} wins)",
                                             "{who} perd la partie ({winner} gagne)",
                                             who=game.who(q),
                                             winner=game.who(player)), game.turn_number, player=q))
    _end_if_one_team_left(game)


def draw_effect(game: GameState, controller: int, why: Line) -> None:
    """104.4c: an effect states that the game is a draw.  801.15 / 104.4e: with a limited
    range of influence it is a draw only for the effect's controller and the players
    within their range; they leave the game (800.4a) and the others play on."""
    if game.over:
        return
    why = line_of(why)
    if not game.options.extra.get("range"):
        end_game_draw(game, why, rule="104.4c")
        return
    v = variant_of(game)
    group = [q for q in game.living_players if v.in_range(game, controller, q)]
    leave_with_draw(game, group, "801.15", why)


def leave_with_draw(game: GameState, group: list[int], rule: str, why: Line) -> None:
    """The game is a draw for ``group`` (801.15, 801.16): they leave the game without
    winning or losing; if one team is left it wins (104.2a), if none the game is a draw."""
    group = [q for q in group if game.players[q].in_game]
    why = line_of(why)
    if len(group) == len(game.living_players):
        end_game_draw(game, why, rule=rule)
        return
    for q in group:
        game.players[q].left_game = True
    game.changed()
    for q in group:
        game.note(rule, say("The game is a draw for {who} ({why}); they leave the game",
                            "La partie est nulle pour {who} ({why}) ; ce joueur quitte la "
                            "partie", who=game.who(q), why=why), player=q, draw=True)
    d = game.decision
    for q in group:
        _leave_game(game, q)
    if d is not None and d.player in group and d.kind == "priority":
        from manastack.rules.priority import start_priority
        game.decision = None
        game.push(start_priority, variant_of(game).next_priority_player(game, d.player))
    _end_if_one_team_left(game)


def loop_objects(game: GameState, period: int = 0) -> list[int] | None:
    """The objects involved in a loop of mandatory actions, if the last events of the log
    repeat one sequence (at least four times), else None."""
    texts = [e.text for e in game.log[-400:]]
    for p in range(1, len(texts) // 4 + 1):
        if period and p != period:
            continue
        tail = texts[-4 * p:]
        if all(tail[i] == tail[i % p] for i in range(len(tail))):
            out: list[int] = []
            for e in game.log[-p:]:
                for k in ("object", "source", "attacker", "blocker"):
                    v = e.data.get(k)
                    if isinstance(v, int) and not isinstance(v, bool) and v not in out:
                        out.append(v)
            return out
    return None


def mandatory_loop(game: GameState, objects: list[int]) -> None:
    """104.4b: a loop of mandatory actions makes the game a draw; 801.16 / 104.4f: with a
    limited range of influence, only for the players controlling an object involved in
    the loop and the players within their range; the others play on."""
    if not game.options.extra.get("range"):
        end_game_draw(game, _LOOP, rule="104.4b")
        return
    from manastack.rules.triggers import ref_controller

    v = variant_of(game)
    owners = {c for c in (ref_controller(game, o) for o in objects) if c is not None}
    group = [q for q in game.living_players if any(v.in_range(game, c, q) for c in owners)]
    leave_with_draw(game, group or game.living_players, "801.16", _LOOP)


def stop_game(game: GameState, why: Line) -> None:
    """The engine stops the game unfinished (its ``max_turns`` option): no rule ends it,
    so it is neither won nor a draw (104.1); the event cites no rule.  ``Game.stopped``
    says why, in English."""
    game.over = True
    game.stopped = why.render("en")
    game.stopped_line = why
    game.emit_event(GameStopped("", say("The game is stopped unfinished: {why}",
                                        "La partie est arrêtée inachevée : {why}", why=why),
                                game.turn_number, winner=None, board=board(game)))
    game.decision = None
    game.clear_agenda()


def end_game_draw(game: GameState, why: Line, rule: str = "104.4a") -> None:
    game.over = True
    game.draw_game = True
    game.emit_event(GameOver(rule, say("The game is a draw ({why})", "La partie est nulle ({why})",
                                       why=line_of(why)), game.turn_number, winner=None,
                                       board=board(game)))
    game.decision = None
    game.clear_agenda()

"""The scenario runner: sets up a game from a scenario, plays its script, checks ``expect``.

Implements ``../shared/SCENARIOS.md`` (see ``docs/scenarios.md`` for the
choices where it is silent).  :func:`run_scenario` returns a
:class:`Result`; :func:`main` prints ``PASS name`` / ``FAIL name: ...`` lines
and the closing ``N passed, N failed`` line.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from manastack.engine import Game
from manastack.errors import (
    CardError,
    DeckError,
    IllegalAction,
    ScenarioError,
    ScenarioLimitError,
)
from manastack.game.decisions import (
    Action,
    Activate,
    AssignDamage,
    Cast,
    ChoiceDecision,
    Choose,
    Concede,
    Decision,
    DeclareAttackers,
    DeclareBlockers,
    Mulligan,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef, Ref, StackAbility, Zone
from manastack.game.state import GameOptions
from manastack.game.turn import STEP_NAMES
from manastack.limits import shown_path
from manastack.rules.control_changes import adopt_controllers
from manastack.scenario.model import (
    CardSpec,
    Scenario,
    ScriptEntry,
    find_scenario_files,
    load_scenarios,
)
from manastack.variants import variant_names

MAX_DECISIONS = 20_000
GAME_OVER_TURN_LIMIT = 50
STEP_ORDER = {name: i for i, name in enumerate(STEP_NAMES)}
STEP_ORDER["game_start"] = -1
PRIORITY_VERBS = ("cast", "activate", "play", "pass", "special")
KIND_OF_VERB = {
    "attack": ("declare_attackers",), "block": ("declare_blockers",),
    "order": ("order_blockers", "order_attackers"), "assign": ("assign_damage",),
    "mulligan": ("mulligan",),
}


@dataclass
class Result:
    name: str
    path: str
    passed: bool
    message: str = ""
    cited: list[str] = field(default_factory=list)
    #: The game as the scenario left it (None if it couldn't be set up), for the judge's
    #: answer (:func:`explain`); not part of the JSON.
    game: Any = field(default=None, repr=False, compare=False)
    #: Whether the scenario says what must be true afterwards (``expect``).
    expects: bool = True
    #: The text of each answer in the action notation, when asked for
    #: (:func:`run_scenario`).
    texts: list[str] | None = field(default=None, repr=False, compare=False)

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.message}"

    def to_json(self) -> str:
        return json.dumps({"name": self.name, "file": self.path, "passed": self.passed,
                           "message": self.message}, ensure_ascii=False)


def _ability_index(g: Game, oid: int, e: ScriptEntry) -> int:
    """The engine's index of the activated ability an ``activate`` entry names.

    ``ability`` counts the abilities as printed (SCENARIOS.md); a modal activated
    ability (Skinshifter's "{G}: Choose one", CR 700.2) is one printed ability that the
    engine defines as one ability per mode, picked by ``modes`` (exactly one)."""
    from manastack.rules.casting import activated_abilities, printed_abilities
    abilities = activated_abilities(g, g.obj(oid))
    want = e.ability or 1
    groups = printed_abilities(abilities)
    if want > len(groups):
        if not any(a.mode for a in abilities) and not e.modes:
            return want - 1  # (the activation itself is refused, citing the rule)
        raise IllegalAction(f"{g.obj(oid).name} has no activated ability {want}", "602.2")
    group = groups[want - 1]
    if not abilities[group.start].mode:
        if e.modes:
            # a mode announced for an ability without modes (601.2b by 602.2b)
            raise IllegalAction(f"{g.obj(oid).name}'s ability {want} has no modes (700.2)",
                                "602.2b")
        return group.start
    if len(e.modes) != 1:
        # "Choose one": one mode is chosen as the ability is activated (700.2a, 602.2b)
        raise IllegalAction(f"choose one mode of {g.obj(oid).name}'s ability {want}, not "
                            f"{len(e.modes)} (700.2a)", "602.2b")
    for i in group:
        if abilities[i].mode == e.modes[0]:
            return i
    raise IllegalAction(f"{g.obj(oid).name}'s ability {want} has no mode {e.modes[0]} "
                        "(700.2a)", "602.2b")


class Fail(Exception):
    """The scenario ran but something differed (a failure, not a scenario error)."""


# ------------------------------------------------------------ setup


class Runner:
    def __init__(self, sc: Scenario, texts: bool = False) -> None:
        self.sc = sc
        #: With ``texts``: each answer applied, in the action notation as its player saw
        #: the game (docs/notation.md), for :func:`explain`.
        self.texts: list[str] | None = [] if texts else None
        self.pidx = {name: i for i, name in enumerate(sc.players)}
        self.aliases: dict[str, int] = {}  # alias -> card uid
        self.where = ""  # the part of the file being applied (for scenario errors)
        self.game: Game = self._build()
        self.entries = list(sc.script)
        self.pos = 0
        self.partial: dict[int, set[str]] = {}  # order entries answered per creature
        # an ``order`` or ``assign`` entry is a decision even where it allows no choice
        # (one blocker; no trample): the engine asks for it, and refuses an illegal one
        self.game.ask_forced = frozenset(e.verb for e in self.entries
                                         if e.verb in ("order", "assign"))

    def err(self, msg: str) -> ScenarioError:
        """A scenario error naming the file, the scenario and, when known, the entry."""
        label = self.sc.label or f"{self.sc.path}: scenario {self.sc.name!r}"
        return ScenarioError(f"{label}: {self.where + ': ' if self.where else ''}{msg}")

    def _card(self, name: str, located: bool = False) -> Any:
        from manastack.cards.registry import get_card
        try:
            return get_card(name)
        except CardError as e:
            if located:  # named at its first mention in state/decks
                raise self.sc.name_error(name, str(e)) from None
            raise self.err(str(e)) from None

    def _check_referenced_names(self) -> None:
        """Every name the script and ``expect`` use must be an alias, a player, a card of
        the pool or a token the pool's cards create (SCENARIOS.md: "an unknown name is a
        scenario error, not a failure to ignore")."""
        from manastack.cards.registry import lookup
        from manastack.game.abilities import MADE_NAMES
        from manastack.scenario.model import referenced_names
        for name in sorted(referenced_names(self.sc)):
            if name in MADE_NAMES:
                continue
            try:
                lookup(name)
            except CardError as e:
                where, line = self._mention(name)
                raise self.sc.error(where, str(e), line) from None

    def _mention(self, name: str) -> tuple[str, int | None]:
        """Where the script or ``expect`` first names ``name``."""
        def names_it(v: Any) -> bool:
            if isinstance(v, str):
                return " ".join(v.split()) == name
            if isinstance(v, dict):
                return any(names_it(k) or names_it(x) for k, x in v.items())
            if isinstance(v, (list, tuple)):
                return any(names_it(x) for x in v)
            return False
        for e in self.sc.script:
            if names_it({k: v for k, v in e.raw.items() if k not in ("choose", "for")}):
                return f"script entry {e.index}", e.line
        for pname, st in self.sc.state.items():
            if any(c.attached_to == name for c in st.battlefield):
                return f"state.{pname}.battlefield", None
        ex = self.sc.expect
        for pname, pe in ex.players.items():
            for zone, items in list(pe.zones.items()) + [
                    (f"{z}_has", v) for z, v in pe.has.items()]:
                if name in items:
                    return f"expect.{pname}.{zone}", None
        if name in ex.objects:
            return "expect.objects", None
        return "expect.game.stack", None

    def _build(self) -> Game:
        sc = self.sc
        variant = sc.options.get("variant", "two_player")
        if variant not in variant_names():
            raise Fail(f"variant {variant!r} is not supported yet")
        from manastack.scenario.model import all_card_names
        for n in sorted(all_card_names(sc)):
            self._card(n, located=True)
        self._check_referenced_names()
        opts = GameOptions(variant=variant, mulligan=sc.options.get("mulligan", "paris"),
                           extra=dict(sc.options.get("extra") or {}))
        if sc.start.step == "game_start":
            return self._build_game_start(opts)
        from manastack.engine.setup import put, set_mana, setup_game, start_at

        game = setup_game(sc.players, sc.seed, opts, filler=None)
        filler = sc.options.get("filler", "Plains")
        attach: list[tuple[GameObject, str]] = []
        given: list[GameObject] = []  # battlefield permanents controlled by a non-owner
        for pname, st in sc.state.items():
            p = self.pidx[pname]
            lib = st.library
            if lib is None:
                lib = tuple(CardSpec(filler) for _ in range(40))
            for spec in reversed(lib):  # first listed = top
                self._put(game, p, Zone.LIBRARY, spec, put)
            for zone, specs in ((Zone.HAND, st.hand), (Zone.GRAVEYARD, st.graveyard),
                                (Zone.EXILE, st.exile), (Zone.COMMAND, st.command)):
                for spec in specs:
                    self._put(game, p, zone, spec, put)
            for spec in st.battlefield:
                o = self._put(game, p, Zone.BATTLEFIELD, spec, put)
                if spec.attached_to:
                    attach.append((o, spec.attached_to))
                if spec.controller and self.pidx[spec.controller] != p:
                    given.append(o)
            if st.life is not None:
                game.players[p].life = st.life
            if st.poison is not None:
                game.players[p].poison = st.poison
            if st.life is not None or st.poison is not None:
                from manastack.variants import variant_of
                variant_of(game).totals_changed(game, p)  # shared team totals (810.4)
            if st.mana_pool:
                set_mana(game, p, st.mana_pool)
        for o, target in attach:
            if target in self.pidx:
                o.attached_to = PlayerRef(self.pidx[target])
            else:
                t = self.find(target, game)
                if t is None:
                    where, line = self.sc.name_locations.get(o.name, ("state", None))
                    raise self.sc.error(where, f"{o.name}: attached_to: no object {target!r}",
                                        line)
                o.attached_to = t
            game.changed()
        if given:
            # A permanent the position gives to another player together with the effect
            # that gives it (Mind Control attached to it) is controlled through that
            # effect: its owner stays its base controller, so control returns when the
            # effect ends (613.1b, 611.2).  Otherwise the control is simply there.  (The
            # trial isn't a change of control: 302.6 isn't affected.)
            since = {o.id: o.control_since for o in given}
            for o in given:
                want = o.controller
                o.controller = o.owner
                game.changed()
                if game.controller(o) != want:
                    o.controller = want
                    game.changed()
            for oid in game.battlefield:
                b = game.objects[oid]
                if isinstance(b, GameObject):
                    b.control_since = since.get(b.id, b.control_since)
            game.changed()
            adopt_controllers(game)  # (how they came under that control is given)
        active = self.pidx[sc.start.active] if sc.start.active else 0
        start_at(game, sc.start.step, sc.start.turn, active, run=False)
        self._variant_position(game)
        return game

    def _variant_position(self, game: Game) -> None:
        """The variant's cards the position doesn't list (commanders, scheme and planar
        decks, a face-up plane, avatars) and the variant's state keys of ``state``."""
        from manastack.variants import variant_of

        v = variant_of(game)
        try:
            v.setup_position(game)
        except DeckError as e:
            raise self.err(f"state: {e}") from None
        for pname, st in self.sc.state.items():
            for key, value in st.variant.items():
                if isinstance(value, dict):
                    value = {self.pidx[k]: n for k, n in value.items()}
                v.set_scenario_value(game, self.pidx[pname], key, value)

    def _put(self, game: Game, p: int, zone: str, spec: CardSpec, put: Any) -> GameObject:
        ctrl = self.pidx[spec.controller] if spec.controller else None
        o: GameObject = put(game, p, zone, spec.name, tapped=spec.tapped, sick=spec.sick,
                            controller=ctrl, damage=spec.damage, counters=spec.counters,
                            loyalty=spec.loyalty, position="top")
        if spec.phased_out:
            o.phased_out = True
            o.phased_out_controller = ctrl if ctrl is not None else p
        if spec.alias:
            if spec.alias in self.aliases:
                raise self.err(f"alias {spec.alias!r} is used twice")
            self.aliases[spec.alias] = o.uid
        return o

    def _build_game_start(self, opts: GameOptions) -> Game:
        from manastack.decks import load_deck
        from manastack.rules.start import begin

        sc = self.sc
        decks: list[list[str]] = []
        for pname in sc.players:
            d = sc.decks.get(pname, ())
            if isinstance(d, str):
                try:
                    decks.append(load_deck(sc.resolve_path(d) if hasattr(sc, "resolve_path")
                                           else d).cards())
                except (DeckError, OSError) as e:
                    raise self.err(f"decks.{pname}: {e}") from None
            else:
                decks.append(list(d))
        opts.first_player = self.pidx[sc.start.first] if sc.start.first else 0
        game = Game(sc.players, sc.seed, opts)
        from manastack.variants import variant_of
        v = variant_of(game)
        dictated = v.first_player(game)  # 103.2b: the archenemy takes the first turn
        if dictated is not None:
            if sc.start.first and self.pidx[sc.start.first] != dictated:
                raise self.err(f"start.first: {sc.start.first} can't take the first turn: "
                               f"{game.players[dictated].name} does ({v.name}, 103.2b)")
            game.options.first_player = None  # begin() asks the variant (and cites it)
        for i, deck in enumerate(decks):
            for name in deck:
                game.create_object(self._card(name), i, Zone.LIBRARY, position="bottom")
        game.deck_lists = decks
        game.push(begin)
        return game

    # ------------------------------------------------------------ names

    def find(self, name: str, game: Game | None = None, zones: Sequence[str] | None = None,
             owner: int | None = None) -> int | None:
        """Current object id for an alias or card name (battlefield, stack, hands,
        graveyards, exile, in that order)."""
        g = game or self.game
        if name in self.aliases:
            uid = self.aliases[name]
            for oid, o in g.objects.items():
                if isinstance(o, GameObject) and o.uid == uid:
                    return oid
            return None
        order = zones or ("battlefield", "stack", "hand", "graveyard", "exile", "command",
                          "library")
        for zone in order:
            ids = []
            if zone in ("battlefield", "stack", "exile", "command"):
                ids = [i for i in g.zone_list(zone, 0)
                       if g.objects[i].name == name and (owner is None or _owner(g, i) == owner)]
            else:
                for p in g.players:
                    if owner is not None and p.index != owner:
                        continue
                    ids += [i for i in g.zone_list(zone, p.index) if g.objects[i].name == name]
            if len(ids) > 1:  # an object with an alias is named by it: a bare name
                aliased = set(self.aliases.values())  # means one of the others
                ids = [i for i in ids if getattr(g.objects[i], "uid", None) not in aliased] \
                    or ids
            if len(ids) > 1 and zone in ("battlefield", "stack", "exile", "command"):
                raise self.err(f"{name!r} is ambiguous ({len(ids)} in {zone}); use an alias")
            if ids:
                return ids[-1]
        return None

    def ref(self, name: str) -> Ref:
        if name in self.pidx:
            return PlayerRef(self.pidx[name])
        oid = self.find(name)
        if oid is None:
            raise Fail(f"{self.where + ': ' if self.where else ''}no object named {name!r} now")
        return oid

    # ------------------------------------------------------------ script

    def _late(self, e: ScriptEntry) -> bool:
        """An illegal entry for a decision made as the game starts that the player isn't
        making now: ``mulligan: true`` after the player kept, or while another player
        declares (103.4), or a London ``bottom`` once the game has begun; likewise an
        action "any time you could mulligan" (Serum Powder, seed 103.4a) once the player
        kept.  It applies at the next decision, whoever makes it, to be refused."""
        kind = {"mulligan": "mulligan", "bottom": "london_bottom", "scry_bottom": "scry",
                "activate": "mulligan"}
        if not e.illegal or e.step != "game_start" or e.verb not in kind:
            return False
        d = self.game.decision
        if self.game.game_started:
            return True
        if e.verb in ("mulligan", "activate"):  # (a London bottom or Vancouver scry asked
            return d is not None and (  # isn't the moment to take a mulligan either)
                d.kind != "mulligan" or d.by != self.pidx[e.player])
        return d is not None and d.kind == kind[e.verb] and d.by != self.pidx[e.player]

    def entry_applies(self, e: ScriptEntry, d: Decision) -> bool:
        g = self.game
        if self._late(e):
            return True
        if self.pidx[e.player] != d.by and e.verb != "concede":  # the deciding player
            return False  # (714.5); anyone may concede at any time (104.3a)
        if e.step == "game_start":
            if g.game_started:
                return False
        else:
            if e.turn is not None and g.turn_number < e.turn:
                return False
            if e.step is not None and (e.turn is None or g.turn_number == e.turn):
                cur = g.step.name if g.step else "game_start"
                if STEP_ORDER.get(cur, 0) < STEP_ORDER[e.step]:
                    return False
        if e.verb == "activate" and d.kind == "mulligan":
            return any(isinstance(a, Activate) for a in d.legal_actions(g))  # 103.4a
        if e.verb in ("cast", "play", "pass") and d.kind == "play_card":
            return True  # casting or playing a card while an ability resolves
        if e.verb in PRIORITY_VERBS:
            if d.kind != "priority":
                return False
            if e.respond_to:
                return any(_stack_name(g, i) == e.respond_to or g.objects[i].name == e.respond_to
                           or self.find(e.respond_to) == i for i in g.stack)
            return not g.stack
        if e.verb in KIND_OF_VERB:
            if d.kind not in KIND_OF_VERB[e.verb]:
                return False
            if e.verb == "order":
                creature = _order_creature(d)
                return any(self.find(k) == creature for k in e.value)
            return True
        if e.verb == "bottom":
            return d.kind == "london_bottom"
        if e.verb == "scry_bottom":
            return d.kind == "scry"
        if e.verb == "concede":
            return True
        if e.verb == "choose":
            if d.kind in ("priority", "declare_attackers", "declare_blockers", "mulligan",
                          "assign_damage"):
                return False
            if e.for_ and e.for_.lower() not in (getattr(d, "purpose", "") + " "
                                                 + d.prompt).lower():
                return False
            if _yes_or_no(e.value) and not _asks_yes_no(d):
                # "choose: yes" answers a "you may" or "unless pays" question: a choice
                # asked before it (the single target of War Priest of Thune's "you may
                # destroy target enchantment", 603.3d) takes its default
                return False
            return True
        return False

    def _auto_declared(self, e: ScriptEntry) -> bool:
        """An empty ``attack: []``/``block: {}`` entry whose declaration the engine made
        by itself (the player controls no creature): it counts as applied."""
        if e.verb not in ("attack", "block") or e.value or e.illegal:
            return False
        g = self.game
        rule = "508.1" if e.verb == "attack" else "509.1"
        text = f"{g.players[self.pidx[e.player]].name} controls no creature"
        for ev_ in reversed(g.log):
            if e.turn is not None and ev_.turn < e.turn:
                break
            if ev_.rule == rule and ev_.text == text:
                return True
        return False

    def action_for(self, e: ScriptEntry, d: Decision) -> Action:
        g = self.game
        p = d.player
        if e.verb == "concede":
            return Concede()
        if e.verb == "pass":
            return Pass()
        if e.verb == "special":
            return Special(str(e.value))
        if e.verb == "play":
            if d.kind == "play_card":  # the card an effect lets the player play now
                return PlayLand(self._play_card(e, d))
            return PlayLand(self._own_card(e, p))
        pay = self._pay(e)
        targets = tuple(self.ref(t) for t in e.targets)
        if e.verb == "cast":
            modes = tuple(m - 1 for m in e.modes)
            if d.kind == "play_card":  # cast while an ability resolves (maybe for free)
                alt = "free" if getattr(d, "free", False) else (e.alt_cost or "")
                return Cast(self._play_card(e, d), targets, e.x or 0, modes, pay, alt)
            card = self._own_card(e, p)
            # (an alternative cost the card doesn't have is refused by the engine, 117.9)
            return Cast(card, targets, e.x or 0, modes, pay, e.alt_cost or "")
        if e.verb == "activate" and self._late(e):
            # no mulligan decision is the player's now: "any time you could mulligan"
            # is over for them (they kept, or the game has begun)
            raise IllegalAction(f"{e.player} can't use {e.value} now: only at a time they "
                                "would declare whether to take a mulligan", "103.4a")
        if e.verb == "activate" and d.kind == "mulligan":
            oid = self.find(e.value, zones=("hand",), owner=p)
            return Activate(oid if oid is not None else -1, -1)
        if e.verb in ("bottom", "scry_bottom") and self._late(e):
            # no such decision is the player's now (the engine has none to refuse it)
            what = "put cards on the bottom (London mulligan)" if e.verb == "bottom" \
                else "scry (Vancouver mulligan)"
            raise IllegalAction(f"{e.player} can't {what} now: only after taking a mulligan, "
                                "before the first turn", "103.4")
        if e.verb == "bottom":
            names = e.value if isinstance(e.value, tuple) else (e.value,)
            chosen: list[int] = []
            for n in names:
                cands = [i for i in g.players[p].hand if g.objects[i].name == n
                         and i not in chosen]
                if not cands and e.illegal:
                    # a card that isn't in the hand (in the library, another player's):
                    # the engine refuses it, citing 103.4
                    oid = self.find(n)
                    cands = [oid] if oid is not None else []
                if not cands:
                    raise Fail(f"script entry {e.index}: {n!r} isn't in {e.player}'s hand")
                chosen.append(cands[0])
            return Choose(tuple(chosen))
        if e.verb == "scry_bottom":
            return Choose(("yes",) if e.value else ("no",))
        if e.verb == "activate":
            oid = self.find(e.value)
            if oid is None:
                raise Fail(f"script entry {e.index}: no object {e.value!r}")
            return Activate(oid, _ability_index(g, oid, e), targets, e.x or 0, pay)
        if e.verb == "attack":
            atk: list[tuple[int, Ref]] = []
            for name, tgt in e.value.items():
                a = self.ref(name)
                assert isinstance(a, int)
                if tgt is None:  # the defending player (507.1)
                    opp = g.combat.defending_players[0] if g.combat and \
                        g.combat.defending_players else [i for i in range(len(g.players))
                                                         if i != p][0]
                    atk.append((a, PlayerRef(opp)))
                else:
                    atk.append((a, self.ref(tgt)))
            bands = e.raw.get("bands") or []
            if not isinstance(bands, list) or not all(isinstance(b, list) for b in bands):
                raise Fail(f"script entry {e.index}: 'bands' must be a list of lists of "
                           "attackers (702.21c)")
            return DeclareAttackers(tuple(atk), tuple(
                tuple(self.ref(str(n)) for n in band) for band in bands))  # type: ignore[misc]
        if e.verb == "block":
            blk = []
            for name, atks in e.value.items():
                b = self.ref(name)
                blk.append((b, tuple(self.ref(a) for a in atks)))
            return DeclareBlockers(tuple(blk))  # type: ignore[arg-type]
        if e.verb == "order":
            creature = _order_creature(d)
            for name, order in e.value.items():
                if self.find(name) == creature:
                    self.partial.setdefault(e.index, set()).add(name)
                    return Choose(tuple(self.ref(x) for x in order))
            raise Fail(f"script entry {e.index}: no order given for {g.name_of(creature)}")
        if e.verb == "assign":
            asg = []
            for name, amounts in e.value.items():
                c = self.ref(name)
                asg.append((c, tuple((self.ref(r), int(n)) for r, n in amounts.items())))
            return AssignDamage(tuple(asg))  # type: ignore[arg-type]
        if e.verb == "mulligan":
            return Mulligan(bool(e.value))
        if e.verb == "choose":
            return Choose(self._choice(e, d))
        raise Fail(f"script entry {e.index}: {e.verb!r} is not supported yet")

    def _play_card(self, e: ScriptEntry, d: Decision) -> int:
        """The card a ``play_card`` decision is about; the entry must name it."""
        card = int(getattr(d, "card", -1))
        if self.game.name_of(card) != e.value and e.illegal:
            # another card than the one the effect lets the player play: the engine
            # refuses it (601.3)
            other = self.find(e.value)
            if other is not None:
                return other
        if self.game.name_of(card) != e.value:
            raise Fail(f"script entry {e.index}: the card to play now is "
                       f"{self.game.name_of(card)}, not {e.value!r}")
        return card

    def _own_card(self, e: ScriptEntry, p: int) -> int:
        """The card a ``cast``/``play`` entry names, in the zone it names (default the
        hand) of the deciding player; with ``illegal: true`` another player's card too,
        which the engine must refuse."""
        zones = (e.from_zone or "hand",)
        oid = self.find(e.value, zones=zones, owner=p)
        if oid is None and e.illegal:
            oid = self.find(e.value, zones=zones)
        if oid is None and e.illegal:
            # a card that is elsewhere (a graveyard without ``from``, the battlefield, a
            # library): the engine refuses it, citing the rule (601.2a/601.3, 305.1)
            oid = self.find(e.value)
        if oid is None:
            raise Fail(f"script entry {e.index}: {e.value!r} isn't in {e.player}'s "
                       f"{e.from_zone or 'hand'}")
        return oid

    def _pay(self, e: ScriptEntry) -> tuple[Any, ...] | None:
        if e.pay is None:
            return None
        if e.pay == "pool":
            return ("pool",)
        assert not isinstance(e.pay, str)
        return tuple(self.ref(x) for x in e.pay)

    def _choice(self, e: ScriptEntry, d: Decision) -> tuple[Any, ...]:
        opts: tuple[Any, ...] = tuple(getattr(d, "options", ()))
        vals = e.value if isinstance(e.value, tuple) else (e.value,)
        out: list[Any] = []
        labels = getattr(d, "labels", ())
        for v in vals:
            if isinstance(v, bool) and d.kind == "redirect":
                # 306.7 "may have that source deal that damage to a planeswalker":
                # no keeps it on the player (the first option), yes redirects it to the
                # first of the player's planeswalkers (name it to pick another)
                out.append(opts[1] if v and len(opts) > 1 else opts[0])
            elif isinstance(v, bool) and "none" in opts:
                # "you may have this enter as a copy" (706.2, Clone): no is "none", yes
                # the first creature in the engine's order (name it to pick another)
                out.append(next((o for o in opts if o != "none"), "none") if v else "none")
            elif isinstance(v, bool) and ("yes" if v else "no") in labels:
                out.append(opts[labels.index("yes" if v else "no")])  # 903.9
            elif isinstance(v, bool):
                out.append("yes" if v else "no")
            elif isinstance(v, int) and v in opts:
                out.append(v)
            elif isinstance(v, int) and not labels:
                # a number that isn't an option (an X its chooser can't pay, 117.3):
                # the engine rejects it, citing its rule (``illegal: true`` goes on)
                out.append(v)
            elif isinstance(v, str) and v in self.pidx:
                out.append(PlayerRef(self.pidx[v]))
            elif isinstance(v, str) and v in opts:
                out.append(v)
            else:
                name = str(v)
                cands = [o for o in opts if isinstance(o, int) and o not in out and
                         self.game.name_of(o) == name]
                if len(cands) > 1:  # an object with an alias is named by it: a bare
                    aliased = set(self.aliases.values())  # name means one of the others
                    cands = [o for o in cands if getattr(self.game.objects.get(o), "uid",
                                                         None) not in aliased] or cands
                if not cands or name in self.aliases:
                    # an alias, or a name the options don't carry: the object it names
                    # (looked up only then, so that a name shared by several options,
                    # such as two identical tokens, picks the first of them)
                    oid = self.find(name)
                    cands = [o for o in opts if isinstance(o, int) and o not in out
                             and o == oid]
                labels = getattr(d, "labels", ())
                # options are numbers named by labels: a name matches its label or the
                # beginning of it ("Pariah" for "Pariah (damage to you ...)")
                labelled = [o for pos, o in enumerate(opts)
                            if pos < len(labels) and labels[pos].startswith(name)]
                if labels:
                    cands = [o for o in labelled if o not in out]
                    sources = getattr(d, "sources", ())
                    if name in self.aliases and sources:
                        # an alias names the option by the object it comes from (two
                        # Pariahs: the labels are the same, their sources are not)
                        oid = self.find(name)
                        cands = [o for pos, o in enumerate(opts) if o not in out
                                 and pos < len(sources) and sources[pos] == oid
                                 and oid is not None]
                if not cands and not labels:
                    # an object that isn't among the options: the engine rejects it,
                    # citing its rule (an entry marked ``illegal: true`` then goes on)
                    oid = self.find(name)
                    if oid is not None:
                        cands = [oid]
                if not cands and not labels and opts and all(
                        isinstance(o, str) for o in opts):
                    # a word the options don't hold (a creature type that doesn't exist,
                    # 205.3e): the engine rejects it, citing its rule
                    out.append(name)
                    continue
                if not cands and labels:
                    # a label that isn't an option (a trigger or a replacement effect that
                    # isn't there), or one already chosen (an order naming a trigger
                    # twice): the engine rejects it, citing its rule (616.1, 603.3b)
                    again = [o for o in labelled if o in out]
                    out.append(again[0] if again else name)
                    continue
                if not cands:
                    raise Fail(f"script entry {e.index}: {name!r} is not an option of: "
                               f"{d.prompt}")
                out.append(cands[0])
        if isinstance(d, ChoiceDecision) and d.ordered and \
                d.min_count == d.max_count == len(opts) and len(out) < len(opts):
            # an order given in part: the rest follow in their default order
            out.extend(o for o in opts if o not in out)
        return tuple(out)

    # ------------------------------------------------------------ defaults

    def default(self, d: Decision) -> Action:
        g = self.game
        if d.kind == "priority":
            return Pass()
        if d.kind == "mulligan":
            return Mulligan(False)
        if d.kind in ("declare_attackers", "declare_blockers"):
            empty: Action = DeclareAttackers(()) if d.kind == "declare_attackers" \
                else DeclareBlockers(())
            try:
                d.validate(g, empty)
                return empty
            except IllegalAction:
                pass
            acts = d.legal_actions(g)
            order = {oid: i for i, oid in enumerate(g.battlefield)}

            def key(a: Action) -> tuple[int, list[tuple[int, list[int]]]]:
                # the fewest creatures, then the earliest on the battlefield, then (a
                # creature that must block one of several attackers) the attackers
                # blocked by battlefield order too, not by the order they attacked in
                if isinstance(a, DeclareAttackers):
                    return len(a.attacks), sorted((order.get(x[0], 0), []) for x in a.attacks)
                blocks = a.blocks  # type: ignore[attr-defined]
                return len(blocks), sorted((order.get(b, 0), sorted(order.get(x, 0) for x in at))
                                           for b, at in blocks)
            return min(acts, key=key)
        if d.kind == "assign_damage":
            return AssignDamage(())
        if isinstance(d, ChoiceDecision):
            if d.kind == "discard" and d.rule == "514.1":
                hand = g.players[d.player].hand
                return Choose(tuple(hand[-d.min_count:]))
            if d.ordered and d.min_count == d.max_count == len(d.options):
                return Choose(tuple(d.options))
            if d.purpose == "search" and d.max_count > d.min_count:
                # A search may fail to find cards of a stated quality (701.17b), but
                # unscripted the searcher finds all it may, from the top of the library.
                best = Choose(tuple(d.options[:d.max_count]))
                try:
                    d.validate(g, best)
                    return best
                except IllegalAction:
                    pass
            if "no" in d.options and d.kind == "may":
                return Choose(("no",))
            labels = d.labels
            if labels and set(labels) == {"yes", "no"}:  # a "may" asked mid-event (903.9)
                return Choose((d.options[labels.index("no")],))
        acts = d.legal_actions(g)
        if not acts:
            raise Fail(f"no legal answer to: {d.prompt}")
        return acts[0]

    # ------------------------------------------------------------ running

    def reached_stop(self) -> bool:
        g = self.game
        st = self.sc.stop
        if g.over:
            return True
        if st is None:
            d = g.decision
            return self.pos >= len(self.entries) and d is not None and d.kind == "priority" \
                and d.player == g.active_player and not g.stack
        if st.game_over:
            return False
        return g.paused

    def run(self) -> Result:
        g = self.game
        st = self.sc.stop
        if st is not None and not st.game_over and st.turn is not None:
            g.breakpoint = (st.turn, st.step or "untap")
        g.run_rerunnable()  # a choice in the middle of an event may come up at once
        n = 0
        while True:
            if self.reached_stop():
                break
            d = g.decision
            if d is None:
                if g.paused and st is not None and (st.game_over or st.turn is None):
                    g.run_rerunnable()
                    continue
                raise Fail("the game stopped without a decision before the stop point")
            if st is not None and st.game_over and g.turn_number > GAME_OVER_TURN_LIMIT:
                raise Fail(f"the game did not end within {GAME_OVER_TURN_LIMIT} turns")
            if st is not None and st.turn is not None and (
                    g.turn_number > st.turn or (g.turn_number == st.turn and g.step and
                                                STEP_ORDER.get(g.step.name, 0) >
                                                STEP_ORDER.get(st.step or "untap", 0))):
                raise Fail(f"the game passed the stop point ({st.step} of turn {st.turn}) "
                           "without reaching it")
            n += 1
            if n > MAX_DECISIONS:
                raise Fail("too many decisions; the stop point was never reached")
            e = self.entries[self.pos] if self.pos < len(self.entries) else None
            if e is not None and self._auto_declared(e):
                self.pos += 1  # "no attackers/blockers", declared without a choice
                continue
            self.where = f"script entry {e.index}" if e is not None else ""
            if e is not None and self.entry_applies(e, d):
                self.apply_entry(e, d)
                continue
            self.where = ""
            self._apply(d.by, self.default(d))
        self.where = ""
        if self.pos < len(self.entries):
            e = self.entries[self.pos]
            raise Fail(f"script entry {e.index} ({e.verb} by {e.player}) was never applied")
        return self.check()

    def _apply(self, player: int, action: Action) -> None:
        """Answer the game's decision, noting the answer's text when :attr:`texts` is
        kept (written before it is applied: the position names its objects)."""
        if self.texts is None:
            self.game.apply(player, action)
            return
        from manastack.engine.notation import action_text
        text = action_text(self.game, action, player)
        self.game.apply(player, action)
        self.texts.append(text)

    def apply_entry(self, e: ScriptEntry, d: Decision) -> None:
        g = self.game
        before = g.state_hash()
        n_log = len(g.log)
        try:
            # (an entry may be refused before it reaches the engine: a mode its modal
            # activated ability doesn't have, 700.2a)
            action = self.action_for(e, d)
            self._apply(self.pidx[e.player] if e.verb == "concede" or self._late(e)
                        else d.by, action)
        except IllegalAction as ex:
            if not e.illegal:
                raise Fail(f"script entry {e.index} ({e.verb}) was refused: {ex}") from None
            if e.rule and not cites_rule(str(ex), e.rule):
                raise Fail(f"script entry {e.index}: rejected, but the message doesn't cite "
                           f"{e.rule}: {ex}") from None
            if g.state_hash() != before or len(g.log) != n_log or g.decision is not d:
                raise Fail(f"script entry {e.index}: the illegal action changed the "
                           "game") from None
            self.pos += 1
            return
        if e.illegal:
            raise Fail(f"script entry {e.index} ({e.verb}) should have been illegal but was "
                       "accepted")
        if e.verb == "order":
            done = self.partial.get(e.index, set())
            if not set(e.value) <= done:
                return
        self.pos += 1

    # ------------------------------------------------------------ expectations

    def check(self) -> Result:
        g = self.game
        ex = self.sc.expect
        problems: list[str] = []
        for pname, pe in ex.players.items():
            p = g.players[self.pidx[pname]]
            if pe.life is not None and p.life != pe.life:
                problems.append(f"{pname} life {p.life}, expected {pe.life}")
            if pe.poison is not None and p.poison != pe.poison:
                problems.append(f"{pname} poison {p.poison}, expected {pe.poison}")
            if pe.lost is not None and p.lost != pe.lost:
                problems.append(f"{pname} lost={p.lost}, expected {pe.lost}")
            if pe.mana_pool is not None and Counter(str(p.mana_pool)) != Counter(
                    pe.mana_pool.replace("{", "").replace("}", "").upper()):
                problems.append(f"{pname} mana pool {str(p.mana_pool)!r}, expected "
                                f"{pe.mana_pool!r}")
            for zone, names in pe.zones.items():
                have = Counter(self._zone_names(p.index, zone))
                if have != Counter(names):
                    problems.append(f"{pname} {zone} {_fmt(have)}, expected "
                                    f"{_fmt(Counter(names))}")
            for zone, names in pe.has.items():
                have = Counter(self._zone_names(p.index, zone))
                missing = Counter(names) - have
                if missing:
                    problems.append(f"{pname} {zone} lacks {_fmt(missing)}")
            for zone, n in pe.sizes.items():
                k = len(self._zone_names(p.index, zone))
                if k != n:
                    problems.append(f"{pname} {zone} size {k}, expected {n}")
            problems.extend(self._check_variant(pname, p.index, pe.variant))
        for name, checks in ex.objects.items():
            self.where = f"expect.objects.{name}"
            problems.extend(self._check_object(name, checks))
        self.where = ""
        problems.extend(self._check_game(ex.game))
        for rule in ex.log_cites:
            if not any(_log_cites(r, rule) for e in g.log
                       for r in (e.rule, *e.data.get("cites", ()))):
                problems.append(f"the log never cites {rule}")
        if problems:
            return Result(self.sc.name, self.sc.path, False, "; ".join(problems))
        return Result(self.sc.name, self.sc.path, True)

    def _check_variant(self, pname: str, p: int, checks: dict[str, Any]) -> list[str]:
        """The variant's own expectation keys (``commander_damage``, ``planar_deck``...)."""
        from manastack.variants import variant_of

        out = []
        for key, want in checks.items():
            value: Any = variant_of(self.game).scenario_value(self.game, p, key)
            if isinstance(want, dict):  # per player: the players named
                value = {q: value.get(self.pidx[q], 0) for q in want}
                want = dict(want)
            elif isinstance(want, tuple):  # cards, in order (top first)
                want = list(want)
            if value != want:
                out.append(f"{pname} {key} {value!r}, expected {want!r}")
        return out

    def _zone_names(self, p: int, zone: str) -> list[str]:
        g = self.game
        if zone == "battlefield":
            return [g.objects[i].name for i in g.battlefield if _owner(g, i) == p and
                    g.controller(g.objects[i]) == p] + \
                [g.objects[i].name for i in g.battlefield if _owner(g, i) != p and
                 g.controller(g.objects[i]) == p]
        if zone == "command":  # face-up cards (scheme and planar decks: the variant's keys)
            return [g.objects[i].name for i in g.zone_list(zone, p) if _owner(g, i) == p
                    and not getattr(g.objects[i], "face_down", False)]
        if zone == "exile":
            return [g.objects[i].name for i in g.zone_list(zone, p) if _owner(g, i) == p]
        return [g.objects[i].name for i in g.zone_list(zone, p)]

    def _check_object(self, name: str, checks: dict[str, Any]) -> list[str]:
        g = self.game
        oid = self.find(name)
        out: list[str] = []
        if oid is None:
            if checks.get("zone") in (None,):
                return [f"{name}: no such object"]
            return [f"{name}: not found (expected in {checks.get('zone')})"]
        o = g.objects[oid]
        assert isinstance(o, GameObject)
        c = g.chars(o)
        for key, want in checks.items():
            if key == "zone":
                have: Any = o.zone
            elif key == "controller":
                have = g.players[g.controller(o)].name
            elif key == "tapped":
                have = o.tapped
            elif key == "damage":
                have = o.damage
            elif key == "power":
                have = c.power
            elif key == "toughness":
                have = c.toughness
            elif key == "loyalty":
                have = o.counters.get("loyalty", 0)
            elif key == "phased_out":
                have = o.phased_out
            elif key == "attacking":
                have = g.combat is not None and oid in g.combat.attackers
            elif key == "blocking":
                have = g.combat is not None and oid in g.combat.blockers
            elif key == "counters":
                have = {k: o.counters.get(k, 0) for k in want}
            else:
                out.append(f"{name}: unknown check {key!r}")
                continue
            if have != want:
                out.append(f"{name} {key} {have!r}, expected {want!r}")
        return out

    def _check_game(self, checks: dict[str, Any]) -> list[str]:
        g = self.game
        out = []
        for key, want in checks.items():
            if key == "over":
                have: Any = g.over
            elif key == "winner":
                have = g.players[g.winner].name if g.winner is not None else None
            elif key == "turn":
                have = g.turn_number
            elif key == "step":
                have = g.step.name if g.step else None
            elif key == "active":
                have = g.players[g.active_player].name
            elif key == "stack":
                have = [_stack_name(g, i) for i in reversed(g.stack)]
                want = list(want)
            else:
                out.append(f"game: unknown check {key!r}")
                continue
            if have != want:
                out.append(f"game {key} {have!r}, expected {want!r}")
        return out


def _yes_or_no(value: Any) -> bool:
    """Is a ``choose`` answer a yes or a no (a boolean, alone or as a one-item list)?"""
    if isinstance(value, tuple) and len(value) == 1:
        value = value[0]
    return isinstance(value, bool)


def _asks_yes_no(d: Decision) -> bool:
    """Is ``d`` a yes/no question ("you may", "unless pays", 903.9, the 306.7 "may"
    redirection to a planeswalker, Clone's "you may have this enter as a copy")?  A
    "you may pay {X}" question (117.12: an X, or ``no``) is one too: ``choose: no``
    declines it."""
    opts = getattr(d, "options", ())
    return ("yes" in opts or "no" in opts or "yes" in getattr(d, "labels", ())
            or d.kind == "redirect" or "none" in getattr(d, "options", ()))


def _stack_name(g: Game, oid: int) -> str:
    """A spell by its name, an ability by its source's name (SCENARIOS.md conventions)."""
    o = g.objects[oid]
    return o.source_name if isinstance(o, StackAbility) else o.name


def _order_creature(d: Decision) -> int | None:
    resume_args = d.resume[1]
    return resume_args[0] if resume_args else None


def _owner(g: Game, oid: int) -> int:
    o = g.objects[oid]
    return o.owner if isinstance(o, GameObject) else o.controller


def _fmt(c: Counter[str]) -> str:
    items = sorted(c.elements())
    return "[" + ", ".join(items) + "]"


#: Seed 003 (CR 703.4a-p): each turn-based action "See rule ..." of its step; the log
#: line of the action cites that rule (504.1 for the draw...), so it cites 703.4x too.
TURN_BASED_ACTIONS = {
    "703.4a": ("502.1",), "703.4b": ("502.2",), "703.4c": ("504.1", "805.4b"),
    "703.4d": ("701.23", "904.9"), "703.4e": ("507.1",), "703.4f": ("508.1",),
    "703.4g": ("509.1",), "703.4h": ("509.2",), "703.4i": ("509.3",),
    "703.4j": ("510.1",), "703.4k": ("510.2",), "703.4m": ("514.1",),
    "703.4n": ("514.2",), "703.4p": ("500.4",),
}


#: Rules the seeds (2011 CR excerpts, which win where they speak) number differently
#: from the 2017 CR: the 2017 number -> the seed's number for the same rule. The engine
#: cites the seeds' numbers; a scenario may name either (``log_cites``, ``rule``).
SEED_NUMBER_OF_2017 = {
    "103.4": "103.3",    # drawing the opening hand (2017 103.4; seed 103.3)
    "103.4a": "103.3b",  # a vanguard's hand modifier
    "103.4b": "103.4a",  # "any time [that player] could mulligan"
    "103.4c": "103.4b",  # multiplayer: the first mulligan is free
    "103.4d": "103.4c",  # shared team turns: mulligans by team
    "509.1i": "509.4",   # triggers on blockers being declared go on the stack
    "509.4a": "509.4",
    "509.4": "509.5",    # the active player gets priority
    "509.5": "509.4",    # block triggers (2017 509.5a-g; seed 509.4a-g)
    **{f"509.5{x}": f"509.4{x}" for x in "abcdefg"},
}


_RULE_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")


def cites_rule(text: str, want: str) -> bool:
    """Whether a rejection message cites ``want`` (or one of its subrules; for a rule the
    seeds number differently, the seed's number of it: SEED_NUMBER_OF_2017).  Rule
    numbers are compared whole: a message citing 702.19c cites 702.19 and 702, not
    702.1."""
    cited = _RULE_NUMBER.findall(text)
    return any(_cites(have, want) for have in cited) or (
        want in SEED_NUMBER_OF_2017
        and any(_cites(have, SEED_NUMBER_OF_2017[want]) for have in cited))


def _log_cites(have: str, want: str) -> bool:
    """Whether a log line citing ``have`` cites ``want``: the rule itself (or one of its
    subrules), the seed's number of a rule the 2017 CR renumbered, or a turn-based
    action of 703.4 whose own rule the line cites."""
    if _cites(have, want):
        return True
    if want in SEED_NUMBER_OF_2017 and _cites(have, SEED_NUMBER_OF_2017[want]):
        return True
    if want in ("703", "703.4"):
        return any(_cites(have, r) for rs in TURN_BASED_ACTIONS.values() for r in rs)
    return any(_cites(have, r) for r in TURN_BASED_ACTIONS.get(want, ()))


def _cites(have: str, want: str) -> bool:
    if have == want:
        return True
    return have.startswith(want) and not have[len(want):len(want) + 1].isdigit()


# ------------------------------------------------------------ entry points


def run_scenario(sc: Scenario, texts: bool = False) -> Result:
    """Run one scenario: its result (a scenario error, a deck file it names over a limit
    of :mod:`manastack.limits` included, is a failed result).  With ``texts``, the result
    holds the text of each answer in the action notation (:func:`explain` prints them)."""
    runner: Runner | None = None
    try:
        runner = Runner(sc, texts)
        result = runner.run()
    except DeckError as e:  # the variant's setup (903.6: a commander not in the deck)
        result = Result(sc.name, sc.path, False,
                        f"scenario error: {sc.path}: scenario {sc.name!r}: {e}")
    except Fail as f:
        result = Result(sc.name, sc.path, False, str(f))
    except ScenarioError as e:
        result = Result(sc.name, sc.path, False, f"scenario error: {e}")
    result.game = runner.game if runner is not None else None
    result.texts = runner.texts if runner is not None else None
    result.expects = not sc.expect.empty
    return result


def explain(result: Result, lang: str = "en", detail: str = "normal") -> list[str]:
    """The judge's answer for a scenario: its log (every line citing its rule, at
    ``detail``, in ``lang``), the decisions taken, and the final position (every zone,
    life, counters, damage, attachments: the omniscient view)."""
    from manastack.narrative import narrate
    from manastack.play import position_lines

    game = result.game
    if game is None:
        return []
    out = ["  " + line for line in narrate(game.log, detail, lang)]
    out.append("  " + ("Décisions :" if lang == "fr" else "Decisions:"))
    texts = result.texts if result.texts is not None and \
        len(result.texts) == len(game.history) else None
    for k, (p, action) in enumerate(game.history):
        out.append(f"    {game.players[p].name}: "
                   f"{texts[k] if texts is not None else repr(action)}")
    out.append("  " + ("Position finale :" if lang == "fr" else "Final position:"))
    out.extend("    " + line for line in position_lines(game, lang))
    return out


def _load(f: Path) -> tuple[list[Scenario], Result | None]:
    """The scenarios of ``f``, or the failed result of a file with a scenario error; a
    file over a limit raises :class:`~manastack.errors.ScenarioLimitError`."""
    try:
        return load_scenarios(f), None
    except ScenarioLimitError:
        raise
    except ScenarioError as e:
        return [], Result(str(f), str(f), False, f"scenario error: {e}")


def run_paths(paths: Sequence[str]) -> list[Result]:
    results: list[Result] = []
    for f in find_scenario_files([Path(p) for p in paths]):
        scs, bad = _load(f)
        if bad is not None:
            results.append(bad)
        results.extend(run_scenario(sc) for sc in scs)
    return results


def main(paths: Sequence[str], as_json: bool = False, verbose: bool = False,
         lang: str = "en", detail: str = "normal") -> int:
    """``manastack scenario run``: one line per scenario, then ``N passed, N failed``
    (with ``as_json``, one JSON object a line on stdout and the closing line on stderr).
    With ``verbose``, and for a scenario without ``expect``, the judge's answer follows
    each scenario's line (:func:`explain`).

    Every file is read before any scenario runs: a file over a limit of
    :mod:`manastack.limits` refuses the whole run (:class:`ScenarioLimitError`, exit
    code 2), where a scenario error only fails its file."""
    passed = failed = 0
    files = find_scenario_files([Path(p) for p in paths])
    if not files:
        raise ScenarioError(f"no scenario files in {', '.join(map(shown_path, paths[:10]))}")
    loaded = [_load(f) for f in files]
    for scs, bad in loaded:
        results = [bad] if bad is not None else []
        for sc in scs:
            results.append(run_scenario(
                sc, texts=not as_json and (verbose or sc.expect.empty)))
            res = results[-1]
            print(res.to_json() if as_json else res.line(), flush=True)
            answer = explain(res, lang, detail) \
                if not as_json and (verbose or not res.expects) else []
            if answer:
                print("\n".join(answer), flush=True)
            if res.passed:
                passed += 1
            else:
                failed += 1
        if bad is not None:
            print(bad.to_json() if as_json else bad.line(), flush=True)
            failed += 1
    # (with --json, stdout holds only the JSON objects, one a line: the closing line goes
    # to stderr, so that every line of stdout parses)
    print(f"{passed} passed, {failed} failed", file=sys.stderr if as_json else sys.stdout)
    return 0 if failed == 0 else 1

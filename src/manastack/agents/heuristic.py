"""The heuristic agent: a fast rule-based player (no search), honest, deterministic.

With priority (CR 116) it ranks its legal actions and takes the best worth taking now,
else passes:

1. a land (305.1) in its main phase, of the colour its hand needs most;
2. a lethal burn to an opponent's face, at any time;
3. in response to an opponent's spell (116.7): a counterspell (701.5) on one worth
   it, a trick that saves a creature of ours from it;
4. removal and other harm to an opponent's creatures, held for the opponent's turn
   (their attack, their end step) unless it clears a blocker before our attack; during
   their attack, an attacker first, and the attacker whose damage would kill us above
   all (510.2, 704.5a); tricks
   (a pump, 611.2c) once blockers are declared (509), when they win a fight or finish an
   unblocked opponent;
5. in its main phases (sorcery timing, 307.1): sorceries and Auras worth casting, the
   most valuable permanent spells it can pay for (creatures after combat unless they
   have haste, so that mana stays open for tricks during combat);
6. activated abilities (602) whose effect is worth it (a pinger's damage, a looter at
   the opponent's end step); never mana abilities by hand (payment is automatic),
   nor costs that sacrifice another permanent.

It answers every other decision too (:mod:`manastack.agents.combat_policy`,
:mod:`manastack.agents.choices`): attacks, blocks, damage, mulligans and every choice.
Anything it builds is checked by the rules before it is answered, and replaced by a
legal action drawn with its own random generator if refused, so it never proposes an
illegal action.

**Honesty** (400.2): it reads ``game.decision`` (its own), the legal actions, and the
parts of the state its player may see (the battlefield, the stack, graveyards, life
totals, the number of cards in each hand, its own hand); never another player's hand, a
library's content or order, or a face-down card.  Its own random generator (seeded)
breaks ties, never the game's: a game is its seed, decks and the agents' seeds.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from manastack.agents import choices, combat_policy
from manastack.agents.combat_math import can_block, fight, fighter, total
from manastack.agents.effect_sense import (
    effects_in,
    prevents_combat_damage,
    puts_land_onto_battlefield,
)
from manastack.agents.payment import sparing
from manastack.agents.spell_value import (
    LETHAL,
    Judged,
    judge_ability,
    judge_spell,
    permanent_worth,
    stack_threats,
    untapped_lands,
)
from manastack.agents.step_bound import StepActions
from manastack.cards.effects import CounterSpell, CounterUnlessPays
from manastack.game.abilities import ActivatedAbility
from manastack.game.decisions import (
    Action,
    Activate,
    Cast,
    ChoiceDecision,
    Decision,
    Pass,
    PlayLand,
    Special,
)
from manastack.game.objects import GameObject, PlayerRef

if TYPE_CHECKING:
    from manastack.engine import Game
    from manastack.game.state import GameState

#: The colour of mana each basic land type makes (305.6).
_BASIC_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R",
                 "Forest": "G"}
_MAIN = ("precombat_main", "postcombat_main")
#: Removal on a creature worth this much is cast in our own main phase rather than held.
BIG_THREAT = 8.0


class HeuristicAgent:
    """A rule-based player (see the module's docstring).

    ``max_actions_per_step`` bounds the actions taken in one step (a free ability could
    be activated forever: CR 104.4b, someone stops)."""

    def __init__(self, seed: int = 0, max_actions_per_step: int = 12) -> None:
        #: It never activates mana abilities by hand (the payment does): the game loop
        #: answers a priority where it could only pass or tap for mana
        #: (:func:`manastack.engine.forced.only_answer`).
        self.fold_mana = True
        self.rng = random.Random(seed)
        self.max_actions_per_step = max_actions_per_step
        self._step_actions = StepActions(max_actions_per_step)
        self._special_turn = -1

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        me = d.player
        kind = d.kind
        if kind == "priority":
            return self._priority(game, d, me)
        if kind == "declare_attackers":
            return combat_policy.declare_attackers(game, d, me, self.rng)
        if kind == "declare_blockers":
            return combat_policy.declare_blockers(game, d, me, self.rng)
        if kind == "assign_damage":
            return combat_policy.assign_damage(game, d, me, self.rng)
        if kind == "mulligan":
            action = choices.mulligan(game, d, me)
            return combat_policy.legal_or_none(game, d, action) or d.sample(game, self.rng)
        if isinstance(d, ChoiceDecision):
            return choices.choose(game, d, me, self.rng)
        return d.sample(game, self.rng)

    # ------------------------------------------------------------ priority

    def _priority(self, game: GameState, d: Decision, me: int) -> Action:
        if not self._step_actions.allows(game):
            return Pass()
        if game.stack and _top_is_mine(game, me):
            return Pass()  # let our own spell or ability resolve
        acts = d.legal_actions(game)
        if len(acts) <= 1:
            return acts[0] if acts else Pass()
        ctx = _Context(game, me)
        best: Action | None = None
        best_score = 0.0
        for a in acts:
            s = self._score(ctx, a)
            if s > best_score:
                best, best_score = a, s
        if best is None:
            return Pass()
        self._step_actions.took()
        if isinstance(best, Special):
            self._special_turn = game.turn_number
        return sparing(game, d, me, best)

    def ranked(self, game: Game) -> list[tuple[float, Action]]:
        """The legal answers to our priority decision with the worth the policy gives
        each (0: not worth taking now), best first (for a search choosing which
        answers to weigh)."""
        d = game.decision
        assert d is not None and d.kind == "priority"
        ctx = _Context(game, d.player)
        scored = [(self._score(ctx, a), i, a) for i, a in enumerate(d.legal_actions(game))]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(v, sparing(game, d, d.player, a) if v > 0 else a) for v, _i, a in scored]

    def _score(self, ctx: _Context, a: Action) -> float:
        if isinstance(a, PlayLand):
            return 1000.0 + ctx.land_need(a.card)
        if isinstance(a, Cast):
            return ctx.cast_score(a)
        if isinstance(a, Activate):
            return ctx.activate_score(a)
        if isinstance(a, Special):
            if ctx.main and ctx.my_turn and not ctx.game.stack and \
                    self._special_turn != ctx.game.turn_number:
                return 1.0
            return 0.0
        return 0.0


def _top_is_mine(game: GameState, me: int) -> bool:
    o = game.objects.get(game.stack[-1])
    return o is not None and game.controller(o) == me  # type: ignore[arg-type]


class _Context:
    """What the policy needs to know about the position, computed once per decision."""

    def __init__(self, game: GameState, me: int) -> None:
        self.game = game
        self.me = me
        st = game.step
        self.step = st.name if st is not None else ""
        self.my_turn = game.is_active(me)
        self.main = self.step in _MAIN and not game.stack
        self.threats = stack_threats(game, me)
        self.opp_top = bool(game.stack) and not _top_is_mine(game, me)

    # -------------------------------------------------------- lands

    def land_need(self, card: int) -> float:
        """How much the colours this land makes are needed by the spells in hand."""
        game = self.game
        o = game.obj(card)
        colors = {_BASIC_COLORS[s] for s in game.chars(o).subtypes if s in _BASIC_COLORS}
        have: set[str] = set()
        for p in game.permanents(self.me):
            have |= {_BASIC_COLORS[s] for s in game.chars(p).subtypes if s in _BASIC_COLORS}
        need = 0.0
        for i in game.players[self.me].hand:
            c = game.chars(game.obj(i))
            if c.is_land:
                continue
            text = c.mana_cost.text
            for col in colors:
                n = text.count(col)
                need += n * (2.0 if col not in have else 0.5)
        return need

    # -------------------------------------------------------- spells

    def cast_score(self, a: Cast) -> float:
        game = self.game
        o = game.objects.get(a.card)
        if not isinstance(o, GameObject):
            return 0.0
        c = game.chars(o)
        j = judge_spell(game, self.me, o, a.targets, a.x, a.modes)
        if a.x:
            j.value -= 0.05 * a.x  # the least X that does the job
        if j.lethal or (j.face and self._burn_reach(o, a.targets, j.face)):
            return LETHAL + j.value
        if self.main and self.my_turn and self._reserved(o):
            return 0.0  # mana kept for the counterspell or Fog in hand
        if c.is_permanent_card and "Aura" not in c.subtypes:
            if not self.main or not self.my_turn:
                return 0.0 if "flash" not in c.keywords or self.step != "end" else j.value
            haste = "haste" in c.keywords or not c.is_creature
            if self.step == "precombat_main" and not haste and self._has_tricks():
                return 0.0  # cast after combat: mana stays open for tricks
            return 20.0 + j.value
        sp = o.card.spell
        if sp is not None and prevents_combat_damage(sp.effect):
            return self._fog_score()
        if j.value <= 0.5:
            return 0.0
        return self._timed(c.is_type("Instant") or "flash" in c.keywords, j, a.targets)

    def _burn_reach(self, o: GameObject, targets: tuple[Any, ...], face: int) -> bool:
        """Is this burn to an opponent's face lethal with the other burn spells in hand
        that the untapped lands can also pay for (119.3a, 704.5a)?"""
        game = self.game
        foes = [t for t in targets if isinstance(t, PlayerRef)
                and game.is_opponent(self.me, t.index)]
        if not foes:
            return False
        life = game.players[foes[0].index].life
        mana = untapped_lands(game, self.me)
        mana -= game.chars(o).mana_cost.mana_value
        reach = face
        for i in game.players[self.me].hand:
            other = game.obj(i)
            oc = game.chars(other)
            if i == o.id or oc.is_land or oc.is_permanent_card or \
                    oc.mana_cost.mana_value > mana:
                continue
            if not (oc.is_type("Instant") or self.main):
                continue
            jo = judge_spell(game, self.me, other, (foes[0],), 0, ())
            if jo.face:
                reach += jo.face
                mana -= oc.mana_cost.mana_value
        return reach >= life > 0

    def _reserved(self, o: GameObject) -> bool:
        """Would casting ``o`` now tap the mana a held answer needs (a counterspell,
        Fog, 116.1a: cast on the opponent's turn), while we are under pressure or ``o``
        is no creature?"""
        game = self.game
        c = game.chars(o)
        if c.is_land or (c.is_creature and game.players[self.me].life > 10):
            return False
        sp = o.card.spell
        if sp is not None and any(puts_land_onto_battlefield(e) for e in effects_in(sp.effect)):
            return False  # a land more is more mana for the answer next turn
        if not any(len(game.players[p].hand) for p in game.opponents(self.me)):
            return False
        mana = untapped_lands(game, self.me)
        for i in game.players[self.me].hand:
            if i == o.id:
                continue
            oc = game.chars(game.obj(i))
            sp = game.obj(i).card.spell
            if not oc.is_type("Instant") or sp is None or oc.mana_cost.mana_value > mana:
                continue
            answer = prevents_combat_damage(sp.effect) or any(
                isinstance(e, (CounterSpell, CounterUnlessPays)) for e in effects_in(sp.effect))
            if answer and mana - c.mana_cost.mana_value < oc.mana_cost.mana_value:
                return True
        return False

    def _attackers_lethal(self) -> bool:
        """Would the creatures attacking us kill us if nothing more blocked them (combat
        damage 510.2, poison from infect 702.89b, 704.5a, 704.5c)?"""
        cb = self.game.combat
        if self.my_turn or cb is None:
            return False
        return self._kills(*self._coming_all(True))

    def _kills(self, damage: int, poison: int) -> bool:
        """Would ``damage`` and ``poison`` counters dealt to us at once make us lose
        (704.5a, 704.5c)?"""
        me = self.game.players[self.me]
        return damage >= me.life > 0 or (poison > 0 and me.poison + poison >= 10)

    def _fog_score(self) -> float:
        """Fog (615): after blockers on an opponent's turn, when the combat damage
        coming to us would kill us or cost us a creature or much life."""
        game = self.game
        cb = game.combat
        if self.my_turn or cb is None or self.step != "declare_blockers" or \
                not cb.blockers_declared or game.stack:
            return 0.0
        coming = poison = 0
        lost = 0.0
        for a, tgt in cb.attackers.items():
            if a not in game.objects:
                continue
            f = fighter(game, game.obj(a))
            blockers = [fighter(game, game.obj(b)) for b in cb.blocked_by.get(a, [])
                        if b in game.objects]
            if not blockers:
                hit, infect = self._coming(a, True)
                coming += hit
                poison += infect
                continue
            r = fight(f, blockers)
            if isinstance(tgt, PlayerRef) and tgt.index == self.me:
                coming += r.through
            lost += total(b.value for b in blockers if b.id in r.blockers_die)
        life = game.players[self.me].life
        if self._kills(coming, poison):
            return LETHAL / 2
        if coming >= max(5, life // 2) or poison >= 4 or lost >= 6.0:
            return 5.0 + coming + 2 * poison + lost
        return 0.0

    def _has_tricks(self) -> bool:
        """Do we hold an instant to cast during combat?"""
        game = self.game
        return any(game.chars(game.obj(i)).is_type("Instant")
                   for i in game.players[self.me].hand)

    def _timed(self, instant: bool, j: Judged, targets: tuple[Any, ...],
               repeats: int = 1) -> float:
        """When to play an effect judged ``j`` (see the module's docstring)."""
        game = self.game
        if j.counters:
            return 10.0 + j.value if self.opp_top and self._worth_countering() else 0.0
        saved = self._saves(j)
        if saved:  # an opponent's spell aims at our creature: save it
            return 15.0 + saved
        hasted = self._hastes(j)
        if hasted:
            return 3.0 + hasted
        if j.helped and not j.harms:  # a pump or a shield: a combat trick
            return self._trick_score(j, repeats) if self.step == "declare_blockers" else 0.0
        if not instant:
            return 5.0 + j.value if self.main and self.my_turn else 0.0
        if game.stack:
            return 0.0  # (responses are counters and saves only)
        if self.my_turn:
            if self.step == "precombat_main" and j.harms and self._clears_blocker(targets):
                return 5.0 + j.value
            if self.main and j.harms and j.value >= BIG_THREAT:
                return 5.0 + j.value  # a big threat: gone before it acts
            return 0.0
        if self.step in ("declare_attackers", "declare_blockers"):
            return 5.0 + j.value + self._stops_attack(j, targets)
        if self.step == "end" or (self.step == "upkeep" and j.face):
            return 5.0 + j.value
        return 0.0

    def _coming(self, a: int, blocks_known: bool) -> tuple[int, int]:
        """The combat damage and the poison counters attacker ``a`` would deal us if
        nothing more stopped it (510.2; an attacker with infect deals its damage as
        poison counters, 702.89b): nothing when it attacks someone else, is blocked
        (509.1h), or, before blocks, one of our untapped creatures could block it
        (509.1a, 702.9b)."""
        game = self.game
        cb = game.combat
        tgt = cb.attackers.get(a) if cb is not None else None
        if a not in game.objects or not (isinstance(tgt, PlayerRef)
                                         and tgt.index == self.me):
            return 0, 0
        o = game.obj(a)
        if blocks_known:
            if cb is not None and cb.blocked_by.get(a):
                return 0, 0
        elif any(can_block(game, b, o) for b in game.creatures(self.me) if not b.tapped):
            return 0, 0
        f = fighter(game, o)
        hit = max(f.power, 0) * (2 if f.double else 1)
        return (0, hit) if "infect" in game.chars(o).keywords else (hit, 0)

    def _coming_all(self, blocks_known: bool) -> tuple[int, int]:
        """:meth:`_coming` summed over every attacker."""
        cb = self.game.combat
        damage = poison = 0
        for a in cb.attackers if cb is not None else ():
            hit, infect = self._coming(a, blocks_known)
            damage += hit
            poison += infect
        return damage, poison

    def _stops_attack(self, j: Judged, targets: tuple[Any, ...]) -> float:
        """What harming ``targets`` is worth on top of their value during an
        opponent's attack: the damage an attacker it removes would deal us, and
        :data:`LETHAL` / 4 when that damage is what would kill us (510.2, 704.5a), so
        that the removal goes to the attacker that matters, not to the biggest
        creature at home."""
        game = self.game
        cb = game.combat
        if self.my_turn or cb is None or not j.harms or len(targets) != 1:
            return 0.0
        t = targets[0]
        if isinstance(t, PlayerRef) or t not in cb.attackers:
            return 0.0
        o = game.objects.get(t)
        if not isinstance(o, GameObject) or j.value < 0.8 * permanent_worth(game, o):
            return 0.0  # (it doesn't take the attacker out of the fight)
        known = cb.blockers_declared
        damage, poison = self._coming_all(known)
        hit, infect = self._coming(t, known)
        if (hit or infect) and self._kills(damage, poison) and \
                not self._kills(damage - hit, poison - infect):
            return LETHAL / 4
        return 1.5 * (hit + 2 * infect)

    def _hastes(self, j: Judged) -> int:
        """The power of our creature this gives haste to, before our attack, when it
        couldn't attack without it (just come under our control, 508.1a, 702.10b)."""
        from manastack.rules.casting import summoning_sick

        game = self.game
        if not self.my_turn or game.stack or self.step not in (
                "precombat_main", "beginning_of_combat"):
            return 0
        best = 0
        for t, h in j.helped.items():
            o = game.objects.get(t)
            if "haste" in h.keywords and isinstance(o, GameObject) and not o.tapped and \
                    summoning_sick(game, o):
                best = max(best, game.chars(o).power or 0)
        return best

    def _clears_blocker(self, targets: tuple[Any, ...]) -> bool:
        game = self.game
        ours = [o for o in game.creatures(self.me) if not o.tapped]
        if not ours:
            return False
        for t in targets:
            o = game.objects.get(t) if not isinstance(t, PlayerRef) else None
            if isinstance(o, GameObject) and o.zone == "battlefield" and not o.tapped and \
                    game.chars(o).is_creature and game.is_opponent(self.me,
                                                                   game.controller(o)):
                return True
        return False

    def _worth_countering(self) -> bool:
        """Is the opponent's spell on top worth our counterspell (701.5): a big spell
        (mana value 4 or more), one aimed at what we have, or their last card?"""
        game = self.game
        top = game.objects.get(game.stack[-1])
        if not isinstance(top, GameObject):
            return True  # (an ability: countered only by what counters abilities)
        ctrl = game.controller(top)
        if not game.players[ctrl].hand or self.threats:
            return True
        if game.chars(top).mana_cost.mana_value >= 4:
            return True
        return any(isinstance(t, PlayerRef) and t.index == self.me
                   for t in getattr(top, "targets", ()))

    def _saves(self, j: Judged) -> float:
        """The worth of our creature that this trick or shield saves from the opponent's
        spell on top of the stack: protection makes the spell's target illegal
        (702.16b, 608.2b), a regeneration shield replaces its destruction (701.12b), a
        pump lifts its toughness over the damage (0: it saves nothing)."""
        game = self.game
        best = 0.0
        for t, h in j.helped.items():
            te = self.threats.get(t)
            if te is None:
                continue
            o = game.obj(t)
            left = (game.chars(o).toughness or 0) - o.damage
            dies = te.kills or te.removes or te.bounces or te.damage >= left
            if not dies:
                continue
            if h.protects or (h.regenerates and not te.no_regen and not te.removes
                              and not te.bounces and (te.kills or te.damage)) or (
                    not te.kills and not te.removes and not te.bounces and
                    te.damage < left + h.pump - h.power):
                best = max(best, permanent_worth(game, o))
        return best

    def _trick_score(self, j: Judged, repeats: int = 1) -> float:
        """A pump or a shield during combat, once blockers are declared: worth it when it
        wins or saves a fight, or makes the unblocked attackers' damage lethal
        (``repeats``: how many times we can pay for it, an ability's pump)."""
        game = self.game
        cb = game.combat
        if cb is None or not cb.blockers_declared or game.stack:
            return 0.0
        best = 0.0
        for t, h in j.helped.items():
            if t not in game.objects:
                continue
            o = game.obj(t)
            f = fighter(game, o)
            p = h.power * repeats
            tough = (h.pump - h.power) * repeats
            if h.base is not None:  # (a new base P/T, layer 7b, 613.3b; the damage stays)
                p += h.base[0] - f.power
                tough += h.base[1] - (game.chars(o).toughness or 0)
            pumped = replace(f, power=f.power + p, toughness=f.toughness + tough)
            if h.regenerates:
                pumped.indestructible = True  # (a shield: it survives the fight)
            if t in cb.attackers:
                blockers = [fighter(game, game.obj(b)) for b in cb.blocked_by.get(t, [])
                            if b in game.objects]
                if not blockers:
                    tgt = cb.attackers[t]
                    if isinstance(tgt, PlayerRef) and p:
                        life = game.players[tgt.index].life
                        unblocked = sum(
                            g.power * (2 if g.double else 1)
                            for a in cb.attackers if a in game.objects
                            and not cb.blocked_by.get(a) for g in (fighter(game, game.obj(a)),))
                        if unblocked < life <= unblocked + p * (2 if f.double else 1):
                            return LETHAL
                    continue
                before = fight(f, blockers)
                after = fight(pumped, blockers)
                gain = (f.value if before.attacker_dies and not after.attacker_dies else 0.0) \
                    + total(b.value for b in blockers if b.id in after.blockers_die
                            and b.id not in before.blockers_die)
                best = max(best, gain)
            elif t in cb.blockers:
                for a in cb.blockers[t]:
                    if a not in game.objects:
                        continue
                    af = fighter(game, game.obj(a))
                    others = [fighter(game, game.obj(b)) for b in cb.blocked_by.get(a, [])
                              if b in game.objects and b != t]
                    before = fight(af, [f, *others])
                    after = fight(af, [pumped, *others])
                    gain = (f.value if t in before.blockers_die and t not in
                            after.blockers_die else 0.0) + \
                        (af.value if after.attacker_dies and not before.attacker_dies else 0.0)
                    best = max(best, gain)
        return 5.0 + best if best > 1.0 else 0.0

    # -------------------------------------------------------- abilities

    def activate_score(self, a: Activate) -> float:
        from manastack.rules.casting import activated_abilities

        game = self.game
        src = game.objects.get(a.source)
        if not isinstance(src, GameObject):
            return 0.0
        abilities = activated_abilities(game, src)
        if not 0 <= a.ability < len(abilities):
            return 0.0
        ab = abilities[a.ability]
        if not isinstance(ab, ActivatedAbility) or ab.mana is not None or a.mana:
            return 0.0
        cost = ab.cost
        if cost.sacrifice is not None or cost.sacrifice_count or \
                cost.exile_self or cost.discard or cost.discard_self or cost.pay_life:
            return 0.0
        if ab.effect is None:
            return 0.0
        j = judge_ability(game, self.me, ab, a.targets, a.x, src)
        if a.x:
            j.value -= 0.05 * a.x
        if cost.sacrifice_self and not j.lethal:
            # (602.2b, 601.2h: the source is gone as the cost is paid) only when it is doomed
            # anyway or what the effect destroys is worth more than it
            doomed = (src.id in self.threats and not self._saves(j)) or (
                j.harms and self._attackers_lethal())
            if not doomed and j.value < permanent_worth(game, src) + 0.5:
                return 0.0
            if j.harms and j.value >= 3.0 and (doomed or not game.stack):
                return 4.0 + j.value
            return 0.0
        if j.lethal:
            return LETHAL + j.value
        if j.value <= 0.5:
            return 0.0
        if cost.loyalty is not None:  # a planeswalker's ability: sorcery timing (606.3)
            return 3.0 + j.value + 0.5 * cost.loyalty
        if j.counters or self.threats or j.helped:
            mv = cost.mana.mana_value
            repeats = 1 if cost.tap or mv == 0 else max(1, untapped_lands(game, self.me) // mv)
            return self._timed(True, j, a.targets, repeats)
        if game.stack:
            return 0.0
        if j.harms and j.value >= 3.0:  # it destroys something: now
            return 4.0 + j.value
        creature = game.chars(src).is_creature
        if cost.tap and creature and self.my_turn and self.step in (
                "upkeep", "draw", "precombat_main", "beginning_of_combat"):
            return 0.0  # it may attack first
        if not self.my_turn and self.step == "end":
            return 2.0 + j.value
        if self.my_turn and self.step == "postcombat_main" and not cost.tap:
            return 0.0
        if self.my_turn and self.step == "end" and cost.tap:
            return 1.0 + j.value
        return 0.0

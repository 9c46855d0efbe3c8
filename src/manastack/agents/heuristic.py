"""The heuristic agent: a fast rule-based player (no search), honest, deterministic.

With priority (CR 116) it ranks its legal actions and takes the best worth taking now,
else passes:

1. a land (305.1) in its main phase, of the colour its hand needs most;
2. a lethal burn to an opponent's face, at any time;
3. in response to an opponent's spell (117.3c): a counterspell (701.5) on one worth
   it, a trick that saves a creature of ours from it;
4. removal and other harm to an opponent's creatures, held for the opponent's turn
   (their attack, their end step) unless it clears a blocker before our attack; tricks
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
from typing import TYPE_CHECKING, Any

from manastack.agents import choices, combat_policy
from manastack.agents.combat_math import fight, fighter, total
from manastack.agents.spell_value import (
    LETHAL,
    Judged,
    judge_ability,
    judge_spell,
    stack_threats,
)
from manastack.agents.step_bound import StepActions
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


class HeuristicAgent:
    """A rule-based player (see the module's docstring).

    ``max_actions_per_step`` bounds the actions taken in one step (a free ability could
    be activated forever: CR 104.4b, someone stops)."""

    def __init__(self, seed: int = 0, max_actions_per_step: int = 12) -> None:
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
        return best

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
        if j.lethal:
            return LETHAL + j.value
        if c.is_permanent_card and "Aura" not in c.subtypes:
            if not self.main or not self.my_turn:
                return 0.0 if "flash" not in c.keywords or self.step != "end" else j.value
            haste = "haste" in c.keywords or not c.is_creature
            if self.step == "precombat_main" and not haste and self._has_tricks():
                return 0.0  # cast after combat: mana stays open for tricks
            return 20.0 + j.value
        if j.value <= 0.5:
            return 0.0
        return self._timed(c.is_type("Instant") or "flash" in c.keywords, j, a.targets)

    def _has_tricks(self) -> bool:
        """Do we hold an instant to cast during combat?"""
        game = self.game
        return any(game.chars(game.obj(i)).is_type("Instant")
                   for i in game.players[self.me].hand)

    def _timed(self, instant: bool, j: Judged, targets: tuple[Any, ...]) -> float:
        """When to play an effect judged ``j`` (see the module's docstring)."""
        game = self.game
        if j.counters:
            return 10.0 + j.value if self.opp_top else 0.0
        if self.threats:  # an opponent's spell aims at our creature: save it
            saved = [t for t in targets if t in self.threats]
            if saved and j.pump:
                for t in saved:
                    te = self.threats[t]
                    o = game.obj(t)
                    left = (game.chars(o).toughness or 0) - o.damage
                    if not te.kills and not te.removes and not te.bounces and \
                            te.damage < left + j.pump // 2:
                        return 15.0 + j.value
        if j.helps and j.pump:
            return self._trick_score(j, targets)
        if not instant:
            return 5.0 + j.value if self.main and self.my_turn else 0.0
        if game.stack:
            return 0.0  # (responses are counters and saves only)
        if self.my_turn:
            if self.step == "precombat_main" and j.harms and self._clears_blocker(targets):
                return 5.0 + j.value
            return 0.0
        if self.step in ("declare_attackers", "declare_blockers", "end") or \
                (self.step == "upkeep" and j.face):
            return 5.0 + j.value
        return 0.0

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

    def _trick_score(self, j: Judged, targets: tuple[Any, ...]) -> float:
        """A pump during combat, once blockers are declared: worth it when it wins or
        saves a fight, or makes an unblocked attacker's damage lethal."""
        game = self.game
        cb = game.combat
        if cb is None or self.step != "declare_blockers" or not cb.blockers_declared:
            return 0.0
        best = 0.0
        for t in targets:
            if isinstance(t, PlayerRef) or t not in game.objects:
                continue
            o = game.obj(t)
            if game.controller(o) != self.me:
                continue
            f = fighter(game, o)
            if t in cb.attackers:
                blockers = [fighter(game, game.obj(b)) for b in cb.blocked_by.get(t, [])
                            if b in game.objects]
                if not blockers:
                    tgt = cb.attackers[t]
                    if isinstance(tgt, PlayerRef):
                        life = game.players[tgt.index].life
                        unblocked = sum(fighter(game, game.obj(a)).power
                                        for a in cb.attackers if a in game.objects
                                        and not cb.blocked_by.get(a))
                        if unblocked < life <= unblocked + j.pump // 2:
                            return LETHAL
                    continue
                before = fight(f, blockers)
                after = fight(f, blockers, pump=j.pump // 2)
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
                    pumped = fighter(game, o)
                    pumped.power += j.pump // 2
                    pumped.toughness += j.pump // 2
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
        if cost.sacrifice is not None or cost.sacrifice_count or cost.sacrifice_self or \
                cost.exile_self or cost.discard or cost.discard_self or cost.pay_life:
            return 0.0
        if ab.effect is None:
            return 0.0
        j = judge_ability(game, self.me, ab, a.targets, a.x)
        if a.x:
            j.value -= 0.05 * a.x
        if j.lethal:
            return LETHAL + j.value
        if j.value <= 0.5:
            return 0.0
        if cost.loyalty is not None:  # a planeswalker's ability: sorcery timing (606.3)
            return 3.0 + j.value + 0.5 * cost.loyalty
        if j.counters or self.threats or (j.helps and j.pump):
            return self._timed(True, j, a.targets)
        creature = game.chars(src).is_creature
        if cost.tap and creature and self.my_turn and self.step in (
                "upkeep", "draw", "precombat_main", "beginning_of_combat"):
            return 0.0  # it may attack first
        if game.stack:
            return 0.0
        if j.harms and j.value >= 3.0:  # it destroys something: now
            return 4.0 + j.value
        if not self.my_turn and self.step == "end":
            return 2.0 + j.value
        if self.my_turn and self.step == "postcombat_main" and not cost.tap:
            return 0.0
        if self.my_turn and self.step == "end" and cost.tap:
            return 1.0 + j.value
        return 0.0

"""An agent choosing uniformly among the legal actions, seeded (its own RNG, not the game's)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from manastack.agents.step_bound import StepActions
from manastack.engine.forced import priority_answers
from manastack.game.decisions import Pass, PriorityDecision
from manastack.picking import pick

if TYPE_CHECKING:
    from manastack.engine import Game
    from manastack.game.decisions import Action


class RandomAgent:
    """Uniform random play.  Combinatorial decisions (attacks, blocks) are sampled
    uniformly without listing every declaration.

    Mana abilities are folded into payment (``mana_abilities=False``, the default): at
    priority the agent chooses among the actions other than activating a mana ability
    that automatic payment activates anyway ({T} alone); a spell or ability it casts or
    activates is paid by tapping what pays (601.2g-h).  No play is lost: what such an
    ability makes, the payment makes when it is needed, and mana abilities with another
    cost (a sacrifice, life, mana) stay choices at priority (605.3a).  With
    ``mana_abilities=True`` the agent also chooses among those activations, as a person
    may (the games of the random agent before issue 40).  A priority with one action
    left is answered without drawing a random number, and the game loop
    (:func:`~manastack.play.play_to_end`) doesn't wake the agent for it
    (:attr:`fold_mana`, :func:`manastack.engine.forced.only_answer`).

    Free abilities (an ``{X}`` ability with X = 0, say) could be activated forever, so the
    agent passes priority once it has taken ``max_actions_per_step`` actions in one step
    (CR 104.4b: a loop of optional actions is not a draw, someone stops)."""

    def __init__(self, seed: int = 0, max_actions_per_step: int = 12,
                 mana_abilities: bool = False) -> None:
        self.rng = random.Random(seed)
        self.max_actions_per_step = max_actions_per_step
        self.mana_abilities = mana_abilities
        #: Leaves {T} mana abilities to the payment (read by the game loop).
        self.fold_mana = not mana_abilities
        self._step_actions = StepActions(max_actions_per_step)

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        if d.kind != "priority":
            return d.sample(game, self.rng)
        bound = self._step_actions
        if not bound.allows(game):
            return Pass()
        if self.mana_abilities:
            action = d.sample(game, self.rng)
        else:
            assert isinstance(d, PriorityDecision)
            acts = priority_answers(d, game, True)
            action = acts[0] if len(acts) == 1 else pick(self.rng, acts)
        if not isinstance(action, Pass):
            bound.took()
        return action

"""A worked example: MaskablePPO (sb3-contrib) learns manastack/Duel-v0 against ``random``.

The learner plays seat 0 of a fixed deck pair against the ``random`` agent, with the
flat observation and the action masks of ``manastack.env.masking.MaskedFlatEnv``.  Every
``--eval-every`` steps the current policy (deterministic, masked) plays ``--eval-games``
evaluation games against ``random`` (their seeds apart from the training games'); the
win rate with its 95% Wilson interval goes to a CSV and to the screen.  Draws and games
stopped unfinished count as not won.

Needs the ``rl`` extra and the example's own requirements (not part of the tests)::

    pip install 'manastack[rl]' torch sb3-contrib     # examples/requirements.txt

    nice -n 19 python examples/ppo.py --minutes 40 --csv ppo_curve.csv

One process, one torch thread (``--threads``); ``--minutes`` caps the wall time
(training and evaluations), ``--steps`` the env steps.  Bad arguments: one line, exit 2.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from typing import Any

from manastack.env import DuelEnv
from manastack.env.masking import MaskedFlatEnv
from manastack.errors import ManastackError
from manastack.sim.stats import wilson

EVAL_SEED = 1_000_000  # evaluation games are dealt from here (training: from --seed)


def make_env(decks: list[str], seed: int) -> MaskedFlatEnv:
    env = MaskedFlatEnv(DuelEnv(opponent="random", decks=decks))
    env.reset(seed=seed)
    return env


def evaluate(model: Any, decks: list[str], games: int) -> tuple[int, int]:
    """(wins, env steps) of ``games`` games of the masked deterministic policy."""
    env = make_env(decks, EVAL_SEED)
    wins = steps = 0
    for g in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + g)
        while True:
            action, _ = model.predict(obs, deterministic=True,
                                      action_masks=env.action_masks())
            obs, reward, terminated, truncated, _ = env.step(int(action))
            steps += 1
            if terminated or truncated:
                wins += reward > 0
                break
    return wins, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", default="red_green,white_black",
                    help="the learner's deck, then the opponent's (shipped deck names)")
    ap.add_argument("--steps", type=int, default=2_000_000, help="env steps at most")
    ap.add_argument("--minutes", type=float, default=40.0, help="wall time cap")
    ap.add_argument("--eval-every", type=int, default=25_000)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--final-games", type=int, default=400,
                    help="games of the last evaluation")
    ap.add_argument("--csv", default="ppo_curve.csv")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    from manastack.data import default_deck

    decks = args.decks.split(",")
    try:
        if len(decks) != 2:
            raise ValueError(f"--decks {args.decks!r}: two deck names")
        for d in decks:
            default_deck(d)
        if min(args.steps, args.eval_every, args.eval_games, args.final_games) <= 0 or \
                args.minutes <= 0:
            raise ValueError("--steps, --minutes, --eval-every, --eval-games and "
                             "--final-games must be > 0")
    except (ValueError, ManastackError) as e:
        print(f"ppo.py: {e}", file=sys.stderr)
        sys.exit(2)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(args.threads)
    env = make_env(decks, args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=4096, batch_size=256, n_epochs=4,
                        learning_rate=3e-4, gamma=0.995, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [256, 256]}, seed=args.seed,
                        device="cpu", verbose=0)
    t0 = time.monotonic()
    deadline = t0 + args.minutes * 60
    rows: list[dict[str, Any]] = []
    out = open(args.csv, "w", newline="")
    writer = csv.writer(out)
    writer.writerow(["steps", "wall_s", "games", "wins", "win_rate", "low", "high"])
    print(f"{'steps':>9} {'wall':>7} {'games':>5} {'win rate':>8}  95% interval")

    def record(steps: int, games: int) -> None:
        wins, _ = evaluate(model, decks, games)
        low, high = wilson(wins, games)
        wall = time.monotonic() - t0
        rows.append({"steps": steps, "rate": wins / games})
        writer.writerow([steps, f"{wall:.0f}", games, wins, f"{wins / games:.3f}",
                         f"{low:.3f}", f"{high:.3f}"])
        out.flush()
        print(f"{steps:>9} {wall / 60:>6.1f}m {games:>5} {wins / games:>8.1%}  "
              f"[{low:.1%}, {high:.1%}]", flush=True)

    class Curve(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.next_eval = args.eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_eval:
                self.next_eval += args.eval_every
                record(self.num_timesteps, args.eval_games)
            return time.monotonic() < deadline

    record(0, args.eval_games)
    model.learn(total_timesteps=args.steps, callback=Curve())
    record(model.num_timesteps, args.final_games)
    out.close()
    print(f"curve written to {args.csv}; {model.num_timesteps} env steps in "
          f"{(time.monotonic() - t0) / 60:.1f} minutes")


if __name__ == "__main__":
    main()

"""Simulation for deck builders (``manastack sim``): many games between two decks, in
seat-swapped pairs, on all cores, with honest statistics (docs/simulation.md).

- :mod:`~manastack.sim.games`: a run's spec, each game's seed and record, a batch;
- :mod:`~manastack.sim.runner`: the backends that play the batches;
- :mod:`~manastack.sim.stats`: the Wilson interval;
- :mod:`~manastack.sim.summary`, :mod:`~manastack.sim.records`: the report and the files;
- :mod:`~manastack.sim.progress`: the progress bar or lines;
- :mod:`~manastack.sim.collector`: the garbage collector paused while a batch is played;
- :mod:`~manastack.sim.command`: the command itself.
"""

from manastack.sim.games import GameRecord, SimSpec, game_seed, play_batch
from manastack.sim.runner import run
from manastack.sim.stats import wilson

__all__ = ["GameRecord", "SimSpec", "game_seed", "play_batch", "run", "wilson"]

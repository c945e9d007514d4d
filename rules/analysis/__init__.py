"""The analyzer: many games with bots, balance metrics with intervals, what-ifs on the register's
readings and on assumed data, and position analysis by rollouts.

- :func:`simulate` -> one tidy row per game (``rules/analysis/simulate.py`` lists the columns)
- :mod:`rules.analysis.metrics`: win rates (Wilson), balance, first-player advantage, lengths,
  decisiveness, draws and shared wins, branching by phase, end reasons, clause coverage
  (bootstrap where no closed form fits); :func:`summary` as JSON
- :func:`compare`: two configs on the same seeds (common random numbers), paired differences and
  the first step where the games part (:func:`divergence` tells it for a reader)
- :func:`sweep` over :func:`reading_points` (register readings) or :func:`table_scale_points`
  (Shadow Master's assumed tables scaled: a data what-if, not a config field)
- :func:`score_actions`: every legal action of a position scored by rollouts

Nothing here imports plotly, ipywidgets or IPython (the charts are ``widgets/analysis_charts.py``).
"""
from .compare import Comparison, compare, divergence, first_difference
from .metrics import summary, wilson, bootstrap
from .position import score_actions
from .seeds import game_seed, play_seed
from .simulate import Job, RunInfo, id_words, make_job, play_game, shutdown_pools, simulate
from .sweeps import Point, ScaledTables, reading_points, sweep, sweep_metric, sweep_win_rates, table_scale_points

__all__ = ["simulate", "Job", "RunInfo", "id_words", "make_job", "play_game", "shutdown_pools", "game_seed", "play_seed",
           "summary", "wilson", "bootstrap", "compare", "Comparison", "divergence", "first_difference",
           "score_actions", "sweep", "Point", "ScaledTables", "reading_points", "table_scale_points",
           "sweep_win_rates", "sweep_metric"]

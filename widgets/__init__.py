"""Thin views over the rules engines (they decide no rule), in three layers.

Generic parts (any game):

* :mod:`widgets.session`: ``GameSession``, a game's history (undo, redo, jump, branch, save/load)
* :mod:`widgets.stepper`, :mod:`widgets.eventlog`, :mod:`widgets.rulepanel`: stepper, event log
  (each event with its clauses), rule panel (the Thai clauses, cited ones highlighted), register
* :mod:`widgets.hexboard`: ``HexBoard``, an SVG hex board (anywidget, inline JS) with ``to_svg``
* :mod:`widgets.errors`: ``guard``/``safe``: errors shown as Thai + English messages
* :mod:`widgets.deeplink`: ``?scenario=<stem>&step=<n>`` links into a game page
* :mod:`widgets.lazy`: parts of a page built when the reader scrolls near them
* :mod:`widgets.chart`: ``Chart``, a plotly.js chart of a figure dict (the analyzer's charts,
  no plotly in the kernel)
* :mod:`widgets.bundles`: under the dashboard's server, the anywidgets' JavaScript (the charts'
  plotly.js, the hex board, ...) is fetched once per page instead of sent in each widget's state
  (a new anywidget class with a sizeable module gets a line in ``bundles.BUNDLES``)

The shared game page, built from them: :mod:`widgets.page` (a rulebook section beside a scenario,
the rulings picker, play against bots, the register, deep links; one ``step`` = one action).

One folder per game, holding only its board or table view and its labels (``SPEC`` plugs it into
the page): :mod:`widgets.coup`, :mod:`widgets.shadow_master` (with its what-if view and the home
page's live board), :mod:`widgets.toy_pig` (the smallest example: copy it to add a game).

Also :mod:`widgets.home` (the home page's game cards) and :mod:`widgets.serve` (``python -m
widgets.serve``, the Voila dashboard launcher).
"""

from . import bundles as _bundles
from . import lean as _lean

_bundles.install()  # under the dashboard's server, widgets fetch their JavaScript once per page
_lean.install()  # plotly's FigureWidget without nbformat (26 MiB) until a fig.show() needs it
_lean.trim_after_cells()  # in a kernel: freed heap back to the system once the notebook has run
_lean.defer_pyarrow()  # in a kernel: pandas without pyarrow (34 MiB) until a Parquet download

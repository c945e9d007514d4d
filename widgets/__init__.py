"""Thin views over the rules engines (they decide no rule).

* :mod:`widgets.session`: ``GameSession``, a game's history (undo, redo, jump, branch, save/load)
* :mod:`widgets.hexboard`: ``HexBoard``, an SVG hex board (anywidget, inline JS) with ``to_svg``
* :mod:`widgets.rulepanel`, :mod:`widgets.eventlog`, :mod:`widgets.stepper`: rule panel,
  event log, stepper
* :mod:`widgets.shadow_board`: the live Shadow Master board of the home page
* :mod:`widgets.coup_table`: the Coup table (per-seat views from ``observe``), scenario
  step-through and play against bots
* :mod:`widgets.sm_scenario`, :mod:`widgets.sm_whatif`, :mod:`widgets.sm_panels`,
  :mod:`widgets.sm_play`: the Shadow Master page (attack stepper, what-if, panels, play)
* :mod:`widgets.deeplink`: ``?scenario=<stem>&step=<n>`` links into a game page
* :mod:`widgets.home`: the home page's game cards
* :mod:`widgets.errors`: ``guard``/``safe``: errors shown as Thai + English messages
* :mod:`widgets.serve`: ``python -m widgets.serve``, the Voila dashboard launcher
"""

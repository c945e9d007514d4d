"""The random-play kernel of New World: the engine's own rule functions on one mutable working
copy for a whole game, for the benchmark and for large simulations.

``play(config, seed, rng)`` plays exactly the game that
``rules.core.play.random_play(GAME, GAME.new_game(config, seed), rng)`` plays: the same setup
(:func:`rules.new_world.setup.new_state`), at every step the same legal actions in the same order
(the legal cells of each tile kind in hand, in map order; the double marker's cards; the chance
outcomes of Ireland's bonuses) and the same random numbers drawn in the same order, so the same
moves and the same final state.  ``tests/test_new_world_kernel.py`` checks that move by move under
every reading of the register and on both sides; ``trace=[]`` collects the moves as the engine's
action dicts for that check.

Why a second path: the engine validates every action (``explain``), builds its legal actions as
dicts, and copies the state in and out of a working copy at every step (an immutable state per
step is what undo, the notebooks and the no-mutation check need).  Here one
:class:`~rules.new_world.state.Work` lives for the whole game and the rule modules (``turn``,
``farms``, ``settlements``, ``castles``, ``cathedrals``, ``towers``, ``scoring``) edit it in place:
the rules are not written twice, so the kernel cannot drift from the engine; what it saves is the
bookkeeping around them.  Events are still emitted (into a scratch list, dropped each step).
"""
from __future__ import annotations

import random
from typing import Mapping, NamedTuple

from ..core.play import _randbelow
from . import actions, turn
from .scoring import finish
from .engine import GAME
from .placement import legal_cells
from .setup import new_state
from .state import DOUBLE, FINAL_SCORING, OVER, SECOND_PICK, SECOND_PLACE, SHUFFLE, Work
from .tiles import KIND, NAMES
from .towers import double_targets


class Result(NamedTuple):
    """The end of one random game: ``steps`` (actions and chance outcomes, as ``random_play``
    counts them), ``winners``, ``scores``, ``sources`` per seat, ``cells`` (the final board)."""

    steps: int
    winners: tuple
    scores: tuple
    sources: tuple
    cells: tuple

    def fingerprint(self) -> tuple:
        return (self.winners, self.scores, self.sources, self.cells)


def fingerprint(state) -> tuple:
    """An engine state's :meth:`Result.fingerprint`."""
    return (tuple(state.winners or ()), tuple(state.scores), tuple(map(tuple, state.sources)), tuple(state.cells))


def play(config, seed: int, rng: random.Random, trace: list | None = None, max_steps: int = 100_000) -> Result:
    cfg = GAME.make_config(config) if isinstance(config, Mapping) else config
    w = Work(new_state(cfg, seed))
    board = w.board
    coords = board.cells
    randbelow = _randbelow(rng)
    log: list = []
    steps = 0
    while steps < max_steps and w.stage != OVER:
        stage = w.stage
        del log[:]
        if stage == SECOND_PICK:
            a = GAME.sample_chance(w, rng)          # weighted_choice over actions.chance_outcomes
            if trace is not None:
                trace.append(a)
            turn.second_drawn(w, KIND[a["tile"]], log)
        elif stage == SHUFFLE:
            a = actions.sample_shuffle(w, rng)
            if trace is not None:
                trace.append(a)
            turn.shuffled(w, a["order"], log)
        elif stage == FINAL_SCORING:
            a = GAME.sample_chance(w, rng)          # its one outcome, drawn as the engine's play draws it
            if trace is not None:
                trace.append(a)
            finish(w, log)
        elif stage == DOUBLE:
            cards = double_targets(w, w.turn)
            card = cards[randbelow(len(cards))]
            if trace is not None:
                trace.append({"player": w.turn, "type": "double", "card": card})
            turn.double_chosen(w, card, log)
        else:
            seat = w.turn
            second = stage == SECOND_PLACE
            kinds = [w.second] if second else sorted(set(w.hands[seat]))
            if len(kinds) == 1:
                kind = kinds[0]
                cells = legal_cells(board, w.cells, kind)
                i = cells[randbelow(len(cells))]
            else:
                options = [(k, i) for k in kinds for i in legal_cells(board, w.cells, k)]
                kind, i = options[randbelow(len(options))]
            if trace is not None:
                q, r = coords[i]
                trace.append({"player": seat, "type": "place", "tile": NAMES[kind], "q": q, "r": r})
            turn.place(w, seat, kind, i, log, second=second)
        steps += 1
    return Result(steps, tuple(w.winners or ()), tuple(w.scores), tuple(map(tuple, w.sources)), tuple(w.cells))

"""The random-play kernel of Valeria: the engine's own rule functions on one mutable working copy
for a whole game, for the benchmark and for large simulations.

``play(config, seed, rng)`` plays exactly the game that
``rules.core.play.random_play(GAME, GAME.new_game(config, seed), rng)`` plays: the same setup
(:func:`rules.valeria.setup.new_state`), at every step the same legal actions in the same order
(:func:`rules.valeria.actions.next_choice`, the very list ``legal_actions`` is made from) and the same
random numbers drawn in the same order (one ``randbelow`` per decision, one ``random()`` per die
rolled or card drawn: :func:`rules.valeria.actions.sample_chance`, the engine's ``sample_chance``),
so the same moves and the same final state.  ``tests/test_valeria_kernel.py`` checks that move by
move at every player count and under every reading of the register; ``trace=[]`` collects the
moves as the engine's action dicts for that check.

Why a second path: the engine validates every action (``explain``), makes every legal action as
a dict, and copies the state into a working copy and freezes it again at every step (an
immutable state per step is what undo, the notebooks and the no-mutation check need).  Here one
:class:`~rules.valeria.state.Work` lives for the whole game; the options of each decision are
listed in their compact form and the chosen one is done by its rule directly
(:data:`rules.valeria.actions.OPTION_DO`, :func:`rules.valeria.actions.perform_chance`: what
``perform`` does with the option's action dict, calling the same rule functions; the rare
decisions go through ``perform`` itself), then :func:`rules.valeria.flow.advance` runs the steps
nobody chooses (not called when the head of the queue is a seat's decision: it would return at
once).  The rules edit the working copy in place.  No event is kept: the log is ``None``, so
``emit`` keeps nothing and the hot rules skip building their texts (``if log is not None``).
``tests/test_valeria_kernel.py`` also does every option of every step of whole games both ways
(the action dict through ``perform``, the option through ``OPTION_DO``) and compares the
positions and the events.

Speed (``python -m rules bench valeria --json``, 4 players, per CPU second on the shared 2-core
machine, load 5-8): about 170-190 games (135-150 thousand steps), against 123-134 before the
option path and the dropped events (144 on a quiet machine) and the engine's 68-73.  What is
left is the rules' own work, spread thin: listing the options (the Warden's moves with the plans
it could complete, the dice of a shrine), the edited players copied (``Work.edit``, about 700 a
game), the setup (about 3%).
"""
from __future__ import annotations

import random
from typing import Mapping, NamedTuple

from ..core.play import _randbelow
from ..core.protocol import CHANCE
from .actions import OPTION_DO, chance_action, next_choice, perform_chance
from .engine import GAME
from .flow import DECISIONS, advance
from .setup import new_state
from .state import Work


class Result(NamedTuple):
    """The end of one random game: ``steps`` (actions and chance outcomes, as ``random_play``
    counts them), ``winners`` (seats; empty when cut off by ``max_steps``), ``scores`` (VP per
    seat), ``sources`` (per seat the VP by :data:`~rules.valeria.config.VP_SOURCES`), ``turns``,
    ``rounds``, ``influence`` per seat, ``plans`` (completed, per seat) and ``bag`` (dice left in
    the bag, per troop type)."""

    steps: int
    winners: tuple
    scores: tuple
    sources: tuple
    turns: int
    rounds: int
    influence: tuple
    plans: tuple
    bag: tuple

    def fingerprint(self) -> tuple:
        """What the bench and the tests compare with :func:`fingerprint` of the engine's final state."""
        return (self.winners, self.scores, self.sources, self.turns, self.rounds, self.influence, self.plans,
                self.bag)


def _summary(s) -> tuple:
    """(winners, scores, sources, turns, rounds, influence, plans, bag) of a state or a working copy."""
    ps = s.players
    return (tuple(s.winners or ()), tuple(p.vp for p in ps), tuple(tuple(p.vp_by) for p in ps), s.turns, s.round,
            tuple(p.influence for p in ps), tuple(tuple(p.plans) for p in ps), tuple(s.bag))


def fingerprint(state) -> tuple:
    """An engine state's :meth:`Result.fingerprint`."""
    return _summary(state)


def play(config, seed: int, rng: random.Random, trace: list | None = None, max_steps: int = 100_000) -> Result:
    """One random game: ``config`` (a mapping or the game's config) and ``seed`` as for
    ``GAME.new_game``; ``rng`` draws every move, as ``random_play`` draws them; ``trace``: when a
    list, each move is appended to it as the engine's action dict (or chance outcome);
    ``max_steps``: the cut-off, as ``random_play``'s."""
    return _play(config, seed, rng, trace, max_steps)[0]


def play_to_state(config, seed: int, rng: random.Random, trace: list | None = None,
                  max_steps: int = 100_000) -> tuple:
    """:func:`play`, and the final position as an engine state (``(Result, State)``: the tests
    compare it whole with the engine's)."""
    result, w = _play(config, seed, rng, trace, max_steps)
    return result, w.freeze()


def _play(config, seed: int, rng: random.Random, trace: list | None, max_steps: int) -> tuple:
    cfg = GAME.make_config(config) if isinstance(config, Mapping) else config
    w = Work(new_state(cfg, seed))
    # the seat's pick: ``rng.randrange(n)`` as ``random_play`` draws it (for a plain Random, its
    # ``_randbelow``: the same getrandbits calls, written out here to save a call per step)
    getrandbits = rng.getrandbits if type(rng) is random.Random else None
    randbelow = _randbelow(rng)
    log = None                   # no event is kept: the rules skip building them (core.events.emit)
    do = OPTION_DO               # per make: its option's rule (actions.option_handler)
    steps = 0
    while steps < max_steps and w.winners is None:
        seat, make, options = next_choice(w)
        if seat == CHANCE:
            step = perform_chance(w, rng, log)
            if trace is not None:
                trace.append(chance_action(step))
        elif options:
            n = len(options)
            if getrandbits is not None:
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
            else:
                r = randbelow(n)
            o = options[r]
            if trace is not None:
                trace.append(make(seat, o))
            # perform(w, make(seat, o), log) without the dict: the engine's rule for that option
            do[make](w, seat, o, log)
        else:   # random_play fails so too (a stuck position: the soak reports it)
            raise ValueError(f"valeria: seat {seat} must act but has no legal action")
        q = w.queue
        if not q or q[0][0] not in DECISIONS:     # advance would return at once at a seat's decision
            advance(w, log)
        steps += 1
    return Result(steps, *_summary(w)), w

"""Driving a game: one step, a whole playout, a random policy.

A *policy* is ``policy(observation: dict, legal: list[dict], rng) -> dict`` and sees only
``observe(state, seat)``.  In a reaction window (``current_player`` is a set of seats) the
driver asks one seat of the set per step, chosen by ``rng``; the engine decides what a pass or
a reaction does to the window.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .chance import sample_chance
from .protocol import CHANCE, TERMINAL, Event, Game, Transition

Policy = Callable[[dict, list, random.Random], dict]


def random_policy(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """Uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def next_actor(game: Game, state: Any, rng: random.Random) -> int | None:
    """The seat that acts next (``None`` at a chance node or at the end)."""
    cp = game.current_player(state)
    if isinstance(cp, frozenset):
        seats = sorted(cp)
        return seats[rng.randrange(len(seats))]
    return None if cp in (CHANCE, TERMINAL) else cp


def choose_action(game: Game, state: Any, policies: Mapping[int, Policy] | Policy | None,
                  rng: random.Random) -> dict | None:
    """The next action or chance outcome, or ``None`` at the end of the game."""
    cp = game.current_player(state)
    if cp == TERMINAL:
        return None
    if cp == CHANCE:
        return sample_chance(game, state, rng)
    seat = next_actor(game, state, rng)
    legal = game.legal_actions(state, seat)
    if policies is None:
        policy = random_policy
    elif callable(policies):
        policy = policies
    else:
        policy = policies.get(seat, random_policy)
    if policy is random_policy:  # no observation needed: skip observe for speed
        return legal[rng.randrange(len(legal))]
    return policy(game.observe(state, seat), legal, rng)


@dataclass
class Playout:
    """A finished (or cut-off) game: the actions taken, the events, the final state."""

    state: Any
    actions: list[dict] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    steps: int = 0
    finished: bool = False


def playout(game: Game, state: Any, rng: random.Random, policies=None, max_steps: int = 100_000,
            on_step: Callable[[Any, dict, Transition], None] | None = None,
            keep_events: bool = True) -> Playout:
    """Play from ``state`` until the end or ``max_steps`` actions; returns a :class:`Playout`."""
    out = Playout(state)
    for _ in range(max_steps):
        action = choose_action(game, out.state, policies, rng)
        if action is None:
            out.finished = True
            break
        tr = game.apply(out.state, action)
        if on_step is not None:
            on_step(out.state, action, tr)
        out.actions.append(action)
        if keep_events:
            out.events.extend(tr.events)
        out.state = tr.state
        out.steps += 1
    else:
        out.finished = game.current_player(out.state) == TERMINAL
    return out

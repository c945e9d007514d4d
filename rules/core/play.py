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
    """Uniformly random legal action (``ValueError`` when ``legal`` is empty)."""
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal[_randbelow(rng)(len(legal))]


def _randbelow(rng: random.Random):
    """``rng.randrange`` for ``n > 0``, bound once.  For a plain ``random.Random`` this is its
    ``_randbelow``, which ``randrange(n)`` calls after checking ``n`` (same numbers, less
    overhead on the hot path); any other generator keeps its own ``randrange``."""
    return rng._randbelow if type(rng) is random.Random else rng.randrange


def _none_legal(game: Game, seat) -> ValueError:
    # ``_randbelow(0)`` would never return: fail as ``randrange(0)`` did, more clearly
    if isinstance(seat, frozenset):
        return ValueError(f"{game!r}: an empty set of seats must act")
    return ValueError(f"{game!r}: seat {seat} must act but has no legal action")


def next_actor(game: Game, state: Any, rng: random.Random) -> int | None:
    """The seat that acts next (``None`` at a chance node or at the end)."""
    cp = game.current_player(state)
    if isinstance(cp, frozenset):
        if not cp:
            raise _none_legal(game, cp)
        seats = sorted(cp)
        return seats[_randbelow(rng)(len(seats))]
    return None if cp in (CHANCE, TERMINAL) else cp


def choose_action(game: Game, state: Any, policies: Mapping[int, Policy] | Policy | None,
                  rng: random.Random) -> dict | None:
    """The next action or chance outcome, or ``None`` at the end of the game.

    In a reaction window one seat of the set is picked with ``rng`` (in seat order), then its
    policy picks an action from ``legal_actions``; a chance node is sampled with ``rng``."""
    cp = game.current_player(state)
    if isinstance(cp, frozenset):
        if not cp:
            raise _none_legal(game, cp)
        seats = sorted(cp)
        seat = seats[_randbelow(rng)(len(seats))]
    elif cp == TERMINAL:
        return None
    elif cp == CHANCE:
        return sample_chance(game, state, rng)
    else:
        seat = cp
    legal = game.legal_actions(state, seat)
    if policies is None:
        policy = random_policy
    elif callable(policies):
        policy = policies
    else:
        policy = policies.get(seat, random_policy)
    if policy is random_policy:  # no observation needed: skip observe for speed
        if not legal:
            raise _none_legal(game, seat)
        return legal[_randbelow(rng)(len(legal))]
    return policy(game.observe(state, seat), legal, rng)


def random_play(game: Game, state: Any, rng: random.Random, max_steps: int = 100_000) -> tuple[Any, int]:
    """Uniformly random legal play from ``state`` until the end or ``max_steps`` actions:
    ``(final_state, steps)``.  The same moves as looping ``choose_action(game, s, None, rng)`` and
    ``game.apply`` (same random numbers; every action still goes through ``legal_actions`` and
    ``apply`` with its validation), minus the per-step driver overhead: ``bench`` uses it."""
    current, legal_actions, apply = game.current_player, game.legal_actions, game.apply
    if _plain_getrandbits(rng):
        return _random_play_bits(game, state, rng, max_steps)
    randbelow = _randbelow(rng)
    steps = 0
    while steps < max_steps:
        cp = current(state)
        if isinstance(cp, frozenset):
            if not cp:
                raise _none_legal(game, cp)
            seats = sorted(cp)
            cp = seats[randbelow(len(seats))]
        elif cp == TERMINAL:
            break
        elif cp == CHANCE:
            state = apply(state, sample_chance(game, state, rng)).state
            steps += 1
            continue
        legal = legal_actions(state, cp)
        if not legal:
            raise _none_legal(game, cp)
        state = apply(state, legal[randbelow(len(legal))]).state
        steps += 1
    return state, steps


def _plain_getrandbits(rng) -> bool:
    """True when ``rng._randbelow(n)`` is a plain ``random.Random``'s getrandbits loop, which
    :func:`_random_play_bits` writes out (same numbers)."""
    return type(rng) is random.Random and random.Random._randbelow is random.Random._randbelow_with_getrandbits


def _random_play_bits(game: Game, state: Any, rng: random.Random, max_steps: int) -> tuple[Any, int]:
    """:func:`random_play` for a plain ``random.Random``, with ``_randbelow(n)`` written out as
    CPython's ``_randbelow_with_getrandbits`` (``k = n.bit_length()``, draw ``k`` bits until
    below ``n``; even for ``n == 1``): the same numbers, without a Python call per draw."""
    current, legal_actions, apply = game.current_player, game.legal_actions, game.apply
    getrandbits = rng.getrandbits
    bits = _BITS
    steps = 0
    while steps < max_steps:
        cp = current(state)
        if isinstance(cp, frozenset):
            if not cp:
                raise _none_legal(game, cp)
            seats = sorted(cp)
            n = len(seats)
            k = bits[n] if n < 64 else n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            cp = seats[r]
        elif cp == TERMINAL:
            break
        elif cp == CHANCE:
            state = apply(state, sample_chance(game, state, rng))[0]  # a Transition is (state, events)
            steps += 1
            continue
        legal = legal_actions(state, cp)
        n = len(legal)
        if not n:
            raise _none_legal(game, cp)
        k = bits[n] if n < 64 else n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        state = apply(state, legal[r])[0]
        steps += 1
    return state, steps


_BITS = tuple(n.bit_length() for n in range(64))  # n.bit_length() for the lengths of most legal lists


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

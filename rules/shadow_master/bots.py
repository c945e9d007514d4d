"""Bots for Shadow Master: policies ``(observation, legal, rng) -> action`` (see rules.core.play).

* :func:`random_bot`: any legal action, uniformly.
* :func:`greedy_bot`: a simple, readable heuristic for playing against people and for the
  analyzer: roll rather than skip, place where the colour's group grows most (joining its
  largest group), buy a Power when it costs at most half the cash, never sell, take the
  leftmost open card, end the turn without exchanges, remove tokens from the largest stack.
"""
from __future__ import annotations

import random

PREFERENCE = {"roll": 5, "military": 6, "military_faith": 7, "place": 10, "place_combo": 11, "buy_power": 8,
              "no_buy": 1, "take_open": 3, "draw": 2, "end_turn": 4, "no_sell": 5, "decline": 0, "skip": 1}


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """Uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def _place_score(obs: dict, a: dict) -> float:
    """Cells of ``a['colour']`` adjacent-ish: prefer cells already holding that colour's tokens."""
    board = obs["board"]
    here = board.get(a["cell"])
    return (2 if here else 0) + obs["rank"].get(a["colour"], 0) / 10


def greedy_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """The heuristic described in the module docstring (ties broken by ``rng``)."""
    me = observation["players"]
    seat = legal[0]["player"]
    cash = me[seat]["cash"]

    def score(a: dict) -> float:
        t = a["type"]
        s = PREFERENCE.get(t, 2)
        if t in ("place", "place_combo"):
            s += _place_score(observation, a)
        if t == "buy_power":
            s = 8 if observation["rank"].get(a["colour"], 99) * 2 <= cash else 0
        if t == "take_open":
            s -= a["index"]
        if t == "remove_token":
            s = observation["board"].get(a["cell"], ["", 0])[1]
        if t == "deposit":
            s = a["amount"] / 100
        return s + rng.random() * 1e-3

    return max(legal, key=score)

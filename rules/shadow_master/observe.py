"""What a seat may see (:func:`observe`) and hidden information re-dealt (:func:`resample_hidden`).

Hidden: the Territory cards in other players' hands and the order/contents of the deck (only its
size is public).  Once the game is over (``stage == "over"``) every hand is shown to every viewer:
nothing is left to play for, and the final count (``scoring.territory``: 5 Silver a card) is made
from them (the rulebook is silent on turning the hands up; as Coup's observe does at its end).  The
deck stays hidden.  Everything else is public: the board, alliances, castles, cash and deposits
(declared openly, ``income.declare_deposits``), Kingdom Powers (held face up: the Tax and damage
clauses charge holders by them), Shadow Master cards, the open row and the discard pile.
"""
from __future__ import annotations

import random
from dataclasses import replace

from rules.core.protocol import current_json

from . import board as B
from .flow import current_player, phase
from .powers import side_of
from .serial import state_to_json
from .state import State

ALLIES_RANK_READINGS = ("separate", "merged")
"""The readings of ambiguity ``allies_rank`` (observe gives every kingdom's Rank under each)."""


def rank_group(s: State, colour: str, reading: str) -> dict:
    """The group that gives ``colour`` its Rank under ``allies_rank=reading``: ``{"rank", "cells",
    "side"}`` (``side``: the colours counted together - the colour alone, or with its allies under
    ``merged``; ``rank.largest_group``, ``alliance.shared_cell``)."""
    side = side_of(s.alliances, colour) if reading == "merged" else frozenset([colour])
    pos = s.position
    key = ("rank_group", side)
    found = pos._cache.get(key)   # the same side on the same (immutable) position: the same group
    if found is None:
        cells = B.largest_group(pos, side)
        order = s.board.order
        found = pos._cache[key] = (len(cells), tuple(sorted(cells, key=order.__getitem__)),
                                   tuple(c for c in s.board.colours if c in side))
    return {"rank": found[0], "cells": list(found[1]), "side": list(found[2])}


def observe(s: State, viewer: int | None) -> dict:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see: no other hand, no deck; once
    the game is over every hand (still no deck).

    :func:`rules.shadow_master.serial.state_to_json` with the hidden parts removed, plus
    ``viewer``, ``current`` (:func:`rules.core.protocol.current_json` of the player to act) and
    ``phase`` (:func:`rules.shadow_master.flow.phase`), and what a view needs so that it never
    re-derives a rule:

    * ``acting_seat``: the seat that must act now (``None`` at a chance node or the end);
    * ``rank_groups``: ``{colour: [cells]}``, the group that gives each kingdom its Rank under the
      config's ``allies_rank`` reading (its size is ``rank[colour]``, the engine's Rank);
    * ``rank_sides``: ``{colour: [colours]}``, the colours that group counts (the colour alone, or
      with its allies under ``allies_rank=merged``);
    * ``rank_by_reading``: ``{reading: {colour: rank}}`` for every ``allies_rank`` reading.
    """
    out = state_to_json(s, viewer)
    if s.stage == "over":  # the end: every hand is turned up, to every viewer (the module's docstring)
        for p, seat in zip(out["players"], s.players):
            p["hand"] = list(seat.hand)
    cp = current_player(s)
    out["viewer"] = viewer
    out["current"] = current_json(cp)
    out["phase"] = phase(s)
    out["acting_seat"] = cp if isinstance(cp, int) and cp >= 0 else None
    colours = s.board.colours
    by_reading = {r: {c: rank_group(s, c, r) for c in colours} for r in ALLIES_RANK_READINGS}
    groups = by_reading[s.config.allies_rank] if s.config.allies_rank in by_reading else {
        c: rank_group(s, c, s.config.allies_rank) for c in colours}
    out["rank_groups"] = {c: g["cells"] for c, g in groups.items()}
    out["rank_sides"] = {c: g["side"] for c, g in groups.items()}
    out["rank_by_reading"] = {r: {c: g["rank"] for c, g in gs.items()} for r, gs in by_reading.items()}
    return out


def resample_hidden(s: State, viewer: int | None, rng: random.Random) -> State:
    """``s`` with the deck and every hand ``viewer`` cannot see re-dealt from their union (a
    function of ``observe(s, viewer)`` and ``rng`` only); once the game is over every hand is seen,
    so only the deck is reshuffled."""
    hidden = [] if s.stage == "over" else [i for i in range(len(s.players)) if i != viewer]
    pool = sorted(list(s.deck) + [c for i in hidden for c in s.players[i].hand])
    rng.shuffle(pool)  # from the sorted pool: the re-deal depends on what the viewer sees, not on the hidden cards
    players = list(s.players)
    for i in hidden:
        n = len(players[i].hand)
        players[i] = replace(players[i], hand=tuple(sorted(pool[:n])))
        pool = pool[n:]
    return replace(s, players=tuple(players), deck=tuple(sorted(pool)))

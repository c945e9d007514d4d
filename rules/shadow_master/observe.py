"""What a seat may see (:func:`observe`) and hidden information re-dealt (:func:`resample_hidden`).

Hidden: the Territory cards in other players' hands and the order/contents of the deck (only its
size is public).  Everything else is public: the board, alliances, castles, cash and deposits
(declared openly, ``income.declare_deposits``), Kingdom Powers (held face up: the Tax and damage
clauses charge holders by them), Shadow Master cards, the open row and the discard pile.
"""
from __future__ import annotations

import random
from dataclasses import replace

from rules.core.protocol import current_json

from .flow import current_player, phase
from .serial import state_to_json
from .state import State


def observe(s: State, viewer: int | None) -> dict:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see: no other hand, no deck.

    :func:`rules.shadow_master.serial.state_to_json` with the hidden parts removed, plus
    ``viewer``, ``current`` (:func:`rules.core.protocol.current_json` of the player to act) and
    ``phase`` (:func:`rules.shadow_master.flow.phase`)."""
    out = state_to_json(s, viewer)
    out["viewer"] = viewer
    out["current"] = current_json(current_player(s))
    out["phase"] = phase(s)
    return out


def resample_hidden(s: State, viewer: int | None, rng: random.Random) -> State:
    """``s`` with the deck and every hand ``viewer`` cannot see re-dealt from their union."""
    hidden = [i for i in range(len(s.players)) if i != viewer]
    pool = list(s.deck) + [c for i in hidden for c in s.players[i].hand]
    rng.shuffle(pool)
    players = list(s.players)
    for i in hidden:
        n = len(players[i].hand)
        players[i] = replace(players[i], hand=tuple(sorted(pool[:n])))
        pool = pool[n:]
    return replace(s, players=tuple(players), deck=tuple(sorted(pool)))

"""What a seat (or a spectator) sees of New World, and re-dealing what it cannot see.

Hidden: each seat's hand, its face-down set-aside tiles, its tribe pile, the order and contents
of its pile, its secret missions (visible to that seat only), and the mission decks.  Public:
the board, scores, castles, cathedrals, Ireland's face-up missions, tower bonuses and markers."""
from __future__ import annotations

import dataclasses
import random

from ..core.protocol import current_json
from .config import SOURCES
from .flow import current_player, phase
from .missions import PublicCard, load_cards
from .state import State
from .tiles import NAMES


def observe(s: State, viewer: int | None) -> dict:
    """JSON: ``viewer``, ``current``, ``phase``, ``side``, ``map`` (the map's key,
    :func:`~rules.new_world.board.board_by_key`), ``board`` (a code per map cell: -1 empty,
    -2 covered, ``seat * 8 + kind``), ``turn``, ``scores``, ``sources`` (per seat by source),
    ``hand`` / ``my_aside`` / ``my_tribe`` / ``my_missions`` (the viewer's; ``None`` for a
    spectator), the sizes of every seat's hand, pile, aside, tribe and missions, ``castles``
    (holder per castle, -1 none), ``cathedrals`` (seats per cathedral), ``public``,
    ``public_done``, ``doubled``, ``tower_bonus``, ``tower_used``, ``second``, ``winners``; once
    the game is over every seat's missions (``missions``)."""
    mine = viewer is not None and 0 <= viewer < s.players
    return {
        "viewer": viewer, "current": current_json(current_player(s)), "phase": phase(s), "side": s.config.side,
        "map": s.board.key, "players": s.players, "turn": s.turn, "first": s.first, "board": list(s.cells), "scores": list(s.scores),
        "sources": [dict(zip(SOURCES, row)) for row in s.sources],
        "hand": [NAMES[k] for k in s.hands[viewer]] if mine else None,
        "my_aside": [NAMES[k] for k in s.aside[viewer]] if mine else None,
        "my_tribe": sorted(NAMES[k] for k in s.tribe[viewer]) if mine else None,
        "my_missions": list(s.missions[viewer]) if mine else None,
        "hand_sizes": [len(h) for h in s.hands], "pile_sizes": [len(p) for p in s.piles],
        "aside_sizes": [len(a) for a in s.aside], "tribe_sizes": [len(t) for t in s.tribe],
        "mission_counts": [len(m) for m in s.missions], "mission_deck": len(s.mission_deck),
        "public_deck": len(s.public_deck), "boxed": [[NAMES[k] for k in b] for b in s.boxed],
        "castles": list(s.castle_holder),
        "cathedrals": [[p for p in range(s.players) if m >> p & 1] for m in s.cathedral_marks],
        "public": list(s.public), "public_done": [list(d) for d in s.public_done], "doubled": list(s.doubled),
        "tower_bonus": list(s.tower_bonus), "tower_used": list(s.tower_used), "draw_three": list(s.draw_three),
        "second": NAMES[s.second] if s.second >= 0 else None,
        "winners": list(s.winners) if s.winners is not None else None,
        "missions": [list(m) for m in s.missions] if s.over else None,
    }


def _resplit(pool: list, sizes: list[int]) -> list[list]:
    out, k = [], 0
    for n in sizes:
        out.append(pool[k:k + n])
        k += n
    return out


def resample_hidden(s: State, viewer: int | None, rng: random.Random) -> State:
    """``s`` with everything ``viewer`` cannot see re-dealt: other seats' hands, piles, set-aside
    and tribe tiles shuffled among themselves (per seat, sizes kept), the viewer's own pile order,
    other seats' secret missions with the decks they came from.  Each pool is sorted before it is
    shuffled, so the result depends only on ``observe(s, viewer)`` and ``rng``."""
    if s.over:
        return s
    hands, piles, aside, tribe = list(s.hands), list(s.piles), list(s.aside), list(s.tribe)
    for o in range(s.players):
        if o == viewer:
            p = sorted(piles[o])  # sorted first: the re-deal depends on what the viewer sees only
            rng.shuffle(p)
            piles[o] = tuple(p)
            continue
        pool = sorted(list(hands[o]) + list(piles[o]) + list(aside[o]) + list(tribe[o]))
        rng.shuffle(pool)
        h, p, a, t = _resplit(pool, [len(hands[o]), len(piles[o]), len(aside[o]), len(tribe[o])])
        hands[o], piles[o], aside[o], tribe[o] = tuple(h), tuple(p), tuple(a), tuple(t)
    cards = load_cards(s.config.mission_cards)
    missions = [list(m) for m in s.missions]
    decks = {}
    for public, deck in ((False, s.mission_deck), (True, s.public_deck)):
        slots = [(o, j) for o in range(s.players) if o != viewer for j, c in enumerate(missions[o])
                 if isinstance(cards[c], PublicCard) == public]
        pool = sorted(list(deck) + [missions[o][j] for o, j in slots])
        rng.shuffle(pool)
        for (o, j), c in zip(slots, pool):
            missions[o][j] = c
        decks[public] = tuple(pool[len(slots):])
    return dataclasses.replace(s, hands=tuple(hands), piles=tuple(piles), aside=tuple(aside), tribe=tuple(tribe),
                               missions=tuple(tuple(m) for m in missions), mission_deck=decks[False],
                               public_deck=decks[True])

"""Views of the state: the full JSON (``state_to_json``), what a seat may see (``observe``) and
hidden information re-dealt (``resample_hidden``).

Hidden: the Territory cards in other players' hands and the order/contents of the deck (only its
size is public).  Everything else is public: the board, alliances, castles, cash and deposits
(declared openly, ``income.declare_deposits``), Kingdom Powers (held face up: the Tax and damage
clauses charge holders by them), Shadow Master cards, the open row and the discard pile.
"""
from __future__ import annotations

import random

from . import board as B
from .powers import kingdom_rank, limit_sources, territory_limit
from .scoring import breakdown
from dataclasses import replace

from .state import State


def _pending_json(q) -> dict:
    return {"kind": q.kind, "seat": q.seat, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in q.data}}


def _deep(v):
    if isinstance(v, tuple):
        return [_deep(x) for x in v]
    return v


def state_to_json(s: State, viewer: int | None = -99) -> dict:
    """The state as JSON; with a ``viewer`` (seat or ``None``) other hands and the deck are hidden."""
    board = s.board
    full = viewer == -99
    players = []
    for i, p in enumerate(s.players):
        show = full or viewer == i
        players.append({
            "cash": p.cash,
            "cash_gold_silver": list(divmod(p.cash, 10)),  # money.gold: 10 Silver = 1 Gold
            "deposits": {c: p.deposits[k] for k, c in enumerate(board.colours)},
            "powers": [list(x) for x in p.powers],
            "hand": list(p.hand) if show else None,
            "hand_size": len(p.hand),
            "persons": list(p.persons),
            "castles": list(p.castles),
            "out": p.out,
            "moved_money": p.moved_money,
            "sold": p.sold,
            "turncloak_used": p.turncloak_used,
            "power_limit": sum(n for _, n, _ in limit_sources(s, i)),
            "power_limit_sources": [[label, n, clause] for label, n, clause in limit_sources(s, i)],
            "territory_limit": territory_limit(s, i),
            "value": breakdown(s, i)["total"],
        })
    t = s.turn
    return {
        "game": "shadow_master",
        "config": s.config.model_dump(mode="json"),
        "seed": s.seed,
        "round": s.round,
        "first_player": s.first_player,
        "stage": s.stage,
        "turn": None if t is None else {
            "seat": t.seat, "step": t.step, "choice": t.choice, "dice": list(t.dice), "military": t.military,
            "second_roll": t.second_roll, "free_decline": t.free_decline, "placed": t.placed, "spent": t.spent,
            "buy_colour": t.buy_colour, "bought": t.bought, "to_take": t.to_take, "exchanges": t.exchanges,
            "used_person": t.used_person},
        "eor_seat": s.eor_seat,
        "queue": [_pending_json(q) for q in s.queue],
        "chance": None if s.chance is None else {"kind": s.chance.kind, "count": s.chance.count,
                                                  "purpose": s.chance.purpose, "seat": s.chance.seat,
                                                  "colour": s.chance.colour},
        "resume": s.resume,
        "board": s.position.to_json(),
        "rank": {c: kingdom_rank(s, c) for c in board.colours},
        "tokens_on_board": {c: B.tokens_of(s.position, c) for c in board.all_colours},
        "empty_cells": len(B.empty_cells(s.position)),
        "supply": {c: s.supply[k] for k, c in enumerate(board.colours)},
        "black_supply": s.black_supply,
        "alliances": {x: list(a) for x, a in zip(board.x_cells, s.alliances)},
        "castles": [{"card": c.card, "cell": c.cell, "owner": c.owner, "colour": c.colour} for c in s.castles],
        "castle_supply": list(s.castle_supply),
        "person_supply": list(s.person_supply),
        "players": players,
        "deck": list(s.deck) if full else None,
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "row": [[c, n] for c, n in s.row],
        "power_decks": {c: dict(zip(("faith", "tax", "king", "queen", "land", "military"), s.power_decks[k]))
                        for k, c in enumerate(board.colours)},
        "bank": s.bank,
        "cells_this_round": sorted(s.cells_this_round, key=board.order.__getitem__),
        "bonus": {"all_colours": s.bonus_all_colours, "five_black": s.bonus_five_black, "rank15": list(s.rank15)},
        "end_triggered": s.end_triggered,
        "last_round": s.last_round,
    }


def observe(s: State, viewer: int | None) -> dict:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see: no other hand, no deck."""
    return state_to_json(s, viewer)


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

"""Serialising Shadow Master: the full state as JSON (:func:`state_to_json`) and scenario
overrides on top of ``new_game`` (:func:`apply_overrides`).

Override keys (nested, or dotted such as ``players.0.cash``):

* ``board``: ``{cell: [colour, count]}`` - the whole map (supplies follow);
* ``alliances``: ``{X1: [colour, ...]}`` (under ``ally_token=from_supply`` each token is counted out
  of its colour's supply); ``castles``: ``[{cell, owner, colour}]`` (``colour``
  defaults to the cell's tokens; an empty castle cell needs it and a reading that allows it);
* ``players``: ``{seat: {cash, deposits: {colour: n}, powers: [[colour, kind]], hand: [cards],
  persons: [card]}}`` (or a list by seat); cards come from the decks, money from the bank;
* ``first_player`` (also whose turn it is, at the phase 1 choice), ``round``, ``row`` (``[[card, coins]]``),
  ``cells_this_round``, ``end_triggered``, ``last_round``.

Anything malformed or impossible raises :class:`BadInput` naming the field (Thai + English).
"""
from __future__ import annotations

from typing import Any, Mapping

from rules.core.protocol import BadInput

from . import board as B
from .constants import SILVER_PER_GOLD
from .invariants import invariants
from .powers import kingdom_rank, limit_sources, territory_limit, update_flags
from .scoring import breakdown
from .state import Castle, State, Turn, thaw
from .tables import KINDS, PERSONS

SRC = "setup.overrides"


# ----------------------------------------------------------------------------- state to JSON
def _pending_json(q) -> dict:
    """A queued decision: its own ``kind`` and ``seat``, and its data under ``data`` (a data key
    such as an attack's ``kind`` never overwrites the decision's kind)."""
    return {"kind": q.kind, "seat": q.seat, "data": {k: (list(v) if isinstance(v, tuple) else v) for k, v in q.data}}


_CONFIG_JSON: tuple = (None, {})


def config_json(config) -> dict:
    """``config.model_dump(mode="json")`` (a fresh dict); the last config's dump is kept, compared
    by identity (a game's states share one frozen config, and ``observe`` asks at every move)."""
    global _CONFIG_JSON
    last, dumped = _CONFIG_JSON
    if last is not config:
        dumped = config.model_dump(mode="json")
        _CONFIG_JSON = (config, dumped)
    return dict(dumped)


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
        sources = limit_sources(s, i)
        players.append({
            "cash": p.cash,
            "cash_gold_silver": list(divmod(p.cash, SILVER_PER_GOLD)),  # money.gold: 10 Silver = 1 Gold
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
            "power_limit": sum(n for _, n, _ in sources),
            "power_limit_sources": [[label, n, clause] for label, n, clause in sources],
            "territory_limit": territory_limit(s, i),
            "value": breakdown(s, i)["total"],
        })
    t = s.turn
    return {
        "game": "shadow_master",
        "config": config_json(s.config),
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
        "empty_cells": len(board.cells) - len(s.position),
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
        "power_decks": {c: dict(zip(KINDS, s.power_decks[k]))
                        for k, c in enumerate(board.colours)},
        "bank": s.bank,
        "cells_this_round": sorted(s.cells_this_round, key=board.order.__getitem__),
        "bonus": {"all_colours": s.bonus_all_colours, "five_black": s.bonus_five_black, "rank15": list(s.rank15)},
        "end_triggered": s.end_triggered,
        "last_round": s.last_round,
        "end_conditions": list(s.end_conditions),
    }



# ----------------------------------------------------------------------------- scenario overrides
def _bad(field: str, th: str, en: str) -> BadInput:
    return BadInput(SRC, field, th, en)


def expand(overrides: Mapping[str, Any]) -> dict:
    """Turn dotted keys (``players.0.cash``) into nested dicts."""
    out: dict = {}
    for key, value in dict(overrides).items():
        parts = str(key).split(".")
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise _bad(key, "ขัดกับค่าอื่นที่กำหนดไว้", "conflicts with another override")
        if isinstance(value, dict) and isinstance(node.get(parts[-1]), dict):
            node[parts[-1]].update(value)
        else:
            node[parts[-1]] = value
    return out


def apply_overrides(state: State, overrides: Mapping[str, Any]) -> State:
    """``state`` with ``overrides`` applied (see the module docstring); never half-applied."""
    ov = expand(overrides or {})
    known = {"board", "alliances", "castles", "players", "first_player", "round", "row", "cells_this_round",
             "end_triggered", "last_round"}
    for key in ov:
        if key not in known:
            raise _bad(key, f"ไม่รู้จักช่องนี้ (รู้จัก {', '.join(sorted(known))})",
                       f"unknown override (known: {', '.join(sorted(known))})")
    w = thaw(state)
    board = w.board
    # ambiguity ally_token=from_supply: the alliance tokens counted out of the supply so far (none
    # once the supply is counted afresh from a new board), squared with the new ones below
    ally_supply = w.config.ally_token == "from_supply"
    held_x = set() if "board" in ov else {c for a in w.alliances for c in a}
    if "board" in ov:
        w.position = B.position_from_json(board, ov["board"], f"{SRC}.board")
        for k, c in enumerate(board.colours):
            w.supply[k] = board.tokens_per_colour - B.tokens_of(w.position, c)
            if w.supply[k] < 0:
                raise _bad("board", f"โทเคนสี{board.colour_th[c]}เกินจำนวนที่มี ({board.tokens_per_colour})",
                           f"more {c} tokens than exist ({board.tokens_per_colour})")
        w.black_supply = board.black_tokens - B.tokens_of(w.position, board.black)
        if w.black_supply < 0:
            raise _bad("board", "โทเคนสีดำเกินจำนวนที่มี", "more black tokens than exist")
    if "alliances" in ov:
        w.alliances = [[] for _ in board.x_cells]
        for x, colours in dict(ov["alliances"]).items():
            if x not in board.x_cells or not isinstance(colours, list) or any(c not in board.colours for c in colours):
                raise _bad(f"alliances.{x}", "ต้องเป็นช่อง X และรายการสีอาณาจักร", "expected an X cell and a list of colours")
            w.alliances[board.x_cells.index(x)] = list(colours)
    if ally_supply and ("board" in ov or "alliances" in ov):
        now_x = {c for a in w.alliances for c in a}
        for c in board.colours:
            k = w.cidx(c)
            w.supply[k] += (c in held_x) - (c in now_x)
            if w.supply[k] < 0:
                raise _bad("alliances", f"โทเคนสี{board.colour_th[c]}เกินจำนวนที่มี ({board.tokens_per_colour}) "
                                        "เมื่อนับโทเคนพันธมิตรในช่อง X ด้วย",
                           f"more {c} tokens than exist ({board.tokens_per_colour}) counting its X-cell token")
    players = ov.get("players", {})
    if isinstance(players, list):
        players = {str(i): p for i, p in enumerate(players) if p is not None}
    for key, spec in dict(players).items():
        try:
            seat = int(key)
            p = w.players[seat]
        except (ValueError, IndexError):
            raise _bad(f"players.{key}", "ไม่มีผู้เล่นที่นั่งนี้", f"no seat {key}") from None
        if not isinstance(spec, dict):
            raise _bad(f"players.{key}", "ต้องเป็นชุดคู่ ชื่อช่อง -> ค่า", "expected a mapping of fields")
        for field, value in spec.items():
            where = f"players.{seat}.{field}"
            if field == "cash":
                if not isinstance(value, int) or value < 0:
                    raise _bad(where, "ต้องเป็นจำนวนเต็มไม่ติดลบ", "expected a non-negative integer")
                w.bank += p.cash - value
                p.cash = value
            elif field == "deposits":
                for c, n in dict(value).items():
                    if c not in board.colours or not isinstance(n, int) or n < 0:
                        raise _bad(f"{where}.{c}", "ต้องเป็นสีอาณาจักรและจำนวนไม่ติดลบ", "expected colour: n >= 0")
                    w.bank += p.deposits[w.cidx(c)] - n
                    p.deposits[w.cidx(c)] = n
            elif field == "powers":
                for c, k in p.powers:
                    w.power_decks[w.cidx(c)][KINDS.index(k)] += 1
                p.powers = []
                for item in value:
                    if not (isinstance(item, list) and len(item) == 2 and item[0] in board.colours and item[1] in KINDS):
                        raise _bad(where, f"ต้องเป็น [สี, ชนิด] ชนิดคือ {', '.join(KINDS)}",
                                   f"expected [colour, kind] with kind in {', '.join(KINDS)}")
                    deck = w.power_decks[w.cidx(item[0])]
                    if deck[KINDS.index(item[1])] <= 0:
                        raise _bad(where, f"การ์ด {item} หมดกองแล้ว", f"no {item} card left in the deck")
                    deck[KINDS.index(item[1])] -= 1
                    p.powers.append((item[0], item[1]))
            elif field == "hand":
                _set_hand(w, seat, value, where,
                          {int(k) for k, v in dict(players).items() if isinstance(v, dict) and "hand" in v})
            elif field == "persons":
                w.person_supply.extend(p.persons)
                p.persons = []
                for x in value:
                    if x not in w.person_supply:
                        raise _bad(where, f"ไม่มีการ์ด {x} (มี {', '.join(PERSONS)})", f"no person card {x!r} available")
                    w.person_supply.remove(x)
                    p.persons.append(x)
            else:
                raise _bad(where, "ไม่รู้จักช่องนี้", "unknown player field (cash, deposits, powers, hand, persons)")
    if "castles" in ov:
        for c in w.castles:
            w.players[c.owner].castles.remove(c.card)
            w.castle_supply.append(c.card)
        w.castles = []
        for i, spec in enumerate(ov["castles"]):
            if not isinstance(spec, dict):
                raise _bad(f"castles[{i}]", "ต้องเป็นชุดคู่ {cell, owner, colour}", "expected a mapping {cell, owner, colour}")
            cell, owner = spec.get("cell"), spec.get("owner")
            if cell not in board.hex_of or not isinstance(owner, int) or not 0 <= owner < len(w.players) \
                    or not w.castle_supply:
                raise _bad(f"castles[{i}]", "ต้องเป็นช่องบนแผนที่และผู้เล่นที่มีอยู่", "expected a map cell and a seat")
            colour = _castle_colour(w, spec, cell, f"castles[{i}].colour")
            card = min(w.castle_supply)
            w.castle_supply.remove(card)
            w.castles.append(Castle(card, cell, owner, colour))
            w.players[owner].castles.append(card)
    if "row" in ov:
        w.deck.extend(c for c, _ in w.row)
        w.bank += sum(n for _, n in w.row)
        w.row = []
        for i, item in enumerate(ov["row"]):
            card, coins = (item, 0) if isinstance(item, str) else (item[0], item[1])
            if card not in w.deck:
                raise _bad(f"row[{i}]", f"การ์ด {card} ไม่อยู่ในกองจั่ว", f"card {card} is not in the deck")
            w.deck.remove(card)
            w.row.append([card, coins])
            w.bank -= coins
    if "round" in ov:
        w.round = int(ov["round"])
    if "first_player" in ov:
        fp = ov["first_player"]
        if not isinstance(fp, int) or not 0 <= fp < len(w.players):
            raise _bad("first_player", "ต้องเป็นหมายเลขที่นั่ง", "expected a seat number")
        w.first_player = fp
        w.turn = Turn(seat=fp)
    if "cells_this_round" in ov:
        w.cells_this_round = set(ov["cells_this_round"])
    if "end_triggered" in ov:
        w.end_triggered = bool(ov["end_triggered"])
    if "last_round" in ov:
        w.last_round = int(ov["last_round"])
    update_flags(w)
    out = w.freeze()
    broken = invariants(out)
    if broken:
        raise _bad("<state>", "สถานะที่กำหนดขัดกับกติกา: " + "; ".join(broken), "the overridden state breaks: " + "; ".join(broken))
    return out


def _castle_colour(w, spec: Mapping, cell: str, where: str) -> str:
    """A castle's kingdom colour: ``spec["colour"]`` or the colour of the tokens on ``cell``
    (they must agree).  An empty cell needs ``colour`` (a castle that stayed: ``castle_emptied``)."""
    board, have = w.board, w.position.colour_at(cell)
    colour = spec.get("colour", have)
    if colour is None:
        raise _bad(where, f"ช่อง {cell} ว่าง ต้องระบุสีอาณาจักรของปราสาท", f"{cell} is empty: give the castle's kingdom colour")
    if colour not in board.colours:
        raise _bad(where, f"ต้องเป็นสีอาณาจักร ({', '.join(board.colours)})", f"expected a kingdom colour ({', '.join(board.colours)})")
    if have is not None and have != colour:
        raise _bad(where, f"ช่อง {cell} มีโทเคนสี{board.colour_th[have]} ปราสาทต้องเป็นสีเดียวกัน",
                   f"{cell} holds {have} tokens: the castle must be {have} too")
    return colour


def _set_hand(w, seat: int, cards, where: str, overridden: set[int]) -> None:
    """Give ``seat`` exactly ``cards``, taking them from the deck, the discard or a hand that is
    not itself overridden (which gets deck cards in exchange)."""
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise _bad(where, "ต้องเป็นรายการชื่อการ์ด", "expected a list of card names")
    p = w.players[seat]
    w.deck.extend(p.hand)
    p.hand = []
    for card in cards:
        if card in w.deck:
            w.deck.remove(card)
        elif card in w.discard:
            w.discard.remove(card)
        else:
            donor = next((i for i, q in enumerate(w.players) if i not in overridden and card in q.hand), None)
            spare = next((c for c in sorted(w.deck) if c not in cards), None)
            if donor is None or spare is None:
                raise _bad(where, f"ไม่มีการ์ด {card} ให้ใช้", f"no card {card} available")
            w.players[donor].hand.remove(card)
            w.players[donor].hand.append(spare)
            w.deck.remove(spare)
        p.hand.append(card)

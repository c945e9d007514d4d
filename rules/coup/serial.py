"""JSON view of the full state and scenario overrides of เกมโค่นอำนาจ (invariants:
:mod:`rules.coup.invariants`).

``state_to_json`` is the full (spectator-unsafe) state used by scenarios and the no-mutation
checks; the paths scenarios address are e.g. ``players.1.hand``, ``players.0.coins``,
``players.2.lost``, ``almshouse``, ``bank``, ``deck``, ``phase``, ``winner``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ..core.protocol import TERMINAL, BadInput, current_json
from .flow import stuck
from .state import CARD, FACTION, NAMES, OVER, PHASE_NAMES, TURN, CoupState

SOURCE = "scenario"


def _names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


def _task_json(task: tuple) -> list:
    tag = task[0]
    if tag == "lose":
        return ["lose", task[1], list(task[2]), task[3]]
    if tag == "ret":
        return ["ret", task[1], _names(task[2]), list(task[3]), None if task[4] is None else sorted(task[4])]
    if tag == "draw":
        return ["draw", task[1], task[2], list(task[3])]
    if tag == "shuffle":
        return ["shuffle", list(task[1]), task[2], _names(task[3]), None if task[4] is None else sorted(task[4])]
    return list(task)


def state_to_json(state: CoupState) -> dict:
    """The whole state as JSON (cards by name, seats by number, ``None`` for "none")."""
    kind, target, claim = state.act
    n = state.rules.n
    return {
        "config": state.rules.cfg.model_dump(mode="json"),
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "turn_no": state.turn_no,
        "current": current_json(state.cur),
        "start_coins": state.start_coins,
        "forced": state.forced,
        "players": [{
            "hand": _names(state.hands[s]),
            "lost": _names(state.up[s]),
            "buried": _names(state.buried[s]),
            "coins": state.coins[s],
            "faction": state.faction[s] if state.faction else None,
            "alive": bool(state.hands[s]),
            "claims": _names(state.claims[s]),
        } for s in range(n)],
        "bank": state.bank,
        "almshouse": state.alms,
        "deck": _names(state.deck),
        "action": None if not kind else {
            "type": kind, "actor": state.turn, "target": target if target >= 0 else None,
            "claim": NAMES[claim] if claim >= 0 else None},
        "block": None if state.blocker < 0 else {"player": state.blocker,
                                                 "character": NAMES[state.block_claim]},
        "challenger": state.challenger if state.challenger >= 0 else None,
        "claimant": state.claimant if state.claimant >= 0 else None,
        "window": sorted(state.window),
        "pending": [_task_json(t) for t in state.todo],
        "pool": _names(state.pool),
        "shown": NAMES[state.shown] if state.shown >= 0 else None,
        "peeks": [[e, t, NAMES[c]] for e, t, c in state.peeks],
        "hit": list(state.hit),
        "winner": state.winner if state.winner >= 0 else None,
        "deadlock": state.deadlock,
    }


# --- overrides -------------------------------------------------------------------------------
def _flatten(d: Mapping, prefix: str = "") -> dict:
    out = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = v
    return out


def _bad(field: str, th: str, en: str) -> BadInput:
    return BadInput(SOURCE, f"setup.overrides.{field}", th, en)


def _cards(field: str, value) -> tuple:
    if not isinstance(value, list) or not all(isinstance(v, str) and v in CARD for v in value):
        raise _bad(field, "ต้องเป็นรายชื่อตัวละคร (" + ", ".join(NAMES) + ")",
                   "expected a list of character names (" + ", ".join(NAMES) + ")")
    return tuple(CARD[v] for v in value)


def _int(field: str, value, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        rng = f"{lo}-{hi}" if hi is not None else f">= {lo}"
        raise _bad(field, f"ต้องเป็นจำนวนเต็ม {rng}", f"expected an integer {rng}, got {value!r}")
    return value


def apply_overrides(state: CoupState, overrides: Mapping[str, Any]) -> CoupState:
    """Set up a scenario position on a fresh game: ``players.<i>.hand`` / ``.lost`` (card names;
    or per-seat lists ``hands: [[...], ...]``, ``lost``, ``coins``),
    ``players.<i>.coins``, ``players.<i>.faction`` (0/1) or ``factions`` (list), ``almshouse``,
    ``deck`` (the whole deck, top first) or ``deck_top`` (these cards on top), ``turn``.

    Cards not in a hand or face up form the deck; the bank takes the coins no one holds.
    Raises :class:`BadInput` naming ``setup.overrides.<field>`` (Thai + English).
    """
    if state.phase not in (TURN, FACTION) or state.act[0]:
        raise _bad("<root>", "กำหนดสถานะได้เฉพาะตอนเริ่มเกม", "overrides apply only to a game that has not started")
    R = state.rules
    n = R.n
    flat = {}
    for key, value in _flatten(overrides).items():
        if key in ("hands", "lost", "coins") and isinstance(value, list):  # per-seat list form
            if len(value) != n:
                raise _bad(key, f"ต้องมี {n} ค่า (หนึ่งค่าต่อที่นั่ง)", f"expected {n} values, one per seat")
            attr = "hand" if key == "hands" else key
            for s, v in enumerate(value):
                flat[f"players.{s}.{attr}"] = v
        else:
            flat[key] = value
    hands, up, coins = list(state.hands), list(state.up), list(state.coins)
    faction = list(state.faction)
    alms, turn = state.alms, state.turn
    deck_full = deck_top = None
    factions_set = False
    for key, value in flat.items():
        parts = key.split(".")
        if parts[0] == "players" and len(parts) == 3:
            if not parts[1].isdigit() or int(parts[1]) >= n:
                raise _bad(key, f"ไม่มีที่นั่ง {parts[1]} (มี 0-{n - 1})", f"no seat {parts[1]} (seats 0-{n - 1})")
            s, attr = int(parts[1]), parts[2]
            if attr == "hand":
                hands[s] = tuple(sorted(_cards(key, value)))
            elif attr == "lost":
                up[s] = _cards(key, value)
            elif attr == "coins":
                coins[s] = _int(key, value, 0)
            elif attr == "faction":
                if not R.reformation:
                    raise _bad(key, "ศาสนามีเฉพาะในการปฏิรูปศาสนา", "factions exist only with reformation: true")
                faction[s] = _int(key, value, 0, 1)
                factions_set = True
            else:
                raise _bad(key, "ช่องที่กำหนดได้: hand, lost, coins, faction", "settable: hand, lost, coins, faction")
        elif key == "factions":
            if not R.reformation or not isinstance(value, list) or len(value) != n:
                raise _bad(key, f"ต้องเป็นรายการ 0/1 ยาว {n} (เฉพาะการปฏิรูปศาสนา)",
                           f"expected a list of {n} values 0/1 (reformation only)")
            faction = [_int(key, v, 0, 1) for v in value]
            factions_set = True
        elif key == "almshouse":
            if not R.reformation:
                raise _bad(key, "ที่พักพิงมีเฉพาะในการปฏิรูปศาสนา", "the almshouse exists only with reformation: true")
            alms = _int(key, value, 0)
        elif key == "deck":
            deck_full = _cards(key, value)
        elif key == "deck_top":
            deck_top = _cards(key, value)
        elif key == "turn":
            turn = _int(key, value, 0, n - 1)
        else:
            raise _bad(key, "ไม่รู้จักช่องนี้ (players.<i>.hand/lost/coins/faction, factions, almshouse, deck, deck_top, turn)",
                       "unknown field (players.<i>.hand/lost/coins/faction, factions, almshouse, deck, deck_top, turn)")
    for s in range(n):
        if len(hands[s]) + len(up[s]) != R.start_cards:
            raise _bad(f"players.{s}", f"มือ + การ์ดที่เสียแล้วต้องรวมได้ {R.start_cards} ใบ",
                       f"hand + lost must hold {R.start_cards} cards, got {len(hands[s])} + {len(up[s])}")
    living = [s for s in range(n) if hands[s]]
    if len(living) < 2:
        raise _bad("players", "ต้องมีผู้เล่นที่ยังอยู่ในเกมอย่างน้อย 2 คน", "at least two players must still be in the game")
    if not hands[turn]:
        raise _bad("turn", f"ที่นั่ง {turn} ออกจากเกมแล้ว", f"seat {turn} is out of the game")
    full = Counter(R.full_deck)
    used = Counter(c for s in range(n) for c in hands[s] + up[s])
    if used - full:
        extra = ", ".join(NAMES[c] for c in (used - full))
        raise _bad("players", f"การ์ดเกินจำนวนในสำรับ: {extra}", f"more cards than the deck holds: {extra}")
    remaining = full - used
    if deck_full is not None:
        if Counter(deck_full) != remaining:
            raise _bad("deck", "กองต้องมีการ์ดที่เหลือทั้งหมดพอดี", "the deck must hold exactly the remaining cards")
        deck = deck_full
    else:
        rest = list(remaining.elements())
        order = [c for c in state.deck]
        deck_list = []
        pool = Counter(rest)
        for c in order:  # keep the dealt order for cards still free
            if pool[c]:
                pool[c] -= 1
                deck_list.append(c)
        deck_list += sorted(pool.elements())
        if deck_top is not None:
            for c in deck_top:
                if c not in deck_list:
                    raise _bad("deck_top", f"ไม่มี {NAMES[c]} เหลือในกอง", f"no {NAMES[c]} left in the deck")
                deck_list.remove(c)
            deck_list = list(deck_top) + deck_list
        deck = tuple(deck_list)
    bank = R.total_coins - sum(coins) - alms
    if bank < 0 and not R.unlimited:
        raise _bad("players", f"เงินรวมเกิน {R.total_coins} เหรียญ", f"more than {R.total_coins} coins in play")
    phase, cur = state.phase, turn
    if phase == FACTION and factions_set:
        phase = TURN
    start = coins[turn]
    new = state._replace(
        hands=tuple(hands), up=tuple(up), coins=tuple(coins), bank=bank, alms=alms, deck=deck,
        faction=tuple(faction), turn=turn, cur=cur, phase=phase, start_coins=start,
        forced=start >= R.forced_at, peeks=(), claims=((),) * n)
    if new.phase == TURN and stuck(new, turn):
        new = new._replace(phase=OVER, cur=TERMINAL, deadlock=True)  # as in flow.check_deadlock
    return new

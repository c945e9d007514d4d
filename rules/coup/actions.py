"""Action dicts of เกมโค่นอำนาจ: what each seat may do now, and why anything else is refused.

Every action is a JSON dict with ``"player"`` and ``"type"``:

=====================  ===========================================  =============================
phase                  action                                       clause
=====================  ===========================================  =============================
faction (Reformation)  ``choose_faction`` + ``faction`` 0/1          reformation.factions
turn                   ``income``                                   actions.income
turn                   ``foreign_aid``                              actions.foreign_aid
turn                   ``coup`` + ``target``                        actions.coup(_forced)
turn                   ``tax``                                      characters.duke_tax
turn                   ``steal`` + ``target``                       characters.captain_steal
turn                   ``assassinate`` + ``target``                 characters.assassin_assassinate
turn                   ``exchange`` + ``character`` ambassador /    characters.ambassador_exchange,
                       inquisitor                                   inquisitor.exchange
turn                   ``examine`` + ``target``                     inquisitor.examine
turn (Reformation)     ``convert`` + ``target`` (self or other)     reformation.conversion
turn (Reformation)     ``embezzle``                                 reformation.embezzle
challenge windows      ``pass`` / ``challenge``                     challenge.bluff
block window           ``pass`` / ``block`` + ``character``         details.block_optional
prove                  ``prove`` / ``lose`` + ``card``              challenge.prove, challenge.fail
lose                   ``lose`` + ``card``                          challenge.lose_both
exchange               ``exchange_return`` + ``return`` [cards]     characters.ambassador_exchange
                       (the turn seat, or the examined seat under   inquisitor.exchange,
                       examine_force = inquisitor_exchange)         inquisitor.examine
show                   ``show`` + ``card`` (the examined seat)      inquisitor.examine
examine                ``force_exchange`` / ``let_keep``            inquisitor.examine
=====================  ===========================================  =============================
"""
from __future__ import annotations

from itertools import combinations

from ..core.ambiguity import ambiguity_ref
from ..core.protocol import IllegalAction
from .challenge import action_phrase, challenge_tx, claim_phrase, early_blockers, pass_tx
from .flow import chance
from .turn import CLAIM
from .reformation import FACTION_EN, FACTION_TH, restricted_state
from .state import (ACTION_CLAUSE, AMBASSADOR, BLOCK, CARD, CHAL, CHAL_BLOCK, CHANCE_NODE, CONTESSA,
                    DUKE, EXAMINE, EXCHANGE, FACTION, I_ACT, I_BLOCK_CLAIM, I_BLOCKER, I_CLAIMANT, I_COINS, I_CUR,
                    I_FACTION, I_FORCED, I_HANDS, I_PHASE, I_RULES, I_TURN,
                    LOSE, NAMES, OVER, PROVE, SEATS_MAX, SHOW, TH, TURN, CoupState)


BLOCKABLE = ("foreign_aid", "steal", "assassinate")
"""The actions another seat may block (actions.foreign_aid, characters.captain_steal,
characters.assassin_assassinate)."""


def blockers_of(rules, kind: str) -> tuple[int, ...]:
    """Characters that may block an action of ``kind`` under ``rules`` (the game's derived rules):
    a Duke foreign aid, a Contessa an assassination, a steal the Captain and the Ambassador or
    Inquisitor in play (actions.foreign_aid, characters.captain_steal,
    characters.assassin_assassinate); ``()`` for an action nobody blocks."""
    if kind == "foreign_aid":
        return (DUKE,)
    if kind == "steal":
        return rules.steal_blockers
    if kind == "assassinate":
        return (CONTESSA,)
    return ()


def block_characters(state: CoupState) -> tuple[int, ...]:
    """Characters that may block this turn's action (:func:`blockers_of` the open action)."""
    return blockers_of(state[I_RULES], state[I_ACT][0])


def coup_targets(state: CoupState, actor: int) -> list[int]:
    hands = state.hands
    return [t for t in state.rules.after[actor] if hands[t] and not restricted_state(state, actor, t)]


def turn_actions(state: CoupState) -> list[dict]:
    """The legal turn actions of the seat whose turn it is (setup.first_turn).

    The list is fresh at every call; its dicts are shared by every call that asks the same
    question (seat, who may be targeted, which costs it can pay): built once (see
    :data:`_TURN_LISTS`), so treat them as read-only (copy one before changing it)."""
    R = state[I_RULES]
    p = state[I_TURN]
    coins = state[I_COINS][p]
    hands = state[I_HANDS]
    forced = state[I_FORCED]
    others = []
    for t in R.after[p]:  # a loop: a comprehension is a function call in this Python
        if hands[t]:
            others.append(t)
    others = tuple(others)
    # without the Reformation nobody is restricted (reformation.same_faction)
    smin = R.steal_min
    if R.reformation or smin:
        open_ = tuple([t for t in others if not restricted_state(state, p, t)]) if R.reformation else others
        stealable = open_ if not smin else tuple([t for t in open_ if state[I_COINS][t] >= smin])
        key = (R, p, forced, coins >= R.coup_cost, coins >= R.assassin_cost, coins >= R.convert_self,
               coins >= R.convert_other, others, open_, stealable)
    else:  # nobody restricted, every living seat stealable: open_ and stealable are others (R tells which key)
        open_ = stealable = others
        key = (R, p, forced, coins >= R.coup_cost, coins >= R.assassin_cost, others)
    out = _TURN_LISTS.get(key)
    if out is None:
        if len(_TURN_LISTS) > 50_000:  # a bound for a long-lived process playing many configs
            _TURN_LISTS.clear()
        out = _TURN_LISTS[key] = tuple(_turn_actions(R, p, forced, coins, others, open_, stealable))
    return list(out)


_TURN_LISTS: dict = {}
"""``turn_actions``' answers by what they depend on -> the tuple of their (shared) dicts."""


def _turn_actions(R, p: int, forced: bool, coins: int, others: tuple, open_: tuple, stealable: tuple) -> list[dict]:
    if forced:
        if open_ or R.one_faction != "waive_forced_coup":
            return [{"player": p, "type": "coup", "target": t} for t in open_]
    out = [{"player": p, "type": "income"}, {"player": p, "type": "foreign_aid"}]
    if coins >= R.coup_cost:
        for t in open_:
            out.append({"player": p, "type": "coup", "target": t})
    out.append({"player": p, "type": "tax"})
    for t in stealable:
        out.append({"player": p, "type": "steal", "target": t})
    if coins >= R.assassin_cost:
        for t in open_:
            out.append({"player": p, "type": "assassinate", "target": t})
    if R.has_amb:
        out.append({"player": p, "type": "exchange", "character": "ambassador"})
    if R.has_inq:
        out.append({"player": p, "type": "exchange", "character": "inquisitor"})
        for t in others:
            out.append({"player": p, "type": "examine", "target": t})
    if R.reformation:
        if coins >= R.convert_self:
            out.append({"player": p, "type": "convert", "target": p})
        if coins >= R.convert_other:
            out += [{"player": p, "type": "convert", "target": t} for t in others]
        out.append({"player": p, "type": "embezzle"})
    return out


_RETURNS: dict = {}


def return_options(cards: tuple, k: int) -> list:
    """``[(returned, kept), ...]`` for returning ``k`` of the sorted ``cards``: every distinct
    multiset in ``itertools.combinations`` order (cached; ``kept`` sorted).  Used by
    :func:`exchange_options` and by the random-play kernel."""
    key = (cards, k)
    out = _RETURNS.get(key)
    if out is None:
        out = []
        seen = set()
        for combo in combinations(cards, k):
            if combo not in seen:
                seen.add(combo)
                kept = list(cards)
                for c in combo:
                    kept.remove(c)
                out.append((combo, tuple(kept)))
        _RETURNS[key] = out
    return out


def exchange_options(state: CoupState, p: int) -> list[dict]:
    """Every distinct multiset of cards the exchanging seat may return (as many as it drew)."""
    key = (p, state.hands[p], state.pool)
    out = _EXCHANGE_LISTS.get(key)
    if out is None:
        cards = tuple(sorted(state.hands[p] + state.pool))
        out = _EXCHANGE_LISTS[key] = tuple(
            {"player": p, "type": "exchange_return", "return": [NAMES[c] for c in returned]}
            for returned, _ in return_options(cards, len(state.pool)))
    return list(out)


_EXCHANGE_LISTS: dict = {}  # (seat, hand, pool) -> the shared dicts of exchange_options


def distinct(hand: tuple) -> tuple:
    """Distinct cards of a sorted hand, in order."""
    if len(hand) == 2 and hand[0] == hand[1]:
        return hand[:1]
    return hand


def legal_actions(state: CoupState, p: int) -> list[dict]:
    """Exactly the action dicts :func:`rules.coup.engine.CoupGame.apply` accepts from seat ``p``.

    A fresh list at every call; the dicts in it are shared between calls that give the same
    answer (built once, e.g. seat 2's ``pass`` and ``challenge``): read-only, copy one to change it."""
    ph = state[I_PHASE]
    if ph == CHAL or ph == CHAL_BLOCK:  # phases in order of how often they are asked
        if p in state[I_CUR]:
            if state[I_RULES].one_window and p in early_blockers(state):  # ambiguity window_order
                return _shared(("window", p, block_characters(state)))
            return list(_PASS_CHALLENGE[p])
        return []
    if ph == TURN:
        if p != state[I_TURN]:
            return []
        R = state[I_RULES]
        if R.reformation or R.steal_min:
            return turn_actions(state)
        # turn_actions' lookup for a table with nobody restricted, inlined (one step in four);
        # a key it has not built yet goes to turn_actions
        hands = state[I_HANDS]
        others = []
        for t in R.after[p]:
            if hands[t]:
                others.append(t)
        coins = state[I_COINS][p]
        out = _TURN_LISTS.get((R, p, state[I_FORCED], coins >= R.coup_cost, coins >= R.assassin_cost, tuple(others)))
        return list(out) if out is not None else turn_actions(state)
    if ph == BLOCK:
        if p in state[I_CUR]:
            return _shared(("block", p, block_characters(state)))
        return []
    if p != state[I_CUR]:
        return []
    if ph == PROVE:  # can_prove, must_prove, distinct and _shared, inlined (about one step in six)
        hand = state[I_HANDS][p]
        if len(hand) == 2 and hand[0] == hand[1]:
            hand = hand[:1]
        blocker = state[I_BLOCKER]
        held = state[I_HANDS][state[I_CLAIMANT]]
        if blocker >= 0:
            can = state[I_BLOCK_CLAIM] in held
        else:
            kind, _, claim = state[I_ACT]
            can = (claim < 0 or claim not in held) if kind == "embezzle" else claim in held
        if not can:
            key = ("prove", p, False, hand)
        elif state[I_RULES].must_prove and (blocker >= 0 or kind != "embezzle"):
            key = ("prove", p, None, ())
        else:
            key = ("prove", p, True, hand)
        out = _SHARED.get(key)
        return list(out) if out is not None else _shared(key)
    if ph == LOSE:
        hand = state[I_HANDS][p]
        key = ("lose", p, hand[:1] if len(hand) == 2 and hand[0] == hand[1] else hand)
        out = _SHARED.get(key)
        return list(out) if out is not None else _shared(key)
    if ph == EXCHANGE:
        return exchange_options(state, p)
    if ph == SHOW:
        return _shared(("show", p, distinct(state[I_HANDS][p])))
    if ph == EXAMINE:
        return _shared(("examine", p))
    if ph == FACTION:
        return _shared(("faction", p))
    return []


def _build(key: tuple) -> list[dict]:
    """The legal actions a key of :func:`_shared` stands for."""
    what, p = key[0], key[1]
    if what == "window":
        return [{"player": p, "type": "pass"}, {"player": p, "type": "challenge"},
                *({"player": p, "type": "block", "character": NAMES[c]} for c in key[2])]
    if what == "block":
        return [{"player": p, "type": "pass"}, *({"player": p, "type": "block", "character": NAMES[c]} for c in key[2])]
    if what == "prove":
        prove = [] if key[2] is False else [{"player": p, "type": "prove"}]
        return prove + [{"player": p, "type": "lose", "card": NAMES[c]} for c in key[3]]
    if what == "lose":
        return [{"player": p, "type": "lose", "card": NAMES[c]} for c in key[2]]
    if what == "show":
        return [{"player": p, "type": "show", "card": NAMES[c]} for c in key[2]]
    if what == "examine":
        return [{"player": p, "type": "force_exchange"}, {"player": p, "type": "let_keep"}]
    assert what == "faction", key
    return [{"player": p, "type": "choose_faction", "faction": 0},
            {"player": p, "type": "choose_faction", "faction": 1}]


_SHARED: dict = {}


def _shared(key: tuple) -> list[dict]:
    """A fresh list of the shared dicts of ``key`` (built once by :func:`_build`)."""
    out = _SHARED.get(key)
    if out is None:
        out = _SHARED[key] = tuple(_build(key))
    return list(out)


_PASS_CHALLENGE = tuple(tuple(_build(("window", p, ()))) for p in range(SEATS_MAX))
"""Seat ``p``'s ``pass`` and ``challenge`` in a challenge window (the commonest legal list)."""


_TARGETED = frozenset(("coup", "steal", "assassinate", "examine", "convert"))


def is_legal(state: CoupState, action: dict) -> bool:
    """``action in legal_actions(state, action["player"])`` answered without building the list
    (the hot path of ``apply``); seats and targets must be real ints (``True`` or ``1.0`` is
    refused).  ``tests/test_coup_engine.py`` checks the two agree on many states."""
    p = action.get("player")
    if type(p) is not int:
        return False
    kind = action.get("type")
    if type(kind) is not str:  # a list or a dict as a type must be refused, not crash a lookup
        return False
    ph = state[I_PHASE]
    n = len(action)
    if ph == CHAL or ph == CHAL_BLOCK:
        if kind == "block" and state[I_RULES].one_window:  # ambiguity window_order
            ch = action.get("character")
            return (n == 3 and p in state[I_CUR] and type(ch) is str and CARD.get(ch, -1) in block_characters(state)
                    and p in early_blockers(state))
        return n == 2 and (kind == "pass" or kind == "challenge") and p in state[I_CUR]
    if ph == BLOCK:
        if p not in state[I_CUR]:
            return False
        if kind == "pass":
            return n == 2
        if kind == "block" and n == 3:
            ch = action.get("character")
            return type(ch) is str and CARD.get(ch, -1) in block_characters(state)
        return False
    if ph == TURN:
        return p == state[I_TURN] and turn_legal(state, action, kind, n)
    if ph == PROVE or ph == LOSE:
        if p != state[I_CUR]:
            return False
        if kind == "lose":
            c = action.get("card")
            return (n == 3 and type(c) is str and CARD.get(c, -1) in state[I_HANDS][p]
                    and not (ph == PROVE and must_prove(state) and can_prove(state)))
        return ph == PROVE and kind == "prove" and n == 2 and can_prove(state)
    if ph == FACTION:  # 1.0 == 1 and False == 0 in Python: a faction must be a real int
        f = action.get("faction")
        return p == state[I_CUR] and kind == "choose_faction" and n == 3 and type(f) is int and f in (0, 1)
    return action in legal_actions(state, p)


def turn_legal(state: CoupState, a: dict, kind, n: int) -> bool:
    """Whether the turn seat may take ``a`` (``kind``: its type, ``n``: its number of keys), once
    :func:`is_legal` has checked the seat and the types of ``player`` and ``type``."""
    R = state[I_RULES]
    p = state[I_TURN]
    coins = state[I_COINS][p]
    t = -1
    if kind in _TARGETED:
        if n != 3:
            return False
        t = a.get("target")
        if type(t) is not int or not 0 <= t < R.n or not state[I_HANDS][t]:
            return False
    elif kind == "exchange":
        if n != 3:
            return False
    elif n != 2:
        return False
    if state[I_FORCED]:
        if kind == "coup":
            return t != p and not restricted_state(state, p, t)
        if R.one_faction != "waive_forced_coup" or coup_targets(state, p):
            return False
    if t == p:
        return kind == "convert" and R.reformation and coins >= R.convert_self
    if kind == "income" or kind == "foreign_aid" or kind == "tax":
        return True
    # restricted_state is False with no factions (no Reformation): not called then
    if kind == "steal":
        return state[I_COINS][t] >= R.steal_min and not (state[I_FACTION] and restricted_state(state, p, t))
    if kind == "assassinate":
        return coins >= R.assassin_cost and not (state[I_FACTION] and restricted_state(state, p, t))
    if kind == "coup":
        return coins >= R.coup_cost and not (state[I_FACTION] and restricted_state(state, p, t))
    if kind == "exchange":
        ch = a.get("character")
        return (ch == "ambassador" and R.has_amb) or (ch == "inquisitor" and R.has_inq)
    if kind == "examine":
        return R.has_inq
    if kind == "convert":
        return R.reformation and coins >= R.convert_other
    if kind == "embezzle":
        return R.reformation
    return False


def can_prove(state: CoupState) -> bool:
    """The challenged seat holds the claimed character (challenge.prove), or for an embezzle
    holds no "peacock" (reformation.embezzle_prove; ambiguity peacock_is_duke)."""
    hand = state[I_HANDS][state[I_CLAIMANT]]
    if state[I_BLOCKER] >= 0:
        return state[I_BLOCK_CLAIM] in hand
    kind, _, claim = state[I_ACT]
    if kind == "embezzle":
        return claim < 0 or claim not in hand
    return claim in hand


def must_prove(state: CoupState) -> bool:
    """Ambiguity decline_proof = must_prove: a challenged seat holding the claimed character must
    show it (challenge.prove) - for a character claim or a block; an embezzler may always
    concede (reformation.embezzle_concede says so)."""
    return state[I_RULES].must_prove and (state[I_BLOCKER] >= 0 or state[I_ACT][0] != "embezzle")


def normalise(action: dict) -> dict:
    """Canonical form of an incoming action (the order of an exchange's returned cards)."""
    if action.get("type") == "exchange_return" and isinstance(action.get("return"), list):
        try:
            ret = sorted(action["return"], key=lambda n: CARD[n])
        except (KeyError, TypeError):
            return action
        if ret != action["return"]:
            action = dict(action, **{"return": ret})
    return action


# --- refusals ------------------------------------------------------------------------------
def refuse(state: CoupState, action: dict) -> IllegalAction:
    """The :class:`IllegalAction` for an action that is not legal now: the clause that forbids
    it and the reason in Thai and English (only called on the error path)."""
    ph = state[I_PHASE]
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, (str, type(None))):
        kind = repr(kind)  # an unhashable type (a list, a dict) is refused as an unknown action
    p = action.get("player") if isinstance(action, dict) else None
    R = state[I_RULES]
    if ph == OVER:
        return IllegalAction("end.last_player", "เกมจบแล้ว", "the game is over")
    if ph == CHANCE_NODE:
        return IllegalAction("challenge.return_card", "ต้องสับกองการ์ด/สุ่มก่อน (จุดสุ่ม)",
                             "a chance outcome (shuffle or pick) is due, not a player action")
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < R.n:
        return IllegalAction("cover.players", f"ไม่มีที่นั่ง {p!r}", f"no seat {p!r} in this game")
    if ph == FACTION:
        if p != state[I_CUR]:
            return IllegalAction("reformation.factions", f"ตอนนี้ที่นั่ง {state[I_CUR] + 1} ต้องเลือกศาสนา (0 หรือ 1)",
                                 f"seat {state[I_CUR] + 1} must now choose a faction (0 or 1)")
        return IllegalAction("reformation.factions", "ต้องเลือกศาสนา 0 หรือ 1 ก่อน",
                             "first choose a faction: 0 or 1")
    if ph == TURN:
        if p != state[I_TURN]:
            return IllegalAction("setup.first_turn", f"ยังไม่ถึงตาของที่นั่ง {p + 1} (ตาของที่นั่ง {state[I_TURN] + 1})",
                                 f"it is seat {state[I_TURN] + 1}'s turn, not seat {p + 1}'s")
        return _refuse_turn(state, action, kind, p)
    if ph in (CHAL, CHAL_BLOCK, BLOCK):
        clause = "details.block_optional" if ph == BLOCK else "challenge.bluff"
        if ph == BLOCK and kind == "challenge" and state[I_ACT][0] == "foreign_aid":
            return IllegalAction("actions.foreign_aid",
                                 "ความช่วยเหลือจากภายนอกไม่ได้อ้างตัวละคร จึงท้าทายไม่ได้ ทำได้เพียงยับยั้งด้วยดยุค",
                                 "foreign aid claims no character, so it cannot be challenged; it can only be blocked by a Duke")
        if p not in state.window:
            if ph == BLOCK and p != state[I_TURN] and state[I_HANDS][p] and restricted_state(state, state[I_TURN], p):
                return IllegalAction("reformation.same_faction",
                                     f"ที่นั่ง {p + 1} นับถือศาสนาเดียวกับผู้กระทำ จึงยับยั้งกันไม่ได้",
                                     f"seat {p + 1} shares the actor's faction and may not block it")
            if ph == BLOCK:
                return IllegalAction(ACTION_CLAUSE.get(state[I_ACT][0], clause),
                                     f"ที่นั่ง {p + 1} ยับยั้งการกระทำนี้ไม่ได้", f"seat {p + 1} may not block this action")
            return IllegalAction(clause, f"ที่นั่ง {p + 1} ไม่อยู่ในช่วงท้าทายนี้ (เป็นผู้อ้างเองหรือตอบไปแล้ว)",
                                 f"seat {p + 1} is not in this challenge window (the claimant, or already answered)")
        if p not in state[I_CUR]:
            return IllegalAction(clause, f"ยังไม่ถึงลำดับของที่นั่ง {p + 1} (ถามทีละคนตามเข็มนาฬิกา)",
                                 f"seat {p + 1} is not asked yet (seats answer one at a time, clockwise)")
        if ph == BLOCK and kind == "block":
            blocks = ", ".join(NAMES[c] for c in block_characters(state))
            return IllegalAction(ACTION_CLAUSE.get(state[I_ACT][0], clause),
                                 f"การกระทำนี้ยับยั้งได้ด้วย {blocks} เท่านั้น",
                                 f"this action can only be blocked by: {blocks}")
        if kind == "block" and ph == CHAL and R.one_window and block_characters(state):  # window_order
            if p not in early_blockers(state):
                if p != state[I_TURN] and restricted_state(state, state[I_TURN], p):
                    return IllegalAction("reformation.same_faction",
                                         f"ที่นั่ง {p + 1} นับถือศาสนาเดียวกับผู้กระทำ จึงยับยั้งกันไม่ได้",
                                         f"seat {p + 1} shares the actor's faction and may not block it")
                return IllegalAction(ACTION_CLAUSE.get(state[I_ACT][0], clause),
                                     f"ที่นั่ง {p + 1} ยับยั้งการกระทำนี้ไม่ได้", f"seat {p + 1} may not block this action")
            blocks = ", ".join(NAMES[c] for c in block_characters(state))
            return IllegalAction(ACTION_CLAUSE.get(state[I_ACT][0], clause),
                                 f"การกระทำนี้ยับยั้งได้ด้วย {blocks} เท่านั้น",
                                 f"this action can only be blocked by: {blocks}")
        if kind == "block" and ph == CHAL and not block_characters(state):
            return IllegalAction(ACTION_CLAUSE.get(state[I_ACT][0], clause), "การกระทำนี้ไม่สามารถถูกขัดขวางได้",
                                 "this action cannot be blocked")
        return IllegalAction(clause, "ตอบได้เพียง ผ่าน หรือ " + ("ยับยั้ง" if ph == BLOCK else "ท้าทาย"),
                             "the only answers are pass or " + ("block" if ph == BLOCK else "challenge"))
    if p != state[I_CUR]:
        return IllegalAction("challenge.bluff", f"ตอนนี้รอที่นั่ง {state[I_CUR] + 1} ไม่ใช่ที่นั่ง {p + 1}",
                             f"waiting for seat {state[I_CUR] + 1}, not seat {p + 1}")
    card = CARD.get(action.get("card"), -1) if isinstance(action.get("card"), str) else -1
    if ph == PROVE:
        if kind == "prove":
            if state[I_ACT][0] == "embezzle" and state[I_BLOCKER] < 0:
                return IllegalAction("reformation.embezzle_prove", "พิสูจน์ไม่ได้: มีนกยูง (ดยุค) อยู่ในมือ",
                                     "cannot prove: a peacock (Duke) is in the hand")
            return IllegalAction("challenge.prove", "พิสูจน์ไม่ได้: ไม่มีตัวละครที่อ้างอยู่ในมือ",
                                 "cannot prove: the claimed character is not in the hand")
        if kind == "lose" and must_prove(state) and can_prove(state):
            name = NAMES[state[I_BLOCK_CLAIM] if state[I_BLOCKER] >= 0 else state[I_ACT][2]]
            ref_th, ref_en = ambiguity_ref("coup", "decline_proof", "must_prove")
            return IllegalAction("challenge.prove", f"มี{TH[CARD[name]]}อยู่ในมือ จึงต้องเปิดพิสูจน์ ({ref_th})",
                                 f"you hold the {name}: you must show it ({ref_en})")
        return _refuse_lose(state, p, card, "challenge.fail")
    if ph == LOSE:
        cites = state.todo[0][2] if state.todo and state.todo[0][0] == "lose" else ("challenge.lose_both",)
        return _refuse_lose(state, p, card, cites[0])
    if ph == EXCHANGE:
        clause = ("inquisitor.examine" if state[I_ACT][0] == "examine" else
                  "characters.ambassador_exchange" if state[I_ACT][2] == AMBASSADOR else "inquisitor.exchange")
        return IllegalAction(clause, f"ต้องคืนการ์ด {len(state.pool)} ใบจากการ์ดในมือและที่หยิบมา",
                             f"return exactly {len(state.pool)} card(s) from your hand and the cards drawn")
    if ph == SHOW:
        return IllegalAction("inquisitor.examine", "ต้องเลือกการ์ดคว่ำในมือ 1 ใบให้ดู",
                             "choose one of your face-down cards to show")
    if ph == EXAMINE:
        return IllegalAction("inquisitor.examine", "เลือกได้ว่าจะบังคับแลกเปลี่ยน (force_exchange) หรือคืนให้ (let_keep)",
                             "choose force_exchange or let_keep")
    return IllegalAction("setup.first_turn", "การกระทำนี้ใช้ไม่ได้ตอนนี้", "this action is not available now")


def _refuse_lose(state, p, card, clause):
    if card >= 0 and card not in state[I_HANDS][p] and (card in state.up[p] or card in state.buried[p]):
        return IllegalAction("details.two_at_once",
                             "การ์ดใบนี้เสียไปแล้ว ต้องเสียการ์ดอีกใบที่ยังคว่ำอยู่",
                             "that card is already lost; the second loss must be a different, face-down card")
    have = ", ".join(NAMES[c] for c in distinct(state[I_HANDS][p]))
    return IllegalAction(clause, f"ต้องเลือกเสียการ์ดคว่ำในมือของตัวเอง ({have})",
                         f"choose one of your own face-down cards to lose ({have})")


def _refuse_turn(state, action, kind, p):
    R = state[I_RULES]
    t = action.get("target")
    valid_t = isinstance(t, int) and not isinstance(t, bool) and 0 <= t < R.n
    if state.forced and kind != "coup":
        return IllegalAction("actions.coup_forced",
                             f"เริ่มเทิร์นด้วยเงิน {state.start_coins} เหรียญ ({R.forced_at} ขึ้นไป) ต้องทำรัฐประหาร",
                             f"the turn began with {state.start_coins} coins ({R.forced_at} or more): you must coup")
    known = {"income", "foreign_aid", "coup", "tax", "steal", "assassinate", "exchange", "examine"}
    if R.reformation:
        known |= {"convert", "embezzle"}
    if kind not in known:
        if kind in ("convert", "embezzle"):
            return IllegalAction("reformation.heading", "การกระทำนี้มีเฉพาะในการปฏิรูปศาสนา",
                                 "this action exists only in the Reformation variant")
        return IllegalAction("setup.first_turn", "ต้องเลือกหนึ่งในการกระทำของเทิร์น",
                             "choose one of the turn actions (income, foreign aid, coup, a character action)")
    clause = ACTION_CLAUSE.get(kind, "setup.first_turn")
    if kind == "exchange":
        ch = action.get("character")
        clause = "inquisitor.exchange" if ch == "inquisitor" else "characters.ambassador_exchange"
        if ch not in ("ambassador", "inquisitor") or CARD[ch] not in R.deck_chars:
            ref_th, ref_en = ambiguity_ref("coup", "deck_composition")
            return IllegalAction("components.character_cards", f"ไม่มีตัวละคร {ch!r} ในสำรับนี้ ({ref_th})",
                                 f"no character {ch!r} in this deck ({ref_en})")
    if kind == "examine" and not R.has_inq:
        ref_th, ref_en = ambiguity_ref("coup", "deck_composition")
        return IllegalAction("components.character_cards", f"ไม่มีนักสืบศาสนาในสำรับนี้ ({ref_th})",
                             f"no Inquisitor in this deck ({ref_en})")
    if kind == "coup" and state.coins[p] < R.coup_cost:
        return IllegalAction("actions.coup", f"ต้องมีเงิน {R.coup_cost} เหรียญจึงรัฐประหารได้ มีอยู่ {state.coins[p]} เหรียญ",
                             f"a coup costs {R.coup_cost} coins; you have {state.coins[p]}")
    if kind == "assassinate" and state.coins[p] < R.assassin_cost:
        return IllegalAction(clause, f"ต้องจ่าย {R.assassin_cost} เหรียญเพื่อลอบสังหาร มีอยู่ {state.coins[p]} เหรียญ",
                             f"an assassination costs {R.assassin_cost} coins; you have {state.coins[p]}")
    if kind in ("coup", "steal", "assassinate", "examine", "convert"):
        if not valid_t or (t == p and kind != "convert") or not state[I_HANDS][t]:
            return IllegalAction(clause, "ต้องเลือกผู้เล่นคนอื่นที่ยังอยู่ในเกม",
                                 "choose another player who is still in the game")
        if kind in ("coup", "steal", "assassinate") and restricted_state(state, p, t):
            return IllegalAction("reformation.same_faction",
                                 f"ที่นั่ง {t + 1} นับถือศาสนาเดียวกัน จึงรีดไถ ลอบสังหาร หรือรัฐประหารกันไม่ได้",
                                 f"seat {t + 1} shares your faction: no steal, assassination or coup between them")
        if kind == "steal":
            ref_th, ref_en = ambiguity_ref("coup", "steal_short")
            return IllegalAction(clause, f"ขโมยได้เฉพาะจากผู้ที่มีเงิน {R.steal_min} เหรียญขึ้นไป ({ref_th})",
                                 f"you may only steal from a player with {R.steal_min}+ coins ({ref_en})")
        if kind == "convert":
            cost = R.convert_self if t == p else R.convert_other
            return IllegalAction(clause, f"การเปลี่ยนศาสนาต้องจ่าย {cost} เหรียญ",
                                 f"this conversion costs {cost} coin(s); you have {state.coins[p]}")
    return IllegalAction(clause, "รูปแบบของการกระทำไม่ถูกต้อง", f"malformed {kind} action: {action!r}")


def explain_illegal(state: CoupState, action) -> IllegalAction | None:
    """``None`` when ``action`` is legal now, else the :class:`IllegalAction` ``apply`` raises for
    it (the clause that forbids it and why, Thai and English)."""
    if state.phase == CHANCE_NODE:
        # a chance outcome: the refusal is the one flow.chance raises
        try:
            chance(state, action)
        except IllegalAction as exc:
            return exc
        return None
    if not isinstance(action, dict):
        return IllegalAction("setup.first_turn", "การกระทำต้องเป็น dict", f"an action must be a dict, got {action!r}")
    a = normalise(action) if state.phase == EXCHANGE else action
    return None if is_legal(state, a) else refuse(state, a)


TURN_KINDS = (("income", None), ("foreign_aid", None), ("coup", None), ("tax", None), ("steal", None),
              ("assassinate", None), ("exchange", "ambassador"), ("exchange", "inquisitor"), ("examine", None),
              ("convert", None), ("embezzle", None))
"""The turn actions the rulebook names, ``(type, character)`` in the order of the action table
(actions.*, characters.*, inquisitor.*, reformation.*): the kinds :func:`unavailable` goes through."""


def unavailable(state: CoupState, p: int) -> list[tuple[dict, IllegalAction]]:
    """``[(action, refusal), ...]``: at seat ``p``'s choice of a turn action (setup.first_turn),
    one representative action of each kind of :data:`TURN_KINDS` that has no legal action now, with
    the refusal :func:`explain_illegal` gives it (its clause and Thai/English reason: a coup with
    fewer than 7 coins -> actions.coup, anything but a coup at 10+ -> actions.coup_forced).  A kind
    this game does not have at all is not listed: Reformation's without it, an exchange or an
    examination of a character not in the deck.  A targeted kind
    is tried on the first other seat still in the game (turn order) that it is refused for, so the
    reason is the kind's, not a seat's.  ``[]`` at any other decision or for another seat."""
    if state.phase != TURN or p != state.turn:
        return []
    offered = {(a["type"], a.get("character")) for a in turn_actions(state)}
    R = state.rules
    # the kinds this game has at all: Reformation's only with it (reformation.heading), a character's
    # exchange or examine only with that character in the deck (components.character_cards)
    present = {kind: True for kind, _ in TURN_KINDS}
    present["convert"] = present["embezzle"] = bool(R.reformation)
    present["examine"] = bool(R.has_inq)
    others = [t for t in R.after[p] if state.hands[t] and t != p] or [t for t in R.after[p] if t != p]
    out = []
    for kind, character in TURN_KINDS:
        if (kind, character) in offered or not present[kind] \
                or (character is not None and CARD[character] not in R.deck_chars):
            continue
        base = {"player": p, "type": kind}
        if character:
            base["character"] = character
        if kind == "convert":  # converting oneself costs least (reformation.conversion)
            tries = [{**base, "target": p}]
        elif kind in ("coup", "steal", "assassinate", "examine"):
            tries = [{**base, "target": t} for t in others] or [base]
        else:
            tries = [base]
        for action in tries:
            refusal = explain_illegal(state, action)
            if refusal is not None:
                out.append((action, refusal))
                break
    return out


# --- labels ------------------------------------------------------------------------------------
def _cards_th(names) -> str:
    return " และ ".join(TH[CARD[c]] for c in names)


def _cards_en(names) -> str:
    return " and ".join(c.capitalize() for c in names)


def card_words(name: str) -> tuple[str, str]:
    """``(th, en)`` of one character card (``"ทูต", "Ambassador"``): the names the labels use."""
    return _cards_th([name]), _cards_en([name])


_LOSS_WHY = {
    "actions.coup": ("เพราะถูกรัฐประหาร", "to the coup"),
    "characters.assassin_assassinate": ("เพราะถูกลอบสังหาร", "to the assassination"),
    "challenge.challenger_loses": ("เพราะท้าทายผิด", "for the failed challenge"),
}


def describe_action(state: CoupState, action) -> tuple[str, str]:
    """``(th, en)``: the label of a legal action or chance outcome in ``state`` (buttons, log
    lines, tables), with the seat that acts and what the action is about: a pass says whose
    claim it does not challenge or what it does not block, a loss says why.  Rule values (gains,
    costs, draws) come from the compiled config (``data/coup/components.yaml``).  Never raises:
    an action it cannot read is labelled by its type."""
    try:
        return _describe(state, action)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        kind = action.get("type", action.get("chance")) if isinstance(action, dict) else action
        return str(kind), str(kind)


def _describe(state: CoupState, a: dict) -> tuple[str, str]:
    R = state.rules
    if "chance" in a:
        if a["chance"] == "shuffle":
            size = len(a.get("order") or ()) or len(state.deck) + (len(state.todo[0][3]) if state.todo else 0)
            return f"สับกองการ์ด ({size} ใบ)", f"the deck is shuffled ({size} cards)"
        t = state.todo[0][1]
        return (f"สุ่มการ์ด 1 ใบของที่นั่ง {t + 1} ให้ที่นั่ง {state.turn + 1} ดู",
                f"one of seat {t + 1}'s cards is picked at random for seat {state.turn + 1} to see")
    p = a["player"]
    kind = a["type"]
    t = a.get("target", -1)
    me_th, me_en = f"ที่นั่ง {p + 1}: ", f"seat {p + 1}: "
    ph = state.phase
    if kind == "income":
        return me_th + f"รายได้ รับ {R.income} เหรียญ", me_en + f"income, take {R.income} coin(s)"
    if kind == "foreign_aid":
        return (me_th + f"ความช่วยเหลือจากภายนอก รับ {R.aid} เหรียญ (ดยุคยับยั้งได้)",
                me_en + f"foreign aid, take {R.aid} coins (a Duke may block)")
    if kind == "coup":
        return (me_th + f"จ่าย {R.coup_cost} เหรียญ รัฐประหารที่นั่ง {t + 1}",
                me_en + f"pay {R.coup_cost} to coup seat {t + 1}")
    if kind == "tax":
        return me_th + f"อ้างดยุค: เก็บภาษี รับ {R.tax} เหรียญ", me_en + f"claim the Duke: tax, take {R.tax} coins"
    if kind == "steal":
        k = min(R.steal, state.coins[t])
        return (me_th + f"อ้างกัปตัน: ขโมยเงิน {k} เหรียญจากที่นั่ง {t + 1}",
                me_en + f"claim the Captain: steal {k} coin(s) from seat {t + 1}")
    if kind == "assassinate":
        return (me_th + f"อ้างนักฆ่า: จ่าย {R.assassin_cost} เหรียญ ลอบสังหารที่นั่ง {t + 1}",
                me_en + f"claim the Assassin: pay {R.assassin_cost} to assassinate seat {t + 1}")
    if kind == "exchange":
        c = CARD[a["character"]]
        k = R.draw_amb if c == AMBASSADOR else R.draw_inq
        return (me_th + f"อ้าง{TH[c]}: แลกเปลี่ยน รับการ์ด {k} ใบจากกอง แล้วคืน {k} ใบ",
                me_en + f"claim the {NAMES[c].capitalize()}: exchange, take {k} card(s) from the deck, then return {k}")
    if kind == "examine":
        return (me_th + f"อ้างนักสืบศาสนา: สอบสวนที่นั่ง {t + 1} (ดูการ์ด 1 ใบ)",
                me_en + f"claim the Inquisitor: examine seat {t + 1} (look at 1 card)")
    if kind == "convert":
        cost = R.convert_self if t == p else R.convert_other
        who_th, who_en = ("ตัวเอง", "yourself") if t == p else (f"ที่นั่ง {t + 1}", f"seat {t + 1}")
        if not state.faction:  # no factions without the Reformation: a label for a refused action
            return me_th + f"เปลี่ยนศาสนา{who_th}", me_en + f"convert {who_en}"
        f = 1 - state.faction[t]
        return (me_th + f"จ่าย {cost} เหรียญ เปลี่ยนศาสนา{who_th}เป็น{FACTION_TH[f]}",
                me_en + f"pay {cost} to convert {who_en} to {FACTION_EN[f]}")
    if kind == "embezzle":
        if not state.faction:  # no almshouse without the Reformation: a label for a refused action
            return me_th + "ยักยอกเงินจากที่พักพิง", me_en + "embezzle the almshouse's coins"
        return (me_th + f"ประกาศว่าไม่มีนกยูง: ยักยอกเงิน {state.alms} เหรียญจากที่พักพิง",
                me_en + f"say there is no peacock (Duke): embezzle the almshouse's {state.alms} coin(s)")
    if kind == "pass":
        return pass_tx(state, p)
    if kind == "challenge":
        return challenge_tx(state, p)
    if kind == "block":
        c = CARD[a["character"]]
        ath, aen = action_phrase(state.act[0], state.act[1])
        return (me_th + f"อ้าง{TH[c]}เพื่อยับยั้งการ{ath} ของที่นั่ง {state.turn + 1}",
                me_en + f"claim the {NAMES[c].capitalize()} to block seat {state.turn + 1}'s {aen}")
    if kind == "prove":
        if state.blocker < 0 and state.act[0] == "embezzle":
            return (me_th + "เปิดไพ่ทั้งหมดให้ทุกคนดู พิสูจน์ว่าไม่มีนกยูง",
                    me_en + "show every card to prove there is no peacock (Duke)")
        cth, cen = claim_phrase(state, own=True)  # the claimant decides
        c = state.block_claim if state.blocker >= 0 else state.act[2]
        return (me_th + f"เปิด{TH[c]}ให้ทุกคนดู พิสูจน์{cth}",
                me_en + f"show the {NAMES[c].capitalize()} to prove {cen}")
    if kind == "lose":
        c = a["card"]
        if ph == PROVE:
            if state.blocker < 0 and state.act[0] == "embezzle":
                how_th, how_en = ("คว่ำไว้", "face down") if R.concede_face_down else ("หงาย", "face up")
                return (me_th + f'ประกาศว่า "มีนกยูงอยู่" และเสีย{TH[CARD[c]]} ({how_th})',
                        me_en + f'say "there is a peacock" and lose the {c.capitalize()} ({how_en})')
            cth, cen = claim_phrase(state, own=True)  # the claimant decides
            return (me_th + f"ไม่พิสูจน์{cth} และเสีย{TH[CARD[c]]}",
                    me_en + f"do not prove {cen}; lose the {c.capitalize()}")
        cites = state.todo[0][2] if state.todo and state.todo[0][0] == "lose" else ()
        why_th, why_en = next((_LOSS_WHY[x] for x in cites if x in _LOSS_WHY), ("", ""))
        return (me_th + f"เสีย{TH[CARD[c]]}" + (f" {why_th}" if why_th else ""),
                me_en + f"lose the {c.capitalize()}" + (f" {why_en}" if why_en else ""))
    if kind == "exchange_return":
        ret = list(a["return"])
        kept = list(state.hands[p] + state.pool)
        for c in ret:
            kept.remove(CARD[c])
        kept_names = [NAMES[c] for c in sorted(kept)]
        return (me_th + f"คืน{_cards_th(ret)}เข้ากอง เก็บ{_cards_th(kept_names) or 'ไม่มีการ์ด'}",
                me_en + f"return {_cards_en(ret)} to the deck, keep {_cards_en(kept_names) or 'nothing'}")
    if kind == "show":
        c = a["card"]
        return (me_th + f"ให้ที่นั่ง {state.turn + 1} ดู{TH[CARD[c]]}",
                me_en + f"show the {c.capitalize()} to seat {state.turn + 1}")
    if kind == "force_exchange":
        t = state.act[1]
        if R.forced_inquisitor_exchange:
            k = R.draw_inq
            return (me_th + f"บังคับให้ที่นั่ง {t + 1} แลกเปลี่ยน (รับ {k} ใบจากกอง แล้วคืน {k} ใบ)",
                    me_en + f"force seat {t + 1} to exchange (take {k} card(s) from the deck, then return {k})")
        c = NAMES[state.shown]
        return (me_th + f"บังคับให้ที่นั่ง {t + 1} แลก{TH[state.shown]}ที่ดูกับใบบนสุดของกอง",
                me_en + f"force seat {t + 1} to swap the {c.capitalize()} shown for the deck's top card")
    if kind == "let_keep":
        t = state.act[1]
        return (me_th + f"ให้ที่นั่ง {t + 1} เก็บ{TH[state.shown]}ไว้",
                me_en + f"let seat {t + 1} keep the {NAMES[state.shown].capitalize()}")
    if kind == "choose_faction":
        f = a["faction"]
        if R.each_chooses:
            return me_th + f"เลือก{FACTION_TH[f]}", me_en + f"pick {FACTION_EN[f]}"
        return (me_th + f"เลือก{FACTION_TH[f]} (ผู้เล่นที่เหลือได้ศาสนาสลับกันไป)",
                me_en + f"pick {FACTION_EN[f]} (the others alternate)")
    return str(kind), str(kind)


# --- what an action asserts (for a view's "you do not hold this card"; challenge.bluff) ---------
def claimed_character(state: CoupState, action: dict) -> str | None:
    """The character ``action`` claims to hold (``None``: it claims none): a character action's own
    (``turn.CLAIM``), or the one an exchange or a block names."""

    kind = action.get("type")
    if kind in CLAIM:
        return NAMES[CLAIM[kind]]
    if kind in ("exchange", "block") and action.get("character") in CARD:
        return action["character"]
    return None


def is_bluff(state: CoupState, action: dict) -> bool:
    """True when ``action`` asserts something false about its own seat's hand now (challenge.bluff):
    it claims a character the seat does not hold, or an embezzle (reformation.embezzle) denies a
    character the seat holds.  A view asks this only of its own seat's actions."""
    p = action.get("player")
    if not isinstance(p, int) or not 0 <= p < len(state.hands):
        return False
    hand = state.hands[p]
    if action.get("type") == "embezzle":
        return state.rules.denied >= 0 and state.rules.denied in hand
    claim = claimed_character(state, action)
    return claim is not None and CARD[claim] not in hand

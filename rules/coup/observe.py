"""What a seat may see (issue 3, "Hidden information"), and re-dealing what it may not.

``observe(state, seat)``: the seat's own face-down cards (and own cards lost face down), the
card it was shown by an examine, the cards it drew for an exchange (its own, or one an examine
forced on it), everyone's face-up cards,
coin counts, factions, the almshouse, public claims, the deck size and the open action, block
and window; ``blockers``: ``{action type: {"characters": [...], "who": "target" | "anyone"}}``,
the characters that may block foreign aid, a steal, an assassination in this game's deck
(``actions.blockers_of``) and whether only the target or any other seat may (ambiguity who_blocks;
the Reformation's same-faction limits still apply).  Always ``viewer``, ``phase`` (a name of ``state.PHASE_NAMES``) and ``current``
(``rules.core.protocol.current_json``); ``reaction_order``: the open window's seats in the order
they are asked (``GAME.reaction_order``, ambiguity reaction_order; ``[]`` outside a window).  ``observe(state, None)`` is the spectator: no face-down card at all.
Once the game is over (phase ``over``) every hand and every card lost face down is shown to every viewer.

``resample_hidden(state, seat, rng)`` re-deals every card the viewer cannot see (other hands,
cards lost face down by others, the deck and its order, another seat's exchange draw), keeping
fixed what the viewer knows: its own cards, a card it examined (until the examined seat's hand
changes), and cards publicly shown that are about to go back to the deck.  The result depends
only on ``observe(state, seat)`` and ``rng`` (two states the viewer cannot tell apart give the
same re-deal), so a rollout analysis from it cannot carry a hidden card
(``tests/test_position.py``).
"""
from __future__ import annotations

import random
from collections import Counter

from ..core.protocol import current_json
from .actions import BLOCKABLE, blockers_of
from .challenge import reaction_order
from .state import EXAMINE, EXCHANGE, LOSE, NAMES, OVER, PHASE_NAMES, PROVE, CoupState


def _names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


def observe(state: CoupState, viewer: int | None) -> dict:
    """The JSON view of ``viewer`` (a seat, or ``None`` for a spectator)."""
    R = state.rules
    n = R.n
    kind, target, claim = state.act
    cur = state.cur
    players = []
    over = state.phase == OVER  # the game is over: every card is turned up (nothing is secret any more)
    for s in range(n):
        own = viewer == s or over
        players.append({
            "seat": s,
            "alive": bool(state.hands[s]),
            "cards": len(state.hands[s]),
            "hand": _names(state.hands[s]) if own else None,
            "lost": _names(state.up[s]),
            "lost_face_down": len(state.buried[s]),
            "buried": _names(state.buried[s]) if own else None,
            "coins": state.coins[s],
            "faction": state.faction[s] if state.faction else None,
            "claims": _names(state.claims[s]),
        })
    examiner_view = state.phase == EXAMINE and viewer is not None and viewer in (state.turn, target)
    return {
        "viewer": viewer,
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "turn_no": state.turn_no,
        "current": current_json(cur),
        "reaction_order": reaction_order(state),
        "forced": state.forced,
        "players": players,
        "bank": state.bank,
        "almshouse": state.alms,
        "deck_size": len(state.deck),
        "deck_composition": dict(Counter(NAMES[c] for c in R.full_deck)),
        "blockers": {kind: {"characters": _names(blockers_of(R, kind)),
                            "who": "target" if kind != "foreign_aid" and R.target_only else "anyone"}
                     for kind in BLOCKABLE},
        "reformation": R.reformation,
        "action": None if not kind else {
            "type": kind, "actor": state.turn, "target": target if target >= 0 else None,
            "claim": NAMES[claim] if claim >= 0 else None},
        "block": None if state.blocker < 0 else {"player": state.blocker, "character": NAMES[state.block_claim]},
        "challenger": state.challenger if state.challenger >= 0 else None,
        "claimant": state.claimant if state.phase == PROVE else None,
        "window": sorted(state.window),
        "must_lose": cur if state.phase == LOSE else None,
        "exchange_drawn": _names(state.pool) if state.phase == EXCHANGE and viewer == cur else None,
        "exchange_drawn_count": len(state.pool),
        "examined": NAMES[state.shown] if examiner_view and state.shown >= 0 else None,
        "known": [[t, NAMES[c]] for e, t, c in state.peeks if e == viewer],
        "examined_pairs": [[e, t] for e, t, _ in state.peeks],
        "winner": state.winner if state.winner >= 0 else None,
        "deadlock": state.deadlock,
    }


def pool_owner(state: CoupState) -> int:
    """The seat whose exchange the pool belongs to: the turn seat, or the examined seat of an
    exchange forced by an examine (ambiguity examine_force = inquisitor_exchange)."""
    return state.act[1] if state.act[0] == "examine" else state.turn


def _returning(task):
    """``(seat, cards, known_to)`` of a task holding cards on their way back to the deck."""
    if task[0] == "ret":
        return task[1], task[2], task[4]
    if task[0] == "shuffle":
        return task[2], task[3], task[4]
    return None


def resample_hidden(state: CoupState, viewer: int | None, rng: random.Random) -> CoupState:
    """A state ``viewer`` cannot tell from ``state``: every card it cannot see re-dealt (none once the
    game is over: then every hand is shown)."""
    if state.phase == OVER:
        return state
    n = state.rules.n
    target = state.act[1]
    fixed = [Counter() for _ in range(n)]  # cards the viewer knows stay in each hand
    for task in state.todo:
        r = _returning(task)
        if r and r[0] >= 0 and (r[2] is None or viewer in r[2]):
            fixed[r[0]].update(r[1])
    for e, t, c in state.peeks:
        if e == viewer and not fixed[t][c]:
            fixed[t][c] = 1
    shown_known = state.shown >= 0 and viewer is not None and viewer in (state.turn, target)
    if shown_known and not fixed[target][state.shown]:
        fixed[target][state.shown] = 1
    hidden: list[int] = list(state.deck)
    pool_hidden = bool(state.pool) and viewer != pool_owner(state)
    if pool_hidden:
        hidden += state.pool
    for s in range(n):
        if s == viewer:
            continue
        hidden += (Counter(state.hands[s]) - fixed[s]).elements()
        hidden += state.buried[s]
    hidden.sort()  # the shuffle starts from what the viewer knows (the multiset), not the hidden order
    rng.shuffle(hidden)
    pos = 0
    hands, buried = list(state.hands), list(state.buried)
    for s in range(n):
        if s == viewer:
            continue
        k = len(state.hands[s]) - sum(fixed[s].values())
        hands[s] = tuple(sorted(list(fixed[s].elements()) + hidden[pos:pos + k]))
        pos += k
        b = len(state.buried[s])
        buried[s] = tuple(hidden[pos:pos + b])
        pos += b
    pool = state.pool
    if pool_hidden:
        pool = tuple(hidden[pos:pos + len(pool)])
        pos += len(pool)
    deck = tuple(hidden[pos:])
    # facts the viewer does not know are redrawn from the new hands, so the state stays whole
    todo = []
    for task in state.todo:
        r = _returning(task)
        if r and not (r[2] is None or viewer in r[2]):
            seat, cards = r[0], r[1]
            if seat < 0:
                new = pool
            else:
                h = list(hands[seat])
                rng.shuffle(h)
                new = tuple(h[:len(cards)])
            task = task[:2] + (new,) + task[3:] if task[0] == "ret" else task[:3] + (new,) + task[4:]
        todo.append(task)
    # another examiner's fact and a card shown to others are redrawn (keeping the true card when it
    # happened to be re-dealt would make the result depend on what the viewer cannot see)
    peeks = tuple((e, t, c if e == viewer else hands[t][rng.randrange(len(hands[t]))])
                  for e, t, c in state.peeks)
    shown = state.shown
    if shown >= 0 and not shown_known:
        shown = hands[target][rng.randrange(len(hands[target]))]
    return state._replace(hands=tuple(hands), buried=tuple(buried), pool=pool, deck=deck,
                          peeks=peeks, shown=shown, todo=tuple(todo))

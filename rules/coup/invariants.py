"""The invariants of เกมโค่นอำนาจ (``GAME.invariants``): what must hold in every state."""
from __future__ import annotations

from collections import Counter

from .state import NAMES, OVER, WINDOWS, CoupState


def invariants(state: CoupState) -> list[str]:
    """Broken invariants (issue 3): cards conserved (deck + hands + face-up + exchange pool =
    the deck size); coins conserved (bank + players + almshouse = 60); nobody who began a turn at
    10+ coins did anything but coup (except under one_faction=waive_forced_coup); an eliminated
    seat has no face-down card and is never asked to act; each seat holds 2 cards in all."""
    R = state.rules
    out = []
    n = R.n
    every = Counter(state.deck) + Counter(state.pool)
    due = [0] * n  # cards a seat is about to draw back (after a proof or a forced exchange)
    for task in state.todo:
        if task[0] == "draw":
            due[task[1]] += task[2]
        elif task[0] == "ret":
            due[task[1]] -= len(task[2])
        elif task[0] == "shuffle" and task[2] >= 0:
            due[task[2]] -= len(task[3])
    for s in range(n):
        every.update(state.hands[s])
        every.update(state.up[s])
        every.update(state.buried[s])
        if len(state.hands[s]) + len(state.up[s]) + len(state.buried[s]) + due[s] != R.start_cards:
            out.append(f"seat {s} holds {len(state.hands[s])}+{len(state.up[s])}+{len(state.buried[s])} cards")
        if list(state.hands[s]) != sorted(state.hands[s]):
            out.append(f"seat {s} hand not sorted")
        if state.coins[s] < 0:
            out.append(f"seat {s} has {state.coins[s]} coins")
    if every != Counter(R.full_deck):
        out.append(f"cards not conserved: {dict(every)} vs {dict(Counter(R.full_deck))}")
    total = state.bank + sum(state.coins) + state.alms
    if total != R.total_coins:
        out.append(f"coins not conserved: bank {state.bank} + players {sum(state.coins)} + almshouse {state.alms} = {total}")
    if state.alms < 0 or (state.bank < 0 and not R.unlimited):
        out.append(f"negative bank {state.bank} or almshouse {state.alms}")
    if state.forced and state.act[0] not in ("", "coup") and R.one_faction != "waive_forced_coup":
        out.append(f"seat {state.turn} began its turn with {state.start_coins} coins but took {state.act[0]}")
    living = [s for s in range(n) if state.hands[s]]
    cur = state.cur
    seats = cur if isinstance(cur, frozenset) else ({cur} if cur >= 0 else set())
    for s in seats:
        if not state.hands[s]:
            out.append(f"eliminated seat {s} is asked to act")
    if state.phase in WINDOWS and not state.window:
        out.append("empty reaction window")
    if state.phase == OVER:
        if state.deadlock:
            pass
        elif len(living) != 1 or state.winner != living[0]:
            out.append(f"game over with living {living} and winner {state.winner}")
    elif len(living) < 2:
        out.append(f"only {living} alive but the game goes on")
    for e, t, c in state.peeks:
        if c not in state.hands[t]:
            out.append(f"seat {e} remembers {NAMES[c]} in seat {t}'s hand, which is gone")
    return out

"""Territory cards: hands, the open row, draws (clauses territory.*, phase2.*, phase3.take).

Pure helpers over a state or working state; the handlers that take cards live in :mod:`.turn`.
"""
from __future__ import annotations

from rules.core.ambiguity import ambiguity_ref
from rules.core.events import emit

from .constants import PASS_COST
from .money import spendable
from .state import ChanceReq


def hand_cells(s, seat: int) -> list[str]:
    """Distinct map cells whose Territory card ``seat`` holds, in board order."""
    board = s.board
    return sorted({c for c in s.players[seat].hand if c != "X"}, key=board.order.__getitem__)


def has_x(s, seat: int) -> bool:
    """``seat`` holds an X (alliance) card (``territory.x_card``)."""
    return "X" in s.players[seat].hand


def pass_cost(index: int) -> int:
    """Silver to take open card ``index``: 1 per card passed (``phase2.pass_cost``)."""
    return PASS_COST * index


def take_options(s, seat: int) -> list[dict]:
    """Take an open card (1 Silver per card passed) or draw (phase2.take, phase2.pass_cost)."""
    out = []
    money = spendable(s, seat)
    for i in range(len(s.row)):
        if pass_cost(i) <= money:
            out.append({"player": seat, "type": "take_open", "index": i})
    if cards_left(s):
        out.append({"player": seat, "type": "draw"})
    return out


def can_take(s, seat: int) -> bool:
    """``take_options(s, seat)`` is not empty: the first open card costs nothing to pass
    (``phase2.pass_cost``), or a card can be drawn."""
    return bool(s.row and pass_cost(0) <= spendable(s, seat)) or cards_left(s) > 0


def cards_left(s) -> int:
    """Territory cards that can still be drawn: the deck, plus the discard pile when an empty
    deck takes it back (ambiguity ``territory_reshuffle``: ``reshuffle`` by default)."""
    return len(s.deck) + (len(s.discard) if s.config.territory_reshuffle == "reshuffle" else 0)


def draw_cards(w, n: int, purpose: str, seat: int, resume: str) -> None:
    """Queue ``n`` Territory draws (to the open ``row`` or a ``hand``); when the deck runs out the
    discard pile is shuffled back, or no more cards come (ambiguity ``territory_reshuffle``)."""
    n = min(n, cards_left(w))
    w.resume = resume
    if n > 0:
        refill(w)
        w.chance = ChanceReq("territory", n, purpose, seat)


def refill(w) -> None:
    """An empty deck takes the discard pile, shuffled (``territory_reshuffle=reshuffle``)."""
    if not w.deck and w.discard and w.config.territory_reshuffle == "reshuffle":
        w.deck, w.discard = list(w.discard), []
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "reshuffle", None, ("setup.deal_territory",),
                 f"กองจั่วหมด: นำกองทิ้งมาสับเป็นกองจั่วใหม่ ({ambiguity_ref('shadow_master', 'territory_reshuffle')[0]})",
                 "the deck ran out: the discard pile is shuffled into a new deck "
                 f"({ambiguity_ref('shadow_master', 'territory_reshuffle')[1]})")

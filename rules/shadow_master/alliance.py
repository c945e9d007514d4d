"""Alliances: tokens in the X cells (clauses alliance.*, territory.x_card, shadow.envoy).

Each X cell holds at most one token per colour; each colour has at most one alliance token in
all X cells (``alliance.one_token``); colours sharing a cell are allies (``alliance.shared_cell``)
and attack and defend as one kingdom (``attack.allies``); a fourth colour in a cell resets it
(``alliance.reset_four``).

Ambiguity ``ally_token``: under ``separate`` (default) the alliance token is a marker apart from the
colour's supply; under ``from_supply`` it is one of the colour's tokens: placing it takes one from
the supply (:func:`place`), and every way out of an X cell gives it back (:func:`remove`, the
reset, the collapse: :func:`give_back`).
"""
from __future__ import annotations

from . import board as B
from .ally_supply import from_supply, give_back, supply_empty
from rules.core.events import emit

RESET_AT = 4


def x_cell_of(alliances, colour: str) -> int | None:
    """Index of the X cell holding ``colour``'s alliance token, or ``None``."""
    for i, cell in enumerate(alliances):
        if colour in cell:
            return i
    return None


def can_place(w, colour: str) -> bool:
    """``colour`` may get an alliance token: it has none yet (``alliance.one_token``) and, under the
    default reading ``on_map`` of ambiguity ``ally_off_map``, it has a token on the map (a colour with
    none is no kingdom yet to ally; ``any_colour``: any colour may ally); under
    ``ally_token=from_supply`` a token is left in its supply."""
    if x_cell_of(w.alliances, colour) is not None or supply_empty(w, colour):
        return False
    return w.config.ally_off_map == "any_colour" or B.tokens_of(w.position, colour) > 0


def place(w, seat: int, x: str, colour: str, cites: tuple[str, ...]) -> None:
    """Put ``colour``'s token in X cell ``x`` (from its supply under ``ally_token=from_supply``);
    four colours there reset the cell (their tokens back to their supplies under that reading)."""
    i = w.board.x_cells.index(x)
    w.alliances[i].append(colour)
    if from_supply(w):
        w.supply[w.cidx(colour)] -= 1
    allies = sorted(c for c in w.alliances[i] if c != colour)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "ally", seat, cites + ("alliance.place_remove", "alliance.shared_cell", "alliance.one_token"),
             f"วางโทเคนสี{w.board.colour_th[colour]}ในช่อง {x}" + (f" เป็นพันธมิตรกับ {', '.join(allies)}" if allies else ""),
             f"{colour} token placed in {x}" + (f": allied with {', '.join(allies)}" if allies else ""),
             x=x, colour=colour, allies=allies)
    if len(w.alliances[i]) >= RESET_AT:
        gone = sorted(w.alliances[i])
        w.alliances[i] = []
        give_back(w, gone)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "alliance_reset", seat, ("alliance.reset_four",), f"ช่อง {x} มีครบ 4 สี: รีเซทพันธมิตร",
                 f"{x} holds 4 colours: its alliances are reset", x=x, colours=gone)


def remove(w, seat: int, colour: str, cites: tuple[str, ...]) -> None:
    """Take ``colour``'s alliance token out of its X cell (the alliance ends); back to the supply
    under ``ally_token=from_supply``."""
    from .powers import collapse_if_empty

    i = x_cell_of(w.alliances, colour)
    w.alliances[i].remove(colour)
    give_back(w, (colour,))
    x = w.board.x_cells[i]
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "unally", seat, cites + ("alliance.place_remove",), f"นำโทเคนสี{w.board.colour_th[colour]}ออกจาก {x}",
             f"{colour} token taken out of {x}", x=x, colour=colour)
    collapse_if_empty(w, colour)

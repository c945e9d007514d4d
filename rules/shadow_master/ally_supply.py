"""Ambiguity ``ally_token``: whether an alliance token comes from its colour's token supply.

A module of its own so that both :mod:`.alliance` (ally, withdraw, the 4-colour reset) and
:mod:`.powers` (a kingdom's collapse takes its alliance token out) use it without importing each
other (the alliance's withdrawal already calls the collapse)."""
from __future__ import annotations


def from_supply(w) -> bool:
    """Ambiguity ``ally_token``: the alliance token is one of the colour's tokens (``from_supply``)."""
    return w.config.ally_token == "from_supply"


def supply_empty(w, colour: str) -> bool:
    """Under ``ally_token=from_supply``, ``colour`` has no token left to put in an X cell."""
    return from_supply(w) and w.supply[w.cidx(colour)] <= 0


def give_back(w, colours) -> None:
    """Alliance tokens of ``colours`` left their X cell: back to their supplies under
    ``ally_token=from_supply`` (nothing under ``separate``: they never left it)."""
    if from_supply(w):
        for c in colours:
            w.supply[w.cidx(c)] += 1

"""What a seat (or a spectator) sees of Valeria: everything on the table.  Decks are shown as
their sizes (they are unordered pools: every draw is a chance node), so nothing is hidden and
``resample_hidden`` has nothing to re-deal."""
from __future__ import annotations

from ..core.protocol import current_json
from .flow import current_player, phase
from .serial import state_to_json


def observe(s, viewer: int | None) -> dict:
    """``viewer``, ``current``, ``phase`` and the public table (``state_to_json`` with the decks
    replaced by their sizes ``plan_deck``, ``champ_decks``, ``award_piles``)."""
    j = state_to_json(s)
    j["plan_deck"] = len(s.plan_deck)
    j["champ_decks"] = {k: len(v) for k, v in j["champ_decks"].items()}
    j["award_piles"] = {k: len(v) for k, v in j["award_piles"].items()}
    return {"viewer": viewer, "current": current_json(current_player(s)), "phase": phase(s), **j}


def resample_hidden(s, viewer, rng):
    return s

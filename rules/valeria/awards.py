"""Awards (shrines.magic, setup.awards; ambiguities award_claims, award_marker_source, no_marker_left)."""
from __future__ import annotations

from .board import markers_on_board
from .config import PLANS_TO_END
from .data import load


def stat(p, cond) -> int:
    """The player's number a condition (data.PlayerCondition) looks at, now."""
    s, of = cond.stat, cond.of
    if s == "plans":
        return len(p.plans)
    if s == "champions":
        return sum(1 for c in p.champions if of is None or load().champions[c].timing == of)
    if s == "troops":
        return sum(1 for d in p.troops if of is None or d[0] == of)
    if s == "map_markers":
        return len(p.conquered)
    return getattr(p, s)


def claimable(w_or_s, seat: int) -> list[str]:
    """Face-up awards ``seat`` may claim now: the condition is met now, not yet claimed by them, and
    a conquest marker is left on their board (for battles too under no_marker_left=no_award_last)."""
    p = w_or_s.players[seat]
    left = markers_on_board(p)
    need = 1 + (max(0, PLANS_TO_END - len(p.plans)) if w_or_s.config.no_marker_left == "no_award_last" else 0)
    if left < need:
        return []
    out = []
    for aid in w_or_s.award_up:
        if aid is None or aid in p.awards:
            continue
        a = load().awards[aid]
        if stat(p, a.condition) >= a.condition.min:
            out.append(aid)
    return out



"""What must hold in every Toy Pig state (the conformance harness and the soak check it)."""
from __future__ import annotations

from .config import SECRET_VALUES
from .state import State


def invariants(s: State) -> list[str]:
    """Broken invariants as texts (empty when all hold)."""
    out = []
    if any(v < 0 for v in s.scores) or s.pending < 0:
        out.append(f"negative score or turn total: {s.scores}, {s.pending}")
    if any(v not in SECRET_VALUES for v in s.secrets):
        out.append(f"secret card outside {SECRET_VALUES}: {s.secrets}")
    if not 0 <= s.turn < s.players:
        out.append(f"turn {s.turn} is no seat")
    if s.winners is not None and (not s.winners or max(s.scores) < min(s.config.target, max(s.scores))):
        out.append("the game is over without a winner")
    if s.winners is None and s.config.end_timing == "immediate" and max(s.scores) >= s.config.target:
        out.append("a score reached the target but the game goes on (end_timing=immediate)")
    return out

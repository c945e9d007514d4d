"""Toy Pig state as JSON, and scenario overrides (``setup.overrides`` of a scenario file)."""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ..core.protocol import BadInput
from .config import SECRET_VALUES
from .state import State

OVERRIDES = ("scores", "secrets", "turn", "pending")


def state_to_json(s: State) -> dict:
    """The full state (hidden cards included) as a JSON dict."""
    return {"scores": list(s.scores), "secrets": list(s.secrets), "turn": s.turn, "pending": s.pending,
            "rolling": s.rolling, "final_round": s.final_round,
            "winners": list(s.winners) if s.winners is not None else None}


def _ints(overrides: Mapping, key: str, n: int, allowed=None) -> tuple[int, ...]:
    v = overrides[key]
    if not (isinstance(v, list) and len(v) == n and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0
                                                      and (allowed is None or x in allowed) for x in v)):
        what = f"ค่าใน {list(allowed)}" if allowed else "จำนวนเต็มไม่ติดลบ"
        raise BadInput("scenario", f"setup.overrides.{key}", f"ต้องเป็นรายการ{what} {n} ค่า",
                       f"expected a list of {n} {'values in ' + str(list(allowed)) if allowed else 'non-negative integers'}")
    return tuple(v)


def apply_overrides(s: State, overrides: Mapping[str, Any]) -> State:
    """Set ``scores``, ``secrets`` (1-3), ``turn`` (a seat) or ``pending`` (>= 0); :class:`BadInput`
    names the field of anything else or of a bad value, and ``s`` is left as it was."""
    unknown = sorted(set(overrides) - set(OVERRIDES))
    if unknown:
        raise BadInput("scenario", f"setup.overrides.{unknown[0]}", f"ไม่รู้จักช่องนี้ (มี {', '.join(OVERRIDES)})",
                       f"unknown override (known: {', '.join(OVERRIDES)})")
    changes: dict = {}
    if "scores" in overrides:
        changes["scores"] = _ints(overrides, "scores", s.players)
    if "secrets" in overrides:
        changes["secrets"] = _ints(overrides, "secrets", s.players, SECRET_VALUES)
    for key, top in (("turn", s.players - 1), ("pending", None)):
        if key in overrides:
            v = overrides[key]
            if not (isinstance(v, int) and not isinstance(v, bool) and v >= 0 and (top is None or v <= top)):
                raise BadInput("scenario", f"setup.overrides.{key}", "ต้องเป็นจำนวนเต็มในช่วงที่ถูกต้อง",
                               f"expected an integer 0..{top if top is not None else 'n'}, got {v!r}")
            changes[key] = v
    return dataclasses.replace(s, **changes)

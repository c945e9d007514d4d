"""The player board (battle.level_up): what the lifted conquest markers unlock, the capped tracks,
and the two ways every rule changes a seat's numbers (:func:`gain`, :func:`score`)."""
from __future__ import annotations

from functools import lru_cache

from ..core.events import emit
from .config import BASE_GEM_STORAGE, CONQUEST_MARKERS, VP_SOURCES
from .data import load
from .state import Player, seat_name

TRACK_TH = {"troop": "ช่องทหาร", "reserve": "ช่องสำรอง", "gems": "เก็บอัญมณี", "strength": "+1 พลัง",
            "cap": "เพดานทรัพยากร", "quota": "โควตาแชมเปียน"}
TRACK_EN = {"troop": "troop slot", "reserve": "reserve slot", "gems": "gem storage", "strength": "+1 strength",
            "cap": "resource cap", "quota": "champion quota"}
RESOURCE_TH = {"gold": "ทอง", "magic": "เวทมนตร์", "influence": "บารมี", "gem": "อัญมณี", "vp": "VP"}


def unlocked(p: Player, track: str) -> int:
    """How many circles of ``track`` are lifted and unlocked (``lifted`` holds ``(track, bool)``)."""
    return p.lifted.count((track, True))


def lifted_on(p: Player, track: str) -> int:
    return p.lifted.count((track, True)) + p.lifted.count((track, False))


def ability(p: Player, track: str, config=None) -> int:
    """The value of a board ability now: troop slots 3-5, reserve slots 1-3, gem storage, the
    permanent strength bonus, the resource cap 13/20, the champion quota 3/6/10 (battle.level_up)."""
    base = BASE_GEM_STORAGE[config.gem_storage] if track == "gems" else None
    k = p.lifted.count((track, True))
    values = _values(track, base)
    return values[k] if k < len(values) else load().tracks[track].value(k, base)


@lru_cache(maxsize=64)
def _values(track: str, base) -> tuple:
    """The track's value with 0, 1, ... circles unlocked (``Track.value``, listed once: every
    take, gain and offer asks an ability)."""
    t = load().tracks[track]
    return tuple(t.value(k, base) for k in range(t.circles + 1))


def free_tracks(p: Player) -> list[str]:
    """Tracks with a circle still covered by a conquest marker (level-up choices)."""
    lifted = [t for t, _ in p.lifted]
    return [tid for tid, t in load().tracks.items() if lifted.count(tid) < t.circles]


def markers_on_board(p: Player) -> int:
    return CONQUEST_MARKERS - len(p.lifted)


def cap_of(p: Player, resource: str, config) -> int:
    if resource == "gem":
        return ability(p, "gems", config)
    return ability(p, "cap", config)


def gain(w, seat: int, resource: str, amount: int, log, cites, why_th: str, why_en: str, source: str = "champions"):
    """Add ``amount`` of ``resource`` (gold, magic, influence, gem, vp) to ``seat``, up to its cap
    (gold/magic/influence 13 or 20, gems by storage; battle.level_up); a gem comes from the gem
    shrine's supply (shrines.gem).  Emits one event; returns the amount really gained."""
    p = w.players[seat]
    if resource == "vp":
        score(w, seat, amount, source, log, cites, why_th, why_en)
        return amount
    if resource == "gem":
        room = max(0, cap_of(p, "gem", w.config) - p.gems)
        got = min(amount, room, w.gem_shrine)
        w.gem_shrine -= got
        w.edit(seat, gems=p.gems + got)
    else:
        cur = getattr(p, resource)
        got = max(0, min(amount, cap_of(p, resource, w.config) - cur))
        w.edit(seat, **{resource: cur + got})
    lost = amount - got
    if log is not None:
        th, en = seat_name(seat)
        cites = tuple(cites) + (("battle.level_up",) if lost else ())
        emit(log, "gain", seat, cites,
             f"{th} ได้{RESOURCE_TH[resource]} {got}" + (f" (เกินเพดาน/ไม่มีให้ เสีย {lost})" if lost else "") + f" - {why_th}",
             f"{en} gains {got} {resource}" + (f" ({lost} lost: cap or supply)" if lost else "") + f" - {why_en}",
             resource=resource, amount=got, lost=lost)
    return got


def pay(w, seat: int, resource: str, amount: int) -> None:
    p = w.players[seat]
    w.edit(seat, **{resource: getattr(p, resource) - amount})


def score(w, seat: int, vp: int, source: str, log, cites, th_why: str, en_why: str) -> None:
    """Add ``vp`` to ``seat`` under ``source`` (one of VP_SOURCES) and emit a ``score`` event
    (``data.vp``): the sum of a seat's score events is its VP (an invariant the tests check)."""
    p = w.players[seat]
    by = list(p.vp_by)
    by[VP_SOURCES.index(source)] += vp
    w.edit(seat, vp=p.vp + vp, vp_by=tuple(by))
    if log is not None:
        th, en = seat_name(seat)
        emit(log, "score", seat, cites, f"{th} ได้ {vp} VP ({th_why}) รวม {p.vp + vp}",
             f"{en} scores {vp} VP ({en_why}), total {p.vp + vp}", vp=vp, source=source, total=p.vp + vp)

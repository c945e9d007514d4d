"""Level-up, the campaign map and chain bonuses (battle.level_up, battle.skirmish_marker,
battle.chain_bonus, setup.campaign_map; ambiguities award_marker_source, chain_bonus_unavailable)."""
from __future__ import annotations

from dataclasses import replace

from ..core.events import emit
from .board import RESOURCE_TH, TRACK_EN, TRACK_TH, ability, free_tracks, gain
from .champions import battle_meets
from .config import CHAIN_AMOUNTS, GOLD_INSTEAD, SHRINES, TROOP_TH
from .data import load
from .shrines import champion_offers, distinct_dice
from .board import score
from .state import seat_name


def side_of(p):
    """The seat's campaign map side (data.Side), or ``None`` before it is chosen."""
    return None if p.side is None else load().maps[p.map_id].sides[p.side]


def level_up(w, seat: int, track: str, source: str, log) -> None:
    """Lift the next conquest marker of ``track`` off the board, unlocking it (an award's marker
    unlocks only under award_marker_source=from_board_unlocks)."""
    p = w.players[seat]
    unlocks = source == "battle" or w.config.award_marker_source == "from_board_unlocks"
    w.edit(seat, lifted=p.lifted + ((track, unlocks),))
    after = ability(w.players[seat], track, w.config)
    th, en = seat_name(seat)
    cites = ("battle.level_up",) + (("shrines.magic",) if source == "award" else ())
    if unlocks:
        if log is not None:
            emit(log, "level_up", seat, cites, f"{th} ยก Conquest Marker ปลดล็อก{TRACK_TH[track]} (ตอนนี้ {after})",
                 f"{en} lifts a conquest marker and unlocks {TRACK_EN[track]} (now {after})",
                 track=track, value=after, source=source)
    else:
        if log is not None:
            emit(log, "marker_lifted", seat, cites, f"{th} ยก Conquest Marker จากแถว{TRACK_TH[track]} ไปวางบนการ์ดรางวัล (ไม่ปลดล็อก)",
                 f"{en} lifts a conquest marker from the {TRACK_EN[track]} track onto the award (not unlocked)",
                 track=track, source=source)
    w.queue.pop(0)


def free_spaces(p) -> list[str]:
    side = side_of(p)
    return [sp.id for sp in side.spaces if sp.id not in p.conquered]


def neighbours_with_chain(p, space: str) -> list[tuple[str, str]]:
    """(earlier space, bonus) for each chain bonus between ``space`` and a space already conquered."""
    out = []
    for ch in side_of(p).chains:
        a, b = ch.between
        other = b if a == space else a if b == space else None
        if other is not None and other in p.conquered:
            out.append((other, ch.bonus))
    return out


def place_marker(w, seat: int, space: str, log) -> None:
    """battle.skirmish_marker: the marker on a free space, its bonus VP if the battle met its
    condition (only now); then every chain bonus to earlier markers (battle.chain_bonus)."""
    p = w.players[seat]
    side = side_of(p)
    sp = next(x for x in side.spaces if x.id == space)
    chains = neighbours_with_chain(p, space)
    w.edit(seat, conquered=p.conquered + (space,))
    th, en = seat_name(seat)
    b = w.battle
    met = battle_meets(sp.condition, b.used, b.real, len(b.slots))
    if log is not None:
        emit(log, "marker_placed", seat, ("battle.skirmish_marker",),
             f"{th} วาง Conquest Marker ที่ช่อง {space}" + (f" ศึกนี้ตรงเงื่อนไข ได้ {sp.vp} VP" if met and sp.vp else " (ไม่ได้โบนัส)"),
             f"{en} places a conquest marker on space {space}" + (f"; the battle meets its condition: {sp.vp} VP" if met and sp.vp else " (no bonus)"),
             space=space, met=met, vp=sp.vp if met else 0, chains=[c for _, c in chains])
    if met and sp.vp:

        score(w, seat, sp.vp, "conquest", log, ("battle.skirmish_marker",), f"ช่อง {space}", f"space {space}")
    w.queue.pop(0)
    w.queue[0:0] = [("chain", bonus, other, space) for other, bonus in chains]


def chain_auto(w, seat: int, task, log) -> bool:
    """Apply a chain bonus that needs no choice; False when the seat must choose (a champion, a die)."""
    _, bonus, a, b = task
    th, en = seat_name(seat)
    cites = ("battle.chain_bonus",)
    if bonus in CHAIN_AMOUNTS:
        w.queue.pop(0)
        gain(w, seat, bonus, CHAIN_AMOUNTS[bonus], log, cites, f"Chain Bonus {a}-{b}", f"chain bonus {a}-{b}")
        return True
    if chain_choices(w, seat, bonus):
        return False
    w.queue.pop(0)
    if w.config.chain_bonus_unavailable == "gold_instead":
        emit(log, "chain_unavailable", seat, cites, f"{th} รับ Chain Bonus {bonus} ไม่ได้ ได้ทอง {GOLD_INSTEAD} แทน",
             f"{en} cannot take chain bonus {bonus}: {GOLD_INSTEAD} gold instead", bonus=bonus)
        gain(w, seat, "gold", GOLD_INSTEAD, log, cites, "แทน Chain Bonus", "instead of a chain bonus")
    else:
        emit(log, "chain_unavailable", seat, cites, f"{th} รับ Chain Bonus {bonus} ไม่ได้ เสียไป",
             f"{en} cannot take chain bonus {bonus}: it is lost", bonus=bonus)
    return True


def chain_choices(s, seat: int, bonus: str) -> list:
    """The options of a chain bonus that asks for a choice: face-up champions within the quota
    (free), or any die of any shrine (a troop slot with room, or return_one)."""
    if bonus == "free_champion":

        return [c for c, _ in champion_offers(s, seat, free=True)]
    if bonus == "die":
        if s.config.troop_slots_full == "forbidden":
            p = s.players[seat]
            if len(p.troops) >= ability(p, "troop", s.config):
                return []

        return [(name, d) for k, name in enumerate(SHRINES) for d in distinct_dice(s.shrines[k])]
    return []


def level_choices(s, seat: int) -> list[str]:
    return free_tracks(s.players[seat])


def condition_text(cond) -> tuple[str, str]:
    """(Thai, English) of a battle condition (data.BattleCondition) of a skirmish space or an ongoing
    champion: every given part must hold; ``{}`` always holds (battle.skirmish_marker)."""
    th, en = [], []
    if cond.uses is not None:
        th.append(f"ใช้{TROOP_TH[cond.uses]} ≥ {cond.min} ลูก")
        en.append(f"uses ≥ {cond.min} {cond.uses}")
    if cond.strength_min is not None:
        th.append(f"พลัง ≥ {cond.strength_min}")
        en.append(f"strength ≥ {cond.strength_min}")
    if cond.dice_min is not None:
        th.append(f"เต๋า ≥ {cond.dice_min} ลูก")
        en.append(f"≥ {cond.dice_min} dice")
    return (" และ ".join(th) or "ไม่มีเงื่อนไข", " and ".join(en) or "no condition")


CHAIN_TH = {"free_champion": "แชมเปียนฟรี 1 ใบ", "die": "เต๋า 1 ลูกจากศาลไหนก็ได้"}
CHAIN_EN = {"free_champion": "1 free champion", "die": "1 die from any shrine"}


def chain_text(bonus: str) -> tuple[str, str]:
    """(Thai, English) of a chain bonus with its amount (battle.chain_bonus)."""
    if bonus in CHAIN_AMOUNTS:
        return f"{RESOURCE_TH[bonus]} {CHAIN_AMOUNTS[bonus]}", f"{CHAIN_AMOUNTS[bonus]} {bonus}"
    return CHAIN_TH[bonus], CHAIN_EN[bonus]


def level_preview(s, seat: int) -> list[dict]:
    """What each level-up choice unlocks (battle.level_up): ``[{"track", "label_th", "label_en",
    "now", "after", "clauses"}]`` for the tracks with a marker left, ``now``/``after`` the ability's
    value before and after the marker is lifted (a battle's marker always unlocks)."""
    p = s.players[seat]
    out = []
    for track in level_choices(s, seat):
        after = ability(replace(p, lifted=p.lifted + ((track, True),)), track, s.config)
        out.append({"track": track, "label_th": TRACK_TH[track], "label_en": TRACK_EN[track],
                    "now": ability(p, track, s.config), "after": after, "clauses": ("battle.level_up",)})
    return out


def map_view(s, seat: int) -> dict:
    """The seat's campaign map side as a view draws it (battle.skirmish_marker, battle.chain_bonus).

    ``{"map_id", "side", "name_th", "name_en", "rows", "cols", "spaces": [...], "chains": [...],
    "clauses"}``; a space is ``{"id", "pos": [row, col], "vp", "condition_th", "condition_en",
    "conquered": placement order (1-based) or None, "free", "met", "gives_vp", "chains"}`` where
    ``met`` says whether the battle just fought meets its condition (``None`` when no battle is
    fought), ``gives_vp`` the VP a marker placed there now scores, and ``chains`` the chain bonuses
    it would earn (``[{"with", "bonus", "label_th", "label_en"}]``); a chain is ``{"between",
    "bonus", "label_th", "label_en", "earned": both ends conquered}``.  ``None`` before the side is
    chosen."""
    p = s.players[seat]
    side = side_of(p)
    if side is None:
        return None
    m = load().maps[p.map_id]
    b = s.battle
    fought = b is not None and b.real is not None
    spaces = []
    for sp in side.spaces:
        th, en = condition_text(sp.condition)
        met = battle_meets(sp.condition, b.used, b.real, len(b.slots)) if fought else None
        free = sp.id not in p.conquered
        chains = [{"with": other, "bonus": bonus, **dict(zip(("label_th", "label_en"), chain_text(bonus)))}
                  for other, bonus in neighbours_with_chain(p, sp.id)] if free else []
        spaces.append({"id": sp.id, "pos": list(sp.pos), "vp": sp.vp, "condition_th": th, "condition_en": en,
                       "conquered": p.conquered.index(sp.id) + 1 if not free else None, "free": free,
                       "met": met, "gives_vp": sp.vp if met else 0, "chains": chains})
    chains = [{"between": list(ch.between), "bonus": ch.bonus,
               **dict(zip(("label_th", "label_en"), chain_text(ch.bonus))),
               "earned": all(x in p.conquered for x in ch.between)} for ch in side.chains]
    return {"map_id": p.map_id, "side": p.side, "name_th": m.name_th, "name_en": m.name_en,
            "rows": 1 + max(sp.pos[0] for sp in side.spaces), "cols": 1 + max(sp.pos[1] for sp in side.spaces),
            "spaces": spaces, "chains": chains, "clauses": ("battle.skirmish_marker", "battle.chain_bonus")}

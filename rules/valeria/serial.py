"""Valeria state as JSON, and scenario overrides (``setup.overrides`` of a scenario file).

Dice are written ``"orc6"`` (troop then face).  Overrides::

    players: {0: {troops: [orc6, gnoll5], gold: 3, influence: 12, warden: gold, side: 0,
                  reserve: [plan03], champions: [ongoing01], lifted: [strength], conquered: [a, b], ...}}
    shrines: {gold: [orc6, goblin2]}      # the dice of a shrine
    turn: 1                               # whose turn (then the move step); first: the first player
    plan_row: [plan01, plan02, plan03, plan04]   champ_up: [...]   award_up: [...]   gem_shrine: 4

The bag is recomputed so that dice are conserved, the gem box so that the 10 gems are; cards
named are taken out of the decks.  Any bad value raises :class:`BadInput` naming the field (the
state is untouched: a new state is returned only when everything is valid).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ..core.protocol import BadInput
from .board import ability
from .config import CAMP, GEMS_IN_BOX, SHRINES, TROOPS, VP_SOURCES
from .data import load
from .dice import setup_numbers
from .invariants import invariants
from .names import AWARDS, champion_deck_name
from .state import PILES, TIMINGS, State

SRC = "scenario"
PLAYER_KEYS = ("troops", "gold", "magic", "influence", "gems", "warden", "side", "map_id", "reserve", "plans",
               "champions", "awards", "lifted", "conquered", "vp")
TOP_KEYS = ("players", "shrines", "turn", "first", "plan_row", "champ_up", "award_up", "gem_shrine")


def die_str(d) -> str:
    return f"{d[0]}{d[1]}"


def parse_die(v, field: str):
    if isinstance(v, str):
        for t in TROOPS:
            if v.startswith(t) and v[len(t):].isdigit() and 1 <= int(v[len(t):]) <= 6:
                return (t, int(v[len(t):]))
    raise BadInput(SRC, field, f"เต๋าต้องเขียนเป็น ชนิดตามด้วยหน้า 1-6 เช่น orc6 (ได้ {v!r})",
                   f"a die is a troop type then a face 1-6, e.g. orc6 (got {v!r})")


def state_to_json(s: State) -> dict:
    """The full state (nothing in Valeria is hidden; decks are unordered pools) as JSON."""
    b = s.battle
    return {
        "players": [{"map_id": p.map_id, "side": p.side, "warden": p.warden, "troops": [die_str(d) for d in p.troops],
                     "reserve": list(p.reserve), "plans": list(p.plans), "champions": list(p.champions),
                     "awards": list(p.awards), "lifted": [t for t, _ in p.lifted],
                     "unlocked": [t for t, ok in p.lifted if ok], "conquered": list(p.conquered),
                     "gold": p.gold, "magic": p.magic, "influence": p.influence, "gems": p.gems, "vp": p.vp,
                     "vp_by": dict(zip(VP_SOURCES, p.vp_by))} for p in s.players],
        "shrines": {name: [die_str(d) for d in s.shrines[k]] for k, name in enumerate(SHRINES)},
        "bag": dict(zip(TROOPS, s.bag)), "gem_shrine": s.gem_shrine, "gem_box": s.gem_box,
        "plan_deck": list(s.plan_deck), "plan_row": list(s.plan_row),
        "champ_decks": {t: list(d) for t, d in zip(TIMINGS, s.champ_decks)}, "champ_up": list(s.champ_up),
        "award_piles": {p: list(d) for p, d in zip(PILES, s.award_piles)}, "award_up": list(s.award_up),
        "first": s.first, "turn": s.turn, "round": s.round, "turns": s.turns,
        "queue": [list(t) for t in s.queue], "die_taken": die_str(s.die_taken) if s.die_taken else None,
        "battle": None if b is None else {"plan": b.plan, "source": b.source, "slots": list(b.slots),
                                          "dice": list(b.dice), "faces": list(b.faces), "wild": list(b.wild),
                                          "real": b.real, "used": list(b.used)},
        "end_triggered": s.end_triggered, "end_trigger": s.end_trigger, "passes": s.passes,
        "winners": list(s.winners) if s.winners is not None else None,
    }


def _int(v, field, lo=0, hi=None):
    if not (isinstance(v, int) and not isinstance(v, bool) and v >= lo and (hi is None or v <= hi)):
        raise BadInput(SRC, field, f"ต้องเป็นจำนวนเต็ม {lo}..{hi if hi is not None else ''}",
                       f"expected an integer {lo}..{hi if hi is not None else 'n'}, got {v!r}")
    return v


def _ids(v, field, known, what: tuple[str, str]):
    """``v`` (a list) as a tuple of ids of ``known``; ``what``: what they name, (Thai, English)."""
    if not isinstance(v, list):
        raise BadInput(SRC, field, f"ต้องเป็นรายการรหัส{what[0]}", f"expected a list of {what[1]} ids")
    for i, x in enumerate(v):
        if x not in known:
            raise BadInput(SRC, f"{field}.{i}", f"ไม่รู้จัก{what[0]} '{x}'", f"unknown {what[1]} '{x}'")
    return tuple(v)


# what a scenario's overrides name by id (_ids), in the rulebook's words (names.AWARDS)
MAP, PLAN, CHAMPION, AWARD = ("แผนที่", "campaign map"), ("แผนรบ", "battle plan"), ("แชมเปียน", "champion"), \
    (AWARDS[0], "award")
TRACK, SPACE = ("แถวความสามารถ", "ability track"), ("ช่อง Skirmish", "skirmish space")


def apply_overrides(s: State, overrides: Mapping[str, Any]) -> State:
    unknown = sorted(set(overrides) - set(TOP_KEYS))
    if unknown:
        raise BadInput(SRC, f"setup.overrides.{unknown[0]}", f"ไม่รู้จักช่องนี้ (มี {', '.join(TOP_KEYS)})",
                       f"unknown override (known: {', '.join(TOP_KEYS)})")
    data = load()
    players = list(s.players)
    queue = list(s.queue)
    raw_players = overrides.get("players", {})
    if isinstance(raw_players, list):
        raw_players = dict(enumerate(raw_players))
    if not isinstance(raw_players, dict):
        raise BadInput(SRC, "setup.overrides.players", "ต้องเป็นชุดคู่ ที่นั่ง -> ช่องข้อมูล", "expected a mapping seat -> fields")
    for key, raw in raw_players.items():
        seat = int(key) if str(key).isdigit() else -1
        base = f"setup.overrides.players.{key}"
        if not 0 <= seat < s.n:
            raise BadInput(SRC, base, f"ไม่มีที่นั่ง {key}", f"no seat {key} (players: {s.n})")
        if not isinstance(raw, dict):
            raise BadInput(SRC, base, "ต้องเป็นชุดคู่ ชื่อช่อง -> ค่า", "expected a mapping of fields")
        bad = sorted(set(raw) - set(PLAYER_KEYS))
        if bad:
            raise BadInput(SRC, f"{base}.{bad[0]}", f"ไม่รู้จักช่องนี้ (มี {', '.join(PLAYER_KEYS)})",
                           f"unknown player field (known: {', '.join(PLAYER_KEYS)})")
        ch: dict = {}
        for k in ("gold", "magic", "influence", "gems", "vp"):
            if k in raw:
                ch[k] = _int(raw[k], f"{base}.{k}")
        if "vp" in ch:
            ch["vp_by"] = (ch["vp"],) + (0,) * (len(VP_SOURCES) - 1)
        if "warden" in raw:
            if raw["warden"] not in (*SHRINES, CAMP):
                raise BadInput(SRC, f"{base}.warden", f"ต้องเป็นชื่อศาล ({', '.join(SHRINES)}) หรือค่าย (camp) (ได้ {raw['warden']!r})",
                               f"expected a shrine ({', '.join(SHRINES)}) or camp, got {raw['warden']!r}")
            ch["warden"] = raw["warden"]
        if "map_id" in raw:
            ch["map_id"] = _ids([raw["map_id"]], f"{base}.map_id", data.maps, MAP)[0]
        if "side" in raw:
            ch["side"] = _int(raw["side"], f"{base}.side", 0, 1)
            queue = [t for t in queue if t != ("side", seat)]
        for k, known, what in (("reserve", data.plans, PLAN), ("plans", data.plans, PLAN),
                               ("champions", data.champions, CHAMPION), ("awards", data.awards, AWARD)):
            if k in raw:
                ch[k] = _ids(raw[k], f"{base}.{k}", known, what)
        if "lifted" in raw:
            ch["lifted"] = tuple((t, True) for t in _ids(raw["lifted"], f"{base}.lifted", data.tracks, TRACK))
        if "conquered" in raw:
            p0 = dataclasses.replace(players[seat], **ch)
            side = data.maps[p0.map_id].sides[p0.side if p0.side is not None else 0]
            ch["conquered"] = _ids(raw["conquered"], f"{base}.conquered", {sp.id for sp in side.spaces}, SPACE)
        if "troops" in raw:
            if not isinstance(raw["troops"], list):
                raise BadInput(SRC, f"{base}.troops", "ต้องเป็นรายการเต๋า", "expected a list of dice")
            ch["troops"] = tuple(parse_die(v, f"{base}.troops.{i}") for i, v in enumerate(raw["troops"]))
        p = dataclasses.replace(players[seat], **ch)
        slots = ability(p, "troop", s.config)
        if len(p.troops) > slots:
            raise BadInput(SRC, f"{base}.troops", f"ช่องทหารมี {slots} ช่อง วางเต๋า {len(p.troops)} ลูกไม่ได้ (dice.troops)",
                           f"the troop area has {slots} slots: {len(p.troops)} dice do not fit (dice.troops)")
        if len(p.reserve) > ability(p, "reserve", s.config):
            raise BadInput(SRC, f"{base}.reserve", "ช่องสำรองไม่พอ (shrines.tactics)", "more plans than reserve slots (shrines.tactics)")
        if len(p.lifted) + 0 < len(p.conquered) + len(p.awards):
            raise BadInput(SRC, f"{base}.lifted", f"ต้องยก Conquest Marker ให้พอกับช่องบนแผนที่และ{AWARDS[0]}",
                           "lift as many conquest markers as spaces conquered and awards claimed")
        players[seat] = p
    shrines = list(s.shrines)
    raw_sh = overrides.get("shrines", {})
    if not isinstance(raw_sh, dict):
        raise BadInput(SRC, "setup.overrides.shrines", "ต้องเป็นชุดคู่ ศาล -> เต๋า", "expected a mapping shrine -> dice")
    for name, dice in raw_sh.items():
        if name not in SHRINES:
            raise BadInput(SRC, f"setup.overrides.shrines.{name}", f"ไม่มีศาล '{name}' (มี {', '.join(SHRINES)})",
                           f"no shrine '{name}' ({', '.join(SHRINES)})")
        if not isinstance(dice, list):
            raise BadInput(SRC, f"setup.overrides.shrines.{name}", "ต้องเป็นรายการเต๋า", "expected a list of dice")
        shrines[SHRINES.index(name)] = tuple(parse_die(v, f"setup.overrides.shrines.{name}.{i}") for i, v in enumerate(dice))
    total = setup_numbers(s.n, s.config)["dice"]
    bag = []
    for k, t in enumerate(TROOPS):
        used = sum(1 for sh in shrines for d in sh if d[0] == t) + sum(1 for p in players for d in p.troops if d[0] == t)
        if used > total:
            raise BadInput(SRC, "setup.overrides", f"เต๋า{t}เกิน {total} ลูกที่มีในเกมนี้", f"more than the {total} {t} dice of this game")
        bag.append(total - used)
    changes: dict = {"players": tuple(players), "shrines": tuple(shrines), "bag": tuple(bag)}
    for key in ("turn", "first"):
        if key in overrides:
            changes[key] = _int(overrides[key], f"setup.overrides.{key}", 0, s.n - 1)
    gem_shrine = _int(overrides.get("gem_shrine", s.gem_shrine), "setup.overrides.gem_shrine")
    box = GEMS_IN_BOX - gem_shrine - sum(p.gems for p in players)
    if box < 0:
        raise BadInput(SRC, "setup.overrides.gem_shrine", f"อัญมณีเกิน {GEMS_IN_BOX} เม็ด", f"more than the {GEMS_IN_BOX} gems")
    changes.update(gem_shrine=gem_shrine, gem_box=box)
    row = list(s.plan_row)
    if "plan_row" in overrides:
        row = list(_ids(overrides["plan_row"], "setup.overrides.plan_row", set(data.plans) | {None}, PLAN))
        if len(row) != len(data.row_prices):
            raise BadInput(SRC, "setup.overrides.plan_row", f"แถวแผนรบมี {len(data.row_prices)} ช่อง",
                           f"the row has {len(data.row_prices)} slots")
    champ_up = list(_ids(overrides.get("champ_up", list(s.champ_up)), "setup.overrides.champ_up", data.champions, CHAMPION))
    for k, cid in enumerate(champ_up):
        if data.champions[cid].timing != TIMINGS[k]:
            raise BadInput(SRC, f"setup.overrides.champ_up.{k}", f"ช่องนี้เป็นของ{champion_deck_name(TIMINGS[k])[0]} (setup.champions)",
                           f"slot {k} belongs to {champion_deck_name(TIMINGS[k])[1]} (setup.champions)")
    award_up = list(_ids(overrides.get("award_up", list(s.award_up)), "setup.overrides.award_up", data.awards, AWARD))
    # every card in exactly one place: the named ones leave the decks, and a face-up card a seat
    # now holds is replaced by the first free card of its deck
    owned_plans = {x for p in players for x in p.reserve + p.plans}
    if len(owned_plans) != sum(len(p.reserve) + len(p.plans) for p in players):
        raise BadInput(SRC, "setup.overrides.players", "แผนรบใบเดียวกันอยู่สองที่", "a battle plan is in two places")
    spare = iter(sorted(set(data.plans) - owned_plans - set(row)))
    row = [next(spare, None) if x in owned_plans else x for x in row]
    owned_champs = {x for p in players for x in p.champions}
    for k, cid in enumerate(champ_up):
        if cid in owned_champs:
            free = sorted(c for c, v in data.champions.items() if v.timing == TIMINGS[k] and c not in owned_champs
                          and c not in champ_up)
            champ_up[k] = free[0]
    held_plans = set(row) | owned_plans
    held_champs = set(champ_up) | owned_champs
    changes["plan_row"] = tuple(row)
    changes["plan_deck"] = tuple(sorted(set(data.plans) - held_plans))
    changes["champ_up"] = tuple(champ_up)
    changes["champ_decks"] = tuple(tuple(sorted(c for c, v in data.champions.items() if v.timing == t and c not in held_champs))
                                   for t in TIMINGS)
    changes["award_up"] = tuple(award_up)
    taken = {x for p in players for x in p.awards} if s.config.award_claims == "taken" else set()
    changes["award_piles"] = tuple(tuple(sorted(a for a, v in data.awards.items() if v.pile == pile and a not in set(award_up) | taken))
                                   for pile in PILES)
    changes["queue"] = tuple(queue)
    out = dataclasses.replace(s, **changes)

    broken = invariants(out)
    if broken:
        raise BadInput(SRC, "setup.overrides", f"สถานะที่ได้ผิดกติกา: {broken[0]}", f"the position breaks a rule: {broken[0]}")
    return out

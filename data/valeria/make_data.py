"""Generate the assumed card and map data of Shadow Kingdoms of Valeria (data/valeria/*.yaml).

The seed rulebook (data/rulebooks/valeria.yaml) names 48 battle plans, 61 champions, 15 awards,
five double-sided campaign maps, die faces and a strength-to-VP chart, but prints none of them
(register entry ``card_and_map_data``).  This script writes a deterministic, *assumed* set sized
like the real game in the small effect language of ``rules/valeria/data.py``.  The YAML files are
the data: a reader who owns the box edits them (or replaces them) by hand; this script only made
the first version.  Run: ``python data/valeria/make_data.py`` (rewrites the five files).
"""
from __future__ import annotations

import random
from pathlib import Path

import yaml

OUT = Path(__file__).resolve().parent
TROOPS = ["goblin", "orc", "skeleton", "gargoyle", "gnoll"]
TH = {"goblin": "ก็อบลิน", "orc": "ออร์ค", "skeleton": "โครงกระดูก", "gargoyle": "การ์กอยล์", "gnoll": "โนล"}
HEADER = ("# ASSUMED data of Shadow Kingdoms of Valeria (register entry card_and_map_data): the seed\n"
          "# rulebook names these components but does not print them.  Written first by\n"
          "# data/valeria/make_data.py; this file is the data (edit it to enter the real cards).\n"
          "# Effect language and validation: rules/valeria/data.py.\n")


def dump(name: str, doc: dict) -> None:
    text = HEADER + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=120, default_flow_style=None)
    (OUT / name).write_text(text, encoding="utf-8")


def plans(rng: random.Random) -> dict:
    cards = []
    for k in range(48):
        n = 2 + k % 2   # 2 or 3 dice: a plan fits the 3 troop slots every player starts with
        req: dict[str, int] = {}
        for _ in range(n):
            t = "any" if rng.random() < 0.2 else rng.choice(TROOPS)
            req[t] = req.get(t, 0) + 1
        cards.append({"id": f"plan{k + 1:02d}", "requires": req})
    return {"assumed": True, "row_prices": [1, 2, 3, 4],
            "note": "row_prices: the gold price of each price slot under the deck, left to right (assumed)",
            "cards": cards}


def champions(rng: random.Random) -> dict:
    cards = []
    gains = [("gold", 2), ("gold", 3), ("magic", 2), ("influence", 2), ("gem", 1), ("vp", 2), ("vp", 3)]
    for k in range(20):
        t = TROOPS[k % 5]
        res, amt = gains[k % len(gains)]
        effects = [{"kind": "gain", "resource": res, "amount": amt}]
        if k % 4 == 3:
            effects.append({"kind": "gain", "resource": "vp", "amount": 1})
        cards.append({"id": f"instant{k + 1:02d}", "timing": "instant", "troop": t, "price": 2 + k % 4,
                      "name_th": f"แชมเปียน{TH[t]}ทันที {k + 1}", "name_en": f"{t.title()} instant champion {k + 1}",
                      "effects": effects})
    for k in range(21):
        t = TROOPS[k % 5]
        need = 1 + (k // 5) % 2
        if k % 3 == 0:
            effects = [{"kind": "strength", "amount": 1, "per": t}]
        elif k % 3 == 1:
            effects = [{"kind": "gain", "resource": rng.choice(["gold", "magic", "influence"]), "amount": 2}]
        else:
            effects = [{"kind": "gain", "resource": "vp", "amount": 1 + k % 2}]
        cards.append({"id": f"ongoing{k + 1:02d}", "timing": "ongoing", "troop": t, "price": 3 + k % 3,
                      "name_th": f"แชมเปียน{TH[t]}ต่อเนื่อง {k + 1}", "name_en": f"{t.title()} ongoing champion {k + 1}",
                      "condition": {"uses": t, "min": need}, "effects": effects})
    pers = [("champion", "instant"), ("champion", "ongoing"), ("champion", "end_game"), ("plan", None),
            ("award", None), ("map_marker", None), ("die", None)]
    for k in range(20):
        t = TROOPS[k % 5]
        per, of = pers[k % len(pers)]
        if per == "die":
            of = t
        eff = {"kind": "end_vp", "amount": 1 + (k % 2 if per in ("plan", "map_marker") else 1), "per": per}
        if of:
            eff["of"] = of
        cards.append({"id": f"endgame{k + 1:02d}", "timing": "end_game", "troop": t, "price": 2 + k % 4,
                      "name_th": f"แชมเปียน{TH[t]}จบเกม {k + 1}", "name_en": f"{t.title()} end-game champion {k + 1}",
                      "effects": [eff]})
    return {"assumed": True, "cards": cards}


def awards() -> dict:
    conds = [
        ("left", {"stat": "plans", "min": 2}, 3), ("left", {"stat": "plans", "min": 4}, 5),
        ("left", {"stat": "map_markers", "min": 3}, 3), ("left", {"stat": "influence", "min": 12}, 3),
        ("left", {"stat": "plans", "min": 5}, 6),
        ("centre", {"stat": "champions", "min": 2}, 3), ("centre", {"stat": "champions", "of": "instant", "min": 2}, 3),
        ("centre", {"stat": "champions", "of": "ongoing", "min": 2}, 4), ("centre", {"stat": "champions", "min": 4}, 5),
        ("centre", {"stat": "champions", "of": "end_game", "min": 1}, 2),
        ("right", {"stat": "gold", "min": 8}, 2), ("right", {"stat": "magic", "min": 6}, 2),
        ("right", {"stat": "gems", "min": 2}, 3), ("right", {"stat": "troops", "of": "orc", "min": 2}, 3),
        ("right", {"stat": "troops", "min": 4}, 3),
    ]
    cards = [{"id": f"award{k + 1:02d}", "pile": pile, "condition": cond, "vp": vp}
             for k, (pile, cond, vp) in enumerate(conds)]
    return {"assumed": True, "cards": cards}


def maps(rng: random.Random) -> dict:
    bonuses = ["free_champion", "influence", "magic", "gold", "gem", "die"]
    ids = "abcdefghi"
    edges = [(ids[r * 3 + c], ids[r * 3 + c + 1]) for r in range(3) for c in range(2)] + \
            [(ids[r * 3 + c], ids[(r + 1) * 3 + c]) for r in range(2) for c in range(3)]
    out = []
    for m in range(5):
        sides = []
        for side in range(2):
            spaces = []
            for i, sid in enumerate(ids):
                roll = rng.random()
                if roll < 0.45:
                    cond, vp = {"uses": rng.choice(TROOPS), "min": 1 + rng.randrange(2)}, 2
                elif roll < 0.65:
                    cond, vp = {"strength_min": 8 + rng.randrange(6)}, 2 + rng.randrange(2)
                elif roll < 0.8:
                    cond, vp = {"dice_min": 3}, 2
                else:
                    cond, vp = {}, 1
                spaces.append({"id": sid, "pos": [i // 3, i % 3], "condition": cond, "vp": vp})
            chosen = rng.sample(edges, 8)
            chains = [{"between": list(e), "bonus": rng.choice(bonuses)} for e in sorted(chosen)]
            sides.append({"spaces": spaces, "chains": chains})
        out.append({"id": f"map{m + 1}", "name_th": f"แผนที่ยุทธการ {m + 1}", "name_en": f"Campaign map {m + 1}",
                    "sides": sides})
    return {"assumed": True, "grid": "square: spaces are neighbours when their pos differ by 1 in one coordinate",
            "maps": out}


def components() -> dict:
    return {
        "assumed": True,
        "dice": {"faces": [1, 2, 3, 4, 5, 6], "strength": {f: f for f in range(1, 7)},
                 "discount": {1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0},
                 "note": "strength = the pip; the face-to-discount table is assumed (the seed gives only: a 6 has none); "
                         "the opposite face is 7 - face"},
        "vp_chart": {"note": "stepped reading of vp_conversion_table: [min strength, VP], assumed",
                     "bands": [[0, 1], [5, 2], [8, 4], [11, 6], [14, 8], [17, 10], [20, 12]]},
        "player_board": {
            "note": "the 10 circles under the conquest markers, as tracks lifted left to right (assumed order)",
            "tracks": [
                {"id": "troop", "circles": 2, "base": 3, "step": 1},
                {"id": "reserve", "circles": 2, "base": 1, "step": 1},
                {"id": "gems", "circles": 1, "base": None, "levels": [3]},
                {"id": "strength", "circles": 2, "base": 0, "step": 1},
                {"id": "cap", "circles": 1, "base": 13, "levels": [20]},
                {"id": "quota", "circles": 2, "base": 3, "levels": [6, 10]},
            ]},
    }


def main() -> None:
    rng = random.Random(2026)
    OUT.mkdir(parents=True, exist_ok=True)
    dump("battle_plans.yaml", plans(rng))
    dump("champions.yaml", champions(rng))
    dump("awards.yaml", awards())
    dump("maps.yaml", maps(rng))
    dump("components.yaml", components())


if __name__ == "__main__":
    main()

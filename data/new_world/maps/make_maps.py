"""Generate the two assumed New World maps (``scotland.yaml``, ``ireland.yaml``), seeded.

The rulebook (seed 003) gives the rules but not the printed maps (register entry ``map_layout``):
these are *illustrative* maps, sized and stocked like the published board (hundreds of cells,
8 cathedrals, 14 / 12 castles, settlements of 1-3 spaces and in Ireland 4, harbours or +1 cells,
32 / 24 yellow two-player cells, 14 round towers in Ireland).  The YAML files are the data; this
script only makes them reproducible::

    python data/new_world/maps/make_maps.py          # rewrites scotland.yaml and ireland.yaml

It also writes ``owner/<side>.yaml`` (the ``map_layout=owner_map`` reading: the file a reader who
owns the box replaces with the printed map) when that file does not exist yet.
Run ``rules.new_world.board.load_map`` on the result: the generator's output must validate.
"""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from rules.core.hexgrid import distance, neighbours, oddr_to_axial  # noqa: E402

SCOTLAND_CASTLES = ("Edinburgh", "Stirling", "Balmoral", "Urquhart", "Dunnottar", "Eilean Donan", "Glamis",
                    "Inveraray", "Caerlaverock", "Dunrobin", "Kilchurn", "Cawdor", "Blair", "Doune")
IRELAND_CASTLES = ("Blarney", "Bunratty", "Kilkenny", "Trim", "Cahir", "Dublin", "Ross", "Dunluce",
                   "Ashford", "Kylemore", "Malahide", "Carrickfergus")
TOWERS = ("Hill of Tara", "Glendalough", "Clonmacnoise", "Kilmacduagh", "Ardmore", "Devenish", "Kells",
          "Monasterboice", "Cashel", "Kildare", "Timahoe", "Swords", "Turlough", "Drumcliff")
SCOTLAND_CATHEDRALS = ("St Andrews", "Glasgow", "Elgin", "Dunkeld", "Dornoch", "Brechin", "Dunblane", "Kirkwall")
IRELAND_CATHEDRALS = ("Armagh", "Christ Church", "St Canice", "St Fin Barre", "Clonfert", "Killaloe",
                      "St Brigid", "Down")

SIDES = {
    # side: grid, land cells wanted, settlement sizes (count of each), castles, towers, yellow, coast +1
    # placeable cells about the tiles a game places (4 players: 100), so the board fills up and
    # the farm overflow (placement.farm_overflow) and a tile with no cell (no_legal_cell) happen
    "scotland": dict(cols=20, rows=15, land=159, seed=1707,
                     settlements={1: 8, 2: 7, 3: 4}, castles=SCOTLAND_CASTLES, towers=(),
                     cathedrals=SCOTLAND_CATHEDRALS, yellow=32, harbours=8, offshore=0, food=26, energy=26),
    "ireland": dict(cols=20, rows=16, land=169, seed=1169,
                    settlements={1: 6, 2: 6, 3: 4, 4: 2}, castles=IRELAND_CASTLES, towers=TOWERS,
                    cathedrals=IRELAND_CATHEDRALS, yellow=24, harbours=0, offshore=10, food=24, energy=24),
}


def _land(cols: int, rows: int, want: int, rng: random.Random) -> set:
    """A connected blob of ``want`` offset cells grown from the middle (an island), never on the
    grid's outer ring (the sea)."""
    cx, cy = cols / 2, rows / 2
    start = (cols // 2, rows // 2)
    land = {start}
    frontier = set()

    def ok(c):
        return 1 <= c[0] < cols - 1 and 1 <= c[1] < rows - 1

    def nbrs(c):
        q, r = oddr_to_axial(*c)
        out = []
        for n in neighbours((q, r)):
            col = n[0] + (n[1] - (n[1] & 1)) // 2
            out.append((col, n[1]))
        return out

    frontier.update(n for n in nbrs(start) if ok(n))
    while len(land) < want and frontier:
        cand = sorted(frontier)
        weights = [math.exp(-2.2 * (((c[0] - cx) / cols) ** 2 * 4 + ((c[1] - cy) / rows) ** 2 * 4))
                   + 0.02 * sum(n in land for n in nbrs(c)) for c in cand]
        pick = rng.choices(cand, weights)[0]
        frontier.discard(pick)
        land.add(pick)
        frontier.update(n for n in nbrs(pick) if ok(n) and n not in land)
    return land


def make(side: str) -> dict:
    spec = SIDES[side]
    rng = random.Random(spec["seed"])
    cols, rows = spec["cols"], spec["rows"]
    land_off = _land(cols, rows, spec["land"], rng)
    all_off = [(c, r) for r in range(rows) for c in range(cols)]
    ax = {o: oddr_to_axial(*o) for o in all_off}
    land = {ax[o] for o in land_off}
    cells = {ax[o]: {"icon": "water" if o not in land_off else "blank"} for o in all_off
             if o in land_off or any(n in land for n in neighbours(ax[o]))}
    # a few lochs: interior water
    interior = sorted(h for h in land if all(n in land for n in neighbours(h)))
    for h in rng.sample(interior, 5):
        cells[h]["icon"] = "water"
    land = {h for h, c in cells.items() if c["icon"] != "water"}

    def free(h):
        return h in land and cells[h]["icon"] == "blank" and "settlement" not in cells[h]

    special: list = []

    def place_special(icon, names, min_gap):
        for name in names:
            for tries in range(6000):
                gap = max(2, min_gap - tries // 1500)   # spread them out, closer only when needed
                h = rng.choice(sorted(land))
                if not free(h) or any(distance(h, o) < gap for o in special):
                    continue
                if sum(1 for n in neighbours(h) if n in land) < 4:
                    continue
                cells[h].update(icon=icon, name=name)
                special.append(h)
                break
            else:
                raise RuntimeError(f"cannot place {icon} {name}")

    place_special("cathedral", spec["cathedrals"], 5)
    place_special("castle", spec["castles"], 3)
    place_special("tower", spec["towers"], 2)
    sid = 0
    for size, count in sorted(spec["settlements"].items(), reverse=True):
        for _ in range(count):
            for _ in range(4000):
                h = rng.choice(sorted(land))
                if not free(h) or any(n in cells and "settlement" in cells[n] for n in neighbours(h)):
                    continue
                group = [h]
                while len(group) < size:
                    opts = [n for g in group for n in neighbours(g) if free(n) and n not in group
                            and not any(m in cells and "settlement" in cells[m] and m not in group
                                        for m in neighbours(n))]
                    if not opts:
                        break
                    group.append(rng.choice(sorted(set(opts))))
                if len(group) < size:
                    continue
                sid += 1
                for g in group:
                    cells[g].update(icon="settlement", settlement=f"s{sid:02d}")
                break
            else:
                raise RuntimeError(f"cannot place a settlement of {size}")

    def coastal(h):
        return any(n not in cells or cells[n]["icon"] == "water" for n in neighbours(h))

    if spec["harbours"]:
        coast = sorted(h for h in land if cells[h]["icon"] == "settlement" and coastal(h))
        for h in rng.sample(coast, spec["harbours"]):
            cells[h]["harbour"] = True
    for kind in ("food", "energy"):
        left = spec[kind]
        while left > 0:
            h = rng.choice(sorted(land))
            if not free(h):
                continue
            patch = [h]
            want = min(left, rng.randint(2, 5))
            while len(patch) < want:
                opts = sorted({n for p in patch for n in neighbours(p) if free(n) and n not in patch})
                if not opts:
                    break
                patch.append(rng.choice(opts))
            for p in patch:
                cells[p]["icon"] = kind
            left -= len(patch)
    if spec["offshore"]:
        coast = sorted(h for h in land if cells[h]["icon"] in ("blank", "food", "energy", "settlement")
                       and coastal(h))
        for h in rng.sample(coast, spec["offshore"]):
            cells[h]["offshore"] = True
    plain = sorted(h for h in land if cells[h]["icon"] in ("blank", "food", "energy")
                   and not cells[h].get("offshore"))
    yellow = rng.sample(plain, spec["yellow"] - 2)
    # two yellow settlement spaces (in settlements of 2+), so register entry blocked_cells matters
    big = sorted(h for h in land if cells[h].get("settlement") and not cells[h].get("harbour")
                 and not cells[h].get("offshore")
                 and sum(1 for c in cells.values() if c.get("settlement") == cells[h]["settlement"]) >= 2)
    yellow += rng.sample(big, 2)
    for h in yellow:
        cells[h]["yellow"] = True
    return {"cols": cols, "rows": rows, "cells": cells}


HEADER = """# New World ({side_en}) map: ASSUMED - the rulebook does not give the printed map (register entry
# map_layout).  Generated by data/new_world/maps/make_maps.py (seeded); this YAML is the data.
# Cells are pointy-top hexes in axial (q, r) coordinates (rules/core/hexgrid.py); the grid is
# {cols} x {rows} cells in odd-r offset coordinates (col = q + (r - (r & 1)) / 2).
# icon: blank | food | energy | settlement | water | cathedral | castle | tower
#   settlement: the id of the settlement the space belongs to (its spaces are its size)
#   harbour: true  (Scotland: a settlement space with a harbour, +1)
#   offshore: true (Ireland: a +1 cell)
#   yellow: true   (covered face down in a two-player game)
#   name: castles, cathedrals and round towers are named
"""


def dump(side: str, m: dict) -> str:
    lines = [HEADER.format(side_en=side.capitalize(), cols=m["cols"], rows=m["rows"]).rstrip("\n"),
             "game: new_world", f"side: {side}", "assumed: true",
             "note: Illustrative map, not the printed board; a reader who owns the box can enter the real one.",
             f"grid: {{cols: {m['cols']}, rows: {m['rows']}, layout: odd-r}}", "cells:"]
    for (q, r), c in sorted(m["cells"].items(), key=lambda kv: (kv[0][1], kv[0][0])):
        extra = ""
        if "settlement" in c:
            extra += f", settlement: {c['settlement']}"
        for flag in ("harbour", "offshore", "yellow"):
            if c.get(flag):
                extra += f", {flag}: true"
        if "name" in c:
            extra += f", name: {c['name']}"
        lines.append(f"- {{q: {q}, r: {r}, icon: {c['icon']}{extra}}}")
    return "\n".join(lines) + "\n"


def main() -> None:
    for side in SIDES:
        text = dump(side, make(side))
        (HERE / f"{side}.yaml").write_text(text, encoding="utf-8")
        owner = HERE / "owner" / f"{side}.yaml"
        if not owner.exists():
            owner.parent.mkdir(exist_ok=True)
            owner.write_text(text.replace("# New World", "# OWNER SLOT (map_layout=owner_map): replace with the "
                                          "printed map.  Until then a copy of the assumed map.\n# New World", 1),
                             encoding="utf-8")
        print(side, text.count("\n- "), "cells")


if __name__ == "__main__":
    main()

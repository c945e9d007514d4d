"""Writes the New World scenario files beside it, looking the cells up on the assumed maps.

The YAML files are the scenarios (read them, edit them); this script only made them and remakes
them after ``data/new_world/maps/make_maps.py`` changes a map:
``python data/scenarios/new_world/make_scenarios.py`` then ``python -m rules scenario check data/scenarios/new_world``.
"""
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
from rules.new_world.board import load_map
from rules.new_world.castles import counts
from rules.new_world.tiles import KIND
OUT = str(HERE) + '/'
S = load_map('scotland'); IR = load_map('ireland')
def k(b, i): return f"{b.cells[i][0]},{b.cells[i][1]}"
def cell(b, key): return b.index[tuple(int(x) for x in key.split(','))]
def qr(key):
    q, r = (int(x) for x in key.split(','))
    return q, r
def place(p, tile, key):
    q, r = qr(key)
    return {"player": p, "type": "place", "tile": tile, "q": q, "r": r}

def castles_for(b, board, n):
    cells = [-1] * len(b.cells)
    for key, v in board.items():
        seat, kind = v.split(':')
        cells[cell(b, key)] = int(seat) * 8 + KIND[kind]
    out = {}
    for c in range(len(b.castles)):
        cnt = counts(b, cells, c, n)
        best = max(cnt)
        top = [p for p in range(n) if cnt[p] == best and best[0] > 0]
        if len(top) > 1:
            out[b.names[b.castles[c]]] = top[0]
    return out

def write(name, doc, head):
    text = head.strip() + "\n" + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110, default_flow_style=None)
    open(OUT + name, 'w').write(text)

# 1 ------------------------------------------------------------ large settlement 2-2-2
write("1_large_settlement_2_2_2_closer_last.yaml", {
  "game": "new_world",
  "title_th": "นิคมใหญ่ 3 ช่อง อิทธิพล 2-2-2 คนปิดนิคมแพ้เสมอ",
  "title_en": "A large settlement filled 2-2-2 by three players: the closer loses every tie",
  "question_th": "ผู้เล่น 1 และ 2 มีนิคมค่า 2 ในนิคมใหญ่ 3 ช่อง (-1, 7) (0, 7) (1, 7) ผู้เล่น 3 วางนิคมค่า 2 ปิดนิคม ใครได้กี่แต้ม",
  "question_en": "Seats 1 and 2 each have an influence-2 tile in the large settlement of cells (-1, 7), (0, 7), (1, 7); seat 3 closes it with another 2. Who scores what?",
  "answer_th": "เสมอกันหมด คนปิด (ผู้เล่น 3) แพ้เสมอ ที่เหลือไล่ตามเข็มนาฬิกาจากผู้เล่น 3: ผู้เล่น 1 ได้ 8 ผู้เล่น 2 ได้ 5 ผู้เล่น 3 ได้ 0",
  "answer_en": "All tie; the closer (seat 3) loses every tie and the rest go clockwise from it: seat 1 scores 8, seat 2 scores 5, seat 3 scores 0.",
  "cites": ["scoring.large_settlement_majority", "scoring.settlement_tiebreak"],
  "setup": {"config": {"players": 3}, "seed": 3,
            "overrides": {"board": {"-1,7": "0:s2", "0,7": "1:s2"}, "hands": [["food"], ["food"], ["s2"]], "turn": 2}},
  "steps": [{"action": place(2, "s2", "1,7"),
             "expect_events": [{"kind": "tile_placed", "actor": 2, "cites": ["turn.place_tile", "placement.settlement"]},
                               {"kind": "settlement_scored", "actor": 2,
                                "cites": ["scoring.large_settlement_majority", "scoring.settlement_tiebreak"],
                                "data": {"table": [[0, 2, 1, 8], [1, 2, 2, 5], [2, 2, 3, 0]], "closer": 2, "ties": True}}],
             "expect_state": {"sources.0.settlements": 8, "sources.1.settlements": 5, "sources.2.settlements": 0}}],
}, "# Worked example (issue 9): the closer loses every tie, the rest clockwise from the closer.")

# 2 ------------------------------------------------------------ medium alone + harbour + small
write("2_medium_settlement_alone_scores_8.yaml", {
  "game": "new_world",
  "title_th": "ครองนิคมกลางคนเดียวได้ 8 และท่าเรือ +1",
  "title_en": "One player fills both spaces of a medium settlement: 8; a harbour's +1",
  "question_th": "ผู้เล่น 1 มีนิคมค่า 1 ในนิคมกลาง 2 ช่อง (5, 7) (4, 8) แล้ววางนิคมค่า 3 ในช่องที่เหลือ ได้กี่แต้ม",
  "question_en": "Seat 1 has an influence-1 tile in the medium settlement of cells (5, 7), (4, 8) and fills its other space with a 3. How many points?",
  "answer_th": "ครองคนเดียวได้ 8 (ไม่ใช่ 5) ส่วนผู้เล่น 2 ตั้งนิคมเล็กบนท่าเรือ ได้ค่าอิทธิพล 2 และท่าเรือ +1",
  "answer_en": "Alone in it: 8 (not 5). Seat 2 then founds a small settlement on a harbour: its influence 2, plus 1 for the harbour.",
  "cites": ["scoring.medium_settlement_majority", "scoring.small_settlement", "scoring.harbour"],
  "setup": {"config": {"players": 2}, "seed": 4,
            "overrides": {"board": {"5,7": "0:s1"}, "hands": [["s3"], ["s2"]], "turn": 0}},
  "steps": [{"action": place(0, "s3", "4,8"),
             "expect_events": [{"kind": "settlement_scored", "actor": 0, "cites": ["scoring.medium_settlement_majority"],
                                "data": {"settlement": "s05", "table": [[0, 4, 1, 8]]}}],
             "expect_state": {"sources.0.settlements": 8}},
            {"action": place(1, "s2", "15,6"),
             "expect_events": [{"kind": "settlement_scored", "actor": 1, "cites": ["scoring.small_settlement"], "data": {"table": [[1, 2, 1, 2]]}},
                               {"kind": "harbour", "actor": 1, "cites": ["scoring.harbour"]}],
             "expect_state": {"sources.1.settlements": 2, "sources.1.harbours": 1, "scores.1": 3}}],
}, "# Worked example (issue 9): a medium settlement held alone scores 8.")

# 3 ------------------------------------------------------------ energy bridge
# cells found by a search of the map: X joins A (2 tiles) and B (3 tiles); O another colour, FD own food
f = {'x': '10,7', 'A1': '9,7', 'A2': '9,6', 'B1': '11,7', 'B2': '12,6', 'B3': '12,5', 'O': '9,8', 'FD': '10,8'}
board3 = {f['A1']: "0:energy", f['A2']: "0:energy", f['B1']: "0:energy", f['B2']: "0:energy", f['B3']: "0:energy",
          f['O']: "1:energy", f['FD']: "0:food"}
ov3 = {"board": board3, "hands": [["energy"], ["food"], ["food"]], "turn": 0}
c3 = castles_for(S, board3, 3)
if c3: ov3["castles"] = c3
write("3_energy_farm_bridges_2_and_3_scores_6.yaml", {
  "game": "new_world",
  "title_th": "ฟาร์มพลังงานเชื่อมกลุ่ม 2 กับ 3 ได้ 6",
  "title_en": "An energy farm bridging groups of 2 and 3 scores 6",
  "question_th": "ผู้เล่น 1 วางฟาร์มพลังงานเชื่อมกลุ่มฟาร์มพลังงานของตัวเอง 2 แผ่นกับ 3 แผ่น ข้างๆ มีฟาร์มพลังงานของผู้เล่น 2 และฟาร์มอาหารของตัวเอง ได้กี่แต้ม",
  "question_en": "Seat 1's energy farm joins its own energy groups of 2 and of 3; next to it are seat 2's energy farm and seat 1's own food farm. Points?",
  "answer_th": "6: กลุ่มใหม่มี 2 + 3 + 1 แผ่น ฟาร์มสีอื่นและฟาร์มต่างชนิดไม่นับ",
  "answer_en": "6: the new group is 2 + 3 + itself; another colour's farm and a farm of the other type do not count.",
  "cites": ["scoring.farm_group"],
  "setup": {"config": {"players": 3}, "seed": 5, "overrides": ov3},
  "steps": [{"action": place(0, "energy", f['x']),
             "expect_events": [{"kind": "tile_placed", "cites": ["turn.place_tile", "placement.energy_farm"]},
                               {"kind": "farm_scored", "actor": 0, "cites": ["turn.score_tile", "scoring.farm_group"],
                                "data": {"points": 6, "neighbours_joined": 2}}],
             "expect_state": {"sources.0.farms": 6}},
            {"action": place(1, "food", "4,4"),
             "expect_events": [{"kind": "farm_scored", "actor": 1, "cites": ["scoring.farm_group"], "data": {"points": 1}}]}],
}, "# Worked example (issue 9): a farm scores its whole new group, no tile twice.")

def isolated(b, count, avoid=(), icons=('food', 'blank'), cath_ok=False):
    used = set(cell(b, a) for a in avoid)
    out = []
    for i in range(len(b.cells)):
        if b.icon[i] not in icons or i in b.yellow or b.near_castles[i] or (b.near_cathedrals[i] and not cath_ok) or b.near_towers[i] or i in b.offshore:
            continue
        if i in used or any(n in used for n in b.nbrs[i]):
            continue
        out.append(k(b, i)); used.add(i); used.update(b.nbrs[i])
        if len(out) == count:
            return out
    raise RuntimeError("not enough isolated cells")

# 4 ------------------------------------------------------------ Edinburgh tiebreak
iso = isolated(S, 3, avoid=["5,5", "5,7", "4,8"])
write("4_tie_at_top_edinburgh_holder_not_tied.yaml", {
  "game": "new_world",
  "title_th": "เสมออันดับ 1 ผู้ครอง Edinburgh ชนะแม้ไม่ได้เสมอ",
  "title_en": "A tie at the top goes to the Edinburgh holder, who was not tied",
  "question_th": "ผู้เล่น 1 และ 2 จบเกมด้วย 51 แต้มเท่ากัน ผู้เล่น 3 ได้ 36 แต่ครองปราสาท Edinburgh ใครชนะ",
  "question_en": "Seats 1 and 2 end tied on 51; seat 3 has 36 but holds Edinburgh castle. Who wins?",
  "answer_th": "ผู้เล่น 3 ชนะ: เสมอกันให้ผู้ครอง Edinburgh ชนะ แม้ไม่ได้เสมออันดับ 1 (อ่านข้อตัดสินเมื่อเสมอในหมวดจบเกมตามตัวอักษร)",
  "answer_en": "Seat 3 wins: a tie at the top is won by the Edinburgh holder even when not tied (the end-of-game tie rule read literally).",
  "cites": ["end.winner_tiebreak", "end.unfinished_settlements", "end.castles", "end.missions"],
  "setup": {"config": {"players": 3}, "seed": 6,
            "overrides": {"board": {"5,5": "2:food", "5,7": "1:s2"},
                          "hands": [["food"], ["food"], ["food"]], "piles": [[], [], []],
                          "sources": [{"farms": 47}, {"farms": 48}, {"farms": 30}],
                          "missions": [["m01"], [], []], "turn": 0}},
  "steps": [{"action": place(0, "food", iso[0])}, {"action": place(1, "food", iso[1])},
            {"action": place(2, "food", iso[2]),
             "expect_events": [{"kind": "game_end", "cites": ["intro.goal"]},
                               {"kind": "unfinished_settlement", "cites": ["end.unfinished_settlements"], "data": {"awards": [[1, "settlements", 2]]}},
                               {"kind": "castles_scored", "cites": ["end.castles"], "data": {"held": [0, 0, 1]}},
                               {"kind": "mission_revealed", "actor": 0, "cites": ["end.missions", "cathedrals.secret_missions"], "data": {"achieved": True}},
                               {"kind": "game_over", "cites": ["end.winner_tiebreak"], "data": {"winners": [2], "decided_by": "Edinburgh"}}]}],
  "expect": {"state": {"scores": [51, 51, 36], "winners": [2]}, "current_player": "terminal", "returns": [0.0, 0.0, 1.0]},
}, "# Worked example (issue 9): the Edinburgh holder wins a tie for first even when not tied.")

write("4b_tie_among_tied_reading.yaml", {
  "game": "new_world",
  "title_th": "อ่านแบบเฉพาะผู้ที่เสมอ: ผู้ครอง Edinburgh ไม่ได้เสมอ จึงชนะร่วมกัน",
  "title_en": "Reading among_tied: the Edinburgh holder is not tied, so the tied players share",
  "cites": ["end.winner_tiebreak"],
  "setup": {"config": {"players": 3, "end_tiebreak_castle_holder": "among_tied"}, "seed": 6,
            "overrides": {"board": {"5,5": "2:food", "5,7": "1:s2"},
                          "hands": [["food"], ["food"], ["food"]], "piles": [[], [], []],
                          "sources": [{"farms": 47}, {"farms": 48}, {"farms": 30}],
                          "missions": [["m01"], [], []], "turn": 0}},
  "steps": [{"action": place(0, "food", iso[0])}, {"action": place(1, "food", iso[1])},
            {"action": place(2, "food", iso[2])}],
  "expect": {"events": [{"kind": "game_over", "cites": ["end.winner_tiebreak"], "data": {"winners": [0, 1], "decided_by": "shared"}}],
             "returns": [1.0, 1.0, 0.0]},
}, "# A register reading (end_tiebreak_castle_holder=among_tied) on the same position.")

# 5 ------------------------------------------------------------ castle changes hands
write("5_castle_changes_hands.yaml", {
  "game": "new_world",
  "title_th": "ปราสาทเปลี่ยนมือ และเสมอกันคนวางแพ้",
  "title_en": "A castle changes hands; at equal counts the placing player loses",
  "question_th": "ปราสาท Cawdor: ผู้เล่น 1 ครองด้วยไทล์ 1 แผ่น ผู้เล่น 2 มีไทล์ติด 1 แผ่นแล้ววางเพิ่ม แล้วผู้เล่น 1 วางให้เท่ากัน",
  "question_en": "Cawdor: seat 1 holds it with 1 tile; seat 2, also with 1, places a second; then seat 1 places to draw level.",
  "answer_th": "ผู้เล่น 2 มี 2 ต่อ 1 แย่งปราสาทไป เมื่อผู้เล่น 1 ตามมาเป็น 2 ต่อ 2 และไทล์ฟาร์มเท่ากัน ผู้วางแพ้ ผู้เล่น 2 ยังครอง",
  "answer_en": "Seat 2 leads 2 to 1 and takes the castle; when seat 1 draws level at 2-2 with as many farm tiles, the placing player loses: seat 2 keeps it.",
  "cites": ["castles.majority"],
  "setup": {"config": {"players": 2}, "seed": 7,
            "overrides": {"board": {"9,3": "0:food", "8,4": "1:energy"}, "castles": {"Cawdor": 0},
                          "hands": [["energy"], ["energy"]], "turn": 1}},
  "steps": [{"action": place(1, "energy", "9,5"),
             "expect_events": [{"kind": "castle_taken", "actor": 1, "cites": ["castles.majority"],
                                "data": {"castle": "Cawdor", "holder": 1, "previous": 0}}],
             "expect_state": {"castles.Cawdor": 1}},
            {"action": place(0, "energy", "10,4"),
             "expect_events": [{"kind": "castle_tie", "actor": 0, "cites": ["castles.majority"],
                                "data": {"castle": "Cawdor", "holder": 1, "counts": [[2, 2], [2, 2]]}}],
             "expect_state": {"castles.Cawdor": 1}}],
}, "# Worked example (issue 9): a castle changing hands, with the counts that decided it.")

# 6 ------------------------------------------------------------ cathedral
write("6_cathedral_secret_mission.yaml", {
  "game": "new_world",
  "title_th": "มหาวิหาร: ครั้งแรกที่วางติดได้ภารกิจลับ 1 ใบ ครั้งเดียวต่อมหาวิหาร",
  "title_en": "A cathedral gives a secret mission the first time, once per cathedral",
  "cites": ["cathedrals.secret_missions"],
  "setup": {"config": {"players": 3}, "seed": 8,
            "overrides": {"hands": [["food"], ["food"], ["energy"]], "piles": [["food", "s3"], ["food"], ["food"]],
                          "mission_deck": ["m05", "m01"], "turn": 0}},
  "steps": [{"action": place(0, "food", "7,4"),
             "expect_events": [{"kind": "cathedral_placed", "actor": 0, "cites": ["cathedrals.secret_missions"], "data": {"cathedral": "Elgin"}},
                               {"kind": "mission_drawn", "actor": 0, "visible_to": [0], "data": {"card": "m05"}}],
             "expect_state": {"cathedrals.Elgin": [0], "missions.0": ["m05"]}},
            {"action": place(1, "food", "6,5"),
             "expect_events": [{"kind": "cathedral_placed", "actor": 1, "data": {"cathedral": "Elgin"}},
                               {"kind": "mission_drawn", "actor": 1, "visible_to": [1], "data": {"card": "m01"}}],
             "expect_state": {"cathedrals.Elgin": [0, 1]}},
            {"action": place(2, "energy", "6,6")},
            {"action": place(0, "food", "8,4"),
             "expect_state": {"missions.0": ["m05"], "cathedrals.Elgin": [0, 1, 2]}}],
  "expect": {"legal": {"player": 1, "excludes": [{"q": 7, "r": 5}]}},
}, "# Cathedrals stack; each gives each player one card.")

# 7 ------------------------------------------------------------ farm overflow (4 players)
food_cells = [k(S, i) for i in S.by_icon['food']]
blank_cells = [k(S, i) for i in S.by_icon['blank']]
left = {s: {"food": 11, "energy": 11} for s in range(4)}   # tile_mix=farm_heavy
left[0]["food"] -= 1   # seat 1's hand
for s in (1, 2, 3):
    left[s]["energy"] -= 1
board7 = {}
pool = {"food": [s for s in range(4) for _ in range(left[s]["food"])], "energy": [s for s in range(4) for _ in range(left[s]["energy"])]}
for key in food_cells:
    board7[key] = f"{pool['food'].pop()}:food"
for key in blank_cells:
    kind = "energy" if pool["energy"] else "food"
    board7[key] = f"{pool[kind].pop()}:{kind}"
ov7 = {"board": board7, "hands": [["food"], ["energy"], ["energy"], ["energy"]], "piles": [[], [], [], []], "turn": 0}
ov7["castles"] = castles_for(S, board7, 4)
energy_cell = next(k(S, i) for i in S.by_icon['energy'] if i not in S.yellow)
castle_cell = k(S, S.castles[0])
sett_cell = k(S, S.by_icon['settlement'][0])
write("7_farm_overflow_and_forbidden_cells.yaml", {
  "game": "new_world",
  "title_th": "ช่องฟาร์มอาหารและช่องว่างเต็มหมด ฟาร์มอาหารจึงวางบนช่องฟาร์มพลังงานได้ และช่องที่ห้ามวาง",
  "title_en": "Every food and blank cell is full, so a food farm may go on an energy cell; and the cells no tile may take",
  "question_th": "ทุกช่องฟาร์มอาหารและช่องว่างมีไทล์แล้ว ผู้เล่น 1 ถือฟาร์มอาหาร วางที่ไหนได้บ้าง",
  "question_en": "Every food and blank cell is taken; seat 1 holds a food farm. Where can it go?",
  "answer_th": "บนช่องฟาร์มพลังงานที่ว่าง (ข้อยกเว้นเมื่อช่องฟาร์มชนิดตัวเองเต็ม) แต่ไม่ใช่ช่องปราสาท ช่องนิคม หรือช่องที่มีไทล์แล้ว",
  "answer_en": "On an empty energy cell (the exception once its own farm cells are full), never on a castle, a settlement space or a taken cell.",
  "cites": ["placement.farm_overflow", "placement.forbidden_cells", "placement.food_farm"],
  "setup": {"config": {"players": 4, "tile_mix": "farm_heavy"}, "seed": 9, "overrides": ov7},
  "steps": [{"action": place(0, "food", castle_cell), "expect_error": "placement.forbidden_cells"},
            {"action": place(0, "food", sett_cell), "expect_error": "placement.food_farm"},
            {"action": place(0, "food", food_cells[0]), "expect_error": "turn.place_tile"},
            {"action": place(0, "food", energy_cell),
             "expect_events": [{"kind": "tile_placed", "actor": 0, "cites": ["turn.place_tile", "placement.farm_overflow"]}]}],
}, "# The farm exception, judged over the whole map (register no_legal_cell), and refusals naming their clause.")

write("7b_refusals_name_their_clause.yaml", {
  "game": "new_world",
  "title_th": "วางผิดช่อง: คำปฏิเสธบอกข้อกติกาที่ห้าม",
  "title_en": "Wrong cells: each refusal names the clause that forbids it",
  "cites": ["placement.settlement", "placement.farm_overflow", "placement.energy_farm", "placement.forbidden_cells"],
  "setup": {"config": {"players": 3}, "seed": 10, "overrides": {"hands": [["s2"], ["energy"], ["food"]], "turn": 0}},
  "steps": [{"action": place(0, "s2", blank_cells[0]), "expect_error": "placement.settlement"},
            {"action": place(0, "s2", k(S, S.by_icon['water'][0])), "expect_error": "placement.forbidden_cells"},
            {"action": place(0, "s2", k(S, S.cathedrals[0])), "expect_error": "placement.forbidden_cells"},
            {"action": place(1, "energy", blank_cells[1]), "expect_error": "setup.first_player"},
            {"action": place(0, "s2", "6,9")},
            {"action": place(1, "energy", food_cells[3]), "expect_error": "placement.farm_overflow"},
            {"action": place(1, "energy", sett_cell), "expect_error": "placement.energy_farm"},
            {"action": place(1, "energy", blank_cells[1]),
             "expect_events": [{"kind": "tile_placed", "cites": ["placement.energy_farm"]}]}],
}, "# Why can't I? Each refused placement names the clause that forbids that tile there.")

# 8 ------------------------------------------------------------ no legal cell (3 players)
spaces = [k(S, i) for i in S.by_icon['settlement']]
sl = {s: [n for n in ("s1", "s2", "s3", "s4") for _ in range(3)] for s in range(3)}
sl[0].remove("s1")  # seat 1's hand
board8 = {}
for j, key in enumerate(spaces):
    s = j % 3
    if not sl[s]:
        s = next(x for x in range(3) if sl[x])
    board8[key] = f"{s}:{sl[s].pop()}"
ov8 = {"board": board8, "hands": [["s1"], ["energy"], ["food"]], "piles": [["food", "energy"], ["food"], ["energy"]], "turn": 2}
ov8["castles"] = castles_for(S, board8, 3)
iso8 = isolated(S, 2, avoid=[])
write("8_no_legal_cell_set_aside_and_draw.yaml", {
  "game": "new_world",
  "title_th": "ไทล์นิคมในมือไม่มีช่องวาง: พักไว้นอกเกมแล้วจั่วใหม่เล่นต่อ",
  "title_en": "A settlement tile with no free settlement space: set aside, draw, play on",
  "question_th": "ช่องนิคมเต็มหมดทั้งแผนที่ ถึงตาผู้เล่น 1 ที่ถือนิคมค่า 1 จะทำอย่างไร",
  "question_en": "Every settlement space on the map is full and seat 1 holds a settlement tile. What happens on its turn?",
  "answer_th": "ตามข้อ no_legal_cell (ค่าเริ่มต้น): ไทล์นั้นวางคว่ำพักไว้นอกเกม จั่วแผ่นถัดไปแล้วเล่นในตานี้",
  "answer_en": "Register no_legal_cell (default): the tile is set aside face down out of the game; the seat draws the next one and plays it this turn.",
  "cites": ["turn.place_tile", "placement.settlement"],
  "setup": {"config": {"players": 3}, "seed": 11, "overrides": ov8},
  "steps": [{"action": place(2, "food", iso8[0]),
             "expect_events": [{"kind": "tile_set_aside", "actor": 0, "visible_to": [0], "cites": ["turn.place_tile", "placement.settlement"],
                                "data": {"tiles": ["s1"]}},
                               {"kind": "tile_drawn", "actor": 0, "visible_to": [0]}],
             "expect_legal": {"player": 0, "types": ["place"]}},
            {"action": place(0, "food", iso8[1]), "expect_state": {"hands.0": ["energy"]}}],
}, "# Register no_legal_cell: the rulebook assumes a legal cell exists.")

# setup --------------------------------------------------------
write("setup_two_players.yaml", {
  "game": "new_world",
  "title_th": "เตรียมเกม 2 คน: ปิดช่องเหลือง 32 ช่อง พักไทล์ 2 แผ่น จั่ว 1 แผ่น",
  "title_en": "Two-player setup: 32 yellow cells covered, 2 tiles set aside, 1 drawn",
  "cites": ["setup.two_player_blocked_cells", "setup.set_aside_two", "setup.first_hand"],
  "setup": {"config": {"players": 2}, "seed": 12},
  "expect_setup_events": [
      {"kind": "board", "cites": ["components.board_and_cards"], "data": {"side": "scotland"}},
      {"kind": "missions_shuffled", "cites": ["setup.board_and_missions"], "data": {"cards": 32}},
      {"kind": "pieces", "cites": ["setup.player_pieces", "components.pieces", "components.tiles"]},
      {"kind": "yellow_covered", "cites": ["setup.two_player_blocked_cells"]},
      {"kind": "all_tiles", "cites": ["setup.tiles_by_player_count"]},
      {"kind": "set_aside", "actor": 0, "visible_to": [0], "cites": ["setup.set_aside_two"]},
      {"kind": "first_hand", "actor": 0, "visible_to": [0], "cites": ["setup.first_hand"]},
      {"kind": "set_aside", "actor": 1, "visible_to": [1]},
      {"kind": "first_hand", "actor": 1, "visible_to": [1]},
      {"kind": "first_player", "actor": 0, "cites": ["setup.first_player"]}],
  "steps": [],
  "expect": {"current_player": 0, "legal": {"player": 1, "includes": []}},
}, "# What setup does for two players (the hidden tiles are seen by their owner only).")
write("setup_four_players.yaml", {
  "game": "new_world",
  "title_th": "เตรียมเกม 4 คน: แต่ละคนเก็บไทล์ 9 แผ่นเข้ากล่อง",
  "title_en": "Four-player setup: each player boxes 9 tiles",
  "cites": ["setup.tiles_by_player_count"],
  "setup": {"config": {"players": 4}, "seed": 13},
  "expect_setup_events": [
      {"kind": "tiles_boxed", "cites": ["setup.tiles_by_player_count"],
       "data": {"tiles": ["energy", "energy", "energy", "food", "food", "food", "s2", "s3", "s4"]}}],
  "steps": [],
  "expect": {"state": {"boxed.3": ["energy", "energy", "energy", "food", "food", "food", "s2", "s3", "s4"]}},
}, "# The four-player box-out is given by the seed.")

# ============================================================ Ireland
PUB = ["p04", "p09", "p01", "p02", "p03", "p05", "p06", "p07"]
write("ireland_setup_three_players.yaml", {
  "game": "new_world",
  "title_th": "ไอร์แลนด์: เตรียมเกม ภารกิจสาธารณะ 8 ใบ โบนัสหอคอย กองไทล์บนกระดานเผ่า",
  "title_en": "Ireland setup: 8 public missions, the tower bonuses, the tribe-board pile",
  "cites": ["ireland.setup_public_missions", "ireland.setup_tribe_pile", "ireland.overview"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 21},
  "expect_setup_events": [
      {"kind": "board", "cites": ["ireland.overview"], "data": {"side": "ireland"}},
      {"kind": "forbidden_cells", "cites": ["placement.forbidden_cells"]},
      {"kind": "public_missions", "cites": ["ireland.setup_public_missions", "components.ireland"]},
      {"kind": "tower_bonuses", "cites": ["ireland.round_tower_bonus"]},
      {"kind": "tribe_pile", "actor": 0, "visible_to": [0], "cites": ["ireland.setup_tribe_pile"]},
      {"kind": "first_hand", "actor": 0, "visible_to": [0], "cites": ["setup.first_hand", "ireland.setup_tribe_pile"]},
      {"kind": "first_player", "actor": 0}],
  "steps": [],
  "expect": {"current_player": 0},
}, "# Ireland's setup: the public missions replace Scotland's cards; 4 tiles on each tribe board (register ireland_tribe_pile).")

write("ireland_1_second_tile_and_three_points.yaml", {
  "game": "new_world",
  "title_th": "หอคอย \"วางไทล์ที่ 2\" แล้วไทล์ที่ 2 ติดหอคอย 3 แต้ม และช่อง +1",
  "title_en": "A 'place a 2nd tile' tower, the 2nd tile next to a 3-point tower, and a +1 cell",
  "cites": ["ireland.tower_second_tile", "ireland.tower_three_points", "ireland.round_tower_bonus", "ireland.offshore_farm"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 22,
            "overrides": {"towers": {"Timahoe": "second", "Drumcliff": "three"},
                          "hands": [["food"], ["energy"], ["food"]], "tribe": [["food", "food", "energy", "s1"], [], []],
                          "turn": 0}},
  "steps": [{"action": place(0, "food", "11,3"),
             "expect_events": [{"kind": "tower_visited", "actor": 0, "cites": ["ireland.round_tower_bonus", "ireland.tower_second_tile"],
                                "data": {"tower": "Timahoe", "bonus": "second"}}]},
            {"action": {"chance": "tribe_tile", "tile": "food"},
             "expect_events": [{"kind": "second_tile_drawn", "actor": 0, "cites": ["ireland.tower_second_tile"]}],
             "expect_legal": {"player": 0, "types": ["place"]}},
            {"action": place(0, "food", "11,5"),
             "expect_events": [{"kind": "tile_placed", "cites": ["ireland.tower_second_tile"], "data": {"second": True}},
                               {"kind": "tower_points", "actor": 0, "cites": ["ireland.tower_three_points"]}],
             "expect_state": {"sources.0.towers": 3, "tribe.0": ["food", "energy", "s1"]}},
            {"action": place(1, "energy", "12,8"),
             "expect_events": [{"kind": "offshore", "actor": 1, "cites": ["ireland.offshore_farm"]}],
             "expect_state": {"sources.1.harbours": 1}}],
}, "# Round-tower bonuses, each used once per player the first time they place next to it.")

write("ireland_2_draw_three.yaml", {
  "game": "new_world",
  "title_th": "หอคอย \"จั่ว 3 แผ่น\": จบตาจั่ว 3 ตาหน้าเลือก 1 อีก 2 แผ่นสับคืนกอง",
  "title_en": "A 'draw three' tower: draw 3 at the end of the turn, keep 1 next turn, shuffle 2 back",
  "cites": ["ireland.tower_draw_three"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 23,
            "overrides": {"towers": {"Swords": "draw3"}, "hands": [["food"], ["food"], ["food"]],
                          "piles": [["energy", "s2", "food", "food"], ["food", "food"], ["food", "food"]], "turn": 0}},
  "steps": [{"action": place(0, "food", "0,7"),
             "expect_events": [{"kind": "tower_visited", "data": {"bonus": "draw3"}},
                               {"kind": "tile_drawn", "actor": 0, "visible_to": [0], "cites": ["turn.draw_tile", "ireland.tower_draw_three"],
                                "data": {"tiles": ["energy", "s2", "food"]}}]},
            {"action": place(1, "food", "3,8")},
            {"action": place(2, "food", "2,9")},
            {"action": place(0, "s2", "-1,6"),
             "expect_events": [{"kind": "tiles_returned", "actor": 0, "visible_to": [0], "data": {"tiles": ["energy", "food"]}}]},
            {"action": {"chance": "shuffle", "order": [2, 0, 1]},
             "expect_events": [{"kind": "pile_shuffled", "actor": 0, "cites": ["ireland.tower_draw_three"]},
                               {"kind": "tile_drawn", "actor": 0, "data": {"tiles": ["energy"]}}],
             "expect_state": {"hands.0": ["energy"], "piles.0": ["food", "food"]}}],
}, "# The draw-three bonus; the reshuffle is a chance node a scenario can force.")

write("ireland_3_draw_mission_and_double_marker.yaml", {
  "game": "new_world",
  "title_th": "หอคอยจั่วภารกิจ และป้ายคูณสองเมื่อติดหอคอยคูณสองครบ 2 แห่ง",
  "title_en": "The draw-a-mission tower, and the double marker once next to both double towers",
  "cites": ["ireland.tower_draw_mission", "ireland.tower_double_marker"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 24,
            "overrides": {"towers": {"Devenish": "double", "Kilmacduagh": "double", "Kells": "mission"},
                          "tower_used": [["Kilmacduagh"], [], []], "public": PUB, "public_deck": ["p10"],
                          "hands": [["food"], ["food"], ["food"]], "turn": 0}},
  "steps": [{"action": place(0, "food", "8,7"),
             "expect_events": [{"kind": "tower_visited", "actor": 0, "data": {"tower": "Devenish", "bonus": "double"}}],
             "expect_legal": {"player": 0, "types": ["double"]}},
            {"action": {"player": 0, "type": "double", "card": "p05"},
             "expect_events": [{"kind": "double_placed", "actor": 0, "cites": ["ireland.tower_double_marker"], "data": {"card": "p05"}}],
             "expect_state": {"doubled.0": "p05"}},
            {"action": place(1, "food", "7,10"),
             "expect_events": [{"kind": "tower_visited", "actor": 1, "data": {"bonus": "mission"}},
                               {"kind": "mission_drawn", "actor": 1, "visible_to": [1], "cites": ["ireland.tower_draw_mission"], "data": {"card": "p10"}}],
             "expect_state": {"missions.1": ["p10"]}}],
}, "# Two of Ireland's tower bonuses.")

write("ireland_4_thirteen_points.yaml", {
  "game": "new_world",
  "title_th": "ติดหอคอย 13 แต้มครบทั้ง 3 แห่ง ได้ 13 แต้ม",
  "title_en": "Next to all three 13-point towers: 13 points",
  "cites": ["ireland.tower_thirteen_points"],
  "setup": {"config": {"players": 2, "side": "ireland"}, "seed": 25,
            "overrides": {"towers": {"Cashel": "thirteen", "Clonmacnoise": "thirteen", "Hill of Tara": "thirteen"},
                          "tower_used": [["Cashel", "Clonmacnoise"], []], "hands": [["food"], ["food"]], "turn": 0}},
  "steps": [{"action": place(0, "food", "3,4"),
             "expect_events": [{"kind": "tower_points", "actor": 0, "cites": ["ireland.tower_thirteen_points"],
                                "data": {"awards": [[0, "towers", 13]]}}],
             "expect_state": {"sources.0.towers": 13}}],
}, "# Register tower_set_bonus=per_tower: earned once, when the set is complete.")

write("ireland_5_extra_large_settlement_two_players.yaml", {
  "game": "new_world",
  "title_th": "นิคมขนาดใหญ่พิเศษ 4 ช่อง มีแค่ 2 คน: อันดับ 1 ได้ 17 อันดับ 2 ได้ 8",
  "title_en": "An extra-large settlement with two players in it: 17 and 8",
  "cites": ["ireland.extra_large_settlement_majority"],
  "setup": {"config": {"players": 2, "side": "ireland"}, "seed": 26,
            "overrides": {"board": {"3,14": "0:s3", "4,14": "1:s2", "5,14": "0:s1"}, "castles": {"Bunratty": 0}, "hands": [["food"], ["s4"]], "turn": 1}},
  "steps": [{"action": place(1, "s4", "4,13"),
             "expect_events": [{"kind": "settlement_scored", "actor": 1, "cites": ["ireland.extra_large_settlement_majority"],
                                "data": {"size": 4, "table": [[1, 6, 1, 17], [0, 4, 2, 8]]}}],
             "expect_state": {"sources.1.settlements": 17, "sources.0.settlements": 8}}],
}, "# Ireland's extra-large settlements.")

write("ireland_6_public_missions_first_and_later.yaml", {
  "game": "new_world",
  "title_th": "ภารกิจสาธารณะ: คนแรกได้ตัวเลขสูง คนต่อไปได้ตัวเลขต่ำ และเงื่อนไขเชื่อมหอคอย",
  "title_en": "Public missions: the first achiever scores high, later ones low; a connect-the-towers card",
  "cites": ["ireland.public_missions", "ireland.connection_conditions"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 27,
            "overrides": {"public": PUB, "board": {"12,2": "0:s1", "12,1": "1:s2"}, "castles": {"Blarney": 1},
                          "hands": [["s1"], ["s3"], ["food"]], "turn": 0}},
  "steps": [{"action": place(0, "s1", "10,3"),
             "expect_events": [{"kind": "public_mission", "actor": 0, "cites": ["ireland.public_missions"],
                                "data": {"card": "p04", "order": 1, "awards": [[0, "missions", 6]]}}]},
            {"action": place(1, "s3", "11,1"),
             "expect_events": [{"kind": "public_mission", "actor": 1, "data": {"card": "p04", "order": 2, "awards": [[1, "missions", 3]]}}]},
            {"action": place(2, "food", "12,4"),
             "expect_events": [{"kind": "public_mission", "actor": 2, "cites": ["ireland.public_missions", "ireland.connection_conditions"],
                                "data": {"card": "p09", "order": 1}}]}],
  "expect": {"state": {"public_done.p04": [0, 1], "public_done.p09": [2]}},
}, "# Each player once per card, checked after every placement.")

isoI = isolated(IR, 3, avoid=["12,2", "3,4", "3,5"], icons=("food", "blank", "energy"), cath_ok=True)
write("ireland_7_tie_goes_to_blarney_holder.yaml", {
  "game": "new_world",
  "title_th": "ไอร์แลนด์: เสมออันดับ 1 ผู้ครอง Blarney ชนะ",
  "title_en": "Ireland: a tie at the top goes to the Blarney holder",
  "cites": ["ireland.end_tiebreak", "ireland.tower_draw_mission", "end.missions"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 28,
            "overrides": {"board": {"12,2": "2:s1"}, "hands": [["food"], ["energy"], ["energy"]], "piles": [[], [], []],
                          "sources": [{"farms": 40}, {"farms": 40}, {"farms": 10}], "missions": [["p10"], [], []], "public": PUB,
                          "turn": 0}},
  "steps": [{"action": place(0, "food", isoI[0])}, {"action": place(1, "energy", isoI[1])},
            {"action": place(2, "energy", isoI[2]),
             "expect_events": [{"kind": "mission_revealed", "actor": 0, "cites": ["end.missions", "ireland.tower_draw_mission"],
                                "data": {"card": "p10", "achieved": False}},
                               {"kind": "game_over", "cites": ["ireland.end_tiebreak"], "data": {"winners": [2], "decided_by": "Blarney"}}]}],
  "expect": {"returns": [0.0, 0.0, 1.0]},
}, "# Ireland's end tiebreak: Blarney, else the most tiles next to the Hill of Tara, even a player not tied.")

write("ireland_8_tie_goes_to_hill_of_tara.yaml", {
  "game": "new_world",
  "title_th": "ไอร์แลนด์: ไม่มีใครครอง Blarney ผู้มีไทล์ติด Hill of Tara มากที่สุดชนะ",
  "title_en": "Ireland: nobody holds Blarney, so the most tiles next to the Hill of Tara wins",
  "cites": ["ireland.end_tiebreak"],
  "setup": {"config": {"players": 3, "side": "ireland"}, "seed": 29,
            "overrides": {"board": {"3,4": "2:food", "3,5": "2:energy"}, "hands": [["food"], ["energy"], ["energy"]],
                          "piles": [[], [], []], "sources": [{"farms": 40}, {"farms": 40}, {"farms": 10}], "turn": 0}},
  "steps": [{"action": place(0, "food", isoI[0])}, {"action": place(1, "energy", isoI[1])},
            {"action": place(2, "energy", isoI[2])}],
  "expect": {"events": [{"kind": "game_over", "cites": ["ireland.end_tiebreak"], "data": {"winners": [2], "decided_by": "Hill of Tara"}}]},
}, "# The Hill of Tara step of Ireland's tiebreak.")

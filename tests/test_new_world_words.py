"""New World words a fresh user met in trial 4 (screenshots nw_end_1280.png, nw_start_1280.png)."""
from __future__ import annotations

import re

import pytest

LATIN = re.compile(r"[A-Za-z]")


@pytest.mark.parametrize("layout", ["assumed", "owner"])
def test_every_mission_is_named_in_thai_without_english(layout):
    """The secret-mission list and the end story read "เปิดภารกิจ Cathedral Bonus: ไม่มีเงื่อนไข (3 แต้ม)":
    the rulebook (cathedrals.secret_missions) names that card only in English, so its Thai line says
    what it gives in the clause's own words ("แต้มฟรีโดยไม่มีเงื่อนไข"); the English line keeps the name."""
    from rules.new_world.labels import mission_name
    from rules.new_world.missions import load_cards
    from rules.core.rulebook import load_rulebook
    clause = next(c for c in load_rulebook("new_world").clauses if c.id == "cathedrals.secret_missions")
    for card_id, card in load_cards(layout).items():
        th, en = mission_name(card_id, layout)
        assert not LATIN.search(th), (card_id, th)
        if card.condition.type == "always":
            assert th.removesuffix(f" ({card.points} แต้ม)") in clause.text_th
            assert en.startswith("Cathedral Bonus")


def _state(players=2, seed=3):
    from rules.new_world.engine import GAME
    return GAME, GAME.new_game({"players": players}, seed)


def test_moves_name_a_cell_by_what_the_map_shows_with_coordinates_only_in_brackets():
    """Moves read "วางนิคมค่า 4 ที่ช่อง (-1, 7)", coordinates the map hides behind "แสดงพิกัด": a move
    now names its cell as the tapped-cell caption does (the engine's ``cell_place_name``: the cell's
    kind, the named places it touches), the ``(q, r)`` only in brackets after it."""
    from rules.new_world.labels import CELL_KIND, cell_place_name
    from widgets.new_world.board import cell_titles
    game, s = _state()
    board = s.board
    titles = cell_titles(board)
    acts = [a for a in game.legal_actions(s, 0) if a.get("type") == "place"]
    assert acts
    near_named = 0
    for a in acts:
        th, en = game.describe_action(s, a)
        i = board.index[(a["q"], a["r"])]
        cth, cen = cell_place_name(board, i)
        assert th.endswith(f"ที่{cth}") and en.endswith(f"on {cen}"), (th, en)
        assert cth.startswith(CELL_KIND[board.icon[i]][0]) and cth.endswith(f" ({a['q']}, {a['r']})")
        assert not re.search(r"ที่ช่อง \(", th) and "on cell (" not in en
        assert titles[(a["q"], a["r"])] == f"{cth} / {cen}"  # the caption's words are the move's
        near_named += any(board.names.get(n, "") in cth for n in board.nbrs[i] if n in board.names)
    assert near_named  # a cell beside a castle or a cathedral says so (its label is on the map)


def test_the_story_of_a_placement_names_the_cell_the_same_way():
    from rules.new_world.labels import cell_place_name
    game, s = _state()
    a = next(a for a in game.legal_actions(s, 0) if a.get("type") == "place")
    t = game.apply(s, a)
    placed = [ev for ev in t.events if ev.kind == "tile_placed"]
    assert placed and cell_place_name(s.board, s.board.index[(a["q"], a["r"])])[0] in placed[0].text_th


@pytest.mark.parametrize("players", [2, 3])
def test_the_play_map_has_a_colour_key_in_the_boards_own_colours(players):
    """The play map had no colour key: a legend under it gives each colour the board paints an
    empty cell (``ICON_FILL``), the covered cells' (2 players), and what a placed tile's letter or
    number means, in the engine's Thai and English words."""
    from rules.new_world.labels import CELL_KIND, COVERED_NAME
    from widgets import page
    from widgets.new_world import SPEC
    from widgets.new_world.board import COVERED_FILL, ICON_FILL, TILE_TEXT, NWBoardView
    table = page.new_table(SPEC, players, "random", 3)
    views = [x for x in _walk(table) if isinstance(x, NWBoardView)]
    assert views
    view = views[0]
    kids = list(view.children)
    legend = view.legend.value
    column = next(c for k in kids for c in getattr(k, "children", ()) if view.map in getattr(c, "children", ()))
    assert column.children[:2] == (view.map, view.legend)  # right under the map, in its column
    for icon in set(view.nw_board.icon):
        th, en = CELL_KIND[icon]
        assert f"background:{ICON_FILL[icon]}'></span>{th} <span class='kl-muted'>/ {en}</span>" in legend, icon
    assert (f"background:{COVERED_FILL}" in legend) == bool(view.nw_board.yellow)
    if view.nw_board.yellow:
        assert COVERED_NAME[0] in legend and COVERED_NAME[1] in legend
    for letter in TILE_TEXT.values():
        assert f"<b>{letter}</b>" in legend


def _walk(w):
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from _walk(c)
    for name in ("board", "view"):
        x = getattr(w, name, None)
        if x is not None and x is not w and hasattr(x, "children"):
            yield from _walk(x)


def test_an_english_refusal_takes_an_before_a_vowel():
    """A fresh user read "a energy farm cannot go on a settlement cell": the engine's own refusal
    of an energy farm on a settlement space, played through ``apply``, says "an energy farm"."""
    from rules.core.protocol import IllegalAction
    from rules.new_world.engine import GAME
    # the first deal whose first player holds an energy farm (seed 1 today)
    s = next(s for s in (GAME.new_game({"players": 2}, seed) for seed in range(50))
             if any(a["tile"] == "energy" for a in GAME.legal_actions(s, 0) if a["type"] == "place"))
    q, r = s.board.cells[s.board.by_icon["settlement"][0]]
    move = {"player": 0, "type": "place", "tile": "energy", "q": q, "r": r}
    assert move not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, move)
    assert refused.value.clause == "placement.energy_farm"
    assert refused.value.message_en == "an energy farm cannot go on a settlement space"
    assert refused.value.message_th == "ฟาร์มพลังงาน วางบนช่องนิคมไม่ได้"



def test_a_farm_group_of_one_scores_1_point_not_1_points():
    """"a group of 1: 1 points" (a fresh user's finding): the English counts one point as one."""
    import random
    from rules.catalog import engine
    game = engine("new_world")
    seen = {}
    for seed in range(40):
        rng, state = random.Random(seed), game.new_game(game.config_model(players=2), seed)
        while game.current_player(state) >= 0 or game.current_player(state) == -1:
            p = game.current_player(state)
            if p == -1:  # chance
                outs = game.chance_outcomes(state)
                tr = game.apply(state, rng.choices([o for o, _ in outs], [w for _, w in outs])[0])
            else:
                tr = game.apply(state, rng.choice(game.legal_actions(state, p)))
            state = tr.state
            for ev in tr.events:
                if ev.kind == "farm_scored":
                    seen.setdefault(ev.data["points"], ev.text_en)
            if 1 in seen and 2 in seen:
                break
        if 1 in seen and 2 in seen:
            break
    assert seen[1].endswith(": 1 point"), seen[1]
    assert seen[2].endswith(": 2 points"), seen[2]

"""Valeria's words on the page: no internal id glued into a Thai sentence, each cited clause shown
by its own title (never the book's), a game-over line that names the winner and each seat's VP."""
from __future__ import annotations

import random
import re

import pytest

from rules.core.play import choose_action
from rules.core.protocol import TERMINAL
from rules.core.rulebook import load_rulebook
from rules.valeria import GAME
from rules.valeria.scoring import result_text
from widgets.eventlog import why_html
from widgets.sharing import SHARE_CSS

GLUED = re.compile(r"[\u0E00-\u0E7F][a-z_]{3,}")


def _game(players, seed):
    rng = random.Random(seed)
    s = GAME.new_game(GAME.default_config(players), seed)
    events = list(GAME.setup_events(s))
    texts = []
    while GAME.current_player(s) != TERMINAL:
        p = GAME.current_player(s)
        if isinstance(p, int) and p >= 0:
            texts += [GAME.describe_action(s, a)[0] for a in GAME.legal_actions(s, p)]
        tr = GAME.apply(s, choose_action(GAME, s, None, rng))
        events += tr.events
        s = tr.state
    return s, events, texts


@pytest.mark.parametrize("players,seed", [(2, 0), (2, 1), (3, 2), (4, 3), (5, 4)])
def test_no_id_glued_to_thai_in_event_or_action_texts(players, seed):
    _, events, texts = _game(players, seed)
    kinds = {e.kind for e in events}
    assert {"troop_assigned", "card_drawn"} <= kinds   # the events that glued ids (ลงช่องskeleton, กองแชมเปียนinstant)
    bad = [e.text_th for e in events if GLUED.search(e.text_th)] + [t for t in texts if GLUED.search(t)]
    assert not bad, bad[:5]


def test_a_troop_slot_is_named_in_thai():
    _, events, _ = _game(2, 0)
    slots = [e for e in events if e.kind == "troop_assigned" and e.data["slot"] == "skeleton"]
    assert slots and all("ลงช่องโครงกระดูก" in e.text_th for e in slots)


def test_a_cited_clause_shows_its_own_title_not_the_books():
    book = load_rulebook("valeria")
    for cid in ("turn.warden_move", "intro.goal"):
        th, en = book.clause_title(cid)
        assert th and th != book.title_th and en != book.title_en, cid
        assert book.title_th not in why_html(book, [cid]), cid
    assert "ย้าย Warden" in why_html(book, ["turn.warden_move"])
    assert book.clause_title("battle.assign_troops")[0] == "กลับค่าย = ออกรบ"  # a section heading stays


def test_game_over_line_names_the_winner_you_and_every_seats_vp():
    s, events, _ = _game(3, 5)
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1
    th, en = over[0].text_th, over[0].text_en
    assert "แต้มชัยชนะ (VP)" in th and "VP" in en
    for i, p in enumerate(s.players):
        assert f"ผู้เล่น {i + 1} {p.vp} VP" in th and f"player {i + 1} {p.vp} VP" in en
    win = s.winners[0]
    assert f"ผู้เล่น {win + 1}" in th.split("·")[0]
    th_me, en_me = result_text(s, win)
    assert "คุณชนะ" in th_me and "you won" in en_me
    loser = next(i for i in range(s.n) if i not in s.winners)
    th_lost, en_lost = result_text(s, loser)
    assert "คุณชนะ" not in th_lost and "you lost" in en_lost


def test_share_code_wraps_in_its_panel():
    css = SHARE_CSS.replace(" ", "")
    assert "overflow-wrap:anywhere" in css and "min-width:0" in css


def _refusal_of(overrides: dict):
    """The :class:`BadInput` a scenario's ``setup.overrides`` get (a 2-player game)."""
    from rules.core.protocol import BadInput
    with pytest.raises(BadInput) as caught:
        GAME.apply_overrides(GAME.new_game(GAME.default_config(2), 2), overrides)
    return caught.value


@pytest.mark.parametrize("overrides,field,th,en", [
    ({"award_up": ["nope"]}, "setup.overrides.award_up.0", "ไม่รู้จักการ์ดรางวัล 'nope'", "unknown award 'nope'"),
    ({"plan_row": "nope"}, "setup.overrides.plan_row", "ต้องเป็นรายการรหัสแผนรบ", "expected a list of battle plan ids"),
    ({"players": {0: {"champions": ["nope"]}}}, "setup.overrides.players.0.champions.0",
     "ไม่รู้จักแชมเปียน 'nope'", "unknown champion 'nope'"),
    ({"players": {0: {"map_id": "nope"}}}, "setup.overrides.players.0.map_id.0",
     "ไม่รู้จักแผนที่ 'nope'", "unknown campaign map 'nope'"),
    ({"players": "nope"}, "setup.overrides.players", "ต้องเป็นชุดคู่ ที่นั่ง -> ช่องข้อมูล", "expected a mapping seat -> fields"),
    ({"players": {0: "nope"}}, "setup.overrides.players.0", "ต้องเป็นชุดคู่ ชื่อช่อง -> ค่า", "expected a mapping of fields"),
    ({"shrines": "nope"}, "setup.overrides.shrines", "ต้องเป็นชุดคู่ ศาล -> เต๋า", "expected a mapping shrine -> dice"),
    ({"players": {0: {"warden": "nope"}}}, "setup.overrides.players.0.warden",
     "ต้องเป็นชื่อศาล (gem, magic, champion, gold, tactics) หรือค่าย (camp) (ได้ 'nope')",
     "expected a shrine (gem, magic, champion, gold, tactics) or camp, got 'nope'"),
])
def test_a_scenarios_refused_overrides_read_in_thai_and_english(overrides, field, th, en):
    """A fresh reader found refusals of a ruling file with English-only words in their Thai ("ไม่รู้จัก
    Award", "ต้องเป็น mapping", "ชื่อศาลหรือ camp") and Thai words in their English ("unknown
    แชมเปียน"): each names its field, in Thai and in English, the pieces as the rulebook names them."""
    exc = _refusal_of(overrides)
    assert (exc.field, exc.message_th, exc.message_en) == (field, th, en)


def test_a_refused_action_names_its_step_in_thai_and_english():
    """The last-resort refusal said "(ขั้น move)": the step's machine id in the Thai sentence.  It
    now names the step in words (names.PHASE_NAMES, the analyzer's labels of the same ids)."""
    from rules.valeria.actions import explain
    from rules.valeria.engine import ID_LABELS
    from rules.valeria.names import PHASE_NAMES
    s = GAME.new_game(GAME.default_config(2), 2)
    s = GAME.apply_overrides(s, {"turn": 0, "players": {0: {"side": 0}, 1: {"side": 0}}})
    refusal = explain(s, {"player": 0, "type": "decline"})
    assert refusal.clause == "turn.warden_move"
    assert refusal.message_th == "ทำแบบนี้ไม่ได้ตอนนี้ (ขั้น: ย้าย Warden)"
    assert refusal.message_en.startswith("not a legal action now (step: moving the Warden): ")
    assert ID_LABELS["phase"] is PHASE_NAMES

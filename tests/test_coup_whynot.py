""""Why can't I do this?" at Coup's turn choice: the engine's ``unavailable`` (one refused action of
each turn kind not offered, with ``explain_illegal``'s clause) and the play table's fold that shows
it (widgets.whynot) with the engine's words and clause titles, never a dotted clause id."""
import re

from rules.core.base import GameBase
from rules.coup import GAME
from widgets import page
from widgets.coup import SPEC
from widgets.session import GameSession


def start(overrides=None, players=3, **config):
    state = GAME.new_game(GAME.make_config({"players": players, **config}), 0)
    return GAME.apply_overrides(state, overrides) if overrides else state


def kinds_and_clauses(state, seat=0):
    return [(a["type"], a.get("character"), why.clause) for a, why in GAME.unavailable(state, seat)]


def test_two_coins_coup_and_assassinate_are_refused_by_their_clauses():
    """actions.coup (7 coins), characters.assassin_assassinate (3 coins); the Reformation's
    actions are off in the base game (reformation.heading)."""
    s = start()
    assert kinds_and_clauses(s) == [
        ("coup", None, "actions.coup"),
        ("assassinate", None, "characters.assassin_assassinate"),
    ]
    for action, why in GAME.unavailable(s, 0):
        assert GAME.explain_illegal(s, action) is not None and action not in GAME.legal_actions(s, 0)
        assert why.message_th and why.message_en
    # another seat, or a seat not deciding a turn action, has nothing to ask
    assert GAME.unavailable(s, 1) == []


def test_ten_coins_everything_but_coup_is_refused_by_the_forced_coup():
    """actions.coup_forced: 10+ coins at the turn's start, only a coup is legal."""
    s = start({"coins": [10, 2, 2]})
    got = kinds_and_clauses(s)
    assert "coup" not in [k for k, _c, _w in got]
    # the base game (no Reformation): its actions are not listed at all, not refused by the forced coup
    assert {k for k, _c, _w in got} == {"income", "foreign_aid", "tax", "steal", "assassinate", "exchange",
                                        "examine"}
    assert {w for _k, _c, w in got} == {"actions.coup_forced"}


def test_steal_from_nobody_with_two_coins_under_needs_two():
    """characters.captain_steal under steal_short=needs_two: nobody has 2 coins to steal."""
    s = start({"coins": [3, 0, 1]}, steal_short="needs_two")
    assert ("steal", None, "characters.captain_steal") in kinds_and_clauses(s)


def test_a_game_without_the_hook_lists_nothing():
    """The protocol's default: no cheap answer, nothing listed (and no fold drawn)."""
    assert GameBase.unavailable(GAME, start(), 0) == []


def visible(html: str) -> str:
    """The text a reader sees (tags and tooltips dropped)."""
    return re.sub(r"<[^>]+>", " ", html)


def test_fold_lists_the_refused_actions_in_thai_without_clause_ids():
    table = page.new_table(SPEC, 2, None, 4)
    try:
        assert table.whynot in table.controls.children
        out = table.whynot.value
        text = visible(out)
        assert "ทำไมทำบางอย่างไม่ได้?" in text
        # the Thai says what the English says: the cost and the coins there are (2 at the start)
        assert "รัฐประหาร" in text and "ต้องมีเงิน 7 เหรียญจึงรัฐประหารได้ มีอยู่ 2 เหรียญ" in text
        assert "ต้องจ่าย 3 เหรียญเพื่อลอบสังหาร มีอยู่ 2 เหรียญ" in text and "นักฆ่า" in text
        assert "ยักยอก" not in text and "ปฏิรูป" not in text  # the base game has no Reformation: not listed
        assert "ข้อกติกา / rule:" in text  # the clause by its title (the engine's cite_name)
        assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", text), text
        assert "title='actions.coup'" in out  # the id in the tooltip only
        # the opened rule reads in English too (the book's gloss under its Thai text)
        gloss = SPEC.book.clause("actions.coup").gloss_en.strip()
        assert gloss and f"lang='en'>{gloss}" in out.replace("&#x27;", "'"), out
    finally:
        table.close()


def test_fold_at_ten_coins_names_the_forced_coup_and_is_empty_when_not_my_decision():
    from widgets.whynot import whynot_html
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={"coins": [10, 2, 2]})
    out = whynot_html(GAME, session.state, 0, SPEC.describe, SPEC.book)
    # one row: every kind but the coup under one reason (8 kinds, not 8 copies of the reason)
    assert len(GAME.unavailable(session.state, 0)) == 8
    assert out.count("<li>") == 1 and visible(out).count("ขึ้นไป) ต้องทำรัฐประหาร") == 1, visible(out)
    assert whynot_html(GAME, session.state, 1, SPEC.describe, SPEC.book) == ""

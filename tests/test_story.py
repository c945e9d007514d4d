"""Issue 12.3, a story a learner can follow: the event log groups events by turn with setup folded
and each line's deciding clauses first; the Shadow Master panels match the board at every frame; a
bluff is marked from the engine's answer; at the end of a Coup game every hand is shown."""
from __future__ import annotations

import html
import random
import re

import pytest

from rules.core.protocol import TERMINAL
from widgets import eventlog, page


DOTTED_ID = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_.]*\b")
"""A dotted clause id (``characters.duke_tax``): developer detail, never a story line's words."""


def _visible(line_html: str) -> str:
    """What a reader sees of a story line: its text without tags (a tooltip is no text)."""
    return html.unescape(re.sub(r"<[^>]+>", "", line_html))


def _cells(text: str, cls: str) -> dict[str, int]:
    return {c: int(v) for c, v in re.findall(rf'class="{cls}" data-colour="(\w+)">(?:<b>)?(\d+)', text)}


@pytest.mark.parametrize("stem", sorted(p.stem for p in page.SCENARIOS.joinpath("shadow_master").glob("*.yaml")))
def test_shadow_master_panels_match_the_board_at_every_frame(stem):
    """For every frame of every Shadow Master scenario: the kingdom table's Rank and tokens, the
    outlines' Ranks and the seats' cash equal the observation of the position the board draws (the
    engine's: ``kingdom_rank`` on the drawn tokens), and at the end of each action the observation
    of the session's own state."""
    from rules.shadow_master import GAME
    from rules.shadow_master.powers import kingdom_rank
    from widgets.shadow_master import SPEC
    from widgets.shadow_master.board import frame_state
    view = page.ScenarioView(SPEC, SPEC.scenarios / f"{stem}.yaml")
    cursor, board = view.cursor, view.board
    for i in range(cursor.length + 1):
        cursor.step = i
        shown = view.shown()
        state = frame_state(shown)
        if cursor.frame.full:
            assert state is view.session.state
        # the board drawn: its stacks, read back from the hex board widget
        hb = board.hexboard
        from widgets.hexboard import cell_id
        name_of_id = {cell_id(h): name for name, h in board.sm_board.hex_of.items()}
        drawn = {name_of_id[i]: int(v[1]) for i, v in hb.stacks.items() if i in name_of_id}
        obs = GAME.observe(state, None)
        kingdoms = board.kingdoms.value
        assert _cells(kingdoms, "kl-rank") == {c: obs["rank"][c] for c in board.sm_board.colours}, (stem, i)
        assert _cells(kingdoms, "kl-tokens") == obs["tokens_on_board"], (stem, i)
        for colour in board.sm_board.colours:
            assert obs["rank"][colour] == kingdom_rank(state, colour)
        assert sum(n for _c, (_col, n) in state.position.items()) == sum(obs["tokens_on_board"].values())
        if True:
            assert drawn == {c: n for c, (_col, n) in state.position.items()}, (stem, i)
        ranks = {t.split()[0]: int(t.split()[-1]) for _cells_, _s, t in hb.outlines if "Rank" in t}
        for colour, rank in ranks.items():
            assert rank == obs["rank"][colour], (stem, i, colour)
        cash = [int(x) for x in re.findall(r'class="kl-cash">(\d+)', board.players.value)]
        assert cash == [p["cash"] for p in obs["players"]], (stem, i)
        if cursor.frame.full:
            assert obs == GAME.observe(view.session.state, None)


def test_the_story_groups_events_by_turn_with_setup_folded():
    from widgets.coup import SPEC
    table = page.new_table(SPEC, 2, "bluffer", 3)
    rng = random.Random(3)
    for _ in range(6):
        if not table.choices:
            break
        rng.choice(table.choices).click()
    story = table.eventlog.story.value
    assert '<details class="kl-setup">' in story and "<details class=\"kl-setup\" open" not in story
    heads = re.findall(r'<div class="kl-turn-head">([^<]*)</div>', story)
    assert heads and heads[0].startswith("เทิร์นที่ 1 ") and len(heads) == len(set(heads)) >= 2
    numbers = [int(n) for n in re.findall(r'<span class="kl-n">(\d+)\.</span>', story)]
    assert numbers == list(range(1, len(table.session.events) + 1))
    # each line names its first one or two cited clauses by title (the engine's words: SPEC.why_words),
    # their ids in its tooltip only; every clause on demand below
    for ev, line in zip(table.session.events, re.findall(r'<div class="kl-line[^>]*>(.*?)</div>', story)):
        tip = re.findall(r'<span class="kl-why" title="([^"]*)">— ([^<]*)</span>', line)
        said = SPEC.why_words(ev)  # "" for a clause with no title (cover.players): no words at all
        assert tip == ([(", ".join(ev.cites), html.escape(said))] if said else []), (line, ev.cites)
        assert "<code>" not in line and not DOTTED_ID.search(_visible(line)), line
        if len(ev.cites) > 2:
            assert f"+{len(ev.cites) - 2} ข้อ / +{len(ev.cites) - 2} more" in line
    table.eventlog.select.value = len(table.eventlog.select.options) - 1
    last = table.session.events[-1]
    for c in last.cites:
        assert f'data-clause="{c}"' in table.eventlog.detail.value
    assert "white-space: normal" in page.PAGE_CSS or "white-space: normal" in __import__(
        "widgets.eventlog", fromlist=["STORY_CSS"]).STORY_CSS


def test_each_turn_heading_is_the_position_before_the_action():
    from widgets.shadow_master import SPEC
    view = page.watch(SPEC, players=3, seed=2, steps=40, kind="greedy")
    s = view.session
    heads = page.turn_headings(SPEC, s, s.length)
    k = 0
    for i, tr in enumerate(s.transitions):
        before = s.transitions[i - 1].state if i else s.initial
        want = SPEC.turn_of(page.observation(SPEC.game, before, None))
        assert heads[k:k + len(tr.events)] == [want] * len(tr.events)
        k += len(tr.events)


def test_a_bluff_is_marked_from_the_engine_and_matches_my_hand():
    from rules.coup.actions import claimed_character
    from widgets.coup import SPEC
    marked = unmarked = 0
    for seed in range(1, 8):
        table = page.new_table(SPEC, 2, "honest", seed)
        hand = table._obs["players"][0]["hand"]
        for b in table.choices:
            a = b.choice[1]
            claim = claimed_character(table.session.state, a)
            bluff = claim is not None and claim not in hand
            assert ("คุณไม่มีการ์ดใบนี้" in b.description) == bluff, (b.description, hand)
            assert b.description.split(" ⚠ ")[0] == SPEC.label(table.session.state, a)
            marked += bluff
            unmarked += claim is not None and not bluff
        if marked:
            assert "คุณไม่มีการ์ดใบนี้" in table.prompt.value
    assert marked and unmarked


def test_at_the_end_of_a_coup_game_every_hand_is_shown():
    from rules.coup import GAME
    from widgets.coup import SPEC
    for seed in range(1, 30):
        table = page.new_table(SPEC, 2, "random", seed)
        rng = random.Random(seed)
        while table.session.current_player() != TERMINAL:
            if table.choices:
                rng.choice(table.choices).click()
            elif table.finish_button.layout.display == "":
                table.finish_button.click()
            else:
                break
        obs = table._obs
        assert obs["phase"] == "over"
        alive = [p for p in obs["players"] if p["alive"]]
        for p in obs["players"]:
            assert p["hand"] == [GAME.observe(table.session.state, p["seat"])["players"][p["seat"]]["hand"]][0]
        html = table.board.html.value
        assert "kl-revealed" in html
        from rules.coup.actions import card_words
        for p in alive:
            for card in p["hand"]:  # a chip's tooltip names its card in both languages
                assert f'title="{" / ".join(card_words(card))}"' in html
        if any(p["seat"] != 0 for p in alive):
            return  # a bot won: its cards are on screen
    pytest.fail("no game won by a bot in 29 seeds")


def _story_rows(story: str) -> list[str]:
    return re.findall(r'<div class="kl-line[^>]*>(.*?)</div>', story)


def test_a_challenge_line_is_named_challenge_not_the_inquisitor():
    """The seed prints the challenge lines after the Inquisitor's actions with no heading of their
    own, so the clause data keeps that heading path (the text's); the story and the rule panel name
    such a clause by its own title ("การท้าทาย", the text's word), never "นักสืบศาสนา"."""
    from rules.core.rulebook import load_rulebook
    from widgets.coup import SPEC
    from widgets.eventlog import why_html
    from widgets.rulepanel import clause_html
    book = load_rulebook("coup")
    challenge = [c for c in book.clauses if c.id.startswith("challenge.")]
    assert len(challenge) == 8 and "การท้าทาย" in book.clause("challenge.lose_both").text_th  # the text's word
    inquisitor = "นักสืบศาสนา"
    for c in challenge:
        assert c.heading == (inquisitor,), c.id  # where the Thai text puts them: unchanged
        th, en = book.clause_title(c.id)
        assert th == "การท้าทาย" and en == "Challenges", c.id
        why = why_html(book, [c.id])
        assert inquisitor not in why and "การท้าทาย / Challenges" in why, why
        panel = clause_html(c)
        assert "การท้าทาย / Challenges" in panel, panel
    # the Inquisitor's own clauses keep their headings
    assert book.clause_title("inquisitor.exchange")[0] == "1. แลกเปลี่ยน"
    assert book.clause_title("end.last_player") == ("ผู้ชนะ", "The winner")
    # a real game's story: every line citing a challenge clause names challenges, none the Inquisitor
    view = page.scenario_at(SPEC, page.SCENARIOS / "coup" / "1_assassin_challenge_then_contessa_bluff.yaml")
    view.cursor.jump_action(view.session.length)
    rows = _story_rows(view.eventlog.story.value)
    cited = [r for r in rows if 'title="challenge.' in r]
    assert cited, rows
    for r in cited:
        assert "การท้าทาย" in r and inquisitor not in r.split("kl-why", 1)[1], r


def test_a_coup_story_line_names_its_clauses_by_title_never_by_id():
    """A fresh user read "characters.duke_tax 1, Duke (ดยุค) characters.heading 4, ..." on Coup's
    story: clause ids and the rulebook's list numbers.  A line now names its clauses by the
    engine's words (``GAME.cite_name``: the rulebook's title, no list number), the ids in the
    line's tooltip only (and in the clause panel a click opens)."""
    from rules.coup import GAME
    from widgets.coup import SPEC
    view = page.scenario_at(SPEC, page.SCENARIOS / "coup" / "1_assassin_challenge_then_contessa_bluff.yaml")
    view.cursor.jump_action(view.session.length)
    rows = _story_rows(view.eventlog.story.value)
    assert _visible(rows[9]) == ("10. ที่นั่ง 1 อ้างนักฆ่า: ลอบสังหาร ที่นั่ง 2 — นักฆ่า / Assassin · "
                                 "สรุปการกระทำของตัวละคร / Summary of character actions")
    assert 'title="characters.assassin_assassinate, characters.heading"' in rows[9]
    # a clause under a title several share ("การท้าทาย", "กฎละเอียด") is named with its own first words
    assert _visible(rows[11]) == ("12. ที่นั่ง 1 เปิดนักฆ่าให้ทุกคนดู พิสูจน์สำเร็จ — "
                                  "การท้าทาย: ผู้เล่นที่ถูกท้าทายต้องแสดงไพ่ของตัวเองให้… / "
                                  "Challenges: The challenged player must… · "
                                  "กฎละเอียด: ถ้าพิสูจน์สำเร็จ การกระทำจะดำเนินต่อไป / "
                                  "Detailed rules: If the proof succeeds…")
    # how many more clauses decided it, said in words (a bare "+1" gave a fresh user no hint)
    assert _visible(rows[16]).endswith("— นักฆ่า / Assassin · กฎละเอียด: การกระทำการยับยั้งก็สามารถพูดโกหกได้"
                                       " / Detailed rules: A block may also be a lie +1 ข้อ / +1 more")
    for r in rows:
        assert not DOTTED_ID.search(_visible(r)) and not re.search(r"— \d", _visible(r)), r
    assert GAME.cite_name("characters.duke_tax") == ("ดยุค", "Duke")  # the book: "1, Duke (ดยุค)"; Thai first
    assert GAME.cite_name("inquisitor.exchange")[0] == "แลกเปลี่ยน"  # the book: "1. แลกเปลี่ยน"
    # the clause panel a click opens keeps the ids (developer detail)
    assert view.eventlog.click_line(9)
    assert 'data-clause="characters.assassin_assassinate"' in view.eventlog.detail.value


def test_a_coup_knock_out_line_names_the_coup_and_every_coup_title_reads_thai_first():
    """A fresh user read a seat knocked out by a coup as "— การท้าทาย / Challenges" (the engine
    cited challenge.lose_both, a line of the challenge rules) and character titles English first
    ("Assassin (นักฆ่า)"): the out line now cites the coup and intro.winner, and every clause named
    on a Coup story line reads Thai first."""
    from widgets.coup import SPEC
    view = page.scenario_at(SPEC, page.SCENARIOS / "coup" / "11_factions_and_last_player.yaml")
    view.cursor.jump_action(view.session.length)
    rows = _story_rows(view.eventlog.story.value)
    out = [r for r in rows if "ออกจากเกม" in _visible(r)]
    # "รัฐประหาร" heads actions.coup and actions.coup_forced: the coup's own first words follow
    assert len(out) == 1 and _visible(out[0]).endswith(
        "ไม่มีอิทธิพลเหลือ ออกจากเกม — รัฐประหาร: จ่ายโทเค็นเงิน 7 ชิ้นและเลือกผู้เล่น… / "
        "Coup: pay 7 silver tokens and choose…"), out
    assert 'title="actions.coup, intro.winner"' in out[0]
    for stem in ("1_assassin_challenge_then_contessa_bluff", "10_steal_blocked_and_examine"):
        view = page.scenario_at(SPEC, page.SCENARIOS / "coup" / f"{stem}.yaml")
        view.cursor.jump_action(view.session.length)
        for r in _story_rows(view.eventlog.story.value):
            words = _visible(r).split(" — ", 1)[1:]
            assert not words or not words[0][0].isascii(), r  # "นักฆ่า / Assassin", never "Assassin (นักฆ่า)"


@pytest.mark.parametrize("game", ["shadow_master", "valeria", "toy_pig"])
def test_every_games_story_names_clauses_by_title_never_by_id(game):
    """Shadow Master's, Valeria's and Toy Pig's story lines went through the same default as Coup's
    (``<code>clause.id</code>`` and a heading): every game page now gives its labels adapter's
    ``why_words`` (the engine's ``cite_name``), so no line shows a dotted id and each names its
    first clause's title."""
    import importlib
    spec = importlib.import_module(f"widgets.{game}").SPEC
    assert spec.why_words is not None
    view = page.watch(spec, players=2, seed=1, steps=12, kind="random")
    events = view.eventlog._events
    rows = _story_rows(view.eventlog.story.value)
    assert len(rows) == len(events) and any(ev.cites for ev in events)
    for ev, r in zip(events, rows):
        assert not DOTTED_ID.search(_visible(r)) and "<code>" not in r, r
        title = next((t for t in (spec.game.cite_name(c, ev.actor)[0] for c in ev.cites[:2]) if t), "")
        assert title in _visible(r), (r, ev.cites)


def test_every_clause_badge_says_its_status_in_thai_and_english():
    """The status pill of every clause of every rulebook reads ``<Thai> · <English>`` of its status
    (a clause with its own English title had that title in the pill: "ใช้ในเอนจิน · Challenges",
    a fresh user's finding), and the clause's own title stays in its heading path."""
    import re

    from rules.catalog import GAMES
    from rules.core.rulebook import load_rulebook
    from widgets.rulepanel import STATUS_BADGES, clause_html
    titled = 0
    for game in GAMES:
        book = load_rulebook(game)
        for c in book.clauses:
            _colour, th, en = STATUS_BADGES[c.status]
            panel = clause_html(c)
            pill = re.search(r'<span class="kl-badge"[^>]*title="([^"]*)">([^<]*)</span>', panel)
            assert pill and pill.groups() == (en, f"{th} · {en}"), (game, c.id, pill and pill.groups())
            if c.title_en and c.title_en != c.title_th:
                titled += 1
                assert f"{c.title_th} / {c.title_en}" in panel, (game, c.id)
    assert titled >= 11  # the clauses the finding was about (9 in Coup, 2 in Valeria) are among them


@pytest.mark.parametrize("game", ["shadow_master", "new_world", "valeria"])
def test_a_play_click_sends_the_story_pieces_that_changed_only(game, monkeypatch):
    """A move re-sends the turn pieces of the story it changed, not the whole story: over 30 moves
    of a long game (the 80-event window full) the story's HTML sent per click stays under 6 kB
    (the whole story was 30-40 kB), and the story shown is the window's story, piece by piece."""
    import importlib
    import json
    from ipywidgets.widgets import widget as wmod
    from widgets.eventlog import story_html
    spec = importlib.import_module(f"widgets.{game}").SPEC
    table = page.new_table(spec, seed=3)
    rng = random.Random(1)
    for _ in range(20):  # into the game: the log's window is full
        if not table._legal:
            break
        table.choose(table.decision, rng.choice(table._legal))
    sent: list[int] = []
    send = wmod.Widget._send

    def counting(self, msg, buffers=None):
        value = msg.get("state", {}).get("value") if isinstance(msg, dict) else None
        if isinstance(value, str) and 'class="kl-line' in value:
            sent[-1] += len(json.dumps(value, ensure_ascii=False).encode())
        return send(self, msg, buffers)
    monkeypatch.setattr(wmod.Widget, "_send", counting)
    clicks = 0
    while clicks < 30 and table._legal:
        sent.append(0)
        table.choose(table.decision, rng.choice(table._legal))
        clicks += 1
    assert clicks >= 10 and len(table.eventlog._events) >= 60
    assert sum(sent) / len(sent) < 6000, sent
    log = table.eventlog
    s = table.session
    window = page.log_window(spec, s, list(s.events), s.step)
    lines = [(window["first"] + i, ev, None if window["first"] + i < window["setup"] else window["turns"][i])
             for i, ev in enumerate(window["events"])]
    assert log.story.value == story_html(lines, log.viewer, log.seat_label, log.book, log.reveal, log.kind_words, log.why)


@pytest.mark.parametrize("game", ["coup", "shadow_master", "new_world", "valeria"])
def test_hidden_events_are_named_in_the_games_words(game):
    """An event the reader may not see is named by its kind in the engine's words
    (``id_labels["hidden_event"]``), never as the machine kind ("a hidden event (tile_drawn)")."""
    import importlib
    spec = importlib.import_module(f"widgets.{game}").SPEC
    rng = random.Random(2)
    hidden = 0
    for seed in (3, 4):
        table = page.new_table(spec, seed=seed)
        for _ in range(25):
            if not table._legal:
                break
            table.choose(table.decision, rng.choice(table._legal))
        hidden += sum(not ev.visible(0) for ev in table.session.events)
        text = table.eventlog.story.value + " ".join(o[0] for o in table.eventlog.select.options)
        assert "a hidden event (" not in text and "เหตุการณ์ที่ซ่อน" not in text, game
    if game != "valeria":  # Valeria hides nothing from a seat
        assert hidden > 0


def test_the_harness_reports_a_hidden_event_without_words():
    from rules.core.protocol import Event
    from rules.core.testing import hidden_event_problem
    from rules.new_world import GAME
    assert hidden_event_problem(GAME, Event("tile_drawn", 0, {}, (), frozenset({0}))) is None
    assert "hidden_event 'mystery'" in hidden_event_problem(GAME, Event("mystery", 0, {}, (), frozenset({0})))
    assert hidden_event_problem(GAME, Event("mystery", 0, {}, ())) is None  # public: nothing to name


def test_a_click_on_a_story_line_chooses_that_event_as_the_picker_does():
    """A reader clicks a story line expecting the clauses that decided it; only the picker below
    showed them.  Now the line's click (its message ``{"event": "click", "n": <event number>}``, the
    browser's :class:`~widgets.eventlog.StoryClicks`) chooses that event in the picker: the same
    clauses, the same rule panel move.  The line names its event by number (the log's window starts
    past the first events here), never by its place; a stale or junk message chooses nothing."""
    from widgets.eventlog import EventLog
    from widgets.new_world import SPEC
    table = page.new_table(SPEC, seed=3)
    rng = random.Random(1)
    s = table.session
    while not page.log_window(SPEC, s, list(s.events), s.step)["first"] and table._legal:
        table.choose(table.decision, rng.choice(table._legal))  # until the window leaves out the first events
    moved: list[list[str]] = []
    panel = type("Panel", (), {"highlight": lambda self, ids: moved.append(list(ids))})()
    log = EventLog(book=SPEC.book, rule_panel=panel, seat_label=SPEC.seat_label, game=SPEC.game)
    window = page.log_window(SPEC, s, list(s.events), s.step)
    log.set_events(**window, highlight=False)
    first = window["first"]
    assert first > 0 and moved == []
    lines = re.findall(r'<div class="kl-line[^"]*" data-n="(\d+)" data-kind="([^"]*)">', log.story.value)
    assert [int(n) for n, _ in lines] == list(range(first, first + len(log._events)))
    n, kind = next((int(n), k) for n, k in reversed(lines[:-1]) if log._events[int(n) - first].cites)
    event = log._events[n - first]
    log.clicks._handle_custom_msg({"event": "click", "n": n, "kind": kind}, [])
    assert log.select.value == n - first and log.select.options[log.select.index][0].startswith(f"{n + 1}. ")
    assert all(f'data-clause="{c}"' in log.detail.value for c in event.cites)
    assert moved[-1] == list(event.cites)
    clicked = log.detail.value
    log.select.value = 0
    log.select.value = n - first  # the picker's own choice of that event shows the same
    assert log.detail.value == clicked
    # the newest event, chosen quietly by set_events: its click moves the rule panel too
    log.set_events(**page.log_window(SPEC, s, list(s.events), s.step), highlight=False)
    moved.clear()
    last = first + len(log._events) - 1
    log.clicks._handle_custom_msg({"event": "click", "n": last, "kind": log._events[-1].kind}, [])
    assert moved == [list(log._events[-1].cites)]
    shown = log.detail.value
    for junk in ({"event": "click", "n": first - 1, "kind": kind}, {"event": "click", "n": n, "kind": kind + "x"},
                 {"event": "click", "n": str(n)}, {"event": "click", "n": True}, {"event": "seen", "n": n}, "click"):
        log.clicks._handle_custom_msg(junk, [])
        assert log.select.value == len(log._events) - 1 and log.detail.value == shown, junk


def test_a_chosen_story_line_tells_the_browser_to_bring_its_clause_panel_on_screen():
    """On a phone the clause panel of a tapped line could lie below the screen: once a click chose
    its event (the panel's new text sent first), the kernel tells the browser's
    :class:`~widgets.eventlog.StoryClicks` ``{"event": "shown"}``, which scrolls the panel into view
    when it is off screen; a click that chooses nothing tells it nothing."""
    from widgets.eventlog import EventLog
    from widgets.new_world import SPEC
    table = page.new_table(SPEC, seed=3)
    s = table.session
    log = EventLog(book=SPEC.book, seat_label=SPEC.seat_label, game=SPEC.game)
    log.set_events(**page.log_window(SPEC, s, list(s.events), s.step))
    sent: list[tuple[dict, str]] = []
    log.clicks.send = lambda content, buffers=None: sent.append((content, log.detail.value))
    ev = log._events[0]
    log.clicks._handle_custom_msg({"event": "click", "n": 0, "kind": ev.kind}, [])
    assert [m for m, _ in sent] == [{"event": "shown", "n": 0}]
    assert sent[0][1].count("kl-eventlog-line") == 1 and ">1. " in sent[0][1]  # the panel's text went first
    log.clicks._handle_custom_msg({"event": "click", "n": 0, "kind": ev.kind}, [])  # the same line again
    assert len(sent) == 2
    for junk in ({"event": "click", "n": 999, "kind": ev.kind}, {"event": "click", "n": 0, "kind": "x"}, "click"):
        log.clicks._handle_custom_msg(junk, [])
    assert len(sent) == 2


def test_the_chosen_event_is_the_story_line_marked():
    """A story line clicked (or an event picked) is marked in the story: the log's clicks widget
    carries the chosen event's number (the picker's value, kernel-side), which the browser puts on
    that line as ``kl-chosen-line`` (the previous line unmarked); none chosen: -1."""
    from widgets.coup import SPEC
    table = page.new_table(SPEC, 1, "random", 4)
    log = table.eventlog
    last = log._first + len(log._events) - 1
    assert log.clicks.chosen == last  # the newest event, chosen by the redraw
    lines = re.findall(r'<div class="kl-line[^"]*" data-n="(\d+)" data-kind="([^"]*)">', log.story.value)
    n, kind = next((int(n), k) for n, k in lines if int(n) != last)
    log.clicks._handle_custom_msg({"event": "click", "n": n, "kind": kind}, [])
    assert log.clicks.chosen == n == log._first + log.select.value
    log.select.value = 0  # the picker's own choice moves the mark too
    assert log.clicks.chosen == log._first
    log.set_events(log._events, first=log._first, select_last=False)
    assert log.select.value is None and log.clicks.chosen == -1
    assert "kl-chosen-line" in log.clicks._esm and "kl-chosen-line" in eventlog.STORY_CSS


def test_a_hidden_tile_is_called_a_tile_not_a_card():
    """New World hides tiles, not cards: its hidden lines read "ไทล์ปิด / hidden tile" (the engine's
    ``id_labels["hidden_item"]``); a card game keeps "การ์ดปิด / hidden card"."""
    from rules.core.protocol import Event
    from rules.coup import GAME as COUP
    from rules.new_world import GAME as NEW_WORLD
    from widgets.eventlog import event_text, game_kind_words
    ev = Event("tile_drawn", 1, {"tile": 7}, (), frozenset({1}))
    text = event_text(ev, 0, kind_words=game_kind_words(NEW_WORLD))
    assert "จั่วไทล์เข้ามือ: ไทล์ปิด / draws a tile into hand: hidden tile" in text
    assert "การ์ด" not in text and "card" not in text
    hidden = next(k for k in (COUP.id_labels.get("hidden_event") or {}))
    text = event_text(Event(hidden, 1, {}, (), frozenset({1})), 0, kind_words=game_kind_words(COUP))
    assert "การ์ดปิด" in text and "hidden card" in text


def test_the_pickers_label_and_the_more_clauses_count_read_in_thai_and_english():
    """A fresh user at 390 px read "ข้อกติกาของ" over the event picker with no English, and story
    lines ending "+1" / "+8" with no hint of what was counted: the picker reads "ข้อกติกาของ /
    clauses of", and a line citing more clauses than it names says "+N ข้อ / +N more" (the games'
    words, ``why_words``, and the log's own, :func:`~widgets.eventlog.why_html`)."""
    from rules.core.rulebook import load_rulebook
    from widgets.coup import SPEC
    from widgets.eventlog import WHY_SHOWN, why_html
    table = page.new_table(SPEC, 1, "random", 4)
    assert table.eventlog.select.description == "ข้อกติกาของ / clauses of"
    # read whole, not "ข้อกติกาขอ...": the picker's label has no fixed width (EventPicker's module;
    # tests/test_browser_eventlog_pick.py measures it in a page)
    book = load_rulebook("coup")
    ids = [c.id for c in book.clauses][:WHY_SHOWN + 3]
    assert why_html(book, ids).endswith(" +3 ข้อ / +3 more</span>"), why_html(book, ids)
    assert "more" not in why_html(book, ids[:WHY_SHOWN])


@pytest.mark.parametrize("game", ["coup", "shadow_master", "valeria", "new_world", "toy_pig"])
def test_clauses_under_a_shared_heading_are_named_apart_by_their_own_words(game):
    """A title that heads several clauses (Coup's "กฎละเอียด", Shadow Master's phase headings,
    Valeria's "ศาลเจ้าทั้ง 5", New World's "การคิดแต้ม") named each of them alike, so a story line
    citing one said only its section: the engine's ``cite_name`` follows such a title with the
    clause's own first words, short and cut between phrases (Thai has no space between words).
    Two clauses read alike only when their texts are alike (Shadow Master has two headings
    "Combo การ์ด")."""
    from collections import Counter

    from rules.catalog import engine
    from rules.core.rulebook import load_rulebook
    book, eng = load_rulebook(game), engine(game)
    heads = Counter(book.clause_title(c.id)[0] for c in book.clauses)
    shared = [c for c in book.clauses if heads[book.clause_title(c.id)[0]] > 1 and book.clause_title(c.id)[0]]
    assert len(shared) > 2
    said: dict[str, set] = {}
    for c in shared:
        said.setdefault(eng.cite_name(c.id, None)[0], set()).add(" ".join(c.text_th.split()))
    assert all(len(t) == 1 for t in said.values()), {k: v for k, v in said.items() if len(v) > 1}
    from rules.core.rulebook import HEADWORDS, text_width
    for c in shared:
        th, en = eng.cite_name(c.id, None)
        title, title_en = eng.cite_title(c.id, None)
        if th == title:  # a heading's own clause: its text is the title
            continue
        words = th[len(title) + 2:]
        # the English the same way, by the clause's gloss (a clause with no gloss: its English title)
        assert th.startswith(title + ": ") and (en == title_en or en.startswith(title_en + ": ")), (c.id, th, en)
        assert text_width(words.rstrip("…")) <= HEADWORDS + HEADWORDS // 3, (c.id, words)
        assert words.rstrip("…") in " ".join(c.text_th.split()), (c.id, words)


def test_first_words_cut_thai_between_phrases():
    """Thai runs its words together and spaces its phrases: a cut start ends at a space or a comma,
    never between a letter and its vowel or tone mark, and says "…"."""
    from rules.core.rulebook import first_words
    assert first_words("การกระทำการยับยั้งไม่จำเป็นต้องทำ แม้ว่าจะมีตัวละครนั้นอยู่ และยังมีต่อไปอีก") == \
        "การกระทำการยับยั้งไม่จำเป็นต้องทำ…"
    assert first_words("สั้น ๆ") == "สั้น ๆ"
    long_run = "ก่" * 60  # no gap at all: cut at the limit, the tone mark kept with its letter
    assert first_words(long_run) == "ก่" * 30 + "…"

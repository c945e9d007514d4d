"""Seats on screen are named one way: the engine's ``seat_words`` (``GameBase.seat_words``).

A fresh user found seats numbered two ways: the analyzer's "what would the bots do here?" header
said "seat 0" over rows saying "ที่นั่ง 1", Shadow Master's labels read "ผู้เล่น 1 (ที่นั่ง 0)", the
play intros said "คุณคือที่นั่ง 0" over boards reading "ผู้เล่น 1" and "คุณคือผู้เล่น 1 / You are seat 1"
(one word in Thai, another in English).  Now every view asks the engine: readers see seats from 1,
one word a language (``ผู้เล่น N / player N``; Coup's texts say ``ที่นั่ง N / seat N``), while ids
(``data-seat``, saves, links) stay 0-based.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import ipywidgets as w
import pytest

from rules.catalog import engine
from widgets import page
from widgets.rulepanel import RulePanel

GAMES = ("coup", "new_world", "shadow_master", "toy_pig", "valeria")
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SEAT = re.compile(r"(ที่นั่ง|ผู้เล่น|[Ss]eat|[Pp]layer)\s*(\d+)(?![\d,.]| ?คน| ?players)")
"""A seat named with a number (``ผู้เล่น 3 คน`` / ``3 players`` count the players: no seat)."""


def spec_of(game: str):
    return __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC


def visible_text(widget) -> str:
    """What a reader can read in ``widget``'s tree: HTML (tags, styles and escapes gone), button and
    dropdown words; the rulebook's own text (a rule panel, a cited clause) is the book's, not a view's."""
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        if isinstance(x, RulePanel):
            continue
        if isinstance(x, w.HTML):  # a cited clause's text (the event log's detail) is the book's too
            out.append(x.value.split('<div class="kl-rules">')[0])
        if isinstance(x, (w.Button, w.Dropdown, w.ToggleButtons)):
            out.append(str(x.description))
            out += [str(o[0] if isinstance(o, tuple) else o) for o in getattr(x, "options", ())]
        stack.extend(getattr(x, "children", ()))
    import html
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", " ".join(out), flags=re.S)
    return html.unescape(text)


def assert_seats_named_by_the_engine(game: str, text: str, players: int) -> None:
    """Every seat named in ``text`` is named as ``seat_words`` names it: counted from 1 (no
    "ที่นั่ง 0", "seat 0", "(ที่นั่ง 0)"), with the engine's own Thai and English words only."""
    words = [engine(game).seat_words(i) for i in range(players)]
    th_word, en_word = words[0][0].rsplit(" ", 1)[0], words[0][1].rsplit(" ", 1)[0]
    for m in SEAT.finditer(text):
        where = text[max(0, m.start() - 60):m.end() + 40]
        assert m.group(1) in (th_word, en_word, en_word.capitalize()), (game, m.group(0), where)
        assert 1 <= int(m.group(2)) <= players, (game, m.group(0), where)
    assert not re.search(r"\((ที่นั่ง|seat) \d+\)", text), game


PAIRS = {"ผู้เล่น": "player", "ที่นั่ง": "seat"}
"""A seat's Thai word and the English word that translates it."""


@pytest.mark.parametrize("game", GAMES)
def test_seat_words_count_from_1_with_one_word_a_language(game):
    """``seat_words`` said "ผู้เล่น 1 / seat 1" (New World's "คุณคือผู้เล่น 1 / You are seat 1"): the
    English word now translates the Thai one, and the words are the game's event texts' own."""
    g = engine(game)
    for i in range(g.max_players):
        th, en = g.seat_words(i)
        word = th.rsplit(" ", 1)[0]
        assert (th, en) == (f"{word} {i + 1}", f"{PAIRS[word]} {i + 1}"), (game, th, en)


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_on_a_play_page_is_the_engines_seat_words(game):
    """A 3-seat game seen from seat 0, some random clicks: the board, the headings, the buttons and
    the story name each seat as ``seat_words(i)`` and never from 0."""
    spec = spec_of(game)
    g = engine(game)
    for i in range(3):
        assert spec.seat_label(i) == g.seat_words(i)[0]  # the page's label is the engine's word
    table = page.new_table(spec, 2, None, 5)
    rng = random.Random(5)
    for _ in range(25):
        text = visible_text(table)
        assert_seats_named_by_the_engine(game, text, 3)
        buttons = [b for b in table.choices if b.kind == "button"]
        if not buttons:
            break
        rng.choice(buttons).click()
    text = visible_text(table)
    for i in range(3):  # each seat is on the board by its words
        assert g.seat_words(i)[0] in text, (game, i)


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_here_heading_names_the_deciding_seat_by_its_words(game):
    """The game page's "what would the bots do here?" heading and the analyzer's position table
    said "seat 0" over rows naming "ที่นั่ง 1": both say ``seat_words`` now."""
    from rules.analysis.position import ActionScores
    from widgets.analysis_charts import position_html
    from widgets.bots_here import BotsHere, Spot
    spec = spec_of(game)
    th, en = engine(game).seat_words(1)
    bh = BotsHere(spec, lambda: None)
    head = bh._head_html(Spot(None, 1, (), ("ตาของคุณ", "your decision")), spec.analysis[0], 10, running=False)
    table = ActionScores([], {"game": game, "seat": 1, "rollouts": 10})
    for html_text in (head, position_html(table)):
        text = re.sub(r"<[^>]+>", " ", html_text)
        assert th in text and en in text, (game, text)
        assert_seats_named_by_the_engine(game, text, 2)
    bh.close()


@pytest.mark.parametrize("game", ["coup", "new_world", "shadow_master", "valeria"])
def test_the_play_intro_names_the_reader_by_the_engines_seat_words(game):
    """The play section's intro said "คุณคือที่นั่ง 0" (Valeria), "ผู้เล่น 1 (ที่นั่ง 0)" (Shadow Master),
    "You are seat 1" under "คุณคือผู้เล่น 1" (New World): it says the reader's seat 0 as the boards do."""
    th, en = engine(game).seat_words(0)
    nb = json.loads((NOTEBOOKS / f"{game}.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert f"คุณคือ{th} " in text and f"You are {en} " in text.replace("You are " + en + ":", "You are " + en + " ")
    intro = [line for line in text.splitlines() if "คุณคือ" in line or "You are" in line]
    assert intro and all(not re.search(r"(ที่นั่ง|seat) 0\b|\((ที่นั่ง|seat) \d", line) for line in intro), intro


def test_valeria_first_player_event_is_spaced():
    """Valeria's setup said "สุ่มได้ผู้เล่น 2เริ่มก่อน": the seat's words stand apart."""
    g = engine("valeria")
    s = g.new_game(g.default_config(3), 4)
    first = [e for e in g.setup_events(s) if e.kind == "first_player"]
    assert first and f" {g.seat_words(s.first)[0]} " in first[0].text_th, first[0].text_th


def test_a_chart_without_a_game_counts_seats_from_1():
    """A chart's seat tick with no game's words said "ที่นั่ง 0<br>seat 0": the engines' default words."""
    from rules.core.base import GameBase
    from widgets.analysis_charts import seat_tick
    assert seat_tick(0) == "{} /<br>{}".format(*GameBase().seat_words(0)) == "ผู้เล่น 1 /<br>player 1"

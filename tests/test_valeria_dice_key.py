"""Valeria's dice colours are named on the page (a fresh user's trial 4, screenshots
valeria_play_end_1280.png, val_finished_1280.png): the shrine dice and the bag were coloured squares
with numbers, the troop only a hover tooltip, so on a phone "หยิบเต๋า ก็อบลิน 4 / take goblin 4" matched
no die.  A visible key under the shrines and the bag gives each colour's troop, Thai and English."""
from __future__ import annotations

import re

from rules.valeria import GAME
from rules.valeria.config import TROOPS
from rules.valeria.names import troop_name
from widgets.valeria.board import COLOURS, die_chip, table_html


def _visible(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def test_the_dice_colours_have_a_visible_key_in_the_engines_words():
    s = GAME.new_game(GAME.default_config(2), 1)
    markup = table_html(s, GAME.observe(s, 0), lambda seat: f"ผู้เล่น {seat + 1}")
    bag = markup.index("count per colour")
    key = markup.index("kl-val-dice-key")
    assert bag < key < bag + 400  # right under the bag
    block = markup[key:markup.index("</div>", key)]
    text = _visible(block)
    for t in TROOPS:
        th, en = troop_name(t)
        # the colour die_chip paints, then the names as text (not a tooltip)
        assert f"background:{COLOURS[t]}" in die_chip(f"{t}3")
        assert re.search(rf"background:{re.escape(COLOURS[t])}'>&nbsp;</span>{re.escape(th)} <span class='kl-muted'>/ {en}",
                         block), t
        assert f"{th} / {en}" in text

"""The dashboard home's pieces: the four games with their rulebooks and notebook links.

Each game gets a card: its Thai and English title, a link to its own notebook
(``notebooks/<game>.ipynb``) or a plain "not yet available" note, and its rulebook browsable
section by section (:class:`~widgets.rulepanel.RulePanel`).  A missing or malformed rulebook
shows its Thai + English error in the card; the other games are unaffected.
"""
from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from rules import GAMES
from rules.core.rulebook import RULEBOOKS, load_rulebook

from .mobile import MOBILE_CSS
from .errors import THAI_FONT, error_html, message_html
from .rulepanel import RulePanel

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def notebook_link_html(game: str, notebooks: Path = NOTEBOOKS) -> str:
    """A link to ``<game>.ipynb`` (relative, so it works under Voila and JupyterLab), or a
    plain note that the game's notebook does not exist yet."""
    name = f"{game}.ipynb"
    if (notebooks / name).exists():
        return (f'<a class="kl-nblink" href="{html.escape(name)}" style="font-family:{THAI_FONT}">'
                f'เปิดสมุดของเกมนี้ / open this game\'s notebook ({html.escape(name)}) →</a>')
    return message_html("ยังไม่มีสมุดของเกมนี้", f"not yet available ({name})", tone="missing")


def game_card(game: str, notebooks: Path = NOTEBOOKS) -> w.VBox:
    """One game's card: titles, notebook link and rulebook browser (or its error)."""
    info = GAMES[game]
    title = (f'<h3 style="font-family:{THAI_FONT};margin:4px 0">{html.escape(info.title_th)}'
             f' <span style="color:#666;font-weight:normal">/ {html.escape(info.title_en)}</span></h3>')
    parts: list[w.Widget] = [w.HTML(title), w.HTML(notebook_link_html(game, notebooks))]
    if not (RULEBOOKS / f"{game}.yaml").exists():
        parts.append(w.HTML(message_html("ยังไม่มีคู่มือกติกาแบบแบ่งข้อของเกมนี้",
                                         f"rulebook clauses not yet available ({game}.yaml)",
                                         tone="missing")))
    else:
        try:
            book = load_rulebook(game)
            n = len(book.clauses)
            parts.append(w.HTML(message_html(
                f"คู่มือ {n} ข้อ เลือกหมวดเพื่ออ่าน", f"{n} clauses; choose a section to read")))
            parts.append(RulePanel(book))
        except Exception as exc:  # noqa: BLE001 - a bad file must not break the other games
            parts.append(w.HTML(error_html(exc)))
    return w.VBox(parts)


TABS_CSS = f"""<style>
.kl-games .lm-TabBar-tab {{ flex: 0 0 auto !important; max-width: none !important;
  font-family: {THAI_FONT}; font-size: 14px; }}
</style>"""


def games_tabs(notebooks: Path = NOTEBOOKS) -> w.VBox:
    """A tab per game (catalogue order), each holding its :func:`game_card`.

    Returns a VBox of a style element and the ``Tab`` (``.children[1]``).
    """
    ids = list(GAMES)
    tab = w.Tab(children=[game_card(g, notebooks) for g in ids])
    tab.add_class("kl-games")
    for i, g in enumerate(ids):
        info = GAMES[g]
        tab.set_title(i, info.title_th if info.title_th == info.title_en
                      else f"{info.title_th} / {info.title_en}")
    return w.VBox([w.HTML(TABS_CSS + MOBILE_CSS), tab])

"""The dashboard home's pieces: the four games with their rulebooks and notebook links, and the
analyzer's link with a line of what it is for (:func:`analyzer_link_html`).

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
                f'เปิดหน้าเกมนี้: อ่านกติกา ดูตัวอย่างทีละขั้น และเล่นกับบอท / open this game\'s page: '
                f'read the rules, step through examples, play the bots →</a>')
    return message_html("ยังไม่มีหน้าของเกมนี้", f"not yet available ({name})", tone="missing")


def games_links_html(notebooks: Path = NOTEBOOKS) -> str:
    """The four games' pages as one row of links, always in sight above the tabs (a game's page was
    reached only through a link inside its tab): each its Thai and English title; a game without
    a page is listed without a link."""
    items = []
    for game, info in GAMES.items():
        title = info.title
        name = f"{game}.ipynb"
        if (notebooks / name).exists():
            items.append(f'<a class="kl-gamelink" href="{html.escape(name)}" style="display:inline-block;'
                         f'margin:2px 10px 2px 0;padding:4px 10px;border:1px solid #2a6f97;border-radius:6px;'
                         f'color:#0d47a1;text-decoration:none;font-weight:bold">{html.escape(title)} →</a>')
        else:
            items.append(f'<span class="kl-muted" style="display:inline-block;margin:2px 10px 2px 0">'
                         f'{html.escape(title)} (ยังไม่มี / not yet)</span>')
    return (f'<div class="kl-gamelinks" style="font-family:{THAI_FONT};margin:6px 0;line-height:1.6">'
            f'<div>หน้าของแต่ละเกม / each game\'s page:</div>{"".join(items)}</div>')


ANALYZER_TH = ("ตัววิเคราะห์: ให้บอทเล่นกันหลายร้อยเกม แล้วดูอัตราชนะของแต่ละที่นั่งพร้อมช่วงความเชื่อมั่น "
               "ความยาวเกม การเทียบการอ่านกติกาแต่ละแบบ และถามว่าบอทจะทำอะไรในตาหนึ่ง")
ANALYZER_EN = ("The analyzer: let bots play hundreds of games, then read each seat's win rate with its interval, "
               "game lengths, rule readings compared, and what the bots would do at a given turn.")


def analyzer_link_html(notebooks: Path = NOTEBOOKS) -> str:
    """What the analyzer (``analyzer.ipynb``) is for, in Thai and English, and a link to it
    (relative, like :func:`notebook_link_html`); a plain note when the notebook is missing."""
    name = "analyzer.ipynb"
    if not (notebooks / name).exists():
        return message_html("ยังไม่มีหน้าตัววิเคราะห์", f"not yet available ({name})", tone="missing")
    return (f'<div class="kl-analyzer-card" style="font-family:{THAI_FONT};margin:6px 0;line-height:1.5;'
            f'border-left:4px solid #2a6f97;background:#f3f8fc;padding:6px 10px">'
            f'<div>{html.escape(ANALYZER_TH)}</div>'
            f'<div style="color:#555"><i>{html.escape(ANALYZER_EN)}</i></div>'
            f'<a class="kl-nblink kl-analyzer-link" href="{name}" style="color:#0d47a1;font-weight:bold">'
            f'เปิดตัววิเคราะห์ / open the analyzer →</a></div>')


def first_section(book) -> int:
    """The section a rulebook opens on: the first holding a rule the engine applies (status
    ``implemented``), else the first with any clause that is not ``not_applicable``: a reader's
    first sight is a rule, not a title or flavour text alone."""
    sections = book.sections()
    for wanted in (lambda c: c.status == "implemented", lambda c: c.status != "not_applicable"):
        for i, (_heading, clauses) in enumerate(sections):
            if any(wanted(c) for c in clauses):
                return i
    return 0


def game_card(game: str, notebooks: Path = NOTEBOOKS) -> w.VBox:
    """One game's card: titles, notebook link and rulebook browser (or its error)."""
    info = GAMES[game]
    # a title the same in Thai and English is said once (GameInfo.title): "Shadow Master / Shadow Master" read twice
    en = (f' <span style="color:#666;font-weight:normal">/ {html.escape(info.title_en)}</span>'
          if info.title_en != info.title_th else "")
    title = f'<h3 style="font-family:{THAI_FONT};margin:4px 0">{html.escape(info.title_th)}{en}</h3>'
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
            parts.append(RulePanel(book, section=first_section(book)))
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
        tab.set_title(i, info.title)
    return w.VBox([w.HTML(TABS_CSS + MOBILE_CSS), tab])

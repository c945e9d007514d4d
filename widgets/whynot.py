""""Why can't I do this?": the fold under the play table's choices.

At the reader's decision the engine's ``unavailable(state, seat)`` (:meth:`rules.core.base.GameBase.
unavailable`) gives one representative action of each kind the rulebook offers there that is not
legal now, with its refusal (``explain_illegal``: clause, Thai, English).  This view only shows
them: each action by the game's own label (``describe``), the refusal's words, and the refusing
clause by the engine's title (``cite_name``); a click on the title opens the clause's Thai text.
The dotted clause id is in the title's tooltip only.  No rule is decided here.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Mapping

WHYNOT_CSS = """<style>
.kl-whynot { margin: 4px 0; max-width: 100%; overflow-wrap: anywhere; font-size: 0.92em; }
.kl-whynot > summary { cursor: pointer; color: #1a4f8b; padding: 4px 0; }
.kl-whynot ul { margin: 2px 0 4px; padding-left: 1.2em; }
.kl-whynot li { margin: 3px 0; }
.kl-whynot .kl-whynot-rule > summary { cursor: pointer; color: #1a4f8b; display: inline;
  text-decoration: underline dotted; }
.kl-whynot .kl-whynot-text { white-space: pre-wrap; margin: 2px 0 4px; padding: 4px 6px;
  background: #f6f8fa; border-left: 3px solid #c5d3e3; }
</style>"""
"""The fold's look (wraps at any width: no sideways scroll at 390 px)."""

SUMMARY = ("ทำไมทำบางอย่างไม่ได้?", "why can't I do something?")


def _pair(th: str, en: str) -> str:
    e = html.escape
    return e(th) + (f" <span class='kl-muted'>/ {e(en)}</span>" if en and en != th else "")


def whynot_html(game: Any, state: Any, seat: int | None, describe: Callable[[Any, Mapping], tuple[str, str]],
                book: Any = None) -> str:
    """The fold's HTML for ``seat``'s decision in ``state`` (``""`` when the game's
    ``unavailable`` lists nothing, or the game has none).  ``describe``: the game's labels
    (``(th, en)`` of an action); ``book``: the rulebook the clause texts come from (optional)."""
    hook = getattr(game, "unavailable", None)
    if hook is None or seat is None:
        return ""
    # actions refused for the same reason share one row (at 10+ coins in Coup every kind but a coup
    # has the same refusal: one reason under their names, not ten copies of it)
    groups: dict[tuple, list[tuple[str, str]]] = {}
    for action, refusal in hook(state, seat):
        key = (refusal.clause, refusal.message_th, refusal.message_en)
        groups.setdefault(key, []).append(describe(state, action))
    rows = []
    for (cid, why_th, why_en), names in groups.items():
        th = " · ".join(n[0] for n in names)
        en = " · ".join(n[1] for n in names if n[1])
        title_th, title_en = game.cite_name(cid, seat) if hasattr(game, "cite_name") else ("", "")
        text = gloss = ""
        if book is not None:
            try:
                text, gloss = book.clause(cid).text_th.strip(), book.clause(cid).gloss_en.strip()
            except KeyError:
                text = ""
        if text == title_th:  # a heading clause: its text is its title, nothing more to open
            text = ""
        rule = ""
        if title_th or text:
            head = f"ข้อกติกา / rule: {_pair(title_th, title_en)}" if title_th else "ข้อกติกา / the rule"
            if text:
                rule = (f"<details class='kl-whynot-rule'><summary title='{html.escape(cid)}'>{head}</summary>"
                        f"<div class='kl-whynot-text' lang='th'>{html.escape(text)}</div>"
                        # the book's English of it under the Thai, as a clause card has (a reader without
                        # Thai opened the rule and found Thai only: a fresh user's trial)
                        + (f"<div class='kl-whynot-text kl-muted' lang='en'>{html.escape(gloss)}</div>" if gloss else "")
                        + "</details>")
            else:
                rule = f"<div class='kl-whynot-rule' title='{html.escape(cid)}'>{head}</div>"
        rows.append(f"<li><b>{_pair(th, en)}</b><div>{_pair(why_th, why_en)}</div>"
                    f"{rule}</li>")
    if not rows:
        return ""
    return (f"<details class='kl-whynot'><summary>{_pair(*SUMMARY)}</summary><ul>{''.join(rows)}</ul></details>")

"""What a reader sees of a page's widgets, in process, and the internal ids that must not be in it.

:func:`screen_text` walks a widget tree (lazy parts built, as scrolling does) and gathers every text
a widget shows: its HTML's visible words and tooltips (``title``), a button's or a label's
description, a dropdown's option labels.  :func:`offending` finds in it what a fresh reader found on
the dashboard: a scenario id (``s03``), a config ``key=value``, a Python list or dict, a card or map
id (``plan45``, ``map3a``), a register reading named by its ids (``who_blocks = anyone ·``)."""
from __future__ import annotations

import html
import re

import ipywidgets as w

from widgets.lazy import build_all

OFFENDING = {
    "scenario id": r"\bs\d\d\b",
    "config key=value": r"\b[a-z]+_[a-z_]+=[a-z_0-9]+\b",
    "Python list": r"\[\s*(?:\d+|'[^']*')(?:\s*,\s*(?:\d+|'[^']*'))*\s*\]",
    "Python dict": r"\{'[a-z_]+':",
    "plan id": r"\bplan\d+\b",
    "map id": r"\bmap\d+[a-z]?\b",
    "card id": r"\b(?:award|instant|ongoing|endgame)\d+\b",
    "register ids": r"\b[a-z]+_[a-z_]+ = [a-z_]+ ·",
}
"""Name -> pattern of an internal id or a Python value in the text a reader sees."""

_SKIP = {"layout", "style", "children", "tabbable", "continuous_update", "value_type"}


def _visible(text: str) -> str:
    """The words an HTML string shows: its text without style/script, and its tooltips."""
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    tips = re.findall(r"""\btitle=(?:'([^']*)'|"([^"]*)")""", text)
    words = re.sub(r"<[^>]+>", " ", text)
    return html.unescape(" ".join([words, *(a or b for a, b in tips)]))


def screen_text(root: w.Widget) -> str:
    """Every text the widgets under ``root`` show (lazy parts built first), one line per text."""
    build_all(root)
    out, todo, seen = [], [root], set()
    while todo:
        node = todo.pop()
        if id(node) in seen or not isinstance(node, w.Widget):
            continue
        seen.add(id(node))
        for key in node.keys:
            if key in _SKIP or (key.startswith("_") and key != "_options_labels"):
                continue
            stack = [getattr(node, key, None)]
            while stack:
                x = stack.pop()
                if isinstance(x, str):
                    out.append(_visible(x))
                elif isinstance(x, (list, tuple)):
                    stack.extend(x)
                elif isinstance(x, dict):
                    stack.extend(x.values())
                elif isinstance(x, w.Widget):
                    todo.append(x)
        todo.extend(getattr(node, "children", ()) or ())
    return "\n".join(out)


def offending(text: str) -> list[tuple[str, str]]:
    """``(what, the words around it)`` of each internal id or Python value in ``text``."""
    found = []
    for what, pattern in OFFENDING.items():
        for m in re.finditer(pattern, text):
            found.append((what, text[max(0, m.start() - 50):m.end() + 20].replace("\n", " ")))
    return found

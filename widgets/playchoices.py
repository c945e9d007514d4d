"""A play table's choices drawn as ONE kernel-drawn picture (:class:`~widgets.choiceboard.ChoiceBoard`)
instead of an ipywidgets button, dropdown and line per choice built anew at every decision.

Why: a move used to open 7-9 widgets (buttons, a dropdown, its "do" button, its row and its chosen
line) and close as many; each is a model the browser builds, lays out and later tears down while
the reader waits for the board (a New World move was ~35 messages, the buttons most of them).  Now
a decision is one message (its HTML), a board click's choice one small one (:attr:`ChoiceBoard.picks`
or :attr:`ChoiceBoard.marked`), and "the bots are moving" one (:attr:`ChoiceBoard.frozen`).

Safe clicks stay: every click carries the decision of the picture it was made on (a double, late or
stale click is refused by :meth:`widgets.page.PlayTable.choose`), and "do" carries the entry its
select showed.  :class:`ShownChoice` is what the kernel drew, for tests and scripted demos: its
``click()`` goes the way a browser's click goes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from .errors import e

MAX_BUTTONS = 6
"""More choices of one kind than this are a select and a "do" button."""
DO_WORDS = "ทำ / do"
PICK_WORDS = "เลือกตัวเลือก แล้วกด “ทำ” / choose, then press “do”"
PICKED_PREFIX = "เลือกอยู่ / chosen: "
"""Before the whole label of a select's entry, on the line under its row (a select cuts a long one:
on a phone, and at 1280 px in New World's 410 px column)."""


@dataclass
class ShownChoice:
    """One choice the kernel drew for ``decision`` on ``board`` (a ChoiceBoard): a ``button``
    (``action``) or a ``pick`` (a select of ``acts`` labelled ``options`` and its "do" button).

    ``click()`` clicks it as the reader would (a pick: "do" with the entry its select shows);
    ``value`` (a pick) is that entry, set as the reader sets the select; ``disabled``: drawn and
    frozen (the bots are moving); ``marked``: outlined as the board click's choice."""

    board: Any
    key: str
    decision: int
    description: str
    action: dict | None = None
    acts: list[dict] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    style: str = ""
    bluff: bool = False
    _index: int = 0

    @property
    def kind(self) -> str:
        return "pick" if self.acts else "button"

    @property
    def choice(self) -> tuple[int, dict | None]:
        """``(decision, action)`` of a button (as the ipywidgets buttons carried it)."""
        return self.decision, self.action

    def _current(self) -> bool:
        return getattr(self.board, "current", None) == self.decision

    @property
    def disabled(self) -> bool:
        return self._current() and bool(self.board.frozen)

    @property
    def marked(self) -> bool:
        return self._current() and self.board.marked == self.key

    @property
    def value(self) -> int:
        if self._current():
            return int(self.board.picks.get(self.key, 0))
        return self._index

    @value.setter
    def value(self, index: int) -> None:
        self._index = index
        self.board.pick(self.key, index, self.decision)

    def click(self) -> None:
        if self.acts:
            self.board.click("do:" + self.key, self.decision, index=self.value)
        else:
            self.board.click(self.key, self.decision)


def choices_html(shown: list[ShownChoice]) -> str:
    """The picture of ``shown``: buttons in a wrapping row, each select with its "do" button in a
    row of its own and its chosen entry's whole label under it."""
    parts, row = [], []

    def flush():
        if row:
            parts.append(f"<div class='kl-choice-row'>{''.join(row)}</div>")
            row.clear()

    for c in shown:
        cls = " ".join(x for x in (f"kl-{c.style}" if c.style else "", "kl-bluff" if c.bluff else "") if x)
        if not c.acts:
            row.append(f"<button type='button' data-choice='{e(c.key)}' class='{cls}' title='{e(c.description)}'>"
                       f"{e(c.description)}</button>")
            continue
        flush()
        options = "".join(f"<option value='{i}'>{e(text)}</option>" for i, text in enumerate(c.options))
        parts.append(f"<div class='kl-pick-row'><select data-pick='{e(c.key)}' aria-label='{e(PICK_WORDS)}'>"
                     f"{options}</select><button type='button' data-choice='do:{e(c.key)}' data-with='{e(c.key)}' "
                     f"class='{cls}'>{e(DO_WORDS)}</button></div>"
                     f"<div class='kl-muted kl-picked' data-picked='{e(c.key)}' data-prefix='{e(PICKED_PREFIX)}'>"
                     f"{e(PICKED_PREFIX + c.options[0])}</div>")
    flush()
    return "".join(parts)


@dataclass
class ShownTool:
    """A tool button ("undo my move", "let the bots finish") the kernel drew for ``decision`` on
    the tools' board: ``click()`` as the reader's click; ``disabled`` and ``layout.display`` (``""``
    shown, ``"none"`` hidden) as an ipywidgets button's."""

    board: Any
    key: str
    decision: int
    description: str
    off: bool = False
    hidden: bool = False

    @property
    def disabled(self) -> bool:
        return self.off or (getattr(self.board, "current", None) == self.decision and bool(self.board.frozen))

    @property
    def layout(self) -> SimpleNamespace:
        return SimpleNamespace(display="none" if self.hidden else "")

    def click(self) -> None:
        if not self.off:  # a disabled button sends nothing
            self.board.click(self.key, self.decision)


def tools_html(tools: list[ShownTool], icons: dict[str, str]) -> str:
    """The tool buttons of ``tools`` (hidden ones left out, disabled ones drawn disabled)."""
    return "".join(
        f"<button type='button' data-choice='{e(t.key)}'{' disabled' if t.off else ''}>"
        f"{e(icons.get(t.key, ''))} {e(t.description)}</button>" for t in tools if not t.hidden)

"""The default labels adapter: the one place between a game's engine and the shared page's words.

:class:`EngineLabels` answers every question the page asks of a game's labels (``describe``,
``seat_label``, ``seat_to_act``, ``seat_out``, ``decision_words``) from the engine alone: an action's
words are the engine's ``describe_action``, whose decision it is the engine's ``current_player``, what
is being decided the engine's words of the observation's phase (``id_labels["phase"]``).  A game's
``widgets/<game>/labels.py`` makes one (``LABELS = EngineLabels(GAME)``, or a subclass that overrides
only what differs: a seat's name, who is out, a turn heading) and hands it to its ``GameSpec`` with
``**LABELS.spec_fields()``.  It decides no rule.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from rules.core.protocol import BadInput, id_label


def more_words(n: int) -> str:
    """What a story line says after the clauses it names when ``n`` more decided the event:
    ``" +8 ข้อ / +8 more"`` (``""`` for ``n <= 0``).  A bare ``+8`` gave the reader no hint."""
    return f" +{n} ข้อ / +{n} more" if n > 0 else ""


def seat_html(thai: str, english: str) -> str:
    """A seat in a board's table: the page's (Thai) name, then the engine's English one after a
    slash, kept on one line (``ผู้เล่น 1 <span>/ player 1</span>``); both are escaped here."""
    from html import escape
    return f"{escape(thai)} <span style='color:#666;white-space:nowrap'>/ {escape(english)}</span>"


def title_in_play(game: Any, config: Any) -> tuple[str, str]:
    """``(th, en)`` naming ``game`` as ``config`` plays it: the engine's ``title_in_play``
    (``("เกมโค่นอำนาจ", "Coup + Inquisitor")`` with the Reformation off), the catalogue's titles for an
    engine without one.  The product title (``"Coup (Inquisitor + Reformation)"``) names expansions
    a table may not have on: a line saying what a table, a saved game or a run is of asks this.
    A config the engine refuses (the analyzer's seats box out of range, said under its controls)
    plays nothing: the catalogue's titles then."""
    if hasattr(game, "title_in_play"):
        try:
            return game.title_in_play(config)
        except BadInput:
            pass
    return game.title_th, game.title_en


def table_words(game: Any, config: Any) -> tuple[str, str]:
    """``(th, en)``: what a play table is of, the game as its config plays it and its seats:
    ``("เกมโค่นอำนาจ 4 ที่นั่ง", "Coup + Inquisitor, 4 seats")`` (:func:`title_in_play`)."""
    th, en = title_in_play(game, config)
    n = game.make_config(config).players
    return f"{th} {n} ที่นั่ง", f"{en}, {n} seats"


OPTIONAL = ("turn_of", "decision_words", "bluff", "why_words")
"""Optional :class:`~widgets.page.GameSpec` hooks an adapter may define (:meth:`EngineLabels.spec_fields`)."""


class EngineLabels:
    """The labels of ``game`` (a :class:`rules.core.protocol.Game`), asked of the engine.

    Override in a subclass only what the game words differently (``decision_words(obs)`` too, e.g.
    an owed decision before the phase); define ``turn_of(obs)`` or ``bluff(state, action)`` to give
    the page those hooks too.
    """

    def __init__(self, game: Any):
        self.game = game

    def seat_label(self, seat: int) -> str:
        """How the views name a seat in Thai: the engine's ``seat_words`` (``"ผู้เล่น 1"`` for seat
        id 0; Coup's ``"ที่นั่ง 1"``).  No view formats a seat's name of its own."""
        return self.game.seat_words(seat)[0]

    def seat_words(self, seat: int) -> tuple[str, str]:
        """``(th, en)`` naming ``seat``: the engine's ``seat_words`` (``("ผู้เล่น 1", "player 1")``)."""
        return self.game.seat_words(seat)

    def seat_html(self, seat: int) -> str:
        """``seat`` in a board's table: Thai, then English after a slash (:func:`seat_html`)."""
        return seat_html(*self.game.seat_words(seat))

    def describe(self, state: Any, action: Mapping) -> tuple[str, str]:
        """``(th, en)`` of a legal action or chance outcome in ``state``: the engine's words
        (``describe_action``)."""
        return self.game.describe_action(state, dict(action))

    def label(self, state: Any, action: Mapping) -> str:
        """A button label: ``"<th> / <en>"`` (the Thai alone when both are the same)."""
        th, en = self.describe(state, action)
        return f"{th} / {en}" if en and en != th else th

    def seat_to_act(self, state: Any) -> int | None:
        """Whose decision it is (the engine's ``current_player``; ``None`` at chance, at the end, or
        in a window of several seats: a game with windows overrides this with the engine's order)."""
        cp = self.game.current_player(state)
        return cp if isinstance(cp, int) and cp >= 0 else None

    def decision_words(self, obs: Mapping) -> tuple[str, str] | None:
        """``(th, en)`` of what the seat asked is deciding now: the engine's words of the
        observation's ``phase`` (its ``id_labels["phase"]``: "วางไทล์ / placing a tile"); ``None``
        when the engine gives none (the conformance harness reports that)."""
        return id_label(self.game, "phase", str(obs.get("phase", "")))

    def seat_out(self, obs: Mapping, seat: int) -> bool:
        """Whether the observation says ``seat`` is out of the game (default: nobody ever is)."""
        return False

    def why_words(self, event: Any) -> str:
        """What a story line says decided ``event`` (``— ...`` after its text): the engine's words
        of its first two cites (its ``cite_name``: the rulebook's title; New World's turn clauses
        say whose turn, in seat words) and how many more.  No clause id (the clause panel and the
        line's tooltip show them); a cite with no title adds no words.  ``""`` for an event citing
        nothing."""
        cites = list(event.cites)
        actor = event.actor if isinstance(event.actor, int) else None
        words: list[str] = []
        for cid in cites[:2]:
            th, en = self.game.cite_name(cid, actor)
            said = f"{th} / {en}" if en and en != th else th
            if said and said not in words:
                words.append(said)
        more = more_words(len(cites) - 2)
        return " · ".join(words) + more if words or more else ""

    def spec_fields(self) -> dict[str, Callable]:
        """The :class:`~widgets.page.GameSpec` fields this adapter fills: ``describe``, ``seat_label``,
        ``seat_to_act``, ``seat_out``, and each of :data:`OPTIONAL` it defines."""
        out: dict[str, Callable] = {"describe": self.describe, "seat_label": self.seat_label,
                                    "seat_to_act": self.seat_to_act, "seat_out": self.seat_out}
        out.update({name: getattr(self, name) for name in OPTIONAL if callable(getattr(self, name, None))})
        return out

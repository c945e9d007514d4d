"""``GameBase``: defaults every game may inherit (config through pydantic, chance sampling,
overrides by dotted path, no hidden information)."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from pydantic import BaseModel, ValidationError

from .ambiguity import literal_readings
from .chance import weighted_choice
from .datafile import pydantic_error
from .protocol import BadInput, Event, IllegalAction

__all__ = ["GameBase", "player_words", "pydantic_error"]


def a_or_an(word: str) -> str:
    """``word`` with its English indefinite article, by its first letter: ``"an energy farm"``,
    ``"a food farm"`` (a fresh user read "a energy farm")."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def player_words(seat: int) -> tuple[str, str]:
    """``("ผู้เล่น 1", "player 1")`` for seat id 0: how readers name a seat (counted from 1, one word
    a language).  :meth:`GameBase.seat_words`' default, and the event texts of the games that use it
    (Valeria, New World, Toy Pig, Shadow Master); ids (``seat`` in saves and links) stay 0-based."""
    return f"ผู้เล่น {seat + 1}", f"player {seat + 1}"


def titled_clause(game_id: str, clause_id: str, th: str, en: str) -> tuple[str, str]:
    """:meth:`GameBase.cite_name` of a clause whose title is ``(th, en)`` in game ``game_id``'s
    rulebook: the title, followed by the clause's own first words when the title is a heading other
    clauses share (for a module that may not import its game's engine)."""
    if not th:
        return th, en
    from .rulebook import load_rulebook
    book = load_rulebook(game_id)
    words = book.own_words(clause_id) if book.shares_title(clause_id) else ""
    if not words:
        return th, en
    words_en = book.own_words_en(clause_id)
    return f"{th}: {words}", f"{en}: {words_en}" if words_en else en


class GameBase:
    """Defaults for the :class:`rules.core.protocol.Game` protocol.

    Subclasses set ``id``, titles, ``seed_file``, ``min_players``, ``max_players`` and
    ``config_model`` (a pydantic model with at least ``players: int``), and implement
    ``new_game``, ``current_player``, ``legal_actions``, ``apply``, ``observe``,
    ``returns``, ``score_breakdown``, ``state_to_json``.
    """

    id = ""
    title_th = ""
    title_en = ""
    seed_file = ""
    min_players = 2
    max_players = 6
    config_model: type[BaseModel]
    fixed_fields: tuple[str, ...] = ("players",)
    """Config fields that are no ambiguity-register variant (every other field is one)."""
    id_labels: Mapping[str, Mapping[str, tuple[str, str]]] = {}
    """``{kind: {id: (th, en)}}``: the words of every ``phase``, score ``source`` and ``end_reason``
    id the game gives (:data:`rules.core.protocol.ID_LABEL_KINDS`); the analyzer's charts and tables
    ask them (:func:`rules.core.protocol.id_label`).  Each game sets its ``ID_LABELS`` here."""

    def title_in_play(self, config: Mapping[str, Any] | BaseModel) -> tuple[str, str]:
        """``(th, en)`` naming the game as ``config`` plays it, for a line that says what a run or
        table is of.  Default: the catalogue's titles; a game whose product title names
        expansions a config can leave out overrides it (Coup: ``"Coup + Inquisitor"`` with the
        Reformation off)."""
        return self.title_th, self.title_en

    def seat_words(self, seat: int) -> tuple[str, str]:
        """``(th, en)`` naming ``seat`` (0-based) as the game's own texts name it, for a view that
        names a seat (every board, chart and heading asks this, never formats its own).
        Default: :func:`player_words`, ``("ผู้เล่น 1", "player 1")`` for seat 0, as the event texts
        of Valeria, New World, Toy Pig and Shadow Master say; a game whose texts say it otherwise
        overrides it (Coup: ``("ที่นั่ง 1", "seat 1")``)."""
        return player_words(seat)

    def cite_name(self, clause_id: str, seat: int | None = None) -> tuple[str, str]:
        """``(th, en)`` naming a clause an event cites (of ``seat``'s turn; ``None``: nobody's), as
        a reader sees it: a story line, the analyzer's coverage table (never the dotted clause id:
        that is the clause panel's and the tooltips').  The game's title of the clause
        (:meth:`cite_title`); when that title is a heading several clauses share (Coup's
        "กฎละเอียด" heads seven rules, Shadow Master's phase headings ten), the clause's own first
        words follow it (:meth:`~rules.core.rulebook.Rulebook.own_words`, Thai: ``"กฎละเอียด:
        การกระทำการยับยั้งไม่จำเป็นต้องทำ…"``), or a story line citing two of them says the heading
        twice and tells the reader nothing.  The English follows the English title the same way
        with the first words of the clause's ``gloss_en``
        (:meth:`~rules.core.rulebook.Rulebook.own_words_en`: ``"Detailed rules: Blocking is never
        compulsory…"``); a clause with no gloss keeps the English title alone (never Thai words in
        the English)."""
        return titled_clause(self.id, clause_id, *self.cite_title(clause_id, seat))

    def cite_title(self, clause_id: str, seat: int | None = None) -> tuple[str, str]:
        """``(th, en)``: the title :meth:`cite_name` names a clause by.  Default: the rulebook's
        title of the clause (:meth:`~rules.core.rulebook.Rulebook.clause_title`, English the Thai
        when the file gives none); ``("", "")`` for an id not in the rulebook or a clause with no
        title.  A game whose titles read otherwise overrides it (New World: whose turn; Coup: no
        list numbers, Thai first)."""
        from .rulebook import load_rulebook
        try:
            return load_rulebook(self.id).clause_title(clause_id)
        except KeyError:
            return "", ""

    # --- configuration -------------------------------------------------------------
    def make_config(self, data: Mapping[str, Any] | BaseModel, source: str = "config") -> BaseModel:
        """Validate ``data`` into the game's config model; :class:`BadInput` names the field (a
        register field's allowed values with their readings' words, :func:`literal_readings`)."""
        if isinstance(data, self.config_model):
            return data
        try:
            config = self.config_model.model_validate(dict(data))
        except ValidationError as exc:
            raise pydantic_error(exc, source, literal_readings(self.id)) from None
        players = getattr(config, "players", None)
        if players is not None and not (self.min_players <= players <= self.max_players):
            raise BadInput(source, "players",
                           f"จำนวนผู้เล่นต้องอยู่ระหว่าง {self.min_players}-{self.max_players}",
                           f"players must be {self.min_players}-{self.max_players}, got {players}")
        return config

    def default_config(self, players: int) -> BaseModel:
        """The default config (default readings of every ambiguity) for ``players`` seats."""
        return self.make_config({"players": players})

    def config_to_json(self, config: BaseModel) -> dict:
        return config.model_dump(mode="json")

    # --- chance --------------------------------------------------------------------
    def chance_outcomes(self, state: Any) -> Sequence[tuple[dict, float]]:
        return []

    def sample_chance(self, state: Any, rng: random.Random) -> dict:
        """Draw the outcome of a chance node from ``chance_outcomes`` (override for shuffles)."""
        return weighted_choice(self.chance_outcomes(state), rng)

    # --- hidden information ----------------------------------------------------------
    def resample_hidden(self, state: Any, viewer: int | None, rng: random.Random) -> Any:
        """A state equal for ``viewer`` with all it cannot see re-dealt (default: nothing hidden)."""
        return state

    # --- setup -----------------------------------------------------------------------
    def setup_events(self, state: Any) -> tuple[Event, ...]:
        """Events explaining a fresh ``state`` (``new_game``, then scenario overrides): what setup
        did and which clauses decided it, hidden ones with ``visible_to``.  Default: none."""
        return ()

    # --- what the views ask --------------------------------------------------------------
    def describe_action(self, state: Any, action: dict) -> tuple[str, str]:
        """(Thai, English) label of ``action`` in ``state``.  Default: the action's type and its
        other fields; every game overrides this with real labels (a view never formats one)."""
        kind = action.get("type", action.get("chance", "?"))
        rest = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "chance", "player"))
        text = f"{kind} ({rest})" if rest else str(kind)
        return text, text

    def explain_illegal(self, state: Any, action: dict) -> IllegalAction | None:
        """``None`` when ``action`` is legal in ``state``; else the :class:`IllegalAction` that names
        the clause forbidding it there.  Default: the refusal ``apply`` raises (``apply`` must raise
        the same refusal as this method; games whose ``apply`` is less precise override it)."""
        try:
            self.apply(state, action)
        except IllegalAction as exc:
            return exc
        return None

    def unavailable(self, state: Any, seat: int) -> list[tuple[dict, IllegalAction]]:
        """``[(action, refusal), ...]``: at ``seat``'s decision, one representative action of each
        kind the rulebook offers there that is NOT legal now, with :meth:`explain_illegal`'s refusal
        (clause, Thai, English) - what a view answers "why can't I do this?" with.  Default ``[]``
        (a game that has no cheap answer lists nothing; Coup and Shadow Master override it)."""
        return []

    # --- scenarios and checks ----------------------------------------------------------
    def apply_overrides(self, state: Any, overrides: Mapping[str, Any]) -> Any:
        """Scenario overrides (hands, coins, tokens...); games override this to support them."""
        if overrides:
            raise BadInput("scenario", "setup.overrides", "เกมนี้ยังไม่รองรับการกำหนดสถานะ",
                           f"game '{self.id}' does not support state overrides")
        return state

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants of ``state`` as human-readable strings (empty when all hold)."""
        return []

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

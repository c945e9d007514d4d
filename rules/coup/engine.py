"""The game object of เกมโค่นอำนาจ (Coup + Inquisitor + Reformation): ``GAME``, wiring the modules.

:mod:`~rules.coup.setup` deals, :mod:`~rules.coup.actions` says what is legal (and why not) and
labels actions, :mod:`~rules.coup.flow` applies them (with the rule areas
:mod:`~rules.coup.turn`, :mod:`~rules.coup.challenge`, :mod:`~rules.coup.exchange`,
:mod:`~rules.coup.reformation`), :mod:`~rules.coup.observe` hides what a seat may not see,
:mod:`~rules.coup.serial` and :mod:`~rules.coup.invariants` serve scenarios and checks.
"""
from __future__ import annotations

import random
import re
from operator import attrgetter
from typing import Any, Mapping

from ..core.base import GameBase
from ..core.chance import shuffle as _shuffle
from ..core.protocol import IllegalAction, Transition
from . import actions as A
from . import challenge as C
from . import flow as F
from . import invariants as INV
from . import observe as O
from . import serial as S
from . import setup as SU
from . import turn as T
from .config import CoupConfig
from .state import (BLOCK, CARD, CHAL, CHAL_BLOCK, CHANCE_NODE, EXCHANGE, I_CUR, I_HANDS, I_PHASE, I_RULES,
                    I_TURN, I_WINDOW, LOSE, NAMES, OVER, PHASE_NAMES, PROVE, TURN, CoupState, end_reason)

_LIST_NUMBER = re.compile(r"^\d+\s*[.,]?\s+(?=\S)")
"""The number of a rulebook list item leading a heading (``"4, "``, ``"1. "``, ``"4 "``)."""


def _unnumbered(title: str) -> str:
    """``title`` without the list number leading it (:data:`_LIST_NUMBER`)."""
    return _LIST_NUMBER.sub("", title)


_ENGLISH_THAI = re.compile(r"^([A-Za-z][A-Za-z ]*?)\s*\(([^()]+)\)$")
"""A heading that names a character English first with its Thai in brackets: ``"Duke (ดยุค)"``."""


ID_LABELS = {
    # observe(...)["phase"]: state.PHASE_NAMES
    "phase": {"faction": ("เลือกศาสนา", "choosing factions"), "turn": ("เลือกการกระทำ", "choosing an action"),
              "challenge_action": ("ท้าทายคำอ้าง", "challenging a claim"), "block": ("ยับยั้ง", "blocking"),
              "challenge_block": ("ท้าทายการยับยั้ง", "challenging a block"),
              "prove": ("พิสูจน์คำอ้าง", "proving a claim"), "lose": ("เสียการ์ด", "losing a card"),
              "exchange": ("คืนการ์ด", "returning cards"), "show": ("ให้ดูการ์ด", "showing a card"),
              "examine": ("ตัดสินการสอบสวน", "deciding an examined card"), "chance": ("สุ่ม", "chance"),
              "over": ("จบเกม", "game over")},
    # score_breakdown's sources
    "source": {"influence": ("อิทธิพลที่เหลือ", "influence left")},
    # score_breakdown's end_reason ids (state.end_reason)
    "end_reason": {"last_player": ("เหลือผู้เล่นที่มีอิทธิพลคนเดียว", "one player left with influence"),
                   "deadlock": ("เดินต่อไม่ได้ ไม่มีผู้ชนะ", "deadlock, no winner")},
    # the kinds of events a seat may not see: a view names the kind in place of the hidden data
    "hidden_event": {"card_drawn": ("หยิบการ์ดใหม่จากกอง", "draws a new card from the deck"),
                     "card_returned": ("คืนการ์ดเข้ากอง", "returns cards to the deck"),
                     "exchange_draw": ("รับการ์ดจากกองกลางมาแลก", "takes cards from the deck to exchange"),
                     "exchange_return": ("คืนการ์ดเข้ากอง", "returns cards to the deck"),
                     "examine_show": ("ให้ดูการ์ด 1 ใบ", "shows one card"),
                     "influence_lost": ("เสียอิทธิพล 1 อย่าง (คว่ำไว้)", "loses an influence (face down)"),
                     "setup_hand": ("ได้รับการ์ดในมือตอนเริ่มเกม", "is dealt a starting hand")},
}
"""Thai and English words of Coup's machine ids (``GameBase.id_labels``: the analyzer shows them)."""
assert set(ID_LABELS["phase"]) == set(PHASE_NAMES)


_chance, _is_legal, _refuse, _normalise, _STEP = F.chance, A.is_legal, A.refuse, A.normalise, F.STEP
_turn_legal, _must_prove, _can_prove, _CARD = A.turn_legal, A.must_prove, A.can_prove, CARD
_edit1, _pass_fast, _on_pass, _on_challenge, _on_fail = F.edit1, C.pass_fast, C.on_pass, C.on_challenge, C.on_fail
_challenge_fast = C.challenge_fast
_declare, _lose_choice = T.declare, F.lose_choice
# (bound once: ``apply`` runs at every step of every game)


class CoupGame(GameBase):
    """เกมโค่นอำนาจ: Coup with the Inquisitor and the Reformation (``rules.coup.GAME``).

    See ``rules/core/README.md`` for the protocol; :mod:`rules.coup.actions` for the action dicts;
    ``data/coup/ambiguities.yaml`` for the config variants.
    """

    id = "coup"
    title_th = "เกมโค่นอำนาจ"
    title_en = "Coup (Inquisitor + Reformation)"
    seed_file = "002_a3f748dff81e3892.txt"
    min_players = 2
    max_players = 6
    config_model = CoupConfig
    fixed_fields = ("players", "reformation")  # written in config.py; every other field is a register variant
    id_labels = ID_LABELS

    def seat_words(self, seat: int) -> tuple[str, str]:
        """``("ที่นั่ง 1", "seat 1")`` for seat 0, as Coup's texts name a seat (``state.seat_name``)."""
        from .state import seat_name
        return seat_name(seat)

    def inert_readings(self, config: CoupConfig | Mapping | None = None) -> dict[str, tuple[str, str]]:
        """The register variants whose readings have no effect under ``config``, each with why in
        Thai and English: without the Reformation, those of :data:`.config.REFORMATION_ONLY` (a
        config naming them is accepted, and plays the default reading's games; a comparison of
        their readings is empty by construction: the analyzer says so).  ``{}`` with the Reformation."""
        from .config import REFORMATION_ONLY
        if self.make_config(config or {}).reformation:
            return {}
        why = ("ข้อนี้มีผลเฉพาะเมื่อเล่นการปฏิรูปศาสนา ซึ่งเกมเหล่านี้ไม่ได้เล่น (ไม่มีที่พักพิง ไม่มีศาสนา)",
               "this entry acts only with the Reformation, which these games do not play (no almshouse, no factions)")
        return {v: why for v in REFORMATION_ONLY}

    def title_in_play(self, config: CoupConfig | Mapping) -> tuple[str, str]:
        """``("เกมโค่นอำนาจ", "Coup + Inquisitor")``: the catalogue's title says the product
        (``"Coup (Inquisitor + Reformation)"``), a run names the expansions its config has on:
        the Inquisitor when the deck holds it (register ``deck_composition``, :data:`DECKS`), the
        Reformation when ``reformation`` (clauses reformation.*), in Thai by the rulebook's words
        (นักสืบศาสนา, การปฏิรูปศาสนา: ``"เกมโค่นอำนาจ + นักสืบศาสนา"``): a Thai reader learns what
        an English one does."""
        from .config import DECKS
        cfg = self.make_config(config)
        on = [names for names, there in ((("นักสืบศาสนา", "Inquisitor"), "inquisitor" in DECKS[cfg.deck]),
                                         (("การปฏิรูปศาสนา", "Reformation"), cfg.reformation)) if there]
        return (" + ".join([self.title_th, *(th for th, _ in on)]),
                " + ".join(["Coup", *(en for _, en in on)]))

    def cite_title(self, clause_id: str, seat: int | None = None) -> tuple[str, str]:
        """A cited clause by the rulebook's title without the list number the Thai text puts
        before it (``inquisitor.exchange``: ``"1. แลกเปลี่ยน"`` -> ``"แลกเปลี่ยน"``): the number
        counts the rulebook's list, a story line is no list (:meth:`GameBase.cite_title`;
        :meth:`GameBase.cite_name` adds a shared heading's own words).  A character's heading reads
        English first (``characters.duke_tax``: ``"1, Duke (ดยุค)"``); its name is given Thai first, ``("ดยุค", "Duke")`` (a line says "ดยุค / Duke"), as every
        other title and text of the product reads.  The rulebook's text keeps its own order.  The
        English (the book's ``headings_en``: ``"1, Duke"``) loses its list number the same way."""
        th, en = super().cite_title(clause_id, seat)
        th, en = _unnumbered(th), _unnumbered(en)
        both = _ENGLISH_THAI.match(th)
        if both:
            return both.group(2), both.group(1) if en == th else en
        return th, en

    def new_game(self, config: CoupConfig | Mapping, seed: int) -> CoupState:
        """The state after setup (setup.deal): deal with ``random.Random(seed)``."""
        return SU.new_state(config if type(config) is CoupConfig else self.make_config(config), seed)

    def setup_events(self, state: CoupState) -> tuple:
        """What setup did, clause by clause (:func:`rules.coup.setup.setup_events`); each hand is
        an event seen by its seat only."""
        return SU.setup_events(state)

    # ``GAME.current_player(state)``: a seat, ``CHANCE``, ``TERMINAL`` or the frozenset of seats
    # asked in a window - the state's ``cur`` field, read by a C getter (the driver's hottest call).
    current_player = staticmethod(attrgetter("cur"))
    # ``GAME.legal_actions(state, player)``: see :func:`rules.coup.actions.legal_actions`.
    legal_actions = staticmethod(A.legal_actions)
    # ``GAME.describe_action(state, action) -> (th, en)``: :func:`rules.coup.actions.describe_action`.
    describe_action = staticmethod(A.describe_action)
    # ``GAME.explain_illegal(state, action) -> IllegalAction | None``: the refusal ``apply`` raises.
    explain_illegal = staticmethod(A.explain_illegal)
    # ``GAME.unavailable(state, seat) -> [(action, IllegalAction)]``: the turn actions not offered now
    # and why (:func:`rules.coup.actions.unavailable`).
    unavailable = staticmethod(A.unavailable)
    # ``GAME.reaction_order(state) -> [seats]``: the open window's seats in the order asked.
    reaction_order = staticmethod(C.reaction_order)

    def chance_outcomes(self, state: CoupState) -> list[tuple[dict, float]]:
        """Examine picks are listed with their probabilities; a shuffle is too large: ``[]``
        (``sample_chance`` draws one)."""
        if state.phase != CHANCE_NODE or state.todo[0][0] != "pick":
            return []
        hand = state.hands[state.todo[0][1]]
        return [({"chance": "examine_pick", "card": NAMES[c]}, hand.count(c) / len(hand))
                for c in A.distinct(hand)]

    def chance_words(self, state: CoupState) -> tuple[str, str] | None:
        """``(th, en)``: what the chance node due now does (``describe_action`` of its outcome
        kind: "the deck is shuffled (n cards)"), for a table to say in place of the node's name;
        ``None`` when no chance is due.  Only public counts and seats: any viewer may read it."""
        if state.phase != CHANCE_NODE:
            return None
        kind = "examine_pick" if state.todo[0][0] == "pick" else "shuffle"
        return A.describe_action(state, {"chance": kind})

    EXIT_WORDS = {
        "actions.coup": ("ถูกรัฐประหาร", "out by a coup"),
        "characters.assassin_assassinate": ("ถูกลอบสังหาร", "assassinated"),
        "challenge.fail": ("ถูกจับได้ว่าอ้างการ์ดที่ไม่มี", "caught bluffing (a claim not proven)"),
        "challenge.challenger_loses": ("ท้าทายผิด (อีกฝ่ายมีการ์ดจริง)", "lost a challenge (the card was there)"),
    }
    """Short words for the clause whose loss put a seat out (its ``eliminated`` event's first cite):
    what the clause does to the seat, for a chart's legend (the clause's own title is the rule's
    first words: "Challenges: If the proof fails, the player..." told a reader neither way)."""

    def exit_words(self, clause_id: str) -> tuple[str, str] | None:
        """``(th, en)`` of how a seat went out by ``clause_id`` (:data:`EXIT_WORDS`); ``None`` for
        another clause (a reader then gets the clause's name)."""
        return self.EXIT_WORDS.get(clause_id)

    def sample_chance(self, state: CoupState, rng: random.Random) -> dict:
        """A random outcome of the chance node (a uniformly random deck order for a shuffle)."""
        if state.todo and state.todo[0][0] == "shuffle":
            deck = list(state.deck + state.todo[0][3])
            _shuffle(rng, deck)
            names = list(map(NAMES.__getitem__, deck))
            out = {"chance": "shuffle", "order": names}
            F.remember_shuffle(state, out, names, tuple(deck))
            return out
        hand = state.hands[state.todo[0][1]]
        return {"chance": "examine_pick", "card": NAMES[hand[rng.randrange(len(hand))]]}

    def apply(self, state: CoupState, action: Mapping) -> Transition:
        """Apply a player action or chance outcome; :class:`IllegalAction` (clause, th, en) for
        anything not in ``legal_actions`` (the state is never modified)."""
        ph = state[I_PHASE]  # fields read by index on the hot path (a named field is a slower descriptor)
        if ph == CHANCE_NODE:
            return _chance(state, action)
        if type(action) is dict:
            # The hottest steps of a game, checked here exactly as actions.is_legal checks them
            # (real int seat, str type, the number of keys) and handed straight to their edit;
            # anything else, legal or not, takes the general path below (tests/test_coup_engine.py
            # compares the two paths step by step).
            try:
                p = action["player"]
                kind = action["type"]
            except KeyError:  # not a player action of this game: the general path refuses it
                p = kind = None
            if type(p) is int and type(kind) is str:
                if ph == CHAL or ph == CHAL_BLOCK or ph == BLOCK:
                    if len(action) == 2 and p in state[I_CUR]:
                        if kind == "pass":
                            window = state[I_WINDOW] - {p}
                            return _pass_fast(state, p, window) if window else _edit1(state, _on_pass, p)
                        if kind == "challenge" and ph != BLOCK:
                            return _challenge_fast(state, p) or _edit1(state, _on_challenge, p)
                elif ph == TURN:
                    if p == state[I_TURN] and _turn_legal(state, action, kind, len(action)):
                        return _edit1(state, _declare, action)
                elif ph == PROVE or ph == LOSE:
                    if p == state[I_CUR] and kind == "lose" and len(action) == 3:
                        c = action.get("card")
                        card = _CARD.get(c, -1) if type(c) is str else -1
                        if card in state[I_HANDS][p]:
                            if ph == LOSE:
                                return _edit1(state, _lose_choice, card)
                            if not (state[I_RULES].must_prove and _must_prove(state) and _can_prove(state)):
                                return _edit1(state, _on_fail, card)
        if type(action) is not dict and not isinstance(action, dict):
            raise IllegalAction("setup.first_turn", "การกระทำต้องเป็น dict", f"an action must be a dict, got {action!r}")
        if ph == EXCHANGE:  # only an exchange_return has a canonical form to restore
            action = _normalise(action)
        if not _is_legal(state, action):
            raise _refuse(state, action)
        return _STEP[ph](state, action)

    def observe(self, state: CoupState, viewer: int | None) -> dict:
        return O.observe(state, viewer)

    def resample_hidden(self, state: CoupState, viewer: int | None, rng: random.Random) -> CoupState:
        return O.resample_hidden(state, viewer, rng)

    def returns(self, state: CoupState) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (all 0.0 before the end or in a deadlock)."""
        return [1.0 if s == state.winner else 0.0 for s in range(state.rules.n)]

    def score_breakdown(self, state: CoupState) -> dict:
        """``{seats: [{total, sources: {influence}, seat, alive, influence, coins, lost}], winners,
        winner, deadlock, end_reason}``.  ``total`` is the seat's influence left (face-down
        cards): the only thing that decides the game (the last seat with influence wins,
        intro.winner); coins are shown beside it, not counted.  ``winners``: ``[]`` until the
        game is over (and in a deadlock), then the winning seat.  ``end_reason``
        (:func:`rules.coup.state.end_reason`): ``last_player`` or ``deadlock``, ``None`` until the end."""
        over = state.phase == OVER
        seats = []
        for s in range(state.rules.n):
            k = len(state.hands[s])
            seats.append({"total": k, "sources": {"influence": k}, "seat": s, "alive": bool(k), "influence": k,
                          "coins": state.coins[s], "lost": [NAMES[c] for c in state.up[s]]})
        return {"seats": seats, "winners": [state.winner] if over and state.winner >= 0 else [],
                "winner": state.winner if state.winner >= 0 else None, "deadlock": state.deadlock,
                "end_reason": end_reason(state)}

    def state_to_json(self, state: CoupState) -> dict:
        return S.state_to_json(state)

    def apply_overrides(self, state: CoupState, overrides: Mapping[str, Any]) -> CoupState:
        return S.apply_overrides(state, overrides)

    def invariants(self, state: CoupState) -> list[str]:
        return INV.invariants(state)

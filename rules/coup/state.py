"""The state of a game of เกมโค่นอำนาจ: an immutable named tuple, plus the scratch list that one
``apply`` edits before freezing it again (fast, and the input is never touched).

Cards are ints (index in :data:`rules.coup.config.CHARACTERS`: 0 duke, 1 captain, 2 assassin,
3 contessa, 4 ambassador, 5 inquisitor); the deck is a tuple with its top at index 0; coins are
silver units (a gold token is 5, clause details.gold).
"""
from __future__ import annotations

from typing import NamedTuple

from ..core.events import emit, new_event
from ..core.protocol import CHANCE, TERMINAL, Transition
from ..core.protocol import end_reason as protocol_end_reason
from .config import CHARACTERS, DECKS, CoupConfig, components

DUKE, CAPTAIN, ASSASSIN, CONTESSA, AMBASSADOR, INQUISITOR = range(6)
NAMES = CHARACTERS
CARD = {name: i for i, name in enumerate(NAMES)}
TH = ("ดยุค", "กัปตัน", "นักฆ่า", "คอนเตสซ่า", "ทูต", "นักสืบศาสนา")

# phases
FACTION, TURN, CHAL, BLOCK, CHAL_BLOCK, PROVE, LOSE, EXCHANGE, SHOW, EXAMINE, CHANCE_NODE, OVER = range(12)
PHASE_NAMES = ("faction", "turn", "challenge_action", "block", "challenge_block", "prove", "lose",
               "exchange", "show", "examine", "chance", "over")
WINDOWS = (CHAL, BLOCK, CHAL_BLOCK)

# The clause that states each character's action or block (cited by its events).
CHAR_CLAUSE = ("characters.duke_tax", "characters.captain_steal", "characters.assassin_assassinate",
               "characters.contessa_block", "characters.ambassador_exchange", "inquisitor.exchange")
ACTION_CLAUSE = {
    "income": "actions.income", "foreign_aid": "actions.foreign_aid", "coup": "actions.coup",
    "tax": "characters.duke_tax", "steal": "characters.captain_steal",
    "assassinate": "characters.assassin_assassinate", "examine": "inquisitor.examine",
    "convert": "reformation.conversion", "embezzle": "reformation.embezzle",
}


class Rules:
    """A config compiled to plain attributes for the hot path (one per config, cached)."""

    def __init__(self, cfg: CoupConfig):
        comp = components()
        self.cfg = cfg
        self.n = cfg.players
        assert self.n <= SEATS_MAX
        self.deck_chars = tuple(CARD[c] for c in DECKS[cfg.deck])
        copies = comp.copies_per_character.value
        self.full_deck = tuple(sorted(c for c in self.deck_chars for _ in range(copies)))
        self.total_coins = comp.total_coins
        self.start_coins = comp.start["coins_per_player"].value
        self.start_cards = comp.start["cards_per_player"].value
        cost = {k: v.value for k, v in comp.costs.items()}
        gain = {k: v.value for k, v in comp.gains.items()}
        self.coup_cost, self.assassin_cost = cost["coup"], cost["assassinate"]
        self.convert_self, self.convert_other = cost["convert_self"], cost["convert_other"]
        self.income, self.aid, self.tax, self.steal = gain["income"], gain["foreign_aid"], gain["tax"], gain["steal"]
        self.forced_at = comp.forced_coup_at.value
        self.draw_amb = comp.draws["ambassador_exchange"].value
        self.draw_inq = comp.draws["inquisitor_exchange"].value
        self.reformation = cfg.reformation
        self.has_amb = AMBASSADOR in self.deck_chars
        self.has_inq = INQUISITOR in self.deck_chars
        # characters that may block a steal, in the deck (characters.captain_steal)
        self.steal_blockers = tuple(c for c in (CAPTAIN, AMBASSADOR, INQUISITOR) if c in self.deck_chars)
        self.target_only = cfg.who_blocks == "target_only"
        self.refund = cfg.assassin_refund
        self.shuffle = cfg.proof_shuffle
        self.alms_gets_conversion = cfg.conversion_coins == "almshouse"
        self.denied = DUKE if cfg.peacock == "duke" else -1  # card an embezzler claims not to hold
        self.one_faction = cfg.one_faction
        self.unlimited = cfg.treasury == "unlimited"
        # coins on the almshouse at the start (ambiguity almshouse_start): none, or a seat's deal (setup.deal)
        self.start_alms = self.start_coins if cfg.reformation and cfg.almshouse == "two_coins" else 0
        self.seat_order = cfg.reaction_order == "seat_order"
        self.examine_random = cfg.examine_pick == "random"
        self.forced_inquisitor_exchange = cfg.examine_force == "inquisitor_exchange"
        self.concede_face_down = cfg.concede_loss == "face_down"
        self.embezzle_challenger_loses = cfg.embezzle_challenger == "challenger_loses"
        self.random_first = cfg.first_player == "random"
        self.dead_coins_to_bank = cfg.eliminated_coins == "bank"
        self.steal_min = self.steal if cfg.steal_short == "needs_two" else 0  # the 2 of characters.captain_steal
        self.steal_gone = cfg.gone_target == "steal_anyway"
        self.must_prove = cfg.decline_proof == "must_prove"
        self.each_chooses = cfg.factions == "each_chooses"
        self.one_window = cfg.window_order == "one_window"
        self.seats = tuple(range(self.n))
        # clockwise order of the other seats, starting after each seat
        self.after = tuple(tuple((s + k) % self.n for k in range(1, self.n)) for s in range(self.n))


_RULES: dict[CoupConfig, Rules] = {}


_LAST: list = [None, None]  # the last (config, Rules): a game after game of one config skips hashing it


def rules_for(cfg: CoupConfig) -> Rules:
    """The compiled :class:`Rules` of ``cfg`` (cached; configs are frozen and hashable)."""
    last_cfg, r = _LAST
    if cfg is last_cfg:
        return r
    r = _RULES.get(cfg)
    if r is None:
        r = _RULES[cfg] = Rules(cfg)
    _LAST[:] = cfg, r
    return r


class CoupState(NamedTuple):
    """Immutable state.  Shapes (``n`` seats):

    hands: n sorted tuples of face-down card ints; up: n tuples of face-up (lost) cards in loss
    order; buried: n tuples of cards lost face down (ambiguity concede_loss); coins: n ints;
    bank / alms: coins in the bank and on the almshouse; deck: card ints, top first;
    faction: n ints 0/1 (empty without the Reformation); turn: the seat whose turn it is;
    turn_no: turns begun; start_coins: the turn seat's coins when its turn began;
    phase: one of the phase ints; cur: the cached ``current_player`` value;
    window: seats that have not yet answered the open reaction window;
    act: ``(kind, target, claim)`` of this turn's action (``("", -1, -1)`` before it);
    forced: the turn began at the forced-coup threshold; blocker / block_claim; challenger;
    claimant: the seat answering a challenge; todo: pending tasks (see flow.run);
    pool: cards drawn for an exchange, not yet in a hand; shown: the examined card (-1);
    peeks: ``(examiner, target, card)`` facts an examiner still knows; claims: n sorted tuples
    of characters each seat claimed since its cards last changed; hit: seats that lost an
    influence this turn; winner: seat or -1; deadlock: the game stopped with no winner.
    """

    rules: Rules
    hands: tuple
    up: tuple
    buried: tuple
    coins: tuple
    bank: int
    alms: int
    deck: tuple
    faction: tuple
    turn: int
    turn_no: int
    start_coins: int
    phase: int
    cur: object
    window: frozenset
    act: tuple
    forced: bool
    blocker: int
    block_claim: int
    challenger: int
    claimant: int
    todo: tuple
    pool: tuple
    shown: int
    peeks: tuple
    claims: tuple
    hit: tuple
    winner: int
    deadlock: bool


FIELDS = CoupState._fields
(I_RULES, I_HANDS, I_UP, I_BURIED, I_COINS, I_BANK, I_ALMS, I_DECK, I_FACTION, I_TURN, I_TURN_NO,
 I_START, I_PHASE, I_CUR, I_WINDOW, I_ACT, I_FORCED, I_BLOCKER, I_BLOCK_CLAIM, I_CHALLENGER,
 I_CLAIMANT, I_TODO, I_POOL, I_SHOWN, I_PEEKS, I_CLAIMS, I_HIT, I_WINNER, I_DEADLOCK, I_EVENTS) = range(30)
"""Index of each :class:`CoupState` field, in a state and in its scratch list; ``I_EVENTS`` is the
scratch list's extra slot: the events of this ``apply`` in order."""
assert FIELDS == ("rules", "hands", "up", "buried", "coins", "bank", "alms", "deck", "faction", "turn", "turn_no",
                  "start_coins", "phase", "cur", "window", "act", "forced", "blocker", "block_claim", "challenger",
                  "claimant", "todo", "pool", "shown", "peeks", "claims", "hit", "winner", "deadlock")

SEATS_MAX = 6
"""Most seats in a game (``CoupConfig.players``); the per-seat text tables below cover them all."""


def seat_name(seat: int) -> tuple[str, str]:
    """``(th, en)`` of a seat as readers name it: seat id 0 is ``("ที่นั่ง 1", "seat 1")``.  Ids (in
    actions, observations, saves) count from 0; every text a reader sees counts from 1, as the
    other games' do (``rules.valeria.state.seat_name``)."""
    return f"ที่นั่ง {seat + 1}", f"seat {seat + 1}"


# Event texts that depend only on small ints, formatted once instead of at every event.
PASS_TX = tuple((f"ที่นั่ง {s + 1} ผ่าน", f"seat {s + 1} passes") for s in range(SEATS_MAX))
LOST_TX = tuple(tuple((f"ที่นั่ง {s + 1} เสียอิทธิพล: เปิด{TH[c]}", f"seat {s + 1} loses an influence: {NAMES[c]} turned face up")
                      for c in range(len(NAMES))) for s in range(SEATS_MAX))
OUT_TX = tuple((f"ที่นั่ง {s + 1} ไม่มีอิทธิพลเหลือ ออกจากเกม", f"seat {s + 1} has no influence left and is out")
               for s in range(SEATS_MAX))
WIN_TX = tuple((f"ที่นั่ง {s + 1} เป็นผู้เล่นคนสุดท้ายที่เหลืออยู่ จึงชนะ", f"seat {s + 1} is the last player left and wins")
               for s in range(SEATS_MAX))

_tuple_new = tuple.__new__

END = (("end",),)
"""The task list that only ends the turn (run by :func:`rules.coup.flow.run`; ``flow.edit1``
recognises this very tuple and passes the turn on without the task loop)."""


def make_transition(state, events: tuple) -> Transition:
    """``Transition(state, events)`` without the constructor's Python call (the core class is a
    2-tuple underneath; equal to the constructor's result, ``tests/test_coup_engine.py`` checks)."""
    return _tuple_new(Transition, (state, events))


# --- the scratch list of one apply --------------------------------------------------------------
# ``w = scratch(state)`` is a list of the state's fields (``w[I_HANDS]``...) plus the events list;
# the primitives below edit it, ``done(w)`` freezes it into the next state and the Transition.
# Every primitive that changes cards or coins lives here so the invariants hold by construction:
# cards only move between deck, hands, the exchange pool and the face-up row; coins only between
# bank, players and the almshouse.  Helpers that only read (``living_after``) work on a state too.

def scratch(state: CoupState) -> list:
    """A mutable copy of ``state``'s fields, with an empty events list at ``I_EVENTS``."""
    return [*state, []]


def done(w: list) -> Transition:
    """Freeze the scratch list into ``Transition(new_state, events)``."""
    events = tuple(w.pop())
    return _tuple_new(Transition, (_tuple_new(CoupState, w), events))  # make_transition, without the call


def living(s) -> list[int]:
    return [seat for seat, h in enumerate(s[I_HANDS]) if h]


def living_after(s, seat: int) -> list[int]:
    """Living seats other than ``seat``, clockwise from the one after it."""
    hands = s[I_HANDS]
    out = []
    for t in s[I_RULES].after[seat]:  # a loop: a comprehension is a function call in this Python (3.11)
        if hands[t]:
            out.append(t)
    return out


def pay_bank(w: list, seat: int, amount: int) -> None:
    c = list(w[I_COINS])
    c[seat] -= amount
    w[I_COINS] = tuple(c)
    w[I_BANK] += amount


def from_bank(w: list, seat: int, amount: int) -> int:
    """Pay ``seat`` up to ``amount`` from the bank (all of it under treasury=unlimited);
    returns what was paid (ambiguity treasury_start)."""
    if not w[I_RULES].unlimited and amount > w[I_BANK]:
        amount = max(w[I_BANK], 0)
    c = list(w[I_COINS])
    c[seat] += amount
    w[I_COINS] = tuple(c)
    w[I_BANK] -= amount
    return amount


def move_coins(w: list, src: int, dst: int, amount: int) -> None:
    c = list(w[I_COINS])
    c[src] -= amount
    c[dst] += amount
    w[I_COINS] = tuple(c)


def set_hand(w: list, seat: int, hand) -> None:
    h = list(w[I_HANDS])
    h[seat] = tuple(sorted(hand))
    w[I_HANDS] = tuple(h)


def take_from_hand(w: list, seat: int, card: int) -> None:
    """Remove one ``card`` from ``seat``'s (sorted) hand; ``ValueError`` when it holds none."""
    h = list(w[I_HANDS])
    hand = h[seat]
    i = hand.index(card)
    h[seat] = hand[:i] + hand[i + 1:]
    w[I_HANDS] = tuple(h)


def forget_peeks(w: list, seat: int, card: int = -1) -> None:
    """Drop what examiners knew of ``seat``'s cards (all, or the facts about ``card``)."""
    if w[I_PEEKS]:
        w[I_PEEKS] = tuple(p for p in w[I_PEEKS] if p[1] != seat or (card >= 0 and p[2] != card))


def clear_claims(w: list, seat: int) -> None:
    if w[I_CLAIMS][seat]:
        c = list(w[I_CLAIMS])
        c[seat] = ()
        w[I_CLAIMS] = tuple(c)


def add_claim(w: list, seat: int, card: int) -> None:
    if card not in w[I_CLAIMS][seat]:
        c = list(w[I_CLAIMS])
        c[seat] = tuple(sorted(c[seat] + (card,)))
        w[I_CLAIMS] = tuple(c)


def lose(w: list, seat: int, card: int, cites: tuple, face_down: bool = False) -> None:
    """``seat`` loses one influence: ``card`` leaves the hand face up (or face down under
    concede_loss=face_down) and never returns to the deck (challenge.fail,
    challenge.lose_both, details.two_at_once).  Eliminates the seat (by the cause ``cites`` and
    intro.winner: :func:`_out_event`) and ends the game when one seat is left (end.last_player)."""
    hands = w[I_HANDS]
    hand = hands[seat]
    i = hand.index(card)  # take_from_hand, inlined (this runs at nearly every turn): ValueError if not held
    hand = hand[1:] if i == 0 else hand[:i] + hand[i + 1:]  # the first card: one slice (a hand of 2)
    h = list(hands)
    h[seat] = hand
    w[I_HANDS] = tuple(h)
    hit = w[I_HIT]
    cause = cites  # the out event's: details.two_at_once is about a second card, not about being out
    if seat in hit:
        cites = cites + ("details.two_at_once",)
    else:
        w[I_HIT] = hit + (seat,)
    if face_down:
        b = list(w[I_BURIED])
        b[seat] = b[seat] + (card,)
        w[I_BURIED] = tuple(b)
        emit(w[I_EVENTS], "influence_lost", seat, cites, f"ที่นั่ง {seat + 1} เสียอิทธิพล 1 อย่าง (คว่ำไว้)",
             f"seat {seat + 1} loses an influence face down", frozenset((seat,)), seat=seat, card=NAMES[card],
             face_down=True)
    else:
        u = list(w[I_UP])
        u[seat] = u[seat] + (card,)
        w[I_UP] = tuple(u)
        key = (seat, card, cites)
        e = _LOST_EV.get(key)
        if e is None:
            th, en = LOST_TX[seat][card]
            e = _LOST_EV[key] = new_event("influence_lost", seat, cites, th, en, None, {"seat": seat, "card": NAMES[card]})
        w[I_EVENTS].append(e)
    if w[I_PEEKS]:
        forget_peeks(w, seat, card)
    if not hand:
        e = _OUT_EV.get((seat, cause))
        if e is None:
            e = _OUT_EV[(seat, cause)] = _out_event(seat, cause)
        w[I_EVENTS].append(e)
        if w[I_RULES].dead_coins_to_bank and w[I_COINS][seat]:
            pay_bank(w, seat, w[I_COINS][seat])
        alive = [t for t, left in enumerate(w[I_HANDS]) if left]
        if len(alive) == 1:
            finish(w, alive[0])


_LOST_EV: dict = {}  # (seat, card, cites) -> the influence_lost event (face up), built once
_OUT_EV: dict = {}  # (seat, cause cites) -> the eliminated event, built once


def _out_event(seat: int, cause: tuple):
    """Seat ``seat`` is out: its last influence went by ``cause`` (actions.coup,
    characters.assassin_assassinate, challenge.fail, ...), and a player with no influence left is
    eliminated (intro.winner: "whoever eliminates all the others and survives last"; the game is
    eliminating the other families' influence, intro.premise).  challenge.lose_both, cited here
    before, is a line of the challenge rules: it named a coup's knock-out "การท้าทาย"."""
    return new_event("eliminated", seat, cause + ("intro.winner",), *OUT_TX[seat], None, {"seat": seat})


def end_reason(state: "CoupState") -> dict | None:
    """Why the game ended (``score_breakdown``'s ``end_reason``; ``None`` while it goes on): the
    last player with influence left (end.last_player, intro.winner; reformation.until_one with the
    Reformation), or a forced coup with no legal target under one_faction=deadlock
    (actions.coup_forced, reformation.same_faction: no winner)."""
    if state.phase != OVER:
        return None
    if state.deadlock:
        return protocol_end_reason("deadlock", "ต้องรัฐประหารแต่ไม่มีเป้าหมายที่ถูกกติกา เกมเดินต่อไม่ได้ (ไม่มีผู้ชนะ)",
                                   "a forced coup has no legal target: deadlock, no winner",
                                   ("actions.coup_forced", "reformation.same_faction"))
    cites = _WIN_CITES_REFORMATION if state.rules.reformation else _WIN_CITES
    return protocol_end_reason("last_player", "เหลือผู้เล่นที่มีอิทธิพลเพียงคนเดียว", "one player is left with influence",
                               cites)


def finish(w: list, winner: int) -> None:
    w[I_WINNER] = winner
    w[I_PHASE], w[I_CUR], w[I_TODO], w[I_WINDOW] = OVER, TERMINAL, (), frozenset()
    w[I_EVENTS].append(_WIN_EV[w[I_RULES].reformation][winner])


_WIN_CITES = ("end.last_player", "intro.winner")
_WIN_CITES_REFORMATION = _WIN_CITES + ("reformation.until_one",)
_WIN_EV = tuple(tuple(new_event("game_over", s, cites, *WIN_TX[s], None, {"winner": s}) for s in range(SEATS_MAX))
                for cites in (_WIN_CITES, _WIN_CITES_REFORMATION))  # [reformation][winner]


def draw(w: list, seat: int, k: int, cites: tuple) -> None:
    """``seat`` draws ``k`` cards from the top of the deck (challenge.draw_new)."""
    deck = w[I_DECK]
    got, w[I_DECK] = deck[:k], deck[k:]
    set_hand(w, seat, w[I_HANDS][seat] + got)
    forget_peeks(w, seat)
    clear_claims(w, seat)
    key = (seat, got, cites)
    e = _DRAWN_EV.get(key)
    if e is None:
        e = _DRAWN_EV[key] = new_event(
            "card_drawn", seat, cites, f"ที่นั่ง {seat + 1} หยิบการ์ดใหม่ {len(got)} ใบจากบนสุดของกอง",
            f"seat {seat + 1} draws {len(got)} new card(s) from the top of the deck", frozenset((seat,)),
            {"seat": seat, "count": len(got), "cards": [NAMES[c] for c in got]})
    w[I_EVENTS].append(e)


_DRAWN_EV: dict = {}  # (seat, cards, cites) -> card_drawn event


def to_deck(w: list, cards: tuple, cites: tuple, seat: int = -1, known_to=None) -> None:
    """Put ``cards`` back into the deck by the proof_shuffle reading: shuffled in ("shuffle":
    a chance node, the cards stay in ``seat``'s hand - or in the exchange pool when
    ``seat`` is -1 - until it resolves), at the bottom ("bottom") or on top ("top").
    ``known_to``: seats that know which cards these are (``None`` = everyone)."""
    how = w[I_RULES].shuffle
    if how == "shuffle":
        w[I_TODO] = (("shuffle", cites, seat, cards, known_to),) + w[I_TODO]
        return
    if seat >= 0:
        for c in cards:
            take_from_hand(w, seat, c)
    else:
        w[I_POOL] = ()
    w[I_DECK] = cards + w[I_DECK] if how == "top" else w[I_DECK] + cards


__all__ = ["CoupState", "Rules", "rules_for", "make_transition", "scratch", "done", "CHANCE",
           "TERMINAL"]

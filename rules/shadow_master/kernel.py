"""The random-play kernel of Shadow Master: the engine's own rule functions on one mutable working
copy for a whole game, no event log kept, for the benchmark and for large simulations (sweeps).

``play(config, seed, rng)`` plays exactly the game that
``rules.core.play.random_play(GAME, GAME.new_game(config, seed), rng)`` plays: the same setup
(:func:`rules.shadow_master.setup.new_state`), at every step the same legal actions in the same
order (:func:`rules.shadow_master.actions.legal`), the same chance outcomes
(:func:`rules.shadow_master.chance.chance_outcomes`, drawn by
:func:`rules.core.chance.weighted_choice` as ``GAME.sample_chance`` draws them) and the same random
numbers drawn in the same order, so the same moves and the same final state.

A chance node is drawn from its ``(value, probability)`` pairs
(:func:`rules.shadow_master.chance.weights`, what ``chance_outcomes`` makes its outcome dicts of)
by :func:`pick`, the index :func:`~rules.core.chance.weighted_choice` picks, found with the same
float sums by bisection; only the drawn outcome's dict is built.  The die's pairs never change;
the Territory deck's counts by card (one pair per card left, in card order) are kept from one
draw to the next (:class:`_DeckCounts`) instead of being counted again from the deck.
``tests/test_shadow_master_kernel.py`` checks that move by move over seeds, at every player count
and under every reading of the ambiguity register; ``trace=[]`` collects the moves as the engine's
action dicts for that check.

Why a second path: ``GAME.apply`` thaws the immutable state into a :class:`~.state.Work`, checks
the action against the legal ones, runs the handlers and freezes the next state (sorted tuples,
new player records) at every step: what undo, the notebooks and the no-mutation check need, and
about two thirds of a step's cost.  Here one :class:`~.state.Work` lives for the whole game and
the handlers (:mod:`.turn`, :mod:`.decisions`, :mod:`.income`, :mod:`.chance`) and the steps after
them (``update_flags``, ``enforce_limit``, ``check_end``, :func:`.flow.advance`) edit it in
place, exactly as ``GAME.apply`` calls them (``update_flags`` and ``check_end`` only after the
position changed - or the supply, under ``ally_token=from_supply`` - : at a position they have
seen they can change nothing, see :func:`play`): the
handlers are not written twice; what it saves is the bookkeeping around them.  The working
copy's ``events`` is ``None``: the rule functions then build no event at all.

Three things are written a second time here, each with its own test against the engine's
function in ``tests/test_shadow_master_kernel.py``: :func:`counted` counts the legal actions of
the steps met most (phase 3, the Territory takes, the sale) in :func:`.actions.legal`'s order and
builds only the drawn one (every index checked against ``legal``, on random and constructed
states); :func:`pick_count` draws a Territory card on integer running counts (checked against
``weighted_choice``, also at the boundaries); and after the steps of :data:`SAFE` the re-sort of
:func:`_as_thawed` is skipped (``CHECK_ORDER`` checks nothing was left to sort).

Between two steps the working copy is put in the order a frozen-then-thawed state has
(:func:`_as_thawed`): ``freeze`` sorts the lists of the state, and the lists whose order a rule
reads (the Kingdom Powers a seat holds: the order taxes are charged in; the castles: the order
captures are checked in) are sorted here the same way, and the alliance cells with them (three
short lists).  The others (deck, discard pile, hands, supplies) are only counted, searched or
sorted by the rules that read them.
"""
from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from itertools import accumulate
from typing import Mapping, NamedTuple

from rules.core.play import _randbelow

from . import decisions, flow, income, turn
from .actions import legal
from .constants import EXCHANGE_FEE, PASS_COST
from .money import spendable
from .powers import exchanges_allowed
from .territory import cards_left
from .chance import act_chance, outcome, weights
from .engine import GAME
from .powers import enforce_limit, update_flags
from .scoring import breakdown, check_end, end_deferred, winners
from .setup import new_state
from .territory import pass_cost
from .state import State, thaw

SOURCES = ("cash", "deposits", "powers", "territory", "shadow")
"""The score sources of a seat, in the order of :attr:`Result.sources` (``score_breakdown``'s)."""


class Result(NamedTuple):
    """The end of one random game.

    ``steps``: actions and chance outcomes applied (as ``random_play`` counts them);
    ``finished``: the game reached its end (else it was cut at ``max_steps``); ``winners``: the
    winning seats (``score_breakdown(state)["winners"]``, empty when not finished); ``scores``:
    each seat's total in Silver (0 for a seat that is out); ``sources``: per seat the Silver of
    :data:`SOURCES` (``score_breakdown``'s ``sources``); ``rounds``: the round the game ended in;
    ``final``: the final :class:`~rules.shadow_master.state.State` (frozen once, at the end)."""

    steps: int
    finished: bool
    winners: tuple
    scores: tuple
    sources: tuple
    rounds: int
    final: State

    def fingerprint(self) -> tuple:
        """What the bench compares with :func:`fingerprint` of the engine's final state."""
        return fingerprint(self.final)


def _scores(state: State) -> tuple[tuple, tuple, tuple]:
    """``(winners, totals, sources)`` of ``state`` as :meth:`GAME.score_breakdown` gives them."""
    parts = [breakdown(state, i) for i in range(len(state.players))]
    totals = tuple(b["total"] for b in parts)
    sources = tuple(tuple(0 if b["out"] else b[k] for k in SOURCES) for b in parts)
    won = tuple(winners(state)) if state.stage == "over" else ()
    return won, totals, sources


def fingerprint(state: State) -> tuple:
    """A final state's winners, scores and score sources, plus everything on the table: the board,
    the players (money, cards, persons, castles), supplies, alliances, castles, decks, the open row,
    the bank and the round (hashable; equal for equal games)."""
    won, totals, sources = _scores(state)
    return (won, totals, sources, state.stage, state.round, tuple(state.position.items()), state.players,
            state.supply, state.black_supply, state.alliances, state.castles, state.castle_supply,
            state.person_supply, state.deck, state.discard, state.row, state.power_decks, state.bank,
            state.rank15, state.last_round)


def _as_thawed(w) -> None:
    """Put ``w``'s order-carrying lists in the order ``thaw(w.freeze())`` would give them."""
    for a in w.alliances:
        if len(a) > 1:
            a.sort()
    if len(w.castles) > 1:
        w.castles.sort(key=_card)
    for p in w.players:
        if len(p.powers) > 1:
            p.powers.sort()


def _card(castle) -> int:
    return castle.card


def pick(ps: list[float], rng: random.Random) -> int:
    """The index :func:`rules.core.chance.weighted_choice` picks among outcomes of probabilities
    ``ps`` (>= 0): ``x = rng.random() * sum(ps)``, then the first outcome whose running sum
    exceeds ``x`` (the last when none does).  The running sums are the same float additions in
    the same order (``itertools.accumulate``), found by bisection instead of a Python loop."""
    return _index(ps, rng.random())


def _index(ps: list[float], r: float) -> int:
    """:func:`pick` for the random number ``r`` (in [0, 1)) already drawn."""
    x = r * sum(ps)
    i = bisect_right(list(accumulate(ps)), x)
    return i if i < len(ps) else len(ps) - 1


MARGIN = 1e-6
"""How far (in cards) ``r * total`` must be from a running count for :func:`pick_count` to trust
the integer sums: the float sums :func:`pick` adds differ from ``count / total`` by at most about
``len(counts) * 2**-52`` (< 1e-13 for the Territory deck's <= 150 distinct cards, times ``total``
< 1e-10 cards), so 1e-6 leaves a wide berth."""


def pick_count(counts: list[int], total: int, rng: random.Random, margin: float = MARGIN) -> int:
    """:func:`pick` over ``[n / total for n in counts]`` (``counts`` > 0, summing to ``total``),
    the same index from the same single ``rng.random()``, found on the integer running counts.

    Why: the float running sums of ``n / total`` are the exact ones ``C_k / total`` up to rounding
    (see :data:`MARGIN`); ``x = r * sum(ps)`` likewise is ``r`` up to rounding.  So unless
    ``r * total`` lies within ``margin`` cards of a running count ``C_k``, the first ``k`` with
    ``C_k > r * total`` is the index the float sums give; near a boundary (about one draw in 10^5)
    the float sums are added as :func:`pick` adds them."""
    r = rng.random()
    running = list(accumulate(counts))
    y = r * total
    i = bisect_right(running, y)
    if i < len(running) and running[i] - y > margin and (i == 0 or y - running[i - 1] > margin):
        return i
    return _index([n / total for n in counts], r)


class _DeckCounts:
    """The Territory deck as ``cards`` (sorted, distinct) and their ``counts``: the pairs
    ``chance.weights`` gives a Territory draw (``n / len(deck)`` per card left).  Kept in step with
    the deck list it was counted from (``deck``, ``size``): a draw takes one card out of it
    (:func:`rules.shadow_master.chance.act_chance`); a reshuffle replaces the list (``refill``),
    so a list that is not the same object of the same length is counted afresh."""

    __slots__ = ("deck", "size", "cards", "counts")

    def __init__(self) -> None:
        self.deck, self.size, self.cards, self.counts = None, -1, [], []

    def of(self, deck: list) -> tuple[list, list]:
        if deck is not self.deck or len(deck) != self.size:
            items = sorted(Counter(deck).items())
            self.cards, self.counts = [k for k, _ in items], [n for _, n in items]
            self.deck, self.size = deck, len(deck)
        return self.cards, self.counts

    def drawn(self, deck: list, card: str) -> None:
        """``card`` was taken out of ``deck`` (the list counted before the draw)."""
        if deck is not self.deck:
            return
        i = bisect_left(self.cards, card)
        if self.counts[i] > 1:
            self.counts[i] -= 1
        else:
            del self.cards[i], self.counts[i]
        self.size -= 1


assert PASS_COST > 0 and pass_cost(3) == 3 * PASS_COST   # the open-row count in play() relies on it

SAFE = frozenset(("chance die", "chance territory", "exchange", "end_turn", "draw", "take_open", "stop_taking",
                  "no_sell", "sell_power", "roll", "skip"))
"""Steps (``chance <kind>`` or an action type) after which :func:`_as_thawed` has nothing to sort
when the queue was empty before and after the handler: none of them (nor what :func:`.flow.advance`
runs after them from an empty queue: the resume labels, the end of the round, income, tax,
upkeep, deposits) appends to a seat's Kingdom Powers (a Power draw does), to the castles
(building, a capture) or to an alliance (an ally); removals keep a sorted list sorted.
``CHECK_ORDER = True`` (the tests) checks that at every such step."""

CHECK_ORDER = False

CHANCE_STEP = {k: "chance " + k for k in ("die", "territory", "power")}
"""The step name (as in :data:`SAFE`) of a chance node of each kind."""


def _sorted_already(w) -> bool:
    """``_as_thawed(w)`` would change nothing (what :data:`SAFE` promises)."""
    return (all(a == sorted(a) for a in w.alliances) and w.castles == sorted(w.castles, key=_card)
            and all(p.powers == sorted(p.powers) for p in w.players))


COUNTED_STEPS = frozenset(("phase3", "phase2", "phase3_take"))
"""The turn steps :func:`counted` counts (with the ``sell`` stage)."""


def counted(w, seat: int, stage: str, draw) -> dict | None:
    """The action random play draws for ``seat`` (no decision queued, stage ``stage``) at the
    steps met most, whose legal list is counted instead of built: phase 3, taking Territory cards
    (phase 2, phase 3 after an exchange) and the end-of-round sale.  ``draw(n)`` is the index
    drawn among ``n`` (``rng._randbelow``: called exactly as ``random_play`` calls it on
    :func:`.actions.legal`'s list, once, also for a single action).  ``None`` at any other step,
    or when ``money_moves`` may list something (then nothing was drawn and the caller takes
    ``legal``'s list).  Each branch says which part of ``legal`` it counts;
    ``tests/test_shadow_master_kernel.py`` enumerates every index against ``legal``."""
    if stage == "turn":
        t = w.turn
        step = t.step
        p = w.players[seat]
        if not (p.moved_money or not any(p.deposits)):   # money_moves' own first test
            return None
        if step == "phase3":
            # an exchange per distinct card held (when one is left this round and the fee can be
            # paid), then end_turn, then money_moves (none here)
            if p.hand and t.exchanges < exchanges_allowed(w, seat) and spendable(w, seat) >= EXCHANGE_FEE:
                held = sorted(set(p.hand))
                i = draw(len(held) + 1)
                if i < len(held):
                    return {"player": seat, "type": "exchange", "card": held[i]}
            else:
                draw(1)
            return {"player": seat, "type": "end_turn"}
        if step == "phase2" or step == "phase3_take":
            # take_options: take_open i for each open card whose passing cost can be paid
            # (pass_cost(i) = PASS_COST * i <= money: a prefix of the row), draw when a card is
            # left; stop_taking in phase 2 under phase2_take=optional; money_moves (none here)
            money = spendable(w, seat)
            n_open = min(len(w.row), money // PASS_COST + 1) if money >= 0 else 0
            more = cards_left(w) > 0
            n = n_open + more + (step == "phase2" and w.config.phase2_take == "optional")
            if not n:
                raise ValueError(f"{GAME!r}: seat {seat} must act but has no legal action")
            i = draw(n)
            if i < n_open:
                return {"player": seat, "type": "take_open", "index": i}
            if more and i == n_open:
                return {"player": seat, "type": "draw"}
            return {"player": seat, "type": "stop_taking"}
        return None
    if stage == "sell":
        # sell_power for each distinct held card (sorted), then no_sell
        held = sorted(set(w.players[seat].powers))
        i = draw(len(held) + 1)
        if i < len(held):
            return {"player": seat, "type": "sell_power", "colour": held[i][0], "kind": held[i][1]}
        return {"player": seat, "type": "no_sell"}
    return None


def play(config, seed: int, rng: random.Random, trace: list | None = None, max_steps: int = 100_000) -> Result:
    """One uniformly random game (see the module docstring): ``config`` a Shadow Master config or
    its fields (``{"players": 4, ...}``; :class:`~rules.core.protocol.BadInput` when invalid),
    ``seed`` the ``new_game`` seed, ``rng`` the play's random numbers; at most ``max_steps`` steps.
    ``trace``: a list that receives each move (action or chance outcome) as the engine's dict.

    The steps met most (phase 3, taking Territory cards, the end-of-round sale) count their legal
    actions without building them (:func:`.actions.legal`'s lists, in its order: see each branch)
    and build only the drawn one; the others take :func:`.actions.legal`'s list."""
    cfg = GAME.make_config(config) if isinstance(config, Mapping) else config
    w = thaw(new_state(cfg, seed))
    w.events = None   # emit(None, ...) keeps nothing: the kernel drops every event
    randbelow = _randbelow(rng)
    colours = w.board.colours
    players = w.players
    die_ps = [1 / len(colours)] * len(colours)   # chance.weights of a die: one face per kingdom colour
    die_total, die_running, n_faces = sum(die_ps), list(accumulate(die_ps)), len(die_ps)
    deck_counts = _DeckCounts()
    act_turn, act_pending, act_end_of_round, advance = turn.act_turn, decisions.act_pending, income.act_end_of_round, flow.advance
    check_order = CHECK_ORDER
    limit_on = cfg.power_limit_excess == "return_lowest"   # else enforce_limit does nothing
    # update_flags and check_end read only the position (its Ranks, colours, black tokens and
    # empty cells; the supply moves only with it) unless allies_rank=merged, where the alliances
    # count too: at a position they have already seen they can change nothing, so they are run
    # again only after the position changed (a new object: positions are never edited in place).
    # Under ally_token=from_supply an alliance token moves the supply without the position (its
    # last token into an X cell: end.two_exhausted), so a changed supply is checked too
    checked, merged = None, cfg.allies_rank == "merged"
    ally_supply, seen_supply = cfg.ally_token == "from_supply", None
    steps = 0
    while steps < max_steps and w.stage != "over":
        c = w.chance
        queued = bool(w.queue)
        if c is not None:
            kind = c.kind
            # GAME.sample_chance: weighted_choice over chance_outcomes, i.e. over chance.weights
            if kind == "territory":
                deck = w.deck
                cards, counts = deck_counts.of(deck)
                card = cards[pick_count(counts, len(deck), rng)]
                a = {"chance": "territory", "card": card}
                act_chance(w, a)
                deck_counts.drawn(deck, card)
            else:
                if kind == "die":
                    # pick(die_ps, rng) with the sum and running sums of the constant die made once
                    i = bisect_right(die_running, rng.random() * die_total)
                    a = {"chance": "die", "colour": colours[i if i < n_faces else n_faces - 1]}
                else:
                    found = weights(w)
                    a = outcome(c, found[pick([p for _, p in found], rng)][0])
                act_chance(w, a)
            kind = CHANCE_STEP[kind]
        else:
            stage = w.stage
            if queued:
                seat = w.queue[0].seat
                a = None
            elif stage == "turn":
                t = w.turn
                seat = t.seat
                a = counted(w, seat, stage, randbelow) if t.step in COUNTED_STEPS else None
            else:
                seat = w.eor_seat
                a = counted(w, seat, stage, randbelow) if stage == "sell" else None
            if a is None:
                options = legal(w, seat)
                if not options:
                    raise ValueError(f"{GAME!r}: seat {seat} must act but has no legal action")
                a = options[randbelow(len(options))]
            kind = a["type"]
            if queued:
                act_pending(w, seat, a)
            elif stage == "turn":
                act_turn(w, seat, a)
            else:
                act_end_of_round(w, seat, a)
        if trace is not None:
            trace.append(a)
        if w.position is not checked or merged or (ally_supply and w.supply != seen_supply):
            update_flags(w)
            if limit_on:
                enforce_limit(w)
            check_end(w)
            checked = None if end_deferred(w) else w.position   # end_mid_attack=after_attack: check again
            if ally_supply:
                seen_supply = w.supply.copy()
        elif limit_on:
            enforce_limit(w)
        # advance returns at once while a chance node is pending (its first test): not called then
        if queued or w.queue or kind not in SAFE:
            if w.chance is None:
                advance(w)
            _as_thawed(w)
        else:
            if w.chance is None:
                advance(w)
            if check_order and not _sorted_already(w):
                raise AssertionError(f"step {steps} ({kind}) left a list unsorted")
        steps += 1
    final = w.freeze()
    won, totals, sources = _scores(final)
    return Result(steps, final.stage == "over", won, totals, sources, final.round, final)

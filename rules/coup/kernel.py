"""The random-play kernel of เกมโค่นอำนาจ: the engine's rules for uniformly random games, with no
event log and no immutable states, for the benchmark and for large simulations.

``play(config, seed, rng)`` plays exactly the game that
``rules.core.play.random_play(GAME, GAME.new_game(config, seed), rng)`` plays: the same deal,
the same legal actions in the same order at every step, the same random numbers drawn in the
same order (a seat of a reaction window, then an action; a whole-deck shuffle at a chance
node), so the same moves and the same final state.  ``tests/test_coup_kernel.py`` checks that
move by move on thousands of seeded games under every reading of the ambiguity register and with
the Reformation; ``trace=[]`` collects the moves as the engine's action dicts for that check.

Why a second path: the engine builds an immutable state, a ``Transition`` and about 51 events
per game with their Thai and English texts and clause ids, and validates every action; that is
what a reader and the notebooks need, and it costs about 6 us a step.  Random play for the
analyzer and the issue's speed goal (``python -m rules bench coup``) needs none of it.  The rules
here are the engine's (same clause ids in the comments); the engine stays the law: any difference
between the two is a bug in this module, caught by the move-by-move test.

Everything is one function over plain local variables and lists (a game is about 36 steps and
every attribute lookup or call on the per-step path shows in the benchmark).  Money lives in one
list: ``money[seat]``, ``money[BANK]``, ``money[ALMS]``.
"""
from __future__ import annotations

import random
from typing import Mapping, NamedTuple

from .actions import distinct, return_options
from .config import CoupConfig
from .setup import deal
from .state import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, NAMES, rules_for
from .state import FACTION as FACTION_PHASE, OVER as OVER_PHASE, TURN as TURN_PHASE

# phases: the engine's decision phases, plus RUN (pending tasks run, no step) and ENDTURN
TURN, CHAL, BLOCK, CHAL_BLOCK, PROVE, LOSE, EXCHANGE, SHOW, EXAMINE, CHANCE, FACTION, RUN, ENDTURN, OVER = range(14)
# kinds of turn action
INCOME, AID, COUP, TAX, STEAL, ASSN, EXCH, EXAM, CONVERT, EMBEZZLE = range(10)
_KIND = ("income", "foreign_aid", "coup", "tax", "steal", "assassinate", "exchange", "examine", "convert",
         "embezzle")
# tasks (the engine's todo queue, flow.run)
T_END, T_LOSE, T_AFTER, T_RESOLVE, T_RET, T_DRAW, T_BLOCKED, T_REFUND, T_SHUFFLE, T_PICK = range(10)

_END = (T_END,)
_RESOLVE = (T_RESOLVE,)
_AFTER = (T_AFTER,)
_BLOCKED = (T_BLOCKED,)
_REFUND = (T_REFUND,)


class Result(NamedTuple):
    """The end of one random game.  ``winner``: seat or -1 (deadlock); ``steps``: actions and
    chance outcomes applied (as counted by ``random_play``); ``turns``: turns begun (the
    engine's ``turn_no``); ``coins``: per seat; ``bank`` / ``alms``: coins there; ``hands`` /
    ``up`` / ``buried``: per seat, sorted face-down cards / face-up lost cards in loss order /
    cards lost face down; ``deck``: top first; ``faction``: per seat (empty without the
    Reformation)."""

    winner: int
    steps: int
    turns: int
    deadlock: bool
    coins: tuple
    bank: int
    alms: int
    hands: tuple
    up: tuple
    buried: tuple
    deck: tuple
    faction: tuple


    def fingerprint(self) -> tuple:
        """What the bench compares with :func:`fingerprint` of the engine's final state."""
        return (self.winner, self.turns, self.deadlock, self.coins, self.bank, self.alms, self.hands, self.up,
                self.buried, self.deck, self.faction)


def fingerprint(state) -> tuple:
    """An engine state's :meth:`Result.fingerprint` (winner, turns, deadlock, money, cards, factions)."""
    return (state.winner, state.turn_no, state.deadlock, state.coins, state.bank, state.alms, state.hands,
            state.up, state.buried, state.deck, state.faction)


def play(config: CoupConfig | Mapping, seed: int, rng: random.Random, trace: list | None = None,
         max_steps: int = 100_000) -> Result:
    """One uniformly random game from ``GAME.new_game(config, seed)``, choosing with ``rng``
    exactly as ``random_play`` does: returns a :class:`Result`.  ``trace``: a list that
    receives every move as the engine's action dict (chance outcomes as
    ``{"chance": "shuffle", "order": [...]}`` / ``{"chance": "examine_pick", "card": ...}``).
    ``max_steps``: stop after that many moves, in the state ``random_play`` stops in.
    Raises ``ValueError`` when a seat to act has no legal action (as ``random_play`` does) and
    :class:`rules.core.protocol.BadInput` for a bad config.  Clauses: those of the engine
    (setup.deal for the deal, shared with it: ``rules.coup.setup.deal``)."""
    if not isinstance(config, CoupConfig):
        from . import GAME
        config = GAME.make_config(config)
    R = rules_for(config)
    n = R.n
    dealt, deck, first = deal(R, seed)
    money = [R.start_coins] * n + [R.total_coins - R.start_coins * n - R.start_alms, R.start_alms]  # almshouse_start
    return _simulate(R, [list(h) for h in dealt], [[] for _ in range(n)], [[] for _ in range(n)], money,
                     list(deck), [0] * n, first, 1, False, FACTION if R.reformation else TURN, rng, trace, max_steps)


def play_from(state, rng: random.Random, trace: list | None = None, max_steps: int = 100_000) -> Result:
    """Random play from an engine state (a :class:`rules.coup.state.CoupState`) at the start of a
    turn or at the faction choice - a saved game, a scenario position, a what-if with
    overrides - exactly as ``random_play(GAME, state, rng)`` plays it.  ``ValueError`` (Thai and
    English) for a state in the middle of a turn: its pending windows are the engine's to run."""
    if state.phase == OVER_PHASE:  # nothing to play: random_play returns the state as it is
        return Result(state.winner, 0, state.turn_no, state.deadlock, state.coins, state.bank, state.alms,
                      state.hands, state.up, state.buried, state.deck, state.faction)
    if state.phase not in (FACTION_PHASE, TURN_PHASE) or state.todo or state.act[0]:
        raise ValueError("เริ่มเล่นสุ่มได้เฉพาะตอนต้นเทิร์น / random play starts only at the start of a turn "
                         f"(phase {state.phase}, not mid-turn)")
    R = state.rules
    money = list(state.coins) + [state.bank, state.alms]
    return _simulate(R, [list(h) for h in state.hands], [list(u) for u in state.up], [list(b) for b in state.buried],
                     money, list(state.deck), list(state.faction) if R.reformation else [0] * R.n, state.turn,
                     state.turn_no, state.forced, FACTION if state.phase == FACTION_PHASE else TURN, rng, trace,
                     max_steps)


def _simulate(R, hands: list, up: list, buried: list, money: list, deck: list, faction: list, turn: int,
              turn_no: int, forced: bool, phase: int, rng: random.Random, trace: list | None,
              max_steps: int) -> Result:
    """The game loop of :func:`play` and :func:`play_from` (all arguments are edited in place)."""
    n = R.n
    BANK, ALMS = n, n + 1
    reform = R.reformation
    after = R.after
    order_from = tuple(after[s] + (s,) for s in range(n))
    seats = R.seats
    randbelow = rng._randbelow if type(rng) is random.Random else rng.randrange
    shuffle = rng.shuffle
    # config, read once
    unlimited = R.unlimited
    coup_cost, assn_cost, forced_at = R.coup_cost, R.assassin_cost, R.forced_at
    g_income, g_aid, g_tax, g_steal = R.income, R.aid, R.tax, R.steal
    has_amb, has_inq = R.has_amb, R.has_inq
    steal_blockers = R.steal_blockers
    target_only, seat_order = R.target_only, R.seat_order
    refund_rule = R.refund
    reshuffle = R.shuffle
    steal_min, steal_gone = R.steal_min, R.steal_gone
    examine_random, forced_inq = R.examine_random, R.forced_inquisitor_exchange
    draw_amb, draw_inq = R.draw_amb, R.draw_inq
    conv_self, conv_other, conv_to = R.convert_self, R.convert_other, (ALMS if R.alms_gets_conversion else BANK)
    denied, face_down_concede = R.denied, R.concede_face_down
    emb_challenger_loses = R.embezzle_challenger_loses
    must_prove = R.must_prove  # ambiguity decline_proof
    each_chooses = R.each_chooses  # ambiguity faction_choice
    one_window = R.one_window  # ambiguity window_order
    fac_left: list | None = None  # seats still to pick a faction (each_chooses)
    lift = R.one_faction == "lift_restrictions"
    waive = R.one_faction == "waive_forced_coup"
    deadlock_rule = reform and R.one_faction == "deadlock"
    dead_to_bank = R.dead_coins_to_bank
    tr = trace.append if trace is not None else None

    def restricted(a: int, b: int) -> bool:
        # reformation.same_faction; ambiguity one_faction_left (lift_restrictions)
        if faction[a] != faction[b]:
            return False
        if lift:
            first_f = -1
            for s in seats:
                if hands[s]:
                    if first_f < 0:
                        first_f = faction[s]
                    elif faction[s] != first_f:
                        return True
            return False
        return True

    def stuck(seat: int) -> bool:
        # one_faction=deadlock: a forced coup with no legal target (flow.check_deadlock)
        return not any(hands[t] and not restricted(seat, t) for t in after[seat])

    def from_bank(seat: int, amount: int) -> None:
        # ambiguity treasury_start: the bank pays what it has
        if not unlimited and amount > money[BANK]:
            amount = max(money[BANK], 0)
        money[seat] += amount
        money[BANK] -= amount

    def pick(hand: list) -> int:
        """A uniformly random choice among the distinct cards of a hand (what to lose or show)."""
        d = distinct(hand)
        return d[randbelow(len(d))]

    def lose(seat: int, card: int, face_down: bool = False) -> int:
        """challenge.fail / challenger_loses / lose_both: the card leaves the hand for good;
        returns the winner when one seat is left (end.last_player), else -1."""
        hand = hands[seat]
        hand.remove(card)
        (buried if face_down else up)[seat].append(card)
        if hand:
            return -1
        if dead_to_bank and money[seat]:  # ambiguity eliminated_coins
            money[BANK] += money[seat]
            money[seat] = 0
        alive = [s for s in seats if hands[s]]
        return alive[0] if len(alive) == 1 else -1

    cur = turn
    window: list = []
    kind = target = claim = blocker = bclaim = challenger = claimant = shown = -1
    todo: list = []
    pool: list = []
    winner = -1
    deadlock = False
    steps = 0

    while True:
        if steps >= max_steps and phase != RUN and phase != ENDTURN:
            break  # random_play stops after an apply, which has already run the tasks it queued
        if phase == CHAL or phase == CHAL_BLOCK or phase == BLOCK:
            # a reaction window: a seat of it, then pass or react (challenge.bluff, details.block_optional)
            if seat_order:
                for seat in order_from[turn]:
                    if seat in window:
                        break
                randbelow(1)
            else:
                seat = window[randbelow(len(window))]
            steps += 1
            if phase == BLOCK:
                blocks = (DUKE,) if kind == AID else steal_blockers if kind == STEAL else (CONTESSA,)
                r = randbelow(1 + len(blocks))
                if r:
                    if tr:
                        tr({"player": seat, "type": "block", "character": NAMES[blocks[r - 1]]})
                    blocker, bclaim = seat, blocks[r - 1]  # details.block_may_lie
                    window = [t for t in after[seat] if hands[t]]
                    window.sort()
                    phase = CHAL_BLOCK
                    continue
            elif one_window and phase == CHAL and (kind == STEAL or kind == ASSN) and (
                    (seat == target if target_only else True) and not (reform and restricted(turn, seat))):
                # ambiguity window_order = one_window: pass, challenge or block at once
                blocks = steal_blockers if kind == STEAL else (CONTESSA,)
                r = randbelow(2 + len(blocks))
                if r >= 2:
                    if tr:
                        tr({"player": seat, "type": "block", "character": NAMES[blocks[r - 2]]})
                    blocker, bclaim = seat, blocks[r - 2]  # details.block_may_lie
                    window = [t for t in after[seat] if hands[t]]
                    window.sort()
                    phase = CHAL_BLOCK
                    continue
                if r == 1:
                    if tr:
                        tr({"player": seat, "type": "challenge"})
                    challenger = seat
                    claimant = turn
                    window = []
                    phase = PROVE
                    continue
            elif randbelow(2):
                if tr:
                    tr({"player": seat, "type": "challenge"})
                challenger = seat
                claimant = blocker if phase == CHAL_BLOCK else turn
                window = []
                phase = PROVE
                continue
            if tr:
                tr({"player": seat, "type": "pass"})
            window.remove(seat)
            if window:
                continue
            todo = [_AFTER if phase == CHAL else _RESOLVE if phase == BLOCK else _BLOCKED]
            phase = RUN
            continue

        if phase == ENDTURN:  # flow.end_turn (actions.coup_forced, details.ten_coins)
            for nxt in after[turn]:
                if hands[nxt]:
                    break
            turn = cur = nxt
            turn_no += 1
            forced = money[nxt] >= forced_at
            phase = TURN
            kind = target = claim = blocker = bclaim = shown = -1
            pool = []
            if forced and deadlock_rule and stuck(nxt):
                deadlock = True
                phase = OVER
            continue

        if phase == TURN:  # setup.first_turn: one action of the seat whose turn it is
            p = turn
            c = money[p]
            others = [t for t in after[p] if hands[t]]
            open_ = [t for t in others if not restricted(p, t)] if reform else others
            m = len(open_)
            steps += 1
            target = -1
            if forced and (m or not waive):  # actions.coup_forced
                if not m:
                    raise ValueError(f"seat {p} must act but has no legal action")
                kind, target = COUP, open_[randbelow(m)]
            else:
                steal_t = [t for t in open_ if money[t] >= steal_min] if steal_min else open_
                n_coup = m if c >= coup_cost else 0
                n_assn = m if c >= assn_cost else 0
                total = 3 + n_coup + len(steal_t) + n_assn + has_amb + ((1 + len(others)) if has_inq else 0)
                if reform:
                    total += (c >= conv_self) + (len(others) if c >= conv_other else 0) + 1
                i = randbelow(total)
                if i < 2:
                    kind = i  # INCOME, AID
                else:
                    i -= 2
                    kind = -1
                    if i < n_coup:
                        kind, target = COUP, open_[i]
                    else:
                        i -= n_coup
                        if i == 0:
                            kind = TAX
                        else:
                            i -= 1
                            if i < len(steal_t):
                                kind, target = STEAL, steal_t[i]
                            else:
                                i -= len(steal_t)
                                if i < n_assn:
                                    kind, target = ASSN, open_[i]
                                else:
                                    i -= n_assn
                    if kind < 0:
                        if has_amb:
                            if i == 0:
                                kind, claim = EXCH, AMBASSADOR
                            i -= 1
                        if kind < 0 and has_inq:
                            if i == 0:
                                kind, claim = EXCH, INQUISITOR
                            elif i <= len(others):
                                kind, target = EXAM, others[i - 1]
                            i -= 1 + len(others)
                        if kind < 0:  # reform: convert self, convert others, embezzle
                            if c >= conv_self:
                                if i == 0:
                                    kind, target = CONVERT, p
                                i -= 1
                            if kind < 0 and c >= conv_other:
                                if i < len(others):
                                    kind, target = CONVERT, others[i]
                                i -= len(others)
                            if kind < 0:
                                kind = EMBEZZLE
            if tr:
                a = {"player": p, "type": _KIND[kind]}
                if kind == EXCH:
                    a["character"] = NAMES[claim]
                elif target >= 0:
                    a["target"] = target
                tr(a)
            if kind == INCOME:  # actions.income
                from_bank(p, g_income)
                phase = ENDTURN
            elif kind == COUP:  # actions.coup
                money[p] -= coup_cost
                money[BANK] += coup_cost
                todo = [(T_LOSE, target), _END]
                phase = RUN
            elif kind == AID:  # actions.foreign_aid: anyone may block with a Duke claim
                window = [s for s in after[p] if hands[s] and not (reform and restricted(p, s))]
                if window:
                    window.sort()
                    phase = BLOCK
                else:
                    todo = [_RESOLVE]
                    phase = RUN
            elif kind == CONVERT:  # reformation.conversion
                cost = conv_self if target == p else conv_other
                money[p] -= cost
                money[conv_to] += cost
                faction[target] = 1 - faction[target]
                phase = ENDTURN
            else:  # a character claim, open to challenge by every other living seat (challenge.bluff)
                if kind == TAX:
                    claim = DUKE
                elif kind == STEAL:
                    claim = CAPTAIN
                elif kind == ASSN:
                    claim = ASSASSIN
                    money[p] -= assn_cost
                    money[BANK] += assn_cost
                elif kind == EXAM:
                    claim = INQUISITOR
                elif kind == EMBEZZLE:
                    claim = denied
                window = sorted(others)
                phase = CHAL
            continue

        if phase == RUN:  # flow.run: one pending task
            task = todo[0]
            tag = task[0]
            if tag == T_END:
                del todo[0]
                phase = ENDTURN
            elif tag == T_LOSE:
                if hands[task[1]]:
                    phase, cur = LOSE, task[1]
                else:
                    del todo[0]
            elif tag == T_SHUFFLE or tag == T_PICK:
                phase = CHANCE
            elif tag == T_RET:  # challenge.return_card (ambiguity proof_shuffle)
                del todo[0]
                if reshuffle == "shuffle":
                    todo.insert(0, (T_SHUFFLE, task[1], task[2]))
                else:
                    for card in task[2]:
                        hands[task[1]].remove(card)
                    deck = list(task[2]) + deck if reshuffle == "top" else deck + list(task[2])
            elif tag == T_DRAW:  # challenge.draw_new
                del todo[0]
                k = task[2]
                hand = hands[task[1]]
                hand += deck[:k]
                del deck[:k]
                hand.sort()
            elif tag == T_BLOCKED:
                del todo[0]
                if kind == ASSN and refund_rule == "whenever_not_resolved":
                    from_bank(turn, assn_cost)
                phase = ENDTURN
            elif tag == T_REFUND:  # ambiguity assassin_refund
                del todo[0]
                from_bank(turn, assn_cost)
            else:  # T_AFTER, T_RESOLVE
                del todo[0]
                if tag == T_AFTER and (kind == STEAL or kind == ASSN) and hands[target] and not one_window:
                    # the claim stands: the block window (ambiguity who_blocks)
                    if target_only:
                        window = [target] if not (reform and restricted(turn, target)) else []
                    else:
                        window = [s for s in after[turn] if hands[s] and not (reform and restricted(turn, s))]
                        window.sort()
                    if window:
                        phase = BLOCK
                        continue
                # turn.resolve: the action takes effect
                if kind == AID:
                    from_bank(turn, g_aid)
                elif kind == TAX:
                    from_bank(turn, g_tax)
                elif kind == STEAL:
                    if hands[target] or steal_gone:
                        amount = money[target] if money[target] < g_steal else g_steal
                        money[target] -= amount
                        money[turn] += amount
                elif kind == ASSN:
                    if hands[target]:
                        todo[0:0] = [(T_LOSE, target), _END]
                        continue
                    if refund_rule == "whenever_not_resolved":
                        from_bank(turn, assn_cost)
                elif kind == EXCH:  # characters.ambassador_exchange, inquisitor.exchange
                    k = draw_amb if claim == AMBASSADOR else draw_inq
                    pool = deck[:k]
                    del deck[:k]
                    phase, cur = EXCHANGE, turn
                    continue
                elif kind == EXAM:  # inquisitor.examine
                    if hands[target]:
                        hand = hands[target]
                        if hand[0] == hand[-1]:
                            shown = hand[0]
                            phase = EXAMINE
                        elif examine_random:
                            todo.insert(0, (T_PICK, target))
                            phase = CHANCE
                        else:
                            phase, cur = SHOW, target
                        continue
                elif kind == EMBEZZLE:  # reformation.embezzle
                    money[turn] += money[ALMS]
                    money[ALMS] = 0
                if not todo:
                    phase = ENDTURN
            continue

        if phase == PROVE:  # challenge.prove / challenge.fail
            p = claimant
            hand = hands[p]
            if blocker >= 0:
                can = bclaim in hand
            elif kind == EMBEZZLE:
                can = claim < 0 or claim not in hand
            else:
                can = claim in hand
            d = distinct(hand)
            if can and must_prove and (blocker >= 0 or kind != EMBEZZLE):
                r = randbelow(1)  # the only legal action: prove
            else:
                r = randbelow(can + len(d))
            steps += 1
            if can and r == 0:
                if tr:
                    tr({"player": p, "type": "prove"})
                if kind == EMBEZZLE and blocker < 0:  # reformation.embezzle_prove
                    shown_hand = tuple(hand)
                    todo = ([(T_LOSE, challenger)] if emb_challenger_loses else []) + \
                        [(T_RET, p, shown_hand), (T_DRAW, p, len(shown_hand)), _RESOLVE]
                else:  # challenge.challenger_loses, return_card, draw_new, details.proven_continues
                    todo = [(T_LOSE, challenger), (T_RET, p, (bclaim if blocker >= 0 else claim,)), (T_DRAW, p, 1),
                            _BLOCKED if blocker >= 0 else _AFTER]
                phase = RUN
                continue
            card = d[r - can]
            if tr:
                tr({"player": p, "type": "lose", "card": NAMES[card]})
            face_down = False
            if blocker >= 0:
                todo = [_RESOLVE]
            elif kind == EMBEZZLE:  # reformation.embezzle_concede (ambiguity concede_loss)
                todo = [_END]
                face_down = face_down_concede
            elif kind == ASSN and refund_rule != "never":
                todo = [_REFUND, _END]
            else:
                todo = [_END]
            winner = lose(p, card, face_down)
            if winner >= 0:
                phase = OVER
                break
            phase = RUN
            continue

        if phase == LOSE:  # every influence loss is the losing seat's choice
            p = cur
            card = pick(hands[p])
            steps += 1
            if tr:
                tr({"player": p, "type": "lose", "card": NAMES[card]})
            del todo[0]
            winner = lose(p, card)
            if winner >= 0:
                phase = OVER
                break
            phase = RUN
            continue

        if phase == CHANCE:
            task = todo.pop(0)
            steps += 1
            if task[0] == T_SHUFFLE:  # challenge.return_card: shuffled back (chance node)
                deck = deck + list(task[2])
                shuffle(deck)
                if tr:
                    tr({"chance": "shuffle", "order": [NAMES[c] for c in deck]})
                if task[1] >= 0:
                    for card in task[2]:
                        hands[task[1]].remove(card)
                else:
                    pool = []
                phase = RUN
            else:  # ambiguity examine_pick = random
                hand = hands[task[1]]
                shown = hand[randbelow(len(hand))]
                if tr:
                    tr({"chance": "examine_pick", "card": NAMES[shown]})
                phase = EXAMINE
            continue

        if phase == EXCHANGE:  # return as many cards as were drawn
            p = cur
            opts = return_options(tuple(sorted(hands[p] + pool)), len(pool))
            returned, kept = opts[randbelow(len(opts))]
            steps += 1
            if tr:
                tr({"player": p, "type": "exchange_return", "return": [NAMES[c] for c in returned]})
            hands[p] = list(kept)
            todo = [_END]
            if reshuffle == "shuffle":
                pool = list(returned)
                todo.insert(0, (T_SHUFFLE, -1, returned))
            else:
                pool = []
                deck = list(returned) + deck if reshuffle == "top" else deck + list(returned)
            phase = RUN
            continue

        if phase == SHOW:  # inquisitor.examine: the examined seat picks the card to show
            shown = pick(hands[cur])
            steps += 1
            if tr:
                tr({"player": cur, "type": "show", "card": NAMES[shown]})
            phase = EXAMINE
            continue

        if phase == EXAMINE:  # inquisitor.examine: force an exchange or let keep (ambiguity examine_force)
            force = randbelow(2) == 0
            steps += 1
            if tr:
                tr({"player": turn, "type": "force_exchange" if force else "let_keep"})
            if force and forced_inq:
                pool = deck[:draw_inq]
                del deck[:draw_inq]
                phase, cur = EXCHANGE, target
                todo = []
            else:
                todo = [(T_RET, target, (shown,)), (T_DRAW, target, 1), _END] if force else [_END]
                phase = RUN
            shown = -1
            continue

        if phase == FACTION:  # reformation.factions: the first player picks, the others alternate
            f = randbelow(2)
            steps += 1
            if tr:
                tr({"player": cur, "type": "choose_faction", "faction": f})
            if each_chooses:  # ambiguity faction_choice: each seat picks in turn, clockwise
                if fac_left is None:
                    fac_left = list(after[turn])
                faction[cur] = f
                if fac_left:
                    cur = fac_left.pop(0)
                    continue
                cur = turn
            else:
                for k in range(n):
                    faction[(turn + k) % n] = f if k % 2 == 0 else 1 - f
            phase = TURN
            if forced and deadlock_rule and stuck(turn):
                deadlock = True
                phase = OVER
            continue

        break  # OVER

    return Result(winner, steps, turn_no, deadlock, tuple(money[:n]), money[BANK], money[ALMS],
                  tuple(map(tuple, hands)), tuple(map(tuple, up)), tuple(map(tuple, buried)), tuple(deck),
                  tuple(faction) if reform else ())


def bench(players: int = 4, seconds: float = 2.0, seed: int = 0, config: Mapping | None = None) -> dict:
    """Random legal games for ``seconds`` through the kernel, the same games as
    ``python -m rules bench coup`` plays through the engine (same seeds, same ``rng``):
    ``{games, steps, seconds, games_per_s, steps_per_s}``."""
    import time

    from . import GAME
    cfg = GAME.make_config(dict(config or {}, players=players))
    rng = random.Random(seed)
    games = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        steps += play(cfg, seed + games, rng).steps
        games += 1
    dt = time.perf_counter() - t0
    return {"players": players, "games": games, "steps": steps, "seconds": round(dt, 3),
            "games_per_s": round(games / dt, 2), "steps_per_s": round(steps / dt, 1)}


__all__ = ["play", "play_from", "bench", "fingerprint", "Result"]

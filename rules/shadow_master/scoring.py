"""The end of the game and the final count (clauses end.*, scoring.*).

The end is triggered when only 3 empty cells remain (``end.three_empty``), a kingdom reaches
Rank 30 (``end.rank30``) or two colours have placed all their tokens (``end.two_exhausted``);
the current round is finished and one more, last round is played (``end.trigger_final_round``).
The text counts no rounds: a game in which none of these ever holds (everyone skips) has no end of
its own; ambiguity ``round_limit`` says what then (:func:`check_round_limit`).
Final value: Silver (cash and deposits), held Powers at their Rank value, 5 per Territory card,
Shadow Master cards at their price (``scoring.*``); the highest total wins.
"""
from __future__ import annotations

from rules.core.ambiguity import ambiguity_ref
from rules.core.events import emit
from rules.core.protocol import end_reason as protocol_end_reason
from .powers import card_value, kingdom_ranks
from .tables import tables

TERRITORY_VALUE = 5  # scoring.territory
END_EMPTY = 3        # end.three_empty
END_RANK = 30        # end.rank30
END_EXHAUSTED = 2    # end.two_exhausted
ROUND_LIMIT = "round_limit"
"""The end condition of ambiguity ``round_limit`` (no clause: its events cite the round's definition)."""
ROUND_REF = ambiguity_ref("shadow_master", ROUND_LIMIT)
"""How texts name that entry, Thai and English (the register's words, not its id)."""
LAST_ROUND = {"none": None, "last_round_40": 40}
"""The last round under each reading of ambiguity ``round_limit`` (``None``: the text's ends only;
the engine's safety stop ``config.round_cap()``, no rule, still closes a game that never ends)."""


def end_conditions(w) -> list[str]:
    """Clause ids of the end conditions that hold now."""
    out = []
    if len(w.board.cells) - len(w.position) <= END_EMPTY:
        out.append("end.three_empty")
    if max(kingdom_ranks(w)) >= END_RANK:
        out.append("end.rank30")
    if w.supply.count(0) >= END_EXHAUSTED:
        out.append("end.two_exhausted")
    return out


ATTACK_DECISIONS = ("front", "remove", "siege")
"""The decisions an attack queues for the placer (``attack.three_fronts``, the removal, ``attack.siege``)."""


def end_deferred(w) -> bool:
    """Under the reading ``after_attack`` of ambiguity ``end_mid_attack``, an attack still waiting
    for the placer's decisions holds the end check back until it is done."""
    return w.config.end_mid_attack == "after_attack" and any(q.kind in ATTACK_DECISIONS for q in w.queue)


def check_end_before_attack(w) -> None:
    """Called by :func:`.attack.start` once a token stands, before its attack takes any token off:
    under the default reading ``on_placement`` of ambiguity ``end_mid_attack`` an end condition the
    placement brought about begins the end even if the attack then undoes it (whether or not the
    attack waits for a decision of the placer)."""
    if w.config.end_mid_attack == "on_placement":
        check_end(w)


def check_end(w) -> None:
    """Trigger the end once: the round after this one is the last (``end.trigger_final_round``);
    not while an attack's decisions are owed under ``end_mid_attack=after_attack`` (:func:`end_deferred`)."""
    if w.end_triggered or end_deferred(w):
        return
    conds = end_conditions(w)
    if conds:
        w.end_triggered = True
        w.end_conditions = tuple(conds)
        w.last_round = w.round + 1
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "end_triggered", None, end_cites(conds),
                 f"เข้าสู่ช่วงจบเกม: เล่นจบรอบนี้และอีก 1 รอบ (รอบสุดท้ายคือรอบ {w.last_round})",
                 f"the end is triggered: finish this round and play one more (last round {w.last_round})",
                 conditions=conds, last_round=w.last_round)


def end_cites(conds) -> tuple[str, ...]:
    """The clauses an end triggered by ``conds`` cites: ``end.trigger_final_round`` and each
    condition's clause (:data:`ROUND_LIMIT`, a register reading, cites ``order.round_definition``)."""
    return ("end.trigger_final_round", *("order.round_definition" if c == ROUND_LIMIT else c for c in conds))


def check_round_limit(w) -> None:
    """At the end of a round (``flow.round_end``, after :func:`check_end`): under the reading
    ``last_round_40`` of ambiguity ``round_limit``, the end of round 39 triggers the end as the
    text's conditions do (``end.trigger_final_round``: one more round), so round 40 is the last;
    an end already triggered keeps its own last round.  Reading ``none``: nothing."""
    last = LAST_ROUND[w.config.round_limit]
    if w.end_triggered or last is None or w.round < last - 1:
        return
    w.end_triggered = True
    w.end_conditions = (ROUND_LIMIT,)
    w.last_round = w.round + 1
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "end_triggered", None, end_cites(w.end_conditions),
             f"ครบจำนวนรอบที่กำหนด ({ROUND_REF[0]}): รอบถัดไปคือรอบสุดท้าย (รอบ {w.last_round})",
             f"the round limit is reached ({ROUND_REF[1]}): the next round is the last (round {w.last_round})",
             conditions=list(w.end_conditions), last_round=w.last_round)


def breakdown(s, seat: int) -> dict:
    """Final value of ``seat`` in Silver: ``{cash, deposits, powers, territory, shadow, total}``."""
    p = s.players[seat]
    sh = tables().shadow
    parts = {
        "cash": p.cash,
        "deposits": sum(p.deposits),
        "powers": sum(card_value(s, c) for c, _ in p.powers),
        "territory": TERRITORY_VALUE * len(p.hand),
        "shadow": sum(sh.prices(s.config.shadow_prices).persons[x] for x in p.persons) + sh.castle_tables[s.config.castle_values].end_value * len(p.castles),
    }
    parts["total"] = 0 if p.out else sum(parts.values())
    parts["out"] = p.out
    return parts


def winners(s) -> list[int]:
    """Seats with the highest total among those still in (``scoring.winner``).

    A tie (the text does not break it: ambiguity ``final_tie``): ``shared`` (default) - all tied
    seats win; ``most_silver`` - among them, the most Silver (cash + deposits) wins, still tied
    seats share."""
    totals = {i: breakdown(s, i)["total"] for i, p in enumerate(s.players) if not p.out}
    if not totals:
        return []
    best = max(totals.values())
    top = sorted(i for i, t in totals.items() if t == best)
    if len(top) > 1 and s.config.final_tie == "most_silver":
        silver = {i: s.players[i].cash + sum(s.players[i].deposits) for i in top}
        most = max(silver.values())
        top = [i for i in top if silver[i] == most]
    return top


def game_over(w) -> None:
    """Close the game: the final count as an event."""
    w.stage = "over"
    w.turn = None
    w.queue = []
    w.chance = None
    w.resume = ""
    frozen = w.freeze()
    scores = [breakdown(frozen, i) for i in range(len(w.players))]
    win = winners(frozen)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "game_over", None, ("scoring.money", "scoring.powers", "scoring.territory", "scoring.shadow_master",
                                    "scoring.winner", "money.deposit_owned", "money.gold", "shadow.persons_value"),
             "จบเกม ผู้ชนะ: " + ", ".join(f"ผู้เล่น {i + 1}" for i in win),
             "game over; winner(s): " + ", ".join(f"player {i + 1}" for i in win),
             scores=scores, winners=win)


END_TH = {"end.three_empty": "เหลือช่องว่าง 3 ช่อง", "end.rank30": "อาณาจักรถึง Rank 30",
          "end.two_exhausted": "สองสีวางโทเคนหมด", ROUND_LIMIT: f"ครบจำนวนรอบที่กำหนด ({ROUND_REF[0]})"}
END_EN = {"end.three_empty": "3 empty cells left", "end.rank30": "a kingdom reached Rank 30",
          "end.two_exhausted": "two colours placed all their tokens",
          ROUND_LIMIT: f"the round limit was reached ({ROUND_REF[1]})"}


def end_reason(s) -> dict | None:
    """Why the game ended (``None`` while it goes on).  ``last_standing``: every other player went
    bankrupt (bankruptcy.out); ``final_round``: the end was triggered (``end_conditions``:
    end.three_empty, end.rank30, end.two_exhausted; or ambiguity ``round_limit``) and the last round
    was played (end.trigger_final_round); ``round_cap``: the engine's safety stop after
    ``config.round_cap()`` rounds (no rule; it cites the round's definition, as its event does)."""
    if s.stage != "over":
        return None
    if sum(not p.out for p in s.players) <= 1:
        return protocol_end_reason("last_standing", "ผู้เล่นคนอื่นล้มละลายหมด เหลือคนเดียว",
                                   "every other player went bankrupt", ("bankruptcy.out", "scoring.winner"))
    if s.end_triggered and s.round >= s.last_round:
        conds = list(s.end_conditions)
        th = " และ ".join(END_TH.get(c, c) for c in conds)
        en = " and ".join(END_EN.get(c, c) for c in conds)
        return protocol_end_reason("final_round", "เล่นรอบสุดท้ายจบ" + (f" (เริ่มช่วงจบเพราะ{th})" if th else ""),
                                   "the last round was played" + (f" (the end was triggered: {en})" if en else ""),
                                   end_cites(conds))
    return protocol_end_reason("round_cap", f"ถึงจำนวนรอบสูงสุดที่เอนจินกำหนด ({s.config.round_cap()}) ไม่ใช่กติกา "
                                            f"({ROUND_REF[0]})",
                               f"engine safety stop after {s.config.round_cap()} rounds (not a rule; {ROUND_REF[1]})",
                               ("order.round_definition",))

"""The rule area of Toy Pig: a roll, a bust, a hold, and who wins (clauses play.*, end.*)."""
from __future__ import annotations

import dataclasses

from ..core.ambiguity import ambiguity_ref
from ..core.base import player_words
from ..core.events import emit
from ..core.protocol import end_reason as protocol_end_reason
from .config import BUST_FACE
from .state import State


def seat_name(seat: int) -> tuple[str, str]:
    """(Thai, English) name of a seat as every label shows it: the engine's ``seat_words``
    (:func:`rules.core.base.player_words`)."""
    return player_words(seat)


def next_seat(s: State) -> int:
    """The seat after ``s.turn``, clockwise (setup.order)."""
    return (s.turn + 1) % s.players


def choose_roll(s: State, log: list) -> State:
    """The seat chooses to roll (play.choose): the die is thrown next (a chance node)."""
    th, en = seat_name(s.turn)
    emit(log, "roll_chosen", s.turn, ("play.choose",), f"{th} เลือกทอยเต๋า", f"{en} chooses to roll")
    return dataclasses.replace(s, rolling=True)


def roll(s: State, value: int, log: list) -> State:
    """The die shows ``value``: a bust (play.bust) or points into the turn total (play.roll)."""
    th, en = seat_name(s.turn)
    if value == BUST_FACE:
        emit(log, "bust", s.turn, ("play.roll", "play.bust"),
             f"{th} ทอยได้ {value} เสียแต้มในตา {s.pending} แต้ม จบตา",
             f"{en} rolled {value}: loses the turn total of {s.pending}, turn over", value=value, lost=s.pending)
        return end_turn(dataclasses.replace(s, rolling=False, pending=0), log)
    emit(log, "rolled", s.turn, ("play.roll",), f"{th} ทอยได้ {value} แต้มในตาเป็น {s.pending + value}",
         f"{en} rolled {value}: turn total {s.pending + value}", value=value)
    return dataclasses.replace(s, rolling=False, pending=s.pending + value)


def hold(s: State, log: list) -> State:
    """Bank the turn total (play.hold); the target may end the game (end.win, ambiguity end_timing)."""
    scores = list(s.scores)
    scores[s.turn] += s.pending
    th, en = seat_name(s.turn)
    emit(log, "hold", s.turn, ("play.hold",), f"{th} หยุด เก็บ {s.pending} แต้ม รวม {scores[s.turn]}",
         f"{en} holds: banks {s.pending}, score {scores[s.turn]}", banked=s.pending, score=scores[s.turn])
    s = dataclasses.replace(s, scores=tuple(scores), pending=0)
    if scores[s.turn] >= s.config.target:
        if s.config.end_timing == "immediate":
            return finish(s, log)
        if not s.final_round:
            emit(log, "final_round", s.turn, ("end.win",),
                 f"{th} ถึง {s.config.target} แต้ม เล่นต่อให้ครบรอบ ({ambiguity_ref('toy_pig', 'end_timing', 'equal_turns')[0]})",
                 f"{en} reached {s.config.target}: the round is played out "
                 f"({ambiguity_ref('toy_pig', 'end_timing', 'equal_turns')[1]})")
            s = dataclasses.replace(s, final_round=True)
    return end_turn(s, log)


def end_turn(s: State, log: list) -> State:
    """Pass the turn clockwise; under ``equal_turns`` the round's end ends a final round."""
    nxt = next_seat(s)
    if s.final_round and nxt == 0:
        return finish(s, log)
    return dataclasses.replace(s, turn=nxt)


def winners_of(s: State) -> tuple[int, ...]:
    """The winning seats: highest score (end.win), then highest secret card (end.tiebreak), then
    ambiguity ``secret_tie`` (all share, or the earliest seat)."""
    best = max(s.scores)
    tied = [i for i, v in enumerate(s.scores) if v == best]
    top = max(s.secrets[i] for i in tied)
    tied = [i for i in tied if s.secrets[i] == top]
    return tuple(tied[:1]) if s.config.secret_tie == "earliest_seat" else tuple(tied)


def finish(s: State, log: list) -> State:
    """End the game and name the winners."""
    won = winners_of(s)
    best = max(s.scores)
    tie = sum(1 for v in s.scores if v == best) > 1
    cites = ("end.win", "end.tiebreak") if tie else ("end.win",)
    names_th = ", ".join(seat_name(i)[0] for i in won)
    names_en = ", ".join(seat_name(i)[1] for i in won)
    emit(log, "game_over", None, cites, f"จบเกม {names_th} ชนะด้วย {best} แต้ม",
         f"game over: {names_en} win{'s' if len(won) == 1 else ''} with {best}", winners=list(won))
    return dataclasses.replace(s, winners=won, rolling=False)


def end_reason(s: State) -> dict | None:
    """Why the game ended (``None`` while it goes on): a hold reached the target (end.win), at once
    (``end_timing=immediate``) or with the round then played out (``equal_turns``)."""
    if s.winners is None:
        return None
    if s.config.end_timing == "immediate":
        return protocol_end_reason("target_reached", f"ถึง {s.config.target} แต้ม เกมจบทันที",
                                   f"a score reached {s.config.target}: the game ends at once", ("end.win",))
    return protocol_end_reason("round_played_out", f"ถึง {s.config.target} แต้มแล้วเล่นครบรอบ",
                               f"a score reached {s.config.target} and the round was played out", ("end.win",))

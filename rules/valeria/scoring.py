"""The end of the game and the score (end.trigger_and_scoring, intro.goal; ambiguity
excess_influence_scoring): end-game champions, 1 VP per die left, winners by VP then influence."""
from __future__ import annotations

from ..core.ambiguity import ambiguity_ref
from ..core.events import emit
from ..core.protocol import end_reason as protocol_end_reason
from .board import score
from .champions import end_vp
from .config import END_VP_PER_DIE, EXCESS_INFLUENCE_RATE, PLANS_TO_END, START_INFLUENCE, VP_SOURCES
from .data import load
from .state import seat_name


def finish(w, log) -> None:
    """Score the end (end-game champions, dice left, excess influence by reading), name the winners."""
    for seat in range(w.n):
        p = w.players[seat]
        for cid, vp in end_vp(p):
            if vp:
                c = load().champions[cid]
                score(w, seat, vp, "champions", log, ("end.trigger_and_scoring",),
                      f"แชมเปียนจบเกม {c.name_th}", f"end-game champion {c.name_en}")
        dice = len(w.players[seat].troops) * END_VP_PER_DIE
        if dice:
            score(w, seat, dice, "end_game", log, ("end.trigger_and_scoring",),
                  f"เต๋าทหารที่เหลือ {len(p.troops)} ลูก", f"{len(p.troops)} troop dice left")
        if w.config.excess_influence_scoring == "end_game_excess":
            extra = max(0, w.players[seat].influence - START_INFLUENCE) * EXCESS_INFLUENCE_RATE
            if extra:
                score(w, seat, extra, "end_game", log, ("intro.goal", "end.trigger_and_scoring"),
                      "บารมีส่วนเกิน", "excess influence")
    won = winners_of(w)
    th, en = game_over_text(w.players, won, None)
    emit(log, "game_over", None, ("end.trigger_and_scoring", "intro.goal"), th, en,
         winners=list(won), vp=[p.vp for p in w.players], influence=[p.influence for p in w.players])
    w.winners = won
    w.queue = []


def game_over_text(players, won, viewer: int | None) -> tuple[str, str]:
    """The game-over line (end.trigger_and_scoring, intro.goal): who won - ``คุณชนะ / you won`` or
    ``คุณแพ้`` when ``viewer`` is a seat - and each seat's แต้มชัยชนะ (VP), e.g. ``"จบเกม ผู้เล่น 1
    ชนะ (คุณชนะ) · แต้มชัยชนะ (VP): ผู้เล่น 1 12 VP · ผู้เล่น 2 9 VP"``."""
    won = tuple(won)
    best = max(p.vp for p in players)
    tied = sum(1 for p in players if p.vp == best) > 1
    who_th = ", ".join(seat_name(i)[0] for i in won)
    who_en = ", ".join(seat_name(i)[1] for i in won)
    th = f"จบเกม {who_th} ชนะ" + ("ร่วมกัน" if len(won) > 1 else "")
    en = f"game over: {who_en} win{'s' if len(won) == 1 else ''}"
    if viewer is not None:
        mine = viewer in won
        th += " (คุณชนะ)" if mine else " (คุณแพ้)"
        en += " (you won)" if mine else " (you lost)"
    th += " · แต้มชัยชนะ (VP): " + " · ".join(f"{seat_name(i)[0]} {p.vp} VP" for i, p in enumerate(players))
    en += " · victory points (VP): " + ", ".join(f"{seat_name(i)[1]} {p.vp} VP" for i, p in enumerate(players))
    if tied:
        th += " (เสมอ VP ตัดสินที่บารมี)"
        en += " (VP tie broken by influence)"
    return th, en


def result_text(s, viewer: int | None) -> tuple[str, str] | None:
    """The game-over line of a finished game for ``viewer`` (a seat: says whether it won), or
    ``None`` while the game goes on."""
    if s.winners is None:
        return None
    return game_over_text(s.players, s.winners, viewer)


def winners_of(s) -> tuple[int, ...]:
    """Most VP; a tie goes to higher influence; still tied, all share (end.trigger_and_scoring)."""
    best = max(p.vp for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.vp == best]
    top = max(s.players[i].influence for i in tied)
    return tuple(i for i in tied if s.players[i].influence == top)


def end_reason(s) -> dict | None:
    """Why the game ended (``None`` while it goes on): the round finished after a 7th completed
    plan (end.trigger_and_scoring), or after no battle plan was left (ambiguity plans_exhausted:
    end.trigger_and_scoring, setup.battle_plan_row)."""
    if s.winners is None:
        return None
    if s.end_trigger == "plans_exhausted":
        ref_th, ref_en = ambiguity_ref("valeria", "plans_exhausted", s.config.plans_exhausted)
        return protocol_end_reason("plans_exhausted", f"แผนรบหมด เล่นครบรอบแล้วจบเกม ({ref_th})",
                                   f"no battle plan was left: the round was finished ({ref_en})",
                                   ("end.trigger_and_scoring", "setup.battle_plan_row"))
    return protocol_end_reason("seventh_plan", f"มีผู้ทำแผนรบสำเร็จครบ {PLANS_TO_END} ใบ เล่นครบรอบแล้วจบเกม",
                               f"a {PLANS_TO_END}th battle plan was completed: the round was finished",
                               ("end.trigger_and_scoring",))


def breakdown(s) -> dict:
    """``{"seats": [{"total", "sources"}], "winners", "end_reason"}`` in the shared shape
    (VP_SOURCES; :func:`end_reason`)."""
    return {"seats": [{"total": p.vp, "sources": dict(zip(VP_SOURCES, p.vp_by))} for p in s.players],
            "winners": list(s.winners or ()), "end_reason": end_reason(s)}

"""Points: the adder every rule uses, public missions (ireland.public_missions), and the end
(end.unfinished_settlements, end.castles, end.missions, end.winner_tiebreak, ireland.end_tiebreak;
register end_tiebreak_castle_holder, end_tie_no_holder, public_mission_check)."""
from __future__ import annotations

from ..core.events import emit
from ..core.protocol import end_reason as protocol_end_reason
from .castles import score_castles
from .config import DOUBLE, MISSIONS
from .labels import seat_name
from .missions import PublicCard, achieved, card_text, load_cards
from .settlements import score_unfinished
from .state import OVER


def adder(w):
    """``add(seat, source, points)`` on the working state ``w`` (score and its source together)."""
    scores, sources = w.scores, w.sources

    def add(seat: int, source: int, points: int) -> None:
        scores[seat] += points
        sources[seat][source] += points
    return add


def _never_full(w) -> bool:
    return w.config.blocked_cells == "never_full"


def check_public(w, placer: int, log: list, add) -> None:
    """After a placement: the face-up public missions ``placer`` (or everyone, clockwise from the
    placer) now achieves; the first achiever scores the high number, later ones the low; each seat
    once per card; a double marker on the card doubles it (ireland.tower_double_marker)."""
    if not w.public:
        return
    cards = load_cards(w.config.mission_cards)
    seats = [placer] if w.config.public_mission_check == "placer" else \
        [(placer + k) % w.players for k in range(w.players)]
    for seat in seats:
        for k, cid in enumerate(w.public):
            done = w.public_done[k]
            if seat in done:
                continue
            card = cards[cid]
            if not achieved(card, w.board, w.cells, w.castle_holder, seat, w.players, _never_full(w)):
                continue
            pts = card.low if done else card.high
            cites = ("ireland.public_missions",) + _connect(card)
            doubled = w.doubled[seat] == cid
            if doubled:
                pts *= DOUBLE
                cites += ("ireland.tower_double_marker",)
            done.append(seat)
            add(seat, MISSIONS, pts)
            th, en = seat_name(seat)
            cth, cen = card_text(card)
            emit(log, "public_mission", seat, cites,
                 f"{th} ทำภารกิจสาธารณะสำเร็จ{'เป็นคนแรก' if len(done) == 1 else ''}: {cth} ได้ {pts} แต้ม"
                 + (" (คูณสอง)" if doubled else ""),
                 f"{en} achieves public mission {cen}{' first' if len(done) == 1 else ''}: {pts} points"
                 + (" (doubled)" if doubled else ""),
                 card=cid, order=len(done), doubled=doubled, awards=[[seat, "missions", pts]])


def _connect(card) -> tuple[str, ...]:
    """A 'connect' card is judged by ireland.connection_conditions (castles and towers are no links)."""
    return ("ireland.connection_conditions",) if card.condition.type == "connect" else ()


def score_missions(w, log: list, add) -> None:
    """Reveal the secret missions and score the achieved ones (end.missions); a public mission
    drawn from a tower scores its high number (ireland.tower_draw_mission)."""
    cards = load_cards(w.config.mission_cards)
    for seat in range(w.players):
        th, en = seat_name(seat)
        for cid in w.missions[seat]:
            card = cards[cid]
            ok = achieved(card, w.board, w.cells, w.castle_holder, seat, w.players, _never_full(w))
            public = isinstance(card, PublicCard)
            pts = (card.high if public else card.points) if ok else 0
            cites = ("end.missions",) + (("ireland.tower_draw_mission",) if public else
                                         ("cathedrals.secret_missions",)) + _connect(card)
            cth, cen = card_text(card)
            if pts:
                add(seat, MISSIONS, pts)
            emit(log, "mission_revealed", seat, cites,
                 f"{th} เปิดภารกิจ {cth}: {'สำเร็จ ได้ ' + str(pts) + ' แต้ม' if ok else 'ไม่สำเร็จ'}",
                 f"{en} reveals {cen}: {'achieved, ' + str(pts) + ' points' if ok else 'not achieved'}",
                 card=cid, achieved=ok, awards=[[seat, "missions", pts]] if pts else [])


def tara_counts(w) -> list[int]:
    """Per seat, tiles next to the Hill of Tara (ireland.end_tiebreak)."""
    t = w.board.place_named("tower", "Hill of Tara")
    out = [0] * w.players
    if t < 0:
        return out
    for n in w.board.nbrs[w.board.towers[t]]:
        v = w.cells[n]
        if v >= 0:
            out[v >> 3] += 1
    return out


def winners_of(w) -> tuple[tuple[int, ...], tuple[str, ...], str]:
    """``(winners, cites, how)``: the highest score wins; a tie at the top goes to the Edinburgh
    holder, else Stirling (Ireland: Blarney, else most tiles next to the Hill of Tara), even a
    seat not among the tied (register end_tiebreak_castle_holder), else end_tie_no_holder."""
    best = max(w.scores)
    tied = [s for s, v in enumerate(w.scores) if v == best]
    if len(tied) == 1:
        return tuple(tied), ("end.winner_tiebreak",), "highest"
    literal = w.config.end_tiebreak_castle_holder == "literal"
    board = w.board
    if w.config.side == "scotland":
        clause = "end.winner_tiebreak"
        steps = []
        for name in ("Edinburgh", "Stirling"):
            c = board.place_named("castle", name)
            steps.append((name, w.castle_holder[c] if c >= 0 else -1))
    else:
        clause = "ireland.end_tiebreak"
        c = board.place_named("castle", "Blarney")
        steps = [("Blarney", w.castle_holder[c] if c >= 0 else -1)]
        tara = tara_counts(w)
        pool = range(w.players) if literal else tied
        top = max(tara[s] for s in pool)
        most = [s for s in pool if tara[s] == top]
        steps.append(("Hill of Tara", most[0] if top > 0 and len(most) == 1 else -1))
    for name, holder in steps:
        if holder >= 0 and (literal or holder in tied):
            return (holder,), (clause,), name
    if w.config.end_tie_no_holder == "most_castles":
        held = {s: sum(1 for h in w.castle_holder if h == s) for s in tied}
        top = max(held.values())
        most = [s for s in tied if held[s] == top]
        if len(most) == 1:
            return tuple(most), (clause,), "most_castles"
    return tuple(tied), (clause,), "shared"


def finish(w, log: list) -> None:
    """The end: unfinished settlements, castles, missions, then the winner (intro.goal: everyone
    has placed all tiles)."""
    add = adder(w)
    emit(log, "game_end", None, ("intro.goal",), "ทุกคนวางไทล์หมดแล้ว เกมจบ นับแต้มตอนจบ",
         "everyone has placed all their tiles: the game ends, end-game scoring")
    score_unfinished(w, log, add)
    score_castles(w, log, add)
    score_missions(w, log, add)
    won, cites, how = winners_of(w)
    w.winners = won
    w.stage = OVER
    best = max(w.scores)
    names_th = ", ".join(seat_name(s)[0] for s in won)
    names_en = ", ".join(seat_name(s)[1] for s in won)
    how_th = {"highest": "แต้มสูงสุด", "shared": "เสมอ ชนะร่วมกัน", "most_castles": "เสมอ ครองปราสาทมากที่สุด"}
    text_th = how_th.get(how, f"เสมออันดับ 1 ตัดสินด้วย {how}")
    text_en = {"highest": "highest score", "shared": "tied: shared win",
               "most_castles": "tied: most castles"}.get(how, f"tie for first decided by {how}")
    emit(log, "game_over", None, cites,
         f"จบเกม {names_th} ชนะ ({text_th}; สูงสุด {best} แต้ม)",
         f"game over: {names_en} win{'s' if len(won) == 1 else ''} ({text_en}; top score {best})",
         winners=list(won), scores=list(w.scores), decided_by=how)


def end_reason(s) -> dict | None:
    """Why the game ended (``None`` while it goes on): everyone has placed all their tiles
    (intro.goal), the only way a game of New World ends."""
    if s.stage != OVER:
        return None
    return protocol_end_reason("all_tiles_placed", "ทุกคนวางไทล์หมดแล้ว", "everyone has placed all their tiles",
                               ("intro.goal",))

"""The Coup table: one seat's view of a เกมโค่นอำนาจ game, drawn from ``observe`` only.

Another seat's face-down card never reaches the browser (widget state travels there): the table
is a pure function of ``GAME.observe(state, viewer)``, plus ``state_to_json`` for a teaching
example that shows every card (``Shown.full``; the page says so on screen, once, over the scenario).  Labels come from
:mod:`widgets.coup.labels` (the engine's ``describe_action``).
"""
from __future__ import annotations

import html
from typing import Any, Mapping

import ipywidgets as w

from rules.core.protocol import TERMINAL
from rules.coup import GAME
from rules.coup.reformation import FACTION_TH

from ..errors import THAI_FONT
from ..mobile import PHONE_MAX_WIDTH
from ..page import BoardView, Shown, acting
from . import labels
from .labels import CARD_TH, LABELS, card_text, card_words, phase_words

CARD_COLOUR = {"duke": "#7b1fa2", "captain": "#1e63c6", "assassin": "#37474f", "contessa": "#c62828",
               "ambassador": "#2e7d32", "inquisitor": "#b45309"}
"""A live card's background under white text: each at least 4.5:1 (WCAG AA; the Inquisitor's
orange #ef6c00 was 3.1:1)."""
LOST_TEXT, LOST_BACK = "#263238", "#eceff1"
"""A lost (face-up) card: dark text on pale grey (13:1), struck through, its character's colour as
a dashed border: it reads at once as "no longer in play" beside the solid live cards.  (It was the
live chip at 70 % opacity: white on light blue, 2.6:1 for a Captain.)"""
CSS = f"""<style>
.kl-coup {{ font-family: {THAI_FONT}; font-size: 14px; }}
.kl-coup .kl-seats {{ display: flex; flex-wrap: wrap; gap: 8px; }}
.kl-coup .kl-seat {{ border: 2px solid #ccc; border-radius: 8px; padding: 6px 8px; min-width: min(150px, 100%);
  max-width: 100%; box-sizing: border-box; background: #fafafa; overflow-wrap: anywhere; }}
.kl-coup .kl-seat > div {{ white-space: normal; min-width: 0; }}
.kl-coup .kl-seat.turn {{ border-color: #1e63c6; }}
.kl-coup .kl-seat.acting {{ background: #fff4cc; }}
.kl-coup .kl-seat.out {{ border-style: dashed; background: #eeeeee; }}
.kl-coup .kl-seat .kl-out {{ color: #424242; font-weight: normal; }}
.kl-coup .kl-card {{ display: inline-block; border-radius: 5px; padding: 1px 6px; margin: 2px; color: #fff; font-size: 13px; }}
.kl-coup .kl-card.back {{ background: #6b6b6b; }}
.kl-coup .kl-card.lost {{ text-decoration: line-through; color: {LOST_TEXT}; background: {LOST_BACK};
  border: 2px dashed; padding: 0 5px; }}
/* the claimed characters (Thai / English): the line wraps between names or at a slash, a word stays whole */
.kl-coup .kl-claims {{ color: #555; white-space: normal; overflow-wrap: anywhere; }}
.kl-coup .kl-claims .kl-claim-th, .kl-coup .kl-claims .kl-claim-en {{ white-space: nowrap; }}
.kl-coup .kl-head {{ margin-bottom: 6px; }}
.kl-coup .kl-teach {{ background: #e8f4fd; border-left: 4px solid #2a6f97; padding: 3px 8px; margin-bottom: 6px; }}
/* a phone: a chip says its Thai name, the English in its tooltip (both halves put two chips on two
   rows and pushed "your decision" down a screen, as the claims' did) */
@media (max-width: {PHONE_MAX_WIDTH}px) {{ .kl-coup .kl-card-en {{ display: none; }} }}
</style>"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def card_html(name: str, lost: bool = False) -> str:
    """A face-up card chip, named Thai then English ("ทูต / Ambassador", the engine's words; on a phone
    the Thai, both in the tooltip)."""
    colour = CARD_COLOUR.get(name, "#555")
    th, en = card_words(name) if name in CARD_TH else (name, "")
    body = f'{_e(th)}<span class="kl-card-en"> / {_e(en)}</span>' if en else _e(th)
    named = f"{th} / {en}" if en else th
    if lost:
        return (f'<span class="kl-card lost" style="border-color:{colour}" title="{_e(named)} (เสียแล้ว / lost)">'
                f'{body}</span>')
    return f'<span class="kl-card" style="background:{colour}" title="{_e(named)}">{body}</span>'


def claim_html(name: str) -> str:
    """A claimed character in the engine's card words, Thai then English ("ดยุค / Duke", as its chip
    says it); each name whole on its line, the line may wrap at the slash (a phone's narrow seat)."""
    th, en = card_words(name) if name in CARD_TH else (name, "")
    named = f"{th} / {en}" if en else th
    words = (f'<span class="kl-claim-th">{_e(th)}</span> / <span class="kl-claim-en">{_e(en)}</span>'
             if en else _e(th))
    return f'<span class="kl-claim" title="{_e(named)}">{words}</span>'


def back_html(count: int) -> str:
    return "".join('<span class="kl-card back" title="face down / คว่ำ">?</span>' for _ in range(count))


def pending_label(state: Any, act: Mapping) -> str:
    """The action of this turn (from the observation's ``action``) in the engine's words."""
    action = {"player": act.get("actor"), "type": act["type"], "target": act["target"], "character": act["claim"]}
    action = {k: v for k, v in action.items() if v is not None}
    try:
        return labels.label(state, action)
    except Exception:  # noqa: BLE001 - a past action may not be describable now: its name is enough
        return act["type"]


def game_end(obs: Mapping, state: Any = None) -> tuple[bool, int | None, bool]:
    """``(over, winner, deadlock)`` as the engine says them: with a state, over when
    ``current_player`` is terminal and the winner from ``score_breakdown`` (its ``winners``; none
    in a deadlock); from an observation alone, its phase ``over``, ``winner`` and ``deadlock``."""
    if state is not None:
        if GAME.current_player(state) != TERMINAL:
            return False, None, False
        sb = GAME.score_breakdown(state)
        return True, (sb["winners"][0] if sb["winners"] else None), bool(sb["deadlock"])
    if obs["phase"] != "over":
        return False, None, False
    return True, obs["winner"], bool(obs["deadlock"])


def table_html(obs: Mapping, full: Mapping | None = None, state: Any = None) -> str:
    """The table as HTML from an observation (``full``: ``state_to_json`` of a teaching example,
    whose hands are then all shown; ``state``: for the engine's label of this turn's action).
    Depends only on what the viewer may see."""
    me = obs["viewer"]
    now = acting(obs)
    over = obs["phase"] == "over"  # the engine's terminal observation shows every hand
    th, en = phase_words(obs["phase"], spectator=me is None)
    if obs["phase"] == "chance" and state is not None:  # what chance does, in the engine's words
        th, en = GAME.chance_words(state) or (th, en)
    ended, winner, deadlock = game_end(obs, state)
    if not ended:
        status = "ตาของ{} / {}'s turn".format(*LABELS.seat_words(obs["turn"]))
    elif winner is not None:  # the game is over: who won, never whose turn it was
        status = "<b>เกมจบแล้ว ผู้ชนะ: {} / the game is over, the winner: {}</b>".format(*LABELS.seat_words(winner))
    else:
        status = "<b>เกมจบแล้ว ทางตัน ไม่มีผู้ชนะ / the game is over: a deadlock, no winner</b>" if deadlock \
            else "<b>เกมจบแล้ว / the game is over</b>"
    head = [f"<b>{_e(th)}</b> / {_e(en)}", status,
            f"ธนาคาร {obs['bank']} / bank", f"กอง {obs['deck_size']} ใบ / deck"]
    if obs["reformation"]:
        head.append(f"ที่พักพิง {obs['almshouse']} / almshouse")
    if obs["forced"] and obs["phase"] == "turn":
        head.append("<b>ต้องรัฐประหาร / must coup</b>")
    # the turn's action and block are the position's pending business: at the game's end (the engine's
    # word: game_end) none is pending any more, and the status above says who won
    act = obs["action"] if not ended else None
    if act:
        what = pending_label(state, act)
        # the claimed card, unless the engine's label names it already ("claim the Captain: steal …")
        claim = f" ({card_text(act['claim'])})" if act["claim"] and CARD_TH.get(act["claim"]) not in what else ""
        who = f"{LABELS.seat_words(act['actor'])[0]}: " if act.get("actor") is not None else ""
        if who and what.startswith(who):  # the engine's label names the seat already
            who = ""
        head.append(f"การกระทำ / action: {_e(who)}{_e(what)}{_e(claim)}")
    if obs["block"] and not ended:
        by_th, by_en = LABELS.seat_words(obs["block"]["player"])
        card_th, card_en = card_words(obs["block"]["character"])
        head.append(f"ยับยั้งโดย{by_th} ด้วย{_e(card_th)} / blocked by {by_en} with the {_e(card_en)}")
    seats = []
    for p in obs["players"]:
        s = p["seat"]
        cls = ["kl-seat"] + (["turn"] if s == obs["turn"] and not ended else []) + (["acting"] if s in now else []) \
            + ([] if p["alive"] else ["out"])
        name = LABELS.seat_words(s)[0] + (" (คุณ / you)" if s == me else "")
        hand = full["players"][s]["hand"] if full else p["hand"]
        cards = "".join(card_html(c) for c in hand) if hand is not None else back_html(p["cards"])
        buried = p.get("buried")  # cards lost face down: known to their owner, and to all at the end
        lost = "".join(card_html(c, lost=True) for c in p["lost"]) + (
            "".join(card_html(c, lost=True) for c in buried) if buried and (s == me or over)
            else back_html(p["lost_face_down"]))
        # factions are placeholders until the faction choice is made (phase "faction")
        chosen = p["faction"] is not None and obs["phase"] != "faction"
        faction = f" · {FACTION_TH[p['faction']]}" if chosen else ""
        # a seat that is out claims nothing any more (its last claim may just have been a bluff)
        # a name stays whole on its line: Thai shown, English in the tooltip ("นักสืบศาสนา / Inquisitor"
        # is wider than a seat two to a row on a 390 px phone)
        claims = ", ".join(claim_html(c) for c in p["claims"]) if p["alive"] else ""
        out = "" if p["alive"] else ' <span class="kl-out">· ออกจากเกม / out</span>'
        seats.append(
            f'<div class="{" ".join(cls)}"><div><b>{_e(name)}</b>{_e(faction)}{out}</div>'
            f'<div>เหรียญ / coins: <b>{p["coins"]}</b></div><div>{cards}</div>'
            + (f'<div>เสียแล้ว / lost: {lost}</div>' if lost else "")
            + (f'<div class="kl-claims">อ้าง / claimed: {claims}</div>' if claims else "")
            + "</div>")
    extra = []
    if obs.get("exchange_drawn"):
        extra.append("หยิบมา / drawn: " + "".join(card_html(c) for c in obs["exchange_drawn"]))
    if obs.get("examined"):
        extra.append("การ์ดที่ดู / examined card: " + card_html(obs["examined"]))
    for t, c in obs.get("known", []):
        extra.append("รู้ว่า{} มี / you know {} holds: ".format(*LABELS.seat_words(t)) + card_html(c))
    if over and not full:
        extra.append('<span class="kl-teach kl-revealed">จบเกม: เปิดไพ่ของทุกคนแล้ว (รวมไพ่ที่เสียแบบคว่ำ) / '
                     "game over: everyone's cards are turned up (cards lost face down too)</span>")
    # a teaching example (``full``) says so once, at the top of the scenario (widgets.page), not here
    return (f'<div class="kl-coup"><div class="kl-head">{" · ".join(head)}</div>'
            f'<div class="kl-seats">{"".join(seats)}</div>'
            + "".join(f"<div>{x}</div>" for x in extra) + "</div>")


class CoupTableView(BoardView):
    """The table (:func:`table_html`) with the page's ``side`` widgets below it (the frame's events
    in a scenario, the buttons in play).  Coup has no board clicks: the page's buttons are the moves."""

    key_events = ("challenge", "lose_influence", "out", "win")

    def __init__(self, spec, state, side=(), play=False, **kwargs):
        super().__init__(spec, state, side, play, **kwargs)
        self.html = w.HTML()
        self.children = [self.html, *self.side]
        self.add_class("kl-coup-table")

    def show(self, shown: Shown) -> None:
        self.html.value = table_html(shown.obs, shown.full, shown.state)

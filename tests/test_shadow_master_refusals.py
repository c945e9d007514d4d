"""Issue 13.2: a refusal names THE clause that forbids that action in that position.

For many positions of seeded random games, every action type that is not legal there is asked
"why not?" (``GAME.explain_illegal``); the clause must be about that action (its Thai text holds
a word of the action: ทอย for a roll, ย้าย for a money move...) or be the clause of the position
that forbids it (a phase-1 choice already made: ``phase1.choose_one``; an owed decision first:
that decision's clause; the round's income step: ``order.end_of_round_income``).
"""
from __future__ import annotations

import random
import re

import pytest

from rules.core.play import choose_action
from rules.core.protocol import IllegalAction
from rules.core.rulebook import load_rulebook
from rules.shadow_master import GAME
from rules.shadow_master.actions import (ACTION_TYPES, BUY_TYPES, CHOICE_TYPES, PENDING_CLAUSE, PHASE3_TYPES,
                                         RESOLVE_TYPES, TAKE_TYPES)

TEXT = {c.id: c.text_th for c in load_rulebook("shadow_master").clauses}

KEYWORDS = {
    "roll": "ทอย", "military": "Military", "military_faith": "Military|Faith", "black": "ดำ|วาง", "skip": "ข้าม",
    "buy_person": "ซื้อ|Shadow|ความสามารถ", "build_castle": "ปราสาท", "place": "วาง", "place_combo": "วาง|X|คอมโบ",
    "ally": "พันธมิตร|ทอย|X|1 สีวาง", "unally": "พันธมิตร|ทอย|X", "envoy_ally": "Envoy|พันธมิตร|ความสามารถ|X|1 สีวาง",
    "envoy_unally": "Envoy|พันธมิตร|ความสามารถ|X", "theron": "Theron|ย้าย|รอบละ 1|ปราสาท|ความสามารถ",
    "turncloak": "Turncloak|ความสามารถ", "decline": "ไม่วาง|Military", "buy_power": "ซื้อ|Power Limit|จำนวนการ์ด",
    "no_buy": "ซื้อ", "take_open": "หยิบ|ข้าม", "draw": "จั่ว|หยิบ", "stop_taking": "หยิบ", "exchange": "เปลี่ยน|ทิ้ง",
    "end_turn": "เฟส 1-3", "move_money": "ย้าย", "sell_power": "ขาย", "no_sell": "ขาย", "deposit": "ฝาก|เงิน",
    "attack_side": "ศัตรู", "remove_token": "หยิบ", "siege_cell": "ล้อม", "forced_sale": "ขาย",
    "queen_move": "Queen", "discard_territory": "ทิ้ง",
}
TURN_TYPES = CHOICE_TYPES + RESOLVE_TYPES + BUY_TYPES + TAKE_TYPES + PHASE3_TYPES


def position_clauses(state, typ: str) -> set[str]:
    """Clauses that forbid ``typ`` by the position alone (not by what the action is about)."""
    if state.queue:
        return {PENDING_CLAUSE[state.queue[0].kind]}
    if state.stage == "turn":
        step = state.turn.step
        if (typ in CHOICE_TYPES and step != "choose") or (typ in RESOLVE_TYPES and step not in ("choose", "resolve")):
            return {"phase1.choose_one"}
        return set()
    out = {"order.end_of_round_income"} if typ in TURN_TYPES else set()
    return out


def sample_action(state, seat: int, typ: str) -> dict:
    """A plausible action of type ``typ`` for ``seat`` (fields filled from the state)."""
    p = state.players[seat]
    colour = state.board.colours[0]
    cells = [c for c in p.hand if c != "X"] or [state.board.cells[0]]
    fields = {"colour": colour, "cell": cells[0], "x": state.board.x_cells[0], "card": (p.hand or ("A1",))[0],
              "index": 0, "amount": 1, "source": colour, "target": state.board.colours[1], "count": 1,
              "kind": "faith", "colours": [colour]}
    need = {"military": ["colour"], "military_faith": ["colour"], "black": ["cell"], "buy_person": ["card"],
            "build_castle": ["cell"], "place": ["cell", "colour"], "place_combo": ["cell", "colour"],
            "ally": ["x", "colour"], "unally": ["colour"], "envoy_ally": ["x", "colour"], "envoy_unally": ["colour"],
            "theron": ["colour", "source", "target", "count"], "turncloak": ["colour"], "buy_power": ["colour"],
            "take_open": ["index"], "exchange": ["card"], "move_money": ["source", "target", "amount"],
            "sell_power": ["colour", "kind"], "deposit": ["colour", "amount"], "attack_side": ["colours"],
            "remove_token": ["cell"], "siege_cell": ["cell"], "forced_sale": ["colour", "kind"],
            "queen_move": ["target"], "discard_territory": ["card"]}
    if typ == "buy_person":
        fields["card"] = "lord_theron"
    if typ in ("theron",):
        fields["source"], fields["target"] = cells[0], cells[0]
    if typ == "queen_move":
        fields["target"] = "cash"
    return {"player": seat, "type": typ, **{k: fields[k] for k in need.get(typ, [])}}


def positions(players: int, seeds, every: int = 3, variant=None):
    for seed in seeds:
        state = GAME.new_game(GAME.make_config({"players": players, **(variant or {})}), seed)
        rng = random.Random(seed)
        for step in range(600):
            action = choose_action(GAME, state, None, rng)
            if action is None:
                break
            if step % every == 0 and isinstance(GAME.current_player(state), int) and GAME.current_player(state) >= 0:
                yield state
            state = GAME.apply(state, action).state


@pytest.mark.parametrize("players,variant", [(2, None), (3, None), (4, {"removal_picker": "placer"}),
                                             (3, {"money_move_timing": "choice_and_phase3", "combo_territory": True})])
def test_each_refusal_names_a_clause_about_that_action(players, variant):
    seen, problems = 0, []
    for state in positions(players, range(4), variant=variant):
        seat = GAME.current_player(state)
        legal_types = {a["type"] for a in GAME.legal_actions(state, seat)}
        for typ in ACTION_TYPES:
            action = sample_action(state, seat, typ)
            why = GAME.explain_illegal(state, action)
            if typ not in legal_types:
                assert why is not None, action
            if why is None:
                continue
            seen += 1
            with pytest.raises(IllegalAction) as exc:   # apply refuses with the same clause
                GAME.apply(state, action)
            assert exc.value.clause == why.clause
            about = re.search(KEYWORDS[typ], TEXT[why.clause]) is not None
            if not about and why.clause not in position_clauses(state, typ):
                problems.append(f"{typ} at {state.stage}/{state.turn.step if state.turn else '-'}"
                                f"{' queue ' + state.queue[0].kind if state.queue else ''}: {why.clause}")
    assert seen > 500
    assert not problems, sorted(set(problems))[:20]


def test_roll_after_choice_c_cites_choose_one():
    """The issue's example: after choice C (skip), a roll is refused by phase1.choose_one."""
    s = GAME.new_game(GAME.default_config(3), 1)
    s = GAME.apply(s, {"player": 0, "type": "skip"}).state
    why = GAME.explain_illegal(s, {"player": 0, "type": "roll"})
    assert why.clause == "phase1.choose_one"


def test_an_owed_decision_is_named_in_words_never_by_its_internal_kind():
    """Another action tried while a decision is owed (an attack's removal, a front, a sale...) said
    "a pending 'remove' decision must be made first": a developer's name on the page.  Every owed
    kind met in random games is named in both languages, with no internal kind in the words."""
    from rules.shadow_master.actions import PENDING_DECISION_WORDS
    kinds = set()
    for state in positions(4, range(6), every=1, variant={"removal_picker": "placer"}):
        if not state.queue:
            continue
        q = state.queue[0]
        seat = GAME.current_player(state)
        why = GAME.explain_illegal(state, {"player": seat, "type": "roll"})
        assert why is not None and why.clause == PENDING_CLAUSE[q.kind]
        th, en = PENDING_DECISION_WORDS[q.kind]
        assert why.message_th.endswith(th) and why.message_en == f"the decision owed now comes first: {en}"
        assert f"'{q.kind}'" not in why.message_en and "pending" not in why.message_en
        kinds.add(q.kind)
    assert kinds, "no owed decision met"
    assert set(PENDING_DECISION_WORDS) == set(PENDING_CLAUSE)  # every kind has its words


def test_no_refusal_shows_an_internal_step_or_decision_name():
    """Internal names never reach the page (issue 12): "a pending 'discard' decision must be made
    first" and "not a legal action at this step (phase3)" showed them.  Over random positions, every
    action type's refusal is free of them: the steps and owed decisions are said in the words of
    STEP_WORDS and PENDING_DECISION_WORDS, the tables the status line shows too."""
    from rules.shadow_master.actions import PENDING_DECISION_WORDS, STEP_WORDS
    from widgets.shadow_master.labels import PENDING_TH, STEP_TH
    assert STEP_TH is STEP_WORDS and PENDING_TH is PENDING_DECISION_WORDS
    names = set(STEP_WORDS) | set(PENDING_DECISION_WORDS)
    raw = re.compile(r"[(']\s*(" + "|".join(sorted(names, key=len, reverse=True)) + r")\s*[)']")
    checked, problems = 0, []
    for state in positions(3, range(4), every=2, variant={"removal_picker": "placer"}):
        seat = GAME.current_player(state)
        for typ in ACTION_TYPES:
            why = GAME.explain_illegal(state, sample_action(state, seat, typ))
            if why is None:
                continue
            checked += 1
            for text in (why.message_th, why.message_en):
                if raw.search(text):
                    problems.append(f"{typ}: {text}")
    assert checked > 1000
    assert not problems, sorted(set(problems))[:10]

"""Coup's side of issue 8's protocol: describe_action on every legal action and chance outcome
under every reading, explain_illegal equal to apply's refusal, the engine's reaction order (the
one the table asks in), the observation keys and score_breakdown in the contract's shape."""
import random
import typing

import pytest

from rules.core.protocol import CHANCE, TERMINAL, IllegalAction, actors, current_json
from rules.coup import GAME, CoupConfig
from rules.coup import actions as A
from rules.coup.state import FACTION, PROVE

READINGS = [(k, v) for k, f in CoupConfig.model_fields.items() if k not in ("players", "reformation")
            for v in typing.get_args(f.annotation)]


def _games(cfg: dict, seeds=range(4)):
    """Every (state, seat, legal actions) or (state, CHANCE, outcome) of a few random games."""
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new_game(GAME.make_config(cfg), seed)
        while GAME.current_player(s) != TERMINAL:
            cp = GAME.current_player(s)
            if cp == CHANCE:
                a = GAME.sample_chance(s, rng)
                yield s, CHANCE, [a]
            else:
                for seat in sorted(actors(cp)):
                    yield s, seat, GAME.legal_actions(s, seat)
                seats = sorted(actors(cp))
                legal = GAME.legal_actions(s, seats[rng.randrange(len(seats))])
                a = legal[rng.randrange(len(legal))]
            s = GAME.apply(s, a).state
        yield s, TERMINAL, []


@pytest.mark.parametrize("field,reading", READINGS, ids=[f"{k}={v}" for k, v in READINGS])
def test_every_legal_action_has_a_distinct_label(field, reading):
    for reformation in (False, True):
        for s, seat, legal in _games({"players": 4, "reformation": reformation, field: reading}, range(3)):
            labels = [GAME.describe_action(s, a) for a in legal]
            for (th, en), a in zip(labels, legal):
                assert th and en and isinstance(th, str) and isinstance(en, str), a
                if seat != CHANCE:
                    # ids count from 0, readers from 1: "seat 1: income", "seat 1 passes: ..."
                    assert en.startswith((f"seat {seat + 1}:", f"seat {seat + 1} ")), (en, a)
                    assert th.startswith((f"ที่นั่ง {seat + 1}:", f"ที่นั่ง {seat + 1} ")), (th, a)
                    assert GAME.explain_illegal(s, a) is None
            assert len(set(labels)) == len(labels), labels  # buttons can be told apart


def test_a_pass_says_on_what():
    """"seat 3 passes" is not enough: the label names the claim or the action let stand."""
    seen = set()
    for s, seat, legal in _games({"players": 4}, range(10)):
        for a in legal:
            if a.get("type") == "pass":
                th, en = GAME.describe_action(s, a)
                if GAME.observe(s, None)["phase"] == "block":
                    assert en.startswith(f"seat {seat + 1} passes: does not block seat {s.turn + 1}'s "), en
                    seen.add("block")
                else:
                    assert en.startswith(f"seat {seat + 1} passes: does not challenge seat "), en
                    assert " claim" in en or " block" in en
                    seen.add(GAME.observe(s, None)["phase"])
    assert seen == {"block", "challenge_action", "challenge_block"}


def _bogus(s, seat):
    yield {"player": seat, "type": "fly"}
    yield {"player": seat, "type": "lose", "card": "peacock"}
    yield {"player": seat, "type": "coup", "target": seat}
    yield {"player": seat, "type": "block", "character": "duke"}
    yield {"player": seat, "type": "prove"}
    yield {"player": seat, "type": "pass"}
    yield {"player": 9, "type": "income"}


def test_explain_illegal_is_the_refusal_apply_raises():
    checked = 0
    for cfg in ({"players": 4}, {"players": 3, "reformation": True, "decline_proof": "must_prove"}):
        for s, _, _ in _games(cfg, range(3)):
            cands = [a for seat in range(s.rules.n) for a in _bogus(s, seat)]
            if GAME.current_player(s) == CHANCE:
                cands.append({"chance": "examine_pick", "card": "duke"})
            for a in cands:
                why = GAME.explain_illegal(s, a)
                try:
                    GAME.apply(s, a)
                except IllegalAction as exc:
                    assert why is not None and (why.clause, why.message_th, why.message_en) == \
                        (exc.clause, exc.message_th, exc.message_en), a
                    checked += 1
                else:
                    assert why is None, a
    assert checked > 1000


@pytest.mark.parametrize("order", ["first_to_act", "seat_order"])
def test_reaction_order_is_clockwise_from_the_turn_seat_and_drives_current(order):
    seen = 0
    for s, _, _ in _games({"players": 5, "reaction_order": order}, range(6)):
        obs = GAME.observe(s, None)
        got = GAME.reaction_order(s)
        assert obs["reaction_order"] == got
        if not s.window:
            assert got == []
            continue
        n = s.rules.n
        clockwise = [(s.turn + k) % n for k in range(1, n + 1)]
        assert got == [t for t in clockwise if t in s.window]
        cp = GAME.current_player(s)
        assert set(got) == set(s.window)
        if order == "seat_order":
            assert cp == frozenset(got[:1])
        else:
            assert cp == frozenset(got)
        seen += 1
    assert seen > 50


def test_observation_keys_and_current():
    for cfg in ({"players": 4}, {"players": 3, "reformation": True, "examine_pick": "random"}):
        for s, _, _ in _games(cfg, range(2)):
            for viewer in (None, 0, 1):
                obs = GAME.observe(s, viewer)
                assert obs["viewer"] == viewer
                assert obs["current"] == current_json(GAME.current_player(s))
                assert isinstance(obs["phase"], str) and obs["phase"]


def test_score_breakdown_in_the_contract_shape():
    for cfg in ({"players": 4}, {"players": 2, "reformation": True, "one_faction": "deadlock"}):
        for s, seat, _ in _games(cfg, range(5)):
            sb = GAME.score_breakdown(s)
            assert len(sb["seats"]) == s.rules.n
            for i, row in enumerate(sb["seats"]):
                assert sum(row["sources"].values()) == row["total"] == len(s.hands[i])
                assert row["coins"] == s.coins[i] and row["influence"] == row["total"]
            if seat != TERMINAL:
                assert sb["winners"] == []
            else:
                r = GAME.returns(s)
                best = max(r)
                assert sb["winners"] == ([i for i, x in enumerate(r) if x == best] if best > 0 else [])
                assert sb["winner"] == (s.winner if s.winner >= 0 else None)


def test_must_prove_leaves_a_holder_only_the_proof_and_an_embezzler_the_choice():
    for s, seat, legal in _games({"players": 4, "reformation": True, "decline_proof": "must_prove"}, range(20)):
        if seat in (CHANCE, TERMINAL) or s.phase != PROVE:
            continue
        if A.can_prove(s) and (s.blocker >= 0 or s.act[0] != "embezzle"):
            assert [a["type"] for a in legal] == ["prove"]
        elif A.can_prove(s):
            assert {a["type"] for a in legal} == {"prove", "lose"}


def test_each_chooses_asks_every_seat_clockwise_from_the_first():
    cfg = GAME.make_config({"players": 4, "reformation": True, "factions": "each_chooses",
                            "first_player": "random"})
    for seed in range(6):
        s = GAME.new_game(cfg, seed)
        first, asked = s.turn, []
        while s.phase == FACTION:
            asked.append(GAME.current_player(s))
            s = GAME.apply(s, {"player": asked[-1], "type": "choose_faction", "faction": seed % 2}).state
        assert asked == [(first + k) % 4 for k in range(4)]
        assert s.faction == (seed % 2,) * 4 and GAME.current_player(s) == first

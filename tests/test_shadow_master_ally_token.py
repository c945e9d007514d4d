"""Ambiguity ``ally_token``: is the token put in an X cell ("นำโทเคนไปวางไว้ในช่อง X",
``alliance.place_remove``) one of the colour's tokens from its supply, or a separate marker?

The engine silently played it as a separate marker: the supply never moved and the end condition on
a colour's last token (``end.two_exhausted``) never saw it.  That is the default ``separate``;
``from_supply`` takes the token from the supply (by the X card or the Shadow Envoy), refuses it when
the supply is empty, and gives it back on withdrawal, a 4-colour reset (``alliance.reset_four``) or
the kingdom's collapse.  The random-play kernel follows both readings move by move."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.ambiguity import ambiguity_ref, load_ambiguities
from rules.core.play import choose_action
from rules.core.protocol import IllegalAction
from rules.shadow_master import GAME, kernel
from rules.shadow_master.config import reading_value

from tests.test_shadow_master_kernel import READINGS, differences, engine_game

FROM = {"ally_token": "from_supply"}
ON_MAP = {"E3": ["red", 1], "F6": ["blue", 2], "A1": ["green", 1], "A7": ["yellow", 1]}
RED_FULL = {c: ["red", 3] for c in ("A1", "A3", "A5", "A7", "C1", "C3", "C5", "C7", "E1", "E5")}
"""Ten separate cells of 3 red tokens: all 30 of red's tokens on the map."""


def start(cfg=None, seed=3, n=4, **over):
    s = GAME.new_game(GAME.make_config({"players": n, **(cfg or {})}), seed)
    return GAME.apply_overrides(s, {"first_player": 0, "board": ON_MAP, "players": {"0": {"hand": ["X"]}}, **over})


def roll(s, colour):
    for a in ({"player": 0, "type": "roll"}, {"chance": "die", "colour": colour}):
        s = GAME.apply(s, a).state
    return s


def act(s, action):
    tr = GAME.apply(s, action)
    assert GAME.invariants(tr.state) == []
    return tr.state, [e.kind for e in tr.events]


def next_turn_of_seat_0(s):
    """Play on (first chance outcome, else skip / stop / decline, else the first legal action) to
    seat 0's next phase-1 choice."""
    prefer = ("skip", "end_turn", "stop_taking", "no_sell", "no_deposit", "decline")
    r = s.round
    for _ in range(500):
        if s.chance is not None:
            a = GAME.chance_outcomes(s)[0][0]
        else:
            seat = GAME.current_player(s)
            if s.round > r and seat == 0 and s.stage == "turn" and s.turn.step == "choose":
                return s
            options = GAME.legal_actions(s, seat)
            a = next((o for t in prefer for o in options if o["type"] == t), options[0])
        s = GAME.apply(s, a).state
    raise AssertionError("seat 0 never played again")


def supply(s) -> dict:
    return dict(zip(s.board.colours, s.supply))


def test_the_register_entry_defaults_to_the_old_behaviour():
    entry = next(e for e in load_ambiguities("shadow_master") if e.id == "ally_token")
    assert entry.variant == "ally_token" and entry.default == "separate"
    assert [reading_value(r) for r in entry.readings] == ["separate", "from_supply"]
    assert {"alliance.place_remove", "alliance.reset_four", "end.two_exhausted", "shadow.envoy"} <= set(entry.clauses)
    assert GAME.make_config({"players": 4}).ally_token == "separate"


def test_from_supply_an_ally_takes_one_token_and_withdrawing_gives_it_back():
    s = start(FROM)
    assert supply(s)["red"] == 29   # E3
    s, kinds = act(roll(s, "red"), {"player": 0, "type": "ally", "x": "X2", "colour": "red"})
    assert kinds == ["ally"] and s.alliances == ((), ("red",), ())
    assert supply(s) == {"red": 28, "blue": 28, "green": 29, "yellow": 29, "purple": 30, "white": 30}
    s = GAME.apply_overrides(next_turn_of_seat_0(s), {"players": {"0": {"hand": ["X"]}}})   # its X card was used
    assert supply(s)["red"] == 28 and s.alliances == ((), ("red",), ())
    s, kinds = act(roll(s, "red"), {"player": 0, "type": "unally", "colour": "red"})
    assert kinds == ["unally"] and s.alliances == ((), (), ())
    assert supply(s) == {"red": 29, "blue": 28, "green": 29, "yellow": 29, "purple": 30, "white": 30}


def test_from_supply_the_shadow_envoy_takes_one_token_too():
    s = start(FROM, players={"0": {"hand": [], "persons": ["shadow_envoy"]}})
    s, kinds = act(roll(s, "green"), {"player": 0, "type": "envoy_ally", "x": "X1", "colour": "green"})
    assert kinds == ["ally"] and supply(s)["green"] == 28


def test_from_supply_a_four_colour_reset_gives_every_token_back():
    s = start(FROM, alliances={"X1": ["blue", "green", "yellow"]})
    assert supply(s) == {"red": 29, "blue": 27, "green": 28, "yellow": 28, "purple": 30, "white": 30}
    s, kinds = act(roll(s, "red"), {"player": 0, "type": "ally", "x": "X1", "colour": "red"})
    assert kinds == ["ally", "alliance_reset"] and s.alliances == ((), (), ())
    assert supply(s) == {"red": 29, "blue": 28, "green": 29, "yellow": 29, "purple": 30, "white": 30}


@pytest.mark.parametrize("cfg", [None, {"ally_token": "separate"}])
def test_separate_default_the_supply_never_moves(cfg):
    """The default (also named) plays as before: an ally, a reset and a withdrawal leave the supply."""
    s = start(cfg, alliances={"X1": ["blue", "green", "yellow"]})
    before = supply(s)
    assert before == {"red": 29, "blue": 28, "green": 29, "yellow": 29, "purple": 30, "white": 30}
    s, kinds = act(roll(s, "red"), {"player": 0, "type": "ally", "x": "X1", "colour": "red"})
    assert kinds == ["ally", "alliance_reset"] and supply(s) == before
    s = start(cfg)
    s, _ = act(roll(s, "red"), {"player": 0, "type": "ally", "x": "X2", "colour": "red"})
    assert supply(s) == before and s.alliances == ((), ("red",), ())
    s = GAME.apply_overrides(next_turn_of_seat_0(s), {"players": {"0": {"hand": ["X"]}}})
    s, _ = act(roll(s, "red"), {"player": 0, "type": "unally", "colour": "red"})
    assert supply(s) == before and s.alliances == ((), (), ())


@pytest.mark.parametrize("typ,player", [("ally", {"hand": ["X"]}), ("envoy_ally", {"hand": [], "persons": ["shadow_envoy"]})])
def test_from_supply_an_empty_supply_refuses_the_alliance_token_in_both_languages(typ, player):
    s = roll(start(FROM, board={**RED_FULL, "F6": ["blue", 2]}, players={"0": player}), "red")
    assert supply(s)["red"] == 0
    action = {"player": 0, "type": typ, "x": "X1", "colour": "red"}
    assert action not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, action)
    ref_th, ref_en = ambiguity_ref("shadow_master", "ally_token", "from_supply")
    assert exc.value.clause == "alliance.place_remove"   # the Envoy's refusal says the alliance's own reason
    why = GAME.explain_illegal(s, action)
    assert why.clause == "alliance.place_remove"
    assert why.message_en == f"no red token left in its supply to put in an X cell ({ref_en})"
    assert why.message_th.startswith("โทเคนสีแดงหมดกองแล้ว ไม่มีโทเคนให้วางในช่อง X") and ref_th in why.message_th
    assert "ally_token" not in why.message_en + why.message_th   # the register's words, not its id
    # the default: a separate marker, allowed with red's supply empty
    d = roll(start(board={**RED_FULL, "F6": ["blue", 2]}, players={"0": player}), "red")
    assert action in GAME.legal_actions(d, 0)


def test_from_supply_the_last_token_into_an_x_cell_ends_the_game():
    """Red has all 30 tokens on the map, blue 29 with one left: blue's alliance token is its last,
    so two colours have placed all their tokens (end.two_exhausted) - under from_supply only."""
    blue29 = {c: ["blue", 3] for c in ("G1", "G3", "G5", "G7", "I1", "I3", "I5", "I7", "K1")}
    board = {**RED_FULL, **blue29, "K3": ["blue", 2]}
    for cfg, ends in ((FROM, True), (None, False)):
        s = roll(start(cfg, board=board), "blue")
        assert supply(s)["red"] == 0 and supply(s)["blue"] == 1 and not s.end_triggered
        s, kinds = act(s, {"player": 0, "type": "ally", "x": "X1", "colour": "blue"})
        assert s.end_triggered is ends, cfg
        if ends:
            assert s.end_conditions == ("end.two_exhausted",) and kinds.index("ally") < kinds.index("end_triggered")


def test_from_supply_overrides_count_alliance_tokens_out_of_the_supply():
    s = start(FROM, alliances={"X2": ["red"]})
    assert supply(s)["red"] == 28 and GAME.invariants(s) == []
    s = GAME.apply_overrides(s, {"alliances": {"X3": ["green"]}})   # red out, green in
    assert supply(s)["red"] == 29 and supply(s)["green"] == 28 and GAME.invariants(s) == []


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items() if k != "ally_token"}))
def test_kernel_plays_the_engines_games_under_from_supply(players, seed, readings):
    """The kernel-vs-engine move-by-move comparison with ally_token=from_supply and the other
    readings mixed at random."""
    assert differences({"players": players, **readings, **FROM}, seed) == []


@settings(max_examples=6, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6))
def test_random_games_under_from_supply_conserve_tokens(players, seed):
    """Every colour's tokens - on the map, in an X cell, in the supply - add up after every move."""
    rng = random.Random(seed)
    s = GAME.new_game(GAME.make_config({"players": players, **FROM}), seed)
    for _ in range(3000):
        a = choose_action(GAME, s, None, rng)
        if a is None:
            break
        s = GAME.apply(s, a).state
        assert GAME.invariants(s) == [], a


def _exhaust_start(cfg):
    """A start where red has all its tokens on the map and blue one token left, seat 0 to choose,
    every seat holding X cards: random play soon puts blue's last token somewhere."""
    def new_game(config, seed):
        s = NEW_GAME(config, seed)
        blue29 = {c: ["blue", 3] for c in ("G1", "G3", "G5", "G7", "I1", "I3", "I5", "I7", "K1")}
        hands = {str(i): {"hand": ["X"]} for i in range(len(s.players))}
        return GAME.apply_overrides(s, {"first_player": 0, "board": {**RED_FULL, **blue29, "K3": ["blue", 2]},
                                        "players": hands})
    return new_game


NEW_GAME = GAME.new_game


class _Watch(list):
    """A kernel trace that also notes, at each move, whether the end has begun: the kernel appends
    a move right after its handler, before its own checks, so the note of move ``i + 1`` shows the
    end checks of move ``i`` (and any check the handler of ``i + 1`` made itself)."""

    def __init__(self):
        super().__init__()
        self.work, self.ended = None, []

    def append(self, move):
        self.ended.append(self.work.end_triggered)
        super().append(move)


def test_kernel_begins_the_end_on_the_move_that_puts_the_last_token_in_an_x_cell(monkeypatch):
    """From a start where blue has one token left (red none), random games under from_supply in
    which blue's last token goes into an X cell begin the end on that move in the engine (the
    round's end would check again, too late for the moves between); the kernel, which checked the
    end only when the map changed, must check it when the supply changed too: the end has begun in
    the kernel by the next move when it has in the engine, and never before the engine's."""
    new_game = _exhaust_start(FROM)
    monkeypatch.setattr(GAME, "new_game", new_game)
    monkeypatch.setattr(kernel, "new_state", new_game)
    watch = _Watch()
    thaw = kernel.thaw

    def keep(state):
        watch.work = thaw(state)
        return watch.work
    monkeypatch.setattr(kernel, "thaw", keep)
    seen = 0
    for seed in range(30):
        config = GAME.make_config({"players": 3, **FROM})
        rng, s, engine_ended = random.Random(seed), GAME.new_game(config, seed), []
        for _ in range(300):
            a = choose_action(GAME, s, None, rng)
            if a is None:
                break
            seen += a.get("type") in ("ally", "envoy_ally") and a["colour"] == "blue" and s.supply[1] == 1
            s = GAME.apply(s, a).state
            engine_ended.append(s.end_triggered)   # after move i
        watch.clear()
        watch.ended = []
        kernel.play(config, seed, random.Random(seed), trace=watch, max_steps=len(engine_ended))
        for i in range(len(engine_ended) - 1):
            assert watch.ended[i + 1] == engine_ended[i] or (not engine_ended[i] and engine_ended[i + 1]), (seed, i)
    assert seen >= 3   # the case is met: blue's last token into an X cell


def test_the_register_panel_shows_the_entry_in_reader_words():
    """The page's register panel has the entry: its question, both readings by their short words
    (the default marked) and why, Thai and English; the ids only in the developer fold."""
    import html
    import re

    from widgets.rulepanel import ambiguities_html
    page = ambiguities_html("shadow_master")
    entry = re.search(r'<details data-entry="ally_token">.*?</details></details>', page, flags=re.S).group(0)
    reader = html.unescape(re.sub(r'<details class="kl-dev">.*?</details>', "", entry, flags=re.S))
    for words in ("เป็นโทเคนสีนั้นจากกองของสีนั้น", "Is the token put in an X cell to bind an alliance",
                  "โทเคนพันธมิตรไม่หักจากกอง", "alliance token not from the supply",
                  "โทเคนพันธมิตรหักจากกองของสีนั้น", "alliance token from the colour's supply",
                  "ค่าเริ่มต้น / default", "ทำไมเลือกอ่านแบบนี้ / why this default:"):
        assert words in reader, words
    text = re.sub(r"<[^>]+>", " ", reader)
    assert not re.search(r"\bally_token\b|\bfrom_supply\b|alliance\.place_remove", text)


def test_the_analyzer_sweeps_both_readings_through_the_kernel():
    from rules.analysis.sweeps import reading_points, sweep
    points = reading_points("shadow_master", "ally_token")
    assert [p.label for p in points] == ["separate", "from_supply"]
    assert [dict(p.config) for p in points] == [{"ally_token": "separate"}, {"ally_token": "from_supply"}]
    table = sweep("shadow_master", points, 4, config={"players": 3}, seed=2, workers=1, progress=False)
    assert table.attrs["path"] == "kernel" and sorted(set(table["point"])) == ["from_supply", "separate"]
    assert len(table) == 8


@pytest.mark.parametrize("cfg", [FROM, None])
def test_a_collapse_takes_the_alliance_token_back_to_the_supply(cfg):
    """Red has no token on the map but its alliance token in X1: it collapses (collapse.trigger,
    the default collapse_alliance=map_only) and its token leaves the X cell - back to the supply
    under from_supply (where it had come from), the supply untouched under separate."""
    from rules.shadow_master.powers import collapse_if_empty
    from rules.shadow_master.state import thaw
    s = start(cfg, board={"F6": ["blue", 2]}, alliances={"X1": ["red", "blue"]})
    assert supply(s)["red"] == (29 if cfg else 30)
    w = thaw(s)
    assert collapse_if_empty(w, "red")
    s = w.freeze()
    assert s.alliances == (("blue",), (), ()) and supply(s)["red"] == 30 and supply(s)["blue"] == (27 if cfg else 28)
    assert GAME.invariants(s) == []


def test_from_supply_overrides_refuse_an_alliance_token_the_supply_cannot_give():
    from rules.core.protocol import BadInput
    with pytest.raises(BadInput) as exc:
        start(FROM, board=RED_FULL, alliances={"X1": ["red"]})
    assert exc.value.field == "alliances"
    assert "more red tokens than exist (30) counting its X-cell token" in str(exc.value)
    assert "โทเคนสีแดงเกินจำนวนที่มี (30) เมื่อนับโทเคนพันธมิตรในช่อง X ด้วย" in str(exc.value)
    start(board=RED_FULL, alliances={"X1": ["red"]})   # a separate marker: nothing to count

"""The Shadow Master random-play kernel (rules/shadow_master/kernel.py) plays the engine's games move
by move: at every player count, under every reading of every register entry and for mixes of
readings; the comparison tells another reading apart; the analyzer and the bench read it."""
from __future__ import annotations

import random

import pandas.testing as pdt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.ambiguity import load_ambiguities, reading_configs
from rules.core.chance import weighted_choice
from rules.core.play import choose_action, random_play
from rules.core.protocol import BadInput
from rules.shadow_master import GAME, kernel
from rules.shadow_master.config import reading_value

READINGS = {e.variant: [reading_value(r) for r in e.readings] for e in load_ambiguities("shadow_master")}


def engine_game(config, seed: int, max_steps: int = 100_000) -> tuple[list[dict], object]:
    """The engine's random game (``choose_action`` then ``apply``, as ``random_play`` plays it):
    the moves and the final state."""
    rng = random.Random(seed)
    state = GAME.new_game(config, seed)
    moves: list[dict] = []
    while len(moves) < max_steps and (a := choose_action(GAME, state, None, rng)) is not None:
        moves.append(a)
        state = GAME.apply(state, a).state
    return moves, state


def differences(config: dict, seed: int, kernel_config: dict | None = None, max_steps: int = 100_000) -> list[str]:
    """What differs between the engine's game under ``config`` and the kernel's under
    ``kernel_config`` (default the same): the first differing move, the lengths, the end."""
    moves, final = engine_game(GAME.make_config(config), seed, max_steps)
    trace: list[dict] = []
    res = kernel.play(GAME.make_config(kernel_config or config), seed, random.Random(seed), trace=trace,
                      max_steps=max_steps)
    out = [f"move {i}: kernel {a} != engine {b}" for i, (a, b) in enumerate(zip(trace, moves)) if a != b][:1]
    if len(trace) != len(moves):
        out.append(f"kernel made {len(trace)} moves, engine {len(moves)}")
    sb = GAME.score_breakdown(final)
    want = {"steps": len(moves), "finished": final.stage == "over", "winners": tuple(sb["winners"]),
            "scores": tuple(s["total"] for s in sb["seats"]),
            "sources": tuple(tuple(s["sources"][k] for k in kernel.SOURCES) for s in sb["seats"]),
            "rounds": final.round}
    out += [f"{k}: kernel {getattr(res, k)} != engine {v}" for k, v in want.items() if getattr(res, k) != v]
    if res.final != final:
        out.append("final states differ")
    if res.fingerprint() != kernel.fingerprint(final):
        out.append("fingerprints differ")
    return out


@pytest.mark.parametrize("players,seeds", [(2, 6), (3, 5), (4, 5), (5, 3), (6, 3)])
def test_same_games_as_the_engine_at_every_player_count(players, seeds):
    assert (GAME.min_players, GAME.max_players) == (2, 6)   # the counts this test covers
    for seed in range(seeds):
        assert differences({"players": players}, seed) == [], (players, seed)


@pytest.mark.parametrize("entry,reading,fields", list(reading_configs("shadow_master")))
def test_same_games_under_every_reading(entry, reading, fields):
    for players, seed in ((3, 11), (4, 12)):
        assert differences({"players": players, **fields}, seed) == [], (entry, reading, players)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_same_games_for_any_mix_of_readings(players, seed, readings):
    assert differences({"players": players, **readings}, seed) == []


def test_the_comparison_tells_another_reading_apart():
    """A kernel playing another reading (a bigger Territory hand) is caught: its moves part from
    the engine's; the same reading on both sides is not."""
    caught = sum(bool(differences({"players": 4}, seed, {"players": 4, "territory_limit": "generous"}))
                 for seed in range(8))
    assert caught == 8
    # a reading these games never reach (no tie at the end) plays the same moves to the same end;
    # only the final state's config tells them apart
    late = [differences({"players": 3}, seed, {"players": 3, "final_tie": "most_silver"}) for seed in range(6)]
    assert late == [["final states differ"]] * 6
    assert differences({"players": 4, "territory_limit": "generous"}, 3) == []


def test_a_cut_game_stops_where_random_play_stops():
    cfg = GAME.default_config(4)
    for cut in (1, 37, 150):
        state, steps = random_play(GAME, GAME.new_game(cfg, 5), random.Random(5), max_steps=cut)
        res = kernel.play(cfg, 5, random.Random(5), max_steps=cut)
        assert (res.steps, res.finished, res.winners, res.final) == (steps, False, (), state)
    assert differences({"players": 4}, 6, max_steps=90) == []


def test_the_kernel_draws_as_weighted_choice():
    """``pick`` finds the outcome :func:`weighted_choice` draws (same random number, same sums)."""
    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.lists(st.integers(0, 9), min_size=1, max_size=60).filter(any), st.integers(0, 2**32))
    def same(counts, seed):
        total = sum(counts)
        ps = [n / total for n in counts]
        a, b = random.Random(seed), random.Random(seed)
        assert kernel.pick(ps, a) == weighted_choice(list(zip(range(len(ps)), ps)), b)
        assert a.random() == b.random()
    same()


def test_games_end_and_money_is_conserved():
    """Random games end (every one of these by bankruptcy, none at the engine's round cap) and
    Silver is conserved: the bank's start equals the bank plus everyone's cash, deposits and the
    coins on open cards."""
    from rules.shadow_master.state import BANK_START
    rng = random.Random(2)
    for seed in range(40):
        cfg = GAME.default_config(2 + seed % 5)
        res = kernel.play(cfg, seed, rng)
        f = res.final
        assert res.finished and f.stage == "over" and f.round < cfg.round_cap()
        assert len(res.winners) >= 1 and all(not f.players[s].out for s in res.winners)
        money = f.bank + sum(p.cash + sum(p.deposits) for p in f.players) + sum(n for _, n in f.row)
        assert money == BANK_START
        assert GAME.invariants(f) == []


def test_bad_config_is_refused_in_both_languages():
    for players in (1, 7):
        with pytest.raises(BadInput) as err:
            kernel.play({"players": players}, 0, random.Random(0))
        assert err.value.field == "players" and err.value.message_th and err.value.message_en


def test_the_catalog_the_analyzer_and_the_bench_find_it():
    from rules.__main__ import bench
    from rules.analysis.simulate import simulate
    from rules.catalog import kernel as find_kernel
    assert find_kernel("shadow_master") is kernel
    cfg = {"players": 3}
    eng = simulate("shadow_master", 12, config=cfg, seed=4, workers=1, progress=False)
    ker = simulate("shadow_master", 12, config=cfg, seed=4, workers=1, progress=False, kernel=True)
    assert (ker["path"] == "kernel").all()
    cols = [c for c in ker.columns if c != "path"]
    pdt.assert_frame_equal(eng[cols], ker[cols])
    out = bench("shadow_master", 2, 0.3)
    k = out["kernel"]
    assert out["games"] > 0 and k["games"] > 0
    assert k["same_games"] == min(k["games"], out["games"]) and k["matches_engine"] is True


def test_the_kernel_draws_a_card_as_weighted_choice():
    """``pick_count`` (integer running counts) finds the index :func:`weighted_choice` draws over
    ``n / total`` from the same single random number, also next to a boundary, where it falls
    back to the float sums (forced everywhere with a huge margin; never with a zero margin)."""
    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.lists(st.integers(1, 9), min_size=1, max_size=150), st.integers(0, 2**32),
           st.sampled_from([kernel.MARGIN, 0.0, 10.0**9]))
    def same(counts, seed, margin):
        total = sum(counts)
        a, b = random.Random(seed), random.Random(seed)
        got = kernel.pick_count(counts, total, a, margin)
        assert got == weighted_choice(list(zip(range(len(counts)), [n / total for n in counts])), b)
        assert a.random() == b.random()
    same()

    class Fixed(random.Random):
        """A generator whose next ``random()`` is the given number (a draw right at a boundary)."""
        def __init__(self, r):
            super().__init__(0)
            self.r = r

        def random(self):
            return self.r
    for counts in ([1, 2, 3], [3] * 40, [1] * 149 + [2], [7]):
        total = sum(counts)
        ps = [n / total for n in counts]
        edges = [0.0] + [c / total for c in __import__("itertools").accumulate(counts)][:-1]
        for r in edges + [e - 1e-12 for e in edges if e] + [e + 1e-12 for e in edges] + [1 - 2**-53]:
            want = weighted_choice(list(zip(range(len(ps)), ps)), Fixed(r))
            assert kernel.pick_count(counts, total, Fixed(r)) == want, (counts, r)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_the_steps_that_skip_the_sort_leave_nothing_to_sort(players, seed, readings):
    """After a step of ``kernel.SAFE`` (queue empty before and after) the kernel does not sort the
    Powers, castles and alliances: they must be in order already (``CHECK_ORDER`` raises if not),
    under any mix of readings; the games stay the engine's."""
    kernel.CHECK_ORDER = True
    try:
        assert differences({"players": players, **readings}, seed) == []
    finally:
        kernel.CHECK_ORDER = False


def _states_of_random_games(config: dict, seed: int, every: int = 3):
    """Every ``every``-th state of the engine's random game (chance nodes and decisions included)."""
    rng = random.Random(seed)
    state = GAME.new_game(config, seed)
    k = 0
    while (a := choose_action(GAME, state, None, rng)) is not None:
        if k % every == 0:
            yield state
        k += 1
        state = GAME.apply(state, a).state


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_placeable_is_place_problem_answered_yes_or_no(players, seed, readings):
    """``actions.placeable`` (the batched check the phase-1 lists use) keeps exactly the cells
    where ``place_problem`` finds nothing: every seat, every kingdom colour and black, 1 and 2
    tokens, over all map cells and the X card, on states of random games under mixed readings
    (castles, empty castle cells, Rank 15+ fees, exhausted supplies included where they occur)."""
    from rules.shadow_master.actions import place_problem, placeable
    seen = 0
    for state in _states_of_random_games({"players": players, **readings}, seed, every=13):
        cells = list(state.board.cells) + ["X"]
        for seat in range(len(state.players)):
            for colour in state.board.all_colours:
                for n in (1, 2):
                    want = [c for c in cells if place_problem(state, seat, c, colour, n) is None]
                    assert placeable(state, seat, cells, colour, n) == want
                    seen += bool(want)
    assert seen


def _counted_list(w, seat):
    """Every action ``kernel.counted`` can return at ``w`` (index by index), and the counts it
    asked ``draw`` for; ``None`` when it leaves the step to ``legal``."""
    asked: list[int] = []

    def first(n):
        asked.append(n)
        return 0
    if kernel.counted(w, seat, w.stage, first) is None:
        assert asked == []   # nothing drawn when legal's list is taken
        return None, asked
    n = asked[0]
    out = []
    for i in range(n):
        out.append(kernel.counted(w, seat, w.stage, lambda m, i=i: i))
    return out, asked[:1]


def _check_counted(state) -> bool:
    """``counted`` lists ``legal``'s actions in ``legal``'s order and draws once among all of them."""
    from rules.shadow_master.actions import legal
    from rules.shadow_master.state import thaw
    if state.stage == "over" or state.chance is not None or state.queue:
        return False
    w = thaw(state)
    seat = w.turn.seat if w.stage == "turn" else w.eor_seat
    got, asked = _counted_list(w, seat)
    if got is None:
        return False
    want = legal(state, seat)
    assert got == want and asked == [len(want)], (state.stage, state.turn, got, want)
    return True


@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(0, 10**6),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_counted_steps_list_what_legal_lists(players, seed, readings):
    """At phase 3, the Territory takes and the sale, the kernel's counted options are exactly
    ``legal``'s, in order, under mixed readings (phase2_take=optional's stop_taking, Land's extra
    exchange, payment_source=cash_only included where drawn)."""
    assert sum(_check_counted(s) for s in _states_of_random_games({"players": players, **readings}, seed, every=1)) > 0


def test_counted_steps_on_rare_states():
    """Constructed edge states: an open row of 9 with too little money to pass most of it, no
    money at all (only the first open card), an empty deck and discard (no draw), a Land held
    (three exchanges), exchanges used up, an empty hand, deposits with money moves allowed (left
    to legal), a seat with several Powers at the sale, phase2_take=optional."""
    import dataclasses
    from rules.shadow_master.state import Player, Turn
    checked = 0
    for take in ("compulsory", "optional"):
        cfg = GAME.make_config({"players": 4, "phase2_take": take})
        base = GAME.new_game(cfg, 1)
        hand = base.players[0].hand
        row = tuple((c, k % 2) for k, c in enumerate((list(base.deck) * 2)[:9]))
        for step in ("phase2", "phase3_take", "phase3"):
            for cash in (0, 1, 3, 12):
                for deck, discard in ((base.deck, ()), ((), ()), ((), base.discard or ("A1",))):
                    for powers in ((), (("red", "land"),), (("red", "land"), ("blue", "tax"))):
                        for exchanges in (0, 2, 3):
                            for h in (hand, ()):
                                for deposits, moved in (((0,) * 6, False), ((5, 0, 0, 0, 0, 0), True),
                                                        ((5, 0, 0, 0, 0, 0), False)):
                                    p = dataclasses.replace(base.players[0], cash=cash, powers=powers, hand=h,
                                                            deposits=deposits[:len(base.board.colours)],
                                                            moved_money=moved)
                                    s = dataclasses.replace(base, players=(p,) + base.players[1:], row=row,
                                                            deck=deck, discard=discard, stage="turn",
                                                            turn=Turn(seat=0, step=step, exchanges=exchanges,
                                                                      to_take=2))
                                    checked += _check_counted(s)
        for powers in ((), (("red", "land"),), (("red", "land"), ("red", "land"), ("blue", "tax"))):
            p = dataclasses.replace(base.players[2], powers=powers)
            s = dataclasses.replace(base, players=base.players[:2] + (p,) + base.players[3:], stage="sell",
                                    turn=None, eor_seat=2)
            checked += _check_counted(s)
    assert checked > 500

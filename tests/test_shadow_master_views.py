"""Shadow Master notebook views and the what-if module (no browser; see
test_browser_shadow_master.py).

* the frame stepper over every scenario file reaches the file's expected final state, and a
  siege resolved in one engine step is shown piece by piece with the engine's own numbers;
* ``rules.shadow_master.whatif`` agrees with really applying the move (and answering the
  attack's decisions) in the scenarios and in bot games;
* the panels show the engine's numbers (cash, deposits, Power Limit and its sources);
* a seat's view holds no other seat's Territory cards in any widget state;
* the play table acts through the engine (clicks, refusals, undo, bots).
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import ipywidgets as w
import pytest

from rules.core.play import choose_action
from rules.core.protocol import CHANCE, TERMINAL, IllegalAction
from rules.core.saveload import start
from rules.core.scenario import load_scenario, match_state
from rules.shadow_master import GAME
from rules.shadow_master.bots import greedy_bot
from rules.shadow_master.powers import limit_sources, power_limit
from rules.shadow_master.whatif import overlay, preview_attack
from widgets.hexboard import cell_id
from widgets.session import GameSession
from rules.core.scenario import recorded_game
from widgets import page
from widgets.shadow_master import ATTACK_EXAMPLES, SPEC
from widgets.shadow_master.board import CELL_TYPES, build_frames, click_key
from widgets.shadow_master.panels import players_html
from widgets.shadow_master.whatif import KIND_FILL, WhatIfView, overlay_layers, scenario_sources
from widgets.stepper import Stepper

SCENARIOS = SPEC.scenarios


def ScenarioView(path):
    return page.ScenarioView(SPEC, path)


def PlayTable(session, viewer=0, bots=None, seed=0):
    return page.PlayTable(SPEC, session, viewer=viewer, bots=bots, seed=seed)


def new_table(bots_count, kind, seed):
    return page.new_table(SPEC, bots_count, kind, seed)


def scenario_session(sc):
    return GameSession.from_scenario(sc)


def attack_stepper():
    return page.rulings(SPEC, ATTACK_EXAMPLES, "attack")


def rulebook_reader():
    return page.section(SPEC, "board", follow_sections=True)


def bot_game_scenario(players, seed, steps):
    return recorded_game(GAME, {"players": players}, seed, {s: greedy_bot for s in range(players)}, steps, "t", "t")

PATHS = sorted(SCENARIOS.glob("*.yaml"))


def scenario_start(stem: str):
    sc = load_scenario(SCENARIOS / f"{stem}.yaml")
    _cfg, state = start(GAME, sc.setup.config, sc.setup.seed, sc.setup.overrides)
    return sc, state


def drawn_stacks(view_board) -> dict[str, int]:
    """``{cell name: token count}`` as the hex board widget holds them (what the browser gets)."""
    b = view_board.sm_board
    names = {cell_id(b.hex_of[c]): c for c in b.cells}
    return {names[cid]: n for cid, (_fill, n, _ink) in view_board.stacks.items()}


def position_counts(position) -> dict[str, int]:
    return {c: n for c, (_col, n) in position.items()}


def bot_states(players: int, seed: int, steps: int):
    """States of a greedy-bot game, one per action."""
    rng = random.Random(seed)
    state = GAME.new_game({"players": players}, seed)
    for _ in range(steps):
        a = choose_action(GAME, state, {s: greedy_bot for s in range(players)}, rng)
        if a is None:
            return
        state = GAME.apply(state, a).state
        yield state


# ----------------------------------------------------------------------------- the stepper
@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_stepper_reaches_the_scenarios_expected_final_state(path):
    sc = load_scenario(path)
    view = ScenarioView(path)
    cur = view.cursor
    assert cur.step == 0 and view.session.step == 0
    # frame 0 draws the setup position
    assert drawn_stacks(view.board.hexboard) == position_counts(view.session.initial.position)
    cur.jump(cur.length)
    state = view.session.state
    assert view.session.step == view.session.length == len([s for s in sc.steps if not s.expect_error])
    assert match_state(sc.expect.state, GAME.state_to_json(state)) == []
    assert drawn_stacks(view.board.hexboard) == position_counts(state.position)
    for colour, n in GAME.state_to_json(state)["tokens_on_board"].items():
        assert f'class="kl-tokens" data-colour="{colour}">{n}<' in view.board.kingdoms.value
    assert view.error.value == ""


def test_frames_split_a_siege_into_its_events():
    """The siege is one engine step (place, attack, removal, two payments, a lost deposit, the
    collapse); the stepper shows each, with the board and the money as the engine reports."""
    view = ScenarioView(SCENARIOS / "siege_collapse_deposits.yaml")
    cur = view.cursor
    seen = {}
    for i in range(cur.length + 1):
        cur.jump(i)
        assert view.error.value == ""
        kinds = tuple(e.kind for e in cur.current_events())
        if len(kinds) == 1 and kinds[0] not in seen:
            seen[kinds[0]] = (dict(drawn_stacks(view.board.hexboard)), list(view.board.hexboard.highlights),
                              [t for _d, _s, t in view.board.hexboard.outlines], view.board.attack_box.value,
                              seat_block(view.board.players.value, 1))
    order = [k for k in seen if k in ("place", "attack", "tokens_removed", "pay", "deposit_lost", "collapse")]
    assert order == ["place", "attack", "tokens_removed", "pay", "deposit_lost", "collapse"]
    stacks, highlights, _titles, _box, _seat1 = seen["place"]
    assert stacks["F7"] == 1 and stacks["F6"] == 1  # placed; the defender still there
    assert highlights == [cell_id(view.session.state.board.hex_of["F7"])]
    stacks, _h, titles, box, _seat1 = seen["attack"]
    assert "data-kind='siege'" in box and "F6" in stacks  # decided, nothing removed yet
    assert len(titles) == 2 and titles[0].endswith(" 5") and titles[1].endswith(" 1")
    assert "F6" not in seen["tokens_removed"][0]
    seat1 = seen["pay"][4]  # money as before the action, the payment listed under the payer
    assert '<b class="kl-cash">10 Silver' in seat1 and "kl-ledger" in seat1 and "จ่าย 1 Silver" in seat1
    cur.jump(cur.length)
    seat1 = seat_block(view.board.players.value, 1)
    after = view.session.state.players[1]
    assert f'<b class="kl-cash">{after.cash} Silver' in seat1 and after.cash == 9  # 10 - 1 damage
    assert "ล่มสลาย" in view.board.attack_box.value


def test_frames_are_one_per_event_only_when_the_replay_matches_the_engine():
    session, _notes = scenario_session(load_scenario(SCENARIOS / "attack_siege.yaml"))
    frames = build_frames(session)
    assert frames[0].action == 0
    per_action = {}
    for f in frames[1:]:
        per_action.setdefault(f.action, []).append(f.shown)
    for i, tr in enumerate(session.transitions, 1):
        n = len(tr.events)
        assert per_action[i] == (list(range(1, n + 1)) if n > 1 else [n])


def test_stepper_buttons_move_frames_and_the_session():
    view = ScenarioView(SCENARIOS / "attack_full_force.yaml")
    stepper = view.stepper
    assert isinstance(stepper, Stepper) and stepper.back.disabled
    stepper.forward.click()
    stepper.forward.click()
    assert view.cursor.step == 2 and view.session.step == 2
    stepper.last.click()
    assert view.cursor.step == view.cursor.length and view.session.step == view.session.length
    assert 'class="kl-tokens" data-colour="blue">2<' in view.board.kingdoms.value
    stepper.first.click()
    assert view.session.step == 0
    assert 'class="kl-tokens" data-colour="blue">6<' in view.board.kingdoms.value


def test_refused_scenario_step_is_noted_not_played():
    view = ScenarioView(SCENARIOS / "black_token.yaml")
    sc = load_scenario(SCENARIOS / "black_token.yaml")
    refused = [s for s in sc.steps if s.expect_error]
    from rules.catalog import engine
    from widgets.rulepanel import clause_named
    th, _en = clause_named(engine("shadow_master"), refused[0].expect_error)
    # noted with the refusing clause by its name (never its dotted id: a fresh user's finding)
    assert refused and f"“{th}”" in view.intro.value and refused[0].expect_error not in view.intro.value
    assert "kl-error" not in view.intro.value


def test_reader_highlights_the_deciding_clause_and_follows_sections():
    reader = attack_stepper()
    view, panel = reader.view, reader.panel
    assert "attack_full_force" in str(reader.picker.value)
    for i in range(view.cursor.length + 1):
        view.cursor.jump(i)
        if any(e.kind == "attack" for e in view.cursor.current_events()):
            break
    assert "attack.full_force" in panel.cited
    assert 'data-clause="attack.full_force"' in panel.body.value
    # choosing a section in the full reader shows that section's example
    reader = rulebook_reader()
    collapse = next(i for i, (_h, cs) in enumerate(reader.book.sections()) if cs[0].id.startswith("collapse."))
    reader.panel.dropdown.value = collapse
    assert Path(reader.picker.value).stem == "siege_collapse_deposits"
    assert reader.view.scenario.title_en.startswith("A siege")
    # stepping moves the rule panel without switching the example
    reader.view.cursor.jump(reader.view.cursor.length)
    assert Path(reader.picker.value).stem == "siege_collapse_deposits"


# ----------------------------------------------------------------------------- what-if
def follow_real_move(state, action):
    """Apply ``action`` for real, then answer the attack's decisions like the preview does
    (every front choice; the first legal token pick); returns tokens removed per choice."""
    tr = GAME.apply(state, action)
    outs = []

    def go(s, removed):
        while True:
            cp = GAME.current_player(s)
            if cp in (CHANCE, TERMINAL) or not s.queue:
                break
            q = s.queue[0]
            legal = GAME.legal_actions(s, cp)
            if q.kind in ("front", "siege"):
                for a in legal:
                    t = GAME.apply(s, a)
                    go(t.state, removed + sum(e.data["count"] for e in t.events if e.kind == "tokens_removed"))
                return
            if q.kind not in ("remove", "forced_sale", "queen", "discard"):
                break
            t = GAME.apply(s, legal[0])
            s, removed = t.state, removed + sum(e.data["count"] for e in t.events if e.kind == "tokens_removed")
        outs.append((removed, s))

    go(tr.state, sum(e.data["count"] for e in tr.events if e.kind == "tokens_removed"))
    kinds = [e.data["kind"] for e in tr.events if e.kind in ("attack", "no_attack")]
    return outs, kinds, tr


def check_preview_against_reality(state, seat, place_actions):
    checked = 0
    for a in place_actions:
        p = preview_attack(state, a["cell"], a["colour"], seat)
        assert p.legal, (a, p.refused)
        outs, kinds, tr = follow_real_move(state, a)
        assert p.removals == tuple(n for n, _ in outs), (a, p.to_json())
        if kinds:
            assert p.outcomes[0].kind == kinds[0] or p.fronts > 1
        elif not any(e.kind == "three_fronts" for e in tr.events):
            assert p.kind == "quiet"
        # the same cells end up empty
        for o, (_n, final) in zip(p.outcomes, outs):
            assert sorted(set(state.position) - set(final.position)) == sorted(o.emptied), a
        checked += 1
    return checked


@pytest.mark.parametrize("stem", ["attack_full_force", "attack_tempo", "attack_first_strike", "attack_siege",
                                  "three_fronts", "alliance_attack", "siege_collapse_deposits", "castle_capture",
                                  "bankruptcy_forced_sale", "attack_small_groups_no_fight"])
def test_whatif_agrees_with_applying_the_scenario_move(stem):
    sc, state = scenario_start(stem)
    # play the scenario up to its placement decision
    for step in sc.steps:
        if step.action.get("type") in ("place", "place_combo"):
            break
        state = GAME.apply(state, step.action).state
    seat = GAME.current_player(state)
    place = [a for a in GAME.legal_actions(state, seat) if a["type"] == "place"]
    assert place
    assert check_preview_against_reality(state, seat, place) == len(place)
    # and the scenario's own move is previewed as the file says
    move = next(s.action for s in sc.steps if s.action.get("type") == "place")
    p = preview_attack(state, move["cell"], move["colour"], seat)
    attack = [e for s in sc.steps for e in s.expect_events if e.kind == "attack"]
    if attack and "kind" in attack[0].data and p.fronts <= 1:
        assert p.kind == attack[0].data["kind"]


def test_whatif_agrees_with_applying_in_bot_games():
    checked = 0
    for players, seed in ((4, 3), (3, 11), (2, 5)):
        for state in bot_states(players, seed, 900):
            cp = GAME.current_player(state)
            if not isinstance(cp, int) or state.queue or state.turn is None or state.turn.step != "resolve":
                continue
            place = [a for a in GAME.legal_actions(state, cp) if a["type"] == "place"]
            checked += check_preview_against_reality(state, cp, place)
    assert checked > 100


def test_overlay_covers_exactly_the_cells_the_engine_accepts():
    _sc, state = scenario_start("attack_full_force")
    ov = overlay(state, "red", 0)
    board = state.board
    for cell in board.cells:
        p = preview_attack(state, cell, "red", 0)
        assert (cell in ov) == p.legal
    assert ov["E6"].kind == "full_force" and ov["E6"].removed == 4
    assert "G6" not in ov  # a blue cell: the engine refuses red there (board.cell_capacity)
    assert preview_attack(state, "G6", "red", 0).refused[0] == "board.cell_capacity"
    own = overlay(state, "red", 0, own_cards=True)
    assert set(own) <= set(state.players[0].hand) and "E6" in own
    assert state == scenario_start("attack_full_force")[1]  # never changed


def test_three_fronts_preview_lists_each_choice():
    _sc, state = scenario_start("three_fronts")
    p = preview_attack(state, "E7", "red", 0)
    assert p.kind == "three_fronts" and p.fronts == 2
    assert [o.choices for o in p.outcomes] == [("front:blue",), ("front:green",)]
    assert p.outcomes[0].kind == "tempo" and p.outcomes[0].removed == 2


def test_whatif_view_shades_and_labels_from_the_engine():
    view = WhatIfView(sources=scenario_sources(["attack_full_force"]))
    b = view.state.board
    fill = view.hexboard.fills[cell_id(b.hex_of["E6"])]
    assert fill == KIND_FILL["full_force"]
    labels = {cid: lab for cid, (_p, _x, _y, lab) in view.hexboard.cells.items()}
    assert labels[cell_id(b.hex_of["E6"])] == "E6 −4"
    view.click("E6")
    assert "kl-wi-removed'>4<" in view.detail.value and "attack.full_force" in view.detail.value
    assert len(view.hexboard.outlines) == 2
    fills, labs = overlay_layers(view.previews)
    assert set(fills) == set(view.previews)
    view.colour.value = "blue"
    assert all(p.colour == "blue" for p in view.previews.values())


# ----------------------------------------------------------------------------- panels
def seat_block(html: str, seat: int) -> str:
    start = html.index(f'data-seat="{seat}"')
    nxt = html.find('data-seat="', start + 10)
    return html[start:nxt if nxt > 0 else len(html)]


CLAUSE_ID = re.compile(r"\b[a-z_]+\.[a-z_]+\b")


def test_power_limit_sources_name_their_clause_by_title_never_by_id():
    """A fresh reader found ``power_limit.definition`` under every Power Limit bullet of the seats'
    panel: each source names its clause by the rulebook's title (the id stays in ``data-clause``),
    on the play table as drawn (tests/screen_text.py: words and tooltips) and late in a game with
    several sources."""
    from rules.core.rulebook import load_rulebook
    from tests.screen_text import screen_text
    book = load_rulebook("shadow_master")
    table = page.new_table(SPEC, 3, None, 0)
    late = next(s for s in reversed(list(bot_states(4, 7, 400))) if len(limit_sources(s, 0)) > 1)
    shown = [table.board.players, w.HTML(players_html(late.board, GAME.observe(late, 0), 0))]
    for widget in shown:
        text = screen_text(widget)
        assert "Power Limit" in text and not CLAUSE_ID.findall(text), CLAUSE_ID.findall(text)
    for _label, _n, clause in limit_sources(late, 0):
        assert f"ตามกติกา / rule: {book.clause_title(clause)[0]}" in re.sub(r"\s+", " ", screen_text(shown[1]))
        assert f'data-clause="{clause}"' in shown[1].value
    table.close()

def test_panels_show_the_engines_numbers():
    states = list(bot_states(4, 7, 400))
    state = states[-1]
    assert any(p.powers for p in state.players)
    obs = GAME.observe(state, 0)
    html = players_html(state.board, obs, 0)
    for seat, p in enumerate(state.players):
        block = seat_block(html, seat)
        assert f'<b class="kl-cash">{p.cash} Silver' in block
        assert f'<b class="kl-limit-total">{power_limit(state, seat)}</b>' in block
        for label, n, clause in limit_sources(state, seat):
            assert f"+{n} " in block and clause in block
        for colour, amount in zip(state.board.colours, p.deposits):
            if amount:
                assert f"{state.board.colour_th[colour]} {amount}" in block
        assert f"Territory ({len(p.hand)}/" in block
        assert f"{len(p.powers)}</b> / ได้" in block
    # the deposits total and each deposit are the engine's
    rich = max(range(4), key=lambda s: sum(state.players[s].deposits))
    assert f"deposits ({sum(state.players[rich].deposits)})" in seat_block(html, rich)


# ----------------------------------------------------------------------------- hidden information
def widget_state(root: w.Widget) -> str:
    """Every synced trait of ``root`` and the widgets it refers to, as JSON (model ids removed)."""
    from ipywidgets.widgets.widget import _instances

    seen, out, todo = set(), [], [root]
    while todo:
        wid = todo.pop()
        if wid.model_id in seen:
            continue
        seen.add(wid.model_id)
        state = wid.get_state()
        text = json.dumps(state, sort_keys=True, default=str, ensure_ascii=False)
        for ref in re.findall(r"IPY_MODEL_([0-9a-f]+)", text):
            if ref in _instances:
                todo.append(_instances[ref])
        out.append(re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", text))
    return "\n".join(sorted(out))


def table_over(state, viewer=0) -> PlayTable:
    session = GameSession(GAME, config=state.config, seed=state.seed)
    session.initial = state  # show exactly this state (no history)
    session.step = 0
    return PlayTable(session, viewer=viewer, bots={})


def test_a_seat_view_holds_no_other_seats_cards():
    rng = random.Random(1)
    picked = 0
    for state in bot_states(4, 21, 500):
        if GAME.current_player(state) != 0 or picked >= 3:
            continue
        picked += 1
        other = GAME.resample_hidden(state, 0, rng)
        assert [p.hand for p in other.players[1:]] != [p.hand for p in state.players[1:]]
        assert other.players[0].hand == state.players[0].hand
        a, b = widget_state(table_over(state)), widget_state(table_over(other))
        assert a == b  # nothing on screen depends on the others' cards ...
        own = " ".join(f'<span class=\\"kl-card\\">{c}</span>' for c in state.players[0].hand)
        assert own in a  # ... while the reader's own cards are there
    assert picked == 3


def test_play_log_hides_other_seats_draws():
    table = new_table(3, "greedy", seed=4)
    rng = random.Random(4)
    for _ in range(60):
        legal = table.legal()
        if not legal:
            break
        table.act(rng.choice([a for a in legal if a["type"] not in ("skip",)] or legal))
    secret = [e for e in table.session.events if e.kind == "draw" and not e.visible(0)]
    assert secret
    text = widget_state(table)
    assert all(e.text_th not in text for e in secret[-20:] if e.text_th)


# ----------------------------------------------------------------------------- play
def test_play_table_acts_through_the_engine():
    table = new_table(2, "greedy", seed=3)
    assert table.my_turn() and {"roll", "skip"} <= {a["type"] for a in table.legal()}
    table.act({"player": 0, "type": "roll"})
    # a die was rolled (chance); it is the reader's placement, with click modes per colour
    assert table.session.state.turn.step == "resolve"
    modes = table.board.mode.options
    assert modes and all(isinstance(v, str) for _l, v in modes)
    place = [a for a in table.legal() if a["type"] == "place"]
    assert place
    # a click on a cell that is not legal: the engine says why (clause, Thai and English)
    length = table.session.length
    not_legal = next(c for c in table.board.sm_board.cells if c not in {a["cell"] for a in place})
    table.board.click(not_legal)
    assert "kl-error" in table.message.value and "clause: <code>phase1.territory_required</code>" in table.message.value
    assert not_legal in table.message.value
    assert table.session.length == length
    # the what-if shading covers exactly the legal cells of the chosen colour
    mode = table.board.mode.value
    cells = {a["cell"] for a in table.legal() if a["type"] in CELL_TYPES and click_key(a) == mode}
    shaded = {table.board.sm_board.name_of[tuple(map(int, cid.split(",")))] for cid in table.board.hexboard.fills
              if table.board.hexboard.fills[cid] in KIND_FILL.values()}
    assert cells <= shaded
    # a click on a legal cell places there; then the bots play until the reader's next move
    a = next(x for x in table.legal() if x["type"] in CELL_TYPES and click_key(x) == mode)
    table.board.click(a["cell"])
    assert table.message.value == ""
    assert table.session.actions[length] == a
    assert table.my_turn() or table.session.current_player() == TERMINAL
    # undo goes back to just before the reader's last move
    last = table._my_last_action()
    table.undo()
    assert table.session.step == last and table.my_turn()


def test_play_refusal_keeps_the_state():
    table = new_table(1, "random", seed=2)
    before = table.session.length
    from widgets.errors import safe
    safe(table.message)(table.choose)(table.decision, {"player": 0, "type": "place", "cell": "A1", "colour": "red"})
    assert "kl-error" in table.message.value and table.session.length == before


def test_bot_game_scenario_is_a_valid_replay():
    sc = bot_game_scenario(players=3, seed=2, steps=120)
    session, notes = scenario_session(sc)
    assert notes == [] and session.length == len(sc.steps) == 120
    with pytest.raises(IllegalAction):
        GAME.apply(session.transitions[-1].state, {"player": 9, "type": "roll"})


# ----------------------------------------------------------------------------- fixes after a fresh-eyes review
def test_undo_then_roll_gives_the_same_die_every_time():
    """Chance is reproducible along one line of play: undoing a roll and rolling again cannot
    fish for another colour (nor can the bots' answers change)."""
    table = new_table(2, "greedy", seed=5)
    start = table.session.step
    table.act({"player": 0, "type": "roll"})
    first = table.session.state.turn.dice
    line = table.session.actions[start:]
    for _ in range(5):
        table.undo()
        assert table.session.step == start
        table.act({"player": 0, "type": "roll"})
        assert table.session.state.turn.dice == first
        assert table.session.actions[start:] == line
    # an extra free move before the roll does not re-roll the die either
    table.undo()
    moves = [a for a in table.legal() if a["type"] == "move_money"]
    if moves:
        table.act(moves[0])
        table.act({"player": 0, "type": "roll"})
        assert table.session.state.turn.dice == first


def test_bots_line_is_the_same_after_an_undo():
    table = new_table(3, "random", seed=8)
    while not any(a.get("player", 0) != 0 for a in table.session.actions):  # play until the bots move
        table.act(table.legal()[-1])
    last = table._my_last_action()
    mine = table.session.actions[last]
    first = table.session.actions[last:]
    assert any(a.get("player", 0) != 0 for a in first)
    for _ in range(3):
        table.undo()
        table.act(mine)
        assert table.session.actions[last:] == first


ALLY_SETUP = {"first_player": 0, "alliances": {"X1": ["red", "yellow"]},
              "board": {"E2": ["red", 1], "E4": ["yellow", 1], "F6": ["blue", 1]},
              "players": {0: {"hand": ["X", "E3", "G1", "H2", "I1"]}}}


def x_pips(hexboard) -> dict[str, list[str]]:
    """``{X cell: [css colour, ...]}`` as the hex board widget holds them."""
    names = {cell_id(h): x for x, h in hexboard.x_hex.items()}
    return {names[cid]: cols for cid, cols in hexboard.pips.items() if cid in names}


def test_x_cells_are_drawn_with_their_alliance_tokens():
    from widgets.shadow_master.live_board import COLOUR_CSS
    sc, state = scenario_start("alliance_attack")
    view = ScenarioView(SCENARIOS / "alliance_attack.yaml")
    board = view.board.hexboard
    assert set(board.x_hex) == set(state.board.x_cells) == {"X1", "X2", "X3"}
    ids = {cell_id(h) for h in board.x_hex.values()}
    assert ids <= set(board.cells) and not ids & {cell_id(h) for h in state.board.hex_of.values()}
    assert [board.cells[cell_id(board.x_hex[x])][3] for x in ("X1", "X2", "X3")] == ["X1", "X2", "X3"]
    assert x_pips(board) == {"X1": [COLOUR_CSS["red"], COLOUR_CSS["yellow"]]}
    assert 'class="kl-pips"' in board.to_svg() and board.to_svg().count(COLOUR_CSS["yellow"]) >= 1
    wi = WhatIfView(state)
    assert x_pips(wi.hexboard) == {"X1": [COLOUR_CSS["red"], COLOUR_CSS["yellow"]]}
    wi.hexboard.click(wi.hexboard.x_hex["X1"])  # an X cell click explains, never crashes
    assert "X1" in wi.detail.value and wi.error.value == ""


def test_play_offers_alliances_by_clicking_an_x_cell():
    from widgets.shadow_master.live_board import COLOUR_CSS
    session = GameSession(GAME, config={"players": 3}, seed=3, overrides=ALLY_SETUP)
    table = PlayTable(session, viewer=0, bots={1: greedy_bot, 2: greedy_bot}, seed=3)
    assert x_pips(table.board.hexboard) == {"X1": [COLOUR_CSS["red"], COLOUR_CSS["yellow"]]}
    table.act({"player": 0, "type": "roll"})
    colour = table.session.state.turn.dice[0]
    allies = [a for a in table.legal() if a["type"] == "ally"]
    # chance is seeded along the line of play, so seed 3 always rolls a colour that can ally
    assert allies, f"seed 3 rolled {colour}: no alliance offered; pick a seed whose roll can ally"
    table.board.mode.value = click_key(allies[0])
    assert {cell_id(table.board.hexboard.x_hex[a["x"]]) for a in allies} <= set(table.board.hexboard.highlights)
    x = allies[-1]["x"]
    step = table.session.step
    table.board.click(x)
    assert table.message.value == "" and table.session.actions[step] == allies[-1]
    assert colour in table.session.transitions[step].state.alliances[GAME.new_game({"players": 3}, 3).board.x_cells.index(x)]


def test_status_lines_and_log_are_readable():
    table = new_table(2, "greedy", seed=5)
    table.act({"player": 0, "type": "skip"})
    while table.legal() and table.session.current_player() != TERMINAL and len(table.session.events) < 40:
        table.act(table.legal()[-1])
    lines = [o[0] for o in table.eventlog.select.options]
    assert any("ผู้เล่น 2 ▸" in x for x in lines)  # a bot's event names its seat
    assert any("ผู้เล่น 1 ▸" in x for x in lines)  # and so do the reader's
    state = table.session.state
    assert SPEC.label(state, {"player": 1, "type": "no_sell"}) not in ("", "no_sell")
    assert "แดง" in SPEC.label(state, {"chance": "die", "colour": "red"})


def test_a_teaching_example_log_shows_the_hands_it_shows_on_the_table():
    """setup_deal_two_players shows every card (shows_hidden): its log gives each dealt hand's real
    text; a scenario that does not show them keeps the hands hidden in the log."""
    from rules.core.scenario import load_scenario as load

    path = SCENARIOS / "setup_deal_two_players.yaml"
    assert load(path).shows_hidden
    view = ScenarioView(path)
    hands = [ev for ev in view.session.setup_events if ev.kind == "setup_hand"]
    assert hands and all(ev.visible_to for ev in hands)
    lines = [label for label, _ in view.eventlog.select.options]
    assert all(any(ev.text_th in line for line in lines) for ev in hands)
    hidden = ScenarioView(SCENARIOS / "attack_full_force.yaml")
    assert not load(SCENARIOS / "attack_full_force.yaml").shows_hidden
    hidden_hands = [ev for ev in hidden.session.setup_events if ev.kind == "setup_hand"]
    lines = [label for label, _ in hidden.eventlog.select.options]
    assert hidden_hands and not any(ev.text_th in line for ev in hidden_hands for line in lines)


def test_no_config_pair_reaches_the_screen():
    """A fresh reader found an example titled "(capture_timing=after_attack)": a config pair instead
    of the register's words.  The examples' titles (both pickers) and every example's question and
    answer say readings in words (tests/screen_text.py)."""
    import ipywidgets as w
    from rules.core.scenario import load_scenario
    from tests.screen_text import offending, screen_text
    from widgets import page
    from widgets.shadow_master import ATTACK_EXAMPLES, SPEC
    board = page.section(SPEC, "board", follow_sections=True)
    attacks = page.rulings(SPEC, ATTACK_EXAMPLES, "attack")
    text = screen_text(w.VBox([board, attacks]))
    for path in sorted(SPEC.scenarios.glob("*.yaml")):  # each example's own words, as its panel shows them
        sc = load_scenario(path)
        text += "\n" + "\n".join((sc.title_th, sc.title_en, sc.question_th, sc.question_en, sc.answer_th, sc.answer_en))
    assert offending(text) == []
    assert "ยึดปราสาทก่อนการโจมตี" in text



def test_game_over_names_the_winners_and_why():
    """Shadow Master's play said only "จบเกม / game over" at the end (the winner was the last line of
    a story of thousands): the line names the winners in the engine's seat words and the engine's
    end reason."""
    import html as _html
    from widgets import page
    from widgets.shadow_master import SPEC as SM
    table = page.new_table(SM, 2, "random", 5)
    table.finish("random")
    state = table.session.state
    scores = SM.game.score_breakdown(state)
    assert scores["winners"] and scores["end_reason"]
    status = _html.unescape(table.board.status.value)
    for i in scores["winners"]:
        th, en = SM.game.seat_words(i)
        assert th in status and en in status
    assert "ผู้ชนะ" in status and "winner" in status and scores["end_reason"]["en"] in status


def test_at_game_over_the_status_says_over_and_an_old_refusal_is_gone(monkeypatch):
    """A fresh user's trial: after the bots finished, the status still read "ช่วงจบเกม: รอบสุดท้ายคือ
    60 / the end is near" and "no action takes a cell now (clicked L6)", refused before the finish,
    stayed under the board.  At the end the status says the game is over (the observation's
    ``current == "terminal"``) and the next render clears a refused click's note."""
    import html as _html
    monkeypatch.setattr(page, "FREEZE_AFTER", 1e9)  # a quick finish: no "the bots are moving" line replaces the note
    table = page.new_table(SPEC, 3, None, 1)
    table.board.click("L6")                       # no action takes a cell now: refused, said under the board
    assert "clicked L6" in table.message.value
    table.finish()
    assert table._obs["current"] == "terminal" and table._obs.get("end_triggered")
    status = re.sub(r"<[^>]+>", " ", _html.unescape(table.board.status.value))
    assert "เกมจบแล้ว" in status and "the game is over" in status
    assert "the end is near" not in status and "ช่วงจบเกม" not in status, status
    assert table.message.value == "", table.message.value
    table.board.click("L6")                       # a refusal after the end is still said
    assert "clicked L6" in table.message.value


def test_a_play_click_sends_the_board_one_message_with_its_decision(monkeypatch):
    """The board's decision number and the cells it makes clickable went as two messages (two
    round trips and two redraws of the board in the page per click): now one, holding both."""
    import random

    from widgets import page
    from widgets.shadow_master import SPEC
    from widgets.shadow_master.board import SMBoard

    table = page.new_table(SPEC, 2, "random", 4)
    rng = random.Random(4)
    for _ in range(5):
        table.choose(table.decision, rng.choice(table._legal))
    sent = []
    real = SMBoard.send_state
    monkeypatch.setattr(SMBoard, "send_state", lambda self, key=None: sent.append(set(key) if key else key) or real(self, key))
    drawn = 0
    for _ in range(8):
        sent.clear()
        table.choose(table.decision, rng.choice(table._legal))
        assert len(sent) == 1 and "decision" in sent[0], sent
        drawn += len(sent[0]) > 1  # the board changed too, in the same message
    assert drawn
    table.close()


def test_the_status_line_says_first_player_and_the_stage_in_thai_and_english():
    """A fresh reader on a 390 px phone read "First Player: ผู้เล่น 1 · เทิร์นของผู้เล่น a player's
    turn": no Thai for the First Player and no "/" between the stage's Thai and English.  The line
    now reads "ผู้เล่นคนแรก / first player: ..." and "เทิร์นของผู้เล่น / a player's turn"."""
    import html as _html
    from widgets.shadow_master.panels import status_html
    state = GAME.new_game(GAME.default_config(3), 3)
    obs = GAME.observe(state, None)
    assert obs["stage"] == "turn" and obs["turn"]["step"] == "choose"  # a player's first step
    text = _html.unescape(re.sub(r"<[^>]+>", "", status_html(state.board, obs)))
    assert "ผู้เล่นคนแรก / first player: " in text and "First Player" not in text
    assert "เทิร์นของผู้เล่น / a player's turn" in text
    assert "เฟส 1: เลือก A/B/C / phase 1: choose A/B/C" in text
    # each Thai phrase kept whole on a line: the browser's dictionary cut "เทิร์น" into "เทิร์" / "น" at 390 px
    raw = status_html(state.board, obs)
    assert "<span style='white-space:nowrap'>เทิร์นของผู้เล่น</span>" in raw
    assert "<span style='white-space:nowrap'>เลือก</span>" in raw


def test_game_over_turns_the_hands_up_and_counts_the_final_score():
    """At the end of a game the bots' Territory cards stayed "? × 6 (ซ่อน / hidden)", there was no
    final score table, the end-trigger line had no English half, and the reader's own cards read
    "A4I6M3M4X" run together."""
    import html as _html
    import re as _re
    from widgets import page
    from widgets.shadow_master import SPEC as SM
    table = page.new_table(SM, 3, "random", 5)
    table.finish("random")
    state = table.session.state
    assert state.stage == "over"
    players = table.board.players.value
    words = " ".join(_html.unescape(_re.sub(r"<[^>]+>", " ", players)).split())
    assert "ซ่อน / hidden" not in words
    for p in state.players:  # every hand, the bots' too, chip by chip with a space between
        if p.hand:
            assert " ".join(p.hand) in words, (p.hand, words)
    status = table.board.status.value
    scores = SM.game.score_breakdown(state)
    rows = _re.findall(r"<tr data-seat='(\d)'>(.*?)</tr>", status)
    assert [int(i) for i, _r in rows] == list(range(len(state.players)))
    for (i, row), seat in zip(rows, scores["seats"]):
        cells = [_re.sub(r"<[^>]+>", "", c) for c in _re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert cells[1:] == [str(seat["total"])] + [str(v) for v in seat["sources"].values()]
    assert "ผู้เล่น / player" in status and "การ์ด Territory / <span class='kl-muted'>Territory cards" in status
    if state.end_triggered:
        assert "the last round is" in _html.unescape(status)


def test_the_game_over_panel_reads_the_hands_from_the_seats_observation_only(monkeypatch):
    """The end panel turned the bots' hands up from the engine's full state (``state_to_json``), a
    view reading more than the seat's observation.  The engine's ``observe`` now holds every hand
    once the game is over: the panel lists exactly those, and never asks for the full state."""
    import html as _html
    import re as _re
    from widgets.shadow_master import SPEC as SM
    table = page.new_table(SM, 2, "greedy", 3)
    table.finish("greedy")
    state = table.session.state
    assert state.stage == "over" and all(p.hand for p in state.players)  # every seat has cards to show
    asked = []

    def full_state(*args, **kwargs):
        asked.append(args)
        raise AssertionError("the play page asked for the full state")

    monkeypatch.setattr(SM.game, "state_to_json", full_state)
    table.board.players.value = ""
    table.render()
    assert asked == []
    obs = GAME.observe(state, table.viewer)
    blocks = table.board.players.value.split('data-seat="')[1:]  # one per seat, in seat order
    assert [int(b[0]) for b in blocks] == list(range(len(state.players)))
    for block, p, seat in zip(blocks, obs["players"], state.players):
        shown = _re.search(r"Territory \(\d+/\d+\): (.*?)</div>", block).group(1)
        cards = [_html.unescape(c) for c in _re.findall(r'<span class="kl-card">(.*?)</span>', shown)]
        assert cards == p["hand"] == list(seat.hand)
    table.close()


def test_the_end_trigger_line_says_it_in_english_too():
    from widgets.shadow_master.panels import status_html
    _sc, state = scenario_start("end_trigger_two_exhausted")
    obs = GAME.observe(state, None)
    obs = {**obs, "end_triggered": True, "last_round": 7}
    assert "ช่วงจบเกม: รอบสุดท้ายคือ 7</b> / <span class=\"kl-muted\">the end is near: the last round is 7" \
        in status_html(state.board, obs)


def test_the_example_picker_says_each_title_in_thai_and_english():
    """The "ตัวอย่าง" picker offered "ล้อมโจมตี - กลุ่ม 5 ช่อง…" in Thai only: each option now has the
    scenario file's English title as its second half."""
    reader = page.rulings(SPEC, ATTACK_EXAMPLES, "attack")  # the page's attack stepper
    assert len(reader.picker.options) == len(ATTACK_EXAMPLES) > 1
    for label, path in reader.picker.options:
        sc = load_scenario(path)
        assert label.endswith(f"{sc.title_th} / {sc.title_en}"), label


@pytest.mark.parametrize("stem", ["attack_siege", "siege_collapse_deposits", "attack_full_force"])
def test_an_attacks_outline_never_circles_an_emptied_cell(stem):
    """At the last frame of attack_siege F6 was empty but still outlined in blue with G6 (the
    defender's group as the attack began), so blue read as a 2-cell group: an outline is drawn on
    the cells that still hold its side's tokens, and the attack card's key says so."""
    view = ScenarioView(SCENARIOS / f"{stem}.yaml")
    drawn = []
    real = view.board.hexboard.show
    view.board.hexboard.show = lambda position, **kw: (drawn.append((position, kw.get("outlines", []))),
                                                       real(position, **kw))[1]
    cur = view.cursor
    cards = []
    for k in range(cur.length + 1):
        drawn.clear()
        cur.jump_frame(k)
        for position, outlines in drawn:
            for cells, colour, _title in outlines:
                assert cells and all(position.colour_at(c) is not None for c in cells), (k, cells, colour)
        if "kl-attack" in view.board.attack_box.value:
            cards.append(view.board.attack_box.value)
    assert cards and all("an emptied cell is not outlined" in c for c in cards)
    if stem == "attack_siege":  # the finding: at the end only G6 is blue's, and only G6 is outlined in blue
        cur.jump_frame(cur.length)
        blue = [cells for _p, outs in drawn for cells, colour, _t in outs if colour == "blue"]
        assert blue == [["G6"]], blue


def test_phase_one_says_why_choice_b_is_missing():
    """Phase 1 offered "เลือก A/B/C" with only A and C and nothing said why B (a black token) was
    missing: the engine's ``unavailable`` gives B with the refusal ``explain_illegal`` gives it, and
    the play table's "why can't I do something?" fold shows it by the clause's title."""
    checked = 0
    for state in bot_states(3, 7, 300):
        seat = GAME.current_player(state)
        if not isinstance(seat, int) or seat < 0:
            continue
        got = GAME.unavailable(state, seat)
        legal = GAME.legal_actions(state, seat)
        at_choice = state.stage == "turn" and not state.queue and state.turn.step == "choose"
        blacks = [(a, r) for a, r in got if a["type"] == "black"]
        if not at_choice or any(a["type"] == "black" for a in legal):
            assert blacks == []  # B is listed at the choice only, when it is missing
            continue
        checked += 1
        [(action, refusal)] = blacks  # (the other kinds missing there: tests/test_shadow_master_whynot.py)
        assert action not in legal
        said = GAME.explain_illegal(state, action)
        assert (said.clause, said.message_th, said.message_en) == (refusal.clause, refusal.message_th,
                                                                   refusal.message_en)
    assert checked
    table = page.new_table(SPEC, 3, "random", 5)  # a fresh game: not all six kingdoms are on the board
    assert table.session.state.turn.step == "choose"
    fold = table.whynot.value
    th, en = GAME.cite_name("black.after_six_colours", 0)
    assert "B: " in fold and "black tokens only once all six kingdoms are on the board" in fold
    assert th and th in fold and "black.after_six_colours" in fold  # the title shown, the id in a tooltip
    from tests.test_clause_cards import _ids_in, _words
    assert not _ids_in(_words(fold), "shadow_master"), _words(fold)


def test_the_click_mode_label_has_english():
    """The placing step's click-mode label is Thai with English, as the rest of the page."""
    table = new_table(2, "greedy", seed=3)
    table.act({"player": 0, "type": "roll"})
    assert table.board.mode.layout.display != "none"
    assert table.board.mode.description == "คลิกช่อง / click a cell"

"""What a fresh user of the dashboard read on the worked examples and the clause cards: dotted
clause ids as words (the examples' clause folds, the cards' headers), a card's heading said twice
("1, รายได้" over a text opening "1, รายได้"), a Valeria dropdown option "linear: ..." (a reading
id), and a stepper on an example with no move.  Built in Python, the visible words read off the
widgets (tooltips, ``title``, are where ids may stay)."""
from __future__ import annotations

import html
import importlib
import re

import ipywidgets as w
import pytest

from rules.core.rulebook import load_rulebook
from widgets import page
from widgets.eventlog import clauses_html

DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+(?:\.[a-z_]+)*\b")


def _words(markup: str) -> str:
    """The words an HTML string shows: no style, no tags, no tooltip."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _shown(root: w.Widget) -> str:
    """Every visible text under ``root``: HTML values, labels, descriptions, option labels."""
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        if isinstance(x, (w.HTML, w.Label)):
            out.append(_words(x.value))
        if getattr(x, "description", ""):
            out.append(x.description)
        if isinstance(x, w.Dropdown):
            out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in x.options]
        todo.extend(getattr(x, "children", ()) or ())
    return "\n".join(out)


def _ids_in(text: str, game: str) -> set[str]:
    return {m for m in DOTTED.findall(text) if m in load_rulebook(game).ids}


@pytest.mark.parametrize("game,stem", [("coup", "1_assassin_challenge_then_contessa_bluff"),
                                       ("shadow_master", None), ("new_world", None), ("valeria", None)])
def test_a_worked_examples_clause_folds_name_clauses_by_title_not_id(game, stem):
    """The fold under each event read "ข้อกติกา / clauses: cover.players, ...": now the engine's
    titles (``cite_name``, as the story lines say them), the ids in the summary's tooltip."""
    spec = importlib.import_module(f"widgets.{game}").SPEC
    path = page.SCENARIOS / game / f"{stem}.yaml" if stem else page.scenario_paths(spec)[0]
    view = page.scenario_at(spec, path)
    folds = 0
    for k in range(view.cursor.length + 1):
        view.cursor.jump_frame(k)
        for summary in re.findall(r"<summary[^>]*>(.*?)</summary>", view.info.value):
            if "ข้อกติกา / clauses" in summary:
                folds += 1
                assert not _ids_in(_words(summary), game), summary
        assert not _ids_in(_shown(view.info), game), _shown(view.info)
    assert folds, "no clause fold met"


@pytest.mark.parametrize("game", ["coup", "shadow_master", "new_world", "valeria"])
def test_a_clause_card_is_headed_by_its_title_and_says_it_once(game):
    """The card a citation opens showed the clause id as its header; it shows the engine's title
    (the id in the header's tooltip and in ``data-clause``), and a text that opens with that heading
    does not say it again below."""
    game_obj = importlib.import_module(f"rules.{game}").GAME
    book = load_rulebook(game)
    cards = {c.id: clauses_html(book, [c.id]) for c in book.clauses}  # the card a click on a citation opens
    shown_ids = {cid: _ids_in(_words(card), game) for cid, card in cards.items()}
    assert not any(shown_ids.values()), {cid: ids for cid, ids in shown_ids.items() if ids}
    for c in book.clauses:
        card = cards[c.id]
        shown = _words(card)
        assert f'title="{c.id}"' in card and f'data-clause="{c.id}"' in card
        th, _en = game_obj.cite_name(c.id, None)
        if th:
            head = re.search(r'<span class="kl-title">([^<]*)</span>', card)
            assert head and html.unescape(head.group(1)).startswith(th), (c.id, card)
        lines = [" ".join(x.split()) for x in shown.split("\n")]
        heading = " ".join(c.text_th.strip().split("\n", 1)[0].split())
        if heading == " ".join((c.heading[-1] if c.heading else "").split()):
            assert sum(heading in x for x in lines) <= 1, (c.id, lines)


def test_coups_income_card_says_its_heading_once():
    """The finding itself: "1, รายได้" headed the card and opened its text."""
    book = load_rulebook("coup")
    shown = " ".join(_words(clauses_html(book, ["actions.income"])).split())
    assert shown.count("รายได้") == 1, shown
    assert "actions.income" not in shown and "รับโทเค็นเงิน 1 ชิ้น" in shown


def test_valerias_chart_dropdown_offers_readings_by_their_words():
    """"linear: ได้ 1 VP ..." named a reading by its id: the options are the register's short words."""
    from rules.core.ambiguity import load_ambiguities
    from widgets.valeria.battle import BattleBench
    bench = BattleBench()
    entry = next(a for a in load_ambiguities("valeria") if a.variant == "vp_conversion_table")
    labels = [label for label, _v in bench.reading.options]
    assert labels == [f"{r.short_th} / {r.short_en}" for r in entry.readings]
    for dd in [x for x in _walk(bench) if isinstance(x, w.Dropdown)]:
        for label, _v in dd.options:
            assert not re.match(r"^[a-z_]+:", str(label)), label
    # nor does the bench's panel name a clause by its id
    assert not _ids_in(_shown(bench), "valeria"), _shown(bench)


def _walk(root):
    todo = [root]
    while todo:
        x = todo.pop()
        yield x
        todo.extend(getattr(x, "children", ()) or ())


@pytest.mark.parametrize("game", ["coup", "shadow_master", "new_world", "valeria"])
def test_an_example_with_no_move_shows_no_stepper(game):
    """Coup's first worked example (a fresh deal, 0 steps) showed a stepper whose buttons did
    nothing: it shows a one-line note instead, and an example with moves still has its stepper."""
    from widgets.stepper import Stepper
    spec = importlib.import_module(f"widgets.{game}").SPEC
    reader = page.section(spec, 0)
    assert reader.view.cursor.length == 0
    assert not [x for x in _walk(reader) if isinstance(x, Stepper)]
    assert "ไม่มีการเดิน / this example is a position, no moves" in _shown(reader.view.stepper_box)
    moved = next(p for p in page.scenario_paths(spec) if page.load_scenario(p).steps)
    reader.view.load(moved)  # the same view given an example with moves: a stepper again
    assert [x for x in _walk(reader) if isinstance(x, Stepper)]
    assert "no moves" not in _shown(reader.view.stepper_box)


@pytest.mark.parametrize("stem", ["attack_siege", "attack_full_force", "attack_first_strike", "attack_tempo",
                                  "siege_collapse_deposits"])
def test_shadow_masters_attack_card_names_the_kind_not_the_clause_id(stem):
    """The attack card beside the board was headed "ล้อมโจมตี siege attack.siege" at the last frame:
    it reads "ล้อมโจมตี / siege", the clause id only in its tooltip and ``data-clause``."""
    spec = importlib.import_module("widgets.shadow_master").SPEC
    view = page.scenario_at(spec, page.SCENARIOS / "shadow_master" / f"{stem}.yaml")
    cards = 0
    for k in range(view.cursor.length + 1):
        view.cursor.jump_frame(k)
        card = view.board.attack_box.value
        if not card:
            continue
        cards += 1
        assert not _ids_in(_words(card), "shadow_master"), _words(card)
        kind = re.search(r"data-kind='([a-z_]+)'", card).group(1)
        assert f"data-clause='attack.{kind}'" in card
    assert cards, "no attack card met"
    head = " ".join(_words(card.split("</div>", 1)[0]).split())
    assert re.fullmatch(r"\S+ / [a-z ]+", head), head


def test_shadow_masters_whatif_preview_names_no_clause_id():
    """The what-if detail said "<code>attack.three_fronts</code>" and a refusal's clause id aloud."""
    from rules.shadow_master.whatif import preview_attack
    from tests.test_shadow_master_views import scenario_start
    from widgets.shadow_master.whatif import preview_html
    _sc, fronts = scenario_start("three_fronts")
    _sc, full = scenario_start("attack_full_force")
    shown = {"fronts": preview_html(fronts.board, preview_attack(fronts, "E7", "red", 0)),
             "refused": preview_html(full.board, preview_attack(full, "G6", "red", 0))}
    assert "data-clause='attack.three_fronts'" in shown["fronts"]
    assert "data-clause='board.cell_capacity'" in shown["refused"]
    for s in shown.values():
        assert not _ids_in(_words(s), "shadow_master"), _words(s)

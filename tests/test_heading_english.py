"""Clause names in English: a clause with no English title of its own was named by its Thai
heading in both languages, so the English half of story lines, clause cards, why-not folds and the
analyzer's coverage table read Thai ("กฎการวางไทล์ / กฎการวางไทล์").  Each book now gives the
English of every heading (``headings_en``, :mod:`rules.core.rulebook`)."""
from __future__ import annotations

import re

import pytest
import yaml

from rules.catalog import engine
from rules.core.rulebook import load_rulebook, load_rulebook_file

GAMES = ["coup", "new_world", "shadow_master", "valeria"]
THAI = re.compile(r"[\u0E00-\u0E7F]")


@pytest.mark.parametrize("game", GAMES)
def test_every_heading_of_the_book_has_an_english_name(game):
    book = load_rulebook(game)
    heads = {h for c in book.clauses for h in c.heading}
    assert heads and heads <= set(book.headings_en), sorted(heads - set(book.headings_en))
    for th in heads:
        en = book.headings_en[th]
        assert en.strip() and not THAI.search(en), (th, en)


@pytest.mark.parametrize("game", GAMES)
def test_every_implemented_clause_is_named_in_english_without_thai(game):
    """The name a story line, a clause card and the coverage table give (the engine's
    ``cite_name``) has no Thai letter in its English half, for every clause the engine cites."""
    book, eng = load_rulebook(game), engine(game)
    named = 0
    for c in book.clauses:
        if c.status != "implemented":
            continue
        for seat in (None, 0):
            th, en = eng.cite_name(c.id, seat)
            assert not THAI.search(en), (c.id, seat, th, en)
            named += bool(th)
    assert named


@pytest.mark.parametrize("game", GAMES)
def test_clauses_under_one_shared_heading_get_different_english_names(game):
    """A heading several clauses share is followed by each clause's own first words in English too
    (its gloss's), so two of them never read alike in English (Coup's "กฎละเอียด")."""
    book, eng = load_rulebook(game), engine(game)
    by_title: dict[str, list[str]] = {}
    for c in book.clauses:
        if book.shares_title(c.id) and book.own_words(c.id):  # not the heading's own clause
            by_title.setdefault(book.clause_title(c.id)[0], []).append(c.id)
    assert by_title
    for title, ids in by_title.items():
        names = {}
        for cid in ids:
            en = eng.cite_name(cid, None)[1]
            assert not THAI.search(en), (cid, en)
            names.setdefault(en, set()).add(" ".join(book.clause(cid).gloss_en.split()))
        # two names alike only for clauses whose glosses are alike (Shadow Master's two "Combo การ์ด")
        assert all(len(g) == 1 for g in names.values()), (title, names)


def test_coup_names_read_thai_then_english_without_list_numbers():
    eng = engine("coup")
    assert eng.cite_name("actions.income") == ("รายได้", "Income")  # the book: "1, รายได้" / "1, Income"
    assert eng.cite_name("characters.duke_tax") == ("ดยุค", "Duke")  # "1, Duke (ดยุค)" / "1, Duke"
    assert eng.cite_name("inquisitor.examine") == ("สอบสวน", "Examine")  # "2. สอบสวน" / "2. Examine"
    assert engine("new_world").cite_name("placement.forbidden_cells")[1].startswith("Tile placement rules: ")


def test_a_clause_card_and_its_section_say_the_english_heading():
    """A clause card is headed "th / en" now that the two differ; a card whose title is its
    section's heading leaves it to the section dropdown, which says the English too."""
    from widgets.rulepanel import RulePanel, clause_html
    book = load_rulebook("new_world")
    card = clause_html(book.clause("placement.forbidden_cells"), book=book)
    assert "กฎการวางไทล์: ห้ามวางบนช่องมหาวิหาร ช่องปราสาท และช่องน้ำ / Tile placement rules: " in card
    panel = RulePanel("coup")
    labels = [label for label, _ in panel.dropdown.options]
    assert "กฎละเอียด / Detailed rules" in " ".join(labels), labels


def test_a_valid_headings_en_names_the_clauses(tmp_path):
    doc = {"game": "demo", "seed_file": "demo.txt", "title_th": "เกมทดลอง", "title_en": "Demo",
           "headings_en": {"เตรียมเกม": "Setup"},
           "clauses": [{"id": "setup.start", "heading": ["เตรียมเกม"], "status": "pending",
                        "text_th": "1. วางกระดาน\n", "gloss_en": "1. Place the board."}]}
    path = tmp_path / "demo.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    book = load_rulebook_file(path)
    assert book.clause_title("setup.start") == ("เตรียมเกม", "Setup")
    assert book.own_words_en("setup.start") == "Place the board"


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_a_note_names_has_english_words_untitled_ones_too(game):
    """A refusal note, a table cell or the coverage table names any clause, the book's untitled
    title and intro clauses included (``widgets.rulepanel.clause_named``): the English half is
    English (the start of the clause's gloss), never its Thai text again, and no bracket is left
    open by the cut."""
    from widgets.rulepanel import clause_named
    for clause in load_rulebook(game).clauses:
        th, en = clause_named(game, clause.id)
        assert th and en and not THAI.search(en), (clause.id, th, en)
        assert en.count("(") <= en.count(")"), (clause.id, en)

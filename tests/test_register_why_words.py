"""Why a register entry's default was chosen, in a reader's words (``why_th`` / ``why_en``).

The register panel had moved ``why`` into the fold "for developers" (class ``kl-dev``) because it is
full of clause ids (``components.character_cards``), file names and entry ids, so a Thai reader no
longer saw why a default was chosen at all, and never in Thai.  Now every entry carries ``why_th``
(Thai) and ``why_en``, validated like a reading's short words (no length limit), and the panel
shows them outside the developer fold; ``why`` stays the developer's detail, inside it."""
from __future__ import annotations

import copy
import html
import re

import pytest

from rules.core import ambiguity
from rules.core.ambiguity import load_ambiguities, parse_register
from rules.core.protocol import BadInput
from tests.test_register_short_words import (DEVELOPER, GAMES, THAI, _named_ids, _reader_part,
                                             _toy_register)


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_says_why_its_default_in_reader_words(game):
    entries = load_ambiguities(game)
    assert entries
    for e in entries:
        assert THAI.search(e.why_th), (e.id, e.why_th)
        for lang in ("th", "en"):
            text = getattr(e, f"why_{lang}")
            assert ambiguity.short_problem(text, lang, limit=None) is None, (e.id, lang, text)
            assert not _named_ids(game, text) and not DEVELOPER.search(text), (e.id, lang, text)
        assert e.why.strip()   # the developer's why is kept


@pytest.mark.parametrize("game", GAMES)
def test_no_reader_why_tells_the_history_of_the_register(game):
    """"The game already did this before the question was registered." closed 31 of Shadow
    Master's reader whys (a fresh user's finding: a developer's history, not a reason); a reader is
    told what keeping the default keeps (earlier games and rulings), not when an entry was added."""
    for e in load_ambiguities(game):
        assert "registered" not in e.why_en, (e.id, e.why_en)
        assert "ลงทะเบียนข้อกำกวม" not in e.why_th, (e.id, e.why_th)


@pytest.mark.parametrize("key,value,said", [
    ("why_th", None, "is missing (it is required)"),
    ("why_en", None, "is missing (it is required)"),
    ("why_th", "  ", "empty"),
    ("why_th", "The text is silent.", "in Thai"),
    ("why_th", "ข้อความบอกไว้ที่ components.character_cards", "_-joined"),
    ("why_en", "see components.yaml copies", "dotted"),
    ("why_en", "as play(state) says", "call"),
    ("why_en", "see data/coup for it", "path"),
])
def test_bad_why_words_are_bad_input_naming_the_field(key, value, said):
    data = _toy_register()
    parse_register("toy_pig", copy.deepcopy(data), "toy.yaml")  # the real register is fine
    if value is None:
        del data[1][key]
    else:
        data[1][key] = value
    with pytest.raises(BadInput) as exc:
        parse_register("toy_pig", data, "toy.yaml")
    assert exc.value.source == "toy.yaml" and exc.value.field == f"[1].{key}", (exc.value.field, exc.value.message_en)
    assert said in exc.value.message_en, exc.value.message_en
    assert THAI.search(exc.value.message_th)


def test_why_words_have_no_length_limit():
    """A reason is a sentence or more, not a dropdown label: longer than the short words' limit is fine."""
    data = _toy_register()
    data[0]["why_en"] = "The text gives no further tiebreak; " * 5
    assert len(data[0]["why_en"]) > ambiguity.SHORT_MAX
    assert parse_register("toy_pig", data, "toy.yaml")[0].why_en == data[0]["why_en"]


@pytest.mark.parametrize("game", GAMES)
def test_register_panel_shows_why_the_default_outside_the_developer_fold(game):
    from widgets.rulepanel import ambiguities_html
    page = ambiguities_html(game)
    seen = " ".join(_reader_part(page).split())
    dev = " ".join(re.findall(r'<details class="kl-dev">.*?</details>', page, flags=re.S))
    for e in load_ambiguities(game):
        assert " ".join(e.why_th.split()) in seen and " ".join(e.why_en.split()) in seen, e.id
        if ambiguity.short_problem(e.why, "en", limit=None):  # it names clause ids or files
            assert html.escape(e.why) in dev, e.id   # the developer's why stays in the fold
    assert seen.count("ทำไมเลือกอ่านแบบนี้ / why this default:") == len(load_ambiguities(game))


def _entry_text(page: str, entry: str) -> str:
    """The words of one register entry, its developer fold opened (what a developer reads)."""
    markup = re.search(rf'<details data-entry="{entry}">.*?</details></details>', page, flags=re.S).group(0)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.mark.parametrize("game", GAMES)
def test_the_developer_fold_does_not_say_the_why_again(game):
    """A trial found the fold "for developers" repeating the English why shown just above it
    (Coup's refund entry word for word): the English why is said once in an entry, and a
    developer's why in reader words (no clause id, no file) is not shown: it says the same again.
    The fold keeps what the reader's part does not say: ids, the config field, readings' values."""
    from widgets.rulepanel import ambiguities_html
    page = ambiguities_html(game)
    for e in load_ambiguities(game):
        text = _entry_text(page, e.id)
        fold = text[text.index("source and developer details"):]
        assert text.count(" ".join(e.why_en.split())) == 1, e.id
        if not ambiguity.short_problem(e.why, "en", limit=None):
            assert " ".join(e.why.split()) not in fold, e.id
        assert e.variant in text and e.id in text, e.id
        assert all(f"{r.short_en} = {r.config_value}" in text for r in e.readings), e.id

"""A register reading has a few reader words (``short_th`` / ``short_en``) that tell it from the
other readings of its entry, and what a reader sees of the register names no code.

A fresh user met, in the register panel, every entry headed by its id (``deck_composition``) and
readings by their ids, and in the analyzer's reading dropdown descriptions cut at 48 characters, so
several readings of one entry began alike and developer names (``GAME.reaction_order(state)``,
``rules.core.play``, file paths) showed.  Now: the dropdown and the panel name readings by their
short words; the descriptions are in a reader's words; the ids, the clauses, ``why`` and
``source`` sit in the panel's fold "for developers" (class ``kl-dev``)."""
from __future__ import annotations

import copy
import html
import re

import pytest

from rules.core import ambiguity
from rules.core.ambiguity import load_ambiguities, parse_register
from rules.core.datafile import read_yaml
from rules.core.protocol import BadInput
from rules.core.rulebook import DATA

GAMES = ["coup", "shadow_master", "valeria", "new_world", "toy_pig"]
DEVELOPER = re.compile(r"\w+\.\w+\(|rules\.|\.py\b|\.yaml\b|GAME\.|data/|current_player")
"""A developer's name in a text a reader sees: a call, a module, a file or a path."""
THAI = re.compile(r"[\u0E00-\u0E7F]")


def _ids(game: str) -> set[str]:
    """The register's ids that are no word (every entry id, reading ids with ``_``)."""
    out = set()
    for e in load_ambiguities(game):
        out |= {e.id, e.variant} | {r.id for r in e.readings if "_" in r.id}
    return {i for i in out if "_" in i}


def _named_ids(game: str, text: str) -> list[str]:
    return [i for i in _ids(game) if re.search(rf"(?<![\w.]){re.escape(i)}(?!\w)", text)]


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_has_short_reader_words_distinct_within_its_entry(game):
    for e in load_ambiguities(game):
        for lang in ("th", "en"):
            words = [getattr(r, f"short_{lang}") for r in e.readings]
            assert len(set(words)) == len(words), (e.id, words)
            for r, text in zip(e.readings, words):
                assert text.strip() and len(text) <= ambiguity.SHORT_MAX, (e.id, r.id, text)
                assert ambiguity.short_problem(text, lang) is None, (e.id, r.id, text)
                assert not _named_ids(game, text) and not DEVELOPER.search(text), (e.id, r.id, text)
        assert all(THAI.search(r.short_th) for r in e.readings), e.id


@pytest.mark.parametrize("game", GAMES)
def test_no_description_a_reader_sees_names_code(game):
    """The readings' descriptions, the questions and why the default (``why_th`` / ``why_en``) are
    shown to readers (panel, analyzer, events): no call, module, file path or register id in them
    (those moved to ``source`` and the developer's ``why``)."""
    for e in load_ambiguities(game):
        for text in (e.question_th, e.question_en, e.why_th, e.why_en,
                     *(getattr(r, f"description_{lang}") for r in e.readings for lang in ("th", "en"))):
            assert not DEVELOPER.search(text) and not _named_ids(game, text), (e.id, text)


def _toy_register() -> list:
    return copy.deepcopy(read_yaml(DATA / "toy_pig" / "ambiguities.yaml"))


@pytest.mark.parametrize("key,value,field,said", [
    ("short_th", None, "[0].readings.1.short_th", "is missing (it is required)"),
    ("short_en", None, "[0].readings.1.short_en", "is missing (it is required)"),
    ("short_th", "   ", "[0].readings.1.short_th", "empty"),
    ("short_th", "finish the round", "[0].readings.1.short_th", "in Thai"),
    ("short_en", "equal_turns", "[0].readings.1.short_en", "_-joined"),
    ("short_th", "เล่นครบรอบ GAME.end(state)", "[0].readings.1.short_th", "call"),
    ("short_en", "see data/coup", "[0].readings.1.short_en", "path"),
    ("short_en", "as rules.core says", "[0].readings.1.short_en", "dotted"),
    ("short_en", "x" * 41, "[0].readings.1.short_en", "characters long"),
    ("short_th", "ถึง 20 แต้มจบทันที", "[0].readings.1.short_th", "cannot tell them apart"),
])
def test_bad_short_words_are_bad_input_naming_the_field(key, value, field, said):
    assert ambiguity.SHORT_MAX == 40   # the long case above is one character over
    data = _toy_register()
    parse_register("toy_pig", copy.deepcopy(data), "toy.yaml")  # the real register is fine
    reading = data[0]["readings"][1]
    if value is None:
        del reading[key]
    else:
        reading[key] = value
    with pytest.raises(BadInput) as exc:
        parse_register("toy_pig", data, "toy.yaml")
    assert exc.value.source == "toy.yaml" and exc.value.field == field, (exc.value.field, exc.value.message_en)
    assert said in exc.value.message_en, exc.value.message_en
    assert THAI.search(exc.value.message_th)


def _reader_part(page: str) -> str:
    """The words of the register panel a reader sees, without the folds for developers."""
    page = re.sub(r'<details class="kl-dev">.*?</details>', " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("game", GAMES)
def test_register_panel_names_readings_by_short_words_and_shows_no_ids_or_code(game):
    from widgets.rulepanel import ambiguities_html
    page = ambiguities_html(game)
    seen = _reader_part(page)
    assert "<code>" not in re.sub(r'<details class="kl-dev">.*?</details>', " ", page, flags=re.S)
    assert not _named_ids(game, seen), _named_ids(game, seen)
    assert not DEVELOPER.search(seen), DEVELOPER.search(seen)
    for e in load_ambiguities(game):
        assert f'data-entry="{e.id}"' in page   # programs still find an entry by its id
        for r in e.readings:
            assert r.short_th in seen and r.short_en in seen, (e.id, r.id)
    # the developer fold keeps what a maintainer needs
    dev = " ".join(re.findall(r'<details class="kl-dev">.*?</details>', page, flags=re.S))
    assert all(f"<code>{html.escape(e.id)}</code>" in dev for e in load_ambiguities(game))


@pytest.mark.parametrize("game", ["coup", "valeria", "new_world", "shadow_master", "toy_pig"])
def test_reading_dropdown_labels_are_the_short_words(game):
    """The analyzer's reading dropdown: each option the reading's short words, distinct within
    its entry (and within the game), no register id and no developer name."""
    from widgets.analyzer import _readings, reading_pairs
    options = _readings(game)[1:]
    labels = [label for label, _ in options]
    assert len(set(labels)) == len(labels), labels
    by_entry: dict = {}
    for label, ((variant, value),) in options:
        entry = next(e for e in load_ambiguities(game) if e.variant == variant)
        r = next(r for r in entry.readings if r.config_value == value and type(r.config_value) is type(value))
        assert label == f"{r.short_th} / {r.short_en}", (label, entry.id, r.id)
        assert not _named_ids(game, label) and not DEVELOPER.search(label), label
        by_entry.setdefault(entry.id, []).append(label)
        # the "results of" line names the reading as the dropdown does
        assert reading_pairs(game, {variant: value}) == [(r.short_th, r.short_en)]
    assert all(len(set(v)) == len(v) for v in by_entry.values())

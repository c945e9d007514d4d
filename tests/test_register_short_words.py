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
    """The readings' descriptions and the questions are shown to readers (panel, analyzer, events):
    no call, module, file path or register id in them (those moved to ``source``)."""
    for e in load_ambiguities(game):
        for text in (e.question_th, e.question_en, *(getattr(r, f"description_{lang}")
                                                     for r in e.readings for lang in ("th", "en"))):
            assert not DEVELOPER.search(text) and not _named_ids(game, text), (e.id, text)


def _toy_register() -> list:
    return copy.deepcopy(read_yaml(DATA / "toy_pig" / "ambiguities.yaml"))


@pytest.mark.parametrize("key,value,field,said", [
    ("short_th", None, "[0].readings.1.short_th", "Field required"),
    ("short_en", None, "[0].readings.1.short_en", "Field required"),
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

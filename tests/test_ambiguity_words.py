"""A reader meets the ambiguity register in its own words, never by its ids.

Event texts (the event log), refusals and the examples' titles, questions, answers and step notes
(the dashboard) name a register entry or a reading through :func:`rules.core.ambiguity.ambiguity_ref`
("ข้อกำกวม: <the question's start>" / "ambiguity: ..."), the words the register panel heads each
entry with.  The ids stay where programs read them (event data, cites, scenario configs).

Scanned: random games of every game with a register (default config at two seat counts and two
seeds, and one game under every non-default reading), every scenario file's texts, its events
and its refusals, and every :func:`ambiguity_ref` itself (the register's words must not name ids).
"""
from __future__ import annotations

import random
import re

import pytest

from rules.catalog import EXAMPLES, GAMES, engine
from rules.core.ambiguity import ambiguity_ref, load_ambiguities, reading_configs
from rules.core.play import choose_action
from rules.core.protocol import setup_events
from rules.core.rulebook import DATA
from rules.core.scenario import find_scenarios, load_scenario, run_file

GAME_IDS = [g for g in (*GAMES, *EXAMPLES) if load_ambiguities(g)]
SCENARIOS = find_scenarios(DATA / "scenarios")

ORDINARY = {"2", "3"}
"""Ids that are ordinary words in any text: the readings ``2`` and ``3`` of Shadow Master's
``power_limit_base`` are numbers, and texts count things."""
# An English text is checked only for the ids that are no English word: with an underscore or a
# digit (``who_blocks``, ``seat0``).  A one-word id (``bank``, ``card``, ``none``, ``random``,
# ``standard``) is an ordinary English word there, so it cannot be told from prose.  A Thai text
# names nothing in lower-case Latin letters but ids, so every id but ORDINARY is checked there.


def _ids(game: str) -> set[str]:
    """Every entry id, reading id and string config value of ``game``'s register."""
    out = set()
    for e in load_ambiguities(game):
        out.add(e.id)
        for r in e.readings:
            out.add(r.id)
            if isinstance(r.config_value, str):
                out.add(r.config_value)
    return out - ORDINARY


def _patterns(game: str) -> tuple[re.Pattern, re.Pattern]:
    """(Thai-text pattern, English-text pattern): an id as a whole word (not part of a clause id
    such as ``money.move_phases``, of a file path such as ``data/new_world/owner/`` or of a longer id)."""
    ids = _ids(game)
    words = sorted(i for i in ids if not i.isalpha())

    def pat(names):
        alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        return re.compile(rf"(?<![A-Za-z0-9_./])(?:{alt})(?![A-Za-z0-9_/])(?!\.[a-z])")
    return pat(ids), pat(words)


PREFIX = {"th": "ข้อกำกวม: ", "en": "ambiguity: "}


def _questions(game: str, lang: str) -> list[str]:
    """The start of every entry's question as :func:`ambiguity_ref` says it (without its "…")."""
    return [ambiguity_ref(game, e.id)[lang == "en"].removeprefix(PREFIX[lang]).rstrip("…")
            for e in load_ambiguities(game)]


def _problems(game: str, texts) -> list[str]:
    """``texts``: ``(where, lang, text)``; the ids each names, and every "ข้อกำกวม: " /
    "ambiguity: " not followed by the start of an entry's question (a reader could not find it in
    the register panel)."""
    th_pat, en_pat = _patterns(game)
    questions = {lang: _questions(game, lang) for lang in PREFIX}
    out = []
    for where, lang, text in texts:
        text = " ".join((text or "").split())
        for m in (th_pat if lang == "th" else en_pat).finditer(text):
            out.append(f"{game} {where} ({lang}) names '{m.group(0)}': {text[:160]}")
        for m in re.finditer(re.escape(PREFIX[lang]), text):
            if not any(text.startswith(q, m.end()) for q in questions[lang]):
                out.append(f"{game} {where} ({lang}) names no register question: {text[m.start():m.start() + 80]}")
    return out


def _event_texts(where: str, events) -> list:
    return [t for e in events for t in ((f"{where} {e.kind}", "th", e.text_th), (f"{where} {e.kind}", "en", e.text_en))]


def _play(game, config: dict, seed: int, max_steps: int = 3000) -> list:
    cfg = game.make_config(config)
    state = game.new_game(cfg, seed)
    rng = random.Random(seed)
    events = list(setup_events(game, state))
    for _ in range(max_steps):
        action = choose_action(game, state, None, rng)
        if action is None:
            break
        tr = game.apply(state, action)
        events += tr.events
        state = tr.state
    return events


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_event_texts_of_random_games_name_no_register_id(game_id):
    game = engine(game_id)
    configs = [{"players": n} for n in sorted({game.min_players, min(game.min_players + 1, game.max_players)})]
    runs = [(c, s) for c in configs for s in (0, 1)]
    runs += [({"players": game.min_players, **fields}, 1000 + k)
             for k, (_e, _r, fields) in enumerate(reading_configs(game_id))]
    problems = []
    for config, seed in runs:
        problems += _problems(game_id, _event_texts(f"{config} seed {seed}", _play(game, config, seed)))
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario_texts_name_no_register_id(path):
    sc = load_scenario(path)
    texts = [(f, f[-2:], getattr(sc, f)) for f in ("title_th", "title_en", "question_th", "question_en",
                                                     "answer_th", "answer_en")]
    texts += [(f"steps[{i}].note", lang, getattr(s, f"note_{lang}")) for i, s in enumerate(sc.steps)
              for lang in ("th", "en")]
    res = run_file(path)
    texts += _event_texts("setup", res.setup_events)
    for i, s in enumerate(res.steps):
        texts += _event_texts(f"step {i + 1}", s.events or [])
        if s.error is not None:
            texts += [(f"step {i + 1} refusal", "th", s.error.message_th), (f"step {i + 1} refusal", "en", s.error.message_en)]
    problems = _problems(sc.game, texts)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ambiguity_ref_says_the_registers_words(game_id):
    """Every entry, alone and with each reading: the question's start (and the reading's), as the
    register panel heads the entry; no id of the register in the words."""
    texts = []
    for e in load_ambiguities(game_id):
        th, en = ambiguity_ref(game_id, e.id)
        assert th.startswith("ข้อกำกวม: ") and en.startswith("ambiguity: ")
        assert " ".join(e.question_th.split()).startswith(th.removeprefix("ข้อกำกวม: ").rstrip("…"))
        texts += [(e.id, "th", th), (e.id, "en", en)]
        for r in e.readings:
            rth, ren = ambiguity_ref(game_id, e.id, r.id)
            assert rth.startswith(th + " → ") and ren.startswith(en + " → ")
            assert ambiguity_ref(game_id, e.id, r.config_value) == (rth, ren)
            texts += [(f"{e.id}/{r.id}", "th", rth), (f"{e.id}/{r.id}", "en", ren)]
    problems = _problems(game_id, texts)
    assert not problems, "\n".join(problems)
    with pytest.raises(KeyError):
        ambiguity_ref(game_id, "no_such_entry")
    with pytest.raises(KeyError):
        ambiguity_ref(game_id, load_ambiguities(game_id)[0].id, "no_such_reading")

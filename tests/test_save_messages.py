"""Refusals of a bad save file read right in both languages (``rules.core.saveload``,
``rules.core.datafile.pydantic_error``): the Thai half is Thai (only the field path and the value
given may be ASCII), the English half English; ``schema_version`` as text says it must be a whole
number and which versions load; a save file's numbers are JSON numbers everywhere (``"2"`` players
is refused like a ``"4242"`` seed); a refused file leaves a page's session as it was."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.catalog import engine
from rules.core import saveload
from rules.core.protocol import BadInput
from widgets.session import GameSession

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
WORD = re.compile(r"[A-Za-z]{4,}")
THAI = re.compile(r"[\u0e00-\u0e7f]")


def _fixture(name: str = "v2_toy_pig.json") -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def _refusal(d: dict) -> BadInput:
    with pytest.raises(BadInput) as e:
        saveload.loads(json.dumps(d), "bad.json")
    return e.value


def _english_in_thai(err: BadInput, given) -> list[str]:
    """ASCII words of 4+ letters in the Thai half once the field path and the value given are taken out."""
    th = err.message_th
    for part in sorted({err.field, *err.field.replace("[", ".").split(".")}, key=len, reverse=True):
        if part:
            th = th.replace(part, "")
    if given is not _DROP:
        for shown in (repr(given), json.dumps(given)):
            th = th.replace(shown, "")
    th = re.sub(r'"[^"]*"', "", th)  # the allowed values of a choice, quoted (JSON), are data
    return WORD.findall(th)


def _set(d: dict, path: tuple, value) -> dict:
    d = json.loads(json.dumps(d))
    obj = d
    for p in path[:-1]:
        obj = obj[p]
    if value is _DROP:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value
    return d


class _Drop:
    def __repr__(self) -> str:
        return "<missing>"


_DROP = _Drop()
BAD = [  # (path in the file, value, field named)
    (("seed",), "abc", "seed"),
    (("seed",), -1, "seed"),
    (("seed",), 10**30, "seed"),
    (("seed",), "4242", "seed"),
    (("seed",), _DROP, "seed"),
    (("snapshot",), "abc", "snapshot"),
    (("snapshot",), [1, 2], "snapshot"),
    (("snapshot", "step"), "x", "snapshot.step"),
    (("snapshot", "step"), -3, "snapshot.step"),
    (("snapshot", "state"), 5, "snapshot.state"),
    (("table", "viewer"), -1, "table.viewer"),
    (("table", "viewer"), 99, "table.viewer"),
    (("table", "bots"), 7, "table.bots"),
    (("table", "bots"), "b" * 50, "table.bots"),
    (("game",), 5, "game"),
    (("game",), _DROP, "game"),
    (("actions",), {"a": 1}, "actions"),
    (("extra",), 1, "extra"),
    (("config", "players"), "2", "players"),
    (("config", "players"), 2.0, "players"),
    (("config", "target"), "20", "target"),
    (("config", "end_timing"), "nope", "end_timing"),
    (("config", "colour"), "red", "colour"),
    (("schema_version",), "2", "schema_version"),
    (("schema_version",), 2.0, "schema_version"),
    (("schema_version",), 99, "schema_version"),
    (("schema_version",), _DROP, "schema_version"),
]


@pytest.mark.parametrize("path,value,field", BAD, ids=[f"{'.'.join(map(str, p))}={v!r}"[:40] for p, v, _f in BAD])
def test_the_thai_half_of_a_refusal_is_thai_and_the_english_half_english(path, value, field):
    err = _refusal(_set(_fixture(), path, value))
    assert err.field == field, (err.field, str(err))
    assert THAI.search(err.message_th), err.message_th
    assert not _english_in_thai(err, value), (err.message_th, _english_in_thai(err, value))
    assert not THAI.search(err.message_en) and WORD.search(err.message_en), err.message_en
    assert len(err.message_th) < 200 and len(err.message_en) < 300  # a value is shown cut, never the whole file


def test_every_mapped_pydantic_type_and_an_unknown_one_give_thai():
    from rules.core.datafile import thai_error

    for kind in ("int_parsing", "greater_than_equal", "less_than_equal", "missing", "extra_forbidden",
                 "string_type", "literal_error", "model_type", "too_long", "no_such_type_ever"):
        th = thai_error({"type": kind, "msg": "Input should be something English",
                         "ctx": {"ge": 0, "le": 5, "expected": "'a' or 'b'", "max_length": 3}})
        assert THAI.search(th) and "Input" not in th and "should" not in th and "{" not in th.replace("{...}", ""), (kind, th)


def test_schema_version_as_text_says_whole_number_and_which_versions_load():
    known = ", ".join(map(str, saveload.SUPPORTED_VERSIONS))
    for given in ("2", "1", 2.0, True):
        err = _refusal(_set(_fixture(), ("schema_version",), given))
        assert err.field == "schema_version"
        assert "จำนวนเต็ม" in err.message_th and known in err.message_th, err.message_th
        assert "whole number" in err.message_en and known in err.message_en, err.message_en
    err = _refusal(_set(_fixture(), ("schema_version",), 99))
    assert known in err.message_th and known in err.message_en and "99" in err.message_en


@pytest.mark.parametrize("name", ["v1_toy_pig.json", "v2_toy_pig.json", "v2_coup.json"])
def test_players_as_text_is_refused_like_a_seed_as_text(name):
    """``"2"`` players was accepted (the config was read leniently) while a ``"4242"`` seed was refused:
    both are now the same refusal, a typed error naming its field, in every schema version."""
    d = _fixture(name)
    players = _refusal(_set(d, ("config", "players"), str(d["config"]["players"])))
    seed = _refusal(_set(d, ("seed",), str(d["seed"])))
    assert type(players) is type(seed) is BadInput
    assert players.field == "players" and players.source == "bad.json: config"
    assert seed.field == "seed" and seed.source == "bad.json"
    # the same words after the field's name (each names its own field)
    assert players.message_th.split("” ", 1)[1].split(" (ได้")[0] == seed.message_th.split("” ", 1)[1].split(" (ได้")[0]
    assert "“players”" in players.message_th and "“seed”" in seed.message_th
    assert "integer" in players.message_en and "integer" in seed.message_en


def test_a_session_keeps_its_game_when_a_file_with_text_numbers_is_refused():
    g = engine("toy_pig")
    s = GameSession(g, config={"players": 2}, seed=1)
    s.apply({"player": 0, "type": "roll"})
    before = (list(s.actions), s.step, s.state, s.seed)
    for path, value in ((("config", "players"), "2"), (("seed",), "4242"), (("schema_version",), "2")):
        with pytest.raises(BadInput):
            s.load(json.dumps(_set(_fixture(), path, value)), "upload.json")
        assert (list(s.actions), s.step, s.state, s.seed) == before


def test_every_fixture_config_passes_the_strict_check():
    for p in sorted(FIXTURES.glob("v*.json")):
        d = json.loads(p.read_text(encoding="utf-8"))
        saveload.check_config(engine(d["game"]), d["config"], p.name)  # no BadInput
        assert saveload.load(p).game.id == d["game"]


def test_an_illegal_action_in_a_save_names_its_clause_by_title_and_the_files_own_seat_number():
    """A save whose action is in the wrong seat's name (a fresh user's finding): the refusal said
    "illegal action (setup.first_turn): it is seat 1's turn, not seat 2's" beside a file reading
    ``"player": 1``: a clause id on the screen, and the engine's seat words (counted from 1) with
    nothing to tie them to the file's number (counted from 0)."""
    game = engine("coup")
    cfg = game.config_model(players=3)
    d = json.loads(saveload.dumps(game, cfg, 4, [{"player": 1, "type": "income"}]))
    with pytest.raises(BadInput) as e:
        saveload.loads(json.dumps(d), "bad.json")
    err = e.value
    assert err.field == "actions[0]"
    title_th, title_en = game.cite_name("setup.first_turn")
    assert "setup.first_turn" not in err.message_th and "setup.first_turn" not in err.message_en
    assert title_th in err.message_th and title_en in err.message_en
    assert err.message_en.startswith(f"illegal action ({title_en}): it is seat 1's turn, not seat 2's")
    assert err.message_en.endswith('(the file\'s "player": 1 counts seats from 0)')
    assert 'ในไฟล์ "player": 1 นับที่นั่งจาก 0' in err.message_th

"""Save files (``rules.core.saveload``) against 10,000 mutated files, and the fixtures of each
schema version.

A seeded mutator (no hypothesis: the same 10,000 files every run, a few seconds) damages real save
files of three games: truncations, byte flips, deleted and unknown keys, wrong types, wrong and
odd versions, illegal, duplicated, dropped and swapped actions, huge and non-finite numbers, deep
nesting, unicode (Thai, emoji, NUL, lone surrogates), a tampered snapshot.  Each file either
loads, and then loads the same game every time (the same position, the same history, and its
own save reloads to it), or raises :class:`BadInput` naming the field, with Thai and English
text.  Nothing else: no other exception, no half-loaded session.
"""
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from rules.catalog import engine
from rules.core import saveload
from rules.core.play import playout, random_policy
from rules.core.protocol import BadInput, IllegalAction, current_json
from widgets.session import GameSession

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
FILES = 10_000
BASES = [("toy_pig", 2, 12, 3, 5), ("coup", 3, 12, 4, 4), ("shadow_master", 3, 6, 5, 1)]
"""(game, players, actions, seed, weight): the saves mutated, and how often each is picked."""

NASTY = [None, True, False, 0, -1, 1, 7, 2**31, 2**63, 2**64, -(2**63) - 1, 10**30, 1.5, -0.0, 1e308,
         "", "0", "7", "coup", "ก" * 300, "💥", "\x00", "\ud800", "๐๑๒", [], [0], [[[]]], {}, {"a": 1},
         {"player": 0}, {"chance": "die"}, ["player", "type"]]
NUMBER = re.compile(r"(?<=[ \[:])\d+")
RAW_NUMBERS = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "9" * 5000, "1" + "0" * 400, "0.1e-400"]


def _base(gid: str, players: int, steps: int, seed: int, snapshot: bool = True) -> str:
    g = engine(gid)
    cfg = g.make_config({"players": players})
    out = playout(g, g.new_game(cfg, seed), random.Random(seed), {s: random_policy for s in range(players)},
                  max_steps=steps, keep_events=False)
    return saveload.dumps(g, cfg, seed, out.actions, snapshot=out.state if snapshot else None,
                          table={"viewer": 0, "bots": "random"})


def _paths(obj, limit: int = 6) -> list[tuple]:
    """Paths to the values of ``obj`` (at most ``limit`` deep; not inside the snapshot's state,
    which its own mutation damages)."""
    out, todo = [], [((), obj)]
    while todo:
        prefix, x = todo.pop()
        out.append(prefix)
        if len(prefix) >= limit or prefix == ("snapshot", "state"):
            continue
        if isinstance(x, dict):
            todo += [(prefix + (k,), v) for k, v in x.items()]
        elif isinstance(x, list):
            todo += [(prefix + (i,), v) for i, v in enumerate(x)]
    return out


def _set(obj, path, value):
    for p in path[:-1]:
        obj = obj[p]
    obj[path[-1]] = value


def _nested(depth: int, leaf) -> object:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def mutate(text: str, rng: random.Random) -> str:
    """One damaged copy of the save-file ``text`` (1-3 mutations)."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.randrange(14)
        if kind == 0:  # truncation
            text = text[:rng.randrange(len(text) + 1)]
            continue
        if kind == 1:  # byte flips
            chars = list(text)
            for _ in range(rng.randint(1, 4)):
                if chars:
                    chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0-9e.\\ aZก')
            text = "".join(chars)
            continue
        if kind == 2:  # a raw number JSON cannot or should not hold, in place of a number
            spots = [m.span() for m in NUMBER.finditer(text)]
            if spots:
                i, j = rng.choice(spots)
                text = text[:i] + rng.choice(RAW_NUMBERS) + text[j:]
            continue
        if kind == 3:  # nesting far too deep, as text
            n = rng.choice((50, 1_000, 100_000))
            text = text.replace('"actions": [', '"actions": [' + "[" * n + "]" * n + ",", 1) \
                if rng.random() < 0.5 else "[" * n + text + "]" * n
            continue
        try:
            d = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if not isinstance(d, dict):
            continue
        paths = [p for p in _paths(d) if p]
        acts = d.get("actions") if isinstance(d.get("actions"), list) else []
        if kind == 4 and paths:  # wrong type or odd value anywhere
            _set(d, rng.choice(paths), rng.choice(NASTY))
        elif kind == 5 and paths:  # a key removed anywhere
            p = rng.choice(paths)
            parent = d
            for q in p[:-1]:
                parent = parent[q]
            del parent[p[-1]]
        elif kind == 6:  # unknown key
            d[rng.choice(("extra", "schema", "🎲", "ผู้เล่น"))] = rng.choice(NASTY)
        elif kind == 7:  # versions
            d["schema_version"] = rng.choice([0, 1, 2, 3, -1, 99, "2", 2.0, True, None, 10**40])
        elif kind == 8 and acts:  # an illegal action: another seat, another type
            a = rng.choice(acts)
            if isinstance(a, dict):
                if "player" in a:
                    a["player"] = rng.choice([(a["player"] + 1) % 3, 5, -1, "0", 0])
                if "type" in a and rng.random() < 0.5:
                    a["type"] = rng.choice(["coup", "income", "roll", "hold", "pass", "challenge", "x"])
        elif kind == 9 and acts:  # duplicated, dropped or swapped actions
            i, j = rng.randrange(len(acts)), rng.randrange(len(acts))
            op = rng.randrange(3)
            if op == 0:
                acts.insert(i, json.loads(json.dumps(acts[j])))
            elif op == 1:
                del acts[i]
            else:
                acts[i], acts[j] = acts[j], acts[i]
        elif kind == 10:  # huge numbers where numbers are
            nums = [p for p in paths if isinstance(_get(d, p), int) and not isinstance(_get(d, p), bool)]
            if nums:
                _set(d, rng.choice(nums), rng.choice([10**30, -(10**30), 2**63, -1, 10**18, 1e300]))
        elif kind == 11:  # deep nesting as data
            where = rng.choice(["config", "overrides", "table"] + (["actions"] if acts else []))
            deep = _nested(rng.choice((13, 40, 500)), 0)
            if where == "actions":
                rng.choice(acts)["x"] = deep
            else:
                d[where] = {"players": deep}
        elif kind == 12:  # unicode in strings
            strs = [p for p in paths if isinstance(_get(d, p), str)]
            if strs:
                _set(d, rng.choice(strs), rng.choice(["กติกา", "💥🎲", "\x00", "\ud800", "Ａ", "e\u0301", "٣"]))
        elif kind == 13 and isinstance(d.get("snapshot"), dict):  # a tampered snapshot (cache)
            st = d["snapshot"].get("state")
            if isinstance(st, dict) and st:
                k = rng.choice(sorted(st))
                st[k] = rng.choice(NASTY)
            else:
                d["snapshot"]["step"] = rng.choice([0, 1, 10**9])
        text = json.dumps(d, ensure_ascii=rng.random() < 0.5)
    return text


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


def _fingerprint(rp: saveload.Replay) -> tuple:
    g = rp.game
    return (g.id, json.dumps(g.state_to_json(rp.state), sort_keys=True), json.dumps(rp.actions, sort_keys=True),
            rp.seed, json.dumps(g.config_to_json(rp.config), sort_keys=True))


def test_ten_thousand_mutated_saves_load_the_same_game_or_raise_bad_input():
    bases = {(gid, snap): _base(gid, n, steps, seed, snap) for gid, n, steps, seed, _w in BASES
             for snap in (True, False)}
    pick = [(gid, snap) for gid, *_rest, w in BASES for _ in range(w) for snap in (True, False)]
    rng = random.Random(20240612)
    sessions = {gid: GameSession(engine(gid), config={"players": n}, seed=1) for gid, n, *_ in BASES}
    loaded = refused = 0
    fields: dict[str, int] = {}
    t0 = time.monotonic()
    for i in range(FILES):
        gid, snap = rng.choice(pick)
        text = mutate(bases[gid, snap], rng)
        try:
            rp = saveload.loads(text, f"fuzz{i}.json")
        except BadInput as exc:
            refused += 1
            assert exc.source.startswith(f"fuzz{i}.json") and exc.field, (i, exc)
            assert exc.message_th and exc.message_en, (i, exc)
            fields[exc.field.split(".")[0].split("[")[0]] = fields.get(exc.field.split(".")[0].split("[")[0], 0) + 1
            if i % 20 == 0:  # the state is untouched on error (a page's session)
                s = sessions[gid]
                before = (list(s.actions), s.step, s.state)
                with pytest.raises(BadInput):
                    s.load(text, "upload.json")
                assert (s.actions, s.step, s.state) == before
            continue
        except IllegalAction as exc:  # allowed by the contract; saveload names it as BadInput today
            refused += 1
            assert exc.clause and exc.message_th and exc.message_en
            continue
        loaded += 1
        again = saveload.loads(text, "again.json")
        assert _fingerprint(again) == _fingerprint(rp), i
        resaved = saveload.dumps(rp.game, rp.config, rp.seed, rp.actions, rp.overrides, snapshot=rp.state)
        assert _fingerprint(saveload.loads(resaved, "resaved.json")) == _fingerprint(rp), i
    elapsed = time.monotonic() - t0
    assert loaded + refused == FILES
    assert loaded > 400 and refused > 5000, (loaded, refused)  # both paths were exercised
    for where in ("<json>", "schema_version", "actions", "seed", "snapshot", "game"):
        assert fields.get(where, 0) > 0, (where, fields)
    print(f"{FILES} mutated saves: {loaded} loaded the same game, {refused} refused ({fields}) in {elapsed:.1f} s")


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("v*.json")))
def test_fixture_of_every_schema_version_keeps_loading(name):
    expected = json.loads((FIXTURES / "expected.json").read_text())[name]
    raw = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert raw["schema_version"] in saveload.SUPPORTED_VERSIONS
    rp = saveload.load(FIXTURES / name)
    assert rp.game.id == expected["game"] and len(rp.actions) == expected["actions"]
    assert current_json(rp.game.current_player(rp.state)) == expected["current"]
    assert list(rp.game.returns(rp.state)) == expected["returns"]
    session = GameSession(rp.game, config={"players": len(expected["returns"])}, seed=0)
    session.load((FIXTURES / name).read_bytes(), name)  # as the page's upload gives it: bytes
    assert session.actions == rp.actions and session.step == expected["actions"]


def test_every_schema_version_has_a_fixture():
    versions = {json.loads(p.read_text(encoding="utf-8"))["schema_version"] for p in FIXTURES.glob("v*.json")}
    assert versions == set(saveload.SUPPORTED_VERSIONS)


def test_save_is_written_atomically(tmp_path, monkeypatch):
    """``saveload.write``: a temp file then ``os.replace``; a failed write leaves the old file whole
    and no temp file behind."""
    g = engine("toy_pig")
    cfg = g.make_config({"players": 2})
    path = tmp_path / "game.json"
    saveload.save(path, g, cfg, 1, [])
    old = path.read_text(encoding="utf-8")
    calls = []
    real = saveload.os.replace
    monkeypatch.setattr(saveload.os, "replace", lambda a, b: (calls.append((a, b)), real(a, b)))
    saveload.save(path, g, cfg, 2, [{"player": 0, "type": "roll"}])
    assert calls and Path(calls[0][1]) == path and Path(calls[0][0]).parent == tmp_path
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 2

    def boom(a, b):
        raise OSError("disk full")
    monkeypatch.setattr(saveload.os, "replace", boom)
    with pytest.raises(OSError):
        saveload.write(path, "{}")
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert old != path.read_text(encoding="utf-8")


def test_snapshot_is_a_checked_cache():
    g = engine("toy_pig")
    cfg = g.make_config({"players": 2})
    actions = [{"player": 0, "type": "roll"}, {"chance": "die", "value": 5}]
    rp = saveload.replay(g, cfg, 1, actions)
    d = json.loads(saveload.dumps(g, cfg, 1, actions, snapshot=rp.state))
    assert d["snapshot"]["step"] == 2 and d["snapshot"]["state"] == json.loads(json.dumps(g.state_to_json(rp.state)))
    assert saveload.loads(json.dumps(d)).state == rp.state
    d["actions"].pop()
    d["snapshot"]["step"] = 1
    with pytest.raises(BadInput) as e:
        saveload.loads(json.dumps(d), "s.json")
    assert e.value.field.startswith("snapshot.state") and "snapshot" in e.value.message_en


def test_a_save_with_a_byte_order_mark_loads_and_a_cut_file_says_where():
    """A session file saved by an editor that writes a UTF-8 byte-order mark (Windows Notepad) loads
    as the same game; a file cut short is refused with its line and column in both languages."""
    name = sorted(p.name for p in FIXTURES.glob("v*.json"))[-1]
    data = (FIXTURES / name).read_bytes()
    plain = saveload.loads(data, name)
    marked = saveload.loads(b"\xef\xbb\xbf" + data, name)
    assert marked.actions == plain.actions and marked.game.id == plain.game.id
    with pytest.raises(BadInput) as err:
        saveload.loads(data[: len(data) // 2], name)
    assert err.value.field == "<json>"
    assert re.search(r"line \d+, column \d+", err.value.message_en) and re.search(r"บรรทัด \d+ คอลัมน์ \d+", err.value.message_th)

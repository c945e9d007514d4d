"""The four Thai rulebooks as clauses (issue 2, point 3) and the ambiguity registers.

For every game: the committed ``data/rulebooks/<game>.th.txt`` is the seed byte for byte (its SHA-256 is
recorded here, so the check also runs on a clean clone without ``/work/shared``), and the clauses of
``<game>.yaml`` joined in order give back the seed text.  A missing file fails, never skips.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
import yaml

from rules.core.ambiguity import parse_register
from rules.core.protocol import BadInput
from rules.core.rulebook import (
    DATA, RULEBOOKS, STATUSES, joined_text, load_rulebook, load_rulebook_file, normalise, seed_text,
)

SHARED = Path("/work/shared/rulebooks")
RULES = Path(__file__).resolve().parents[1] / "rules"

# game id -> (seed file name, SHA-256 of the seed bytes)
SEEDS = {
    "shadow_master": ("000_b8613b7166582370.txt",
                      "464412a8ff2652a032ffa2cb64b91f4245a69b9e98a9dac4d020a12bf352d7cd"),
    "valeria": ("001_d0104ab07a4b041d.txt",
                "e2409b89862b8ff9503622047afd82e85ab04420e484606eedb8ba309d7197d3"),
    "coup": ("002_a3f748dff81e3892.txt",
             "2253fd2865a408fa64e7f95ec0cac6e921b9ddac7a089b490bff3061025e2adf"),
    "new_world": ("003_392f598aa794db08.txt",
                  "a202fa464fec577a4a541abcee83506b759fd1e27e9cc05f91e65c8efcd0492c"),
}
GAMES = list(SEEDS)
# Games whose registers this suite requires (the others are checked when their register exists).
REQUIRED_REGISTERS = ("valeria", "new_world")
THAI = re.compile(r"[\u0E00-\u0E7F]")
LATIN = re.compile(r"[A-Za-z]")


# ---------------------------------------------------------------- (a) the seed copy and the round trip
@pytest.mark.parametrize("game", GAMES)
def test_seed_copy_is_byte_exact(game):
    """``<game>.th.txt`` has the recorded SHA-256, and equals the shared seed when that directory exists."""
    seed_name, sha = SEEDS[game]
    copy = RULEBOOKS / f"{game}.th.txt"
    assert copy.is_file(), f"missing {copy}"
    data = copy.read_bytes()
    assert hashlib.sha256(data).hexdigest() == sha, f"{copy} differs from seed {seed_name}"
    if SHARED.is_dir():
        assert data == (SHARED / seed_name).read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_clauses_join_back_to_the_seed(game):
    """Clauses in order give the seed text exactly (whitespace normalised), and name the right seed."""
    book = load_rulebook_file(RULEBOOKS / f"{game}.yaml")
    assert book.game == game
    assert book.seed_file == SEEDS[game][0]
    assert THAI.search(book.title_th + seed_text(game)), "the seed is the Thai rulebook"
    assert joined_text(book) == normalise(seed_text(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_seed_line_in_exactly_one_clause(game):
    """Each non-blank seed line sits in one clause, whole (no line split across two clauses)."""
    book = load_rulebook(game)
    seed_lines = [ln.rstrip() for ln in seed_text(game).splitlines() if ln.strip()]
    clause_lines = [ln.rstrip() for c in book.clauses for ln in c.text_th.splitlines() if ln.strip()]
    assert clause_lines == seed_lines


# ---------------------------------------------------------------- (b) ids, statuses, text
@pytest.mark.parametrize("game", GAMES)
def test_ids_unique_statuses_valid_text_present(game):
    """Checked on the raw YAML, independently of the loader's own checks."""
    raw = yaml.safe_load((RULEBOOKS / f"{game}.yaml").read_text(encoding="utf-8"))
    ids = [c["id"] for c in raw["clauses"]]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert dupes == []
    assert all(re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)*", i) for i in ids)
    assert {c["status"] for c in raw["clauses"]} <= set(STATUSES)
    empty = [c["id"] for c in raw["clauses"] if not str(c.get("text_th", "")).strip()]
    assert empty == []


@pytest.mark.parametrize("game", GAMES)
def test_no_implemented_clause_without_an_engine(game):
    """A clause may say ``implemented`` only once ``rules/<game>/`` exists."""
    if (RULES / game / "__init__.py").is_file():
        return
    implemented = [c.id for c in load_rulebook(game).clauses if c.status == "implemented"]
    assert implemented == [], f"{game} has no engine yet"


@pytest.mark.parametrize("game", ["valeria", "new_world"])
def test_rule_clauses_have_an_english_gloss(game):
    book = load_rulebook(game)
    assert [c.id for c in book.clauses if c.status != "flavour" and not c.gloss_en.strip()] == []
    assert [c.id for c in book.clauses if c.status in ("pending", "implemented")], "rule clauses exist"


# ---------------------------------------------------------------- (c) malformed rulebooks
def _valid_doc() -> dict:
    return {
        "game": "demo", "seed_file": "999_demo.txt", "title_th": "เกมทดลอง", "title_en": "Demo",
        "clauses": [
            {"id": "title", "heading": ["เกมทดลอง"], "status": "flavour", "text_th": "เกมทดลอง\n"},
            {"id": "setup.start", "heading": ["เตรียมเกม"], "status": "pending", "text_th": "1. วางกระดาน\n"},
            {"id": "turn.move", "heading": ["ในตาของคุณ"], "status": "pending", "text_th": "เดิน 1 ช่อง\n"},
        ],
    }


MALFORMED = {
    # case: (mutation of the valid doc, or raw text; the field the error must name)
    "missing_clause_status": (lambda d: d["clauses"][1].pop("status"), "clauses[1].status"),
    "missing_clause_text": (lambda d: d["clauses"][2].pop("text_th"), "clauses[2].text_th"),
    "missing_title_en": (lambda d: d.pop("title_en"), "title_en"),
    "missing_clauses": (lambda d: d.pop("clauses"), "clauses"),
    "bad_status": (lambda d: d["clauses"][0].update(status="done"), "clauses[0].status"),
    "duplicate_id": (lambda d: d["clauses"][2].update(id="setup.start"), "clauses[2].id"),
    "bad_id": (lambda d: d["clauses"][1].update(id="Setup Start"), "clauses[1].id"),
    "text_not_a_string": (lambda d: d["clauses"][1].update(text_th=["a", "b"]), "clauses[1].text_th"),
    # the English of the headings (headings_en): a mapping of a heading of the book to a string
    "headings_en_not_a_mapping": (lambda d: d.update(headings_en=["Setup"]), "headings_en"),
    "headings_en_empty": (lambda d: d.update(headings_en=None), "headings_en"),
    "headings_en_not_a_string": (lambda d: d.update(headings_en={"เตรียมเกม": ["Setup"]}),
                                 "headings_en['เตรียมเกม']"),
    "headings_en_blank": (lambda d: d.update(headings_en={"เตรียมเกม": " "}), "headings_en['เตรียมเกม']"),
    "headings_en_no_such_heading": (lambda d: d.update(headings_en={"เตรียมเกม": "Setup", "เตรียมเกมส์": "Setup"}),
                                    "headings_en['เตรียมเกมส์']"),
    "broken_yaml": ("game: demo\nclauses: [ {id: title, status: flavour\n", "<yaml>"),
    "not_a_mapping": ("- just\n- a list\n", "<root>"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_rulebook_names_file_and_field_in_thai_and_english(tmp_path, case):
    change, field = MALFORMED[case]
    path = tmp_path / f"{case}.yaml"
    if isinstance(change, str):
        path.write_text(change, encoding="utf-8")
    else:
        doc = _valid_doc()
        change(doc)
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(BadInput) as info:
        load_rulebook_file(path)
    err = info.value
    assert err.source == str(path)
    assert err.field == field
    assert THAI.search(err.message_th), "Thai message"
    assert LATIN.search(err.message_en) and not THAI.search(err.message_en), "English message"
    text = str(err)
    assert str(path) in text and field in text
    assert err.message_th in text and err.message_en in text


def test_valid_demo_doc_loads(tmp_path):
    """The base of the malformed cases is itself valid, so each case fails for its own reason."""
    path = tmp_path / "demo.yaml"
    path.write_text(yaml.safe_dump(_valid_doc(), allow_unicode=True), encoding="utf-8")
    book = load_rulebook_file(path)
    assert [c.id for c in book.clauses] == ["title", "setup.start", "turn.move"]


def test_missing_rulebook_file_is_bad_input(tmp_path):
    with pytest.raises(BadInput) as info:
        load_rulebook_file(tmp_path / "nope.yaml")
    assert info.value.field == "<file>" and "nope.yaml" in str(info.value)


# ---------------------------------------------------------------- (d) ambiguity registers
def register_problems(game: str, entries: object) -> list[str]:
    """Everything wrong with one game's ambiguity register (empty when fine), via the core loader."""
    try:
        parse_register(game, entries, f"{game}/ambiguities.yaml")
    except BadInput as exc:
        return [str(exc)]
    return []


def _register_path(game: str) -> Path:
    return DATA / game / "ambiguities.yaml"


@pytest.mark.parametrize("game", GAMES)
def test_ambiguity_register_is_consistent(game):
    path = _register_path(game)
    if not path.is_file():
        assert game not in REQUIRED_REGISTERS, f"missing {path}"
        return  # checked once that game's register lands (test_every_register_cites_existing_clauses)
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert register_problems(game, entries) == []


@pytest.mark.parametrize("game", REQUIRED_REGISTERS)
def test_required_registers_have_real_entries(game):
    entries = yaml.safe_load(_register_path(game).read_text(encoding="utf-8"))
    assert len(entries) >= 5


def test_every_register_cites_existing_clauses():
    """Every ``data/<game>/ambiguities.yaml`` in the tree loads (each cited clause exists)."""
    from rules.core.ambiguity import load_register_file
    registers = sorted(DATA.glob("*/ambiguities.yaml"))
    assert {p.parent.name for p in registers} >= set(REQUIRED_REGISTERS)
    for path in registers:
        assert load_register_file(path.parent.name, path)


@pytest.mark.parametrize("game", GAMES)
def test_clause_notes_cite_registered_ambiguities(game):
    """A clause note saying 'ambiguity some_id' points at an entry of that game's register."""
    cited = {tok for c in load_rulebook(game).clauses
             for m in re.finditer(r"\bambiguit(?:y|ies) ([a-z0-9_]+(?:, [a-z0-9_]+)*)", c.note)
             for tok in m.group(1).split(", ") if "_" in tok}
    if not cited:
        return
    path = _register_path(game)
    assert path.is_file(), f"notes cite {sorted(cited)} but {path} is missing"
    from rules.core.ambiguity import load_register_file
    registered = {e.id for e in load_register_file(game, path)}
    assert sorted(cited - registered) == []


def test_malformed_register_names_file_and_field(tmp_path):
    from rules.core.ambiguity import load_register_file
    good = yaml.safe_load((DATA / "coup" / "ambiguities.yaml").read_text(encoding="utf-8"))
    for mutate, field in [(lambda e: e[0].update(default="nope"), "[0]"),
                          (lambda e: e[1]["clauses"].append("no.such"), "[1].clauses"),
                          (lambda e: e[0].pop("why"), "[0].why")]:
        entries = yaml.safe_load(yaml.safe_dump(good, allow_unicode=True))
        mutate(entries)
        p = tmp_path / "ambiguities.yaml"
        p.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
        with pytest.raises(BadInput) as info:
            load_register_file("coup", p)
        assert info.value.field.startswith(field) and str(p) in str(info.value)
        assert THAI.search(info.value.message_th) and info.value.message_en


def test_no_english_gloss_stops_mid_sentence():
    """A gloss read alone in the clause panel ended with a comma ("...to the deck,": challenge.return_card,
    whose Thai sentence goes on in the next clause): each gloss reads as a whole sentence."""
    from rules.core.rulebook import load_rulebook
    for game in ("coup", "shadow_master", "valeria", "new_world"):
        for clause in load_rulebook(game).clauses:
            gloss = (getattr(clause, "gloss_en", "") or "").rstrip()
            assert not gloss or gloss[-1] not in ",;-", (game, clause.id, gloss[-40:])

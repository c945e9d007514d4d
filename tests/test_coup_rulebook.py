"""The Coup clause file keeps the Thai seed text exactly and has no pending clause (issue 3)."""
from pathlib import Path

from rules.core.rulebook import joined_text, load_rulebook, normalise, seed_text

SEED = Path("/work/shared/rulebooks/002_a3f748dff81e3892.txt")


def test_copy_is_byte_for_byte():
    copy = Path(__file__).resolve().parents[1] / "data" / "rulebooks" / "coup.th.txt"
    if SEED.exists():
        assert copy.read_bytes() == SEED.read_bytes()
    assert copy.read_bytes().startswith("เกมโค่นอำนาจ".encode())


def test_round_trip():
    book = load_rulebook("coup")
    assert joined_text(book) == normalise(seed_text("coup"))


def test_no_pending_and_each_line_once():
    book = load_rulebook("coup")
    assert [c.id for c in book.clauses if c.status == "pending"] == []
    lines = [ln for c in book.clauses for ln in c.text_th.splitlines() if ln.strip()]
    seed_lines = [ln for ln in seed_text("coup").splitlines() if ln.strip()]
    assert lines == seed_lines


def test_key_ids_exist():
    ids = load_rulebook("coup").ids
    for cid in ("actions.income", "actions.foreign_aid", "actions.coup", "actions.coup_forced",
                "characters.duke_tax", "characters.captain_steal", "inquisitor.examine",
                "challenge.prove", "challenge.fail", "details.block_may_lie", "reformation.embezzle"):
        assert cid in ids

"""The Shadow Master clauses give back the seed text exactly (issue 2, point 3)."""
from pathlib import Path

from rules.core.rulebook import RULEBOOKS, joined_text, load_rulebook, normalise, seed_text

SEED = Path("/work/shared/rulebooks/000_b8613b7166582370.txt")


def test_round_trip():
    book = load_rulebook("shadow_master")
    assert normalise(seed_text("shadow_master")) == joined_text(book)


def test_copy_is_byte_for_byte():
    copy = (RULEBOOKS / "shadow_master.th.txt").read_bytes()
    if SEED.exists():
        assert copy == SEED.read_bytes()
    assert copy.startswith("คู่มือกติกา".encode())


def test_ids_the_engine_needs():
    ids = load_rulebook("shadow_master").ids
    for cid in ("board.cell_capacity", "board.alliance_cells", "rank.largest_group", "attack.full_force",
                "attack.tempo", "attack.first_strike", "attack.siege", "attack.three_fronts",
                "phase1.choose_one", "collapse.trigger"):
        assert cid in ids


def test_every_clause_has_a_gloss():
    book = load_rulebook("shadow_master")
    assert all(c.gloss_en for c in book.clauses)

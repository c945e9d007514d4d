"""The Coup ambiguity register, the components file and the config model stay in step."""
import typing

import pytest
import yaml

from rules.core.protocol import BadInput
from rules.core.rulebook import load_rulebook
from rules.coup.config import DATA, CoupConfig, components

REGISTER = yaml.safe_load((DATA / "ambiguities.yaml").read_text(encoding="utf-8"))
REQUIRED = {"deck_composition", "who_blocks", "assassin_refund", "proof_shuffle", "conversion_coins",
            "peacock_is_duke", "one_faction_left", "treasury_start", "reaction_order"}


def test_register_shape_and_required_entries():
    ids = [e["id"] for e in REGISTER]
    assert len(ids) == len(set(ids))
    assert REQUIRED <= set(ids)
    clause_ids = load_rulebook("coup").ids
    for e in REGISTER:
        for key in ("clauses", "question_th", "question_en", "readings", "default", "why", "source"):
            assert e[key], (e["id"], key)
        assert set(e["clauses"]) <= clause_ids, e["id"]
        for r in e["readings"]:
            assert r["id"] and r["description_en"] and r["description_th"]


def test_every_reading_is_a_config_variant_with_the_same_default():
    fields = CoupConfig.model_fields
    variants = set()
    for e in REGISTER:
        f = fields[e["variant"]]
        variants.add(e["variant"])
        allowed = set(typing.get_args(f.annotation))
        assert allowed == {r["id"] for r in e["readings"]}, e["id"]
        assert f.default == e["default"], e["id"]
    assert variants == set(fields) - {"players", "reformation"}


def test_components():
    comp = components()
    assert comp.total_coins == 60  # 30 silver + 6 gold x 5 (components.*, details.gold)
    assert comp.character_cards.value == 18
    assert comp.costs["coup"].value == 7 and comp.costs["assassinate"].value == 3


def test_bad_components_file_names_the_field(tmp_path):
    bad = tmp_path / "components.yaml"
    text = (DATA / "components.yaml").read_text(encoding="utf-8").replace("value: 18", "value: 17")
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as exc:
        components(str(bad))
    assert exc.value.field == "copies_per_character"


def test_config_rejects_unknown_reading():
    with pytest.raises(Exception):
        CoupConfig(deck="five")

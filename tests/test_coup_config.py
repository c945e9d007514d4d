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


def test_reformation_only_readings_are_accepted_without_it_and_play_the_defaults_games():
    """``almshouse=two_coins`` (register entry almshouse_start) and the other Reformation-only readings
    are accepted with the Reformation off (the analyzer sweeps them as grids), and have no effect:
    the engine names them (``inert_readings``, with why in Thai and English), every game under them is
    the default reading's game to the end, and no setup event speaks of an almshouse.  With the
    Reformation on, none is inert and two_coins puts 2 coins on the almshouse."""
    from rules.analysis.compare import compare
    from rules.core.protocol import setup_events
    from rules.coup import GAME
    from rules.coup.config import REFORMATION_ONLY

    inert = GAME.inert_readings({"players": 4})
    assert set(inert) == set(REFORMATION_ONLY) and GAME.inert_readings({"players": 4, "reformation": True}) == {}
    th, en = inert["almshouse"]
    assert "การปฏิรูปศาสนา" in th and "only with the Reformation" in en
    register = {e["variant"]: e for e in REGISTER}
    assert set(REFORMATION_ONLY) <= set(register)
    for variant in REFORMATION_ONLY:
        for r in register[variant]["readings"]:
            if r["id"] == register[variant]["default"]:
                continue
            value = r.get("value", r["id"])
            GAME.make_config({"players": 4, variant: value})  # accepted, not refused
            c = compare("coup", 12, {"players": 4}, {variant: value}, seed=3, workers=1, progress=False)
            assert c.part_step.isna().all(), (variant, value, c.part_step.tolist())
    # the setup: no almshouse, the bank as by default
    plain = GAME.new_game(GAME.make_config({"players": 4}), 5)
    two = GAME.new_game(GAME.make_config({"players": 4, "almshouse": "two_coins"}), 5)
    assert two.alms == 0 and two.bank == plain.bank
    said = [(ev.kind, ev.text_th, ev.text_en) for ev in setup_events(GAME, two)]
    assert said == [(ev.kind, ev.text_th, ev.text_en) for ev in setup_events(GAME, plain)]
    assert not any("almshouse" in en or "ที่พักพิง" in th for _k, th, en in said)
    # with the Reformation the reading acts: the almshouse starts with 2 coins, from the bank
    on = GAME.new_game(GAME.make_config({"players": 4, "reformation": True, "almshouse": "two_coins"}), 5)
    assert on.alms == 2 and on.bank == plain.bank - 2

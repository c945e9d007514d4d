"""A field refused by pydantic read "Field required" / "Input should be a valid integer" beside the
Thai (issue 12, a fresh user's trial): every error type in :data:`rules.core.datafile.WORDS` gives
a Thai sentence with no pydantic English in it and a plain English one, both naming the field; a
type not in the table, a generic Thai line and pydantic's own words."""
from __future__ import annotations

import decimal
import enum
import json
import math
import re
from typing import Annotated, FrozenSet, Iterable, Literal, Set, Tuple, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field, Json, ValidationError, create_model, field_validator, validate_call

from rules.core.datafile import WORDS, field_words, pydantic_error
from rules.core.protocol import BadInput
from rules.core.scenario import parse_scenario

from .test_upload_kinds import _ruling_upload, _session, _session_upload

THAI = re.compile(r"[\u0e00-\u0e7f]")


class _Colour(enum.Enum):
    red = "red"


class _A(BaseModel):
    kind: Literal["a"]


class _B(BaseModel):
    kind: Literal["b"]


def _model(t, **config):
    return create_model("M", __config__=ConfigDict(**config), count=(t, ...))


def _given(t, value, **config):
    return lambda: _model(t, **config).model_validate({"count": value})


def _frozen_field():
    m = create_model("M", __config__=ConfigDict(validate_assignment=True), count=(int, Field(0, frozen=True)))()
    m.count = 1


def _frozen_instance():
    m = create_model("M", __config__=ConfigDict(frozen=True), count=(int, 0))()
    m.count = 1


def _validator(kind: str):
    def check(cls, v):
        if kind == "value":
            raise ValueError("too big a value")
        assert False, "too big a value"
    return lambda: create_model("M", count=(int, ...), __validators__={
        "v": field_validator("count")(check)}).model_validate({"count": 5})


def _keyword():
    @validate_call
    def f(count: int):
        return count
    f(count=1, other=2)


_TAGGED = Annotated[Union[_A, _B], Field(discriminator="kind")]
PRODUCERS = {  # pydantic error type: what raises it (the field is "count"; "other" for an unknown one)
    "missing": lambda: _model(int).model_validate({}),
    "extra_forbidden": lambda: _model(int, extra="forbid").model_validate({"count": 1, "other": 2}),
    "unexpected_keyword_argument": _keyword,
    "int_type": _given(int, "7", strict=True), "int_parsing": _given(int, "seven"),
    "int_from_float": _given(int, 7.5), "int_parsing_size": _given(int, "9" * 5000),
    "float_type": _given(float, "7", strict=True), "float_parsing": _given(float, "seven"),
    "decimal_type": _given(decimal.Decimal, [1]), "decimal_parsing": _given(decimal.Decimal, "seven"),
    "finite_number": _given(float, math.inf, allow_inf_nan=False),
    "greater_than": _given(Annotated[int, Field(gt=0)], 0),
    "greater_than_equal": _given(Annotated[int, Field(ge=0)], -1),
    "less_than": _given(Annotated[int, Field(lt=5)], 5),
    "less_than_equal": _given(Annotated[int, Field(le=5)], 6),
    "multiple_of": _given(Annotated[int, Field(multiple_of=2)], 3),
    "string_type": _given(str, 7), "string_unicode": _given(str, b"\xff"),
    "string_too_long": _given(Annotated[str, Field(max_length=3)], "abcd"),
    "string_too_short": _given(Annotated[str, Field(min_length=3)], "ab"),
    "string_pattern_mismatch": _given(Annotated[str, Field(pattern="^[a-z]+$")], "AB"),
    "bool_type": _given(bool, "yes", strict=True), "bool_parsing": _given(bool, "maybe"),
    "dict_type": _given(dict, [1]), "model_type": _given(_A, 5),
    "list_type": _given(list, 5), "tuple_type": _given(Tuple[int, ...], 5), "set_type": _given(Set[int], 5),
    "frozen_set_type": _given(FrozenSet[int], 5), "iterable_type": _given(Iterable[int], 5),
    "too_long": _given(Annotated[list, Field(max_length=2)], [1, 2, 3]),
    "too_short": _given(Annotated[list, Field(min_length=2)], [1]),
    "literal_error": _given(Literal["red", "blue"], "green"), "enum": _given(_Colour, "green"),
    "none_required": _given(None, 5),
    "union_tag_invalid": _given(_TAGGED, {"kind": "c"}), "union_tag_not_found": _given(_TAGGED, {}),
    "frozen_field": _frozen_field, "frozen_instance": _frozen_instance,
    "value_error": _validator("value"), "assertion_error": _validator("assert"),
    "json_invalid": lambda: _model(int).model_validate_json('{"count": 1,'),
    "json_type": _given(Json[int], 5),
}
ASCII_OK = {"JSON", "true", "false", "null"}
"""ASCII words a Thai line may hold besides the field, the value and the allowed values: the file's
own words."""
PYDANTIC_EN = ("Input should", "Field required", "valid integer", "Extra inputs", "should have", "String should",
               "List should", "Value error", "Assertion failed", "Invalid JSON", "is frozen", "Unable to")


def _refusal(kind: str) -> tuple[dict, BadInput]:
    with pytest.raises(ValidationError) as e:
        PRODUCERS[kind]()
    err = e.value.errors()[0]
    assert err["type"] == kind, (kind, err)
    return err, pydantic_error(e.value, "mine.yaml")


def test_every_type_in_the_table_has_a_producer_here():
    assert set(PRODUCERS) == set(WORDS), set(WORDS) ^ set(PRODUCERS)


@pytest.mark.parametrize("kind", sorted(PRODUCERS))
def test_every_pydantic_error_type_gives_a_thai_and_an_english_sentence_naming_the_field(kind):
    err, bad = _refusal(kind)
    field = ".".join(map(str, err["loc"]))
    th, en = bad.message_th, bad.message_en
    assert THAI.search(th) and not THAI.search(en), (th, en)
    if field:
        assert bad.field == field and f"ช่อง “{field}”" in th and f"the field “{field}”" in en, (th, en)
    else:  # the whole file (JSON that does not parse)
        assert bad.field == "<root>" and th.startswith("ทั้งไฟล์") and en.startswith("the file "), (th, en)
    assert err["msg"] not in th and err["msg"] not in en, (err["msg"], th, en)  # the table's words, not pydantic's
    for words in PYDANTIC_EN:
        assert words not in th and words not in en, (words, th, en)
    # the Thai part holds no English: once the field, the value shown and the quoted data are out
    rest = th.replace(f"“{field}”", "").rsplit(" (ได้ ", 1)[0]  # the value given is last
    rest = re.sub(r'"[^"]*"|\([^()]*[\^$][^()]*\)', "", rest)  # allowed values (JSON), a pattern: data
    assert set(re.findall(r"[A-Za-z]{3,}", rest)) <= ASCII_OK, (kind, th)
    said_th, said_en = th.split(" (ได้ ")[0], en.split(" (got ")[0]  # without the value given
    assert "{" not in said_th.replace("{...}", "") and "{" not in said_en.replace("{...}", ""), (th, en)


def test_an_unknown_type_falls_back_to_a_generic_thai_line_and_pydantics_words():
    from rules.core.datafile import error_words

    th, en = error_words({"type": "no_such_type_ever", "msg": "Something odd happened", "ctx": {}})
    assert th == "มีค่าที่ใช้ไม่ได้" and en == "is not valid: Something odd happened"


def test_a_union_says_every_form_the_value_may_take_under_the_fields_name():
    """``expect.current_player`` is a seat, a list of seats, ``chance`` or ``terminal``: pydantic
    names the union's members in its path (``expect.current_player.list[int]``); the refusal names
    the field and every form."""
    with pytest.raises(BadInput) as e:
        parse_scenario({"game": "coup", "title_th": "x", "title_en": "y", "expect": {"current_player": "x"}}, "m.yaml")
    bad = e.value
    assert bad.field == "expect.current_player", bad.field
    assert "ช่อง “expect.current_player” ต้องเป็นจำนวนเต็ม" in bad.message_th and "หรือต้องเป็นรายการ" in bad.message_th
    assert '"chance" หรือ "terminal"' in bad.message_th and 'or must be "chance" or "terminal"' in bad.message_en


def test_the_value_given_and_the_allowed_literals_are_shown_as_json_not_python():
    """A reader writes YAML/JSON: a refused dict was echoed as Python (``(got {'x': 1})``), text as
    ``'four'`` and allowed literals as ``'chance' or 'terminal'``; now all are JSON."""
    with pytest.raises(BadInput) as e:
        parse_scenario({"game": "coup", "title_th": "x", "title_en": "y", "setup": {"seed": {"x": 1}}}, "m.yaml")
    bad = e.value
    assert bad.field == "setup.seed", bad.field
    assert bad.message_th.endswith('(ได้ {"x": 1})') and bad.message_en.endswith('(got {"x": 1})'), bad.message_en
    with pytest.raises(BadInput) as e:
        parse_scenario({"game": "coup", "title_th": "x", "title_en": "y", "setup": {"seed": "four"}}, "m.yaml")
    assert e.value.message_th.endswith('(ได้ "four")') and e.value.message_en.endswith('(got "four")'), e.value.message_en
    with pytest.raises(BadInput) as e:
        parse_scenario({"game": "coup", "title_th": "x", "title_en": "y", "expect": {"current_player": "x"}}, "m.yaml")
    assert "'" not in e.value.message_th and "'" not in e.value.message_en, e.value.message_en


RULING = "game: {g}\ntitle_th: x\ntitle_en: y\n"
MALFORMED = [  # (which upload, the file, the field named, the error type its words come from)
    ("ruling", "game: coup\ntitle_th: x\n", "title_en", "missing"),
    ("ruling", RULING + "colour: red\n", "colour", "extra_forbidden"),
    ("ruling", RULING + "setup: {seed: seven}\n", "setup.seed", "int_parsing"),
    ("ruling", RULING + "setup: {seed: 1.5}\n", "setup.seed", "int_from_float"),
    ("ruling", "game: coup\ntitle_th: [x]\ntitle_en: y\n", "title_th", "string_type"),
    ("ruling", RULING + "shows_hidden: maybe\n", "shows_hidden", "bool_parsing"),
    ("ruling", RULING + "steps: 5\n", "steps", "list_type"),
    ("ruling", RULING + "setup: [1]\n", "setup", "model_type"),
    ("ruling", RULING + "steps: [{action: 5}]\n", "steps.0.action", "dict_type"),
    ("ruling", RULING + "setup: {config: {players: 3, who_blocks: nobody}}\n", "who_blocks", "literal_error"),
    ("session", {"seed": "7"}, "seed", "int_type"),
    ("session", {"seed": -1}, "seed", "greater_than_equal"),
    ("session", {"table": {"viewer": 99, "bots": ""}}, "table.viewer", "less_than_equal"),
    ("session", {"table": {"viewer": 0, "bots": "b" * 50}}, "table.bots", "string_too_long"),
    ("session", {"table": {"viewer": 0, "bots": 5}}, "table.bots", "string_type"),
    ("session", {"snapshot": {"step": 0, "state": 5}}, "snapshot.state", "dict_type"),
    ("session", {"actions": {"a": 1}}, "actions", "list_type"),
    ("session", {"colour": "red"}, "colour", "extra_forbidden"),
    ("session", {"config": {"players": "3"}}, "players", "int_type"),
    ("session", {"config": {"players": 3, "who_blocks": "nobody"}}, "who_blocks", "literal_error"),
]


@pytest.mark.parametrize("upload,change,field,kind", MALFORMED, ids=[f"{u}-{f}-{k}" for u, _c, f, k in MALFORMED])
def test_a_malformed_file_names_the_field_in_a_thai_and_an_english_sentence(upload, change, field, kind):
    """Through the page's own upload buttons: the Thai line is the table's Thai with the field's
    name, no pydantic English; the English line the table's English."""
    if upload == "ruling":
        got = _ruling_upload("coup", "mine.yaml", change.replace("{g}", "coup").encode())
    else:
        data = {**json.loads(_session("coup")), "snapshot": None, **change}
        if "config" in change:
            data["config"] = {**json.loads(_session("coup"))["config"], **change["config"]}
        got = _session_upload("coup", "mine.json", json.dumps(data).encode())
    th_words, en_words = WORDS[kind]
    field_th, field_en = field_words(field)  # a list position counted from 1 (steps.0.action: item 1)
    assert got["th"].startswith(f"ช่อง “{field_th}” {th_words.split(' {')[0].split('{')[0]}"), (kind, got)
    assert got["en"].startswith(f"the field “{field_en}” {en_words.split(' {')[0].split('{')[0]}"), (kind, got)
    assert got["where"].startswith(f"ช่อง / field: {field_th}"), got
    for words in PYDANTIC_EN:
        assert words not in got["th"] + got["en"], (words, got)
    assert THAI.search(got["th"]) and not THAI.search(got["en"]), got


def test_a_file_that_is_not_a_mapping_is_refused_in_thai_words():
    """"ต้องเป็น mapping" read as half English to a Thai reader: the Thai line says "ชุดคู่" (pairs of
    name -> value), the English line keeps "mapping"."""
    import re

    from rules.core.scenario import parse_scenario
    from rules.shadow_master import GAME
    from rules.shadow_master.serial import apply_overrides

    refusals = []
    with pytest.raises(BadInput) as e:
        parse_scenario(["a", "b"], "list.yaml")
    refusals.append(e.value)
    state = GAME.new_game(GAME.default_config(3), 1)
    for overrides in ({"players": {"0": 5}}, {"castles": [5]}):
        with pytest.raises(BadInput) as e:
            apply_overrides(state, overrides)
        refusals.append(e.value)
    for err in refusals:
        assert "ชุดคู่" in err.message_th and "mapping" in err.message_en, err
        assert not re.search(r"[A-Za-z]{4,}", err.message_th.split("{")[0].replace("YAML", "")), err.message_th

"""Scenario files: a ruling as setup + moves + expected result (format in data/scenarios/README.md).

A scenario is at once a test, a notebook example and an answer to "what happens if...?".
:func:`load_scenario` validates a file (``BadInput`` names file and field, Thai + English);
:func:`run_scenario` plays it and compares every expectation, returning a :class:`ScenarioResult`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import pydantic_error, read_yaml
from .filekind import wrong_file
from .protocol import CHANCE, TERMINAL, BadInput, Event, IllegalAction, setup_events
from .rulebook import load_rulebook


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EventExpect(_Strict):
    """An expected event: ``kind``; optional ``actor``; ``cites`` (each must be among the
    event's cites); ``data`` (each key must equal the event's); ``visible_to``: ``public`` or
    the exact list of seats that may see the event's data (hidden information)."""

    kind: str
    actor: int | None = None
    cites: list[str] = []
    data: dict[str, Any] = {}
    visible_to: Union[Literal["public"], list[int], None] = None


class LegalExpect(_Strict):
    """Expected legal actions of ``player``: exactly ``types`` (the set of ``type`` values),
    and/or actions that must (``includes``) or must not (``excludes``) be legal (partial dicts)."""

    player: int
    types: list[str] | None = None
    includes: list[dict[str, Any]] = []
    excludes: list[dict[str, Any]] = []


class Step(_Strict):
    """One move (a player action with ``player`` or a forced chance outcome with ``chance``)."""

    action: dict[str, Any]
    expect_error: str | None = None
    expect_events: list[EventExpect] = []
    expect_state: dict[str, Any] = {}
    expect_legal: LegalExpect | None = None
    note_th: str = ""
    note_en: str = ""


class Setup(_Strict):
    config: dict[str, Any] = {}
    seed: int = 0
    overrides: dict[str, Any] = {}


class Expect(_Strict):
    state: dict[str, Any] = {}
    events: list[EventExpect] = []
    current_player: Union[int, list[int], Literal["chance", "terminal"], None] = None
    legal: LegalExpect | None = None
    returns: list[float] | None = None


class Scenario(_Strict):
    """A whole scenario file."""

    game: str
    title_th: str
    title_en: str
    question_th: str = ""
    question_en: str = ""
    answer_th: str = ""
    answer_en: str = ""
    cites: list[str] = []
    shows_hidden: bool = Field(False, description="teaching example: all cards shown on screen")
    setup: Setup = Setup()
    expect_setup_events: list[EventExpect] = Field(
        [], description="events the start position's setup_events must hold, in this order")
    steps: list[Step] = []
    expect: Expect = Expect()


def parse_scenario(data: Any, source: str, game: str | None = None) -> Scenario:
    """Validate loaded YAML; :class:`BadInput` naming ``source`` and the field on any defect.
    ``game``: the game of the page opening it (a session file, or another game's file, is refused
    first, saying what it is and where it opens: :func:`rules.core.filekind.wrong_file`)."""
    if data is None:
        raise BadInput(source, "<root>", "ไฟล์ว่างเปล่า", "the file is empty")
    if not isinstance(data, dict):
        raise BadInput(source, "<root>", "ต้องเป็นชุดคู่ ชื่อ -> ค่า ของ YAML", "expected a YAML mapping")
    wrong = wrong_file(data, source, "ruling", game)
    if wrong is not None:
        raise wrong
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None
    from ..catalog import info
    try:
        info(sc.game)
    except BadInput as exc:
        raise BadInput(source, "game", exc.message_th, exc.message_en) from None
    try:
        ids = load_rulebook(sc.game).ids
    except BadInput:
        ids = None
    if ids is not None:
        cited = [(f"cites[{k}]", c) for k, c in enumerate(sc.cites)]
        cited += [(f"steps[{i}].expect_error", s.expect_error) for i, s in enumerate(sc.steps)
                  if s.expect_error]
        cited += [(f"steps[{i}].expect_events[{j}].cites[{k}]", c) for i, s in enumerate(sc.steps)
                  for j, e in enumerate(s.expect_events) for k, c in enumerate(e.cites)]
        cited += [(f"expect.events[{j}].cites[{k}]", c) for j, e in enumerate(sc.expect.events)
                  for k, c in enumerate(e.cites)]
        cited += [(f"expect_setup_events[{j}].cites[{k}]", c) for j, e in enumerate(sc.expect_setup_events)
                  for k, c in enumerate(e.cites)]
        for where, cid in cited:
            if cid not in ids:
                raise BadInput(source, where, f"ไม่มีข้อกติกา '{cid}' ในคู่มือ",
                               f"clause '{cid}' does not exist in the {sc.game} rulebook")
    for i, s in enumerate(sc.steps):
        if "player" not in s.action and "chance" not in s.action:
            raise BadInput(source, f"steps[{i}].action", "ต้องมี 'player' หรือ 'chance'",
                           "an action needs a 'player' (or a 'chance' outcome)")
    return sc


def load_scenario(path: Path | str) -> Scenario:
    """Read and validate a scenario YAML file."""
    return parse_scenario(read_yaml(path), str(path))


# --- matching -------------------------------------------------------------------------
_MISSING = object()


def get_path(obj: Any, path: str) -> Any:
    """Value at a dotted path (``players.1.coins``) of nested dicts/lists; ``_MISSING`` if absent."""
    cur = obj
    for part in path.split("."):
        if isinstance(cur, dict):
            if part in cur:
                cur = cur[part]
            elif part.lstrip("-").isdigit() and int(part) in cur:
                cur = cur[int(part)]
            else:
                return _MISSING
        elif isinstance(cur, (list, tuple)) and part.lstrip("-").isdigit() and -len(cur) <= int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return _MISSING
    return cur


def _norm(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_norm(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(_norm(x) for x in v)
    if isinstance(v, dict):
        return {str(k): _norm(x) for k, x in v.items()}
    return v


def _visibility(event: Event) -> str | list[int]:
    """``"public"`` or the sorted seats that may see ``event``'s data."""
    return "public" if event.visible_to is None else sorted(event.visible_to)


def event_matches(expect: EventExpect, event: Event) -> bool:
    """True when ``event`` satisfies ``expect`` (kind, actor, cites subset, data subset)."""
    if event.kind != expect.kind:
        return False
    if expect.actor is not None and event.actor != expect.actor:
        return False
    if not set(expect.cites) <= set(event.cites):
        return False
    if expect.visible_to is not None and _visibility(event) != (
            expect.visible_to if expect.visible_to == "public" else sorted(expect.visible_to)):
        return False
    return all(_norm(event.data.get(k, _MISSING)) == _norm(v) for k, v in expect.data.items())


def match_events(expected: list[EventExpect], events: list[Event]) -> list[str]:
    """Expected events must appear in order (a subsequence); returns failure messages."""
    failures, i = [], 0
    for exp in expected:
        while i < len(events) and not event_matches(exp, events[i]):
            i += 1
        if i == len(events):
            failures.append(f"ไม่พบเหตุการณ์ที่คาดไว้ / expected event {exp.model_dump(exclude_defaults=True)} not found "
                            f"(in order) among {[e.kind for e in events]}")
            break
        i += 1
    return failures


def match_state(expected: dict[str, Any], state_json: dict) -> list[str]:
    out = []
    for path, want in expected.items():
        got = get_path(state_json, path)
        if got is _MISSING:
            out.append(f"ไม่มีช่องสถานะ '{path}' / state path '{path}' does not exist")
        elif _norm(got) != _norm(want):
            out.append(f"state '{path}': expected {want!r}, got {got!r} / คาดว่า {want!r} แต่ได้ {got!r}")
    return out


def match_legal(game: Any, state: Any, exp: LegalExpect) -> list[str]:
    legal = game.legal_actions(state, exp.player)
    out = []
    if exp.types is not None:
        got = sorted({a.get("type") for a in legal})
        if got != sorted(set(exp.types)):
            out.append(f"legal action types of seat {exp.player}: expected {sorted(set(exp.types))}, got {got}"
                       f" / การกระทำที่ทำได้ของที่นั่ง {exp.player} ไม่ตรงกับที่คาด")
    sub = lambda part, a: all(_norm(a.get(k, _MISSING)) == _norm(v) for k, v in part.items())
    for part in exp.includes:
        if not any(sub(part, a) for a in legal):
            out.append(f"expected {part} to be legal for seat {exp.player} / คาดว่าที่นั่ง {exp.player} ทำได้")
    for part in exp.excludes:
        if any(sub(part, a) for a in legal):
            out.append(f"expected {part} NOT to be legal for seat {exp.player} / คาดว่าที่นั่ง {exp.player} ทำไม่ได้")
    return out


def _current(game: Any, state: Any) -> Any:
    cp = game.current_player(state)
    if isinstance(cp, frozenset):
        return sorted(cp)
    return {CHANCE: "chance", TERMINAL: "terminal"}.get(cp, cp)


@dataclass
class StepResult:
    action: dict
    events: list[Event] = field(default_factory=list)
    error: IllegalAction | None = None
    state: Any = None


@dataclass
class ScenarioResult:
    """Outcome of a run: the setup events of the start position, per-step events, the final
    state, and failure messages (empty = ok)."""

    scenario: Scenario
    source: str
    initial: Any
    steps: list[StepResult]
    final: Any
    failures: list[str]
    setup_events: list[Event] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self, game: Any) -> dict:
        """The CLI's JSON contract: ``{ok, scenario, game, setup_events, steps: [{action, events}],
        final, failures}``."""
        steps = []
        for s in self.steps:
            row = {"action": s.action, "events": [_event_json(e) for e in s.events]}
            if s.error is not None:
                row["error"] = {"clause": s.error.clause, "message_th": s.error.message_th,
                                "message_en": s.error.message_en}
            steps.append(row)
        return {"ok": self.ok, "scenario": self.source, "game": self.scenario.game,
                "setup_events": [_event_json(e) for e in self.setup_events],
                "steps": steps, "final": game.state_to_json(self.final), "failures": self.failures}


def _event_json(e: Event) -> dict:
    return {"kind": e.kind, "actor": e.actor, "cites": list(e.cites), "data": _norm(dict(e.data)),
            "visible_to": _visibility(e)}


def run_scenario(sc: Scenario, source: str = "<scenario>") -> ScenarioResult:
    """Play ``sc`` and check its expectations.  Raises :class:`BadInput` for a bad setup
    (config or overrides); rule outcomes that differ from the file become ``failures``."""
    from ..catalog import engine
    from .saveload import start

    try:
        game = engine(sc.game)
    except BadInput as exc:
        raise BadInput(source, "game", exc.message_th, exc.message_en) from None
    _, state = start(game, sc.setup.config, sc.setup.seed, sc.setup.overrides, source)
    initial = state
    ids = load_rulebook(sc.game).ids
    failures: list[str] = []
    setup = list(setup_events(game, state))
    for e in setup:
        for c in e.cites:
            if c not in ids:
                failures.append(f"setup (ตั้งเกม): event '{e.kind}' cites unknown clause '{c}' / อ้างข้อที่ไม่มีในคู่มือ")
    failures += [f"setup (ตั้งเกม): {m}" for m in match_events(sc.expect_setup_events, setup)]
    results: list[StepResult] = []
    all_events: list[Event] = []
    for i, step in enumerate(sc.steps):
        tag = f"step {i + 1} (ขั้น {i + 1})"
        res = StepResult(step.action)
        try:
            tr = game.apply(state, step.action)
        except IllegalAction as exc:
            res.error = exc
            res.state = state
            results.append(res)
            if step.expect_error is None:
                failures.append(f"{tag}: refused [{exc.clause}] {exc.message_en} / ถูกปฏิเสธ: {exc.message_th}")
                break
            if exc.clause != step.expect_error:
                failures.append(f"{tag}: refused by [{exc.clause}], expected [{step.expect_error}]"
                                f" / ถูกปฏิเสธด้วยข้อ [{exc.clause}] ไม่ใช่ [{step.expect_error}]")
            continue
        if step.expect_error is not None:
            failures.append(f"{tag}: expected refusal by [{step.expect_error}] but it was accepted"
                            f" / คาดว่าจะถูกปฏิเสธตามข้อ [{step.expect_error}] แต่เอนจินยอมรับ")
        state = tr.state
        res.events, res.state = list(tr.events), state
        results.append(res)
        all_events.extend(tr.events)
        for e in tr.events:
            for c in e.cites:
                if c not in ids:
                    failures.append(f"{tag}: event '{e.kind}' cites unknown clause '{c}' / อ้างข้อที่ไม่มีในคู่มือ")
        failures += [f"{tag}: {m}" for m in match_events(step.expect_events, list(tr.events))]
        failures += [f"{tag}: {m}" for m in match_state(step.expect_state, game.state_to_json(state))]
        if step.expect_legal is not None:
            failures += [f"{tag}: {m}" for m in match_legal(game, state, step.expect_legal)]
    ex = sc.expect
    failures += match_state(ex.state, game.state_to_json(state))
    failures += match_events(ex.events, all_events)
    if ex.current_player is not None and _current(game, state) != ex.current_player:
        failures.append(f"current player: expected {ex.current_player!r}, got {_current(game, state)!r}"
                        f" / ผู้เล่นปัจจุบันไม่ตรงกับที่คาด")
    if ex.legal is not None:
        failures += match_legal(game, state, ex.legal)
    if ex.returns is not None and list(game.returns(state)) != ex.returns:
        failures.append(f"returns: expected {ex.returns}, got {list(game.returns(state))} / ผลแพ้ชนะไม่ตรงกับที่คาด")
    return ScenarioResult(sc, source, initial, results, state, failures, setup)


def run_file(path: Path | str) -> ScenarioResult:
    """Load and run one scenario file."""
    return run_scenario(load_scenario(path), str(path))


def find_scenarios(root: Path | str) -> list[Path]:
    """Every ``*.yaml`` scenario below ``root`` (sorted), or ``[root]`` when it is a file."""
    root = Path(root)
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


# --- recorded games -------------------------------------------------------------------
def recorded_game(game: Any, config: dict, seed: int, policies: Any, steps: int,
                  title_th: str, title_en: str) -> Scenario:
    """A game played by ``policies`` (:func:`rules.core.play.playout`, ``random.Random(seed)``) for at
    most ``steps`` actions (chance outcomes included), as an in-memory :class:`Scenario` a view can step
    through.  The engine side plays it (who acts in a window, chance, the bots); a view only shows it."""
    import random

    from .play import playout
    from .saveload import start

    _cfg, state = start(game, dict(config), int(seed))
    out = playout(game, state, random.Random(seed), policies, max_steps=int(steps), keep_events=False)
    return Scenario.model_validate({
        "game": game.id, "title_th": title_th, "title_en": title_en,
        "setup": {"config": dict(config), "seed": int(seed)},
        "steps": [{"action": a} for a in out.actions]})

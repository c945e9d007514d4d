"""The conformance harness every game runs (``tests/test_<game>*.py`` call :func:`conformance`).

Checks, over seeded random playouts:
- every action offered by ``legal_actions`` is accepted by ``apply``; a bogus action is
  refused with :class:`IllegalAction` and the state is untouched;
- ``apply`` never mutates its input (``state_to_json`` before == after);
- ``invariants(state)`` is empty after every action;
- every event cites clause ids that exist in the game's rulebook, all of status ``implemented``;
- the setup events (``setup_events(game, new_game(...))``) too, each with Thai and English text,
  ``visible_to`` naming real seats, JSON data, and no leak: seen by any viewer they are the same
  after ``resample_hidden`` for that viewer (a hidden hand is an event ``visible_to`` its seat);
- same seed, same log (determinism);
- ``observe(state, v) == observe(resample_hidden(state, v), v)`` for every viewer (no leak of
  hidden information), and observations are JSON-serialisable; ``resample_hidden`` is a function
  of the viewer's observation and the rng (two states the viewer cannot tell apart re-deal to the
  same state), so a determinized rollout analysis carries no hidden card;
- save -> load -> continue equals the uninterrupted game;
- no stuck position: whenever the game is not over, the seat to act (or every seat of an open
  reaction window) has a legal action (a position where nobody can move is a defect of the rules
  engine, found by random play here and by targeted searches in each game's tests);
- every observation carries ``viewer``, ``current`` (:func:`~rules.core.protocol.current_json`)
  and ``phase``; every legal action has a Thai and an English ``describe_action`` label;
- a bogus action is refused for every seat, by ``apply`` and by ``explain_illegal`` alike, with a
  clause of the rulebook; malformed actions (a list or a dict where a name or a seat belongs) are
  refused with :class:`IllegalAction`, never a crash; ``explain_illegal`` of the action taken is ``None``;
- the game names every ``phase``, score source and ``end_reason`` id it gives in Thai and English
  (its ``id_labels``: :func:`~rules.core.protocol.id_label`, what the analyzer shows);
- ``returns`` has one float per seat and ``score_breakdown`` has the shared shape (per seat a
  ``total`` equal to the sum of its ``sources``; ``winners`` empty until the end, then exactly the
  seats with the highest return; ``end_reason`` ``None`` until the end, then an id, Thai and
  English labels and the implemented clauses that ended it, each cited by an event of the game);
- two seeds give two different games;
- with ``readings=True``, every non-default reading of every ambiguity-register entry is played too.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from . import saveload
from .play import choose_action
from .protocol import (CHANCE, END_REASON_KEYS, OBSERVATION_KEYS, TERMINAL, IllegalAction, actors, current_json,
                       id_label, setup_events)
from .rulebook import load_rulebook


@dataclass
class ConformanceReport:
    """What the harness saw: games, steps, and every problem found (empty = conformant)."""

    game: str
    games: int = 0
    steps: int = 0
    finished: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(self, msg: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(msg)


def _events_log(events) -> list:
    return [(e.kind, e.actor, list(e.cites), json.dumps(dict(e.data), sort_keys=True, default=str))
            for e in events]


def _cite_problems(e, status: dict) -> list[str]:
    """Why ``e``'s cites break the contract (unknown or not ``implemented`` clauses)."""
    out = []
    for c in e.cites:
        if c not in status:
            out.append(f"event {e.kind} cites unknown clause {c}")
        elif status[c] != "implemented":
            out.append(f"event {e.kind} cites clause {c} whose status is {status[c]}, not implemented")
    return out


def check_setup_events(game: Any, state: Any, seats: list[int], rng: random.Random,
                       status: dict | None = None) -> list[str]:
    """Problems of ``setup_events(game, state)`` (empty = fine): cites exist and are implemented,
    Thai and English texts, ``visible_to`` within ``seats``, JSON data, and no leak - for every
    viewer (each seat and the spectator) the events as that viewer sees them
    (``Event.to_json(viewer)``) are the same after ``resample_hidden(state, viewer, rng)``."""
    status = status if status is not None else {c.id: c.status for c in load_rulebook(game.id).clauses}
    events = setup_events(game, state)
    out = []
    for e in events:
        out += [f"setup: {m}" for m in _cite_problems(e, status)]
        out += [f"setup: {m}" for m in (hidden_event_problem(game, e),) if m]
        if not (e.text_th and e.text_en):
            out.append(f"setup: event {e.kind} lacks a Thai or English text")
        if e.visible_to is not None and not (e.visible_to and set(e.visible_to) <= set(seats)):
            out.append(f"setup: event {e.kind} visible_to {sorted(e.visible_to)} names no seat or a seat not in {seats}")
        try:
            json.dumps(dict(e.data))
        except TypeError as exc:
            out.append(f"setup: event {e.kind} data not JSON: {exc}")
    for viewer in seats + [None]:
        seen = [e.to_json(viewer) for e in events]
        other = game.resample_hidden(state, viewer, rng)
        if [e.to_json(viewer) for e in setup_events(game, other)] != seen:
            out.append(f"setup: events seen by viewer {viewer} change when hidden information is "
                       f"re-dealt (leak)")
    return out


def stuck_problem(game: Any, state: Any) -> str | None:
    """Why nobody can move in ``state`` although the game is not over (``None`` when fine): the seat
    to act has no legal action, or a reaction window is empty or holds a seat with none."""
    cp = game.current_player(state)
    if isinstance(cp, frozenset):
        if not cp:
            return "an empty reaction window must act"
        idle = sorted(p for p in cp if not game.legal_actions(state, p))
        return f"seats {idle} of the reaction window {sorted(cp)} have no legal action" if idle else None
    if cp in (CHANCE, TERMINAL):
        return None
    return None if game.legal_actions(state, cp) else f"seat {cp} must act but has no legal action"


END_REASON_ID = re.compile(r"^[a-z][a-z0-9_]*$")
"""A short machine id of an end reason (``last_player``, ``final_round``)."""


def end_reason_problems(reason: Any, over: bool, status: dict | None = None) -> list[str]:
    """How ``score_breakdown(state)["end_reason"]`` breaks the contract (empty = fine): ``None``
    while the game goes on; at the end a dict of exactly :data:`~rules.core.protocol.END_REASON_KEYS`
    with a short ``id``, Thai and English labels and a non-empty list of ``cites``, each a clause
    of the rulebook (``status``: ``{clause id: status}``) that is ``implemented``."""
    if not over:
        return [] if reason is None else [f"end_reason {reason!r} given before the game is over"]
    if not isinstance(reason, dict) or tuple(sorted(reason)) != tuple(sorted(END_REASON_KEYS)):
        return [f"at the end, end_reason {reason!r} is not a dict of {', '.join(END_REASON_KEYS)}"]
    out = []
    if not (isinstance(reason["id"], str) and END_REASON_ID.match(reason["id"])):
        out.append(f"end_reason id {reason['id']!r} is not a short machine id")
    for key in ("th", "en"):
        if not (isinstance(reason[key], str) and reason[key].strip()):
            out.append(f"end_reason {reason.get('id')!r} lacks a {'Thai' if key == 'th' else 'English'} label")
    cites = reason["cites"]
    if not (isinstance(cites, list) and cites and all(isinstance(c, str) for c in cites)):
        return out + [f"end_reason {reason.get('id')!r} cites no clause ({cites!r})"]
    if status is not None:
        for c in cites:
            if c not in status:
                out.append(f"end_reason {reason['id']!r} cites unknown clause {c}")
            elif status[c] != "implemented":
                out.append(f"end_reason {reason['id']!r} cites clause {c} whose status is {status[c]}")
    return out


def hidden_event_problem(game: Any, event: Any) -> str | None:
    """Why a view could not name the event some seat may not see (its kind has no words in the
    game's ``id_labels["hidden_event"]``: a view shows that in place of the event's data), else ``None``."""
    if event.visible_to is None:
        return None
    return id_label_problem(game, "hidden_event", event.kind)


def id_label_problem(game: Any, kind: str, value: Any) -> str | None:
    """Why the game gives no words for its machine id ``value`` of ``kind`` (``phase``, ``source``,
    ``end_reason``, ``hidden_event``: :func:`~rules.core.protocol.id_label`, what views show), else ``None``."""
    label = id_label(game, kind, value)
    if not (isinstance(label, tuple) and len(label) == 2 and all(isinstance(x, str) and x.strip() for x in label)):
        return f"{kind} {value!r} has no (th, en) label in the game's id_labels (got {label!r})"
    return None


def score_problems(game: Any, state: Any, seats: int, status: dict | None = None) -> list[str]:
    """How ``returns`` and ``score_breakdown`` of ``state`` break the shared shape (empty = fine);
    ``end_reason`` too (:func:`end_reason_problems`; its cites against ``status`` when given)."""
    out = []
    returns = game.returns(state)
    if len(returns) != seats or not all(isinstance(r, (int, float)) for r in returns):
        out.append(f"returns {returns!r} is not {seats} numbers")
        return out
    b = game.score_breakdown(state)
    try:
        json.dumps(b)
    except TypeError as exc:
        out.append(f"score_breakdown not JSON: {exc}")
    rows, winners = b.get("seats"), b.get("winners")
    if not isinstance(rows, list) or len(rows) != seats:
        return out + [f"score_breakdown['seats'] is not a list of {seats} rows"]
    for i, row in enumerate(rows):
        total, sources = row.get("total"), row.get("sources")
        if not isinstance(sources, dict) or not isinstance(total, (int, float)):
            out.append(f"score_breakdown seat {i}: needs a number 'total' and a dict 'sources'")
        elif abs(sum(sources.values()) - total) > 1e-9:
            out.append(f"score_breakdown seat {i}: sources sum to {sum(sources.values())}, total {total}")
    names = {k for row in rows if isinstance(row.get("sources"), dict) for k in row["sources"]}
    out += [p for p in (id_label_problem(game, "source", k) for k in sorted(names, key=str)) if p]
    over = game.current_player(state) == TERMINAL
    if "end_reason" not in b:
        out.append("score_breakdown has no 'end_reason' (None until the end, then why it ended)")
    else:
        out += end_reason_problems(b["end_reason"], over, status)
        if isinstance(b["end_reason"], dict):
            out += [p for p in (id_label_problem(game, "end_reason", b["end_reason"].get("id")),) if p]
    if not isinstance(winners, list):
        return out + ["score_breakdown['winners'] is not a list"]
    if over:
        best = max(returns)
        expected = [i for i, r in enumerate(returns) if r == best]
        if sorted(winners) != expected:
            out.append(f"at the end, winners {winners} are not the seats with the highest return {expected}")
    elif winners:
        out.append(f"winners {winners} named before the game is over")
    return out


def unavailable_problems(game: Any, state: Any, seat: int) -> list[str]:
    """What is wrong with ``game.unavailable(state, seat)`` ("why can't I do this?"): an action it
    lists that is legal, or a refusal that is not the one ``explain_illegal`` gives that action
    (clause, Thai, English): the fold must say the engine's own reason.  ``[]`` when all is well."""
    legal = game.legal_actions(state, seat)
    out = []
    for action, refusal in game.unavailable(state, seat):
        if action in legal:
            out.append(f"unavailable lists a legal action {action}")
        said = game.explain_illegal(state, action)
        if said is None or (said.clause, said.message_th, said.message_en) != (
                refusal.clause, refusal.message_th, refusal.message_en):
            out.append(f"unavailable refuses {action} with {refusal}, explain_illegal with {said}")
    return out


def random_decisions(game: Any, games: Iterable[tuple[int, Mapping[str, Any]]],
                     max_steps: int) -> Iterator[tuple[Any, int]]:
    """The decisions of seeded random play, for a test that checks something at each one (the
    "why can't I?" tests: :func:`unavailable_problems` at every decision).

    For each ``(seed, config)`` of ``games``: ``new_game(make_config(config), seed)`` played by
    ``random.Random(seed)`` for at most ``max_steps`` steps (a chance outcome is a step):
    ``sample_chance`` at a chance node, else ``rng.choice`` of the current seat's legal actions,
    until ``TERMINAL``.  Yields ``(state, seat)`` at each decision, before it is taken.  The
    positions depend only on the seeds and configs, never on what the caller does with them."""
    for seed, config in games:
        rng = random.Random(seed)
        state = game.new_game(game.make_config(dict(config)), seed)
        for _ in range(max_steps):
            cp = game.current_player(state)
            if cp == TERMINAL:
                break
            if cp == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng)).state
                continue
            yield state, cp
            state = game.apply(state, rng.choice(game.legal_actions(state, cp))).state


def _check_position(game, state, seats: list[int], seed: int, step: int, status: dict,
                    report: ConformanceReport) -> None:
    """The per-position checks: bogus actions, labels, observations, no leak."""
    where = f"seed {seed} step {step}"
    cp = game.current_player(state)
    for seat in actors(cp):
        for problem in unavailable_problems(game, state, seat):
            report.add(f"{where}: {problem}")
        for a in game.legal_actions(state, seat):
            if a.get("player") != seat:
                report.add(f"{where}: legal action {a} lacks player={seat}")
                break
            label = game.describe_action(state, a)
            if not (isinstance(label, tuple) and len(label) == 2 and all(isinstance(x, str) and x for x in label)):
                report.add(f"{where}: describe_action({a}) = {label!r} is not a (th, en) pair of texts")
                break
    for seat in seats:
        legal = game.legal_actions(state, seat)
        malformed = [{"player": seat, "type": ["list"]}, {"player": seat, "type": {"a": 1}}, {"player": [seat]}]
        if legal:  # a legal action with one field made unhashable or of the wrong type
            a = legal[0]
            malformed += [{**a, k: [v]} for k, v in a.items() if k != "player"][:3]
        for bad in malformed:
            try:
                game.apply(state, bad)
                report.add(f"{where}: malformed action {bad} accepted")
            except IllegalAction:
                pass
            except Exception as exc:  # noqa: BLE001 - bad input must be a refusal, never a crash
                report.add(f"{where}: malformed action {bad} crashed apply: {type(exc).__name__}: {exc}")
        bogus = {"player": seat, "type": "__not_an_action__"}
        try:
            game.apply(state, bogus)
            report.add(f"{where}: bogus action of seat {seat} accepted")
        except IllegalAction as exc:
            if not (exc.message_th and exc.message_en and exc.clause):
                report.add(f"{where}: IllegalAction without clause/th/en")
        why = game.explain_illegal(state, bogus)
        if not isinstance(why, IllegalAction):
            report.add(f"{where}: explain_illegal of a bogus action of seat {seat} is {why!r}")
        elif why.clause not in status:
            report.add(f"{where}: explain_illegal names clause {why.clause}, not in the rulebook")
    for viewer in seats + [None]:
        obs = game.observe(state, viewer)
        try:
            json.dumps(obs)
        except TypeError as exc:
            report.add(f"{where}: observe({viewer}) not JSON: {exc}")
        missing = [k for k in OBSERVATION_KEYS if k not in obs]
        if missing:
            report.add(f"{where}: observe({viewer}) lacks {missing}")
        elif obs["viewer"] != viewer or obs["current"] != current_json(cp) or not isinstance(obs["phase"], str):
            report.add(f"{where}: observe({viewer}) has viewer={obs['viewer']!r} current={obs['current']!r} "
                       f"phase={obs['phase']!r}; expected viewer={viewer!r} current={current_json(cp)!r}")
        elif viewer is None and id_label_problem(game, "phase", obs["phase"]):
            report.add(f"{where}: {id_label_problem(game, 'phase', obs['phase'])}")
        other = game.resample_hidden(state, viewer, random.Random(seed * 7919 + step))
        if game.observe(other, viewer) != obs:
            report.add(f"{where}: observe({viewer}) changes when hidden information is re-dealt (leak)")
        # the re-deal itself sees only what the viewer sees: from the twin it is the same state
        again = random.Random(seed * 7919 + step + 1)
        if (game.state_to_json(game.resample_hidden(state, viewer, again)) !=
                game.state_to_json(game.resample_hidden(other, viewer, random.Random(seed * 7919 + step + 1)))):
            report.add(f"{where}: resample_hidden({viewer}) depends on hidden information (two states the viewer "
                       "cannot tell apart are re-dealt differently with the same rng)")


def _play(game, config, seed: int, max_steps: int, report: ConformanceReport | None,
          check_every: int = 1):
    """One random playout with checks; returns (actions, events_log, final_state)."""
    rng = random.Random(seed)
    state = game.new_game(config, seed)
    status = {c.id: c.status for c in load_rulebook(game.id).clauses}
    seats = list(range(getattr(config, "players", 0)))
    actions, log = [], _events_log(setup_events(game, state))
    if report is not None:
        for msg in check_setup_events(game, state, seats, random.Random(seed * 7919 - 1), status):
            report.add(f"seed {seed}: {msg}")
    if report is not None:
        for msg in score_problems(game, state, len(seats), status):
            report.add(f"seed {seed} at setup: {msg}")
    for step in range(max_steps):
        if report is not None:
            stuck = stuck_problem(game, state)
            if stuck:
                report.add(f"seed {seed} step {step}: stuck: {stuck}")
                break
        action = choose_action(game, state, None, rng)
        if action is None:
            if report is not None:
                report.finished += 1
            break
        checking = report is not None and step % check_every == 0
        before = game.state_to_json(state) if checking else None
        if checking:
            _check_position(game, state, seats, seed, step, status, report)
            label = game.describe_action(state, action)
            if not (isinstance(label, tuple) and len(label) == 2 and all(isinstance(x, str) and x for x in label)):
                report.add(f"seed {seed} step {step}: describe_action({action}) = {label!r}")
            if "player" in action and game.explain_illegal(state, action) is not None:
                report.add(f"seed {seed} step {step}: explain_illegal refuses the legal action {action}")
        try:
            tr = game.apply(state, action)
        except IllegalAction as exc:
            if report is not None:
                report.add(f"seed {seed} step {step}: legal action {action} refused: {exc}")
            break
        if checking:
            if game.state_to_json(state) != before:
                report.add(f"seed {seed} step {step}: apply mutated its input state")
            for e in tr.events:
                for msg in _cite_problems(e, status) + [m for m in (hidden_event_problem(game, e),) if m]:
                    report.add(f"seed {seed} step {step}: {msg}")
            broken = game.invariants(tr.state)
            if broken:
                report.add(f"seed {seed} step {step} after {action}: invariants broken: {broken}")
        actions.append(action)
        log.extend(_events_log(tr.events))
        state = tr.state
        if report is not None:
            report.steps += 1
    if report is not None:
        for msg in score_problems(game, state, len(seats), status):
            report.add(f"seed {seed} at the end (step {len(actions)}): {msg}")
        reason = game.score_breakdown(state).get("end_reason")
        if isinstance(reason, dict) and isinstance(reason.get("cites"), list):
            cited = {c for entry in log for c in entry[2]}
            for c in reason["cites"]:
                if c not in cited:
                    report.add(f"seed {seed}: end_reason {reason.get('id')!r} cites {c}, which no event of the game cites")
    return actions, log, state


def conformance(game: Any, players: int | None = None, games: int = 20, seed: int = 0,
                max_steps: int = 5000, check_every: int = 1, readings: bool = False,
                reading_games: int = 1) -> ConformanceReport:
    """Run the harness on ``games`` seeded random playouts of ``game``; returns the report.

    ``readings``: also play ``reading_games`` games under every non-default reading of every entry
    of the game's ambiguity register (``rules.core.ambiguity.reading_configs``)."""
    players = players or game.min_players
    config = game.default_config(players)
    report = ConformanceReport(game.id)
    _, log_a, _ = _play(game, config, seed, max_steps, None)
    _, log_b, _ = _play(game, config, seed + 1, max_steps, None)
    if log_a == log_b:
        report.add(f"seeds {seed} and {seed + 1} gave the same game")
    if readings:
        from .ambiguity import reading_configs
        for entry, reading, fields in reading_configs(game.id):
            try:
                variant = game.make_config({"players": players, **fields}, f"reading {entry}={reading}")
            except Exception as exc:  # noqa: BLE001 - a reading the config refuses is a defect
                report.add(f"reading {entry}={reading}: config refused: {exc}")
                continue
            sub = ConformanceReport(game.id)
            for g in range(reading_games):
                _play(game, variant, seed + 1000 + g, max_steps, sub, check_every)
            report.steps += sub.steps
            report.finished += sub.finished
            for msg in sub.problems:
                report.add(f"reading {entry}={reading}: {msg}")
    for g in range(games):
        s = seed + g
        actions, log, final = _play(game, config, s, max_steps, report, check_every)
        report.games += 1
        if g < 3:
            # determinism: same seed, same log
            actions2, log2, _ = _play(game, config, s, max_steps, None)
            if log2 != log or actions2 != actions:
                report.add(f"seed {s}: same seed gave a different log")
            # save -> load -> continue == uninterrupted
            cut = len(actions) // 2
            text = saveload.dumps(game, config, s, actions[:cut])
            rp = saveload.loads(text, f"<conformance seed {s}>")
            state = rp.state
            for a in actions[cut:]:
                state = game.apply(state, a).state
            if game.state_to_json(state) != game.state_to_json(final):
                report.add(f"seed {s}: save at step {cut}, load and continue differs from uninterrupted")
    return report


def random_games(game: Any, players: int, games: int, seed: int = 0, max_steps: int = 100_000,
                 variant: dict | None = None):
    """Play ``games`` random games checking invariants after every action (for soak runs).

    ``variant``: config fields beyond ``players`` (readings of the ambiguity register).
    A state where a seat must act but has no legal action (or an empty window) counts as a break
    and ends that game.  Returns ``(games_finished, invariant_breaks, first_problems)``:
    ``games_finished`` counts the games that reached ``TERMINAL``.
    """
    config = game.make_config({"players": players, **(variant or {})})
    breaks, finished, problems = 0, 0, []
    for g in range(games):
        rng = random.Random(seed + g)
        state = game.new_game(config, seed + g)
        for _ in range(max_steps):
            stuck = stuck_problem(game, state)
            if stuck:  # nobody can act, yet the game is not over
                breaks += 1
                if len(problems) < 10:
                    problems.append(f"seed {seed + g}: stuck: {stuck}")
                break
            action = choose_action(game, state, None, rng)
            if action is None:
                break
            state = game.apply(state, action).state
            broken = game.invariants(state)
            if broken:
                breaks += 1
                if len(problems) < 10:
                    problems.append(f"seed {seed + g}: {broken}")
        if game.current_player(state) == TERMINAL:
            finished += 1
        elif len(problems) < 10:
            problems.append(f"seed {seed + g}: not finished after {max_steps} steps")
    return finished, breaks, problems

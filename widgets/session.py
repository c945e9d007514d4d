"""``GameSession``: one game's history with undo, redo, jump and branch, for the views.

The session decides no rule.  It only calls the game protocol of ``rules/core/README.md``
(``new_game`` through :func:`rules.core.saveload.start`, ``apply``, ``current_player``,
``legal_actions``, ``observe``, ``sample_chance``) and keeps what came back:

* ``states[0]`` is the state after setup; ``states[i]`` the state after ``actions[i-1]``;
* ``transitions[i-1]`` is the :class:`~rules.core.protocol.Transition` of ``actions[i-1]``;
* ``step`` is the position shown (``0..length``); after :meth:`undo` the actions beyond
  ``step`` stay available to :meth:`redo` until a new action is applied, which branches
  (drops that future) first;
* ``setup_events`` are the game's optional ``setup_events(states[0])``: what setup did and
  which clauses decided it (hidden hands carry ``visible_to``).  They are no step: every
  ``step``, 0 included, shows them first.

Views observe the traits ``step``, ``length``, ``events`` (the setup events, then all events
of the actions up to ``step``) and
``last_error`` (``{"clause", "th", "en"}`` of the last refused input, or ``None``).
Save files are :mod:`rules.core.saveload` histories (schema version 2; version 1 still loads).
"""
from __future__ import annotations

import json
import random
from typing import Any

import traitlets as t

from rules.core import saveload
from rules.core.protocol import (CHANCE, BadInput, Event, Game, IllegalAction, Transition,
                                 all_legal_actions, setup_events)
from rules.core.chance import sample_chance

from .rulepanel import clause_named


def _error_dict(exc: IllegalAction | BadInput) -> dict:
    where = exc.clause if isinstance(exc, IllegalAction) else f"{exc.source}: {exc.field}"
    return {"clause": where, "th": exc.message_th, "en": exc.message_en}


class Cursor(t.HasTraits):
    """A position ``step`` in ``0..length`` with the moves a :class:`~widgets.stepper.Stepper`
    uses: ``jump``, ``undo``, ``redo``.  ``unit`` names what a step is (a move, a frame)."""

    step = t.Int(0)
    length = t.Int(0)
    unit = "step"

    @t.validate("step")
    def _valid_step(self, proposal):
        value = proposal["value"]
        if not 0 <= value <= self.length:
            raise t.TraitError(f"{self.unit} {value} is outside 0..{self.length}")
        return value

    def jump(self, step: int) -> None:
        """Go to ``step``; :class:`BadInput` (with attribute ``length``) when it is not an
        integer in ``0..length``."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.length:
            exc = BadInput("stepper", "step", f"ขั้นต้องเป็นจำนวนเต็ม 0-{self.length} (ได้ {step!r})",
                           f"step must be an integer in 0..{self.length}, got {step!r}")
            exc.length = self.length  # a deep link names the number of steps (widgets.deeplink)
            raise exc
        self.step = step

    def undo(self) -> bool:
        """One step back; ``False`` at 0."""
        if self.step == 0:
            return False
        self.step -= 1
        return True

    def redo(self) -> bool:
        """One step forward; ``False`` at ``length``."""
        if self.step >= self.length:
            return False
        self.step += 1
        return True


def refused_words(game: Game, state: Any, action: dict) -> tuple[str, str]:
    """``(th, en)`` naming a refused ``action`` for a reader: the engine's own label
    (``describe_action``: "อ้างดยุค: เก็บภาษี", not the action's id ``tax``); the id in brackets
    only when the engine cannot describe the action."""
    kind = str(action.get("type") or action.get("chance") or "?")
    try:
        th, en = game.describe_action(state, action)
    except Exception:  # noqa: BLE001 - a malformed step is still named by its id
        return f"การกระทำ ({kind})", kind
    return str(th), str(en)


class GameSession(Cursor):
    """History of one game (see the module docstring).

    ``game``: a ``GAME`` object; ``config``: a config object or dict (validated by
    ``game.make_config``; ``None`` gives ``game.default_config(players)``); ``seed``: int;
    ``overrides``: scenario overrides applied after setup.  Raises :class:`BadInput` on a
    bad config or overrides.
    """

    events = t.List()
    last_error = t.Dict(allow_none=True, default_value=None)

    def __init__(self, game: Game, config: Any = None, seed: int = 0,
                 overrides: dict | None = None, players: int | None = None):
        super().__init__()
        if config is None:
            config = game.default_config(players or game.min_players)
        cfg, state = saveload.start(game, config, int(seed), overrides)
        self._reset(game, cfg, int(seed), dict(overrides or {}), state, [], [])

    @classmethod
    def from_scenario(cls, sc) -> tuple["GameSession", list[tuple[str, str]]]:
        """A session holding a scenario's moves, shown at step 0, and its notes.

        ``sc`` is a loaded :class:`rules.core.scenario.Scenario`.  A step the file expects to be
        refused is tried (the engine must refuse it), skipped and noted as ``(th, en)``.
        Raises :class:`BadInput` for a bad setup or a step refused unexpectedly.
        """
        from rules.catalog import engine

        session = cls(engine(sc.game), config=dict(sc.setup.config), seed=sc.setup.seed,
                      overrides=sc.setup.overrides)
        notes = []
        for i, step in enumerate(sc.steps, 1):
            if step.expect_error:
                exc = session.try_apply(dict(step.action))
                if exc is None:
                    raise BadInput(f"scenario step {i}", "expect_error", "ขั้นนี้ควรถูกปฏิเสธแต่เอนจินยอมรับ",
                                   "this step should be refused but the engine accepted it")
                session.last_error = None
                th, en = refused_words(session.game, session.state, dict(step.action))
                # the clause by the engine's name of it, as a story line says it (a fresh user read
                # "ถูกปฏิเสธตามข้อ [actions.coup_forced]": an id says nothing to a reader)
                rule_th, rule_en = clause_named(session.game, exc.clause)
                notes.append((f"ขั้น {i}: “{th}” ถูกปฏิเสธตามข้อ “{rule_th}”: {exc.message_th}",
                              f"step {i} ({en}) is refused by “{rule_en}”: {exc.message_en}"))
                continue
            session.apply(dict(step.action))
        session.jump(0)
        return session, notes

    # -- internal -------------------------------------------------------------------------
    def _reset(self, game, config, seed, overrides, initial, actions, transitions) -> None:
        self.game, self.config, self.seed, self.overrides = game, config, seed, overrides
        self.initial = initial
        self.setup_events: tuple[Event, ...] = setup_events(game, initial)
        self.actions: list[dict] = list(actions)
        self.transitions: list[Transition] = list(transitions)
        with self.hold_trait_notifications():
            self.length = len(self.actions)
            self.step = self.length
            self.last_error = None
            self._refresh_events()

    def _refresh_events(self) -> None:
        self.events = [*self.setup_events, *(e for tr in self.transitions[:self.step] for e in tr.events)]

    @t.observe("step")
    def _on_step(self, _change) -> None:
        self._refresh_events()

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state at ``step``."""
        return self.transitions[self.step - 1].state if self.step else self.initial

    @property
    def last_events(self) -> tuple[Event, ...]:
        """Events of the transition that led to ``step`` (empty at step 0: the setup events are
        ``setup_events``)."""
        return self.transitions[self.step - 1].events if self.step else ()

    def current_player(self) -> Any:
        """``game.current_player`` at ``step``."""
        return self.game.current_player(self.state)

    def legal_actions(self, player: int | None = None) -> list[dict]:
        """Legal actions now: of ``player``, or of every seat that may act when ``None``."""
        if player is None:
            return all_legal_actions(self.game, self.state)
        return self.game.legal_actions(self.state, player)

    def observation(self, viewer: int | None = None) -> dict:
        """``game.observe`` at ``step`` (``None`` = spectator).  (Not named ``observe``:
        that is traitlets' method for watching traits.)"""
        return self.game.observe(self.state, viewer)

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: dict) -> Transition:
        """Apply ``action`` at ``step`` (dropping any redo future first) and move forward.

        Raises :class:`IllegalAction` (from the engine) or :class:`BadInput` (not a JSON
        object) and sets ``last_error``; the history is unchanged then.
        """
        try:
            if not isinstance(action, dict):
                raise BadInput("action", "<root>", "การกระทำต้องเป็น dict ของ JSON",
                               f"an action must be a JSON object (dict), got {type(action).__name__}")
            try:
                clean = json.loads(json.dumps(action))
            except (TypeError, ValueError):
                raise BadInput("action", "<root>", "การกระทำต้องแปลงเป็น JSON ได้",
                               "an action must be JSON-compatible") from None
            tr = self.game.apply(self.state, clean)
        except (IllegalAction, BadInput) as exc:
            self.last_error = _error_dict(exc)
            raise
        self.branch()
        self.actions.append(clean)
        self.transitions.append(tr)
        with self.hold_trait_notifications():
            self.length = len(self.actions)
            self.step = self.length
            self.last_error = None
        return tr

    def try_apply(self, action: dict) -> IllegalAction | BadInput | None:
        """Like :meth:`apply` but returns the refusal (or ``None``) instead of raising."""
        try:
            self.apply(action)
        except (IllegalAction, BadInput) as exc:
            return exc
        return None

    def chance_rng(self) -> random.Random:
        """The rng of the next chance outcome on this line of play: seeded from the game seed and
        the number of chance outcomes before ``step``.  So after an undo the same roll, draw or
        shuffle comes back (a reader cannot fish for a die colour by undoing, nor by slipping
        an extra move in before rolling)."""
        drawn = sum(1 for a in self.actions[:self.step] if "chance" in a)
        return random.Random(f"{self.seed}/chance/{drawn}")

    def apply_chance(self, rng: random.Random | None = None) -> Transition:
        """At a chance node, draw the outcome (with ``rng``, else :meth:`chance_rng`, which is
        reproducible along one line of play) and apply it like an action; :class:`BadInput`
        when it is not a chance node."""
        if self.current_player() != CHANCE:
            raise BadInput("session", "step", "ตอนนี้ไม่ใช่จังหวะสุ่ม", "this step is not a chance node")
        rng = rng or self.chance_rng()
        return self.apply(sample_chance(self.game, self.state, rng))

    # -- moving in history (undo, redo, jump: see Cursor) ---------------------------------
    def reset(self) -> None:
        """Back to the state after setup (the history is kept for redo)."""
        self.step = 0

    def branch(self) -> list[dict]:
        """Drop the actions after ``step`` (a new line of play starts here); returns them."""
        dropped = self.actions[self.step:]
        if dropped:
            del self.actions[self.step:]
            del self.transitions[self.step:]
            self.length = len(self.actions)
        return dropped

    # -- files ----------------------------------------------------------------------------
    def save(self, snapshot: bool = False, table: dict | None = None) -> str:
        """The history up to ``step`` as a save file (JSON text, ``saveload`` schema);
        ``snapshot``: also store the state reached (a cache, checked on load); ``table``: the
        play page's seat and bots (``{"viewer": 0, "bots": "bluffer"}``)."""
        return saveload.dumps(self.game, self.config, self.seed, self.actions[:self.step],
                              self.overrides, self.state if snapshot else None, table)

    def load(self, text: str | bytes, source: str = "<save>") -> None:
        """Replace this session with a save file of the same game.

        Raises :class:`BadInput` (file, field, th + en) on malformed JSON, a wrong schema or
        game, or a refused action; then nothing changes (nothing is half-loaded).
        """
        save = saveload.parse(text, source, self.game.id)  # a ruling or another game's file: refused
        rp = saveload.replay(self.game, save.config, save.seed, save.actions, save.overrides, source)
        saveload.check_snapshot(self.game, save, rp, source)
        self.table = getattr(save, "table", None)
        self._reset(self.game, rp.config, rp.seed, rp.overrides, rp.initial, rp.actions,
                    rp.transitions)

"""The Valeria ``Game``: wires the modules into the protocol of ``rules/core/README.md``."""
from __future__ import annotations

from ..core.base import GameBase
from ..core.protocol import Transition
from . import actions, flow, observe, scoring, serial, setup
from .config import FIXED_FIELDS, MAX_PLAYERS, MIN_PLAYERS, PLANS_TO_END, VP_SOURCES, Config
from .invariants import invariants
from .names import PHASE_NAMES
from .state import Work

ID_LABELS = {
    # observe(...)["phase"] (flow.phase; state.PHASE_*)
    "phase": PHASE_NAMES,
    # score_breakdown's sources (config.VP_SOURCES)
    "source": {"battles": ("การรบ", "battles"), "conquest": ("Conquest Marker", "conquest markers"),
               "awards": ("รางวัล", "awards"), "champions": ("แชมเปียน", "champions"),
               "end_game": ("คะแนนตอนจบเกม", "end-of-game scoring")},
    # score_breakdown's end_reason ids (scoring.end_reason)
    "end_reason": {"plans_exhausted": ("แผนรบหมด เล่นครบรอบแล้วจบ", "no battle plan left: the round was finished"),
                   "seventh_plan": (f"มีผู้ทำแผนรบสำเร็จครบ {PLANS_TO_END} ใบ แล้วเล่นครบรอบ",
                                    f"a {PLANS_TO_END}th battle plan was completed: the round was finished")},
}
"""Thai and English words of Valeria's machine ids (``GameBase.id_labels``: the analyzer shows them)."""
assert set(ID_LABELS["source"]) == set(VP_SOURCES)


class ValeriaGame(GameBase):
    """Shadow Kingdoms of Valeria (``data/rulebooks/valeria.yaml``): shrines, dice troops, battles."""

    id = "valeria"
    title_th, title_en, seed_file = "Shadow Kingdoms of Valeria", "Shadow Kingdoms of Valeria", "001_d0104ab07a4b041d.txt"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    config_model = Config
    fixed_fields = FIXED_FIELDS
    id_labels = ID_LABELS

    def new_game(self, config, seed: int):
        return setup.new_state(self.make_config(config), seed)

    def setup_events(self, state):
        return setup.setup_events(state)

    def current_player(self, state):
        return flow.current_player(state)

    def legal_actions(self, state, player: int) -> list[dict]:
        return actions.legal_actions(state, player)

    def chance_outcomes(self, state):
        return actions.chance_outcomes(state)

    def sample_chance(self, state, rng):
        """The outcome a weighted choice over ``chance_outcomes`` draws (same draw, built directly)."""
        return actions.sample_chance(state, rng)

    def explain_illegal(self, state, action: dict):
        return actions.explain(state, action)

    def unavailable(self, state, seat: int):
        """At ``seat``'s decision, one refused action of each kind offered there, with its refusal
        (:func:`.actions.unavailable`: what "why can't I do this?" answers)."""
        return actions.unavailable(state, seat)

    def describe_action(self, state, action: dict) -> tuple[str, str]:
        return actions.describe(state, action)

    def apply(self, state, action: dict) -> Transition:
        """Apply a legal action or chance outcome; a refusal raises and leaves ``state`` as is."""
        refusal = actions.explain(state, action)
        if refusal is not None:
            raise refusal
        w = Work(state)
        log: list = []
        actions.perform(w, action, log)
        flow.advance(w, log)
        return Transition(w.freeze(), tuple(log))

    def observe(self, state, viewer):
        return observe.observe(state, viewer)

    def resample_hidden(self, state, viewer, rng):
        return observe.resample_hidden(state, viewer, rng)

    def state_to_json(self, state) -> dict:
        return serial.state_to_json(state)

    def apply_overrides(self, state, overrides):
        return serial.apply_overrides(state, overrides)

    def invariants(self, state) -> list[str]:
        return invariants(state)

    def returns(self, state) -> list[float]:
        """1.0 for each winner, 0.0 otherwise (all 0.0 before the end)."""
        won = state.winners or ()
        return [1.0 if i in won else 0.0 for i in range(state.n)]

    def score_breakdown(self, state) -> dict:
        return scoring.breakdown(state)


GAME = ValeriaGame()

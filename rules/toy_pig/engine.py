"""The Toy Pig ``Game``: wires the modules into the protocol of ``rules/core/README.md``."""
from __future__ import annotations

from ..core.base import GameBase
from ..core.protocol import IllegalAction, Transition
from . import actions, flow, observe, serial, setup, turn
from .config import FIXED_FIELDS, MAX_PLAYERS, MIN_PLAYERS, Config
from .invariants import invariants
from .state import PHASE_CHOOSE, PHASE_OVER, PHASE_ROLL, State

ID_LABELS = {
    "phase": {PHASE_CHOOSE: ("เลือกทอยหรือเก็บ", "rolling or holding"), PHASE_ROLL: ("ทอยเต๋า", "rolling"),
              PHASE_OVER: ("จบเกม", "game over")},                       # observe(...)["phase"] (flow.phase)
    "source": {"banked": ("แต้มที่เก็บแล้ว", "points banked")},          # score_breakdown's sources
    "end_reason": {"target_reached": ("ถึงแต้มเป้าหมาย จบทันที", "the target was reached: the game ends at once"),
                   "round_played_out": ("ถึงแต้มเป้าหมาย แล้วเล่นครบรอบ", "the target was reached and the round played out")},
    "hidden_event": {"secret_dealt": ("ได้รับการ์ดลับ", "is dealt a secret card")},  # events a seat may not see
}
"""Thai and English words of the game's machine ids (``GameBase.id_labels``: the analyzer shows them).
A new game copies this: every phase, score source and end reason it gives, one place."""


class ToyPigGame(GameBase):
    """หมูทอยเต๋า: roll or hold, a 1 busts, first to 20 wins (``data/rulebooks/toy_pig.yaml``)."""

    id = "toy_pig"
    title_th, title_en, seed_file = "หมูทอยเต๋า", "Toy Pig (the template game)", "toy_pig.th.txt"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    config_model = Config
    fixed_fields = FIXED_FIELDS
    id_labels = ID_LABELS

    def new_game(self, config: Config, seed: int) -> State:
        return setup.new_state(self.make_config(config), seed)

    def setup_events(self, state: State):
        return setup.setup_events(state)

    def current_player(self, state: State):
        return flow.current_player(state)

    def legal_actions(self, state: State, player: int) -> list[dict]:
        return actions.legal_actions(state, player)

    def chance_outcomes(self, state: State):
        return actions.chance_outcomes(state)

    def explain_illegal(self, state: State, action: dict) -> IllegalAction | None:
        return actions.explain(state, action)

    def describe_action(self, state: State, action: dict) -> tuple[str, str]:
        return actions.describe(state, action)

    def apply(self, state: State, action: dict) -> Transition:
        """Apply a choice (play.choose) or a die outcome (play.roll/bust); refusals leave ``state`` as is."""
        refusal = actions.explain(state, action)
        if refusal is not None:
            raise refusal
        log: list = []
        if state.rolling:
            new = turn.roll(state, action["value"], log)
        elif action["type"] == "roll":
            new = turn.choose_roll(state, log)
        else:
            new = turn.hold(state, log)
        return Transition(new, tuple(log))

    def observe(self, state: State, viewer: int | None) -> dict:
        return observe.observe(state, viewer)

    def resample_hidden(self, state: State, viewer, rng):
        return observe.resample_hidden(state, viewer, rng)

    def state_to_json(self, state: State) -> dict:
        return serial.state_to_json(state)

    def apply_overrides(self, state: State, overrides) -> State:
        return serial.apply_overrides(state, overrides)

    def invariants(self, state: State) -> list[str]:
        return invariants(state)

    def returns(self, state: State) -> list[float]:
        """1.0 for each winner, 0.0 otherwise (all 0.0 before the end)."""
        won = state.winners or ()
        return [1.0 if i in won else 0.0 for i in range(state.players)]

    def score_breakdown(self, state: State) -> dict:
        """Per seat its banked points (the only source), the winners once over, and why it ended
        (``end_reason``: :func:`rules.toy_pig.turn.end_reason`, ``None`` until the end)."""
        return {"seats": [{"total": v, "sources": {"banked": v}} for v in state.scores],
                "winners": list(state.winners or ()), "end_reason": turn.end_reason(state)}


GAME = ToyPigGame()

"""Shadow Master engine: the small :class:`ShadowMasterGame` wiring the modules into the game
protocol (``rules/core/README.md``).

Modules: :mod:`.setup` (new state, setup events), :mod:`.flow` (whose turn, what comes next),
:mod:`.actions` (legal actions, refusals, labels), the handlers :mod:`.turn` (phases 1-3),
:mod:`.decisions` (owed decisions), :mod:`.income` (the end of round's choices), :mod:`.chance`,
the rule areas (:mod:`.attack`, :mod:`.alliance`, :mod:`.castles`, :mod:`.powers`, :mod:`.money`,
:mod:`.territory`, :mod:`.scoring`), :mod:`.observe`, :mod:`.serial`, :mod:`.invariants`.
"""
from __future__ import annotations

import random

from rules.core.base import GameBase
from rules.core.chance import weighted_choice
from rules.core.protocol import CHANCE, IllegalAction, Transition, field_problem

from . import actions as A
from .actions import ACTION_FIELDS
from . import chance, decisions, flow, income, invariants as inv, observe as obs, serial, setup, turn
from .config import HAND_WRITTEN, Config
from .powers import enforce_limit, update_flags
from .scoring import breakdown, check_end, end_reason, winners
from .state import State, thaw

ID_LABELS = {
    # observe(...)["phase"] (flow.phase): a turn's step (flow.PHASES), an owed decision
    # (decision_<kind>, state.Pending), a chance node (chance_<kind>, state.ChanceReq), the end of
    # round's stages
    "phase": {"phase1_choose": ("เฟส 1: เลือก A/B/C", "phase 1: choose A/B/C"),
              "phase1_place": ("เฟส 1: วางโทเคน", "phase 1: place tokens"),
              "phase1_buy": ("เฟส 1: ซื้อ Kingdom Power", "phase 1: buy a Kingdom Power"),
              "phase2_take": ("เฟส 2: หยิบการ์ด", "phase 2: take cards"),
              "phase3_exchange": ("เฟส 3: แลกการ์ด", "phase 3: exchanges"),
              "phase3_take": ("เฟส 3: หยิบการ์ด", "phase 3: take a card"),
              "decision_front": ("เลือกฝ่ายที่จะโจมตี", "choosing the side to attack"),
              "decision_remove": ("เลือกโทเคนที่จะหยิบออก", "choosing a token to remove"),
              "decision_siege": ("เลือกช่องที่ถูกล้อม", "choosing the enclosed cell"),
              "decision_forced_sale": ("ขายการ์ดชดใช้หนี้", "selling a card to pay a debt"),
              "decision_queen": ("Queen: ย้ายเงินฝาก", "Queen: moving a deposit"),
              "decision_discard": ("ทิ้งการ์ด Territory", "discarding a Territory card"),
              "decision_capture": ("ยึดช่อง", "capturing a cell"),
              "decision_attack_from": ("โจมตีต่อจากช่องที่ได้", "attacking on from the cells taken"),
              "chance_die": ("ทอยเต๋า", "rolling dice"), "chance_territory": ("เปิดการ์ด Territory", "drawing a Territory card"),
              "chance_power": ("เปิดการ์ด Kingdom Power", "drawing a Kingdom Power card"),
              "sell": ("จบรอบ: ขายการ์ด", "end of round: sales"), "income": ("จบรอบ: รายได้", "end of round: income"),
              "deposit": ("จบรอบ: ฝากเงิน", "end of round: deposits"), "over": ("จบเกม", "game over")},
    # score_breakdown's sources (scoring.breakdown), in Silver
    "source": {"cash": ("เงินสด", "cash"), "deposits": ("เงินฝาก", "deposits"),
               "powers": ("การ์ด Kingdom Power", "Kingdom Power cards"), "territory": ("การ์ด Territory", "Territory cards"),
               "shadow": ("การ์ด Shadow Master และปราสาท", "Shadow Master cards and castles")},
    # score_breakdown's end_reason ids (scoring.end_reason)
    "end_reason": {"last_standing": ("ผู้เล่นคนอื่นล้มละลายหมด", "every other player went bankrupt"),
                   "final_round": ("เล่นรอบสุดท้ายจบ", "the last round was played"),
                   "round_cap": ("ถึงจำนวนรอบสูงสุดของเอนจิน (ไม่ใช่กติกา)", "the engine's round limit (not a rule)")},
    # the kinds of events a seat may not see: a view names the kind in place of the hidden data
    "hidden_event": {"draw": ("จั่วการ์ด Territory", "draws a Territory card"),
                     "setup_hand": ("ได้รับการ์ดในมือตอนเริ่มเกม", "is dealt a starting hand")},
}
"""Thai and English words of Shadow Master's machine ids (``GameBase.id_labels``: the analyzer shows them)."""
assert set(flow.PHASES.values()) <= set(ID_LABELS["phase"])


class ShadowMasterGame(GameBase):
    """Shadow Master (seed 000) as a :class:`rules.core.protocol.Game`."""

    id = "shadow_master"
    title_th = "Shadow Master"
    title_en = "Shadow Master"
    seed_file = "000_b8613b7166582370.txt"
    min_players = 2
    max_players = 6
    config_model = Config
    fixed_fields = HAND_WRITTEN   # the config fields that are no register variant
    id_labels = ID_LABELS

    def default_config(self, players: int) -> Config:
        return self.make_config({"players": players})

    def new_game(self, config, seed: int) -> State:
        """State after setup (``setup.*``): seeded deal, First Player = seat 0."""
        return setup.new_state(self.make_config(config), seed)

    def setup_events(self, state: State) -> tuple:
        """What setup did, clause by clause (:func:`rules.shadow_master.setup.setup_events`);
        each Territory hand is an event seen by its seat only."""
        return setup.setup_events(state)

    # The last state asked about, with its legal actions / chance outcomes: a driver asks for
    # them, then applies one, and apply checks the action against the same list (the state is
    # immutable, so the list cannot go stale; one entry, compared by identity: no hashing of
    # states).  Callers get copies, so what they do to their dicts never reaches the check.
    _legal_memo: tuple = (None, None, ())
    _chance_memo: tuple = (None, ())

    def _legal(self, state: State, player) -> list[dict]:
        memo = self._legal_memo
        if memo[0] is state and memo[1] == player:
            return memo[2]
        legal = A.legal(state, player)
        self._legal_memo = (state, player, legal)
        return legal

    def _outcomes(self, state: State) -> list:
        memo = self._chance_memo
        if memo[0] is state:
            return memo[1]
        outs = chance.chance_outcomes(state)
        self._chance_memo = (state, outs)
        return outs

    def current_player(self, state: State):
        return flow.current_player(state)

    def legal_actions(self, state: State, player: int) -> list[dict]:
        return [a.copy() for a in self._legal(state, player)]

    def chance_outcomes(self, state: State):
        return [(o.copy(), p) for o, p in self._outcomes(state)]

    def sample_chance(self, state: State, rng: random.Random) -> dict:
        """The chance outcome drawn with ``rng`` (:func:`rules.core.chance.weighted_choice` over
        :meth:`chance_outcomes`, the same draw as the default)."""
        return weighted_choice(self._outcomes(state), rng).copy()

    def apply(self, state: State, action: dict) -> Transition:
        """Apply a player action or a chance outcome; :class:`IllegalAction` (state untouched)
        for anything not listed by ``legal_actions`` / ``chance_outcomes``."""
        bad = field_problem(action, ACTION_FIELDS, "phase1.choose_one")
        if bad is not None:
            raise bad
        cp = flow.current_player(state)
        if "chance" in action:
            if cp != CHANCE or all(action != o for o, _ in self._outcomes(state)):
                raise IllegalAction("phase1.roll_place", "ผลสุ่มนี้เป็นไปไม่ได้ตอนนี้",
                                    f"chance outcome {action} is not possible now")
            w = thaw(state)
            chance.act_chance(w, action)
        else:
            seat = action.get("player")
            if not isinstance(seat, int) or action not in self._legal(state, seat):
                raise self.explain_illegal(state, action)
            w = thaw(state)
            if state.queue:
                decisions.act_pending(w, seat, action)
            elif state.stage == "turn":
                turn.act_turn(w, seat, action)
            else:
                income.act_end_of_round(w, seat, action)
        update_flags(w)
        enforce_limit(w)
        check_end(w)
        flow.advance(w)
        return Transition(w.freeze(), tuple(w.events))

    def describe_action(self, state: State, action: dict) -> tuple[str, str]:
        """``(Thai, English)`` label of a legal action or chance outcome (:func:`.actions.describe`)."""
        return A.describe(state, action)

    def explain_illegal(self, state: State, action: dict) -> IllegalAction | None:
        """``None`` when ``action`` is legal now, else the :class:`IllegalAction` that ``apply``
        raises: THE clause that forbids that action in that position (:func:`.actions.explain`)."""
        if isinstance(action, dict) and "chance" in action:
            if flow.current_player(state) == CHANCE and any(action == o for o, _ in chance.chance_outcomes(state)):
                return None
            return IllegalAction("phase1.roll_place", "ผลสุ่มนี้เป็นไปไม่ได้ตอนนี้", f"chance outcome {action} is not possible now")
        bad = field_problem(action, ACTION_FIELDS, "phase1.choose_one")
        if bad is not None:
            return bad
        seat = action.get("player")
        if isinstance(seat, int) and action in A.legal(state, seat):
            return None
        return IllegalAction(*A.explain(state, action))

    def unavailable(self, state: State, seat: int) -> list[tuple[dict, IllegalAction]]:
        """At ``seat``'s decision, one action of each kind the rulebook offers there that is not
        legal now, with the refusal ``apply`` raises for it (:func:`.actions.unavailable`, over the
        legal actions this engine already listed): the play table's "why can't I do something?" fold."""
        if not isinstance(seat, int) or flow.current_player(state) != seat:
            return []
        return [(a, IllegalAction(*why)) for a, why in A.unavailable(state, seat, self._legal(state, seat))]

    # --- views ---------------------------------------------------------------------
    def observe(self, state: State, viewer: int | None) -> dict:
        return obs.observe(state, viewer)

    def resample_hidden(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return obs.resample_hidden(state, viewer, rng)

    def state_to_json(self, state: State) -> dict:
        return serial.state_to_json(state)

    def apply_overrides(self, state: State, overrides) -> State:
        return serial.apply_overrides(state, overrides)

    def invariants(self, state: State) -> list[str]:
        return inv.invariants(state)

    def returns(self, state: State) -> list[float]:
        """1 shared among the winners when the game is over, else 0 for everyone."""
        n = len(state.players)
        if state.stage != "over":
            return [0.0] * n
        win = winners(state)
        return [1.0 / len(win) if i in win else 0.0 for i in range(n)]

    def score_breakdown(self, state: State) -> dict:
        """The final value in Silver (``scoring.*``): ``{"seats": [{"total", "sources": {cash,
        deposits, powers, territory, shadow}}], "winners": [...], "players": [{cash, deposits,
        powers, territory, shadow, total, out}]}`` (``players``: the older per-seat shape the views
        use); ``winners`` is ``[]`` until the game is over (ties: ambiguity ``final_tie``);
        ``end_reason``: :func:`rules.shadow_master.scoring.end_reason` (``None`` until the end)."""
        players = [breakdown(state, i) for i in range(len(state.players))]
        seats = []
        for b in players:
            sources = {k: (0 if b["out"] else b[k]) for k in ("cash", "deposits", "powers", "territory", "shadow")}
            seats.append({"total": b["total"], "sources": sources, "out": b["out"]})
        return {"seats": seats, "winners": winners(state) if state.stage == "over" else [], "players": players,
                "end_reason": end_reason(state)}


GAME = ShadowMasterGame()

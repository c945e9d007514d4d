"""A tiny complete game used to test the core (Pig with a hidden secret card per player).

Rules: on your turn ``roll`` (a chance die) or ``hold``; a 1 loses the turn's total; holding
banks it; first to ``target`` points wins.  Each player holds a hidden ``secret`` 1-3 dealt at
setup (it breaks ties of nothing; it exists to test hidden information).
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from pydantic import BaseModel

from rules.core.base import GameBase
from rules.core.protocol import CHANCE, TERMINAL, BadInput, Event, IllegalAction, Transition
from rules.core.rulebook import Clause, Rulebook

RULEBOOK = Rulebook("toy_pig", "toy.txt", "หมูทอยเต๋า", "Toy Pig", (
    Clause("toy.roll", ("เล่น",), "ทอยเต๋า", "implemented"),
    Clause("toy.bust", ("เล่น",), "ทอยได้ 1 เสียแต้มในตา", "implemented"),
    Clause("toy.hold", ("เล่น",), "หยุดเก็บแต้ม", "implemented"),
    Clause("toy.win", ("จบ",), "ถึงเป้าหมายชนะ", "implemented"),
))


class ToyConfig(BaseModel):
    players: int = 2
    target: int = 10


@dataclass(frozen=True)
class ToyState:
    config: ToyConfig
    scores: tuple[int, ...]
    secrets: tuple[int, ...]
    turn: int = 0
    pending: int = 0
    rolling: bool = False
    winner: int | None = None


class ToyGame(GameBase):
    id = "toy_pig"
    title_th, title_en, seed_file = "หมูทอยเต๋า", "Toy Pig", "toy.txt"
    min_players, max_players = 2, 4
    config_model = ToyConfig

    def new_game(self, config, seed):
        rng = random.Random(seed)
        n = config.players
        return ToyState(config, (0,) * n, tuple(rng.randint(1, 3) for _ in range(n)))

    def current_player(self, s):
        if s.winner is not None:
            return TERMINAL
        return CHANCE if s.rolling else s.turn

    def legal_actions(self, s, player):
        if s.winner is not None or s.rolling or player != s.turn:
            return []
        return [{"player": player, "type": "roll"}, {"player": player, "type": "hold"}]

    def chance_outcomes(self, s):
        return [({"chance": "die", "value": v}, 1 / 6) for v in range(1, 7)] if s.rolling else []

    def apply(self, s, action):
        if s.rolling:
            if action.get("chance") != "die" or action.get("value") not in range(1, 7):
                raise IllegalAction("toy.roll", "ต้องเป็นผลเต๋า 1-6", "expected a die outcome 1-6")
            v = action["value"]
            if v == 1:
                nxt = (s.turn + 1) % len(s.scores)
                return Transition(dataclasses.replace(s, rolling=False, pending=0, turn=nxt),
                                  (Event("bust", s.turn, {"value": v}, ("toy.roll", "toy.bust")),))
            return Transition(dataclasses.replace(s, rolling=False, pending=s.pending + v),
                              (Event("rolled", s.turn, {"value": v}, ("toy.roll",)),))
        if action not in self.legal_actions(s, action.get("player")):
            raise IllegalAction("toy.roll", "ไม่ใช่การกระทำที่ทำได้ตอนนี้", f"not a legal action now: {action}")
        if action["type"] == "roll":
            return Transition(dataclasses.replace(s, rolling=True), ())
        scores = list(s.scores)
        scores[s.turn] += s.pending
        events = [Event("hold", s.turn, {"banked": s.pending}, ("toy.hold",))]
        winner = s.turn if scores[s.turn] >= s.config.target else None
        if winner is not None:
            events.append(Event("win", winner, {}, ("toy.win",)))
        return Transition(dataclasses.replace(s, scores=tuple(scores), pending=0, winner=winner,
                                              turn=(s.turn + 1) % len(scores)), tuple(events))

    def observe(self, s, viewer):
        return {"scores": list(s.scores), "turn": s.turn, "pending": s.pending,
                "my_secret": s.secrets[viewer] if viewer is not None else None}

    def resample_hidden(self, s, viewer, rng):
        secrets = tuple(v if i == viewer else rng.randint(1, 3) for i, v in enumerate(s.secrets))
        return dataclasses.replace(s, secrets=secrets)

    def returns(self, s):
        return [1.0 if i == s.winner else 0.0 for i in range(len(s.scores))] if s.winner is not None \
            else [0.0] * len(s.scores)

    def score_breakdown(self, s):
        return {"scores": list(s.scores)}

    def state_to_json(self, s):
        return {"scores": list(s.scores), "secrets": list(s.secrets), "turn": s.turn,
                "pending": s.pending, "rolling": s.rolling, "winner": s.winner}

    def apply_overrides(self, s, overrides):
        unknown = set(overrides) - {"scores", "turn"}
        if unknown:
            raise BadInput("scenario", f"setup.overrides.{sorted(unknown)[0]}",
                           "ไม่รู้จักช่องนี้", "unknown override")
        return dataclasses.replace(s, scores=tuple(overrides.get("scores", s.scores)),
                                   turn=overrides.get("turn", s.turn))

    def invariants(self, s):
        return [] if all(v >= 0 for v in s.scores) else ["negative score"]


GAME = ToyGame()


def install() -> ToyGame:
    """Register the toy game and its rulebook so the core can find them by id."""
    from rules.catalog import register
    from rules.core.rulebook import register_rulebook
    register_rulebook(RULEBOOK)
    register(GAME)
    return GAME

"""A new game of Toy Pig and the events that explain it (setup.secret, setup.order)."""
from __future__ import annotations

import random

from ..core.events import emit
from ..core.protocol import Event
from .config import SECRET_VALUES, Config
from .state import State
from .turn import seat_name


def new_state(config: Config, seed: int) -> State:
    """Deal each seat a secret card 1-3 with ``random.Random(seed)`` (setup.secret); seat 0 starts."""
    rng = random.Random(seed)
    n = config.players
    return State(config, (0,) * n, tuple(rng.choice(SECRET_VALUES) for _ in range(n)))


def setup_events(s: State) -> tuple[Event, ...]:
    """The player count, one hidden event per seat for its secret card (visible to that seat), then who starts."""
    log: list = []
    emit(log, "players", None, ("cover.players",), f"ผู้เล่น {s.players} คน", f"{s.players} players",
         players=s.players)
    for seat, card in enumerate(s.secrets):
        th, en = seat_name(seat)
        emit(log, "secret_dealt", seat, ("setup.secret",), f"{th} ได้การ์ดลับค่า {card}",
             f"{en} is dealt a secret card worth {card}", visible_to=frozenset({seat}), value=card)
    th, en = seat_name(s.turn)
    emit(log, "first_player", s.turn, ("setup.order",), f"{th} เริ่มก่อน เล่นตามเข็มนาฬิกา",
         f"{en} starts; play goes clockwise")
    return tuple(log)

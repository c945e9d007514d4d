"""The New World ``Game``: wires the modules into the protocol of ``rules/core/README.md``."""
from __future__ import annotations

from ..core.base import GameBase
from ..core.protocol import IllegalAction, Transition, field_problem
from . import actions, flow, observe, scoring, serial, setup, turn
from .actions import ACTION_FIELDS
from .board import board_for
from .config import FIXED_FIELDS, MAX_PLAYERS, MIN_PLAYERS, SOURCES, Config
from .invariants import invariants
from .labels import SOURCE_WORDS
from .state import DOUBLE, FINAL_SCORING, PHASES, SECOND_PICK, SECOND_PLACE, SHUFFLE, State, Work
from .tiles import KIND

ID_LABELS = {
    # observe(...)["phase"]: the stage (state.PHASES)
    "phase": {"place": ("วางไทล์", "placing a tile"), "second_pick": ("สุ่มไทล์ที่ 2", "drawing a 2nd tile"),
              "second_place": ("วางไทล์ที่ 2", "placing the 2nd tile"),
              "double": ("วางป้ายคูณสอง", "placing the double marker"), "shuffle": ("สับกองไทล์", "shuffling the pile"),
              "final_scoring": ("นับแต้มตอนจบเกม", "final scoring"),
              "over": ("จบเกม", "game over")},
    # score_breakdown's sources (config.SOURCES); the board's score table and chart say them too
    "source": SOURCE_WORDS,
    # score_breakdown's end_reason ids (scoring.end_reason)
    "end_reason": {"all_tiles_placed": ("ทุกคนวางไทล์หมดแล้ว", "everyone has placed all their tiles")},
    # the kinds of events a seat may not see: a view names the kind in place of the hidden data
    "hidden_event": {"tile_drawn": ("จั่วไทล์เข้ามือ", "draws a tile into hand"),
                     "first_hand": ("จั่วไทล์เข้ามือตอนเริ่มเกม", "draws a starting hand of tiles"),
                     "set_aside": ("พักไทล์คว่ำไว้นอกเกม", "sets tiles aside face down"),
                     "tile_set_aside": ("พักไทล์ที่วางไม่ได้คว่ำไว้นอกเกม", "sets a tile with no legal cell aside face down"),
                     "tiles_returned": ("คืนไทล์เข้ากองแล้วสับ", "puts tiles back into the pile to shuffle"),
                     "tribe_pile": ("ดูไทล์แล้วสับคว่ำบนกระดานเผ่า", "looks at tiles and shuffles them onto the tribe board"),
                     "mission_drawn": ("จั่วการ์ดภารกิจลับ", "draws a secret mission")},
    # what a hidden event's thing is called: New World hides tiles, not cards
    "hidden_item": {"item": ("ไทล์ปิด", "hidden tile")},
}
"""Thai and English words of New World's machine ids (``GameBase.id_labels``: the analyzer and the
score table show them)."""
assert set(ID_LABELS["phase"]) == set(PHASES) and set(ID_LABELS["source"]) == set(SOURCES)


class NewWorldGame(GameBase):
    """โลกใหม่: place tiles, score farms, settlements, castles, missions (``data/rulebooks/new_world.yaml``)."""

    id = "new_world"
    title_th, title_en, seed_file = "โลกใหม่", "New World", "003_392f598aa794db08.txt"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    config_model = Config
    fixed_fields = FIXED_FIELDS
    id_labels = ID_LABELS

    def make_config(self, data, source: str = "config"):
        """The config, with an edited map (``map_yaml``) validated by the map loader: a broken
        map is the loader's :class:`BadInput` naming the field (``map_yaml: cells[12].settlement``)."""
        config = super().make_config(data, source)
        if config.map_yaml:
            board_for(config)
        return config

    def new_game(self, config, seed: int) -> State:
        return setup.new_state(self.make_config(config), seed)

    def data_copies(self, config=None) -> dict[str, tuple[str, str]]:
        """The owner slots that still hold a copy of the assumed data: ``{variant field: (owner
        value, assumed value)}`` for ``map_layout`` (the map of ``config``'s side: a config dict
        or model, default Scotland), ``mission_cards`` and
        ``tile_data`` whose owner file reads the same as the assumed one (the register's
        ``owner_*`` readings: "a copy of the assumed ... until then").  Games under the two readings
        of such a field are the same game, so a what-if between them is empty by construction
        (the analyzer says so); no rule is read here, only files compared."""
        from dataclasses import replace

        from .board import load_map
        from .missions import load_cards
        from .tiles import load_mixes
        side = (config.get("side") if isinstance(config, dict) else getattr(config, "side", None)) or "scotland"
        same = {
            # a board names its file and cache key: the cells and what is on them are compared
            "map_layout": replace(load_map(side, "assumed"), source="", key="")
            == replace(load_map(side, "owner"), source="", key=""),
            "mission_cards": load_cards("assumed") == load_cards("owner"),
            "tile_data": load_mixes("assumed") == load_mixes("owner"),
        }
        return {f: ("owner", "assumed") for f, s in same.items() if s}

    def setup_events(self, state: State):
        return setup.setup_events(state)

    def current_player(self, state: State):
        return flow.current_player(state)

    def legal_actions(self, state: State, player: int) -> list[dict]:
        return actions.legal_actions(state, player)

    def chance_outcomes(self, state: State):
        return actions.chance_outcomes(state)

    def sample_chance(self, state: State, rng):
        if state.stage == SHUFFLE:
            return actions.sample_shuffle(state, rng)
        return super().sample_chance(state, rng)

    def explain_illegal(self, state: State, action: dict) -> IllegalAction | None:
        return field_problem(action, ACTION_FIELDS, "turn.place_tile") or actions.explain(state, action)

    def explain_cell(self, state: State, player: int, q: int, r: int) -> list[IllegalAction]:
        """Why ``player`` can place no tile on cell ``(q, r)`` now: one refusal (clause, Thai,
        English) per distinct reason over the tiles they may place; ``[]`` when one may go there
        (:func:`.actions.explain_cell`)."""
        return actions.explain_cell(state, player, q, r)

    def unavailable(self, state: State, seat: int) -> list[tuple[dict, IllegalAction]]:
        """At ``seat``'s decision, one refused placement of each kind the placement rules name (the
        other farm's icon, a settlement space, a forbidden cell, a taken one), or the public missions
        the double marker may not go on, each with its refusal (:func:`.actions.unavailable`)."""
        return actions.unavailable(state, seat)

    def describe_action(self, state: State, action: dict) -> tuple[str, str]:
        return actions.describe(state, action)

    def cite_title(self, clause_id: str, seat: int | None = None) -> tuple[str, str]:
        """A cited clause in words, a turn's clause named by whose turn it is
        (:func:`.labels.cite_name`)."""
        from .labels import cite_name
        return cite_name(clause_id, seat)

    def apply(self, state: State, action: dict) -> Transition:
        """A placement (turn.place_tile ...), a double marker, a chance outcome of Ireland's
        bonuses, or the end-game scoring (stage ``final_scoring``, its one outcome); a refusal raises :class:`IllegalAction` and leaves ``state`` as it was."""
        refusal = self.explain_illegal(state, action)
        if refusal is not None:
            raise refusal
        log: list = []
        w = Work(state)
        stage = state.stage
        if stage == SECOND_PICK:
            turn.second_drawn(w, KIND[action["tile"]], log)
        elif stage == SHUFFLE:
            turn.shuffled(w, action["order"], log)
        elif stage == DOUBLE:
            turn.double_chosen(w, action["card"], log)
        elif stage == FINAL_SCORING:
            scoring.finish(w, log)
        else:
            i = state.board.index[(action["q"], action["r"])]
            turn.place(w, state.turn, KIND[action["tile"]], i, log, second=stage == SECOND_PLACE)
        return Transition(w.freeze(), tuple(log))

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
        """1.0 for each winner, 0.0 otherwise (all 0.0 before the end): a tie at the top can be
        won by a seat with fewer points (end.winner_tiebreak), so returns are not the scores."""
        won = state.winners or ()
        return [1.0 if i in won else 0.0 for i in range(state.players)]

    def score_breakdown(self, state: State) -> dict:
        """Per seat its total and its points by source (farms, settlements, harbours, castles,
        missions, towers); winners once over; ``end_reason`` (:func:`rules.new_world.scoring.end_reason`,
        ``None`` until the end)."""
        return {"seats": [{"total": state.scores[i], "sources": dict(zip(SOURCES, state.sources[i]))}
                          for i in range(state.players)],
                "winners": list(state.winners or ()), "end_reason": scoring.end_reason(state)}


GAME = NewWorldGame()

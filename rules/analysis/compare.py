"""Two configs on common random numbers: the same seeds, paired differences, where the games part.

:func:`compare` plays game ``i`` under config A and under config B with the same deal seed and the
same play ``random.Random`` (``rules.analysis.seeds``), so every difference between the two rows
comes from the rule reading, not from luck.  For each pair it also finds the first step where the
two games part (:func:`first_difference`: the first action, chance outcome or event that is not
the same; 0 = already in the setup; ``None`` = the same game to the end).

Paired differences (B minus A) of per-game quantities get bootstrap intervals over the pairs, so
a reading compared with itself gives exactly 0 with an interval of (0, 0).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

import numpy as np

from ..catalog import engine
from ..core.protocol import BadInput
from .metrics import _plain, _records, bootstrap, finished, seats_of
from .simulate import Job, RunInfo, make_job, play_game, run_chunks, to_frame
from .words import QUANTITY_WORDS, quantity_words  # noqa: F401 - compare's own words, kept here too


def reading_words(game_id: str, config_a: Mapping, config_b: Mapping) -> list[dict]:
    """What two configs read differently, in the register's words: one dict per entry of
    ``data/<game>/ambiguities.yaml`` whose config field differs, ``{"entry", "question_th",
    "question_en", "a", "b"}`` where ``a``/``b`` is ``{"id", "th", "en", "default"}`` (the reading's
    id, descriptions, whether it is the entry's default), and ``"same_data"``: the two readings load
    the same data (the engine's ``data_copies``: an owner slot still holding a copy of the assumed
    map or cards), so games under them are the same game and a comparison of them is empty by
    construction; ``"inert"``: ``(th, en)`` saying why the entry's readings have no effect under
    ``config_b`` (the engine's ``inert_readings``: Coup's Reformation-only entries with the
    Reformation off), else ``None``: a comparison of them is empty by construction too.  A field
    no entry selects is left out."""
    from ..core.ambiguity import load_ambiguities
    game = engine(game_id)
    copies_of = getattr(game, "data_copies", None)
    copies = copies_of(dict(config_a)) if callable(copies_of) else {}
    inert_of = getattr(game, "inert_readings", None)
    try:
        inert = inert_of(dict(config_b)) if callable(inert_of) else {}
    except BadInput:  # a config the engine refuses is said where it is run, not here
        inert = {}
    out = []
    for entry in load_ambiguities(game_id):
        va = config_a.get(entry.variant, entry.default_value)
        vb = config_b.get(entry.variant, entry.default_value)
        if va == vb:
            continue
        sides = {}
        for side, value in (("a", va), ("b", vb)):
            r = next((r for r in entry.readings if r.config_value == value), None)
            sides[side] = ({"id": r.id, "th": r.description_th, "en": r.description_en, "default": r.id == entry.default}
                           if r is not None else {"id": str(value), "th": str(value), "en": str(value), "default": False})
        out.append({"entry": entry.id, "question_th": entry.question_th, "question_en": entry.question_en, **sides,
                    "same_data": {va, vb} == set(copies.get(entry.variant, ())),
                    "inert": inert.get(entry.variant)})
    return out


@dataclass(frozen=True)
class PairJob:
    """The two jobs of a comparison (same game, bots, seed and step limit)."""

    a: Job
    b: Job


def first_difference(trace_a: list, trace_b: list) -> int | None:
    """The first step where two traces (``play_game(..., trace=[])``) differ: 0 = the setup,
    ``k`` = the ``k``-th applied action or chance outcome (or one game ended there and the other
    went on); ``None`` when they are the same to the end."""
    for k, (x, y) in enumerate(zip(trace_a, trace_b)):
        if x != y:
            return k
    if len(trace_a) != len(trace_b):
        return min(len(trace_a), len(trace_b))
    return None


def play_pair(pj: PairJob, index: int) -> dict:
    """Game ``index`` under both configs: ``{"a": row, "b": row, "part_step": k or None}``."""
    ta: list = []
    tb: list = []
    ra = play_game(pj.a, index, trace=ta)
    rb = play_game(pj.b, index, trace=tb)
    return {"a": ra, "b": rb, "part_step": first_difference(ta, tb)}


def pair_chunk(pj: PairJob, start: int, stop: int) -> list[dict]:
    """Pairs ``start..stop-1`` (the unit of work for a pool process or a Dask worker)."""
    if pj.a.data is None and pj.b.data is None:
        return [play_pair(pj, i) for i in range(start, stop)]
    out = []
    for i in range(start, stop):  # data what-ifs differ between the sides: apply each around its game
        ta: list = []
        tb: list = []
        with _maybe(pj.a.data):
            ra = play_game(pj.a, i, trace=ta)
        with _maybe(pj.b.data):
            rb = play_game(pj.b, i, trace=tb)
        out.append({"a": ra, "b": rb, "part_step": first_difference(ta, tb)})
    return out


class _maybe:
    def __init__(self, ctx):
        self.ctx = ctx

    def __enter__(self):
        return self.ctx.__enter__() if self.ctx is not None else None

    def __exit__(self, *exc):
        return self.ctx.__exit__(*exc) if self.ctx is not None else False


@dataclass
class Comparison:
    """Result of :func:`compare`: the two tables (``a``, ``b``: row ``i`` of each is the same seed),
    ``part_step`` (a Series: where each pair parts, ``NaN`` = never), the configs and labels."""

    game: str
    a: Any
    b: Any
    part_step: Any
    config_a: dict
    config_b: dict
    label_a: str
    label_b: str
    info: RunInfo
    readings: list = field(default_factory=list)
    """:func:`reading_words` of the two configs: the register entries read differently, in words."""

    def differences(self):
        """Paired differences B - A with bootstrap intervals: per seat the win indicator and the
        return, the score total when there is one, and ``turns``/``actions``/``steps``,
        ``no_winner``, ``shared_win``.  Columns ``quantity``, ``mean_a``, ``mean_b``,
        ``diff``, ``lo``, ``hi``, ``n`` (pairs where both games finished)."""
        import pandas as pd
        both = finished(self.a).index.intersection(finished(self.b).index)
        a, b = self.a.loc[both], self.b.loc[both]
        cols = []
        for s in seats_of(a):
            cols += [f"win_{s}", f"return_{s}"] + ([f"score_{s}"] if f"score_{s}" in a and f"score_{s}" in b else [])
        cols += [c for c in ("turns", "actions", "steps") if c in a and c in b and not a[c].isna().all()]
        out = []
        for c in cols:
            xa, xb = a[c].astype(float).to_numpy(), b[c].astype(float).to_numpy()
            out.append(_diff_row(c, xa, xb))
        for name, fn in (("no_winner", lambda d: (d["n_winners"] == 0)), ("shared_win", lambda d: (d["n_winners"] >= 2))):
            out.append(_diff_row(name, fn(a).astype(float).to_numpy(), fn(b).astype(float).to_numpy()))
        return pd.DataFrame(out)

    def parted(self) -> dict:
        """How many pairs parted, and where: ``{"pairs", "parted", "share", "first_step_median",
        "at_setup"}``."""
        p = self.part_step.dropna()
        return {"pairs": int(len(self.part_step)), "parted": int(len(p)),
                "share": float(len(p) / len(self.part_step)) if len(self.part_step) else float("nan"),
                "first_step_median": float(p.median()) if len(p) else None, "at_setup": int((p == 0).sum())}

    def to_json(self) -> dict:
        return {"game": self.game, "a": {"label": self.label_a, "config": self.config_a},
                "b": {"label": self.label_b, "config": self.config_b}, "readings": self.readings,
                "games": int(len(self.a)),
                "parted": _plain(self.parted()), "differences": _records(self.differences())}


def _diff_row(name: str, xa: np.ndarray, xb: np.ndarray) -> dict:
    d = xb - xa
    est, lo, hi = bootstrap(d, np.mean) if len(d) else (float("nan"),) * 3
    return {"quantity": name, "mean_a": float(xa.mean()) if len(xa) else float("nan"),
            "mean_b": float(xb.mean()) if len(xb) else float("nan"), "diff": est, "lo": lo, "hi": hi, "n": int(len(d))}


def _label(game: str, base: dict, cfg: dict) -> str:
    diff = {k: v for k, v in cfg.items() if base.get(k) != v}
    return ", ".join(f"{k}={v}" for k, v in sorted(diff.items())) or "default"


def compare(game: str, n_games: int, config_a: Mapping | None = None, config_b: Mapping | None = None, bots=None,
            seed: int = 0, client=None, workers: int | None = None, progress: bool = True, *, data_a: Any = None,
            data_b: Any = None, max_steps: int | None = None, on_progress=None, cancel=None,
            chunk: int | None = None) -> Comparison:
    """Play the same ``n_games`` seeds under ``config_a`` and ``config_b`` (config fields; the
    usual case: one register entry read two ways, e.g. ``{"who_blocks": "target_only"}`` vs
    ``{"who_blocks": "anyone"}``; ``data_a``/``data_b``: data what-ifs instead or as well) with the
    same bots.  Runs like :func:`rules.analysis.simulate` (serial, pool or Dask; same table
    whichever)."""
    kw = {} if max_steps is None else {"max_steps": max_steps}
    a = make_job(game, dict(config_a or {}), bots, seed, data=data_a, **kw)
    b = make_job(game, {**dict(config_a or {}), **dict(config_b or {})}, bots, seed, data=data_b, **kw)
    if a.config_dict["players"] != b.config_dict["players"]:
        raise BadInput("config", "players", "ทั้งสองฝั่งต้องมีจำนวนผู้เล่นเท่ากัน",
                       "both sides of a comparison must have the same number of players")
    info = RunInfo()
    pairs = run_chunks(pair_chunk, PairJob(a, b), n_games, client=client, workers=workers, progress=progress,
                       desc=f"{game} A/B", on_progress=on_progress, cancel=cancel, info=info, chunk=chunk)
    import pandas as pd
    ta, tb = to_frame([p["a"] for p in pairs]), to_frame([p["b"] for p in pairs])
    for t, job in ((ta, a), (tb, b)):
        t.attrs.update(game=game, config=job.config_dict, bots=list(job.bots), seed=seed)
    part = pd.Series([p["part_step"] for p in pairs], dtype="float64", name="part_step")
    base = engine(game).config_to_json(engine(game).default_config(a.config_dict["players"]))
    la = _label(game, base, a.config_dict) + (f" [{data_a.label}]" if data_a is not None else "")
    lb = _label(game, base, b.config_dict) + (f" [{data_b.label}]" if data_b is not None else "")
    return Comparison(game, ta, tb, part, a.config_dict, b.config_dict, la, lb, info,
                      reading_words(game, a.config_dict, b.config_dict))


def divergence(game: str, index: int, config_a: Mapping | None = None, config_b: Mapping | None = None, bots=None,
               seed: int = 0, max_steps: int | None = None) -> dict:
    """Where pair ``index`` of :func:`compare` parts, told for a reader: ``step`` (or ``None``),
    and for each side the action or chance outcome at that step with its label
    (``describe_action``) and the events it produced (``kind``, ``cites``, English text)."""
    kw = {} if max_steps is None else {"max_steps": max_steps}
    ja = make_job(game, dict(config_a or {}), bots, seed, **kw)
    jb = make_job(game, {**dict(config_a or {}), **dict(config_b or {})}, bots, seed, **kw)
    ta: list = []
    tb: list = []
    play_game(ja, index, trace=ta)
    play_game(jb, index, trace=tb)
    step = first_difference(ta, tb)
    out = {"index": index, "step": step}
    if step is None:
        return out
    for side, job in (("a", ja), ("b", jb)):
        out[side] = _replay_to(job, index, step)
    return out


def _replay_to(job: Job, index: int, step: int) -> dict:
    """Replay game ``index`` of ``job`` to ``step`` and tell what happens there."""
    from ..core.protocol import setup_events
    from .seeds import game_seed
    game = engine(job.game)
    trace: list = []
    play_game(job, index, trace=trace)
    state = game.new_game(game.make_config(job.config_dict), game_seed(job.seed, index))
    if step == 0:
        return {"what": "setup", "events": [_ev(e) for e in setup_events(game, state)]}
    for action, _ in trace[1:step]:
        state = game.apply(state, action).state
    if step >= len(trace):
        return {"what": "the game is over", "events": []}
    action = trace[step][0]
    th, en = game.describe_action(state, action)
    tr = game.apply(state, action)
    return {"what": "step", "action": json.loads(json.dumps(action, default=str)), "label_th": th, "label_en": en,
            "events": [_ev(e) for e in tr.events]}


def _ev(e) -> dict:
    return {"kind": e.kind, "cites": list(e.cites), "text_en": e.text_en, "text_th": e.text_th}

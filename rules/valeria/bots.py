"""Valeria bots.  A bot is ``bot(observation, legal, rng) -> action`` and sees only its observation
(the public table) and the card data everyone can read.

``greedy`` plans toward battle plans: it battles whenever it can, values dice by the plans it could
complete (its reserve and the row), values shrines by what they give now, pumps strength up to its
influence with magic and gems, and levels up troop slots and strength first.  A strategy, not a rule.
"""
from __future__ import annotations

import random

from .config import ANY, TROOPS
from .data import load

LEVEL_ORDER = ("strength", "troop", "reserve", "cap", "quota", "gems")
"""The greedy bot's level-up preference (a strategy)."""


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """A uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def _die(s: str) -> tuple[str, int]:
    for t in TROOPS:
        if s.startswith(t):
            return t, int(s[len(t):])
    raise ValueError(s)


def _need(me: dict, obs: dict) -> dict:
    """The troop types still missing for the plan closest to completion (reserve first)."""
    data = load()
    troops = [_die(d)[0] for d in me["troops"]]
    best, best_missing = None, 99
    for pid in me["reserve"] + [p for p in obs["plan_row"] if p]:
        have = list(troops)
        missing = {}
        for t in data.plans[pid].slots:
            if t == ANY:
                continue
            if t in have:
                have.remove(t)
            else:
                missing[t] = missing.get(t, 0) + 1
        k = sum(missing.values())
        if k < best_missing:
            best, best_missing = missing, k
    return best or {}


def greedy_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    obs = observation
    me = obs["players"][obs["viewer"]]
    by = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    data = load()
    need = _need(me, obs)

    def die_value(t: str, f: int) -> float:
        return (4 if need.get(t) else 0) + f / 2

    if "camp" in by:
        return by["camp"][0]
    if "enter" in by:
        def shrine_value(a):
            dice = [_die(d) for d in obs["shrines"][a["shrine"]]]
            v = max(die_value(t, f) for t, f in dice)
            name = a["shrine"]
            if name == "gold":
                v += max(load().discount.get(f, 0) for _, f in dice) * 0.8
            elif name == "tactics" and not me["reserve"]:
                v += 3
            elif name == "champion" and me["gold"] >= 4:
                v += 2
            elif name == "magic":
                v += 1.5
            elif name == "gem" and obs["gem_shrine"]:
                v += 1.2
            return v + rng.random() * 0.1
        return max(by["enter"], key=shrine_value)
    if "take" in by:
        return max(by["take"], key=lambda a: die_value(a["troop"], a["face"]))
    if "chain_die" in by:
        return max(by["chain_die"], key=lambda a: die_value(a["troop"], a["face"]))
    if "return_die" in by:
        return min(by["return_die"], key=lambda a: die_value(a["troop"], a["face"]))
    if "claim_award" in by:
        return max(by["claim_award"], key=lambda a: data.awards[a["award"]].vp)
    if "take_magic" in by:
        return by["take_magic"][0]
    for kind in ("buy_champion", "free_champion"):
        if kind in by:
            return max(by[kind], key=lambda a: (data.champions[a["champion"]].timing != "instant", -data.champions[a["champion"]].price))
    if "reserve_plan" in by:
        return max(by["reserve_plan"], key=lambda a: len(data.plans[a["plan"]].slots))
    if "choose_plan" in by:
        return max(by["choose_plan"], key=lambda a: (len(data.plans[a["plan"]].slots), a["plan"] in me["reserve"]))
    if "assign" in by:
        return max(by["assign"], key=lambda a: (not a["wild"], _die(me["troops"][a["die"]])[1]))
    if "fight" in by:
        b = obs["battle"]
        if sum(b["faces"]) < me["influence"]:
            ups = [a for a in by.get("magic", []) if a["delta"] > 0]
            flips = [a for a in by.get("flip", []) if b["faces"][a["slot"]] <= 3]
            if flips:
                return min(flips, key=lambda a: b["faces"][a["slot"]])
            if ups:
                return min(ups, key=lambda a: b["faces"][a["slot"]])
        return by["fight"][0]
    if "level_up" in by:
        return min(by["level_up"], key=lambda a: LEVEL_ORDER.index(a["track"]))
    if "place_marker" in by:
        side = data.maps[me["map_id"]].sides[me["side"]]
        mine = set(me["conquered"])

        def chains(a):
            return sum(1 for c in side.chains if a["space"] in c.between and set(c.between) & mine)
        return max(by["place_marker"], key=lambda a: (chains(a), rng.random()))
    return legal[0]


BOTS = {"random": random_bot, "greedy": greedy_bot}
"""Bots by name (the play panel and the analyzer pick from this)."""
BOT_WORDS = {"greedy": ("โลภ", "greedy")}
"""``(th, en)`` of each bot name (the pickers' labels: ``rules.core.bots.bot_words``; ``random``'s are the core's)."""

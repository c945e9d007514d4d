"""Bots for เกมโค่นอำนาจ.  A bot is a policy ``bot(observation, legal, rng) -> action``: it sees only
``GAME.observe(state, seat)`` and the seat's legal actions (``rules.core.play`` calls it).

- :func:`random_bot`: a uniformly random legal action.
- :func:`honest_bot`: never bluffs (claims and blocks only with the character in hand, embezzles
  only without a Duke) and challenges only a claim that card counting proves false.
- :class:`Bluffer`: bluffs with probability ``bluff_rate`` and challenges when the probability
  that the claim is true, given every card the seat has seen, is below ``challenge_threshold``.

:func:`claim_probability` is that probability (hypergeometric over the unseen cards).
"""
from __future__ import annotations

import random
from math import comb

from .state import NAMES

VALUE = {"duke": 5, "assassin": 4, "captain": 4, "contessa": 3, "inquisitor": 3, "ambassador": 2}
"""How much a bot likes to keep each character (lose the lowest first)."""

COUP_AT = 7
"""Coins at which a bot coups rather than doing anything else."""

ACTION_CLAIM = {"tax": "duke", "steal": "captain", "assassinate": "assassin", "examine": "inquisitor"}


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """A uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


# --- what a seat has seen ---------------------------------------------------------------------
def unseen(obs: dict) -> dict[str, int]:
    """Copies of each character the viewer has not seen (deck + others' hidden cards):
    the deck composition minus its own cards, every face-up card and every card it knows."""
    me = obs["viewer"]
    left = dict(obs["deck_composition"])
    seen = []
    for p in obs["players"]:
        seen += p["lost"]
        if p["seat"] == me:
            seen += p["hand"] or []
            seen += p["buried"] or []
    seen += obs.get("exchange_drawn") or []
    seen += [c for _, c in obs.get("known", [])]
    if obs.get("examined") and obs["action"] and obs["action"]["actor"] == me:
        seen.append(obs["examined"])
    for c in seen:
        if left.get(c, 0) > 0:
            left[c] -= 1
    return left


def known_cards(obs: dict, seat: int) -> list[str]:
    """Cards of ``seat`` the viewer knows (from an examine)."""
    out = [c for t, c in obs.get("known", []) if t == seat]
    a = obs.get("action")
    if obs.get("examined") and a and a["actor"] == obs["viewer"] and a["target"] == seat:
        out.append(obs["examined"])
    return out


def claim_probability(obs: dict, seat: int, character: str) -> float:
    """P(``seat`` holds at least one ``character``) given what the viewer has seen, every unseen
    card being equally likely anywhere unseen (hypergeometric)."""
    if seat == obs["viewer"]:
        return 1.0 if character in (obs["players"][seat]["hand"] or []) else 0.0
    known = known_cards(obs, seat)
    if character in known:
        return 1.0
    left = unseen(obs)
    total = sum(left.values())
    x = left.get(character, 0)
    h = obs["players"][seat]["cards"] - len(known)
    if h <= 0 or x == 0 or total == 0:
        return 0.0
    h = min(h, total)
    return 1.0 - comb(total - x, h) / comb(total, h)


def _open_claim(obs: dict) -> tuple[int, str, bool] | None:
    """``(claimant, character, is_negative)`` of the claim a challenge window is about."""
    if obs["block"] is not None:
        return obs["block"]["player"], obs["block"]["character"], False
    a = obs["action"]
    if a is None:
        return None
    if a["type"] == "embezzle":
        return a["actor"], a["claim"] or "peacock", True
    return a["actor"], a["claim"], False


def truth_probability(obs: dict) -> float:
    """Probability that the open claim (action, block or embezzle denial) is true."""
    claim = _open_claim(obs)
    if claim is None:
        return 1.0
    seat, character, negative = claim
    if character == "peacock":
        return 1.0
    p = claim_probability(obs, seat, character)
    return 1.0 - p if negative else p


# --- shared choices -----------------------------------------------------------------------------
def _hand(obs: dict) -> list[str]:
    return list(obs["players"][obs["viewer"]]["hand"] or [])


def _lose_choice(obs: dict, legal: list[dict]) -> dict:
    return min(legal, key=lambda a: VALUE.get(a.get("card"), 0))


def _exchange_choice(obs: dict, legal: list[dict]) -> dict:
    pool = _hand(obs) + (obs.get("exchange_drawn") or [])

    def kept_value(a):
        rest = list(pool)
        for c in a["return"]:
            rest.remove(c)
        return sum(sorted((VALUE[c] for c in rest), reverse=True)) + 0.5 * len(set(rest))
    return max(legal, key=kept_value)


def _threat(obs: dict, seat: int) -> float:
    p = obs["players"][seat]
    return p["cards"] * 10 + p["coins"]


def _best_target(obs: dict, actions: list[dict]) -> dict:
    return max(actions, key=lambda a: _threat(obs, a["target"]))


def _claims_block(obs: dict, target: int | None, kind: str) -> bool:
    """A seat that may block an action of ``kind`` on ``target`` (the target itself, or any other
    living seat when ``observe``'s ``blockers`` say anyone may) has publicly claimed a character
    that blocks it and has not changed its cards since.  Doing it again would be blocked again (an
    honest seat claims only what it holds): two honest Captains stole from and blocked each other
    forever, two honest Assassins with Contessas assassinated and blocked each other, so about
    7 % of honest 2-player games ran into the analyzer's step cap."""
    rule = obs["blockers"][kind]
    me = obs["viewer"]
    seats = ([target] if rule["who"] == "target" else
             [p["seat"] for p in obs["players"] if p["seat"] != me and p["alive"]])
    return any(c in rule["characters"] for s in seats for c in obs["players"][s]["claims"])


def _by_type(legal: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


def _common(obs: dict, legal: list[dict], rng: random.Random, bluff: bool) -> dict | None:
    """Choices outside the turn and the reaction windows (prove, lose, exchange, examine...)."""
    phase = obs["phase"]
    types = _by_type(legal)
    if phase == "prove":
        if "prove" in types:
            return types["prove"][0]
        return _lose_choice(obs, types["lose"])
    if phase == "lose":
        return _lose_choice(obs, legal)
    if phase == "exchange":
        return _exchange_choice(obs, legal)
    if phase == "show":
        return _lose_choice(obs, legal)  # show the card it values least
    if phase == "examine":
        seen = obs.get("examined")
        return types["force_exchange" if VALUE.get(seen, 0) >= 4 else "let_keep"][0]
    if phase == "faction":
        return legal[rng.randrange(len(legal))]
    return None


def _turn(obs: dict, legal: list[dict], rng: random.Random, can_claim) -> dict:
    """A turn action, using ``can_claim(character) -> bool`` to decide which claims to make."""
    t = _by_type(legal)
    me = obs["viewer"]
    coins = obs["players"][me]["coins"]
    if "coup" in t and (coins >= COUP_AT or len(t) == 1):
        return _best_target(obs, t["coup"])
    if coins >= COUP_AT and "coup" not in t and "convert" in t:
        # every living seat shares this seat's faction (reformation.same_faction): change its own
        # faction to open a coup (else honest bots taxed an empty bank forever under the
        # one_faction=waive_forced_coup reading)
        own = [a for a in t["convert"] if a["target"] == me]
        return (own or t["convert"])[0]
    if "assassinate" in t and can_claim("assassin"):
        open_targets = [a for a in t["assassinate"] if not _claims_block(obs, a["target"], "assassinate")]
        if open_targets:
            return _best_target(obs, open_targets)
    if "tax" in t and can_claim("duke"):
        return t["tax"][0]
    if "steal" in t and can_claim("captain"):
        rich = [a for a in t["steal"] if obs["players"][a["target"]]["coins"] >= 2
                and not _claims_block(obs, a["target"], "steal")]
        if rich:
            return max(rich, key=lambda a: obs["players"][a["target"]]["coins"])
    if "embezzle" in t and obs["almshouse"] >= 3 and can_claim("no_duke"):
        return t["embezzle"][0]
    for a in t.get("exchange", []):
        if can_claim(a["character"]) and rng.random() < 0.3:
            return a
    if "foreign_aid" in t and not _claims_block(obs, None, "foreign_aid"):
        return t["foreign_aid"][0]
    if "income" in t:
        return t["income"][0]
    return legal[rng.randrange(len(legal))]


def honest_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """Never bluffs; challenges only claims that card counting proves false."""
    obs = observation
    hand = _hand(obs)
    phase = obs["phase"]
    choice = _common(obs, legal, rng, bluff=False)
    if choice is not None:
        return choice
    types = _by_type(legal)
    if phase in ("challenge_action", "challenge_block"):
        if "challenge" in types and truth_probability(obs) == 0.0:
            return types["challenge"][0]
        return types["pass"][0]
    if phase == "block":
        for a in types.get("block", []):
            if a["character"] in hand:
                return a
        return types["pass"][0]
    if phase == "turn":
        return _turn(obs, legal, rng, lambda c: ("duke" not in hand) if c == "no_duke" else c in hand)
    return legal[rng.randrange(len(legal))]


class Bluffer:
    """Bluffs with probability ``bluff_rate`` (claims and blocks it cannot back up) and
    challenges a claim when its probability of being true (:func:`truth_probability`) is below
    ``challenge_threshold``."""

    def __init__(self, bluff_rate: float = 0.3, challenge_threshold: float = 0.25):
        if not (0.0 <= bluff_rate <= 1.0 and 0.0 <= challenge_threshold <= 1.0):
            raise ValueError("bluff_rate and challenge_threshold must be within 0..1")
        self.bluff_rate = bluff_rate
        self.challenge_threshold = challenge_threshold

    def __repr__(self) -> str:
        return f"Bluffer(bluff_rate={self.bluff_rate}, challenge_threshold={self.challenge_threshold})"

    def __call__(self, observation: dict, legal: list[dict], rng: random.Random) -> dict:
        obs = observation
        hand = _hand(obs)
        phase = obs["phase"]
        choice = _common(obs, legal, rng, bluff=True)
        if choice is not None:
            return choice
        types = _by_type(legal)
        if phase in ("challenge_action", "challenge_block"):
            if "challenge" in types and truth_probability(obs) < self.challenge_threshold:
                return types["challenge"][0]
            return types["pass"][0]
        if phase == "block":
            blocks = types.get("block", [])
            for a in blocks:
                if a["character"] in hand:
                    return a
            a = obs["action"]
            me = obs["viewer"]
            if blocks and a and a["target"] == me:
                # facing an assassination on the last card, a Contessa bluff is the only hope
                last = obs["players"][me]["cards"] == 1 and a["type"] == "assassinate"
                if last or rng.random() < self.bluff_rate:
                    return blocks[rng.randrange(len(blocks))]
            return types["pass"][0]
        if phase == "turn":
            bluffing = rng.random() < self.bluff_rate

            def can_claim(c: str) -> bool:
                if c == "no_duke":
                    return "duke" not in hand or bluffing
                return c in hand or bluffing
            return _turn(obs, legal, rng, can_claim)
        return legal[rng.randrange(len(legal))]


BOTS = {"random": random_bot, "honest": honest_bot, "bluffer": Bluffer()}
"""Named bots for the notebook and the analyzer."""
BOT_WORDS = {"honest": ("ซื่อสัตย์", "honest"), "bluffer": ("ชอบหลอก", "bluffer")}
"""``(th, en)`` of each bot name (the pickers' labels: ``rules.core.bots.bot_words``; ``random``'s are the core's)."""


def make_bot(name: str, **params):
    """A bot by name (``random``, ``honest``, ``bluffer``); ``bluffer`` takes ``bluff_rate`` and
    ``challenge_threshold``.  ``ValueError`` for an unknown name."""
    if name == "bluffer":
        return Bluffer(**params)
    if name in BOTS and not params:
        return BOTS[name]
    raise ValueError(f"unknown bot {name!r}; expected one of {', '.join(BOTS)}")


__all__ = ["random_bot", "honest_bot", "Bluffer", "BOTS", "make_bot", "claim_probability",
           "truth_probability", "unseen", "NAMES"]

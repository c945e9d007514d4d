"""Toy Pig bots.  A bot is ``bot(observation, legal, rng) -> action`` and sees only its observation."""
from __future__ import annotations

import random

HOLD_AT = 8
"""The cautious bot holds once its turn total reaches this (a strategy, not a rule)."""


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """A uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def cautious_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """Roll until the turn total reaches :data:`HOLD_AT` or would reach the target, then hold."""
    me = observation["viewer"]
    enough = observation["pending"] >= HOLD_AT or \
        observation["scores"][me] + observation["pending"] >= observation["target"]
    want = "hold" if enough else "roll"
    return next((a for a in legal if a["type"] == want), legal[0])


BOTS = {"random": random_bot, "cautious": cautious_bot}
"""Bots by name (the play panel and the analyzer pick from this)."""
BOT_WORDS = {"cautious": ("ระวังตัว", "cautious")}
"""``(th, en)`` of each bot name (the pickers' labels: ``rules.core.bots.bot_words``; ``random``'s are the core's)."""

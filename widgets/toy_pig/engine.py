"""Which engine this folder shows: ``rules.toy_pig`` (the toy template on main), else the test
suite's copy of the same rules (``tests/toygame.py``) until it lands.  A copied game folder
imports its engine directly (``from rules.<game> import GAME``) and drops this file."""
from __future__ import annotations

try:
    from rules.toy_pig import GAME  # noqa: F401
except ImportError:  # until rules/toy_pig lands on main
    from tests.toygame import install

    GAME = install()

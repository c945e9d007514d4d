"""Words of the analysis' own ids: a comparison's quantities (``win_0``, ``no_winner``), in Thai and
English, the seat as the game names it (``GameBase.seat_words``).  Its own module: both
:mod:`.simulate` (``id_words``) and :mod:`.compare` use it."""
from __future__ import annotations

from ..catalog import engine
from ..core.base import player_words


QUANTITY_WORDS = {
    "win": ("{th} ชนะ", "{en} wins"),
    "return": ("ผลตอบแทนของ{th}", "{en}'s return"),
    "score": ("คะแนนของ{th}", "{en}'s score"),
    "turns": ("จำนวนตา", "turns"),
    "actions": ("จำนวนการกระทำ", "actions"),
    "steps": ("จำนวนขั้น", "steps"),
    "no_winner": ("ไม่มีผู้ชนะ", "no winner"),
    "shared_win": ("ชนะร่วมกัน", "shared win"),
}
"""Thai and English words of :meth:`Comparison.differences`' quantities: ``win_<s>``,
``return_<s>``, ``score_<s>`` (``{th}``/``{en}``: the seat as the game names it,
``GameBase.seat_words``), the lengths, ``no_winner`` and ``shared_win``."""


def quantity_words(game_id: str, quantity: str) -> tuple[str, str] | None:
    """``(th, en)`` of a comparison quantity of ``game_id`` (``"win_0"`` in Coup: ``("ที่นั่ง 1 ชนะ",
    "seat 1 wins")``; in Valeria ``("ผู้เล่น 1 ชนะ", "player 1 wins")``), ``None`` for an id that is
    no quantity."""
    words = QUANTITY_WORDS.get(quantity)
    if words is not None:
        return words
    kind, _, seat = quantity.rpartition("_")
    if kind not in ("win", "return", "score") or not seat.isdigit():
        return None
    game = engine(game_id)
    seat_words = getattr(game, "seat_words", None)
    th, en = seat_words(int(seat)) if callable(seat_words) else player_words(int(seat))
    wth, wen = QUANTITY_WORDS[kind]
    return wth.format(th=th), wen.format(en=en)

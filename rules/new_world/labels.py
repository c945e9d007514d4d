"""Names every label and event text uses (Thai, English): seats, cells, tiles, places, missions,
turns, and the counts the score table shows beside the points."""
from __future__ import annotations

from ..core.base import player_words
from .missions import PublicCard, card_text, load_cards
from .tiles import KIND, LABEL


def seat_name(seat: int) -> tuple[str, str]:
    """(Thai, English) name of a seat: the engine's ``seat_words`` (:func:`rules.core.base.player_words`)."""
    return player_words(seat)


def cell_name(board, i: int) -> tuple[str, str]:
    """Cell ``i`` of ``board`` in words: ``("ช่อง (6, 1)", "cell (6, 1)")`` (:func:`cell_words`)."""
    return cell_words(*board.cells[i])


def cell_words(q: int, r: int) -> tuple[str, str]:
    """The cell at axial ``(q, r)`` in words, on any map (one the map editor is making too)."""
    return f"ช่อง ({q}, {r})", f"cell ({q}, {r})"


CELL_KIND = {"blank": ("ช่องว่าง", "blank cell"), "food": ("ช่องฟาร์มอาหาร", "food-farm cell"),
             "energy": ("ช่องฟาร์มพลังงาน", "energy-farm cell"), "settlement": ("ช่องนิคม", "settlement cell"),
             "water": ("ช่องน้ำ", "water cell"), "cathedral": ("ช่องมหาวิหาร", "cathedral cell"),
             "castle": ("ช่องปราสาท", "castle cell"), "tower": ("ช่องหอคอยกลม", "round-tower cell")}
"""A cell by its icon, in the rulebook's words ("ช่องที่มีไอคอนฟาร์มอาหาร", "ช่องนิคม", "ช่องน้ำ":
placement.*): what the reader sees drawn on the map, where the coordinates are not."""
COVERED_NAME = ("ช่องเหลืองที่คว่ำไทล์ปิดไว้ (เล่น 2 คน)", "yellow cell covered face down (2 players)")
"""A cell covered at setup (setup.two_player_blocked_cells), as the map's key names it."""
INFLUENCE_NAME = ("ไทล์นิคม ค่าอิทธิพล", "settlement tile, its influence")
"""What the number 1-4 on a placed settlement tile is (placement.settlement: "ไอคอน 1–4 อัน = ค่าอิทธิพล")."""
PLACE_KIND = {"castle": ("ปราสาท", "castle"), "cathedral": ("มหาวิหาร", "cathedral"), "tower": ("หอคอยกลม", "round tower")}


def cell_place_name(board, i: int) -> tuple[str, str]:
    """Cell ``i`` as a reader finds it on the map: its kind (:data:`CELL_KIND`), its own name (a
    castle, cathedral or tower), the named places it touches (their labels are on the map), then its
    axial ``(q, r)`` in brackets: ``("ช่องนิคม ติดปราสาท Stirling (-1, 7)", "settlement cell next to
    castle Stirling (-1, 7)")``.  Moves, the story of a placement and the map's tapped-cell caption say
    it; the coordinates alone ("ช่อง (-1, 7)") are written on the map only behind its toggle."""
    q, r = board.cells[i]
    th, en = CELL_KIND[board.icon[i]]
    if i in board.names:
        th, en = f"{th} {board.names[i]}", f"{en} {board.names[i]}"
    if i in board.harbour:
        th, en = f"{th}มีท่าเรือ", f"{en} with a harbour"
    near = [(PLACE_KIND[board.icon[n]], board.names[n]) for n in board.nbrs[i] if n in board.names]
    if near:
        th += " ติด" + " และ".join(f"{k[0]} {name}" for k, name in near)
        en += " next to " + " and ".join(f"{k[1]} {name}" for k, name in near)
    return f"{th} ({q}, {r})", f"{en} ({q}, {r})"


def settlement_cells_name(board, k: int) -> tuple[str, str]:
    """Settlement ``k`` of ``board`` by its cells, as event text names it: ``("ที่ช่อง (-1, 7) (0, 7)",
    "at cells (-1, 7), (0, 7)")`` (its id in the map data, ``s03``, is no word for a reader)."""
    cells = [board.cells[i] for i in board.settlements[k]]
    return (f"ที่ช่อง {' '.join(f'({q}, {r})' for q, r in cells)}",
            f"at {'cell' if len(cells) == 1 else 'cells'} {', '.join(f'({q}, {r})' for q, r in cells)}")


def tile_name(kind: int) -> tuple[str, str]:
    return LABEL[kind]


def tile_id_name(tile: str) -> tuple[str, str]:
    """A tile as the observation names it (``"s4"``, ``"food"``: :data:`~.tiles.NAMES`), in words:
    ``("นิคมค่า 4", "settlement (influence 4)")``; ``KeyError`` on an unknown id."""
    return LABEL[KIND[tile]]


def mission_name(card: str, layout: str = "assumed") -> tuple[str, str]:
    """A mission card as the observation names it (``"m15"``, ``observe(...)["my_missions"]``), in
    words: what it asks and what it scores (:func:`~.missions.card_text`: ``"... (6 แต้ม)"``).  The
    cards of the ``mission_cards`` reading ``layout`` (``state.config.mission_cards``) have no names
    of their own (register entry mission_cards: the seed gives no card text), so the words are the
    card's condition and points; ``KeyError`` on an id not in those cards."""
    return card_text(load_cards(layout)[card])


def public_points_name(card: str, layout: str = "assumed") -> tuple[str, str]:
    """What a face-up public mission (``observe(...)["public"]``, Ireland) scores, in words: the first
    seat to achieve it its high number, every later one its low number, each seat once
    (ireland.public_missions: :func:`~.scoring.check_public`); ``KeyError`` on an id that is not a
    public card of the ``layout`` reading."""
    c = load_cards(layout)[card]
    if not isinstance(c, PublicCard):
        raise KeyError(card)
    return (f"คนแรกที่ทำได้ {c.high} แต้ม คนต่อมา {c.low} แต้ม",
            f"first to achieve it: {c.high} points, later: {c.low} points")


def turn_name(seat: int) -> tuple[str, str]:
    """The heading of ``seat``'s turn (the play log groups each action's events under it)."""
    th, en = seat_name(seat)
    return f"ตาของ{th}", f"{en}'s turn"


SOURCE_WORDS = {"farms": ("ฟาร์ม", "farms"), "settlements": ("นิคม", "settlements"),
                "harbours": ("ท่าเรือ, +1", "harbours, +1"), "castles": ("ปราสาท", "castles"),
                "missions": ("ภารกิจ", "missions"), "towers": ("หอคอย", "towers")}
"""``(th, en)`` of each score source (``config.SOURCES``): the engine's ``ID_LABELS["source"]``, and
setup's line on a scenario's preset scores (here, as setup cannot import the engine)."""


YOUR_TURN_HEADING = "ในตาของคุณ"
"""The rulebook's heading of the turn's clauses (turn.place_tile, turn.score_tile, turn.draw_tile):
written to the reader ("on your turn"), so an event of another seat's turn names that seat instead."""


def cite_name(clause_id: str, seat: int | None) -> tuple[str, str]:
    """``(th, en)`` naming a clause an event of ``seat``'s turn cites, as its story line shows it
    (no clause id: that is the clause panel's): the rulebook's title of the clause
    (:meth:`~rules.core.rulebook.Rulebook.clause_title`), except a clause under
    :data:`YOUR_TURN_HEADING`, named by whose turn it is in the engine's seat words
    (``("ในตาของผู้เล่น 2", "in player 2's turn")``); ``("", "")`` for a clause with no title."""
    from ..core.rulebook import load_rulebook
    book = load_rulebook("new_world")
    try:
        c = book.clause(clause_id)
    except KeyError:
        return "", ""
    if c.heading and c.heading[-1] == YOUR_TURN_HEADING and not c.title_th:
        if seat is None:
            return "ในตาของผู้เล่นที่ถึงตา", "in the turn of the player to move"
        th, en = seat_name(seat)
        return f"ในตาของ{th}", f"in {en}'s turn"
    return book.clause_title(clause_id)


COUNT_NAMES = {
    "hand_pile": ("ไทล์ในมือ+กอง", "tiles in hand+pile"),
    "castles_held": ("ปราสาทที่ครอง (แห่ง)", "castles held (count)"),
    "points_by_source": ("แต้มตามที่มา", "points by source"),
}
"""Words of what the score table shows beside a seat's total: ``hand_pile`` (``observe``'s
``hand_sizes`` + ``pile_sizes``), ``castles_held`` (how many castles a seat holds now: ``observe``'s
``castles``, a holder per castle: a count, not points; the castles' points are the ``castles``
score source, added at the end only, end.castles), and ``points_by_source`` (the heading
over the score sources, ``config.SOURCES``, whose names are ``ID_LABELS["source"]``)."""


def count_name(key: str) -> tuple[str, str]:
    """``(th, en)`` of a count of :data:`COUNT_NAMES`."""
    return COUNT_NAMES[key]

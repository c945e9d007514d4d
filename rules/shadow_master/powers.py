"""Rank-derived values, Kingdom Power cards, the Power Limit, damage, income and collapse.

Clauses: rank.largest_group, rank.card_value, rank.income, phase1.rank15_fee, power.deck_counts,
power.limit, power_limit.* (definition, all_colours, five_black, four/three_players_rank15,
king, combo, lost), power_combo.queen_king, power_combo.land_land, power.damage, damage.formula,
income.rank_income, income.tax, collapse.* .
"""
from __future__ import annotations

from . import board as B
from .ally_supply import give_back
from rules.core.events import emit
from .money import charge, held_colours, spendable
from .constants import (EXCHANGES_PER_ROUND, FIVE_BLACK, LAND_EXCHANGE_BONUS, LAND_TERRITORY_BONUS, LIMIT_BONUS,
                        MASTER_OF_COIN_CUT, RANK15, RANK15_COLOURS_3P, TAX_RANK)
from .money import amount_choices
from .state import Pending
from .tables import KINDS, tables

__all__ = ["RANK15", "TAX_RANK"]


def side_of(alliances, colour: str) -> frozenset[str]:
    """``colour`` and its allies: the colours sharing an X cell with it (``alliance.shared_cell``)."""
    for cell in alliances:
        if colour in cell:
            return frozenset(cell)
    return frozenset([colour])


def kingdom_rank(w, colour: str, position=None) -> int:
    """The Rank of ``colour`` (cells of its largest group; allies merged if ``allies_rank=merged``),
    on ``position`` (default: the state's own)."""
    pos = w.position if position is None else position
    if w.config.allies_rank == "merged":
        return B.rank(pos, side_of(w.alliances, colour))
    r = pos._ranks.get(colour)   # the memo B.rank keeps (a Rank is asked ~12 times a step)
    return B.rank(pos, colour) if r is None else r


def kingdom_ranks(w) -> tuple[int, ...]:
    """The Rank of every kingdom colour, in board colour order (:func:`kingdom_rank` of each);
    memoised on the position under ``allies_rank=separate`` (the end check and the Power Limit
    flags ask for all of them at every step)."""
    pos = w.position
    if w.config.allies_rank == "merged":
        return tuple(kingdom_rank(w, c) for c in w.board.colours)
    found = pos._cache.get("ranks")
    if found is None:
        found = pos._cache["ranks"] = tuple(B.rank(pos, c) for c in w.board.colours)
    return found


def card_value(w, colour: str) -> int:
    """A Power card's value = its kingdom's Rank (``rank.card_value``: Rank 8 is worth 8 Silver)."""
    return kingdom_rank(w, colour)


def income_of(w, colour: str) -> int:
    """The Rank table's income for ``colour``'s current Rank (assumed table, ``rank.income``)."""
    return tables().rank.tables[w.config.rank_table].income_at(kingdom_rank(w, colour))


def fee_rank(w, colour: str, cell: str, tokens: int = 1) -> int:
    """The Rank that decides the ``phase1.rank15_fee`` for ``tokens`` of ``colour`` placed on ``cell``.

    Variant ``rank15_fee_timing`` (ambiguity of the same id): ``rank_before`` (default) is the
    kingdom's Rank before the new tokens stand, so the token that lifts 14 to 15 is free;
    ``rank_after`` is its Rank with them on ``cell``.
    """
    if w.config.rank15_fee_timing == "rank_after":
        return kingdom_rank(w, colour, B.place_token(w.position, cell, colour, tokens))
    return kingdom_rank(w, colour)


def placement_fee(w, seat: int, colour: str, cell: str, tokens: int = 1) -> int:
    """Silver fee for placing ``tokens`` of ``colour`` on ``cell`` (``phase1.rank15_fee``): 0 below
    Rank 15 (:func:`fee_rank`), else that Rank's income per token, less up to 10 per token with
    Master of Coin (``shadow.master_of_coin``)."""
    rank = fee_rank(w, colour, cell, tokens)
    if rank < RANK15:
        return 0
    fee = tables().rank.tables[w.config.rank_table].income_at(rank)
    if "master_of_coin" in w.players[seat].persons:
        fee = max(0, fee - MASTER_OF_COIN_CUT)
    if w.config.combo_fee == "per_placement":   # ambiguity combo_fee: one fee for the combo's two tokens
        return fee
    return fee * tokens


def count_kind(player, colour: str | None, kind: str) -> int:
    """How many ``kind`` cards (of ``colour``, or of any colour when ``None``) ``player`` holds."""
    powers = player.powers
    if not powers:
        return 0
    if colour is not None:
        return powers.count((colour, kind))
    return [k for _, k in powers].count(kind)


def cards_of(player, colour: str) -> int:
    """How many Kingdom Powers of ``colour`` ``player`` holds."""
    powers = player.powers
    return [c for c, _ in powers].count(colour) if powers else 0


def limit_sources(w, seat: int) -> list[tuple[str, int, str]]:
    """Where ``seat``'s Power Limit comes from: ``[(label, +n, clause id)]`` (clause ids exist)."""
    cfg, p = w.config, w.players[seat]
    out = [("base", cfg.power_limit_base, "power_limit.definition")]
    live = cfg.limit_bonus == "live"
    if (w.position.colours().issuperset(w.board.colours) if live else w.bonus_all_colours):
        out.append(("all_colours", LIMIT_BONUS, "power_limit.all_colours"))
    blacks = B.tokens_of(w.position, w.board.black)
    if (blacks >= FIVE_BLACK if live else w.bonus_five_black):
        out.append(("five_black", LIMIT_BONUS, "power_limit.five_black"))
    reached = [c for c in w.board.colours if kingdom_rank(w, c) >= RANK15] if live else list(w.rank15)
    if cfg.players == 4 and reached:
        out.append(("rank15", LIMIT_BONUS, "power_limit.four_players_rank15"))
    if cfg.players == 3 and reached:
        out.append(("rank15", LIMIT_BONUS * min(RANK15_COLOURS_3P, len(reached)), "power_limit.three_players_rank15"))
    powers = p.powers
    if not powers:   # no card: no King, no pair
        return out
    kings = count_kind(p, None, "king")
    if kings:
        out.append(("king", kings, "power_limit.king"))
    held = {c for c, _ in powers}   # a pair is of one colour: only held colours can count
    qk = sum(min(powers.count((c, "queen")), powers.count((c, "king"))) for c in held)
    if qk:
        out.append(("queen_king", qk, "power_combo.queen_king"))  # power_limit.combo
    ll = sum(powers.count((c, "land")) // 2 for c in held)
    if ll:
        out.append(("land_land", ll, "power_combo.land_land"))
    return out


LIMIT_SOURCE_CITES = {
    "king": ("power_card.king",),
    "queen_king": ("power_limit.combo", "power_combo.same_colour"),
    "land_land": ("power_limit.combo", "power_combo.same_colour"),
}


def limit_cites(w, seat: int) -> tuple[str, ...]:
    """Clause ids of every source of ``seat``'s Power Limit now (for events the limit decided,
    such as a buy): each source's clause, plus the card text for King and the combo rule for pairs."""
    out: list[str] = []
    for label, _, clause in limit_sources(w, seat):
        for c in (clause,) + LIMIT_SOURCE_CITES.get(label, ()):
            if c not in out:
                out.append(c)
    if any(clause.endswith("_rank15") for _, _, clause in limit_sources(w, seat)):
        out.append("power_limit.mode_rank")
    return tuple(out)


def power_limit(w, seat: int) -> int:
    """Most Kingdom Powers ``seat`` may hold now (``power.limit``)."""
    return sum(n for _, n, _ in limit_sources(w, seat))


def territory_limit(w, seat: int) -> int:
    """Most Territory cards in hand: the assumed limit + 1 per Land (``power_card.land``)."""
    return w.config.territory_limit_base() + LAND_TERRITORY_BONUS * count_kind(w.players[seat], None, "land")


def exchanges_allowed(w, seat: int) -> int:
    """``phase3.exchange_limit`` (2 per round) + 1 per Land held (``phase3.land_bonus``)."""
    return EXCHANGES_PER_ROUND + LAND_EXCHANGE_BONUS * count_kind(w.players[seat], None, "land")


def deck_size(w, colour: str) -> int:
    return sum(w.power_decks[w.cidx(colour)])


def can_buy(w, seat: int, colour: str) -> bool:
    """``phase1.buy_power``: the colour's deck is not empty, the price (its Rank) is affordable
    and the buyer is under the Power Limit."""
    p = w.players[seat]
    return (deck_size(w, colour) > 0 and spendable(w, seat) >= card_value(w, colour)
            and len(p.powers) < power_limit(w, seat))


def damage_per_cell(w, seat: int, colour: str, rank_before: int) -> int:
    """Silver ``seat`` pays per emptied cell of ``colour`` (assumed table ``damage_table``)."""
    table = tables().damage.tables[w.config.damage_table]
    held = cards_of(w.players[seat], colour)
    if not held:
        return 0
    if w.config.damage_table == "by_rank":
        return table.at(rank_before // 5) * held
    return table.at(held)


def charge_damage(w, colour: str, cells_lost: int, rank_before: int, cause: tuple[str, ...]) -> None:
    """Every holder of ``colour``'s Power pays cells lost x damage at once (``damage.formula``)."""
    for seat, p in enumerate(w.players):
        if p.out:
            continue
        per = damage_per_cell(w, seat, colour, rank_before)
        if per:
            charge(w, seat, per * cells_lost, ("attack.damage_on_empty", "damage.formula", "power.damage") + cause,
                   f"ค่าเสียหายจากอำนาจ {cells_lost} ช่อง x {per} (สี{w.board.colour_th[colour]})",
                   f"power damage {cells_lost} cell(s) x {per} ({colour})")


def update_flags(w) -> None:
    """Record permanent Power Limit bonuses as they happen (``power_limit.all_colours``, ...)."""
    if not w.bonus_all_colours and w.position.colours().issuperset(w.board.colours):
        w.bonus_all_colours = True
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "limit_bonus", None, ("power_limit.all_colours",), "มีอาณาจักรครบทุกสีบนกระดาน: Power Limit +1",
                 "every kingdom colour is on the board: Power Limit +1", bonus="all_colours")
    if not w.bonus_five_black and B.tokens_of(w.position, w.board.black) >= FIVE_BLACK:
        w.bonus_five_black = True
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "limit_bonus", None, ("power_limit.five_black",), f"โทเคนสีดำครบ {FIVE_BLACK} ตัว: Power Limit +1",
                 f"{FIVE_BLACK} black tokens on the board: Power Limit +1", bonus="five_black")
    colours = w.board.colours
    if len(w.rank15) >= len(colours):
        return
    ranks = kingdom_ranks(w)
    if max(ranks) < RANK15:
        return
    for c, rank in zip(colours, ranks):
        if rank >= RANK15 and c not in w.rank15:
            w.rank15.append(c)
            if w.config.players in (3, 4):
                cl = "power_limit.four_players_rank15" if w.config.players == 4 else "power_limit.three_players_rank15"
                if w.events is not None:   # None: a random-play kernel keeps no event
                    emit(w.events, "limit_bonus", None, (cl, "power_limit.mode_rank"), f"สี{w.board.colour_th[c]}ถึงลำดับ 15", f"{c} reached Rank 15",
                         bonus="rank15", colour=c)


def return_power(w, seat: int, colour: str, kind: str) -> None:
    """Move one held card back to its colour's deck."""
    w.players[seat].powers.remove((colour, kind))
    w.power_decks[w.cidx(colour)][KINDS.index(kind)] += 1


def enforce_limit(w) -> None:
    """Variant ``power_limit_excess=return_lowest``: cards above the limit go back at once."""
    if w.config.power_limit_excess != "return_lowest":
        return
    for seat, p in enumerate(w.players):
        while not p.out and len(p.powers) > power_limit(w, seat):
            colour, kind = min(p.powers, key=lambda ck: (card_value(w, ck[0]), w.cidx(ck[0]), KINDS.index(ck[1])))
            return_power(w, seat, colour, kind)
            if w.events is not None:   # None: a random-play kernel keeps no event
                emit(w.events, "power_returned", seat, ("power.limit", "power_limit.lost"),
                     "การ์ดเกิน Power Limit ต้องคืน", "over the Power Limit: card returned", colour=colour, kind=kind)


def collapse_if_empty(w, colour: str) -> bool:
    """``collapse.trigger``: a kingdom with no token on the map collapses at once.

    Its Powers go back without compensation (``collapse.powers_returned``), deposits vanish
    (``collapse.deposits_lost``) except that a Queen holder may move them first (``power_card.queen``:
    queued ``queen`` decision), its Rank-15 bonus goes (``collapse.limit_bonus_lost``), its alliance
    token leaves the X cell.  Returns True when it collapsed.
    """
    if colour == w.board.black or B.tokens_of(w.position, colour) > 0:
        return False
    ci = w.cidx(colour)
    in_x = any(colour in a for a in w.alliances)
    if w.config.collapse_alliance == "alliance_counts" and in_x:
        return False
    queen_moves = []
    for seat, p in enumerate(w.players):
        if p.out:
            continue
        has_queen = count_kind(p, colour, "queen") > 0
        for c, k in [ck for ck in p.powers if ck[0] == colour]:
            return_power(w, seat, c, k)
        if p.deposits[ci]:
            if has_queen and queen_targets(w, seat, colour) != ["none"]:
                queen_moves.append((seat, p.deposits[ci]))
            else:
                w.bank += p.deposits[ci]
                if w.events is not None:   # None: a random-play kernel keeps no event
                    emit(w.events, "deposit_lost", seat, ("collapse.deposits_lost", "money.deposit_lost"),
                         f"เงินฝาก {p.deposits[ci]} Silver กับสี{w.board.colour_th[colour]}หายไป",
                         f"{p.deposits[ci]} Silver deposited with {colour} vanish", colour=colour, amount=p.deposits[ci])
                p.deposits[ci] = 0
    for a in w.alliances:
        if colour in a:
            a.remove(colour)
            give_back(w, (colour,))   # ambiguity ally_token=from_supply: back to the supply
    if colour in w.rank15:
        w.rank15.remove(colour)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "collapse", None, ("collapse.trigger", "collapse.powers_returned", "collapse.limit_bonus_lost",
                                   "power.collapse_loss"),
             f"อาณาจักรสี{w.board.colour_th[colour]}ล่มสลาย: การ์ด Kingdom Power คืนกองกลาง",
             f"the {colour} kingdom collapses: its Kingdom Powers return to the supply", colour=colour)
    for seat, amount in queen_moves:
        w.queue.append(Pending("queen", seat, (("colour", colour), ("amount", amount))))  # deposit kept until then
    return True


def queen_targets(w, seat: int, colour: str) -> list[str]:
    """Where a Queen holder may move a collapsed kingdom's deposit: a kingdom whose Power they
    still hold; when they hold none, ambiguity ``queen_no_kingdom``: ``to_cash`` (default) to
    their cash, ``lost`` nowhere (target ``none``: the deposit is lost like anyone's)."""
    targets = [c for c in held_colours(w, seat) if c != colour]
    return targets or (["cash"] if w.config.queen_no_kingdom == "to_cash" else ["none"])


def deposit_capacity(w, seat: int, colour: str) -> int | None:
    """Room left for deposits with ``colour`` (``None`` = unlimited; variant ``deposit_limit``)."""
    if w.config.deposit_limit == "none":
        return None
    p = w.players[seat]
    return max(0, card_value(w, colour) * cards_of(p, colour) - p.deposits[w.cidx(colour)])


def income_for(w, seat: int) -> list[tuple[str, int]]:
    """``income.rank_income``: ``[(colour, Silver)]`` for the Powers ``seat`` holds now."""
    p = w.players[seat]
    if w.config.income_per == "kingdom":
        return [(c, income_of(w, c)) for c in held_colours(w, seat)]
    return [(c, income_of(w, c)) for c, _ in p.powers]


def deposit_options(s, seat: int) -> list[dict]:
    """``deposit {colour, amount}`` actions for ``seat``'s cash (``income.declare_deposits``,
    ``money.deposit_where``): with any kingdom whose Power it holds, within ``deposit_capacity``."""
    p = s.players[seat]
    out = []
    for colour in held_colours(s, seat):
        cap = deposit_capacity(s, seat, colour)
        most = p.cash if cap is None else min(p.cash, cap)
        out += [{"player": seat, "type": "deposit", "colour": colour, "amount": a} for a in amount_choices(most)]
    return out

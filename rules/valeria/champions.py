"""Champions (shrines.champion, setup.champions, battle.strength_cap, battle.ongoing_champions,
end.trigger_and_scoring): prices, the three decks, instant, ongoing and end-game effects."""
from __future__ import annotations

from functools import lru_cache

from ..core.events import emit
from .board import ability, gain, pay
from .data import load
from .state import TIMINGS, seat_name


def kind_of(cid: str, config) -> str:
    """A champion's 'kind' for the +1 per same kind (ambiguity champion_same_kind)."""
    c = load().champions[cid]
    return c.troop if config.champion_same_kind == "troop_type" else c.timing


@lru_cache(maxsize=8)
def _kinds(reading: str) -> dict:
    """Every champion's :func:`kind_of` under the champion_same_kind reading ``reading`` (a price
    counts the owned champions of the same kind: asked for every face-up card at every visit)."""
    attr = "troop" if reading == "troop_type" else "timing"
    return {cid: getattr(c, attr) for cid, c in load().champions.items()}


def price(p, cid: str, disc: int, config) -> int:
    """Gold to buy ``cid``: its price + 1 per champion of the same kind owned - the discount of the
    die taken this turn (shrines.champion); the floor is ambiguity discount_floor."""
    c = load().champions[cid]
    kinds = _kinds(config.champion_same_kind)
    kind = kinds[cid]
    same = sum(1 for o in p.champions if kinds[o] == kind)
    if config.discount_floor == "printed_only":
        return max(0, c.price - disc) + same
    return max(0, c.price + same - disc)


def room(p, config) -> bool:
    """A champion fits under the quota 3 -> 6 -> 10 (battle.level_up)."""
    return len(p.champions) < ability(p, "quota", config)


def take(w, seat: int, cid: str, cost: int, log, cites) -> None:
    """``seat`` takes face-up champion ``cid`` for ``cost`` gold: its deck's face-up slot is drawn
    again (a chance step), and an instant champion's effects happen now."""
    c = load().champions[cid]
    deck = TIMINGS.index(c.timing)
    pay(w, seat, "gold", cost)
    p = w.players[seat]
    w.edit(seat, champions=p.champions + (cid,))
    w.champ_up[deck] = None
    th, en = seat_name(seat)
    if log is not None:
        emit(log, "champion", seat, cites, f"{th} รับ {c.name_th} จ่ายทอง {cost}",
             f"{en} takes {c.name_en} for {cost} gold", champion=cid, cost=cost)
    w.queue.insert(0, ("draw", c.timing, deck))
    if c.timing == "instant":
        for e in c.effects:
            gain(w, seat, e.resource, e.amount, log, cites + ("setup.champions",),
                 f"ผลทันทีของ {c.name_th}", f"instant effect of {c.name_en}")


def battle_meets(cond, used, real: int, ndice: int) -> bool:
    """A battle condition (data.BattleCondition) against a fought battle: dice counted per type
    (``used``), its real strength, its number of dice."""
    if cond.uses is not None and sum(1 for t in used if t == cond.uses) < cond.min:
        return False
    if cond.strength_min is not None and real < cond.strength_min:
        return False
    return cond.dice_min is None or ndice >= cond.dice_min


def strength_bonus(p, used) -> list[tuple[str, int]]:
    """(champion, bonus) for each ongoing champion whose strength effect this battle's dice meet
    (battle.strength_cap: bonuses from champions); conditions on strength itself are not used here."""
    out = []
    for cid in p.champions:
        c = load().champions[cid]
        if c.timing != "ongoing" or not battle_meets(c.condition, used, 10**6, len(used)):
            continue
        bonus = sum(e.amount * (sum(1 for t in used if t == e.per) if e.per else 1)
                    for e in c.effects if e.kind == "strength")
        if bonus:
            out.append((cid, bonus))
    return out


def ongoing_rewards(w, seat: int, used, real: int, log) -> None:
    """The gain effects of ongoing champions whose condition the battle met (battle.ongoing_champions)."""
    p = w.players[seat]
    for cid in p.champions:
        c = load().champions[cid]
        if c.timing != "ongoing" or not battle_meets(c.condition, used, real, len(used)):
            continue
        for e in c.effects:
            if e.kind == "gain":
                gain(w, seat, e.resource, e.amount, log, ("battle.ongoing_champions",),
                     f"แชมเปียนต่อเนื่อง {c.name_th}", f"ongoing champion {c.name_en}", source="champions")


def end_vp(p) -> list[tuple[str, int]]:
    """(champion, VP) of each end-game champion (end.trigger_and_scoring)."""
    out = []
    data = load()
    for cid in p.champions:
        c = data.champions[cid]
        if c.timing != "end_game":
            continue
        vp = 0
        for e in c.effects:
            if e.per == "champion":
                k = sum(1 for o in p.champions if e.of is None or data.champions[o].timing == e.of)
            elif e.per == "plan":
                k = len(p.plans)
            elif e.per == "award":
                k = len(p.awards)
            elif e.per == "die":
                k = sum(1 for d in p.troops if e.of is None or d[0] == e.of)
            else:
                k = len(p.conquered)
            vp += e.amount * k
        out.append((cid, vp))
    return out

"""What must hold in every Valeria state (the conformance harness and the soak check it)."""
from __future__ import annotations

from .board import ability, markers_on_board
from .config import CONQUEST_MARKERS, GEMS_IN_BOX, PLANS_TO_END, RESOURCES, TROOPS
from .data import load
from .dice import setup_numbers


def invariants(s) -> list[str]:
    """Broken invariants as texts (empty when all hold): dice conserved between bag, shrines and
    boards; gems conserved; every track within 0..cap; troops within their slots; VP = the sum of
    its sources; every card in one place; markers accounted for; at most 7 plans, and a 7th means
    the end is triggered."""
    out = []
    data = load()
    total = setup_numbers(s.n, s.config)["dice"]
    for k, t in enumerate(TROOPS):
        n = s.bag[k] + sum(1 for sh in s.shrines for d in sh if d[0] == t) + \
            sum(1 for p in s.players for d in p.troops if d[0] == t)
        if n != total or s.bag[k] < 0:
            out.append(f"{t} dice not conserved: {n} != {total} (bag {s.bag[k]})")
    gems = s.gem_shrine + s.gem_box + sum(p.gems for p in s.players)
    if gems != GEMS_IN_BOX or s.gem_shrine < 0 or s.gem_box < 0:
        out.append(f"gems not conserved: {gems} != {GEMS_IN_BOX}")
    discarding = bool(s.queue) and s.queue[0][0] == "discard"
    for i, p in enumerate(s.players):
        cap = ability(p, "cap", s.config)
        for r in RESOURCES:
            v = getattr(p, r)
            if not 0 <= v <= cap:
                out.append(f"seat {i} {r} {v} outside 0..{cap}")
        if not 0 <= p.gems <= max(ability(p, "gems", s.config), p.gems if p.gems <= 3 else 0):
            out.append(f"seat {i} holds {p.gems} gems")
        slots = ability(p, "troop", s.config) + (1 if discarding and i == s.turn else 0)
        if len(p.troops) > slots:
            out.append(f"seat {i} has {len(p.troops)} troops in {slots} slots")
        if len(p.reserve) > ability(p, "reserve", s.config):
            out.append(f"seat {i} reserves {len(p.reserve)} plans")
        if len(p.champions) > ability(p, "quota", s.config):
            out.append(f"seat {i} has {len(p.champions)} champions over the quota")
        if p.vp != sum(p.vp_by) or p.vp < 0:
            out.append(f"seat {i} VP {p.vp} != sum of sources {p.vp_by}")
        if len(p.plans) > PLANS_TO_END:
            out.append(f"seat {i} completed {len(p.plans)} plans")
        if len(p.plans) >= PLANS_TO_END and not s.end_triggered:
            out.append(f"seat {i} has {PLANS_TO_END} plans but the end is not triggered")
        head = s.queue[0] if s.queue and i == s.turn else None
        pending = 1 if head == ("skirmish",) else -1 if head == ("level", "award") else 0
        if len(p.lifted) != len(p.conquered) + len(p.awards) + pending or markers_on_board(p) < 0 \
                or len(p.lifted) > CONQUEST_MARKERS:
            out.append(f"seat {i}: {len(p.lifted)} markers lifted, {len(p.conquered)} on the map, {len(p.awards)} on awards")
    plans = list(s.plan_deck) + [x for x in s.plan_row if x] + [x for p in s.players for x in p.reserve + p.plans] + \
        ([s.battle.plan] if s.battle else [])
    if sorted(plans) != sorted(data.plans):
        out.append("battle plans not each in exactly one place")
    champs = [c for d in s.champ_decks for c in d] + [c for c in s.champ_up if c] + [c for p in s.players for c in p.champions]
    if sorted(champs) != sorted(data.champions):
        out.append("champions not each in exactly one place")
    awards = [a for d in s.award_piles for a in d] + [a for a in s.award_up if a]
    if s.config.award_claims == "taken":
        awards += [a for p in s.players for a in p.awards]
    if sorted(awards) != sorted(data.awards):
        out.append("awards not each in exactly one place")
    if s.winners is not None and not s.end_triggered:
        out.append("the game ended without its end being triggered")
    return out

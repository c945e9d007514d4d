"""Targeted search for stuck Shadow Master positions (issue 13.1).

Random play did not reach the stuck game of issue 13 in 10,000 games: it needs a debt, a
collapse and a forced sale at once.  This search builds such positions on purpose - tiny
kingdoms (1-2 cells, so one removal collapses them), players with no or little money holding
Powers of exactly those kingdoms (so damage forces sales that the collapse then voids), deposits,
castles on the edge of ruin, the last round already triggered (end of round, income, tax,
upkeep, deposits) - under every reading of every register entry, then plays random legal moves
and reports every position where the seat to act has no legal action while the game is not over
(``rules.core.testing.stuck``) or an invariant breaks.

    python -m rules.shadow_master.stuck_search [--positions 400] [--steps 200] [--seed 0]

Prints what it tried and every problem found (exit status 1 if any).
"""
from __future__ import annotations

import argparse
import random
import sys

from rules.core.ambiguity import load_ambiguities
from rules.core.play import choose_action
from rules.core.protocol import BadInput, IllegalAction
from rules.core.testing import stuck_problem as stuck
from rules.shadow_master import GAME
from rules.shadow_master.config import reading_value
from rules.shadow_master import attack, flow
from rules.shadow_master.money import charge
from rules.shadow_master.powers import enforce_limit, update_flags
from rules.shadow_master.scoring import check_end
from rules.shadow_master.state import thaw
from rules.shadow_master.tables import KINDS


def _settle(w):
    """What ``apply`` does after a handler (flags, limit, end check, automatic steps)."""
    update_flags(w)
    enforce_limit(w)
    check_end(w)
    flow.advance(w)
    return w.freeze()


def probes(state):
    """Positions one engine step away from ``state``, reached through the engine's own rule
    functions as an action would call them: every occupied cell emptied by an attack's removal
    (damage, castles, collapse, forced sales), a debt charged to every seat (forced sale or out),
    and the end of the round run at once (sales, income, tax, upkeep, deposits)."""
    seat = GAME.current_player(state)
    actor = seat if isinstance(seat, int) and seat >= 0 else 0
    for cell in list(state.position):
        w = thaw(state)
        attack.remove_tokens(w, actor, cell, w.position.count_at(cell), ("attack.siege",))
        yield f"remove all of {cell}", _settle(w)
    for debtor in range(len(state.players)):
        w = thaw(state)
        charge(w, debtor, 25, ("power.damage",), "ค่าเสียหาย", "damage")
        yield f"debt of seat {debtor}", _settle(w)
    if state.stage == "turn" and not state.queue and state.chance is None:
        w = thaw(state)
        flow.end_of_round(w)
        yield "end of round", _settle(w)


def readings() -> list[dict]:
    """One config variant per (entry, reading), the defaults included once."""
    out = [{}]
    for a in load_ambiguities("shadow_master"):
        for r in a.readings:
            if r.id != a.default:
                out.append({a.variant: reading_value(r)})
    return out


def random_position(rng: random.Random, variant: dict) -> tuple[dict, dict]:
    """``(config, overrides)`` of a fragile position: small kingdoms, poor players holding their Powers."""
    players = rng.choice([2, 3, 4])
    cfg = {"players": players, **variant}
    config = GAME.make_config(cfg)
    board = config.get_board()
    cells = list(board.cells)
    rng.shuffle(cells)
    colours = list(board.colours)
    pos, used = {}, 0
    for colour in colours:
        n = rng.choice([1, 1, 2, 4, 5])
        # grow a connected-ish group from a random start
        start = cells[used]
        group = [start]
        for _ in range(n - 1):
            nbs = [x for c in group for x in board.neighbours[c] if x not in pos and x not in group]
            if not nbs:
                break
            group.append(rng.choice(nbs))
        for c in group:
            if c not in pos:
                pos[c] = [colour, rng.choice([1, 1, 2, 3])]
        used += 1
    ps = {}
    for seat in range(players):
        held = [[rng.choice(colours), rng.choice(KINDS)] for _ in range(rng.choice([0, 1, 1, 2]))]
        held = [list(x) for x in {tuple(h) for h in held}]
        dep = {c: rng.choice([0, 0, 3, 12]) for c, _ in held}
        ps[seat] = {"cash": rng.choice([0, 0, 1, 2, 5, 12]), "powers": held, "deposits": dep}
    ov = {"board": pos, "players": ps, "first_player": rng.randrange(players)}
    if rng.random() < 0.4:
        ov["end_triggered"], ov["last_round"], ov["round"] = True, 1, 1
    return cfg, ov


def search(positions: int, steps: int, seed: int) -> tuple[int, int, list[str]]:
    """``(positions built, steps played, problems)``."""
    rng = random.Random(seed)
    variants = readings()
    built, played, problems = 0, 0, []
    for k in range(positions):
        variant = variants[k % len(variants)]
        cfg, ov = random_position(rng, variant)
        try:
            state = GAME.apply_overrides(GAME.new_game(GAME.make_config(cfg), k), ov)
        except (BadInput, IllegalAction):
            continue
        built += 1
        starts = [("start", state)] + list(probes(state))
        for label, state in starts:
            problems += play(k, cfg, label, state, steps, rng)
            played += steps
    return built, played, problems


def play(k, cfg, label, state, steps, rng) -> list[str]:
    """Random legal moves from ``state``, checking for a stuck position and broken invariants; the
    first problem found ends the walk (at most one problem per probe)."""
    where = f"position {k} {cfg} probe {label}"
    broken = GAME.invariants(state)
    if broken:
        return [f"{where}: {broken}"]
    for _ in range(steps):
        why = stuck(GAME, state)
        if why:
            return [f"{where} stuck: {why}; queue {state.queue} stage {state.stage}"]
        a = choose_action(GAME, state, None, rng)
        if a is None:
            break
        state = GAME.apply(state, a).state
        broken = GAME.invariants(state)
        if broken:
            return [f"{where} after {a}: {broken}"]
    return []


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    built, played, problems = search(args.positions, args.steps, args.seed)
    print(f"readings: {len(readings())} configs (defaults + every non-default reading of every register entry)")
    print(f"positions tried: {args.positions}, built (valid overrides): {built}, "
          f"probe starts x steps: {played} (each position: as built, every cell emptied by a removal, "
          f"a debt per seat, the end of the round)")
    print(f"problems: {len(problems)}")
    for p in problems[:30]:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

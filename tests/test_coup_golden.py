"""Golden digests of Coup games through the engine: everything a reader or a program can observe.

For each config below (2-6 seats with and without the Reformation, every non-default reading of
``data/coup/ambiguities.yaml`` with and without the Reformation, a few mixes) 12 seeded random
games are played through ``GAME.new_game`` / ``legal_actions`` / ``apply`` / ``sample_chance``
(``rules.core.play.choose_action``, the moves ``random_play`` makes), and a sha256 is taken of, at
every step: the setup events, ``current_player``, the legal action lists (dicts in their order),
each legal action's ``describe_action`` label, ``observe(state, seat)`` for every seat and the
spectator, ``state_to_json``, a few illegal probes (``explain_illegal`` and the refusal ``apply``
raises: clause, Thai, English), the chosen action and its label, every event (kind, actor,
cites, data, ``visible_to``, Thai and English texts); at the end ``score_breakdown`` and
``returns``.  The digests were computed on the engine before its speed work (issue 11): a change
of any text, order or rule shows here.  ``COUP_GOLDEN_PRINT=1`` prints the current digests.
"""
from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

from rules.core.ambiguity import reading_configs
from rules.core.play import choose_action
from rules.core.protocol import CHANCE, TERMINAL, IllegalAction, setup_events
from rules.coup import GAME

GAMES_PER_CONFIG = 12


def _configs() -> dict[str, dict]:
    out = {}
    for players in range(2, 7):
        for reformation in (False, True):
            out[f"p{players}{'R' if reformation else ''}"] = {"players": players, "reformation": reformation}
    for _entry, reading, values in reading_configs("coup"):
        for reformation in (False, True):
            (field, value), = values.items()
            out[f"{field}={value}{' R' if reformation else ''}"] = {
                "players": 3 + len(out) % 4, "reformation": reformation, **values}
    out["mix1 R"] = {"players": 5, "reformation": True, "window_order": "one_window", "who_blocks": "anyone",
                     "decline_proof": "must_prove", "reaction_order": "seat_order", "proof_shuffle": "top"}
    out["mix2"] = {"players": 4, "reformation": False, "deck": "inquisitor_replaces_ambassador",
                   "examine_pick": "random", "examine_force": "inquisitor_exchange", "concede_loss": "face_down",
                   "steal_short": "needs_two", "gone_target": "steal_anyway"}
    out["mix3 R"] = {"players": 6, "reformation": True, "factions": "each_chooses", "one_faction": "deadlock",
                     "treasury": "unlimited", "eliminated_coins": "bank", "first_player": "random",
                     "embezzle_challenger": "no_loss", "peacock": "literal_absent"}
    return out


CONFIGS = _configs()


def _default(o):
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    if isinstance(o, tuple):
        return list(o)
    raise TypeError(f"not JSON: {o!r}")


def _event(e) -> list:
    return [e.kind, e.actor, list(e.cites), dict(e.data),
            None if e.visible_to is None else sorted(e.visible_to), e.text_th, e.text_en]


def _refusal(state, probe) -> list:
    """explain_illegal of ``probe``; when illegal, apply must raise exactly that refusal."""
    exc = GAME.explain_illegal(state, probe)
    if exc is None:
        return ["legal"]
    with pytest.raises(IllegalAction) as got:
        GAME.apply(state, probe)
    assert (got.value.clause, got.value.message_th, got.value.message_en) == (
        exc.clause, exc.message_th, exc.message_en), probe
    return [exc.clause, exc.message_th, exc.message_en]


def _probes(state, seat, chosen, n) -> list:
    other = (seat + 1) % n
    probes = [{"player": seat, "type": "bogus"}, dict(chosen, player=other),
              {"player": seat, "type": "coup", "target": seat}, {"player": seat, "type": "lose", "card": "duke"},
              {"player": seat, "type": "steal", "target": other}, {"player": seat, "type": "pass"},
              {"player": True, "type": "pass"}, {"player": seat, "type": "block", "character": "contessa"}]
    return probes


def game_records(config: dict, seed: int):
    """Yield JSON-able records of one random game, in order."""
    cfg = GAME.make_config(config)
    n = cfg.players
    state = GAME.new_game(cfg, seed)
    rng = random.Random(seed * 7919 + 1)
    yield ["setup", [_event(e) for e in setup_events(GAME, state)]]
    seats = [None, *range(n)]
    for _ in range(2000):
        cp = GAME.current_player(state)
        rec = ["step", sorted(cp) if isinstance(cp, frozenset) else cp, GAME.state_to_json(state),
               [GAME.observe(state, v) for v in seats]]
        if cp != TERMINAL and cp != CHANCE:
            legal = {s: GAME.legal_actions(state, s) for s in range(n)}
            rec.append([[a, list(GAME.describe_action(state, a))] for s in range(n) for a in legal[s]])
        action = choose_action(GAME, state, None, rng)
        if action is None:
            yield rec
            break
        rec.append(action)
        rec.append(list(GAME.describe_action(state, action)))
        if "chance" in action:
            rec.append(_refusal(state, {"chance": "bogus"}))
        else:
            assert action in legal[action["player"]]
            rec.append([_refusal(state, p) for p in _probes(state, action["player"], action, n)])
        tr = GAME.apply(state, action)
        rec.append([_event(e) for e in tr.events])
        yield rec
        state = tr.state
    else:
        pytest.fail(f"game {config} seed {seed} did not end")
    yield ["end", GAME.score_breakdown(state), GAME.returns(state), GAME.invariants(state)]


def digest(config: dict) -> str:
    h = hashlib.sha256()
    for seed in range(GAMES_PER_CONFIG):
        for rec in game_records(config, seed):
            h.update(json.dumps(rec, ensure_ascii=False, default=_default).encode())
            h.update(b"\n")
    return h.hexdigest()


GOLDEN = {  # first computed on main at 966e915 (before the speed work of issue 11); recomputed when readers'
    # seat numbers began at 1 ("ที่นั่ง 1" for seat id 0): with every text's seat numbers mapped back to ids,
    # the new records gave exactly the old digests (no rule, order or other text changed); recomputed
    # when texts named the ambiguity register in its words (rules.core.ambiguity.ambiguity_ref, not
    # "ambiguity treasury_start"): with every new reference mapped back to its old id text, the new
    # records gave exactly the old digests again; recomputed when an out event began to cite its cause
    # and intro.winner (not challenge.lose_both) and a pass on a block the action's clause (not
    # details.block_optional alone): with those two events' cites mapped back, the old digests again;
    # recomputed when a fizzle began to name register entry gone_target (ambiguity_ref) and cite its
    # clauses, the action's first (not challenge.lose_both, details.proven_continues): with each
    # fizzle's cites and text mapped back, every config gave exactly the old digests (80 fizzles)
    # recomputed when the Thai refusals of a coup and an assassination short of coins began to say the
    # coins there are ("... มีอยู่ 2 เหรียญ", as the English did): with those two texts mapped back, all 61
    # configs gave exactly the old digests
    # recomputed when the claimant's own prove / lose labels began to say "its Duke block" ("seat 2: do not
    # prove its Duke block ...", not "... seat 2's Duke block"): with claim_phrase(own=True) mapped back to
    # claim_phrase(own=False) in those labels, all 61 configs gave exactly the old digests
    # recomputed when the Reformation's setup line said its almshouse assumption in words ("as the project
    # assumes (the rulebook does not say; ...)", not "as assumed in components.yaml"): only the 31
    # Reformation configs changed (the one text is a setup event of theirs alone); the others kept theirs
    # recomputed when register entry almshouse_start (config field almshouse) was added: every state_to_json
    # carries the config, so every digest moved; with the new key dropped from that config where it is at
    # its default ("empty"), all 61 old configs gave exactly the old digests (no rule, text or order
    # changed); the two almshouse=two_coins configs are new
    # recomputed when the Reformation's setup line named register entry almshouse_start under its default
    # reading too ("... as in the published game) ดู/see ข้อกำกวม: ...", as the bank's line names treasury_start)
    # and its data gave the reading (almshouse_start): only the 32 Reformation configs changed; with those
    # words and that key taken out of each setup_reformation event, all 63 configs gave exactly the digests
    # before (no rule, order or other text changed); recomputed when a blocked event named the action in
    # words ("seat 2's foreign aid is blocked", not "foreign_aid"): with each blocked event's texts mapped
    # back to the old ones, all 63 configs gave exactly the digests before
    'almshouse=two_coins': 'aad4779b7176b5d5c6da5de13b7225c553faeac75f26f2256b42eefd6cf9f556',
    'almshouse=two_coins R': '7cb638c689c590316d939b12bd8f2b1b11115ee7938417e5c38a3c375f53958d',
    'assassin_refund=never': '9f16608622f603552fcf0cc01b6580b15e764149afcbde1e021ddbe22c30daef',
    'assassin_refund=never R': '80348dcac1812acd92a02446ce1b9997239af099704d857f3ae024605ff94f2c',
    'assassin_refund=whenever_not_resolved': '7311e33e62182dbdb9330708f96e02ac47ae4f7a90219dc91b6cb38d08083cc8',
    'assassin_refund=whenever_not_resolved R': '4e29055b328ab58008177a5e587441010645528346553625713d491b45cd9017',
    'concede_loss=face_down': 'aa00aff1fb4e28448522829d602d6c182f8ad57c73922cbd45ac91f2f39f07db',
    'concede_loss=face_down R': '2514b4a5fe891ee0615d77ff48cfe5ee50b7693b96250538faf05c3e93125b90',
    'conversion_coins=bank': '387bd3ddb1a425e75b37793dc409e95c9520e9044f916a271e1fa50f800b143e',
    'conversion_coins=bank R': '10debc89e1814528f2ec24f9a3c34d2c8f6913c0710540e5842f4d180ae758ab',
    'deck=ambassador_only': '6f395ba6cd11ce405c2434e023c970592910ca471c07c27072767720e7974fd5',
    'deck=ambassador_only R': '38cf91bfa712098f89e5b6187af425ea3658127006ed4335c7265285ce80c475',
    'deck=inquisitor_replaces_ambassador': '54c775d5a55adb734738c616e67826d4a7d1ca63fa35cdbcd5a691bfd805e81f',
    'deck=inquisitor_replaces_ambassador R': '83e22272ba9a0ecabaea05eb7df95b584bab61f4e9735241f684d46b6842d74f',
    'decline_proof=must_prove': '4cf9acc472b97069d53c9985ba2d31b0669b0b9ecbc8e985d942838f400d638e',
    'decline_proof=must_prove R': '9b1dc2d0cb089be4a1057e2be93ca1920f8e8cfc692db80fb2a3f6be6cff60b7',
    'eliminated_coins=bank': '407290edb0758f53207e4c901b126286c83ca1ff0b6b7812146842144727085d',
    'eliminated_coins=bank R': '537fe941268564e13003bf005827a2f6074216fbdf89bc533acdf7f30a2e3090',
    'embezzle_challenger=no_loss': '14db0ecc175bf93dc5c305e7a7448c0426038c0940b4aa9bb4f442a0e68a368e',
    'embezzle_challenger=no_loss R': 'af33e196cd10ef72b876e90051aa2cc83d42ff9c2d3e4adb3834da93868d3933',
    'examine_force=inquisitor_exchange': '16bb15bede6a15bc20ba05c56d647b60f347e4cd791e729db6b1660a6f76e11a',
    'examine_force=inquisitor_exchange R': '403c81427e96d1df157ca2d3cef24c56cc0fd357b50edd27e3377436ed92ba63',
    'examine_pick=random': '0c370d7773cc4ec015bd784ad62e9df2af1a2fdf8a09ab9b80fe1e55f8cee90a',
    'examine_pick=random R': '59bf23665b9999badff8e63815e5fbfff33234b5b21e92e1e64f05c87580b424',
    'factions=each_chooses': '98e1f099fbe02ba7226a38e25a06ec547caa1a6aa8f01f556aa774c3156e929d',
    'factions=each_chooses R': '6c9a9c5e52d6911fed1a91a03fa1d3a601ec5d51e87f785f5128993f441163ec',
    'first_player=random': 'd5b6ce1ea0a9e51fe130fc50b3bdf44914ac063d021e249a19e39eea61a435bc',
    'first_player=random R': '4c468c8f5e327fd317abd1d0d7341e4899763cbb9e553e6c1c291ee2db829da6',
    'gone_target=steal_anyway': '8cab605721119099ab9ddc34546a67388358c01f87762af3932dd0ff7625c283',
    'gone_target=steal_anyway R': '35f5348d382ad6f1ef72ef280fb1086bdd22f3b59cbf25d2be0ab148419e2183',
    'mix1 R': 'f868666c52dee0e0ec7feffe53523137223ca05725560f05656e473f0862fab2',
    'mix2': '1f92c45683e9958b027bc483eb1d84792fdcb45614cea31abea512f58d6f6f20',
    'mix3 R': '4c395207e8d2efa6babc981330d7094e4ce7ca4e154cbaa1beabb2831c7666a5',
    'one_faction=deadlock': '9df601a136b6f593dc4a09d71b1a8a518c03cb36767982da1c1c828e2c27814e',
    'one_faction=deadlock R': '4bbbb4e28ebaa7f2055e37ec9b73c78abce7410ddbb636d4bd449b255c835743',
    'one_faction=waive_forced_coup': '7fea6d708c9d1c23341b2ceef51ec931d6334133d62ceb18f7f5af626fc76e83',
    'one_faction=waive_forced_coup R': '1331cee5d289b4e757c400b3f6c0979d5e8821422ddbcc73285a2027575c9fc5',
    'p2': 'd3c4bde77ac115f29b41b6e42e19c4b8f626db6f15ae20ba26984d2c63c37154',
    'p2R': 'c268d840ed44a34bdab371944fc8fa313e8daebca25aa8648a86d2640003ca24',
    'p3': 'b80cf53a1c367b31c4f6ab1610ccd74c68f7277abbab738e2576cc118282e0b3',
    'p3R': 'd9ca4aa11ebf2c0d59e1f49ddc8988a0b79190843dfd370496775743f8d1dac3',
    'p4': 'b96811601e2654f4434ddb755f5bd2c18c0685e7d8e62999111b2a2729b0eda3',
    'p4R': 'a3c09f8804049f69339ae12852ff776be7fb3b5e03e6c339e922381e2cbfbba0',
    'p5': 'c8216d12ce8800d40a68541cd9b17e5f5c02e93fd488e76472ddee426b57a45c',
    'p5R': '9194304b2039f04bfd4592f626e8d56b4d80f3098d81a7ff2e7b544551aeb871',
    'p6': 'b5370f974130932b73252cb7cb3433fddc618a68b4f11dc87339c45731b0e3f4',
    'p6R': '73c8c96062e753010d4af08e2f8ebc267b5b426a0e4c5b15f46c9a1f3ef59bf3',
    'peacock=literal_absent': '8f94953a0f56268a4391e59d85089848090752e23774b6b39a328efc7e253a3f',
    'peacock=literal_absent R': '01a55c6d5ff54254b419483e51cc72fb9ac365a612ca67881d3c8831a1970224',
    'proof_shuffle=bottom': 'c7ac103d4072385c38ecd9ae13f040a81aaf2db67bfdd02c12b3d96d51d67b97',
    'proof_shuffle=bottom R': '0885200d320a158571923e10feba3c7f3ccbbc068020f6d82dc031008ab5f1d7',
    'proof_shuffle=top': '90d27d8bc97e7ac2992bee0c04bb29c21aa66afe1ae4ea2565e966b561d64f14',
    'proof_shuffle=top R': '80c42cb609987b2e66c5cc27c97721c4d5dea8c33aa605cfdac09df1c80123d0',
    'reaction_order=seat_order': '464b70718f4aeea75280916ebe66774836cb51e1485c364beefd9fbeeb713f96',
    'reaction_order=seat_order R': '956a07923f34c7a34d9d084dc3262497be9771a7a4887cb3f92f9595a1123458',
    'steal_short=needs_two': '06556fab64d0f1f55297fd20e20f00fcb961a938746569838087b7c8f87723b6',
    'steal_short=needs_two R': '1322607331e26a19aa14093f0831424dcdc69ce43af8daa8b665735d9ede64fa',
    'treasury=unlimited': '1d9b6f2e41fc350b8e0f902adefcc616945dd9dc14acd6c02e2a892545ede6ae',
    'treasury=unlimited R': '860314e986914e21317342ad367fc1223a02a1ed1b85b96799a35a9f16da293c',
    'who_blocks=anyone': '5c4b33fec35df4b14176b234f4cd39df85a7d54effae7fda69b151dff6b0ba0b',
    'who_blocks=anyone R': 'a3bfe3ad9dab49b79f6d38171180f09fd3791a4e14be8fec118eb0301a6b4a67',
    'window_order=one_window': '103c71b0f8abaab9f5151e84be99aab7f7ec21a79531dafc22965d467805bf5d',
    'window_order=one_window R': '5467f399126311f9e16004145eed726e4a1d1024063bf54860385b3d0b1118a0',
}


def test_every_config_has_a_digest():
    assert sorted(GOLDEN) == sorted(CONFIGS)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_golden(name):
    got = digest(CONFIGS[name])
    if os.environ.get("COUP_GOLDEN_PRINT"):
        print(f"\n    {name!r}: {got!r},")
    assert got == GOLDEN.get(name), name


def _wrapped(monkeypatch, apply=None, legal=None):
    from rules.coup.engine import CoupGame
    if apply:
        orig = CoupGame.apply
        monkeypatch.setattr(CoupGame, "apply", lambda self, s, a: apply(orig(self, s, a)))
    if legal:
        orig_legal = CoupGame.legal_actions
        monkeypatch.setattr(CoupGame, "legal_actions", staticmethod(lambda s, p: legal(orig_legal(s, p))))


def test_digest_sees_a_changed_text(monkeypatch):
    """One event text changed by one character (the English of every pass) changes the digest."""
    from dataclasses import replace

    from rules.core.protocol import Transition
    before = digest(CONFIGS["p4"])

    def changed(tr):
        return Transition(tr.state, tuple(replace(e, text_en=e.text_en + "!") if e.kind == "pass" else e
                                          for e in tr.events))
    _wrapped(monkeypatch, apply=changed)
    assert digest(CONFIGS["p4"]) != before


def test_digest_sees_a_changed_order(monkeypatch):
    """The legal actions in another order (the same set) change the digest."""
    before = digest(CONFIGS["p3"])
    _wrapped(monkeypatch, legal=lambda out: out[::-1])
    assert digest(CONFIGS["p3"]) != before


def test_an_edit_of_an_events_json_does_not_reach_the_shared_event():
    """Coup appends one event object to many logs (its frequent events are built once): editing what
    ``to_json`` gave (the list of cards drawn, say) must leave the event, and so every later log, as it was."""
    game = GAME
    seen = 0
    for seed in range(6):
        state = game.new_game({"players": 3}, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.current_player(state) == TERMINAL:
                break
            t = game.apply(state, choose_action(game, state, None, rng))
            for e in t.events:
                before = repr(e)
                j = e.to_json()
                for v in j["data"].values():
                    if isinstance(v, list):
                        v.append("duke")
                        seen += 1
                j["data"]["x"] = 1
                assert repr(e) == before
            state = t.state
    assert seen > 0  # some event data held a list

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


GOLDEN = {  # computed on main at 966e915, before the speed work of issue 11
    'assassin_refund=never R': 'defb8704f5c3362a95bbf80f961eee2ad8a882106beca7bf59cdbe35bab2758f',
    'assassin_refund=never': 'fcba8ac64846f740466ed0fc3d6e7068a14048117595223588a645c9c08907d8',
    'assassin_refund=whenever_not_resolved R': 'ffc8262002ab289225a88881a150ebc8d24f02b82b8a498377d0c9fb43a35200',
    'assassin_refund=whenever_not_resolved': '146e038840676b923f4a3037758eca923bd2bd23111904fab02240bb0d2fdf15',
    'concede_loss=face_down R': 'ff3ce3f4ce402990476f90bc540fb1d4f5b9b8f67083942e6804460a61f34018',
    'concede_loss=face_down': '5e5a7e4df376715eb7fd20f6242931bfd9ed3e2bfeae7b093885805fba9df338',
    'conversion_coins=bank R': '0dec51d152ecd2b7e8f26984caaf9133790d34d3ee31aa3814d9b8c8a7ed00eb',
    'conversion_coins=bank': 'df507676d44dc9fb70465cbdbd26d9a0071ba3e6b133765ab17d0ca8a2c0c42c',
    'deck=ambassador_only R': 'a447ef1154cd20ec47f62d89969b60652a852453337d0e5f64637477b992bccc',
    'deck=ambassador_only': '15cc86506b5049d8db932ab4ca38ecb1b040227ac36a5a878fc0534992ae555a',
    'deck=inquisitor_replaces_ambassador R': '3369c56ba10043e0f8f04f98d227412efbeabab247c88b63c07f5e624ce08c12',
    'deck=inquisitor_replaces_ambassador': '23804a95592a57e06a9c2dc7b0b5fab70b4fd554afc995ab55f95f1729a5eec0',
    'decline_proof=must_prove R': 'aa0529e37d29af42ae6ba0aa74c0c755cc8825e753c8b403247b55b424224721',
    'decline_proof=must_prove': '2d85f65847b39240a9a6f6df8333fbb85dbdc0b69777009b6bca83ea67a579e4',
    'eliminated_coins=bank R': '37bd40fa59f7a2d93941bf7d4fcb38cfdb29f2bdec2fcf7cc90f379c696e36f1',
    'eliminated_coins=bank': 'f37a2a8bf7ecd8e67e56cb1737dab50f6e6558d11ae732dbed0a7a7188e83bec',
    'embezzle_challenger=no_loss R': 'ec8550fe0f9656a1d7c24b20a21bc9d43ddbb33b142a38114a097d8b6b61584c',
    'embezzle_challenger=no_loss': '8de9943308f81c52741485e2cc450a8e48b2cde610cdd7f982f2762b5511938f',
    'examine_force=inquisitor_exchange R': 'd8a85fbea4160136ae864d42cea2eb919d5afc6427125aa2a4b8ab541ddebd75',
    'examine_force=inquisitor_exchange': 'a49bc2fc1325c1f8d3406309ac47c3106aaa32e01c1b5063a9b9cf80ac427b60',
    'examine_pick=random R': '3f6c98b8a3c74db5223859b5040817f8fdec6f1bed90c443ef234849d2698c2e',
    'examine_pick=random': 'edc84c6d278cc81fdf0551e180301d3ca61c29118db83d9b1cf6d97579609ee3',
    'factions=each_chooses R': '76658a91ddb53a517b85c9e5290cc828b19b5240c30ae3d4221394fffe1e988b',
    'factions=each_chooses': '324a48d21cdbc9bddd52a0de681caa0e97793ca9ae765e5f77c493e2023452ca',
    'first_player=random R': '6a7d3612fc5e8220fb29a16dc67dfd47957e3dca7e3afbaf7ebce3f925ea2c5b',
    'first_player=random': '7216a56478dc88f0221a76e25a8309d40d338f028d2f89caa2a4495a8ab5a386',
    'gone_target=steal_anyway R': '061509006bb5ef29a7f81896718116b96f9395a4118d7c43d3fe5a87246edb81',
    'gone_target=steal_anyway': '0b650fe2e618886081992475cc66ce4654257ea17e4470d5581eeaff664c17c7',
    'mix1 R': 'd7fe74ac23d60e620c48b8a5d38ff7e5ccf421cf10035fc3aa6e335757524c6a',
    'mix2': '7a61c4c78f0c565949bb6d995b314c8e1e46781ee74ba696219b30e2a6d31473',
    'mix3 R': '33d4daa860af4f524bbb26543416f7afe827569308344f5fb8cb47297337ea8f',
    'one_faction=deadlock R': 'c9dd289a85303fbeb73ccd4a1706c370de5911a851d41f31881de98baad84d86',
    'one_faction=deadlock': 'f26b7096eb9a84e8b9c667046a54c63fe28a16859de3dbf4dcca2db150602b50',
    'one_faction=waive_forced_coup R': '33b5f647c187c0a2b0343a7d852743dfe9aeea9446d98898aab0d449a731f392',
    'one_faction=waive_forced_coup': 'f8ea10cd95351e90ac8b6653117910146e83aa16d6490d260644f1ad7a28b9d4',
    'p2': 'ee3b0efc18d7cb19e40e942038bdfbc48d7aec6b004aa70255041948ecc6cdf2',
    'p2R': 'fa2872f813432a883b50aa8ce4d96836ed94d7c16cd179fce3e889309ef79b65',
    'p3': '3964f8fbe35fcb01ab1817a18e52cabc1e7212e890e1caee286506301a103b4c',
    'p3R': '1148390bd376e7e7c39dfa7590a8f0ccbcc50aee045d2794611b245b12f850aa',
    'p4': '8773e42e937800a1beda08ff0699f3e1031952b1751d59a4c283cd19e8c05192',
    'p4R': '9a51879100b7b37729c23ae5226a418732ae4bfddf42a4e0cab1fd93f1b3648c',
    'p5': '2c77a58457168ef700c9e22dfa80bc254fdc1e838b370283209299ce34fd7062',
    'p5R': 'b4541ea85326d16d244a817c52c88bc2bc32e3a3f9810627331a0d1d7d8f675e',
    'p6': '1be57985bb5ed9c6537f805d331c022ac51c413b4dc416965fe05558ddd4d073',
    'p6R': 'a1943010f27b8521fa256f30a4bf7362bdd94024d809c11de9086e71ea35dfff',
    'peacock=literal_absent R': 'fb5042447fa8c0ef7859559e58eff7aba0e22d0805cfd11b72a0441faa041be6',
    'peacock=literal_absent': '199610c29212c4f0af073df7735c64a23bf63ae0265b3b660633f867859b06ee',
    'proof_shuffle=bottom R': '1d9afb0afb2b2e4c3c67d9809603c172c5bc571c16a4c21b6bfbec8d11ea4b69',
    'proof_shuffle=bottom': '2141a7ab5022680f53776991cbc2a071f7f1a7b0bc139e20312ce113bb7117d1',
    'proof_shuffle=top R': '695374aa6bfba500f3863b8d878192e785f7b1736d1981f88b7f0cbad5eaf1c0',
    'proof_shuffle=top': '3671db709016d260dc8be4026e874bf15144ef1fff86835fcd4a8d40a67ba944',
    'reaction_order=seat_order R': '8c9e8f9f87b707a3529f2981722815459a8146000b999790ae522c0c6cce8fb3',
    'reaction_order=seat_order': 'd45807e4f514d2434aab02d443bfd1b7af52e8a6fa6ec0b8689b9cde09ea1a43',
    'steal_short=needs_two R': '838bc7e4ecde4c8c87119cc8bac5f1f0b42c8be445d24accf4fd1645ed11a59f',
    'steal_short=needs_two': '1004ad296bc7fff715f19c0ed6036bae77afb293837a25c45f17e1938486b50b',
    'treasury=unlimited R': '7ba9d4439e6693761d554659888343e146221944fbea9d50d263e0225496afc7',
    'treasury=unlimited': '64b14f430eada8d124be45008dedd4ff6650698692ba8f857aeb43cbe610dd8d',
    'who_blocks=anyone R': 'a997e3cbc60a2a14601eb8d0c257747b9c6ab77f9819ad045e4fb5d8ee6cf37f',
    'who_blocks=anyone': 'c37bfc127b2870dc2f761c3df23319895df835eb6548077e878288e6ff2f73ed',
    'window_order=one_window R': 'c45791f1e861b5b06959ea13753e0232dbf373c00458d3d7d02bfd0c5ab92658',
    'window_order=one_window': 'a963e18271e1b83c015d4240559615536e5aa88d6ca871c31ce786491aad6592',
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

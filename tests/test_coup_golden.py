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
    # before (no rule, order or other text changed)
    'almshouse=two_coins': '780564e2e28070cb0d25453ff7bb089d214c56978a6f26654ae915139a188f9d',
    'almshouse=two_coins R': 'e0be7c76b690923fcc216a8588a584e7b89917b7962396361bd12ccbe7c9bbaf',
    'assassin_refund=never': 'cabfda888032324828dda354c758ce2f88cf8d1bced2ace09f6137b5ab925767',
    'assassin_refund=never R': '9ed44e0ebdef05632eef4c5c9cc27f29eaa82d43cfd5107ac39134d0d7ebc6df',
    'assassin_refund=whenever_not_resolved': '61e7fdd50ab1cba313bffcdcdd4c20edd8401f374c7f4bc0eaf38b5bde1de7fb',
    'assassin_refund=whenever_not_resolved R': '4c1d7d4a9543f6bf30ad5468a323e6651b144ce414fce49b96b143b16d8a8890',
    'concede_loss=face_down': 'c56bbddfd8d67724f5a898006c86245d4020653de32a304790ffc6318de399ea',
    'concede_loss=face_down R': '2fc99fdbd6c32eebc393e88d8e4e53aca9055135a56c211babf95b3bfa6e738b',
    'conversion_coins=bank': '372b8df76780901cff8a3f5d9d0cb5ab2eb7b410408950b340980a1ea7ef8451',
    'conversion_coins=bank R': 'a448926e0753312d8c5fc1cb959860b0f54fd318b366190ccdd81c302176eeed',
    'deck=ambassador_only': '9e491e4d62b873004c961d9efa62bc0d91c3e8e11915acef812c556f7397c6b4',
    'deck=ambassador_only R': '9e28799314347d275e675afdbb208d77508b7fea4dce97de274f39c561a78b1b',
    'deck=inquisitor_replaces_ambassador': 'f7bbd0224dbf833c780a4c83f9b5c412e5afad3593e05334a747e50efad2db6c',
    'deck=inquisitor_replaces_ambassador R': 'cf2cff9423978b193acae455358c0a1dabe4a53f82f7a5f2a4a01cc909d4b976',
    'decline_proof=must_prove': 'd7b4d150a91315cd419d98c2b7ed471c11da9ffc2f2dbc492c0bccce76465566',
    'decline_proof=must_prove R': 'da4c4bd25cfcf78708d87fb9129385289ac67307e8cc3c802968efbe0285d07e',
    'eliminated_coins=bank': '5ac391d9f6bedc9b088b6ce69a253fe794b7a5ad561c51f1b507b78b9a5421e3',
    'eliminated_coins=bank R': 'c9144a93ba2016b723c9b12a263f7c80242f20af0568351a2cac721e5b59f3b8',
    'embezzle_challenger=no_loss': '2128824ec011e5464eac6642d0f641b3dddd630257989971953ca1e5bf4e9120',
    'embezzle_challenger=no_loss R': '570251d4029e59a91eeb35e436bc48d6144fbbc6a1528bf84f74a4a527701d74',
    'examine_force=inquisitor_exchange': '3c422ee1629c1670f04c1c5f6954427012fab32e24b77ebbfd889ce20879b412',
    'examine_force=inquisitor_exchange R': '9d0ad113361b78d90210c8719a289f9788ec6a5d5e3c5e63ec97e7b16cc3c18a',
    'examine_pick=random': '78a7f7171f7260d0e6c75acb1df837fad0da10abb356ebe6c0480a86c41eccfa',
    'examine_pick=random R': 'f9e040d76af500f1996ba368c5d3738f222d2f881fb0470b13d2f6323714a9ac',
    'factions=each_chooses': 'f4e1f3bae4e2a52a85450ad896d3325317d701fd8be0bebdaf2bdbf84f38b127',
    'factions=each_chooses R': 'd349bc0845fe788a6f62ca73b554bd89ad5915529f34c5c2816aab7ec7fc0516',
    'first_player=random': 'a97fa824f33475d73d85ffeda171f1daabdd20b7ae20f1c9af17818d41da11f3',
    'first_player=random R': '0f2d7eed5e2235c10ff023373ae3cff976d68506004a35ee4117d187b61372d3',
    'gone_target=steal_anyway': '543a165a39bd39dcd922c9b5932ef2e893adedc87b99e3afb2cd18f49e98b6f7',
    'gone_target=steal_anyway R': 'de75bafddc879bcf12863bc67a3d29fd94d8ed78292a45e4a7b739a9fc3c242d',
    'mix1 R': 'd3c85b057717a61afb226ba4c121512c3a0c51a2e18b36b7562b4eddfb26eccf',
    'mix2': 'a9f4d8d0d9726a7a92e02174f60d6728e621fef64cd963cd7d3e5b0d7f9757b5',
    'mix3 R': '4956ed3e7df8176e7ba1daf79a63ae73c91d7d92a95f64b52c20fb8d29e02144',
    'one_faction=deadlock': 'dfa8eca81286258d05801417f4cc0d8433d11458638ea8bfff0f7b0d34c30603',
    'one_faction=deadlock R': 'd61ae63fd86039af670d04fdde23b41639a0ccb3b8a3d571f2bf8c2d72e4f732',
    'one_faction=waive_forced_coup': '0138050f796b2cd6567e77b5e26638e25d232c8ab997cc6c0c0b6969104aa899',
    'one_faction=waive_forced_coup R': '7f45208cb8f266672f6207196d6c906cb93c3decbeb20efb3025890bacd39a4f',
    'p2': '6203ffc083f439f6ea2d49a9779d53b653e5a5acd70d847c9135a33c25e75cc1',
    'p2R': '6c64b395b7341777bb8f711e8072b42a0fd5d48eab8dad947bd8e10a8afb39f4',
    'p3': '8807a8410452578ff4ea78eeeb9bd646d9294d2a0c5a2ec7c4a797ade79cb0e3',
    'p3R': '588ba5b6320625cd0e57adfb97842a700ec71255cfab17e7b75ae88a7df4a948',
    'p4': '11fe5eb203f5af9d0495616861f828b74123507b30a734a16c344facbec026e6',
    'p4R': 'db2eb4d6e11fbb1eea426b40e79d74f17f1a8b5d5488f0e59513a9ca658f1e65',
    'p5': 'c673900dfd6f2cf8314b9f32e4de42cde892b8ed570bdf3a6b71b76bcbaa454f',
    'p5R': '26879ea8f210bac57f2604bf0ddb3a40ee3e850d9196018e3eed8582adfe0716',
    'p6': 'ee2e42d8081cb26e6d80eb1c88ac334593fb678561783c7f2459e5f7671e36ad',
    'p6R': '36454132f8f94d4ccd08700ea87f8755d7656ccfaf9e61a731c1a3343d1eeedd',
    'peacock=literal_absent': '803d41dd5936fce03ed0850cdba305703c21cee503557044a1d3901b9457f138',
    'peacock=literal_absent R': '08fee610f857550d6db65a0091df63822ad3827c4eb56807a4b19c4293ae0707',
    'proof_shuffle=bottom': '8886f05cb2098f8670dd277854efe3932cbb499b113addeef32cd0b8d2f62622',
    'proof_shuffle=bottom R': 'c27be65983788d84c671353ad2dff1722f7de57f97ff407f19706646bd3a15dd',
    'proof_shuffle=top': '96367bd39ed15aaea3f41e04bb9415455e7cfda1b93f8a4956c18f8d8020f3e5',
    'proof_shuffle=top R': '0e37d1ee27cd30d583592a9d54ab39e17394e4372cf23818ad4b906f4d56d3c8',
    'reaction_order=seat_order': 'b4a47d129e3c572df2d30f7dd6d708ee5e989f59cdc3b279c8c46edd34ca0edb',
    'reaction_order=seat_order R': '052ae9ef173c19711d6bb73bb4b3714aef9c3a7b03d6ddc16fdcdea4ae19d138',
    'steal_short=needs_two': '0c3e925f7ed1a87b5d57b66a40a6cdc75bf64b3236283c2063dc7d43309bab4a',
    'steal_short=needs_two R': '30a1fa3c5c011e055f33e892be618198dc59879d5f90619d1503cc9d068c4cbd',
    'treasury=unlimited': 'b5476343872107689e26d448be201e3de1be90cb24d4ef3dc53711cafff7c8cc',
    'treasury=unlimited R': '888e8fc4cdc37059ae66f9b398f56227aa47c35dceeb9f6f386db238d2a76724',
    'who_blocks=anyone': 'f700a81c60f837362bd5d3e6fbc71080d5c229d599a13382e88c018c22f4f7dc',
    'who_blocks=anyone R': '54fafa02f3e43e96348d66212f39908db87a18ad284811f366221ff1779f8221',
    'window_order=one_window': 'c36472d91e9d27fc89358c96e40bde55c1a7ad958ed09be2e121bc556482c9a1',
    'window_order=one_window R': '9891a70a06de063840beea812050401e38a79c5dd4f1fd405853fb68d1b45822',
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

"""The clauses Coup's story lines cite: each event cites the clause of its cause.

A fresh user of the Coup page found three misleading citations: a seat knocked out by a coup was
"out" by ``challenge.lose_both`` (titled "การท้าทาย / Challenges"), a seat passing on a block cited
the section heading "กฎละเอียด" alone, and character titles read English first ("Duke (ดยุค)")
where every other title reads Thai first.  The engine chooses the cites (the view only names
them), so these tests pin the engine's choice: the exact clause ids of each event, and the words
``GAME.cite_name`` gives them.
"""
from __future__ import annotations

import pytest

from rules.coup import GAME
from widgets.coup.labels import LABELS


def _play(hands, coins, *actions, players=3, **config):
    """The events of ``actions`` from a position of ``hands`` (a one-card hand has lost a Contessa)."""
    lost = [[] if len(h) == 2 else ["contessa"] for h in hands]
    state = GAME.apply_overrides(GAME.new_game(GAME.make_config({"players": players, **config}), 0),
                                 {"hands": hands, "coins": coins, "lost": lost})
    events = []
    for a in actions:
        tr = GAME.apply(state, a)
        state, events = tr.state, events + list(tr.events)
    return events


def P(seat, kind, **kw):
    return {"player": seat, "type": kind, **kw}


def _cites(events, kind):
    return [tuple(e.cites) for e in events if e.kind == kind]


def test_a_coup_knock_out_cites_the_coup_and_the_winner_clause_not_the_challenge_clause():
    """actions.coup makes the target lose an influence; a seat with none left is out of the
    game the text's intro.winner speaks of ("whoever eliminates all the others and survives
    last"), not by challenge.lose_both, a line of the challenge rules."""
    events = _play([["duke", "captain"], ["duke"], ["assassin", "ambassador"]], [7, 2, 2],
                   P(0, "coup", target=1), P(1, "lose", card="duke"))
    assert _cites(events, "influence_lost") == [("actions.coup",)]
    assert _cites(events, "eliminated") == [("actions.coup", "intro.winner")]
    out = next(e for e in events if e.kind == "eliminated")
    # the story line's words: the coup (its own words: "รัฐประหาร" also heads actions.coup_forced), no "การท้าทาย"
    assert LABELS.why_words(out) == "รัฐประหาร: จ่ายโทเค็นเงิน 7 ชิ้นและเลือกผู้เล่น… / Coup: pay 7 silver tokens and choose…"


def test_an_assassination_loss_cites_the_assassin():
    events = _play([["assassin", "captain"], ["duke"], ["assassin", "ambassador"]], [3, 2, 2],
                   P(0, "assassinate", target=1), P(1, "pass"), P(2, "pass"), P(1, "pass"),
                   P(1, "lose", card="duke"))
    assert _cites(events, "influence_lost") == [("characters.assassin_assassinate",)]
    assert _cites(events, "eliminated") == [("characters.assassin_assassinate", "intro.winner")]


def test_a_lost_challenge_knock_out_cites_the_challenge_rule_that_took_the_card():
    """A challenger whose challenge fails loses by challenge.challenger_loses; a claimant who
    cannot prove loses by challenge.fail: the out event cites that same clause."""
    events = _play([["duke", "captain"], ["duke"], ["assassin", "ambassador"]], [3, 2, 2],
                   P(0, "steal", target=2), P(1, "challenge"), P(0, "prove"), P(1, "lose", card="duke"))
    assert _cites(events, "influence_lost") == [("challenge.challenger_loses",)]
    assert _cites(events, "eliminated") == [("challenge.challenger_loses", "intro.winner")]
    events = _play([["duke", "captain"], ["duke"], ["assassin", "ambassador"]], [3, 2, 2],
                   P(0, "income"), P(1, "steal", target=0), P(0, "challenge"), P(1, "lose", card="duke"))
    assert _cites(events, "influence_lost") == [("challenge.fail",)]
    assert _cites(events, "eliminated") == [("challenge.fail", "intro.winner")]


def test_every_out_event_of_random_games_cites_the_cause_of_its_last_loss():
    """Across random games (assassinations, challenges either way), an out
    event cites exactly the cause of the seat's last lost influence, then intro.winner."""
    import random

    from rules.core.play import choose_action
    seen = set()
    for seed in range(40):
        state, rng, last_cause = GAME.new_game(GAME.make_config({"players": 4}), seed), random.Random(seed), {}
        while (action := choose_action(GAME, state, None, rng)) is not None:
            tr = GAME.apply(state, action)
            state = tr.state
            for e in tr.events:
                if e.kind == "influence_lost":
                    last_cause[e.actor] = tuple(c for c in e.cites if c != "details.two_at_once")
                elif e.kind == "eliminated":
                    assert e.cites == last_cause[e.actor] + ("intro.winner",), (seed, e.cites)
                    seen.add(last_cause[e.actor][0])
    # random play rarely saves 7 coins: a coup's knock-out has its own test above
    assert {"characters.assassin_assassinate", "challenge.fail", "challenge.challenger_loses"} <= seen


@pytest.mark.parametrize("kind,blocker,cites", [
    ("assassinate", "contessa", ("characters.assassin_assassinate", "details.block_optional",
                                 "characters.contessa_block")),
    ("steal", "captain", ("characters.captain_steal", "details.block_optional")),
    ("foreign_aid", "duke", ("actions.foreign_aid", "details.block_optional")),
])
def test_a_passed_block_cites_the_clause_that_names_the_blockers(kind, blocker, cites):
    """"did not block" cites the action's clause (which says who may block it; the Contessa's
    own clause for an assassination) before details.block_optional, as a block does: the line no
    longer names only the section heading "กฎละเอียด"."""
    actions = [P(0, kind, **({} if kind == "foreign_aid" else {"target": 1}))]
    if kind != "foreign_aid":
        actions += [P(1, "pass"), P(2, "pass")]  # the claim's challenge window
    actions.append(P(1, "pass"))  # the block window: seat 2 does not block
    events = _play([["assassin", "captain"], ["contessa", "duke"], ["duke", "ambassador"]], [3, 2, 2], *actions)
    passes = [e for e in events if e.kind == "pass" and e.data.get("window") == "block"]
    assert [tuple(e.cites) for e in passes] == [cites]
    assert not LABELS.why_words(passes[0]).startswith("กฎละเอียด")


@pytest.mark.parametrize("clause,title", [
    ("characters.duke_tax", ("ดยุค", "Duke")),               # the book: "1, Duke (ดยุค)"
    ("characters.contessa_block", ("คอนเตสซ่า", "Contessa")),  # the book: "4 Contessa (คอนเตสซ่า)"
    ("characters.assassin_assassinate", ("นักฆ่า", "Assassin")),
    ("inquisitor.exchange", ("แลกเปลี่ยน", "Exchange")),  # the book: "1. แลกเปลี่ยน", its headings_en "1. Exchange"
    # a title several clauses share, then the clause's own words (English: its gloss's)
    ("challenge.bluff", ("การท้าทาย: อาจจะพูดโกหกได้…", "Challenges: You may be lying…")),
    # the book: "3, รัฐประหาร จ่ายโทเค็นเงิน 7 ชิ้น...": no list number, no title twice
    ("actions.coup", ("รัฐประหาร: จ่ายโทเค็นเงิน 7 ชิ้นและเลือกผู้เล่น…", "Coup: pay 7 silver tokens and choose…")),
])
def test_coup_clause_titles_read_thai_first(clause, title):
    assert GAME.cite_name(clause) == title


def test_no_coup_clause_title_starts_in_english():
    from rules.core.rulebook import load_rulebook
    for c in load_rulebook("coup").clauses:
        th, _en = GAME.cite_name(c.id)
        assert not th or not th[0].isascii(), (c.id, th)


def test_a_clause_under_the_details_heading_is_named_by_its_own_first_words():
    """Every rule under "กฎละเอียด" was named by that heading alone, so a story line read
    "— นักฆ่า / Assassin · กฎละเอียด": the engine's name now adds the clause's own first words
    (no list number "(7)"), cut between phrases; the heading's own clause, whose text is the
    heading, stays "กฎละเอียด".  The English likewise, by the heading's English and the first
    words of the clause's gloss ("(7) Blocking is never compulsory, even if...")."""
    from rules.core.rulebook import load_rulebook
    th, en = GAME.cite_name("details.block_optional")  # the book: "(7) การกระทำการยับยั้งไม่จำเป็นต้องทำ แม้ว่า..."
    assert th == "กฎละเอียด: การกระทำการยับยั้งไม่จำเป็นต้องทำ…"
    assert en == "Detailed rules: Blocking is never compulsory…"
    assert GAME.cite_name("details.two_at_once") == ("กฎละเอียด: ในบางสถานการณ์ อาจเสียตัวละคร 2 ตัวพร้อมกันได้",
                                                     "Detailed rules: In some situations you may…")
    assert GAME.cite_name("details.heading") == ("กฎละเอียด", "Detailed rules")
    details = [c.id for c in load_rulebook("coup").clauses if c.id.startswith("details.")]
    assert len({GAME.cite_name(c)[0] for c in details}) == len(details) == 8
    assert len({GAME.cite_name(c)[1] for c in details}) == 8


@pytest.mark.parametrize("kind", ["assassinate", "steal", "foreign_aid"])
def test_a_passed_block_line_names_the_optional_block_rule_by_its_words(kind):
    """The story line of a seat that does not block ended in the bare heading "กฎละเอียด"
    (details.block_optional): it now says the rule, "blocking is not required"."""
    actions = [P(0, kind, **({} if kind == "foreign_aid" else {"target": 1}))]
    if kind != "foreign_aid":
        actions += [P(1, "pass"), P(2, "pass")]
    actions.append(P(1, "pass"))
    events = _play([["assassin", "captain"], ["contessa", "duke"], ["duke", "ambassador"]], [3, 2, 2], *actions)
    why = LABELS.why_words(next(e for e in events if e.kind == "pass" and e.data.get("window") == "block"))
    assert "กฎละเอียด: การกระทำการยับยั้งไม่จำเป็นต้องทำ…" in why and not why.endswith("กฎละเอียด"), why


def _gone_target_events(kind, reading):
    """A steal or an assassination whose target is out before it takes effect: the target
    challenges the claim, the claim is proven, and the challenger loses its last card."""
    first = {"steal": "captain", "assassinate": "assassin"}[kind]
    state = GAME.apply_overrides(GAME.new_game(GAME.make_config({"players": 3, "gone_target": reading}), 0),
                                 {"hands": [[first, "duke"], ["contessa"], ["ambassador", "inquisitor"]],
                                  "lost": [[], ["duke"], []], "coins": [3, 5, 2]})
    events = []
    for a in (P(0, kind, target=1), P(1, "challenge"), P(0, "prove"), P(1, "lose", card="contessa"),
              {"chance": "shuffle", "top": ["duke"]}):
        tr = GAME.apply(state, a)
        state, events = tr.state, events + list(tr.events)
    return events


def test_a_fizzle_cites_the_register_entry_that_decides_it():
    """"ที่นั่ง 2 ออกจากเกมไปแล้ว การกระทำจึงไม่เกิดผล" is decided by register entry gone_target
    (the text does not say whether an action goes on against a player who is out): the line names
    the entry (and, for a steal, its reading) in the register's words, as the setup's
    register-decided lines do, and cites the entry's clauses with the action's own first."""
    from rules.core.ambiguity import ambiguity_ref, load_ambiguities
    entry = next(e for e in load_ambiguities("coup") if e.id == "gone_target")
    steal = [e for e in _gone_target_events("steal", "fizzle") if e.kind == "fizzle"]
    assert [e.cites for e in steal] == [("characters.captain_steal", "details.proven_continues", "challenge.lose_both")]
    assert set(steal[0].cites) == set(entry.clauses)
    ref_th, ref_en = ambiguity_ref("coup", "gone_target", "fizzle")
    assert steal[0].text_th == f"ที่นั่ง 2 ออกจากเกมไปแล้ว การกระทำจึงไม่เกิดผล ({ref_th})"
    assert steal[0].text_en == f"seat 2 is already out: the action has no effect ({ref_en})"
    assert not [e for e in _gone_target_events("steal", "steal_anyway") if e.kind == "fizzle"]
    for reading in ("fizzle", "steal_anyway"):  # an assassination has nobody to hit under either reading
        hit = [e for e in _gone_target_events("assassinate", reading) if e.kind == "fizzle"]
        assert [e.cites for e in hit] == [("characters.assassin_assassinate", "details.proven_continues",
                                           "challenge.lose_both")]
        assert hit[0].text_th.endswith(f"({ambiguity_ref('coup', 'gone_target')[0]})"), hit[0].text_th


def test_a_blocked_action_is_named_in_words_not_by_its_id():
    """A fresh user read "seat 2's foreign_aid is blocked" in the story: a blocked action is named by
    the engine's words for it ("foreign aid", "steal from seat 3"), in Thai and English."""
    import random

    from rules.core.play import choose_action
    from rules.coup.challenge import action_phrase
    seen = set()
    for seed in range(60):
        state, rng = GAME.new_game(GAME.make_config({"players": 4}), seed), random.Random(seed)
        while (action := choose_action(GAME, state, None, rng)) is not None:
            before = state
            tr = GAME.apply(state, action)
            state = tr.state
            for e in tr.events:
                if e.kind == "blocked":
                    kind, target = before.act[0], before.act[1]
                    th, en = action_phrase(kind, target)
                    assert "_" not in e.text_en and en in e.text_en and th in e.text_th, (e.text_th, e.text_en)
                    seen.add(kind)
    assert "foreign_aid" in seen and "steal" in seen, seen

"""Deep links ?scenario=<stem>&step=<n> (or &frame=<k>): parsed and validated kernel-side, followed into a view."""
from html import unescape

import pytest

from rules.core.protocol import BadInput
from widgets import deeplink, page
from widgets.coup import SPEC as COUP


def scenario_view(path, step=0):
    return page.scenario_at(COUP, path, step)


def test_parse_link():
    assert deeplink.parse_link("coup", "") == deeplink.DeepLink()
    link = deeplink.parse_link("coup", "scenario=4_forced_coup&step=2")
    assert link.scenario.name == "4_forced_coup.yaml" and link.step == 2
    for query, field in [("scenario=nope", "scenario"), ("scenario=../coup/4_forced_coup", "scenario"),
                         ("scenario=4_forced_coup&step=-1", "step"), ("scenario=4_forced_coup&step=x", "step")]:
        with pytest.raises(BadInput) as e:
            deeplink.parse_link("coup", query)
        assert e.value.field == field and e.value.message_th and e.value.message_en


def _params(url):
    """The query parameters a :class:`deeplink.UrlState` keeps in the address bar (``None``: removed)."""
    return {k: v for k, v in url.query.items() if v not in (None, "")}


def _session_step(view):
    """The step a scenario view shows: the actions applied (its stepper's slider shows the frame)."""
    assert view.stepper.slider.value == view.cursor.step
    return view.session.step


def test_follow_opens_the_scenario_at_the_step():
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", scenario_view, query="scenario=4_forced_coup&step=2")
    assert link.step == 2 and len(box.children) == 3
    assert deeplink.scenario_title(link.scenario)[1] in unescape(box.children[0].value)
    view = box.children[1]
    assert _session_step(view) == 2
    url = box.children[2]  # the page's URL follows the reader's steps (a reload restores them)
    assert isinstance(url, deeplink.UrlState)
    assert _params(url) == {"scenario": "4_forced_coup", "step": "2"}
    view.cursor.jump_action(1)  # a step is an action, whatever frames the stepper shows
    assert _params(url) == {"scenario": "4_forced_coup", "step": "1"}
    view.stepper.last.click()
    assert _params(url) == {"scenario": "4_forced_coup", "step": str(view.session.length)}


@pytest.mark.parametrize("query,needle", [("scenario=nope", "nope"), ("scenario=../coup/x&step=999", "../coup/x")])
def test_follow_shows_a_message_for_a_bad_link(query, needle):
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query=query) is None
    html = box.children[0].value
    assert "kl-error" in html and needle in html and "Traceback" not in html


def test_an_example_picked_after_a_bad_link_takes_over_the_address_bar():
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query="scenario=nonsense&step=99") is None
    dd = box.children[1].children[0]
    path = next(p for _label, p in dd.options if p is not None and p.stem == "4_forced_coup")
    dd.value = path
    shown = box.children[1].children[2]
    view, url = shown.children
    assert isinstance(url, deeplink.UrlState)
    assert _params(url) == {"scenario": "4_forced_coup", "step": "0"}
    view.stepper.last.click()
    assert _params(url) == {"scenario": "4_forced_coup", "step": str(view.session.length)}


def test_a_link_asks_the_page_to_bring_its_example_on_screen_and_a_picked_example_does_not():
    """A deep link's example lies below the page's first screen on a phone: its address keeper asks
    the browser to bring the example's stepper (and the link's line) on screen once drawn
    (``UrlState.reveal``, the JavaScript: tests/test_browser_scrollto.py).  An example the reader
    picks after a bad link opens under the picker they used: nothing to bring."""
    box = deeplink.placeholder()
    deeplink.follow(box, "coup", scenario_view, query="scenario=4_forced_coup&step=2")
    view, url = box.children[1], box.children[2]
    assert url.reveal == deeplink.REVEAL == ".kl-stepper" and "kl-stepper" in view.stepper._dom_classes
    assert url.get_state()["reveal"] == ".kl-stepper"  # a synced trait: the browser reads it
    bad = deeplink.placeholder()
    deeplink.follow(bad, "coup", scenario_view, query="scenario=4_forced_coup&step=abc")  # opens at step 0
    assert bad.children[2].reveal == ".kl-stepper"
    other = deeplink.placeholder()
    deeplink.follow(other, "coup", scenario_view, query="scenario=nonsense")
    dd = other.children[1].children[0]
    dd.value = next(p for _label, p in dd.options if p is not None and p.stem == "4_forced_coup")
    assert other.children[1].children[2].children[1].reveal == ""


def test_a_game_link_asks_the_page_to_bring_its_play_panel_on_screen():
    """A shared game opens in the page's play panel, far below the link's line (at 390 px even the
    line's "go to the game" button lay below the first screen): the box asks the browser to bring
    the panel on screen (``UrlState.reveal`` searched in the whole page), and changes no address."""
    import ipywidgets as w
    box = deeplink.placeholder()
    shown = w.HTML("the game")
    assert deeplink.follow(box, "coup", scenario_view, query="game=abc", play=lambda code: shown) is not None
    note, table, url = box.children
    assert table is shown and "play on" in note.value
    assert url.reveal == deeplink.PLAY_REVEAL == ".kl-play-panel" and url.query == {}
    assert url.get_state()["reveal"] == ".kl-play-panel"


def test_no_link_leaves_the_box_empty():
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query="") is None
    assert box.children == ()


def test_shadow_master_link_opens_a_scenario_after_n_actions():
    """``step`` is the number of actions applied on both pages (a frame is only how the stepper reads
    an action): the link shows the whole of action 2."""
    from widgets.shadow_master import SPEC
    box = deeplink.placeholder()
    link = page.follow(box, SPEC, query="scenario=attack_siege&step=2")
    assert link is not None and link.step == 2
    view = box.children[1]
    assert view.session.step == 2 and view.cursor.frame.action == 2 and view.cursor.frame.full
    url = box.children[2]
    assert _params(url) == {"scenario": "attack_siege", "step": "2"}
    view.cursor.jump_action(3)
    assert _params(url) == {"scenario": "attack_siege", "step": "3"}
    view.stepper.back.click()  # back one frame: inside action 3 (a siege read event by event)
    assert not view.cursor.frame.full
    assert _params(url) == {"scenario": "attack_siege", "frame": str(view.cursor.step)}


def test_the_address_of_a_frame_inside_an_action_reopens_that_frame():
    """The address bar and "copy link" name the frame on screen; ``frame=<k>`` reopens it (not the
    action's first frame, nor the position before it)."""
    from widgets.shadow_master import SPEC
    box = deeplink.placeholder()
    page.follow(box, SPEC, query="scenario=attack_siege&step=3")
    view, url = box.children[1], box.children[2]
    view.stepper.back.click()
    view.stepper.back.click()
    k = view.cursor.step
    assert view.cursor.frame.action == 3 and 1 < view.cursor.frame.shown < view.cursor.frame.total
    query = "&".join(f"{key}={value}" for key, value in _params(url).items())
    assert query == f"scenario=attack_siege&frame={k}"
    again = deeplink.placeholder()
    link = page.follow(again, SPEC, query=query)
    assert link.frame == k and link.problem is None
    reopened = again.children[1]
    assert reopened.cursor.step == k and reopened.cursor.frame == view.cursor.frame
    assert reopened.cursor.current_events() == view.cursor.current_events()
    assert reopened.info.value == view.info.value  # the same frame drawn (heading, events, clauses)
    assert f"เฟรม {k}" in again.children[0].value and f"frame {k}" in again.children[0].value
    assert _params(again.children[2]) == {"scenario": "attack_siege", "frame": str(k)}
    reopened.stepper.forward.click()
    reopened.stepper.forward.click()  # the whole siege: the address is a step again, frame= gone
    assert reopened.cursor.frame.full and _params(again.children[2]) == {"scenario": "attack_siege", "step": "3"}
    # both given: frame decides (step=1 would be another position)
    both = deeplink.placeholder()
    page.follow(both, SPEC, query=f"scenario=attack_siege&step=1&frame={k}")
    assert both.children[1].cursor.step == k


def test_frame_and_step_mean_the_same_on_a_page_without_split_actions():
    box = deeplink.placeholder()
    link = page.follow(box, COUP, query="scenario=4_forced_coup&frame=2")
    assert link.frame == 2 and box.children[1].session.step == 2
    assert _params(box.children[2]) == {"scenario": "4_forced_coup", "step": "2"}


def test_step_means_the_same_on_both_pages():
    """After ``step=n`` both pages show the state after the scenario's n-th applied action."""
    from widgets.shadow_master import SPEC as SM
    for spec, stem in ((COUP, "2_contessa_bluff_loses_both"), (SM, "siege_collapse_deposits")):
        view = page.scenario_at(spec, spec.scenarios / f"{stem}.yaml", 0)
        assert view.session.state is view.session.initial
        for n in range(view.session.length + 1):
            view = page.scenario_at(spec, spec.scenarios / f"{stem}.yaml", n)
            assert view.session.step == n
            assert view.session.state == (view.session.transitions[n - 1].state if n else view.session.initial)


@pytest.mark.parametrize("raw", ["²", "٣", "１", "2 3", "abc", "-1"])
def test_step_must_be_ascii_digits(raw):
    """'²'.isdigit() is True but int('²') fails: the link names the step field instead.  The scenario
    still opens, at step 0, under a calm line (not an error box)."""
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", scenario_view, query=f"scenario=2_contessa_bluff_loses_both&step={raw}")
    assert link is not None and link.step == 0 and link.problem.field == "step"
    html = unescape(box.children[0].value)
    assert "kl-link-note" in html and "kl-error" not in html
    assert "ช่อง step ของลิงก์" in html and "the link's step" in html and "step 0" in html
    assert "Something went wrong" not in html and "ValueError" not in html
    assert _session_step(box.children[1]) == 0
    with pytest.raises(BadInput) as e:
        deeplink.parse_link("coup", f"scenario=2_contessa_bluff_loses_both&step={raw}")
    assert e.value.source == "link" and e.value.field == "step"


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria", "toy_pig"])
def test_a_valid_scenario_with_step_abc_opens_at_step_0_on_every_page(gid):
    import importlib
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    stem = sorted(spec.scenarios.glob("*.yaml"))[0].stem
    box = deeplink.placeholder()
    link = page.follow(box, spec, query=f"scenario={stem}&step=abc")
    assert link is not None and link.scenario.stem == stem and link.step == 0
    banner, view, url = box.children
    assert "kl-link-note" in banner.value and "kl-error" not in banner.value and "abc" in banner.value
    assert view.path.stem == stem and view.cursor.step == 0
    assert _params(url) == {"scenario": stem, "step": "0"}


def test_step_past_the_end_opens_the_scenario_at_step_0_naming_the_steps():
    from rules.core.scenario import load_scenario
    sc = load_scenario(deeplink.SCENARIOS / "coup" / "2_contessa_bluff_loses_both.yaml")
    n = len([s for s in sc.steps if not s.expect_error])
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", scenario_view, query="scenario=2_contessa_bluff_loses_both&step=999")
    assert link is not None and link.step == 0 and link.problem.field == "step"
    html = box.children[0].value
    assert "kl-link-note" in html and 'data-field="step"' in html and "stepper" not in html
    assert f"has {n} steps" in html and f"มี {n} ขั้น" in html and "999" in html
    assert _session_step(box.children[1]) == 0
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query=f"scenario=2_contessa_bluff_loses_both&step={n}")


def test_a_scenario_of_one_step_says_1_step_not_1_steps():
    link = deeplink.DeepLink(deeplink.SCENARIOS / "coup" / "4_forced_coup.yaml", 5)
    one = deeplink.step_error(link, 1)
    assert "has 1 step (step=0..1)" in one.message_en and "1 steps" not in one.message_en
    assert "มี 1 ขั้น" in one.message_th
    assert "has 3 steps" in deeplink.step_error(link, 3).message_en
    # frames are pictures, the first included: frame=0..1 is 2 of them (it said "has 1 frame
    # (frame=0..1)", and "has 11 frames (frame=0..11)" on a Shadow Master link: a fresh user's finding)
    two = deeplink.step_error(deeplink.DeepLink(link.scenario, 0, frame=5), 1, "frame")
    assert "has 2 frames (frame=0..1)" in two.message_en and "มี 2 เฟรม" in two.message_th
    assert "has 1 frame (frame=0..0)" in deeplink.step_error(
        deeplink.DeepLink(link.scenario, 0, frame=5), 0, "frame").message_en


def test_a_bad_link_error_names_the_field_on_its_own_line_not_in_the_thai_sentence():
    """The error box's Thai line is Thai text only: the field and file it is about are on a line of
    their own, labelled in Thai and English (no raw ``[link: scenario]`` tag in the sentence)."""
    import re
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query="scenario=nope") is None
    html = box.children[0].value
    thai = re.search(r'<div lang="th">(.*?)</div>', html).group(1)
    assert "[" not in thai and "link" not in thai and "scenario" not in thai
    where = re.search(r'<div class="kl-where" data-where="link: scenario"[^>]*>(.*?)</div>', html).group(1)
    assert "ช่อง / field: <code>scenario</code>" in where and "ในลิงก์ / in the link" in where


@pytest.mark.parametrize("code", ["not-a-code", "eNp" + "A" * 40])
def test_a_bad_game_link_says_what_to_do_beside_the_picker(code):
    """A cut or tampered ``?game=`` code is refused naming the field ``game`` and says what to do
    (a fresh user found the refusal did not say what to do); the picker stays, as issue 12 asks of
    every bad link."""
    from widgets.sharing import save_from_code
    import ipywidgets as w
    box = w.VBox()

    def play(c):
        save_from_code(c)
        raise AssertionError("a bad code was accepted")
    assert deeplink.follow(box, "coup", scenario_view, query=f"game={code}", play=play) is None
    text = unescape(box.children[0].value)
    assert len(box.children) == 3  # the message, then the picker; the page brings the message on screen
    assert box.children[2].reveal == deeplink.BAD_LINK_REVEAL == ".kl-error" and box.children[2].query == {}
    assert 'class="kl-error"' in box.children[0].value
    assert "game" in text and "start a new game" in text and "เริ่มเกมใหม่" in text


@pytest.mark.parametrize("gid,stem", [("new_world", "6_cathedral_secret_mission"),
                                      ("coup", "2_contessa_bluff_loses_both"),
                                      ("shadow_master", "attack_siege"),
                                      ("valeria", None)])
def test_the_link_banner_follows_the_step_on_screen(gid, stem):
    """A fresh tester stepped a New World link opened at step 0 and the banner still said "step 0":
    once the reader moves, the banner says what is on screen (and where the link opened it)."""
    import importlib
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    if stem is None:  # the longest scenario of the game
        stem = max(spec.scenarios.glob("*.yaml"), key=lambda p: page.scenario_at(spec, p).session.length).stem
    box = deeplink.placeholder()
    assert page.follow(box, spec, query=f"scenario={stem}&step=0") is not None
    banner, view, _url = box.children
    opened = f"this link opens scenario {deeplink.scenario_title(spec.scenarios / f'{stem}.yaml')[1]} at step 0"
    assert opened in unescape(banner.value) and "now showing" not in banner.value
    n = view.session.length
    assert n >= 2, (gid, stem, n)
    view.cursor.jump_action(2)
    text = unescape(banner.value)
    assert "now showing step 2" in text and "ตอนนี้แสดงขั้น 2" in text, text
    assert "opened at step 0" in text and "เปิดที่ขั้น 0" in text and opened not in text
    view.stepper.last.click()
    where = view.cursor.address()
    key, value = next(iter(where.items()))
    word = {"step": ("step", "ขั้น"), "frame": ("frame", "เฟรม")}[key]
    text = unescape(banner.value)
    assert f"now showing {word[0]} {value}" in text and f"ตอนนี้แสดง{word[1]} {value}" in text, text
    view.stepper.first.click()  # back where the link opened: the banner says so plainly again
    assert opened in unescape(banner.value) and "now showing" not in banner.value


def test_the_link_banner_names_a_frame_inside_an_action_and_keeps_a_step_problem_note():
    from widgets.shadow_master import SPEC as SM
    box = deeplink.placeholder()
    page.follow(box, SM, query="scenario=attack_siege&frame=6")
    banner, view, _url = box.children
    title = deeplink.scenario_title(SM.scenarios / "attack_siege.yaml")[1]
    assert f"this link opens scenario {title} at frame 6" in unescape(banner.value)
    view.cursor.jump_frame(2)
    where = view.cursor.address()
    shown = f"frame {where['frame']}" if "frame" in where else f"step {where['step']}"
    assert f"(opened at frame 6) · now showing {shown}" in unescape(banner.value)
    box = deeplink.placeholder()
    page.follow(box, COUP, query="scenario=2_contessa_bluff_loses_both&step=abc")
    banner, view, _url = box.children
    view.cursor.jump_action(1)
    assert "kl-link-note" in banner.value and "abc" in banner.value  # why it opened at step 0 stays said
    assert "now showing step 1" in unescape(banner.value)


@pytest.mark.parametrize("gid", ["coup", "valeria", "new_world", "shadow_master"])
def test_the_link_notes_name_the_scenario_by_its_title(gid):
    """The banner over a linked scenario and the note of a step past its end named the file stem
    (``1_large_settlement_2_2_2_closer_last``): they say the scenario file's title, Thai and English."""
    import importlib
    from rules.core.scenario import load_scenario
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    path = sorted(spec.scenarios.glob("*.yaml"), key=lambda p: p.stem)[0]
    sc = load_scenario(path)
    box = deeplink.placeholder()
    assert page.follow(box, spec, query=f"scenario={path.stem}&step=999") is not None
    text = unescape(box.children[0].value)
    assert f"“{sc.title_th}”" in text and f"“{sc.title_en}”" in text, text
    assert path.stem not in text
    view = box.children[1]
    if view.session.length:  # moved on: the banner still names the title
        view.cursor.jump_action(1)
        text = unescape(box.children[0].value)
        assert "now showing" in text and f"“{sc.title_en}”" in text and path.stem not in text


@pytest.mark.parametrize("game,th,en", [("coup", "เกมโค่นอำนาจ", "Coup (Inquisitor + Reformation)"),
                                        ("new_world", "โลกใหม่", "New World")])
def test_an_unknown_scenario_names_the_game_by_its_title(game, th, en):
    with pytest.raises(BadInput) as e:
        deeplink.parse_link(game, "scenario=nope_xyz&step=2")
    assert th in e.value.message_th and f"for {en}:" in e.value.message_en
    assert f"for {game}:" not in e.value.message_en


TWO_FAULTS = [  # (query after the scenario, [(field, words each language names it by)])
    ("scenario=nope_xyz&step=abc", [("scenario", "'nope_xyz'"), ("step", "'abc'")]),
    ("scenario=nope_xyz&frame=x9", [("scenario", "'nope_xyz'"), ("frame", "'x9'")]),
    ("scenario=nope_xyz&step=abc&frame=x9", [("scenario", "'nope_xyz'"), ("step", "'abc'"), ("frame", "'x9'")]),
    ("scenario=2_contessa_bluff_loses_both&step=abc&frame=x9", [("step", "'abc'"), ("frame", "'x9'")]),
    ("scenario=2_contessa_bluff_loses_both&step=999&frame=x9", [("step", "999"), ("frame", "'x9'")]),
    ("scenario=2_contessa_bluff_loses_both&step=abc&frame=888", [("step", "'abc'"), ("frame", "888")]),
    ("scenario=2_contessa_bluff_loses_both&step=999&frame=888", [("step", "999"), ("frame", "888")]),
]
FIELD_WORDS = {"scenario": ("ไม่มีสถานการณ์", "no scenario"), "step": ("ขั้น", "step"), "frame": ("เฟรม", "frame")}


@pytest.mark.parametrize("query,faults", TWO_FAULTS)
def test_a_link_with_two_bad_fields_names_each(query, faults):
    """A link with an unknown scenario and a step (or frame) that is no number, or a bad step and a
    bad frame, named only the first fault: the message names every bad field, each in Thai and in
    English; an unknown scenario still gets the picker, a known one opens at step 0."""
    import re
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", lambda path, step, frame=None: page.scenario_at(COUP, path, step, frame),
                           query=query)
    html = unescape(box.children[0].value)
    th = " ".join(re.findall(r'<(?:div|span) lang="th">(.*?)</(?:div|span)>', html))
    en = " ".join(re.findall(r'<(?:div|span) lang="en"[^>]*>(.*?)</(?:div|span)>', html))
    for field, value in faults:
        word_th, word_en = FIELD_WORDS[field]
        assert re.search(f"{word_th}[^·]*{re.escape(value)}", th), (field, th)
        assert re.search(f"{word_en}[^·]*{re.escape(value)}", en), (field, en)
    fields = [f for f, _v in faults]
    if "scenario" in fields:  # nothing to open: the error box and the picker
        assert link is None and "kl-error" in html and len(box.children) == 3
        assert f'data-where="link: {", ".join(fields)}"' in html
        assert "ช่อง / fields: " + ", ".join(f"<code>{f}</code>" for f in fields) in html
    else:  # the scenario opens at step 0 under the calm line naming both fields
        assert link is not None and link.step == 0 and link.problem.fields == tuple(fields)
        assert "kl-error" not in html and "kl-link-note" in html
        assert "ช่อง step และ frame ของลิงก์" in th and "the link's step and frame" in en
        assert _session_step(box.children[1]) == 0
    if fields == ["step", "frame"] and all(v.isdigit() for _f, v in faults):  # the title said once
        title_en = deeplink.title_of("coup", "2_contessa_bluff_loses_both")[1]
        assert en.count(title_en) == 2  # the note's first fault, the banner below it


@pytest.mark.parametrize("query,fields", [("scenario=nope_xyz&step=abc", ("scenario", "step")),
                                          ("scenario=nope_xyz&frame=x9", ("scenario", "frame")),
                                          ("scenario=4_forced_coup&step=abc&frame=x9", ("step", "frame"))])
def test_parse_link_raises_one_error_naming_every_bad_field(query, fields):
    for strict in (True, False):
        if strict or "scenario" in fields:
            with pytest.raises(BadInput) as e:
                deeplink.parse_link("coup", query, strict=strict)
            problem = e.value
        else:
            problem = deeplink.parse_link("coup", query, strict=False).problem
        assert problem.source == "link" and problem.fields == fields and problem.field == ", ".join(fields)
        assert [f.field for f in problem.faults] == list(fields)
        for f in problem.faults:
            assert f.message_th in problem.message_th and f.message_en in problem.message_en


def test_a_scenario_stepper_counts_frames_in_both_languages():
    """A fresh user read the slider "ขั้น / step 4" beside a link saying ``step=3``: the slider counts
    frames (an action may take several), a link's ``step=`` counts actions.  The slider and the
    heading say frame in Thai too ("เฟรม", as a frame= link's note says); the heading names the
    action the link's step counts."""
    from widgets.session import GameSession
    from widgets.stepper import Stepper
    view = scenario_view(COUP.scenarios / "4_forced_coup.yaml", 2)
    assert view.stepper.slider.description == "เฟรม / frame"
    head = unescape(view.info.value)
    assert "เฟรม / frame" in head and "ขั้น / frame" not in head and "การกระทำ / action 2/" in head
    plain = Stepper(GameSession(COUP.game, config={"players": 3}, seed=1))
    assert plain.slider.description == "ขั้น / step"

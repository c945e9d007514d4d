"""Deep links ?scenario=<stem>&step=<n>: parsed and validated kernel-side, followed into a view."""
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


def _session_step(view):
    """The step a scenario view shows: the actions applied (its stepper's slider shows the frame)."""
    assert view.stepper.slider.value == view.cursor.step
    return view.session.step


def test_follow_opens_the_scenario_at_the_step():
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", scenario_view, query="scenario=4_forced_coup&step=2")
    assert link.step == 2 and len(box.children) == 3
    assert "4_forced_coup" in box.children[0].value
    view = box.children[1]
    assert _session_step(view) == 2
    url = box.children[2]  # the page's URL follows the reader's steps (a reload restores them)
    assert isinstance(url, deeplink.UrlState)
    assert url.query == {"scenario": "4_forced_coup", "step": "2"}
    view.cursor.jump_action(1)  # a step is an action, whatever frames the stepper shows
    assert url.query == {"scenario": "4_forced_coup", "step": "1"}
    view.stepper.last.click()
    assert url.query == {"scenario": "4_forced_coup", "step": str(view.session.length)}


@pytest.mark.parametrize("query,needle", [("scenario=nope", "nope"), ("scenario=4_forced_coup&step=999", "999")])
def test_follow_shows_a_message_for_a_bad_link(query, needle):
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query=query) is None
    html = box.children[0].value
    assert "kl-error" in html and needle in html and "Traceback" not in html


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
    assert url.query == {"scenario": "attack_siege", "step": "2"}
    view.stepper.back.click()  # back one frame: inside action 2, whose state starts from action 1
    assert url.query == {"scenario": "attack_siege", "step": str(view.session.step)}
    view.cursor.jump_action(3)
    assert url.query == {"scenario": "attack_siege", "step": "3"}
    box = deeplink.placeholder()
    assert page.follow(box, SPEC, query="scenario=attack_siege&step=500") is None
    assert "500" in box.children[0].value and "[link: step]" in box.children[0].value


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


@pytest.mark.parametrize("raw", ["²", "٣", "１", "2 3"])
def test_step_must_be_ascii_digits(raw):
    """'²'.isdigit() is True but int('²') fails: the link names the step field instead."""
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query=f"scenario=2_contessa_bluff_loses_both&step={raw}") is None
    html = box.children[0].value
    assert "link: step" in html and "Something went wrong" not in html and "ValueError" not in html
    with pytest.raises(BadInput) as e:
        deeplink.parse_link("coup", f"scenario=2_contessa_bluff_loses_both&step={raw}")
    assert e.value.source == "link" and e.value.field == "step"


def test_step_past_the_end_is_a_link_error_naming_the_steps():
    from rules.core.scenario import load_scenario
    sc = load_scenario(deeplink.SCENARIOS / "coup" / "2_contessa_bluff_loses_both.yaml")
    n = len([s for s in sc.steps if not s.expect_error])
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query="scenario=2_contessa_bluff_loses_both&step=999") is None
    html = box.children[0].value
    assert "[link: step]" in html and "stepper" not in html
    assert f"has {n} steps" in html and f"มี {n} ขั้น" in html and "999" in html
    box = deeplink.placeholder()
    assert deeplink.follow(box, "coup", scenario_view, query=f"scenario=2_contessa_bluff_loses_both&step={n}")

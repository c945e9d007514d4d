"""Deep links ?scenario=<stem>&step=<n>: parsed and validated kernel-side, followed into a view."""
import pytest

from rules.core.protocol import BadInput
from widgets import deeplink
from widgets.coup_table import scenario_view
from widgets.stepper import Stepper


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
    """The step a Coup scenario view shows: its Stepper's session step (and slider)."""
    stepper = next(c for c in view.children if isinstance(c, Stepper))
    assert stepper.slider.value == stepper.session.step
    return stepper.session.step


def test_follow_opens_the_scenario_at_the_step():
    box = deeplink.placeholder()
    link = deeplink.follow(box, "coup", scenario_view, query="scenario=4_forced_coup&step=2")
    assert link.step == 2 and len(box.children) == 3
    assert "4_forced_coup" in box.children[0].value
    assert _session_step(box.children[1]) == 2
    url = box.children[2]  # the page's URL follows the reader's steps (a reload restores them)
    assert isinstance(url, deeplink.UrlState)
    assert url.query == {"scenario": "4_forced_coup", "step": "2"}
    stepper = next(c for c in box.children[1].children if isinstance(c, Stepper))
    stepper.back.click()
    assert url.query == {"scenario": "4_forced_coup", "step": "1"}


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


def test_shadow_master_link_opens_a_scenario_frame():
    from widgets.sm_scenario import scenario_at
    box = deeplink.placeholder()
    link = deeplink.follow(box, "shadow_master", scenario_at, query="scenario=attack_siege&step=2")
    assert link is not None and link.step == 2
    assert box.children[1].cursor.step == 2
    url = box.children[2]
    assert url.query == {"scenario": "attack_siege", "step": "2"}
    box.children[1].cursor.jump(4)
    assert url.query == {"scenario": "attack_siege", "step": "4"}
    box = deeplink.placeholder()
    assert deeplink.follow(box, "shadow_master", scenario_at, query="scenario=attack_siege&step=500") is None
    assert "500" in box.children[0].value


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

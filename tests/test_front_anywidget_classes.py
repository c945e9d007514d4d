"""The light front end (widgets/front) keeps an anywidget's view in step with its model's classes.

anywidget's view removes the listeners ipywidgets' DOMWidgetView put on the model (its render
effect calls ``model.off(null, null, view)``), so a class the kernel added after the view was shown
never reached the page. On a busy machine that happened at every New World map and bots' board whose
module loaded after its view was drawn (``add_class`` is a message of its own, after the widget's
``comm_open``): the page had the map's cells without the ``kl-nw-map`` class its phone styles and the
tests look for. The front end registers those listeners again (widgets/front/src/index.js).

Here the kernel's own update message (what ``add_class`` and ``remove_class`` send) is
handed to shown anywidget models of a real page, on a quiet machine too: with the defect the class
never appears whatever the timing.
"""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

UPDATE_SHOWN_ANYWIDGETS = r"""
async () => {
  const manager = window.klLite.manager;
  const update = (model, state) => model._handle_comm_msg({
    content: { comm_id: model.model_id, data: { method: 'update', state, buffer_paths: [] } },
    buffers: [], metadata: {}, header: { msg_type: 'comm_msg' }, parent_header: {},
  });
  const out = [];
  for (const promise of Object.values(manager._models)) {
    const model = await promise;
    if (model.constructor.model_name !== 'AnyModel') continue;
    const views = (await Promise.all(Object.values(model.views || {}))).filter((v) => v.el.isConnected);
    if (!views.length) continue;
    const before = model.get('_dom_classes');
    await update(model, { _dom_classes: [...before, 'kl-probe-added'] });
    const added = views.map((v) => v.el.classList.contains('kl-probe-added'));
    await update(model, { _dom_classes: before });
    const removed = views.map((v) => !v.el.classList.contains('kl-probe-added'));
    const kept = views.map((v) => before.every((c) => v.el.classList.contains(c)));
    out.push({ name: model.get('_esm') ? model.get('_anywidget_id') || model.model_id : model.model_id,
               added, removed, kept });
    if (out.length >= 4) break;
  }
  return out;
}
"""


@pytest.mark.parametrize("notebook", ["new_world.ipynb", "shadow_master.ipynb"])
def test_a_class_the_kernel_adds_to_a_shown_anywidget_reaches_the_page(browser, dashboard, notebook):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{dashboard}/voila/render/{notebook}", wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_function("() => window.klLite && window.klLite.marks.rendered !== undefined",
                               timeout=180_000)
        seen = page.evaluate(UPDATE_SHOWN_ANYWIDGETS)
        assert seen, f"{notebook}: no anywidget shown on the page to try"
        for each in seen:
            assert all(each["added"]), f"{notebook}: a class the kernel added did not reach the view: {each}"
            assert all(each["removed"]), f"{notebook}: a class the kernel removed stayed on the view: {each}"
            assert all(each["kept"]), f"{notebook}: the view lost its first classes: {each}"
    finally:
        page.close()

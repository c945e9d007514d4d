"""The stepper: first, back, forward, last and a slider, bound to a ``GameSession``.

The slider's range is ``0..session.length``; moving it calls ``session.jump``.  Buttons are
disabled where they cannot move.  No rule is decided here.
"""
from __future__ import annotations

import ipywidgets as w

from .errors import safe


class Stepper(w.HBox):
    """Navigation through a :class:`~widgets.session.GameSession` history."""

    def __init__(self, session, unit: tuple[str, str] = ("ขั้น", "step"), **kwargs):
        """``unit``: what the slider counts, Thai and English (a scenario's stepper counts frames:
        ``("เฟรม", "frame")``, as its heading and its links say; a link's ``step=`` is an action)."""
        self.session = session
        th, en = unit
        bl = w.Layout(width="42px")
        # icons alone: each button's tooltip is its name (its title, and its aria-label: the light
        # front's widgets/front/src/index.js, the Voila front's template kotika), Thai and English
        self.first = w.Button(icon="fast-backward", tooltip="ขั้นแรก / first", layout=bl)
        self.back = w.Button(icon="step-backward", tooltip="ย้อน / back", layout=bl)
        self.forward = w.Button(icon="step-forward", tooltip="ถัดไป / forward", layout=bl)
        self.last = w.Button(icon="fast-forward", tooltip="ขั้นล่าสุด / last", layout=bl)
        self.slider = w.IntSlider(min=0, max=max(session.length, 0), value=session.step,
                                  # Thai and English as every label; its natural width: the default
                                  # 90 px label box would cut "ขั้น / step"
                                  description=f"{th} / {en}", continuous_update=False,
                                  style={"description_width": "initial"},
                                  tooltip=f"{th}ที่แสดง เลื่อนไป{th}ใดก็ได้ / the {en} shown: slide to any {en}")
        self.error = w.HTML()
        self.first.on_click(safe(self.error)(lambda _b: session.jump(0)))
        self.back.on_click(safe(self.error)(lambda _b: session.undo()))
        self.forward.on_click(safe(self.error)(lambda _b: session.redo()))
        self.last.on_click(safe(self.error)(lambda _b: session.jump(session.length)))
        self.slider.observe(safe(self.error)(self._on_slider), names="value")
        session.observe(lambda _c: self._sync(), names=["step", "length"])
        super().__init__([self.first, self.back, self.slider, self.forward, self.last,
                          self.error], **kwargs)
        self.add_class("kl-stepper")  # the phone layout's hook (widgets/mobile.py): two rows at 390 px
        self._sync()

    def _on_slider(self, change) -> None:
        if change["new"] != self.session.step:
            self.session.jump(int(change["new"]))

    def _sync(self) -> None:
        s = self.session
        with self.slider.hold_sync():
            if s.length >= self.slider.max:
                self.slider.max = s.length
                self.slider.value = s.step
            else:
                self.slider.value = s.step
                self.slider.max = s.length
        self.first.disabled = self.back.disabled = s.step == 0
        self.forward.disabled = self.last.disabled = s.step >= s.length

"""Phones and small screens (issue 12.6): one stylesheet every page carries.

At a narrow viewport (``max-width: 640px``, a phone is 390 px wide) nothing may be wider than the
screen: widget rows wrap, fixed minimum widths give way, sliders, text boxes and dropdowns take the
width they have, the hex boards scale to the width (their SVG has a viewBox), wide tables scroll
inside their own box (:data:`SCROLL_CSS`, on every width: ``kl-scroll`` with a scroll cue), and
long Thai lines wrap.  Included by the shared page's style
(:data:`widgets.page.PAGE_CSS`), the home page's tabs and the live board.  Drawing only.
"""
from __future__ import annotations

PHONE_MAX_WIDTH = 640
"""Widths up to this (CSS px) get the small-screen layout."""

SCROLL_CSS = """
/* a wide table scrolls inside a box no wider than its column (``kl-scroll``), and shows that it
   does: a shadow on the side that holds more table (scroll shadows: the white covers move with the
   content, the shadows stay with the box).  On a phone a scroll bar is not drawn until touched: the
   coverage and score tables read as cut off without it (a fresh user's finding). */
.kl-scroll { max-width: 100%; overflow-x: auto; box-sizing: border-box;
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.45), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.45), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll; }
/* an HTML widget's content may be narrower than what it holds (a flex item's min-width is its
   content's width): else a table's scroll box grew as wide as the table and ran out of its column */
.widget-html > .widget-html-content { min-width: 0; }
"""

# ---- New World on a phone (the layout helper's block) ----------------------------------------
NEW_WORLD_PHONE_CSS = f"""
@media (max-width: {PHONE_MAX_WIDTH}px) {{
  /* the play map drawn 1.6 times the column's width in a box that scrolls sideways: a cell is
     ~29 px across, big enough to tap (fitted to a 362 px column it was 18 px); the board's own
     box (kl-hex-box) scrolls, so the map's hint line over it and the fade on its edges say so */
  .kl-nw-play .kl-nw-map .kl-hex-box {{ overflow-x: auto; }}
  .kl-nw-play .kl-nw-map svg.kl-hexboard {{ width: 160% !important; max-width: none !important; }}
  /* the score table's heading over its six source columns starts at their left edge: centred
     over them it ran past the scroll box's right edge ("points by sourc") */
  .kl-nw .kl-nw-score-box th.kl-sources {{ text-align: left !important; }}
}}
"""
# ---- end of New World on a phone -------------------------------------------------------------

MOBILE_CSS = f"""<style>{SCROLL_CSS}
@media (max-width: {PHONE_MAX_WIDTH}px) {{
  body, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-output, .jp-RenderedHTMLCommon,
  .jp-RenderedMarkdown {{ max-width: 100vw; overflow-wrap: anywhere; }}
  .jp-Cell {{ padding-left: 2px !important; padding-right: 2px !important; }}
  .jp-Notebook {{ padding: 4px !important; }}
  .jp-InputPrompt, .jp-OutputPrompt {{ display: none !important; }}
  .jupyter-widgets, .widget-box, .widget-hbox, .widget-vbox, .widget-inline-hbox, .widget-html,
  .widget-html-content, .lm-Widget {{ min-width: 0 !important; max-width: 100% !important; }}
  .widget-hbox, .widget-box, .widget-inline-hbox {{ flex-wrap: wrap !important; }}
  .widget-hbox > *, .widget-box > * {{ flex-basis: auto !important; }}
  .widget-html-content {{ white-space: normal !important; overflow-wrap: anywhere; }}
  /* the width less the widget's own margins (2 px a side): at 100% a dropdown ran 2 px past its
     box, whose overflow cut its right border (Shadow Master's and Valeria's pickers at 390 px) */
  .widget-slider, .widget-hslider, .widget-text, .widget-dropdown, .widget-select, .widget-textarea {{
    width: calc(100% - 2 * var(--jp-widgets-margin, 2px)) !important;
    max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)) !important; }}
  .widget-dropdown select, .widget-select select, .widget-text input {{ min-width: 0; max-width: 100%; }}
  .widget-label {{ width: auto !important; min-width: 0 !important; }}
  .widget-toggle-buttons {{ flex-wrap: wrap !important; height: auto !important; }}
  .widget-toggle-buttons .widget-toggle-button {{ width: auto !important; margin-bottom: 2px; }}
  .jupyter-button {{ max-width: 100%; white-space: normal; height: auto; min-height: 28px; }}
  svg.kl-hexboard, .kl-hexboard svg {{ max-width: 100% !important; height: auto; }}
  .kl-sm table, .kl-kingdoms, .kl-ranks, .kl-pig table, .kl-register table, .jp-RenderedHTMLCommon table {{
    display: block; max-width: 100%; overflow-x: auto; }}
  /* a word in a table cell breaks only between words: "anywhere" above broke the Rank header
     into "Ra" / "nk" at 390 px (the table scrolls in its own box instead) */
  table th, table td {{ overflow-wrap: normal; word-break: normal; }}
  .kl-sm .kl-seat {{ min-width: 0 !important; max-width: 100% !important; flex: 1 1 100% !important; }}
  /* Coup's four seat boxes two a row (their gap is 8 px): one a row they stacked ~450 px above the
     reader's decision, scrolled past at every turn (a fresh user's finding) */
  .kl-coup .kl-seat {{ min-width: 0 !important; max-width: 100% !important; flex: 1 1 calc(50% - 8px) !important;
    box-sizing: border-box; }}
  .kl-rules, .kl-clause, pre, code {{ white-space: pre-wrap; overflow-wrap: anywhere; max-width: 100%; }}
  .lm-TabBar-content {{ flex-wrap: wrap !important; }}
  .lm-TabBar, .jupyter-widget-TabBar {{ min-height: auto !important; height: auto !important; max-height: none !important; }}
  .kl-games .lm-TabBar-tab {{ max-width: 100% !important; }}
  /* the stepper (widgets/stepper.py) in two rows: its four buttons, then the step slider the
     whole width.  In its desktop order (the slider between back and forward) it took three rows
     at 390 px, the slider one of its own (a fresh user's finding); the buttons 40 px tall to tap */
  .kl-stepper > .widget-slider {{ order: 1; }}
  .kl-stepper > .widget-button {{ width: 56px !important; height: 40px !important; min-height: 40px; }}
  /* every button of the play panel (New game, the choices, undo, the bots' buttons), of the share
     rows (share, save, open) and of a choice list 40 px tall, as the stepper's: 28 px was too small
     to tap (a fresh user's finding) */
  .kl-play-panel .jupyter-button, .kl-share-box .jupyter-button, .kl-choices button, .kl-tools button {{
    min-height: 40px !important; }}
  /* every control the reader taps 40 px tall, one rule for all (a fresh user at 390 px measured
     28 px dropdowns, number boxes, palettes and editor buttons, 20 px "answer" buttons and 19 px
     fold titles): buttons, toggle buttons, dropdowns, text and number boxes, checkboxes and every
     fold's title.
     Their widget boxes grow with them (a dropdown's and a text box's were 28 px high); a slider's
     track stays thin (its handle is the target) */
  button, .jupyter-button, .widget-toggle-button, select, input[type=text], input[type=number] {{
    min-height: 40px !important; box-sizing: border-box; }}
  .widget-dropdown, .widget-text, .widget-select {{ height: auto !important; min-height: 40px; }}
  /* a checkbox (ipywidgets' Checkbox: Coup's "Reformation" in its play panel) as tall: its row and
     the label around its box 40 px, the box drawn 24 px square in a 40 px tall input (a 13 px box in
     a 28 px row); a tap on the words ticks it too (they are the box's <label>) */
  .widget-checkbox {{ height: auto !important; min-height: 40px; align-items: center; }}
  .widget-checkbox .widget-label-basic {{ display: flex; align-items: center; min-height: 40px; }}
  input[type=checkbox] {{ min-height: 40px !important; width: 24px; box-sizing: border-box; }}
  /* a fold title a block (list-item, its marker drawn) so its height can be set: the why-not
     fold's rule titles were inline, 37 px with any padding */
  /* the "start here" path's and the contents' links (markdown lists of #kl- anchors) tall enough
     to tap, 28 px with their padding (16 px of inline text, a fresh user's finding), and apart */
  .jp-RenderedMarkdown li {{ margin: 2px 0; }}
  .jp-RenderedMarkdown li a[href^="#kl-"] {{ display: inline-block; padding: 6px 0; }}
  summary {{ display: list-item !important; min-height: 40px; box-sizing: border-box;
    padding-top: 9px; padding-bottom: 9px; }}
}}
{NEW_WORLD_PHONE_CSS}
</style>"""

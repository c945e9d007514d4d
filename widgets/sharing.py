"""Sharing what is on screen: a link, a session file, a ruling file; and opening them again.

* A scenario view (:class:`ScenarioShare`, under its stepper): "copy link" gives
  ``?scenario=<stem>&step=<n>`` of the frame on screen (``n`` = the actions applied, see
  :mod:`widgets.page`), or ``&frame=<k>`` for a frame inside an action (Shadow Master reads a siege
  event by event): the link reopens exactly that frame (:mod:`widgets.deeplink`); "save as a ruling" gives a scenario file (``data/scenarios/README.md``)
  of the position and the steps on screen; "open a ruling file" reads one back (validated by
  :func:`rules.core.scenario.parse_scenario`) and shows its last step: a ruling saved at step n
  reopens at step n.  A file cut short says so (:func:`rules.core.datafile.syntax_error`,
  :func:`rules.core.datafile.cut_off_hint`).
* A play panel (:class:`PlayShare`): "share this game" gives a link ``?game=<code>`` (the save
  file, compressed: seed, the config's non-default readings (:func:`link_save`), actions, the
  reader's seat and the bots' kind), the link only; "save game" gives the session file
  (:mod:`rules.core.saveload`, schema version 2), beside "open a session file", which reads one back; "save as a ruling" gives the game so far as a
  scenario file.  What was offered goes when the game on screen changes (a move, undo, a new game,
  a file opened): an old link never downloads another game than the one on screen.

Everything a reader sends (an upload, a link) is validated kernel-side: a fault is a Thai +
English message naming the field, and what was on screen stays as it was.  A file is offered as
an HTML ``data:`` link (``download=`` name): the bytes are built in the kernel, nothing is written
on the server.  Copying to the clipboard uses the browser's ``navigator.clipboard`` from the
link's own ``onclick`` (the link is also shown as text to copy by hand).
"""
from __future__ import annotations

import base64
import html
import json
import zlib
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlencode

import anywidget
import ipywidgets as w
import traitlets as t
import yaml

from rules.core import saveload
from rules.core.datafile import cut_off_hint, encoding_error, last_line, load_yaml_text, megabytes
from rules.core.protocol import BadInput, IllegalAction, current_json
from rules.core.rulebook import load_rulebook
from rules.core.scenario import Scenario, parse_scenario

from .errors import error_html, message_html
from .filepicker import MAX_BYTES, FilePicker
from .labels import table_words

MAX_UPLOAD = MAX_BYTES
"""Bytes: a file bigger than this is refused by its size; the browser does not read it
(:class:`widgets.filepicker.FilePicker`)."""
MAX_LINK = 60_000
"""Characters of a ``?game=`` code (a browser and the server keep such a URL whole)."""

SHARE_CSS = """<style>
.kl-share { gap: 6px; align-items: center; }
.kl-share a.kl-share-link { font-weight: bold; text-decoration: none; }
/* a prepared file: a button-like line that says it is ready (a plain link under the button read as
   "nothing happened"); white on #1565c0 is 5.7:1 (WCAG AA) */
.kl-share-box .kl-download-row { margin: 6px 0; }
.kl-share-box a.kl-download { display: inline-block; max-width: 100%; box-sizing: border-box;
  background: #1565c0; color: #fff !important; border-radius: 4px; padding: 6px 12px; font-weight: bold;
  text-decoration: none; line-height: 1.4; overflow-wrap: anywhere; box-shadow: 0 1px 2px rgba(0,0,0,.3); }
.kl-share-box a.kl-download:hover, .kl-share-box a.kl-download:focus { background: #0d47a1; }
.kl-share code, .kl-share .kl-link-text { font-size: 12px; word-break: break-all; overflow-wrap: anywhere;
  white-space: normal; max-width: 100%; }
/* the link as text, every character of it: wrapped anywhere (a game's code has no space), a long
   one scrolling in its own box of six lines (it was cut after two, "…" at the screen's edge on a
   phone), and a tap or a click selects it whole */
.kl-share-box code.kl-link-text { display: block; line-height: 1.5; max-height: 9em; overflow-x: hidden;
  overflow-y: auto; white-space: normal; word-break: break-all; overflow-wrap: anywhere;
  -webkit-user-select: all; user-select: all; }
/* a flex item keeps its content's width unless allowed to shrink: the share code wraps in its panel */
.kl-share > *, .kl-share .kl-share-row, .kl-share-box .widget-html, .kl-share-box .widget-html-content {
  min-width: 0; max-width: 100%; overflow-wrap: anywhere; }
</style>"""


def e(text: Any) -> str:
    return html.escape(str(text), quote=True)


# ----------------------------------------------------------------------------- links and files
def scenario_query(stem: str, step: int = 0, frame: int | None = None) -> str:
    """``?scenario=<stem>&step=<n>``, or ``?scenario=<stem>&frame=<k>`` when ``frame`` is given."""
    where = {"step": int(step)} if frame is None else {"frame": int(frame)}
    return "?" + urlencode({"scenario": stem, **where})


COPY_JS = ("navigator.clipboard&&navigator.clipboard.writeText(this.href)"
           ".then(()=>{this.dataset.copied='1';this.textContent='✓ คัดลอกแล้ว / copied'});return false;")
"""The link's ``onclick``: copy its own (absolute) ``href``; fixed text, no value from a reader."""


def link_html(query: str, path: str = "") -> str:
    """A "copy link" anchor (relative ``href``: the browser resolves it against the page, so it is
    right behind any proxy), an anchor that opens the link in a new tab (the copy anchor copies on a
    click, so nothing opened the link: a fresh user's trial), and the link as text (shown absolute
    in a :class:`LinkHTML`)."""
    return (f"<span class='kl-share-row'><a class='kl-share-link' href='{e(query)}' onclick=\"{COPY_JS}\" "
            f"title='คัดลอกลิงก์ / copy link'>🔗 คัดลอกลิงก์ / copy link</a> "
            f"<a class='kl-share-open' href='{e(query)}' target='_blank' rel='noopener'>"
            "↗ เปิดในแท็บใหม่ / open in a new tab</a> "
            f"<code class='kl-link-text'>{e(path + query)}</code></span>")


_LINK_ESM = r"""
function render({ model, el }) {
  // the kernel does not know the page's host: each link's text is its anchor's href as this browser
  // resolves it (origin + /voila/render/<game>.ipynb + query), the address one pastes elsewhere
  const draw = () => {
    el.innerHTML = model.get("value");
    for (const row of el.querySelectorAll(".kl-share-row")) {
      const a = row.querySelector("a.kl-share-link"), code = row.querySelector("code.kl-link-text");
      if (a && code) code.textContent = a.href;
    }
  };
  draw();
  model.on("change:value", draw);
}
export default { render };
"""


class LinkHTML(anywidget.AnyWidget):
    """An HTML box (``value``, as ``ipywidgets.HTML``) whose shared link (:func:`link_html`) reads
    absolute in the browser: the ``<code>`` under "copy link" shows the anchor's resolved ``href``
    (``http://host/voila/render/coup.ipynb?game=…``), not ``coup.ipynb?game=…``, which pasted
    elsewhere opened nothing (a fresh user's trial 4).  Only the browser knows the host (a proxy,
    a port); the kernel's ``value`` keeps the relative link."""

    _esm = _LINK_ESM
    value = t.Unicode("").tag(sync=True)


_FILES_ESM = r"""
function render({ model, el }) {
  // a file the kernel just prepared (a click on "save game" or "save as a ruling") downloads at once:
  // one click, not two; its button stays for a second copy.  A page that draws a file it was sent
  // before (a reload, a second view of the same widget) downloads nothing by itself.
  let shown = model.get("value");
  const draw = (fresh) => {
    el.innerHTML = model.get("value");
    const a = el.querySelector("a.kl-download");
    if (!fresh || !a) return;
    a.click();
    const name = a.querySelector(".kl-file-name");
    a.textContent = "⬇ " + model.get("again") + " ";
    if (name) a.appendChild(name);
  };
  draw(false);
  model.on("change:value", () => { const v = model.get("value"); draw(v !== shown); shown = v; });
}
export default { render };
"""


class FilesHTML(anywidget.AnyWidget):
    """The box of a prepared file (:func:`download_html`, ``value`` as ``ipywidgets.HTML``): a file
    set here downloads at once in the browser (a fresh user took "save game" for broken: its first
    click only drew a "Ready: click to download" button); the button then says it was downloaded and
    gives a second copy on a click (:data:`AGAIN_TH` / :data:`AGAIN_EN`).  No rule, no data: the
    file is the kernel's, as before."""

    _esm = _FILES_ESM
    value = t.Unicode("").tag(sync=True)
    again = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(again=f"{AGAIN_TH} / {AGAIN_EN}", **kwargs)


READY_TH, READY_EN = "พร้อมแล้ว: คลิกเพื่อดาวน์โหลด", "Ready: click to download"
AGAIN_TH, AGAIN_EN = "ดาวน์โหลดแล้ว: คลิกเพื่อดาวน์โหลดอีกครั้ง", "downloaded: click to download again"
"""The words of a file's button once the browser downloaded it by itself (:class:`FilesHTML`)."""
"""The words of a prepared file's link (a fresh user took a plain link under the button for
"nothing happened")."""


def download_html(name: str, data: bytes, mime: str) -> str:
    """An ``<a download>`` of ``data`` as a ``data:`` URL (base64), drawn as a button that says the
    file is ready: "⬇ พร้อมแล้ว: คลิกเพื่อดาวน์โหลด / Ready: click to download <name>"."""
    b64 = base64.b64encode(data).decode("ascii")
    return (f"<div class='kl-download-row'><a class='kl-download' download='{e(name)}' "
            f"href='data:{mime};base64,{b64}' role='button'>"
            f"⬇ {READY_TH} / {READY_EN} <b class='kl-file-name'>{e(name)}</b></a></div>")


def game_code(save_text: str) -> str:
    """A save file as a URL-safe code (zlib + base64url, no padding)."""
    packed = zlib.compress(json.dumps(json.loads(save_text), separators=(",", ":"),
                                      ensure_ascii=False).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def link_save(session, table: dict) -> str:
    """The save file a ``?game=`` link carries: ``session``'s history up to the step on screen with
    ``table``, no snapshot, and of its config only ``players`` and the fields whose reading is not
    the engine's default for that many seats (``Game.default_config``): the whole config, every
    ambiguity's reading spelled out, was 60-85 % of a fresh game's code (Shadow Master: 1,187 ->
    146 characters; after 52 steps 1,612 -> 575).  Loading fills the missing fields with the same
    defaults (``Game.make_config``), so the game is the same; a link made before (its whole config)
    still opens.  Empty ``overrides`` are left out too (the save schema's default).  The link's code
    (:func:`link_code`) also carries the defaults' digest."""
    game = session.game
    data = json.loads(session.save(table=table))
    config = data.get("config")
    if isinstance(config, dict) and isinstance(config.get("players"), int):
        default = game.config_to_json(game.default_config(config["players"]))
        data["config"] = {k: v for k, v in config.items() if k == "players" or k not in default or default[k] != v}
    if not data.get("overrides"):
        data.pop("overrides", None)
    return json.dumps(data, ensure_ascii=False)


DEFAULTS_KEY = "defaults"
"""Key of a ``?game=`` code's save beside the save schema's fields: the :func:`defaults_digest` of
the engine's defaults when the link was made (removed before the save is validated)."""


def defaults_digest(game, players: int) -> str:
    """8 hex digits naming ``game``'s default config for ``players`` seats (``Game.default_config``,
    as JSON with sorted keys): equal digests, the same defaults."""
    import hashlib
    default = game.config_to_json(game.default_config(players))
    return hashlib.sha256(json.dumps(default, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:8]


def link_code(session, table: dict) -> str:
    """The ``?game=`` code of ``session`` (:func:`link_save`, :func:`game_code`) with the
    :func:`defaults_digest` of the day beside the save (key :data:`DEFAULTS_KEY`): the link names only
    non-default readings, so a default changed later would silently open another game; with the
    digest the page says so (:func:`defaults_changed`)."""
    data = json.loads(link_save(session, table))
    players = data.get("config", {}).get("players") if isinstance(data.get("config"), dict) else None
    if isinstance(players, int):
        data[DEFAULTS_KEY] = defaults_digest(session.game, players)
    return game_code(json.dumps(data, ensure_ascii=False))


def link_from_code(code: str, source: str = "link") -> tuple[str, str | None]:
    """``(save text, defaults digest or None)`` of a ``?game=`` code (see :func:`save_from_code`): the
    digest the link carried (:data:`DEFAULTS_KEY`), taken out of the save text; ``None`` for a link
    without one (made before links carried it, or carrying its whole config)."""
    text = save_from_code(code, source)
    try:
        data = json.loads(text)
    except ValueError:
        return text, None  # the save's own validation names the fault
    if not isinstance(data, dict) or DEFAULTS_KEY not in data:
        return text, None
    digest = data.pop(DEFAULTS_KEY)
    return json.dumps(data, ensure_ascii=False), digest if isinstance(digest, str) else None


def defaults_changed(game, text: str, digest: str | None) -> bool:
    """Whether a link's save ``text`` (config trimmed to its non-default readings) was made under
    defaults other than ``game``'s defaults today (``digest`` from :func:`link_from_code`)."""
    if digest is None:
        return False
    try:
        players = json.loads(text)["config"]["players"]
        return isinstance(players, int) and defaults_digest(game, players) != digest
    except (ValueError, KeyError, TypeError, BadInput):
        return False  # a malformed save is refused by its own validation


def save_from_code(code: str, source: str = "link") -> str:
    """The save file text of a ``?game=`` code; :class:`BadInput` (field ``game``) when it is not one
    (bad base64, not zlib, bigger than :data:`saveload.MAX_BYTES` once unpacked)."""
    bad = BadInput(source, "game", "รหัสเกมในลิงก์ไม่ถูกต้อง (ลิงก์อาจถูกตัด)",
                   "the game code in the link is not valid (the link may be cut short)")
    if not isinstance(code, str) or len(code) > MAX_LINK or not code.isascii():
        raise bad
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpack = zlib.decompressobj()
        data = unpack.decompress(packed, saveload.MAX_BYTES + 1)
        if len(data) > saveload.MAX_BYTES or unpack.unconsumed_tail or not unpack.eof:
            raise ValueError("too big or cut")
        return data.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise bad from None


def uploaded(upload: FilePicker) -> tuple[str, bytes] | None:
    """``(name, bytes)`` of the file in ``upload`` (``None`` if none); :class:`BadInput` when it is too
    big.  The widget is cleared so the same file can be chosen again."""
    files = list(upload.value or ())
    if not files:
        return None
    f = files[-1]
    name = str(f.get("name", "upload"))[:120] if isinstance(f, dict) else "upload"
    content = f.get("content", b"") if isinstance(f, dict) else b""
    data = content.tobytes() if isinstance(content, memoryview) else bytes(content)
    upload.value = ()
    size = f.get("size", 0) if isinstance(f, dict) else 0   # a file too big to read arrives as its size
    if len(data) > MAX_UPLOAD or (isinstance(size, int) and size > MAX_UPLOAD):
        raise BadInput(name, "<file>", f"ไฟล์ใหญ่เกินไป (เกิน {megabytes(MAX_UPLOAD)})",
                       f"file too large (more than {megabytes(MAX_UPLOAD)})")
    return name, data


def read_ruling(name: str, data: bytes, game: str) -> Scenario:
    """A scenario file's bytes, validated (YAML, schema, clause ids, the game); :class:`BadInput`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise encoding_error(exc, name) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark (Windows Notepad): not part of the file
    try:
        # a SafeLoader without aliases; a file that does not parse says "cut off or malformed, line N"
        raw, node = load_yaml_text(text, name, _NoAliasLoader)
    except _Alias:
        raise BadInput(name, "<yaml>", "ไฟล์ข้อตัดสินใช้ anchor/alias ของ YAML ไม่ได้",
                       "a ruling file may not use YAML anchors or aliases (*name)") from None
    try:
        sc = parse_scenario(raw, name, game)  # a session file or another game's: said first
        _replay_ruling(sc, name)
    except BadInput as exc:  # a file cut short often still parses: say so beside the field refused
        raise cut_off_hint(exc, text, node, name, _clause_ids(raw)) from None
    return sc


def looks_unfinished(name: str, data: bytes) -> tuple[int, str] | None:
    """``(number, text)`` of the last line of a file that loaded but does not end its last line
    (every saved ruling does; a file cut short mostly does not), else ``None``."""
    text = data.decode("utf-8", "replace")
    if not text.strip() or text.endswith(("\n", "\r")):
        return None
    return last_line(text)


def _clause_ids(raw: Any) -> set[str]:
    """The clause ids of the rulebook of the file's ``game`` (none when it names no known game):
    a refused value that is the start of one is a file cut short."""
    gid = raw.get("game") if isinstance(raw, dict) else None
    if not isinstance(gid, str):
        return set()
    try:
        return set(load_rulebook(gid).ids)
    except (BadInput, OSError, ValueError):
        return set()


class _Alias(Exception):
    pass


class _NoAliasLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` refusing aliases: ``&a [*a, *a]`` nested a few times is a tiny file
    whose validation walks billions of nodes (a "billion laughs")."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise _Alias()
        return super().compose_node(parent, index)


def _replay_ruling(sc: Scenario, name: str) -> None:
    """:class:`BadInput` naming ``steps[i]`` (and the clause) for the first step the engine refuses
    that the file does not expect to be refused, or accepts that it expects refused."""
    from rules.catalog import engine

    game = engine(sc.game)
    _cfg, state = saveload.start(game, sc.setup.config, sc.setup.seed, sc.setup.overrides, name)
    for i, step in enumerate(sc.steps):
        try:
            tr = game.apply(state, dict(step.action))
        except IllegalAction as exc:
            if step.expect_error:
                continue
            raise BadInput(name, f"steps[{i}].action", f"ผิดกติกา ({exc.clause}): {exc.message_th}",
                           f"refused by the rules ({exc.clause}): {exc.message_en}") from None
        if step.expect_error:
            raise BadInput(name, f"steps[{i}].expect_error", "ขั้นนี้ควรถูกปฏิเสธแต่เอนจินยอมรับ",
                           "this step should be refused but the engine accepted it")
        state = tr.state


def ruling_dict(session, title_th: str, title_en: str, base: Scenario | None = None) -> dict:
    """The scenario file (``data/scenarios/README.md``) of ``session``'s setup and its actions up to
    the step on screen; ``expect`` holds who acts there (the engine's answer), so the file is also
    a test (``python -m rules scenario run``)."""
    g = session.game
    out: dict[str, Any] = {"game": g.id, "title_th": title_th, "title_en": title_en}
    if base is not None:
        for key in ("question_th", "question_en", "answer_th", "answer_en"):
            if getattr(base, key):
                out[key] = getattr(base, key)
        if base.cites:
            out["cites"] = list(base.cites)
        if base.shows_hidden:
            out["shows_hidden"] = True
    out["setup"] = {"config": g.config_to_json(session.config), "seed": session.seed}
    if session.overrides:
        out["setup"]["overrides"] = json.loads(json.dumps(session.overrides))
    out["steps"] = [{"action": dict(a)} for a in session.actions[:session.step]]
    out["expect"] = {"current_player": current_json(g.current_player(session.state))}
    return out


def ruling_yaml(data: dict) -> bytes:
    """A scenario dict as YAML (Thai kept readable, keys in the README's order)."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100).encode("utf-8")


def _bar(*children: w.Widget) -> w.HBox:
    box = w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center"))
    box.add_class("kl-share")
    return box


def _upload(accept: str, label: str) -> FilePicker:
    return FilePicker(accept=accept, description=label, tooltip=label, layout=w.Layout(width="auto"))


# ----------------------------------------------------------------------------- a scenario view
class _ShareBox(w.VBox):
    """A share box's one behaviour: a button or upload handler clears the message line, and a
    reader's bad file (or any refusal) becomes that line's error instead of a traceback."""

    def _guard(self, fn: Callable) -> Callable:
        def run(*args):
            self.message.value = ""
            try:
                fn(*args)
            except Exception as exc:  # noqa: BLE001 - a reader's bad file is a message
                self.message.value = error_html(exc)
        return run


class ScenarioShare(_ShareBox):
    """Under a :class:`widgets.page.ScenarioView`: copy link, save as a ruling, open a ruling file."""

    def __init__(self, view, **kwargs):
        self.view = view
        self.link = LinkHTML()
        self.files = FilesHTML()
        self.message = w.HTML()
        self.save_button = w.Button(description="บันทึกเป็นข้อตัดสิน / save as a ruling", icon="download",
                                    layout=w.Layout(width="auto"))
        self.save_button.on_click(self._guard(self.save_ruling))
        self.upload = _upload(".yaml,.yml", "เปิดไฟล์ข้อตัดสิน / open a ruling")
        self.upload.observe(self._guard(lambda _c: self.open_upload()), names="value")
        super().__init__([w.HTML(SHARE_CSS, layout=w.Layout(display="none")),
                          _bar(self.link, self.save_button, self.upload), self.files, self.message], **kwargs)
        self.add_class("kl-share-box")

    def stem(self) -> str | None:
        """The file stem of the scenario shown when it is one of the game's files (a link opens it)."""
        path = getattr(self.view, "path", None)
        if path is None:
            return None
        path = Path(path)
        folder = self.view.spec.scenarios
        return path.stem if path.parent.resolve() == folder.resolve() and path.is_file() else None

    def query(self) -> str | None:
        """``?scenario=<stem>&step=<n>`` (or ``&frame=<k>``) of the frame on screen
        (:meth:`widgets.page.FrameCursor.address`; ``None`` for an example with no file)."""
        stem = self.stem()
        cursor = getattr(self.view, "cursor", None)
        if stem is None or self.view.session is None or cursor is None:
            return None
        where = cursor.address()
        return scenario_query(stem, where.get("step", 0), where.get("frame"))

    def update(self) -> None:
        """Refresh the link to the frame on screen (the view calls this after each frame); a
        prepared file is dropped (it was of another frame)."""
        q = self.query()
        self.link.value = link_html(q, f"{self.view.spec.id}.ipynb") if q else (
            "<span class='kl-muted'>ตัวอย่างนี้ไม่มีลิงก์ (บันทึกเป็นข้อตัดสินได้) / "
            "no link for this example (save it as a ruling)</span>")
        self.files.value = ""

    def save_ruling(self, _b=None) -> bytes:
        """Offer the ruling file of the frame on screen; returns its bytes."""
        v = self.view
        sc, s = v.scenario, v.session
        n = s.step
        data = ruling_dict(s, f"{sc.title_th} (ถึงขั้น {n})", f"{sc.title_en} (to step {n})", base=sc)
        raw = ruling_yaml(data)
        parse_scenario(yaml.safe_load(raw.decode("utf-8")), "<export>")  # what we offer reads back
        name = f"{self.stem() or v.spec.id + '_example'}_step{n}.yaml"
        self.files.value = download_html(name, raw, "application/x-yaml")
        return raw

    def open_upload(self) -> None:
        got = uploaded(self.upload)
        if got is None:
            return
        name, data = got
        sc = read_ruling(name, data, self.view.spec.id)
        self.view.load(sc)  # BadInput (bad setup or step): nothing changes
        # a ruling is saved at the step on screen, its steps end there: it opens at its last step
        last = self.view.session.length
        self.view.cursor.jump_action(last)
        th, en = f"เปิดไฟล์ {name} แล้ว ที่ขั้น {last} (ขั้นสุดท้ายของไฟล์)", f"opened {name} at step {last} (its last step)"
        unfinished = looks_unfinished(name, data)
        if unfinished:
            n, line = unfinished
            th += f" ไฟล์จบกลางบรรทัด {n} (“{line}”): ถ้าไฟล์ถูกตัด ส่วนท้ายอาจหายไป"
            en += f"; the file ends in the middle of line {n} (“{line}”): if it was cut short, its end is missing"
        self.message.value = message_html(th, en, tone="info")


# ----------------------------------------------------------------------------- a play panel
class PlayShare(_ShareBox):
    """Under a play panel: share this game (the link), save game (the session file), open
    a session file, save as a ruling.  ``table()`` gives the :class:`widgets.page.PlayTable` on screen
    (or ``None``); ``bots()`` the bots' kind chosen; ``open_table(save_text, name)`` seats a loaded
    session (the page builds the table and raises :class:`BadInput` for a bad file, keeping the old
    table); ``holder``: the box holding the table: when it holds another table, and when the
    session on screen moves, the link and the file offered are dropped (:meth:`clear`)."""

    def __init__(self, spec, table: Callable[[], Any], bots: Callable[[], str],
                 open_table: Callable[[str | bytes, str], Any], holder: w.Box | None = None, **kwargs):
        self.spec, self.table, self.bots, self.open_table = spec, table, bots, open_table
        self.link, self.files, self.message = LinkHTML(), FilesHTML(), w.HTML()
        self.share_button = w.Button(description="แชร์เกมนี้ / share this game", icon="link",
                                     layout=w.Layout(width="auto"))
        self.share_button.on_click(self._guard(self.share))
        self.save_button = w.Button(description="บันทึกเกม / save game", icon="download",
                                    layout=w.Layout(width="auto"))
        self.save_button.on_click(self._guard(self.save_game))
        self.ruling_button = w.Button(description="บันทึกเป็นข้อตัดสิน / save as a ruling", icon="download",
                                      layout=w.Layout(width="auto"))
        self.ruling_button.on_click(self._guard(self.save_ruling))
        self.upload = _upload(".json", "เปิดไฟล์เกม / open a session")
        self.upload.observe(self._guard(lambda _c: self.open_upload()), names="value")
        # "save game" beside "open a session": the file one saves is the file one opens
        super().__init__([w.HTML(SHARE_CSS, layout=w.Layout(display="none")),
                          _bar(self.share_button, self.save_button, self.upload, self.ruling_button),
                          self.link, self.files, self.message], **kwargs)
        self.add_class("kl-share-box")
        self._followed = None  # the session whose moves drop what was offered (see _follow)
        if holder is not None:  # another game on screen (new game, a file opened): offers dropped
            holder.observe(self._table_changed, names="children")
            self._follow()

    # -- what was offered is of the game on screen only --------------------------------------
    def clear(self, _change=None) -> None:
        """Drop the link and the file offered: they were of a game no longer on screen (a stale link
        would download another game than the one the reader sees)."""
        self.link.value = self.files.value = ""

    def _table_changed(self, _change) -> None:
        self.clear()
        self.message.value = ""  # ("opened <file>" is said after the table changed)
        self._follow()

    def _follow(self) -> None:
        """Watch the session of the table on screen: a move, an undo or a step drops the offers."""
        t = self.table()
        session = getattr(t, "session", None)
        if session is self._followed:
            return
        if self._followed is not None:
            self._followed.unobserve(self.clear, names=["step", "length"])
        self._followed = session
        if session is not None:
            session.observe(self.clear, names=["step", "length"])

    def close(self) -> None:
        if self._followed is not None:
            self._followed.unobserve(self.clear, names=["step", "length"])
            self._followed = None
        super().close()

    def _table(self):
        t = self.table()
        if t is None:
            raise BadInput("play", "game", "ยังไม่มีเกม: กด เริ่มเกมใหม่ ก่อน", "no game yet: press New game first")
        return t

    def save_text(self) -> str:
        """The session on screen as a save file (schema 2, the state as a checked snapshot)."""
        t = self._table()
        return t.session.save(snapshot=True, table=table_fields(t, self.bots()))

    def save_game(self, _b=None) -> str:
        """"Save game": offer the session file of the game on screen (what "open a session" reads
        back); returns its name."""
        t = self._table()
        s = t.session
        # ``step`` counts the actions applied (chance outcomes too), as "after action n" says on the
        # page; the log has more lines (one action may make several events): "action" names it
        name = f"{self.spec.id}_seed{s.seed}_action{s.step}.json"
        self.files.value = download_html(name, self.save_text().encode("utf-8"), "application/json")
        return name

    def share(self, _b=None) -> str:
        """Offer the link of the game on screen (the link only: "save game" beside it gives the file;
        a second, identical-looking download here was taken for "save game"); returns the link's query."""
        t = self._table()
        code = link_code(t.session, table_fields(t, self.bots()))
        if len(code) > MAX_LINK:
            self.link.value = message_html("เกมนี้ยาวเกินกว่าจะใส่ในลิงก์: กด บันทึกเกม แล้วส่งไฟล์แทน",
                                           "this game is too long for a link: press save game and send the file",
                                           tone="info")
            return ""
        query = "?" + urlencode({"game": code})
        self.link.value = link_html(query, f"{self.spec.id}.ipynb")
        return query

    def save_ruling(self, _b=None) -> bytes:
        t = self._table()
        s = t.session
        # the ruling's title (its heading when opened) names the game as this table plays it
        th, en = table_words(s.game, s.config)
        data = ruling_dict(s, f"{th}: เกมที่เล่น seed {s.seed} ถึงขั้น {s.step}",
                           f"{en}: a game played, seed {s.seed}, to step {s.step}")
        raw = ruling_yaml(data)
        name = f"{self.spec.id}_seed{s.seed}_action{s.step}.yaml"  # as save_game names it
        self.files.value = download_html(name, raw, "application/x-yaml")
        return raw

    def open_upload(self) -> None:
        got = uploaded(self.upload)
        if got is None:
            return
        name, data = got
        self.open_table(data, name)
        self.message.value = message_html(f"เปิดไฟล์ {name} แล้ว", f"opened {name}", tone="info")


def table_fields(table, bots: str) -> dict:
    """The save's ``table`` of a play table (:class:`widgets.page.PlayTable`): the reader's seat, the
    bots' kind ``bots`` and, after "let the bots finish", the step it started at (``finished_from``;
    left out when there was none, so a code without a finish is as before)."""
    out = {"viewer": table.viewer, "bots": bots}
    if getattr(table, "finished_from", None) is not None:
        out["finished_from"] = table.finished_from
    return out


def open_seat(spec, text: str | bytes, source: str):
    """``(session, viewer, bots kind, finished_from)`` of a save file for ``spec``'s game (see
    :func:`table_fields`; ``finished_from`` ``None`` when absent); :class:`BadInput` naming the field."""
    from .session import GameSession

    saveload.parse(text, source, spec.id)  # a ruling file or another game's: said first
    rp = saveload.loads(text, source)
    session = GameSession(spec.game, config=rp.config, seed=rp.seed, overrides=rp.overrides)
    session._reset(spec.game, rp.config, rp.seed, rp.overrides, rp.initial, rp.actions, rp.transitions)
    table = rp.table
    viewer = table.viewer if table is not None else 0
    kind = table.bots if table is not None and table.bots in spec.bots else spec.bot_kind
    players = len(spec.game.returns(rp.state))
    if viewer is not None and not 0 <= viewer < players:
        raise BadInput(source, "table.viewer", f"ที่นั่ง {viewer} ไม่มีในเกม {players} คน",
                       f"seat {viewer} is not in a {players}-player game")
    finished_from = table.finished_from if table is not None else None
    if finished_from is not None and finished_from > len(rp.actions):
        raise BadInput(source, "table.finished_from",
                       f"table.finished_from ต้องไม่เกินจำนวนการกระทำ ({len(rp.actions)})",
                       f"table.finished_from must not be past the number of actions ({len(rp.actions)})")
    return session, viewer, kind, finished_from



"""The analyzer page's widgets (``notebooks/analyzer.ipynb``): choose, run, read the charts.

:class:`SimulationPanel`: a game, its seat count, a bot per seat, a reading of the ambiguity
register (and optionally a second one to compare on the same seeds), the number of games; *run*
plays them off the widget comm thread (a worker thread driving ``rules.analysis.simulate`` on the
local process pool) with a progress bar and a *cancel* button, then draws the seat win rates with
their intervals, the game lengths, where the points come from (for a game whose score has one
source, Coup's, how each seat's game ended instead: :func:`one_source_html`), the branching factor, the variant
comparison and the clause coverage table, and offers the table as CSV and Parquet.

:class:`TableSweepPanel`: Shadow Master's assumed Rank and damage tables scaled by a factor (a
data what-if, ``rules.analysis.sweeps``), seat win rates drawn as lines with bands.

Nothing here decides a rule or computes an interval: every number comes from ``rules.analysis``.

``run(serial=True)`` plays in the kernel's own process, whatever the panel's ``workers``: the
notebook's first answers are drawn that way.  The notebook runs in every kernel of the
dashboard's pool before any reader comes, and a first run on the local process pool left each
pooled kernel with four more processes (the forkserver, its resource tracker and two workers,
about 160 MiB) and spent more CPU starting them than the 150 games took; a reader's own runs
still use the pool.
"""
from __future__ import annotations

import base64
import html
import importlib.util
import io
import math
import os
import sys

import ipywidgets as w

from rules.analysis import compare, id_words, metrics as M, score_actions, simulate
from rules.core.bots import bot_options as _bot_options, bot_words as _bot_words
from rules.analysis.sweeps import estimate_seconds, sweep, table_scale_points
from rules.catalog import GAMES, engine, has_engine, info
from rules.core.ambiguity import load_ambiguities
from rules.core.base import player_words
from rules.core.protocol import BadInput
from rules.core.scenario import find_scenarios, run_file

from . import analysis_charts as C
from .errors import THAI_FONT, error_html, message_html
from .labels import title_in_play
from .runner import Runner

DEFAULT = "(ค่าเริ่มต้น / default)"
# the "vs" dropdown's "no comparison" value: an empty config (``settings()`` reads it as ``None``).
# Not ``None`` itself: ipywidgets 8 takes a ``None`` value for "nothing selected" and the
# dropdown showed blank instead of "(ไม่เทียบ / no comparison)"
NO_COMPARISON = ()


def _games() -> list[str]:
    """The games with an engine, found without importing them (``rules.<id>`` is there): importing
    every engine to list it put Shadow Master's board (networkx: several MiB) in a kernel
    that draws Coup.  The chosen game's engine is imported when it is chosen (``engine``); a
    game already imported is asked itself (``has_engine``)."""
    return [g for g in GAMES if (has_engine(g) if f"rules.{g}" in sys.modules else _package_there(g))]


def game_title(game: str) -> str:
    """A game's name in the game dropdown: the catalogue's Thai and English titles (its id is the
    dropdown's value)."""
    return GAMES[game].title


def _package_there(game: str) -> bool:
    try:
        return importlib.util.find_spec(f"rules.{game}") is not None
    except (ImportError, ValueError):
        return False


def _readings(game: str) -> list[tuple[str, tuple]]:
    """Dropdown options: the default, then every non-default reading by the register's short
    words (``"<short_th> / <short_en>"``: a few reader words that tell an entry's readings apart;
    the whole question and reading are said under the dropdowns: :func:`reading_choice_html`).
    Was ``who_blocks = anyone · …`` (register ids), then the descriptions cut at 48 characters,
    where several readings began alike and developer names showed."""
    out = [(DEFAULT, ())]
    for e in load_ambiguities(game):
        for r in e.readings:
            if r.id != e.default:
                out.append((f"{r.short_th} / {r.short_en}", ((e.variant, r.config_value),)))
    return out


def against_options(game: str, variant: tuple) -> list[tuple[str, tuple]]:
    """The "vs" dropdown's options for the "reading" dropdown's ``variant`` (its value): no
    comparison first; with the default chosen, every non-default reading (one entry read otherwise);
    with a reading of an entry chosen, that entry's other readings only, its default marked, so
    B − A is one entry read two ways.  Both dropdowns listed every entry: A the deck, B who blocks,
    and the one "B − A" chart showed two rules changed as one (a fresh user's finding)."""
    none = [("(ไม่เทียบ / no comparison)", NO_COMPARISON)]
    if not variant:
        return none + _readings(game)[1:]
    chosen = dict(variant)
    for e in load_ambiguities(game):
        if e.variant in chosen:
            return none + [(f"{r.short_th} / {r.short_en}" + (f" {DEFAULT}" if r.id == e.default else ""),
                            ((e.variant, r.config_value),))
                           for r in e.readings if r.config_value != chosen[e.variant]]
    return none


def reading_choice_html(game: str, variant: tuple, against: tuple | None) -> str:
    """The readings chosen in the "reading" and "vs" dropdowns in the register's words: each entry's
    question, and what the reading (and the compared one, read over the first: B is A with the vs
    dropdown's field changed) says, Thai / English; ``""`` for the default with no comparison."""
    from rules.analysis.compare import reading_words
    e = html.escape
    rows = []
    a = dict(variant or ())
    for label, base, config in (("อ่านแบบ / reading", {}, a), ("เทียบกับ / vs", a, {**a, **dict(against or ())})):
        for r in reading_words(game, base, config):
            x = r["b"]
            rows.append(f'<div><b>{label}:</b> {e(r["question_th"])} <span class="kl-muted">/ '
                        f'{e(r["question_en"])}</span> → {e(x["th"])} <span class="kl-muted">/ {e(x["en"])}</span></div>')
            rows.append(C.same_data_html(r) + C.inert_html(r))
    return (f'<div class="kl-reading-words" style="font-family:{THAI_FONT};font-size:13px;margin:2px 0 6px">'
            + "".join(rows) + "</div>") if rows else ""


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def reading_pairs(game: str, config: dict) -> list:
    """A config's readings by the register's short words, as the dropdown names them (the whole
    question and reading are said under the dropdowns: :func:`reading_choice_html`): one
    ``(short_th, short_en)`` per entry read otherwise than its default; ``[("ค่าเริ่มต้น",
    "default")]`` for none.  Was ``who_blocks=anyone``, then the words with ``[who_blocks]``
    (config ids a reader cannot read), then the descriptions cut short."""
    from rules.analysis.compare import reading_words
    register = {e.id: e for e in load_ambiguities(game)}
    said = []
    for r in reading_words(game, {}, dict(config or ())):
        try:  # the reading's short words, as the dropdown names it
            x = register[r["entry"]].reading(r["b"]["id"])
            said.append((x.short_th, x.short_en))
        except KeyError:  # a value no reading has: what the register's words say of it
            said.append((_cut(r["b"]["th"], 48), _cut(r["b"]["en"], 60)))
    return said or [("ค่าเริ่มต้น", "default")]


def bots_pairs(game: str, bots: list) -> tuple[str, str]:
    """The seats' bots for the "results of" lines in the engine's words (``bot_words``), in seat
    order, a run of the same bot once with its count: ``("สุ่ม ×2, ซื่อสัตย์", "random ×2, honest")``."""
    runs: list = []
    for b in bots:
        if runs and runs[-1][0] == b:
            runs[-1][1] += 1
        else:
            runs.append([b, 1])
    words = [(bot_words(game, b), f" ×{n}" if n > 1 else "") for b, n in runs]
    return ", ".join(th + k for (th, _en), k in words), ", ".join(en + k for (_th, en), k in words)


def results_of(shown: dict) -> tuple[str, str]:
    """``(th, en)``: what a run's results are of, a Thai line and an English line (as the verdict
    lines under them), the game named by what its config has in play (the engine's
    ``title_in_play``: ``"Coup + Inquisitor"`` with the Reformation off), every other word the
    panel's labels' and the register's: ``("เกมโค่นอำนาจ: 400 เกม 4 ที่นั่ง บอท ซื่อสัตย์ ×4 อ่านแบบ
    ค่าเริ่มต้น", "Coup + Inquisitor: 400 games, 4 seats, bots honest ×4, reading default")``.
    Was one English sentence with "th / en" pairs dropped in.  ``shown``: :meth:`settings` and
    ``played`` (games played, fewer when cancelled)."""
    game, config = shown["game"], shown["config"]
    title = title_in_play(engine(game), config)
    n, played = shown["games"], shown.get("played", shown["games"])
    games_th, games_en = ((f"{n} เกม", f"{n} games") if played >= n else
                          (f"{played} จาก {n} เกม (ยกเลิก)", f"{played} of {n} games (cancelled)"))
    bots_th, bots_en = bots_pairs(game, shown["bots"])
    readings = {k: v for k, v in config.items() if k != "players"}
    read = reading_pairs(game, readings)
    th = (f"{title[0]}: {games_th} {config['players']} ที่นั่ง บอท {bots_th} "
          f"อ่านแบบ {'; '.join(t for t, _ in read)}")
    en = (f"{title[1]}: {games_en}, {config['players']} seats, bots {bots_en}, "
          f"reading {'; '.join(e for _, e in read)}")
    if shown["against"]:
        vs = reading_pairs(game, shown["against"])
        th += f" เทียบกับ {'; '.join(t for t, _ in vs)}"
        en += f", vs {'; '.join(e for _, e in vs)}"
    return th, en


_SPECS: dict = {}


def game_spec(game: str):
    """The game page's :class:`~widgets.page.GameSpec` (``widgets/<game>``: its seat labels),
    imported when the game is chosen; ``None`` for a game without a page."""
    if game not in _SPECS:
        try:
            _SPECS[game] = getattr(importlib.import_module(f"widgets.{game}"), "SPEC", None)
        except ImportError:
            _SPECS[game] = None
    return _SPECS[game]


def bot_words(game: str, name: str) -> tuple[str, str]:
    """``(th, en)`` of bot ``name``: the engine's bot registry's words (``rules.core.bots.bot_words``)."""
    return _bot_words(game, name)


def bot_options(game: str) -> list[tuple[str, str]]:
    """A bot dropdown's options: the engine's words (``ซื่อสัตย์ / honest``), the bot's name as value."""
    return _bot_options(game)


def seat_words(game: str):
    """``seat(s)``: a chart's seat tick, the game page's seat label alone (its
    ``GameSpec.seat_label``, the engine's ``seat_words``, as the game's boards name the seat: Valeria's
    seat 0 is "ผู้เล่น 1").  A game without a page: ``seat_tick``."""
    spec = game_spec(game)
    if spec is None:
        from .analysis_charts import seat_tick
        return seat_tick
    return lambda s: html.escape(str(spec.seat_label(s)))


def id_text(game: str, kind: str, sep: str = " / "):
    """``word(id)``: a table's machine id of ``kind`` (``phase``, ``source``, ``end_reason``) as the
    engine words it, Thai then English joined by ``sep`` (HTML-escaped): the charts' names and the
    summary's ends (``rules.analysis.id_words``; no label is decided here)."""
    def word(value) -> str:
        th, en = (html.escape(x) for x in id_words(game, kind, value))
        return th if th == en else f"{th}{sep}{en}"
    return word


def end_words(game: str, reason) -> str:
    """An end reason's id in the engine's words (the simulator's own for a cut game), Thai / English."""
    return id_text(game, "end_reason")(reason)


def one_source_html(df, game: str) -> str:
    """What the score chart's box shows for a game whose score has one source (Coup: influence
    left), in words: the game has one way to win (its most frequent end, in the engine's words),
    so a chart of where the points come from is one colour a seat; the box shows how each seat's
    game ended instead (:func:`widgets.analysis_charts.exits_chart`).  ``""`` for a game with
    several sources or a table whose engine said no seat went out (its sources chart stays)."""
    src = M.score_sources(df)
    sources = list(src["source"].unique()) if len(src) else []
    if len(sources) != 1 or not len(M.exits(df)):
        return ""
    g = GAMES[game]
    th_title, en_title = (html.escape(x) for x in (g.title_th, g.title_en))
    th_src, en_src = (html.escape(x) for x in id_words(game, "source", sources[0]))
    ends = [r for r in M.end_reasons(df)["reason"] if r != "max_steps"]
    th_end, en_end = (html.escape(x) for x in id_words(game, "end_reason", ends[0])) if ends else ("-", "-")
    return (f'<div class="kl-one-source" style="font-family:{THAI_FONT};max-width:600px">'
            f'<b>{th_title} มีทางชนะทางเดียว: {th_end}</b> คะแนนมีที่มาเดียวคือ{th_src} กราฟที่มาของคะแนนจึงเป็นสีเดียวต่อที่นั่ง '
            f'และบอกเพียงอัตราชนะซ้ำ ด้านล่างจึงแสดงแทนว่าแต่ละที่นั่งจบเกมอย่างไร: ชนะ หรือตกรอบเพราะกติกาข้อใด<br>'
            f'<i><b>{en_title} has one way to win: {en_end}</b>. '
            f'Its score has one source, {en_src}, so a chart of where the points come from is one colour a seat '
            f'and only repeats the win rates; shown instead: how each seat\'s game ended, won or put out by which rule.</i></div>')


def intro_html(settings: dict) -> str:
    """What the panel is set to, in words (the page's introduction names no game: it follows the
    controls): the game as the readings chosen play it (:func:`widgets.labels.title_in_play`: the
    catalogue's product title named the Reformation with it off), its seats, the bots by the game
    page's labels, the fair share."""
    game, n = settings["game"], settings["config"]["players"]
    title_th, title_en = title_in_play(engine(game), settings["config"])
    words = [bot_words(game, b) for b in settings["bots"]]
    if len(set(words)) == 1:
        bots_th, bots_en = f"บอท{words[0][0]}ทุกที่นั่ง", f"{words[0][1]} bots at every seat"
    else:
        seats = [engine(game).seat_words(i) for i in range(len(words))]  # as the game's texts name them
        bots_th = ", ".join(f"{seats[i][0]} {th}" for i, (th, _en) in enumerate(words))
        bots_en = ", ".join(f"{seats[i][1]} {en}" for i, (_th, en) in enumerate(words))
    e = html.escape
    return (f'<div class="kl-intro" style="font-family:{THAI_FONT}"><b>{e(title_th)} {n} คน {e(bots_th)}</b>: '
            f'ส่วนที่ยุติธรรมคือ 1/{n} / <b>{e(title_en)} with {n} seats, {e(bots_en)}</b>: the fair share is '
            f'1/{n}</div>')


def download_links(df, stem: str) -> str:
    """HTML links that download ``df`` as CSV and as Parquet (data URIs: no server round trip)."""
    csv = base64.b64encode(df.to_csv(index=False).encode()).decode()
    buf = io.BytesIO()
    try:
        from . import lean
        lean.allow("pyarrow")  # held back in a page's kernel until now (widgets/lean.py)
        df.to_parquet(buf, index=False)
        pq = base64.b64encode(buf.getvalue()).decode()
        parquet = (f' · <a download="{stem}.parquet" href="data:application/octet-stream;base64,{pq}">'
                   f'Parquet</a>')
    except ImportError:  # pyarrow is a dependency; guard odd environments
        parquet = ""
    return (f'<div style="font-family:{THAI_FONT}">ดาวน์โหลดตาราง / download the table ({len(df)} rows): '
            f'<a download="{stem}.csv" href="data:text/csv;base64,{csv}">CSV</a>{parquet}</div>')


SCENARIOS = __import__("pathlib").Path(__file__).resolve().parents[1] / "data" / "scenarios"


def _pts(x: float) -> str:
    return f"{100 * x:.1f}"


def mixed_bots(df) -> bool:
    """Whether the seats of ``df`` (``df.attrs["bots"]``, one name a seat) were not all played by
    the same bot: then a gap between seats' win rates may come from the bots, not the seats."""
    return len(set(df.attrs.get("bots") or ())) > 1


def bots_by_seat(game: str | None, bots) -> tuple[str, str]:
    """``(th, en)``: each seat with its bot, in seat order, as the game's texts name the seat and
    the engine words the bot (``"ที่นั่ง 1 ซื่อสัตย์, ..."``, ``"seat 1 honest, ..."``)."""
    th, en = [], []
    for seat, b in enumerate(bots):
        s = engine(game).seat_words(seat) if game else player_words(seat)
        w_th, w_en = bot_words(game, b) if game else (b, b)
        th.append(f"{s[0]} {w_th}")
        en.append(f"{s[1]} {w_en}")
    return ", ".join(th), ", ".join(en)


def verdict_html(df, game: str | None = None) -> str:
    """What the games can tell about seat balance, in words (every number from
    ``rules.analysis.metrics``): the smallest gap from the fair share this many games can show
    (:func:`~rules.analysis.metrics.resolution`), then each seat's verdict
    (:func:`~rules.analysis.metrics.seat_verdicts`).  A seat is called favoured only when even the
    interval read with every seat at once (Bonferroni) misses the fair share; a plain 95 % interval
    off the line is called a hint, since with several seats one such miss is expected by luck.

    Seats played by different bots (``df.attrs["bots"]``, :func:`mixed_bots`): a gap may come from
    the bots, so no seat is called favoured: the line says it cannot be read as seat advantage and
    names each seat's bot, and a seat is said to win more (or less) than the fair share.  Few games
    (``resolution(...)["small"]``): the words say the sample is small and a verdict says no size."""
    v = M.seat_verdicts(df)
    if v.empty:
        return ""
    n, k = int(v["n"].iloc[0]), len(v)
    res = M.resolution(n, k)
    fair = _pts(res["fair"])
    luck = f"{100 * res['chance_one_off']:.0f}"
    rows = [f"ด้วย {n} เกม ที่นั่งที่อัตราชนะห่างจากส่วนที่ยุติธรรม ({fair}%) น้อยกว่า <b>{_pts(res['gap'])}</b> จุด "
            f"แยกจากโชคไม่ได้ ({_pts(res['gap_all'])} จุดเมื่อดูทั้ง {k} ที่นั่งพร้อมกัน และโชคอย่างเดียวทำให้ช่วง 95% ของที่นั่งหนึ่ง"
            f"หลุดเส้นได้ราว {luck}% ของครั้ง) / with {n} games a seat whose win rate is less than "
            f"<b>{_pts(res['gap'])}</b> points from the fair share ({fair}%) cannot be told from chance "
            f"({_pts(res['gap_all'])} points when all {k} seats are read at once; luck alone puts one of {k} plain 95% "
            f"intervals off the line about {luck}% of the time)."]
    small = res["small"]
    if small:  # the intervals are tens of points wide: the words say so before any verdict
        rows.append(f'<b class="kl-small-sample">ตัวอย่างเล็ก: มีเพียง {n} เกม</b> ช่วงของแต่ละที่นั่งกว้างหลายสิบจุด '
                    f"(ช่องว่าง {_pts(res['gap'])} จุด เกินครึ่งของส่วนที่ยุติธรรม {fair}%) คำตัดสินด้านล่างบอกได้อย่างมากแค่ทิศทาง "
                    f"ไม่บอกว่าห่างเท่าไร เล่นเพิ่มเพื่อคำตอบที่ชัดขึ้น / <b>a small sample: only {n} games</b>, each seat's "
                    f"interval is tens of points wide (a gap of {_pts(res['gap'])} points, more than half the fair share "
                    f"{fair}%): a verdict below says a direction at most, not how large a gap is; play more games.")
    mixed = mixed_bots(df)
    bots = list(df.attrs.get("bots") or ())
    if mixed:
        by_th, by_en = (html.escape(x) for x in bots_by_seat(game, bots))
        rows.append(f'<b class="kl-mixed-bots">อ่านเป็นความได้เปรียบของที่นั่งไม่ได้</b>: บอทแต่ละที่นั่งต่างแบบกัน ({by_th}) '
                    f"อัตราชนะที่ต่างกันอาจมาจากบอท ไม่ใช่ตำแหน่งที่นั่ง ตั้งบอทแบบเดียวกันทุกที่นั่งเพื่อถามเรื่องที่นั่ง / "
                    f"<b>this cannot be read as seat advantage</b>: the seats' bots differ ({by_en}), so a gap between "
                    f"seats may come from the bots, not from where a seat sits; set one bot for every seat to ask about seats.")

    def who(seat: int) -> tuple[str, str]:  # the seat as the game's texts name it (and its bot, when they differ)
        th, en = engine(game).seat_words(int(seat)) if game else player_words(int(seat))
        if mixed and int(seat) < len(bots):
            b_th, b_en = (html.escape(x) for x in (bot_words(game, bots[int(seat)]) if game else (bots[int(seat)],) * 2))
            th, en = f"{th} ({b_th})", f"{en} ({b_en})"
        return th, en
    firm = v[v["verdict"].isin(["above", "below"])]
    hints = v[v["verdict"].isin(["hint_above", "hint_below"])]
    for r in firm.itertuples():
        above = r.verdict == "above"
        if mixed:  # the bots, not the seat, may make the gap: no "favoured"
            word_th, word_en = (("ชนะบ่อยกว่าส่วนที่ยุติธรรม", "wins more often than the fair share") if above else
                                ("ชนะน้อยกว่าส่วนที่ยุติธรรม", "wins less often than the fair share"))
        else:
            word_th, word_en = ("ได้เปรียบ", "is favoured") if above else ("เสียเปรียบ", "is at a disadvantage")
        if small:
            word_th, word_en = f"{word_th} แต่เกมน้อย ไม่รู้ว่ามากแค่ไหน", f"{word_en}, by how much so few games cannot say"
        rows.append(f"<b>{who(r.seat)[0]} {word_th}</b>: แม้ดูทุกที่นั่งพร้อมกัน ช่วง [{_pts(r.lo_all)}, {_pts(r.hi_all)}]% ก็ไม่ครอบ "
                    f"{fair}% / <b>{who(r.seat)[1]} {word_en}</b>: even read with every seat at once its interval "
                    f"[{_pts(r.lo_all)}, {_pts(r.hi_all)}]% misses {fair}%.")
    for r in hints.itertuples():
        rows.append(f"{who(r.seat)[0]}: ช่วง 95% [{_pts(r.lo)}, {_pts(r.hi)}]% ไม่ครอบ {fair}% แต่เมื่อดูทั้ง {k} ที่นั่งพร้อมกัน "
                    f"ช่วงเป็น [{_pts(r.lo_all)}, {_pts(r.hi_all)}]% ซึ่งครอบ: ยังเป็นแค่เค้า ไม่ใช่ข้อสรุป เล่นเพิ่มเพื่อดู / "
                    f"{who(r.seat)[1]}: its 95% interval [{_pts(r.lo)}, {_pts(r.hi)}]% misses {fair}%, but read with all "
                    f"{k} seats at once it is [{_pts(r.lo_all)}, {_pts(r.hi_all)}]%, which holds it: a hint, not a "
                    f"finding; play more games.")
    if firm.empty and hints.empty:
        rows.append(f"เกมชุดนี้แยกไม่ออกว่าที่นั่งใดต่างจาก {fair}% (ช่องว่างที่เล็กกว่านั้นอาจยังมีอยู่) / these games tell no "
                    f"seat apart from {fair}% (a smaller gap may still be there).")
    return (f'<div class="kl-verdict" style="font-family:{THAI_FONT};margin:4px 0">'
            + "<br>".join(rows) + "</div>")


def compare_verdict_html(comparison, game: str | None = None) -> str:
    """What a what-if comparison shows, in words (every number from ``Comparison.differences`` and
    ``Comparison.parted``): whether any seat's win rate moves more than chance explains (its
    paired 95 % bootstrap interval misses 0: the seats named, with the change and the interval),
    and what "parted" means: pairs play the same seed, so they start alike, and a pair parts at the
    first step where the two readings make the games differ.  Few pairs
    (``resolution(...)["small"]``): the words say the sample is small."""
    d = comparison.differences()
    wins = d[d["quantity"].str.startswith("win_")]
    if wins.empty:
        return ""
    n = int(wins["n"].iloc[0])
    p = comparison.parted()
    rows = []
    if not p["parted"]:
        rows.append(f"ทั้ง {p['pairs']} เกมคู่ (seed เดียวกัน) เล่นเหมือนกันทุกขั้นจนจบ: สองแบบไม่ได้ทำให้เกมใดในชุดนี้ต่างกัน "
                    f"ผลต่างจึงเป็น 0 / all {p['pairs']} paired games (same seeds) played alike to the end: the two "
                    f"readings changed no game here, so every difference is 0.")
    else:
        rows.append(f"เกมคู่ใช้ seed เดียวกัน จึงเริ่มเหมือนกัน {p['parted']} จาก {p['pairs']} คู่แยกทางกันเมื่อกติกาสองแบบให้ผลต่างกัน "
                    f"โดยครึ่งหนึ่งแยกภายในขั้นที่ {p['first_step_median']:g} (ขั้น = การกระทำหรือการสุ่มหนึ่งครั้ง นับจากการเตรียมเกม) / "
                    f"paired games play the same seeds, so they start alike: {p['parted']} of {p['pairs']} pairs go "
                    f"different ways once the two readings make them differ, half of them by step "
                    f"{p['first_step_median']:g} (a step: one action or chance draw, counted from the setup).")
    seats = len(wins)
    if M.resolution(n, seats)["small"]:
        rows.append(f'<b class="kl-small-sample">ตัวอย่างเล็ก: มีเพียง {n} เกมคู่</b> ช่วงของผลต่างกว้าง '
                    f'เล่นเพิ่มเพื่อคำตอบที่ชัดขึ้น / <b>a small sample: only {n} paired games</b>, the intervals '
                    f'are wide; play more games.')
    moved = wins[(wins["lo"] > 0) | (wins["hi"] < 0)]
    for r in moved.itertuples():
        seat = int(r.quantity.rpartition("_")[2])
        th, en = (html.escape(x) for x in (engine(game).seat_words(seat) if game else player_words(seat)))
        span = f"{100 * r.diff:+.1f} จุด [{100 * r.lo:+.1f}, {100 * r.hi:+.1f}]"
        span_en = f"{100 * r.diff:+.1f} points [{100 * r.lo:+.1f}, {100 * r.hi:+.1f}]"
        rows.append(f"<b>อัตราชนะของ{th} เปลี่ยนมากกว่าที่โชคอธิบายได้</b>: B − A = {span} ช่วง 95% ไม่ครอบ 0 / "
                    f"<b>{en}'s win rate changes more than chance explains</b>: B − A = {span_en}, "
                    f"its 95% interval misses 0.")
    if moved.empty:
        rows.append(f"ไม่มีที่นั่งใดที่อัตราชนะเปลี่ยนมากกว่าที่โชคอธิบายได้: ช่วง 95% ของผลต่างทุกที่นั่งครอบ 0 "
                    f"(ผลต่างที่เล็กกว่านั้นอาจยังมีอยู่) / no seat's win rate changes more than chance explains: "
                    f"every seat's 95% interval of B − A holds 0 (a smaller change may still be there).")
    return (f'<div class="kl-compare-verdict" style="font-family:{THAI_FONT};margin:4px 0">'
            + "<br>".join(rows) + "</div>")


_Runner = Runner
"""The analyzer's panels share the game pages' runner (:mod:`widgets.runner`)."""



def full_labels(root: w.Widget) -> w.Widget:
    """Give every described control under ``root`` its label's natural width
    (``description_width="initial"``): ipywidgets' default 90 px cut the Thai/English labels
    ("อ่านแบบ / r...") even at 1280 px; and no wider than the screen (``max_width: 100%``: a
    420 px dropdown ran past a phone's right edge).  Returns ``root``."""
    stack = [root]
    while stack:
        x = stack.pop()
        stack.extend(getattr(x, "children", ()))
        style = getattr(x, "style", None)
        if getattr(x, "description", "") and style is not None and hasattr(style, "description_width"):
            style.description_width = "initial"
            if isinstance(getattr(x, "layout", None), w.Layout) and not x.layout.max_width:
                x.layout.max_width = "100%"
    return root


def row(children=()) -> w.HBox:
    """A row of controls or charts that wraps onto the next line on a narrow screen (a phone)
    instead of running past its right edge."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap"))

def phone_style() -> w.HTML:
    """The small-screen stylesheet of every page (:data:`widgets.mobile.MOBILE_CSS`), hidden: at a
    phone's width the coverage and position tables scroll inside their own boxes instead of running
    42 px past the screen's edge, cut off (the analyzer page did not carry it)."""
    from .mobile import MOBILE_CSS
    return w.HTML(MOBILE_CSS, layout=w.Layout(display="none"))


class SimulationPanel(w.VBox):
    """Controls and charts of one simulation (and an optional reading comparison)."""

    def __init__(self, game: str = "coup", players: int = 4, games: int = 200, workers: int | None = None,
                 bots=None, against: dict | None = None):
        self.workers = workers
        # each dropdown as wide as its longest option ("auto"; no wider than its row: full_labels):
        # at a fixed width they cut "เกมโค่นอำนาจ / Coup (Inquisito" and the readings' words
        self.game = w.Dropdown(options=[(game_title(g), g) for g in _games()], value=game,
                               description="เกม / game", layout=w.Layout(width="auto"))
        # plain number boxes: a bounded one moved 9 seats to 6 and 0 games to 10 without a word
        # (a fresh user's finding); the range is checked at run (input_problems) and said
        self.players = w.IntText(value=players, description="ผู้เล่น / seats", layout=w.Layout(width="180px"))
        self.n_games = w.IntText(value=games, step=100, description="เกม / games", layout=w.Layout(width="200px"))
        self.problems = w.HTML()  # what the controls hold that a run cannot play, and what was changed for the reader
        self._note = ""
        self._quiet = False
        self.bots = row()
        self.intro = w.HTML()  # what the controls are set to, in words (follows them)
        self.variant = w.Dropdown(description="อ่านแบบ / reading", layout=w.Layout(width="auto"))
        self.against = w.Dropdown(description="เทียบกับ / vs", layout=w.Layout(width="auto"))
        self.reading_words = w.HTML()  # the readings chosen, in the register's words (a dropdown cuts them)
        self.runner = _Runner("เล่น / run")
        self.runner.run_button.on_click(lambda _: self.run())
        self.fig_win, self.fig_len, self.fig_src, self.fig_bf, self.fig_cmp = (w.Box() for _ in range(5))
        self.src_words = w.HTML()  # a game with one score source: why the box shows how seats' games ended
        self.cmp_words = w.HTML()  # what the comparison's A and B read, in the register's words
        self.summary = w.HTML()
        # what the charts below show (game, games, seats, bots, reading), and whether the controls
        # have moved on since: a reader who picked another game read the last game's numbers as its
        self.shown = w.HTML()
        self._shown_settings = None
        self.coverage = w.HTML()
        # the table's CSV and Parquet are made when asked: as data URIs they were 0.37 MB of the
        # page's first websocket bytes (two tables of 150-400 games) and needed pyarrow at start
        self.download = w.HTML()
        self.download_button = w.Button(icon="download", layout=w.Layout(display="none", width="auto"))
        self.download_button.on_click(lambda _: self.fill_downloads())
        self.table = None
        self.comparison = None
        self.game.observe(lambda _: self._game_changed(), "value")
        self.players.observe(lambda _: self._seats_changed(typed=True), "value")
        self.n_games.observe(lambda _: self._show_problems(), "value")
        self.variant.observe(lambda _: self._variant_changed(), "value")
        for control in (self.variant, self.against):
            control.observe(lambda _: self._show_reading_words(), "value")
        for control in (self.game, self.players, self.n_games, self.variant, self.against):
            control.observe(lambda _: self._show_what_is_shown(), "value")
            control.observe(lambda _: self._show_intro(), "value")
        self._game_changed()
        if bots:
            for d, name in zip(self.bots.children, [bots] * players if isinstance(bots, str) else bots):
                d.value = name
        if against:
            self.against.value = next(v for _, v in self.against.options if v and dict(v) == dict(against))
        charts = w.VBox([row([self.fig_win, self.fig_len]), row([w.VBox([self.src_words, self.fig_src]), self.fig_bf]), self.cmp_words,
                         self.fig_cmp])
        self._show_intro()
        self._show_reading_words()
        super().__init__([self.intro, row([self.game, self.players, self.n_games]), self.problems, self.bots,
                          row([self.variant, self.against]), self.reading_words, self.runner.bar, self.shown, self.summary, charts,
                          self.coverage, self.download_button, self.download])
        full_labels(self)

    # --- controls ---------------------------------------------------------------------------
    GAMES_RANGE = (1, 100_000)
    """The games a run may play: at least one, and at most what a reader waits for on this page
    (the command line plays more: ``python -m rules simulate``)."""

    def seat_range(self) -> tuple[int, int]:
        """The chosen game's seats, from its engine (``min_players``, ``max_players``)."""
        g = engine(self.game.value)
        return g.min_players, g.max_players

    def input_problems(self) -> list[BadInput]:
        """What the number boxes hold that a run cannot play, each naming its field and the range
        it takes (Thai / English): seats out of the game's range (:meth:`seat_range`), games out of
        :data:`GAMES_RANGE`.  Empty when a run may start."""
        out = []
        lo, hi = self.seat_range()
        seats = self.players.value
        g = info(self.game.value)
        if not lo <= seats <= hi:
            out.append(BadInput("ตัววิเคราะห์ / analyzer", "ผู้เล่น / seats",
                                f"ผู้เล่น / seats: {g.title_th} เล่นได้ {lo} ถึง {hi} คน แต่ใส่ไว้ {seats} "
                                f"แก้ก่อนจึงจะเล่นได้",
                                f"seats: {g.title_en} takes {lo} to {hi} seats, not {seats}; "
                                f"fix it to run"))
        lo, hi = self.GAMES_RANGE
        n = self.n_games.value
        if not lo <= n <= hi:
            out.append(BadInput("ตัววิเคราะห์ / analyzer", "เกม / games",
                                f"เกม / games: ต้องเป็น {lo} ถึง {hi:,} เกม แต่ใส่ไว้ {n} แก้ก่อนจึงจะเล่นได้",
                                f"games: must be {lo} to {hi:,}, not {n}; fix it to run"))
        return out

    def _show_problems(self) -> None:
        """The line under the controls: each input a run cannot play (:meth:`input_problems`), then
        what the panel changed for the reader (``_note``: seats moved into a new game's range, a
        comparison cleared)."""
        if hasattr(self, "problems"):
            self.problems.value = "".join(error_html(p) for p in self.input_problems()) + self._note

    def _game_changed(self) -> None:
        lo, hi = self.seat_range()
        old = self.players.value
        self._quiet = True  # the readings below are reset with the game: no "vs cleared" note
        try:
            self.players.value = min(max(old, lo), hi)
            options = _readings(self.game.value)
            self.variant.options = options
            self.variant.value = ()
            self.against.options = against_options(self.game.value, ())
            self.against.value = NO_COMPARISON
        finally:
            self._quiet = False
        g = info(self.game.value)
        # the seats follow the new game's range, and the line says so (never a silent change)
        self._note = "" if self.players.value == old else message_html(
            f"ผู้เล่น / seats: เปลี่ยนจาก {old} เป็น {self.players.value} คน เพราะ{g.title_th}เล่นได้ {lo} ถึง {hi} คน",
            f"seats: changed from {old} to {self.players.value}, since {g.title_en} takes {lo} to {hi}", "warn")
        self._seats_changed()

    def _variant_changed(self) -> None:
        """The "vs" dropdown offers the readings of the "reading" dropdown's entry
        (:func:`against_options`); a comparison chosen from another entry is cleared, and said."""
        if self._quiet:
            return
        old = self.against.value
        options = against_options(self.game.value, self.variant.value)
        self.against.options = options
        kept = old in [v for _, v in options]
        self.against.value = old if kept else NO_COMPARISON
        if not kept:
            self._note = message_html("เทียบกับ / vs: กลับเป็น ไม่เทียบ เพราะแบบที่เลือกไว้เป็นของข้อกำกวมอื่น "
                                      "(เทียบได้เฉพาะแบบของข้อเดียวกับ อ่านแบบ)",
                                      "vs: back to no comparison, since its reading was of another entry "
                                      "(a comparison reads the same entry as 'reading' another way)", "warn")
            self._show_problems()

    def _show_reading_words(self) -> None:
        if hasattr(self, "reading_words"):
            self.reading_words.value = reading_choice_html(self.game.value, self.variant.value, self.against.value)

    def _seats_changed(self, typed: bool = False) -> None:
        """The seats' bot dropdowns for the seats typed (``typed``: by the reader, whose change
        ends the note of a change the panel made).  A seat count out of the game's range leaves
        them as they are (the problem line says the range)."""
        if typed:
            self._note = ""
        self._show_problems()
        lo, hi = self.seat_range()
        if not lo <= self.players.value <= hi:
            return
        options = bot_options(self.game.value)
        names = [v for _, v in options]
        old = [d.value for d in self.bots.children]
        # a new seat takes the last seat's bot: one bot for every seat stays so (the question of
        # seat advantage), where new seats got the first bot ("random") beside four "honest"
        new = next((v for v in reversed(old) if v in names), names[0])
        # the labels as the game's page says them ("ซื่อสัตย์ / honest"); the values stay the bots' names
        self.bots.children = [w.Dropdown(options=options, value=old[i] if i < len(old) and old[i] in names else new,
                                         description=" / ".join(engine(self.game.value).seat_words(i)),
                                         layout=w.Layout(width="auto"))
                              for i in range(self.players.value)]
        for d in self.bots.children:
            d.observe(lambda _: self._show_what_is_shown(), "value")
            d.observe(lambda _: self._show_intro(), "value")
        full_labels(self.bots)
        if hasattr(self, "intro"):
            self._show_intro()

    def _show_intro(self) -> None:
        """The line over the controls: what they are set to (:func:`intro_html`)."""
        if getattr(self, "intro", None) is not None and len(self.bots.children) == self.players.value:
            self.intro.value = intro_html(self.settings())

    def _show_what_is_shown(self, running: bool = False) -> None:
        """The line above the results: what they are of, and, when the controls (or a run under
        way) no longer match them, that they are the earlier run's."""
        shown = self._shown_settings
        if shown is None:
            self.shown.value = ""
            return
        th, en = (html.escape(x) for x in results_of(shown))
        if running or self.settings() != {k: v for k, v in shown.items() if k != "played"}:
            self.shown.value = (f'<div class="kl-stale" style="font-family:{THAI_FONT};background:#fff3cd;'
                                f'padding:4px 8px;border-left:4px solid #e0a800">ผลด้านล่างเป็นของการเล่นครั้งก่อน '
                                f'({th}) กด เล่น เพื่อดูผลของสิ่งที่เลือก<br>the results below are of the earlier run '
                                f'({en}); press run for what is chosen now</div>')
        else:
            self.shown.value = (f'<div class="kl-shown" style="font-family:{THAI_FONT}"><b>ผลของ {th}</b><br>'
                                f'<b>results of {en}</b></div>')

    def settings(self) -> dict:
        """What a run would play: ``game``, ``config``, ``bots``, ``games``, ``against``."""
        return {"game": self.game.value, "config": {"players": self.players.value, **dict(self.variant.value)},
                "bots": [d.value for d in self.bots.children], "games": int(self.n_games.value),
                "against": dict(self.against.value) if self.against.value else None}

    # --- running --------------------------------------------------------------------------------
    def run(self, wait: bool = False, serial: bool = False) -> None:
        """Play the chosen games (off the comm thread unless ``wait``) and redraw the charts.
        ``serial``: in this process, whatever the panel's ``workers`` (the notebook's first
        answer: see the module docstring)."""
        if self.input_problems():  # refused, said under the controls; the results stay as they were
            self._show_problems()
            self.runner.refused()  # (but the bar and time do not say this click ran)
            return
        s = self.settings()
        r = self.runner
        workers = 1 if serial else self.workers
        self.summary.value = ("<div class='kl-muted'>กำลังเล่น... สรุปผลจะแสดงเมื่อเล่นครบ / running: the summary "
                              "below is written when the run ends</div>")  # never the last run's numbers beside new bars

        def work():
            if s["against"]:
                total = 2 * s["games"]
                c = compare(s["game"], s["games"], s["config"], s["against"], s["bots"], seed=0, workers=workers,
                            progress=False, on_progress=lambda d, n: r.tick(2 * d, total), cancel=r.cancel)
                self.comparison, self.table = c, c.a
            else:
                self.comparison = None
                self.table = simulate(s["game"], s["games"], s["bots"], s["config"], seed=0, workers=workers,
                                      progress=False, on_progress=r.tick, cancel=r.cancel)
            # a cancelled run played fewer games than asked: the line says how many it holds
            self._shown_settings = {**s, "played": len(self.table)}
            self.draw()
            self._show_what_is_shown()

        self._show_what_is_shown(running=True)
        r.start(work, wait=wait)

    def draw(self) -> None:
        df = self.table
        if df is None or not len(df):
            return
        game = df.attrs.get("game") or self.game.value
        seat = seat_words(game)
        C.into(self.fig_win, C.win_rate_chart(df, seat=seat))
        C.into(self.fig_len, C.length_chart(df))
        # one score source (Coup: influence left) drew one thin colour a seat that said nothing the
        # win rates do not (a fresh user's finding): say so, and chart how each seat's game ended
        self.src_words.value = one_source_html(df, game)
        if self.src_words.value:
            C.into(self.fig_src, C.exits_chart(df, seat=seat, outcome=C.exit_words(game)))
        else:
            C.into(self.fig_src, C.sources_chart(df, seat=seat, source=id_text(game, "source")))
        C.into(self.fig_bf, C.branching_chart(df, phase=id_text(game, "phase", C.LINES)))
        if self.comparison is not None:
            self.cmp_words.value = (C.compare_words_html(self.comparison)
                                    + compare_verdict_html(self.comparison, game))
            C.into(self.fig_cmp, C.compare_chart(self.comparison, quantity=id_text(game, "quantity", C.LINES)))
        else:
            self.cmp_words.value = ""
            C.into(self.fig_cmp, C.empty_chart("เลือก 'เทียบกับ' เพื่อเทียบสองแบบ<br>"
                                               "<sup>choose 'vs' to compare two readings</sup>"))
        fpa = M.first_player_advantage(df)
        ends = M.end_reasons(df)
        ends_txt = ", ".join(f"{end_words(game, r.reason)} {100 * r.estimate:.0f}%" for r in ends.itertuples())
        zero = fpa["lo"] <= 0 <= fpa["hi"]
        fpa_word = (" (ช่วงครอบ 0: แยกจากโชคไม่ได้ / the interval holds 0: not told from chance)" if zero else "")
        if mixed_bots(df):  # the seats' bots differ: the first seat's gap may be its bot's (verdict_html)
            fpa_word += (" (บอทต่างกันในแต่ละที่นั่ง: อ่านเป็นความได้เปรียบของที่นั่งไม่ได้ / the seats' bots differ: "
                         "not a seat advantage)")
        self.summary.value = (
            f'<div style="font-family:{THAI_FONT}">ที่นั่งแรกได้เปรียบ: '
            f'<b>{100 * fpa["estimate"]:+.1f}</b> จุด [{100 * fpa["lo"]:+.1f}, {100 * fpa["hi"]:+.1f}] '
            f'(อัตราชนะ {100 * fpa["win_rate"]:.1f}% เทียบกับส่วนที่ยุติธรรม {100 * fpa["fair"]:.1f}%) / first-seat advantage: '
            f'<b>{100 * fpa["estimate"]:+.1f}</b> points [{100 * fpa["lo"]:+.1f}, {100 * fpa["hi"]:+.1f}] '
            f'(win rate {100 * fpa["win_rate"]:.1f}% vs fair {100 * fpa["fair"]:.1f}%){fpa_word} · จบเกมเพราะ / ends: {ends_txt}'
            f'</div>' + verdict_html(df, game))
        self.coverage.value = C.coverage_html(df, df.attrs.get("game")) if any(
            c.startswith("cite:") for c in df.columns) else message_html("ไม่มีข้อมูลการอ้างข้อ", "no clause counts")
        self.download.value = ""
        self.download_button.description = f"ดาวน์โหลดตาราง / download the table ({len(df)} rows): CSV, Parquet"
        self.download_button.layout.display = None

    def fill_downloads(self) -> None:
        """The download links of the table on screen (:func:`download_links`), in place of the
        button that asked for them."""
        df = self.table
        if df is None or not len(df):
            return
        self.download.value = download_links(df, f"{df.attrs.get('game', 'games')}_{len(df)}")
        self.download_button.layout.display = "none"


def range_problem(field: tuple[str, str], value: float, lo: float, hi: float,
                  why: tuple[str, str] = ("", "")) -> BadInput | None:
    """``None`` when ``lo <= value <= hi``; else the refusal naming ``field`` (Thai, English) and its
    range, with ``why`` the range is so (Thai, English) when it comes from the game or example.
    The analyzer's number boxes are plain ones checked at run: a bounded box moved a typed 999 to
    its maximum without a word (a fresh user's finding)."""
    if lo <= value <= hi:
        return None
    th, en = field
    return BadInput("ตัววิเคราะห์ / analyzer", f"{th} / {en}",
                    f"{th}: ต้องเป็น {lo:,} ถึง {hi:,}{why[0]} แต่ใส่ไว้ {value:,} แก้ก่อนจึงจะเริ่มได้",
                    f"{en}: must be {lo:,} to {hi:,}{why[1]}, not {value:,}; fix it to start")


def recheck_problems(panel, controls) -> None:
    """While ``panel.problems`` shows refusals (said when run was pressed), each change of one of
    ``controls`` checks them again (``panel.input_problems()``): a corrected field's error goes at
    once, not at the next run (a fresh user's finding: "factors: positive numbers..." stayed after
    the field was fixed).  Nothing is said before the first refused run."""
    def again(_change) -> None:
        if panel.problems.value:
            panel.problems.value = "".join(error_html(p) for p in panel.input_problems())
    for control in controls:
        control.observe(again, "value")


class TableSweepPanel(w.VBox):
    """Shadow Master: seat win rates as the assumed Rank and damage tables are scaled."""

    def __init__(self, factors=(0.5, 1.0, 2.0), games: int = 30, players: int = 2, workers: int | None = None,
                 bot: str = "random"):
        self.workers = workers
        self.factors = w.Text(value=", ".join(f"{f:g}" for f in factors), description="คูณ / factors")
        self.which = w.Dropdown(options=[("Rank + damage", "both"), ("Rank table", "rank"), ("damage table", "damage")],
                                value="both", description="ตาราง / table")
        # plain boxes, checked at run (input_problems) and said: see range_problem
        self.players = w.IntText(value=players, description="ผู้เล่น / seats", layout=w.Layout(width="180px"))
        self.n_games = w.IntText(value=games, description="เกม/จุด / games a point", layout=w.Layout(width="240px"))
        self.problems = w.HTML()  # what the controls hold that a sweep cannot play
        self.bot = w.Dropdown(options=bot_options("shadow_master"), value=bot, description="บอท / bots")
        self.runner = _Runner("กวาด / sweep")
        self.runner.run_button.on_click(lambda _: self.run())
        self.estimate = w.HTML()
        self.fig = w.Box()
        self.table = None
        super().__init__([row([self.which, self.factors]), row([self.players, self.n_games, self.bot]),
                          self.problems, self.runner.bar, self.estimate, self.fig])
        full_labels(self)
        recheck_problems(self, (self.factors, self.players, self.n_games))

    GAMES_RANGE = (1, 20_000)
    """Games a point may play on this page (a sweep plays that many at every point)."""

    def factor_values(self) -> list[float] | None:
        """The factors box as numbers, or ``None`` when a part is no positive number."""
        try:
            out = [float(x) for x in self.factors.value.replace(";", ",").split(",") if x.strip()]
        except ValueError:
            return None
        return out if out and all(math.isfinite(f) and f > 0 for f in out) else None

    def input_problems(self) -> list[BadInput]:
        """What the controls hold that a sweep cannot play, each naming its field (Thai / English):
        seats out of Shadow Master's range (its engine's ``min_players``/``max_players``), games a
        point out of :data:`GAMES_RANGE`, factors that are not positive numbers.  Empty: may run."""
        g = engine("shadow_master")
        out = [range_problem(("ผู้เล่น", "seats"), self.players.value, g.min_players, g.max_players,
                             (" คนในเกมนี้", " in this game")),
               range_problem(("เกมต่อจุด", "games a point"), self.n_games.value, *self.GAMES_RANGE)]
        if self.factor_values() is None:
            out.append(BadInput("ตัววิเคราะห์ / analyzer", "คูณ / factors",
                                f"คูณ / factors: ต้องเป็นจำนวนบวกคั่นด้วยจุลภาค เช่น 0.5, 1, 2 แต่ใส่ไว้ “{self.factors.value}”",
                                f"factors: positive numbers separated by commas, such as 0.5, 1, 2; not “{self.factors.value}”"))
        return [p for p in out if p is not None]

    def points(self):
        factors = self.factor_values() or []
        return table_scale_points(factors, rank=self.which.value in ("both", "rank"),
                                  damage=self.which.value in ("both", "damage"))

    def run(self, wait: bool = False, serial: bool = False) -> None:
        """Sweep the chosen points (off the comm thread unless ``wait``; ``serial``: in this
        process, see the module docstring).  Controls a sweep cannot play (:meth:`input_problems`)
        are said under them and nothing runs."""
        problems = self.input_problems()
        self.problems.value = "".join(error_html(p) for p in problems)
        if problems:
            self.runner.refused()  # the last run's full bar and time do not say this click ran
            return
        points = self.points()
        cfg = {"players": int(self.players.value)}
        n = int(self.n_games.value)
        r = self.runner
        workers = 1 if serial else self.workers

        def work():
            # timed on the workers the sweep then uses (its local pool), so the figure is theirs
            est = estimate_seconds("shadow_master", n, len(points), self.bot.value, cfg, sample=2,
                                   workers=1 if workers == 1 else (workers or os.cpu_count() or 1))
            self.estimate.value = message_html(f"ประมาณ {est:.0f} วินาที", f"about {est:.0f} s for "
                                               f"{len(points)} points x {n} games")
            self.table = sweep("shadow_master", points, n, self.bot.value, cfg, seed=0, workers=workers,
                               progress=False, on_progress=r.tick, cancel=r.cancel)
            if len(self.table):
                C.into(self.fig, C.sweep_chart(self.table, seat=seat_words("shadow_master"), title="Shadow Master: ตาราง Rank/ความเสียหายคูณด้วย / "
                                                                 "Rank and damage tables scaled"))

        r.start(work, wait=wait)


def example_options(game: str, paths) -> list[tuple[str, str]]:
    """The example picker's options: each scenario's title as the scenario loader gives it, Thai and
    English, after its ruling number as the game pages' pickers say it (``ข้อ 1 / ruling 1: ...``,
    :func:`widgets.page.ruling_label`), in their order; the file stem is the value.  A file that
    does not load is listed by its stem (the game page reports it)."""
    from rules.core.protocol import BadInput
    from rules.core.scenario import load_scenario

    from .page import ruling_key, ruling_label
    out = []
    for p in sorted(paths, key=ruling_key):
        try:
            sc = load_scenario(p)
            title = sc.title_th if sc.title_en in ("", sc.title_th) else f"{sc.title_th} / {sc.title_en}"
        except BadInput:
            title = p.stem
        out.append((ruling_label(p, title), p.stem))
    return out


class PositionPanel(w.VBox):
    """What would the bots do here?  A worked example's position (a scenario after ``step``
    steps): every legal action of the seat to act scored by rollouts (``score_actions``)."""

    def __init__(self, game: str = "coup", scenario: str | None = None, step: int = 0, rollouts: int = 30,
                 bot: str = "random"):
        self.game_id = game
        paths = {p.stem: p for p in find_scenarios(SCENARIOS / game) if p.name != "README.yaml"}
        self.paths = paths
        options = example_options(game, paths.values())
        self.scenario = w.Dropdown(options=options, value=scenario or options[0][1],
                                   description="ตัวอย่าง / example",
                                   layout=w.Layout(width="100%", max_width="760px"))  # room for a title
        # plain boxes, checked at run (input_problems) and said: see range_problem
        self.step = w.IntText(value=step, description="หลังขั้น / after step", layout=w.Layout(width="200px"))
        self.bot = w.Dropdown(options=bot_options(game), value=bot, description="บอท / bots")
        self.rollouts = w.IntText(value=rollouts, description="ทดลอง / rollouts", layout=w.Layout(width="200px"))
        self.problems = w.HTML()  # what the controls hold that scoring cannot use
        self.runner = _Runner("ประเมิน / score")
        self.runner.run_button.on_click(lambda _: self.run())
        self.out = w.HTML()
        self.table = None
        super().__init__([row([self.scenario, self.step]), row([self.bot, self.rollouts]), self.problems,
                          self.runner.bar, self.out])
        full_labels(self)
        recheck_problems(self, (self.scenario, self.step, self.rollouts))

    ROLLOUTS_RANGE = (5, 5000)
    """Rollouts a choice may get on this page."""

    def input_problems(self) -> list[BadInput]:
        """What the controls hold that scoring cannot use, each naming its field (Thai / English):
        a step past the chosen example's steps (it was cut to the last one without a word), rollouts
        out of :data:`ROLLOUTS_RANGE`.  Empty: may run."""
        steps = len(run_file(self.paths[self.scenario.value]).steps)
        out = [range_problem(("หลังขั้น", "after step"), self.step.value, 0, steps,
                             (f" เพราะตัวอย่างนี้มี {steps} ขั้น", f", since this example has {steps} steps")),
               range_problem(("ทดลอง", "rollouts"), self.rollouts.value, *self.ROLLOUTS_RANGE)]
        return [p for p in out if p is not None]

    def state(self):
        res = run_file(self.paths[self.scenario.value])
        k = int(self.step.value)
        return res.initial if k == 0 else res.steps[k - 1].state

    def run(self, wait: bool = False) -> None:
        """Score the position's choices (off the comm thread unless ``wait``); controls scoring
        cannot use (:meth:`input_problems`) are said under them and nothing runs."""
        problems = self.input_problems()
        self.problems.value = "".join(error_html(p) for p in problems)
        if problems:
            self.runner.refused()  # the last run's full bar and time do not say this click ran
            return

        def work():
            self.table = score_actions(self.game_id, self.state(), self.bot.value, int(self.rollouts.value), seed=0)
            self.out.value = C.position_html(self.table)
        self.runner.start(work, wait=wait)

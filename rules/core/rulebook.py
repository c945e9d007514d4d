"""The rulebook loader: the Thai seed text as clauses with stable ids.

File ``data/rulebooks/<game>.yaml``::

    game: coup
    seed_file: 002_a3f748dff81e3892.txt     # name of the seed in ../shared/rulebooks
    title_th: เกมโค่นอำนาจ
    title_en: Coup (with Inquisitor and Reformation)
    headings_en:                             # the English of EVERY heading of the clauses, by its
      การเตรียมเกม: Setup                     # Thai (a clause's English title when it has none of
      1, รายได้: 1, Income                    # its own; list numbers as the Thai writes them)
    clauses:
      - id: actions.income                   # stable, dotted, [a-z0-9_.]
        heading: [การเตรียมเกม, รายได้]       # heading path (Thai, as in the text)
        status: implemented                  # implemented | flavour | not_applicable | pending
        text_th: |                           # exact Thai lines of the seed, in order
          1, รายได้
          รับโทเค็นเงิน 1 ชิ้น
        gloss_en: Take 1 coin.               # optional, our own English
        title_th: รายได้                      # optional: the clause's own title an event citing it shows
        title_en: Income                     # (else its last heading, in English by headings_en;
                                             # never the book's title)
        note: ...                            # optional

Beside it ``data/rulebooks/<game>.th.txt`` is the seed copied byte for byte.  Every
non-blank line of the seed belongs to exactly one clause; :func:`joined_text` of the
clauses equals :func:`normalise` of the seed (a test proves it).
"""
from __future__ import annotations


import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from .datafile import read_yaml
from .protocol import BadInput

DATA = Path(__file__).resolve().parents[2] / "data"
RULEBOOKS = DATA / "rulebooks"
STATUSES = ("implemented", "flavour", "not_applicable", "pending")
_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")

HEADWORDS = 30
"""Width (:func:`text_width`) of the first words that follow a title several clauses share
(:meth:`Rulebook.own_words`): a story line names two clauses, so a name stays short."""

_LIST_MARK = re.compile(r"^(?:[•·▪*\-–—]|\(\d+\)|\d+\s*[.,)])\s*")
"""What leads a list item of the rulebooks' texts: a bullet (``"• "``), a bracketed number
(``"(7) "``, Coup's กฎละเอียด) or a numbered item (``"1. "``, ``"3, "``): the list's, not the
clause's words.  A bare number is no mark (``"10 Silver = 1 Gold"`` says it)."""

_GAP = re.compile(r"[^ ,]+[ ,]*")
"""A run of text up to the next gap: Thai writes no space between words, only between phrases and
sentences, so a space (or a comma) is where a line of Thai may be cut."""

_LAST_NUMBER = re.compile(r"[ ,]+[\d.,]+$")
"""A number ending a cut start: cut from what it counts ("เลือกผู้เล่น 1 คน"), it says nothing."""

_LEADS = "เแโใไ"
"""Thai vowels written before their consonant: a hard cut never falls just after one."""

_TRAILS = "ะาำๅๆฯ"
"""Thai vowels and marks written after their letter on the line: a hard cut never falls before one."""


def text_width(text: str) -> int:
    """How many characters ``text`` takes on a line: Thai vowel and tone marks above or below a
    letter (combining, category ``Mn``) take no room of their own."""
    return sum(1 for ch in text if unicodedata.category(ch) != "Mn")


def first_words(text: str, limit: int = HEADWORDS) -> str:
    """The start of ``text`` (whitespace made single spaces) about ``limit`` wide
    (:func:`text_width`; a text at most a third wider stays whole), cut at a gap (:data:`_GAP`)
    and ended with "…" when cut.  Runs are taken
    while they fit; a start under a third of ``limit`` (``"A."``, ``"Silver"``: a run of Thai can be a
    whole sentence) takes the next run too.  What is then over a third more than ``limit`` is cut
    at ``limit``, never between a letter and its marks, after a leading vowel (:data:`_LEADS`) nor
    before a trailing one (:data:`_TRAILS`)."""
    text = " ".join(text.split())
    if text_width(text) <= limit + limit // 3:  # "…" for the last few characters would hide the point
        return text
    out = ""
    for run in _GAP.findall(text):
        if text_width(out) >= limit // 3 and text_width(out + run.rstrip(" ,")) > limit:
            break
        out += run
        if text_width(out) > limit:
            break
    out = _LAST_NUMBER.sub("", out.rstrip(" ,")) or out.rstrip(" ,")  # "1…" counts nothing
    if text_width(out) > limit + limit // 3:
        cut, seen = 0, 0
        for i, ch in enumerate(out):
            if unicodedata.category(ch) != "Mn":
                if seen >= limit and out[i - 1] not in _LEADS and ch not in _TRAILS:
                    break
                seen += 1
            cut = i + 1
        out = out[:cut]
    return out + "…"


@dataclass(frozen=True)
class Clause:
    """One clause: ``id``, ``heading`` (tuple of Thai headings), exact ``text_th``, ``status``."""

    id: str
    heading: tuple[str, ...]
    text_th: str
    status: str
    gloss_en: str = ""
    note: str = ""
    title_th: str = ""
    title_en: str = ""

    @property
    def section(self) -> str:
        """The top-level heading (the rulebook section this clause belongs to)."""
        return self.heading[0] if self.heading else ""

    def to_json(self) -> dict:
        return {"id": self.id, "heading": list(self.heading), "text_th": self.text_th,
                "status": self.status, "gloss_en": self.gloss_en}


@dataclass(frozen=True)
class Rulebook:
    """A game's rulebook: metadata and clauses in seed order."""

    game: str
    seed_file: str
    title_th: str
    title_en: str
    clauses: tuple[Clause, ...]
    headings_en: dict[str, str] = field(default_factory=dict, hash=False)
    """The English of each heading, by its Thai (the file's ``headings_en``)."""

    def clause(self, clause_id: str) -> Clause:
        """The clause with ``clause_id``; raises ``KeyError`` naming it."""
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(f"unknown clause id '{clause_id}' in rulebook '{self.game}'")

    def clause_title(self, clause_id: str) -> tuple[str, str]:
        """``(Thai, English)`` title of one clause as an event citing it shows it: its own
        ``title_th``/``title_en`` when the file gives one, else its last heading, in English by
        :attr:`headings_en` - but never the book's title (a clause under the title line alone has
        no heading of its own: ``("", "")``).  A book with no English of a heading (a test's) says
        the Thai for both."""
        c = self.clause(clause_id)
        if c.title_th:
            return c.title_th, c.title_en or self.headings_en.get(c.title_th, c.title_th)
        head = c.heading[-1] if c.heading else ""
        if head in (self.title_th, self.title_en):
            return "", ""
        return head, self.headings_en.get(head, head)

    @cached_property
    def _title_counts(self) -> Counter:
        """How many clauses each :meth:`clause_title` (Thai) names."""
        return Counter(self.clause_title(c.id)[0] for c in self.clauses)

    def shares_title(self, clause_id: str) -> bool:
        """Whether the :meth:`clause_title` of ``clause_id`` names other clauses too (a section's
        heading: Coup's "กฎละเอียด" names its seven rules and itself)."""
        th = self.clause_title(clause_id)[0]
        return bool(th) and self._title_counts[th] > 1

    def own_words(self, clause_id: str, limit: int = HEADWORDS) -> str:
        """The :func:`first_words` of the clause's Thai text that are its own: without the list
        mark leading it (:data:`_LIST_MARK`) nor its title when the text starts with it (Coup's
        ``actions.coup``: "3, รัฐประหาร จ่ายโทเค็นเงิน 7 ชิ้น..." says "จ่ายโทเค็นเงิน 7 ชิ้น…").
        ``""`` for a heading's clause, whose text is its title."""
        return _own(self.clause(clause_id).text_th, self.clause_title(clause_id)[0], limit)

    def own_words_en(self, clause_id: str, limit: int = HEADWORDS) -> str:
        """:meth:`own_words` in English: the same cut of the clause's ``gloss_en`` without its list
        mark nor its English title (Coup's ``details.block_optional``: "(7) Blocking is never
        compulsory, even if..." says "Blocking is never compulsory…"); ``""`` for a clause with no
        gloss, or whose gloss is only its title ("Components.")."""
        gloss = self.clause(clause_id).gloss_en.strip().removesuffix(".")  # a name, not a sentence
        words = _own(gloss, self.clause_title(clause_id)[1], limit, english=True)
        if words.endswith("…"):  # "If the proof succeeds, the…": a cut after a small word says less
            kept = words[:-1].split(" ")
            while len(kept) > 2 and (kept[-1].lower() in _SMALL_WORDS or not kept[-1].strip(",;:")):
                kept.pop()
            words = " ".join(kept).rstrip(" ,;:") + "…"
            opened = words.rfind("(")
            if opened > 0 and ")" not in words[opened:]:  # 'Coup (the game's Thai title: "the…': a bracket left open
                words = words[:opened].rstrip(" ,;:") + "…"
        return words

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.clauses)

    def sections(self) -> list[tuple[str, list[Clause]]]:
        """Clauses grouped by top-level heading, in order: ``[(heading, [clauses])]``."""
        out: list[tuple[str, list[Clause]]] = []
        for c in self.clauses:
            if not out or out[-1][0] != c.section:
                out.append((c.section, []))
            out[-1][1].append(c)
        return out


_SMALL_WORDS = frozenset("a an the and or of to in on at for with by from as is are be".split())
"""English words a cut start does not end on (:meth:`Rulebook.own_words_en`)."""


@lru_cache(maxsize=4096)  # pure; every story line asks again for the clauses it cites
def _own(text: str, title: str, limit: int, english: bool = False) -> str:
    """:meth:`Rulebook.own_words` of ``text`` under ``title``; ``english``: the title is cut only
    where a mark ends it ("Tax: collect..."), not where it is the sentence's subject ("Shadow
    Master cards are bought...": "are bought..." would be no words of its own)."""
    text = _LIST_MARK.sub("", " ".join(text.split()), count=1)
    title = _LIST_MARK.sub("", title, count=1)
    rest = text[len(title):]
    if title and text.lower().startswith(title.lower()) and (
            not english or rest.lstrip()[:1] in ("", ":", ",", "-", "—", "–", ".")):
        text = rest.lstrip(" ,:—–-")
    if not text.strip(" .,:;!?…"):  # a gloss that was its title alone ("Castles."): nothing of its own
        return ""
    words = first_words(text, limit)
    # a bracket the cut left open ("(ถ้าพิสูจน์สำเร็จ…", Coup's challenge.challenger_loses) reads as a typo
    return words[1:] if words.startswith("(") and ")" not in words else words


def normalise(text: str) -> str:
    """Whitespace-normalised text: lines stripped at the right, blank lines dropped."""
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip())


def joined_text(book: Rulebook) -> str:
    """The clauses' Thai text joined in order (normalised) - must equal the seed's."""
    return normalise("\n".join(c.text_th for c in book.clauses))


def seed_text(game: str) -> str:
    """The copied seed text ``data/rulebooks/<game>.th.txt``."""
    return (RULEBOOKS / f"{game}.th.txt").read_text(encoding="utf-8")


def _req(d: dict, key: str, source: str, where: str, typ: type):
    if not isinstance(d, dict) or key not in d:
        raise BadInput(source, f"{where}{key}", "ต้องมีช่องนี้", "this field is required")
    val = d[key]
    if not isinstance(val, typ):
        raise BadInput(source, f"{where}{key}", f"ต้องเป็นชนิด {typ.__name__}",
                       f"expected a {typ.__name__}, got {type(val).__name__}")
    return val


def parse_rulebook(data: object, source: str) -> Rulebook:
    """Validate a loaded YAML mapping into a :class:`Rulebook`.

    Raises :class:`BadInput` naming ``source`` and the field (e.g. ``clauses[3].status``).
    """
    if not isinstance(data, dict):
        raise BadInput(source, "<root>", "ต้องเป็นชุดคู่ ชื่อ -> ค่า ของ YAML", "expected a YAML mapping")
    clauses = []
    seen: set[str] = set()
    for i, raw in enumerate(_req(data, "clauses", source, "", list)):
        where = f"clauses[{i}]."
        cid = _req(raw, "id", source, where, str)
        if not _ID.match(cid):
            raise BadInput(source, where + "id", "รหัสต้องเป็น a-z0-9_ คั่นด้วยจุด",
                           f"id '{cid}' must be dotted lower-case [a-z0-9_]")
        if cid in seen:
            raise BadInput(source, where + "id", f"รหัส '{cid}' ซ้ำ", f"duplicate id '{cid}'")
        seen.add(cid)
        status = _req(raw, "status", source, where, str)
        if status not in STATUSES:
            raise BadInput(source, where + "status", "ต้องเป็นหนึ่งใน " + ", ".join(STATUSES),
                           f"'{status}' is not one of {', '.join(STATUSES)}")
        heading = raw.get("heading", [])
        if isinstance(heading, str):
            heading = [heading]
        if not isinstance(heading, list) or not all(isinstance(h, str) for h in heading):
            raise BadInput(source, where + "heading", "ต้องเป็นรายการข้อความ", "expected a list of strings")
        clauses.append(Clause(cid, tuple(heading), _req(raw, "text_th", source, where, str),
                              status, str(raw.get("gloss_en", "") or ""), str(raw.get("note", "") or ""),
                              str(raw.get("title_th", "") or ""), str(raw.get("title_en", "") or "")))
    return Rulebook(
        game=_req(data, "game", source, "", str),
        seed_file=_req(data, "seed_file", source, "", str),
        title_th=_req(data, "title_th", source, "", str),
        title_en=_req(data, "title_en", source, "", str),
        clauses=tuple(clauses),
        headings_en=_headings_en(data.get("headings_en", {}), clauses, source),
    )


def _headings_en(raw: object, clauses: list[Clause], source: str) -> dict[str, str]:
    """The file's ``headings_en`` checked: a mapping of a heading of the book (Thai, as its
    clauses write it) to a non-empty English string.  A key that is no heading is a typo of one,
    which would leave that heading's clauses Thai in English for good."""
    if not isinstance(raw, dict):  # an empty "headings_en:" too (None): a map left out by mistake
        raise BadInput(source, "headings_en", "ต้องเป็นชุดคู่ หัวข้อภาษาไทย -> ชื่อภาษาอังกฤษ",
                       f"expected a mapping of Thai heading to English, got {type(raw).__name__}")
    heads = {h for c in clauses for h in c.heading}
    for th, en in raw.items():
        where = f"headings_en[{th!r}]"
        if th not in heads:
            raise BadInput(source, where, f"'{th}' ไม่ใช่หัวข้อของข้อใดในคู่มือ",
                           "this key is no heading of any clause of the book (the Thai as its clauses write it)")
        if not isinstance(en, str) or not en.strip():
            raise BadInput(source, where, "ชื่อภาษาอังกฤษต้องเป็นข้อความที่ไม่ว่าง",
                           f"the English name must be a non-empty string, got {en!r}")
    return dict(raw)


def load_rulebook_file(path: Path | str) -> Rulebook:
    """Load and validate one rulebook YAML file; :class:`BadInput` on any defect."""
    return parse_rulebook(read_yaml(path), str(path))


_REGISTERED: dict[str, Rulebook] = {}


def register_rulebook(book: Rulebook) -> None:
    """Make an in-memory rulebook loadable by id (used by test games and plug-ins)."""
    _REGISTERED[book.game] = book


def load_rulebook(game: str) -> Rulebook:
    """The rulebook of ``game``: a registered one, else ``data/rulebooks/<game>.yaml`` (cached)."""
    if game in _REGISTERED:
        return _REGISTERED[game]
    return _load_cached(game)


@lru_cache(maxsize=None)
def _load_cached(game: str) -> Rulebook:
    return load_rulebook_file(RULEBOOKS / f"{game}.yaml")

"""The rulebook loader: the Thai seed text as clauses with stable ids.

File ``data/rulebooks/<game>.yaml``::

    game: coup
    seed_file: 002_a3f748dff81e3892.txt     # name of the seed in ../shared/rulebooks
    title_th: เกมโค่นอำนาจ
    title_en: Coup (with Inquisitor and Reformation)
    clauses:
      - id: actions.income                   # stable, dotted, [a-z0-9_.]
        heading: [การเตรียมเกม, รายได้]       # heading path (Thai, as in the text)
        status: implemented                  # implemented | flavour | not_applicable | pending
        text_th: |                           # exact Thai lines of the seed, in order
          1, รายได้
          รับโทเค็นเงิน 1 ชิ้น
        gloss_en: Take 1 coin.               # optional, our own English
        title_th: รายได้                      # optional: the clause's own title an event citing it shows
        title_en: Income                     # (else its last heading, never the book's title)
        note: ...                            # optional

Beside it ``data/rulebooks/<game>.th.txt`` is the seed copied byte for byte.  Every
non-blank line of the seed belongs to exactly one clause; :func:`joined_text` of the
clauses equals :func:`normalise` of the seed (a test proves it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .datafile import read_yaml
from .protocol import BadInput

DATA = Path(__file__).resolve().parents[2] / "data"
RULEBOOKS = DATA / "rulebooks"
STATUSES = ("implemented", "flavour", "not_applicable", "pending")
_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")


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

    def clause(self, clause_id: str) -> Clause:
        """The clause with ``clause_id``; raises ``KeyError`` naming it."""
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(f"unknown clause id '{clause_id}' in rulebook '{self.game}'")

    def clause_title(self, clause_id: str) -> tuple[str, str]:
        """``(Thai, English)`` title of one clause as an event citing it shows it: its own
        ``title_th``/``title_en`` when the file gives one, else its last heading - but never the
        book's title (a clause under the title line alone has no heading of its own: ``("", "")``)."""
        c = self.clause(clause_id)
        if c.title_th:
            return c.title_th, c.title_en or c.title_th
        head = c.heading[-1] if c.heading else ""
        if head in (self.title_th, self.title_en):
            return "", ""
        return head, head

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
        raise BadInput(source, "<root>", "ต้องเป็น mapping ของ YAML", "expected a YAML mapping")
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
    )


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

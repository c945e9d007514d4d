"""Shared fixtures: the running dashboard and the system Chromium.

* ``chromium``: path of the system browser (Debian's ``chromium``).  Missing browser or
  Playwright: the test is skipped locally but FAILS when ``CI=true``.
* ``dashboard``: ``python -m widgets.serve`` on a free port in a subprocess for the whole
  session (short kernel-culling times so a test can watch a closed tab's kernel go), torn
  down with SIGTERM (Voila then shuts its kernels down).  Its log goes to
  ``artifacts/dashboard_<xdist worker>.log``.  Browser tests share one ``xdist_group`` so that
  one worker runs them all; pytest 9.2 with pytest-xdist 3.8 may still spread a group over the
  workers (pytest-xdist #1386), and then each worker serves its own dashboard with its own log.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
CULL_IDLE_TIMEOUT = 8   # seconds, for the dashboard under test only
CULL_INTERVAL = 2
POOL_SIZE = 1
"""Preheated kernels per notebook in the servers tests start (the launcher's default is sized for a
class, 24 kernels: far more than a test needs, and slow to start on a shared 2-core machine)."""


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def _missing(what: str) -> None:
    if _in_ci():
        pytest.fail(f"{what} (CI=true: browser tests must run; .ci/run installs chromium)")
    pytest.skip(what)


def chromium_path() -> str | None:
    """The system Chromium, never a downloaded one."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        _missing("no system chromium: apt-get install -y chromium fonts-thai-tlwg")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("playwright (Python) is not installed: pip install -e '.[test]'")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def dashboard() -> str:
    """Base URL (``http://127.0.0.1:PORT``) of a dashboard served for this test session."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = _free_port()
    log_path = ARTIFACTS / f"dashboard_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    log = open(log_path, "w", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "widgets.serve", "--host", "127.0.0.1", "--port", str(port),
         "--pool-size", str(POOL_SIZE), "--cull-idle-timeout", str(CULL_IDLE_TIMEOUT), "--cull-interval", str(CULL_INTERVAL)],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"dashboard exited with {proc.returncode}; see {log_path}")
            try:
                with urllib.request.urlopen(base + "/voila/tree", timeout=2) as r:
                    if r.status == 200 and "Kernel pool of index.ipynb is filled" in \
                            log_path.read_text(encoding="utf-8", errors="replace"):
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"dashboard not ready after 120 s; see {log_path}")
            time.sleep(0.3)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
"""Chromium flags: headless as root, and no background traffic (this machine's network is closed)."""


@pytest.fixture(scope="session")
def browser(chromium):
    """One headless Chromium (the system's; Playwright never downloads a browser)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
        yield b
        b.close()


def open_coup_play(page, dashboard: str, seed: str = "4"):
    """Open Coup's page in ``page``, start a new game of ``seed`` in its play panel and wait for the
    reader's first decision: ``(table locator, its "รายได้" (income) button, scrolled into view)``."""
    page.goto(f"{dashboard}/voila/render/coup.ipynb", wait_until="domcontentloaded", timeout=120_000)
    play = page.locator(".kl-play-panel").first
    play.wait_for(timeout=180_000)
    play.locator("input[type=text]").first.fill(seed)
    play.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
    table = page.locator(".kl-coup-play").first
    income = table.locator(".kl-choices button", has_text="รายได้").first
    income.wait_for(timeout=60_000)
    income.scroll_into_view_if_needed()
    return table, income


STORY_LINES_JS = """(story) => [...story.querySelectorAll('.kl-line')].map(
    (l) => l.textContent.replace(/\\s+/g, ' ').trim())"""


def story_lines(story) -> list[str]:
    """The lines of a story (``.kl-story`` locator) as the kernel wrote them, read from each line's
    ``textContent``: a story's turns are ``content-visibility: auto`` (widgets/eventlog.py), so a turn
    the browser has not yet laid out (off screen, or just arrived on a busy machine: no frame drawn
    since) reads '' through ``innerText`` though its words are there (two CI runs failed on that)."""
    return story.evaluate(STORY_LINES_JS)


def play_coup_income(page, table, moves: int) -> None:
    """Make ``moves`` moves in an open Coup play ``table`` (:func:`open_coup_play`): income while it is
    offered (else the first choice), each time waiting for a newer story line and the bots' answer."""
    newest = ("t => Math.max(-1, ...[...t.querySelectorAll('.kl-story .kl-line[data-n]')]"
              ".map(l => Number(l.dataset.n)))")
    for _ in range(moves):
        before = table.evaluate(newest)
        choice = table.locator(".kl-choices button", has_text="รายได้")
        (choice.first if choice.count() else table.locator(".kl-choices button").first).click()
        page.wait_for_function("([t, n]) => [...t.querySelectorAll('.kl-story .kl-line[data-n]')]"
                               ".some(l => Number(l.dataset.n) > n)", arg=[table.element_handle(), before],
                               timeout=60_000)
        table.locator(".kl-choices button").first.wait_for(timeout=60_000)

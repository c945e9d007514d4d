"""The light front end's built files (committed, so serving needs no node) are what its source
builds: ``npm ci`` and ``node build.mjs`` from ``widgets/front/`` into a temporary folder give the
committed ``kotika-lite.js``, ``kotika-lite.css`` and the font byte for byte.  A change to
``widgets/front/src`` without a rebuild (or a rebuild from other package versions than the
lockfile's) fails here.  Needs node and npm (the machine's own; the npm registry for ``npm ci``)."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.conftest import ROOT

FRONT = ROOT / "widgets" / "front"
STATIC = ROOT / "widgets" / "jupyter" / "voila" / "templates" / "kotika-lite" / "static"
BUILT = ["kotika-lite.js", "kotika-lite.css", "fontawesome-webfont.woff2", "kotika-lite.js.LEGAL.txt",
         "kotika-lite.css.LEGAL.txt"]


@pytest.mark.skipif(shutil.which("npm") is None or shutil.which("node") is None,
                    reason="node and npm are not on this machine")
def test_the_committed_bundle_is_what_the_source_builds(tmp_path):
    src = tmp_path / "front"
    shutil.copytree(FRONT, src, ignore=shutil.ignore_patterns("node_modules", "meta.json", "fa.css"))
    out = tmp_path / "out"
    env = {"PATH": __import__("os").environ["PATH"], "HOME": str(tmp_path), "KOTIKA_FRONT_OUT": str(out),
           "npm_config_cache": str(tmp_path / "npm-cache")}
    for cmd in (["npm", "ci", "--no-audit", "--no-fund"], ["node", "build.mjs"]):
        run = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"{' '.join(cmd)}:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    differ = [f for f in BUILT if (out / f).read_bytes() != (STATIC / f).read_bytes()]
    assert differ == [], (f"rebuild widgets/front (cd widgets/front && npm ci && node build.mjs) and commit "
                          f"its output: {differ} differ from what the source builds")
    assert sorted(p.name for p in out.iterdir() if p.name != "meta.json") == sorted(BUILT)

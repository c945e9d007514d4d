"""Project files agree with each other: pyproject vs environment.yml, README vs Makefile vs CI."""
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _split(req: str) -> dict[str, str]:
    """'dask[distributed]>=2024.1' -> {'dask': '>=2024.1', 'distributed': '>=2024.1'}."""
    m = re.match(r"^\s*([A-Za-z0-9_.\-]+)(?:\[([^\]]+)\])?\s*(.*)$", req)
    name, extras, spec = m.group(1), m.group(2), m.group(3).replace(" ", "")
    names = [name] + ([e.strip() for e in extras.split(",")] if extras else [])
    return {n.lower().replace("_", "-"): spec for n in names}


def test_environment_yml_matches_pyproject_runtime_packages():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    want: dict[str, str] = {}
    for req in py["project"]["dependencies"]:
        want.update(_split(req))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in env["channels"]
    got: dict[str, str] = {}
    for dep in env["dependencies"]:
        if isinstance(dep, str) and not dep.startswith(("python=", "pip")):
            got.update(_split(dep))
    assert got == want


def test_jupyter_server_pinned():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "jupyter_server>=2.18" in py["project"]["dependencies"]


def test_readme_makefile_and_ci_agree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make dashboard" in readme and "make test" in readme
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"^dashboard:", make, re.M) and re.search(r"^test:", make, re.M)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "chromium" in ci and "fonts-thai-tlwg" in ci


def test_rules_never_imports_views():
    bad = re.compile(r"^\s*(import|from)\s+(widgets|ipywidgets|plotly|IPython|anywidget)\b", re.M)
    offenders = [str(p) for p in (ROOT / "rules").rglob("*.py") if bad.search(p.read_text(encoding="utf-8"))]
    assert offenders == []

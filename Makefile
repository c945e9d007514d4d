# กติกาเล่นได้ - set-up and everyday commands. Everything runs from .venv, made here.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
HOST ?= 127.0.0.1
STAMP := $(VENV)/.installed

.PHONY: venv dashboard test lab soak bench bench-dashboard clean check-scenarios

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,lab]'
	touch $(STAMP)

venv: $(STAMP)

## Serve the Voila dashboard at http://$(HOST):$(PORT) (no browser opened)
dashboard: $(STAMP)
	$(BIN)/python -m widgets.serve --host $(HOST) --port $(PORT)

## Run the whole test suite, browser tests included
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

## JupyterLab on the same notebooks, for authors
lab: $(STAMP)
	$(BIN)/jupyter lab --no-browser --ip $(HOST) --ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root,)

## 10,000 random games per game with invariants after every action
soak: $(STAMP)
	$(BIN)/python -m rules soak --games 10000

bench: $(STAMP)
	$(BIN)/python -m rules bench coup --json
	$(BIN)/python -m rules bench valeria --json
	$(BIN)/python -m rules bench new_world --json

check-scenarios: $(STAMP)
	$(BIN)/python -m rules scenario check data/scenarios

clean:
	rm -rf $(VENV) artifacts .pytest_cache

## The dashboard in headless Chromium: open, click, 20 visitors, bytes, kernel memory (prints figures)
bench-dashboard: $(STAMP)
	PYTHONPATH=. $(BIN)/python benchmarks/dashboard.py $(BENCH_ARGS)

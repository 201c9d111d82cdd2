# Tablero: every install step lives here, so a fresh machine needs only python3, venv and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: run test lint bench dist smoke clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-build: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[build]'
	touch $(VENV)/.installed $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/tablero

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy rules client
	$(BIN)/lint-imports

test: lint
	$(HEADLESS) $(BIN)/pytest -n auto

bench: $(VENV)/.installed-dev
	$(HEADLESS) $(BIN)/python build_scripts/bench.py

dist: $(VENV)/.installed-build
	$(BIN)/python build_scripts/build.py

smoke: dist
	$(HEADLESS) $(BIN)/python build_scripts/smoke.py

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache

# The two commands of the README: `make lab` opens the kit, `make test` runs every test.
# Both build .venv themselves on a fresh machine.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888

.PHONY: lab test unit notebooks lint browser-deps bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

lab: $(VENV)/.installed
	$(BIN)/jupyter lab --ServerApp.port=$(PORT) $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_index.ipynb

test: $(VENV)/.installed-test browser-deps lint
	$(BIN)/python -m pytest -n 2 --nbmake tests notebooks --ignore=tests/browser
	@$(MAKE) --no-print-directory browser

# Real-browser tests on their own, without xdist: a JupyterLab, a Voila and a Chromium are heavy on two cores.
.PHONY: browser
browser: $(VENV)/.installed-test browser-deps
	$(BIN)/python -m pytest -p no:xdist tests/browser

unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 tests --ignore=tests/browser

notebooks: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --nbmake notebooks

lint: $(VENV)/.installed-test
	$(BIN)/ruff check cardkit tests benchmarks notebooks

browser-deps:
	@sh scripts/browser-deps.sh

bench: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -e ".[bench]" || echo "rlcard could not be installed: the peer column stays empty"
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis

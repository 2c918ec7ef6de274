# spieltisch — the commands of the README: `make serve`, `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: serve play test test-long lint bench native clean

# The native core is compiled by the install; a change to its sources reinstalls (the
# persistent build directory build/ makes that an incremental rebuild).
NATIVE_SOURCES := CMakeLists.txt $(shell find src/spieltisch/native -name '*.[ch]pp')

# Each step says what it does first: the install is quiet otherwise, and compiling the
# native core is a minute or two with nothing else on screen.
$(STAMP): pyproject.toml $(NATIVE_SOURCES)
	@echo "install: creating the virtual environment $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	@echo "install: updating pip in $(VENV)"
	$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "install: fetching the pinned dependencies (pyproject.toml) and"
	@echo "install: compiling the native core (C++) — up to two minutes on 2 cores"
	@start=$$(date +%s) && \
		$(BIN)/python -m pip install --quiet -e '.[dev]' && \
		echo "install: spieltisch installed in $(VENV) ($$(( $$(date +%s) - start )) s)"
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000
DB   ?= spieltisch.db

## the web app: every game in the browser (prints the address; Ctrl-C stops it)
serve: $(STAMP)
	$(BIN)/spieltisch serve --host $(HOST) --port $(PORT) --db $(DB)

## play Ostseeschach in the terminal against a random mover
play: $(STAMP)
	$(BIN)/spieltisch play ostseeschach

## the test suite: lint, type check, tests (benchmarks marked slow and the long integration
## runs excluded), in two worker processes (pytest-xdist), one per core of the 2-core
## machine it is measured on
test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -m "not slow and not long" -n 2

## the long integration runs (many real processes: servers, databases, brokers, browsers,
## Ray); CI runs them after `make test`
test-long: $(STAMP)
	$(BIN)/pytest -m "long and not slow" -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

## speed measurements against python-chess, measured in the same run
bench: $(STAMP)
	$(BIN)/python -m benchmarks.ostseeschach_speed
	$(BIN)/python -m benchmarks.schachogi_speed
	$(BIN)/python -m benchmarks.haseundigel_speed
	$(BIN)/python -m benchmarks.okard_speed
	$(BIN)/python -m benchmarks.ai_speed
	$(BIN)/python -m benchmarks.native_speed
	$(BIN)/python -m benchmarks.native_search
	$(BIN)/python -m benchmarks.server_load
	$(BIN)/python -m benchmarks.bot_load

## the native core built in place (src/spieltisch/_native*.so, git-ignored), for running
## the sources with PYTHONPATH=src in an environment that did not install them
native: $(STAMP)
	@echo "native: compiling the native core (C++) in build/inplace — up to two minutes on 2 cores"
	$(BIN)/python -m pip install --quiet nanobind==3.1.0
	cmake -S . -B build/inplace -G Ninja -DCMAKE_BUILD_TYPE=Release \
		-DPython_EXECUTABLE=$(abspath $(BIN)/python) \
		-Dnanobind_DIR=$$($(BIN)/python -m nanobind --cmake_dir)
	cmake --build build/inplace
	cp build/inplace/_native*.so src/spieltisch/

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

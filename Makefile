# `make demo` and `make test` work from a fresh clone with only Python 3.11: the venv is
# created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint pytest lit bench docs fuzz clean

$(STAMP): pyproject.toml
	@echo "== installing ttnn-xdsl with its test and plot extras into $(VENV) (first run: a minute or two)"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel
	@# setuptools warns about folders named like the package for every editable install with
	@# a package-dir map; the project has none (its package is ttnn_xdsl): not a user's concern.
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet -e '.[test,plot]'
	touch $(STAMP)
	@echo "== installed: the tools are in $(BIN)"

install: $(STAMP)

demo: $(STAMP)
	@echo "== make demo: running examples/demo.py (pictures and .tensorbin files go to examples/out/)"
	$(BIN)/python examples/demo.py

test: lint pytest lit

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The sources as bytecode first: pytest starts the tools as processes, and with
# PYTHONDONTWRITEBYTECODE set each would compile the project's modules again (0.15 s; lit
# does not pass that variable on).
SOURCES := core conv dialect frontend passes pictures program runtime tensor_formats tools ttnn_api

pytest: $(STAMP)
	$(BIN)/python -m compileall -q $(SOURCES) > /dev/null
	$(BIN)/pytest

# lit runs a test file on each core (its default: one worker per core).
lit: $(STAMP)
	$(BIN)/lit -v tests/filecheck

docs: $(STAMP)
	$(BIN)/python -m ttnn_xdsl.tools.dialect_docs --examples docs/dialect_examples.mlir -o docs/dialect.md

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# A fuzzing campaign (tests/fuzz/): `make fuzz SEED=2 MUTATIONS=100000 DRAWS=10000 INPUTS=5000 JOBS=2`.
SEED ?= 1
MUTATIONS ?= 10000
DRAWS ?= 1000
INPUTS ?= 500
JOBS ?= 1
fuzz: $(STAMP)
	cd tests && ../$(BIN)/python -m fuzz --seed $(SEED) --mutations $(MUTATIONS) \
		--draws $(DRAWS) --inputs $(INPUTS) --jobs $(JOBS) --findings ../fuzz-findings

# What the targets make: the venv (install), examples/out/ (demo), out/ (the README's
# commands, run by hand), benchmarks/results.json (bench), fuzz-findings/ (fuzz), the test
# caches and the lit suite's temporary folder (test; tests/filecheck/lit.cfg names it), and
# build/, which `pip install .` leaves.
clean:
	test ! -x $(BIN)/python || $(BIN)/python -c 'from ttnn_xdsl.tools.lit_config import \
		remove_temporary_exec_root; remove_temporary_exec_root("tests/filecheck")'
	rm -rf $(VENV) ttnn_xdsl.egg-info build out examples/out benchmarks/results.json fuzz-findings \
		tests/filecheck/.lit_out .pytest_cache .ruff_cache .hypothesis

# `make demo` and `make test` work from a fresh clone with only Python 3.11: the venv is
# created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint pytest lit bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python examples/demo.py

test: lint pytest lit

lint: $(STAMP)
	$(BIN)/ruff check .

pytest: $(STAMP)
	$(BIN)/pytest

lit: $(STAMP)
	$(BIN)/lit -v tests/filecheck

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) tests/filecheck/.lit_out .pytest_cache .ruff_cache

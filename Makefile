# Two entry points for a fresh machine: `make demo` and `make test` (see README).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# A dream on a scratch copy of sample_project with the embedded local engine, then what it did.
demo: $(STAMP)
	rm -rf scratch/sample_project
	mkdir -p scratch
	cp -R sample_project scratch/sample_project
	$(BIN)/autodream --force --backend local --project scratch/sample_project
	$(BIN)/autodream show --project scratch/sample_project

test: $(STAMP)
	$(BIN)/ruff check autodream tests bench
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check autodream tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) scratch

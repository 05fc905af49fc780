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

# The tests' temp dirs go on a tmpfs when there is one with room: every dream fsyncs what it
# commits, and on a disk the suite waited on thousands of fsyncs (the same code runs either way).
TEST_TMP ?= $(shell d=/dev/shm; [ -d $$d ] && [ -w $$d ] && \
	[ "$$(df -Pk $$d | awk 'NR==2 {print $$4}')" -gt 2000000 ] && echo $$d)

test: $(STAMP)
	$(BIN)/ruff check autodream tests bench
	$(BIN)/mypy
	tmp=$$(mktemp -d "$(or $(TEST_TMP),$${TMPDIR:-/tmp})/autodream-test.XXXXXX") && \
	trap 'rm -rf "$$tmp"' EXIT && TMPDIR="$$tmp" AUTODREAM_CACHE_DIR="$$tmp/patterns" \
	$(BIN)/pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check autodream tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) scratch

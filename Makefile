# Counterpedia: `make serve` to preview the site, `make test` to run every test (after `make lint`, in parallel).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LANGS := ja en fr
SITE_LANG ?= ja
export NO_MKDOCS_2_WARNING := 1
SHARED_CR := $(wildcard ../shared/data/cr ../shared/data/cr-2026)
# The CR files, for the full-rules pages and the CR tests: an already-set COUNTERPEDIA_CR_DIR wins, else the
# reference files beside the repository when present (the official editions in ../shared/data/cr, the 2026
# copies in ../shared/data/cr-2026: folders separated by ':', as in PATH); else the user cache (`counterpedia
# cr fetch YYYYMMDD`, `counterpedia refresh`), else the site is built from the data alone and the tests skip.
empty :=
space := $(empty) $(empty)
CR_ENV := $(if $(SHARED_CR),COUNTERPEDIA_CR_DIR=$${COUNTERPEDIA_CR_DIR:-$(subst $(space),:,$(abspath $(SHARED_CR)))},)

.PHONY: venv serve site offline validate lint test fuzz bench browser clean

# The package's bytecode is compiled here, even where PYTHONDONTWRITEBYTECODE is set (some machines and images):
# without it every `counterpedia` process compiles the modules it imports again (30 ms of `counterpedia search`'s
# start-up). Only the modules changed since the last run are compiled.
venv: $(STAMP)
	$(BIN)/python -m compileall -q tools/counterpedia

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

validate: venv
	$(BIN)/counterpedia validate

# Live preview of one language (SITE_LANG=ja|en|fr) on PORT (0: any free port): the first page is served before
# any other is built; after a YAML file is saved, only the pages it changes are rebuilt, the terminal prints the
# changed page's address and the open page reloads itself; a record that stops validating shows its diagnostics
# (terminal and page) above its last valid version. The data is checked once serving: no `validate` first.
# The full-rules pages: FULL_RULES=1 adds them to the preview.
FULL_RULES ?= 0
PORT ?= 8000
serve: venv
	COUNTERPEDIA_FULL_RULES=$(FULL_RULES) $(CR_ENV) $(BIN)/python -m counterpedia.commands.preview -f $(if $(filter ja,$(SITE_LANG)),mkdocs.yml,mkdocs.$(SITE_LANG).yml) -a 127.0.0.1:$(PORT)

# All three languages: Japanese at site/, English at site/en/, French at site/fr/.
site: validate
	$(CR_ENV) $(BIN)/counterpedia site build --out site

# The three sites as one zip for reading from disk: unzip, open counterpedia/index.html (search works offline).
offline: site
	$(BIN)/python -m counterpedia.commands.offline site counterpedia-offline.zip

# Lint, format check and type check (pyproject.toml): ruff's rules, ruff format (run `ruff format tools tests` to fix), mypy (strict on the foundation, storage and model layers).
lint: venv
	$(BIN)/ruff check tools tests
	$(BIN)/ruff format --check tools tests
	$(BIN)/mypy

# Every test, in parallel across the machine's cores (pytest-xdist: one worker per core; the groups and the
# order are in tests/conftest.py), then the 15 slowest. One process: make test TEST_WORKERS=0.
# Bytecode is cached even where the environment says not to (PYTHONDONTWRITEBYTECODE, set on some machines and
# images): without it every worker and every `counterpedia` child process compiles the package and the tests again
# (pytest's assertion rewriting alone: 10 s of CPU per process).
TEST_WORKERS ?= auto
test: lint
	env -u PYTHONDONTWRITEBYTECODE $(CR_ENV) $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=15 $(PYTEST_ARGS)

# The property tests (Hypothesis) with new random examples on every run, to hunt for cases `make test` does not
# try (it runs the same ones every time). Turn each failure it finds into an `@example` of its test.
fuzz: venv
	env -u PYTHONDONTWRITEBYTECODE HYPOTHESIS_PROFILE=explore $(CR_ENV) $(BIN)/python -m pytest -n $(TEST_WORKERS) \
		$$(grep -rl --include='test_*.py' '^from hypothesis' tests) $(PYTEST_ARGS)

# The browser tests alone (headless Chromium through Playwright).
browser: venv
	$(CR_ENV) $(BIN)/python -m pytest -m browser $(PYTEST_ARGS)

# Speed, size and memory figures, each beside its target (printed, never asserted; a slow figure never fails,
# a failing command does): validate against check-jsonschema, the site build against plain mkdocs, the data
# three times the size, the import of one AllPrintings.json, search (counterpedia.bench.search), CR parse and
# diff. About 11 minutes on 2 cores. A subset: make bench BENCH_ARGS="--only validate,build" (or --quick).
bench: venv
	test -x $(BIN)/check-jsonschema || $(BIN)/python -m pip install -q check-jsonschema
	$(CR_ENV) $(BIN)/python -m counterpedia.bench $(BENCH_ARGS)

clean:
	rm -rf site .pytest_cache test-artifacts export counterpedia-offline.zip

# Counterpedia: `make serve` to preview the site, `make test` to run every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LANGS := ja en fr
SITE_LANG ?= ja
export NO_MKDOCS_2_WARNING := 1
SHARED_CR := $(wildcard ../shared/data/cr)

.PHONY: venv serve site validate test bench browser clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

validate: venv
	$(BIN)/counterpedia validate

# Live preview of one language (SITE_LANG=ja|en|fr) with reload on any YAML or docs change.
serve: validate
	$(BIN)/mkdocs serve -f config/mkdocs.$(SITE_LANG).yml -a 127.0.0.1:8000 --livereload

# All three languages: Japanese at site/, English at site/en/, French at site/fr/.
site: validate
	$(BIN)/counterpedia site build --out site

test: venv
	$(if $(SHARED_CR),COUNTERPEDIA_CR_DIR=$${COUNTERPEDIA_CR_DIR:-$(abspath $(SHARED_CR))},) $(BIN)/python -m pytest $(PYTEST_ARGS)

bench: venv
	$(if $(SHARED_CR),COUNTERPEDIA_CR_DIR=$${COUNTERPEDIA_CR_DIR:-$(abspath $(SHARED_CR))},) $(BIN)/counterpedia bench

clean:
	rm -rf site .pytest_cache test-artifacts

# critique-paint: `make demo` and `make test` each install everything first; `make docs` builds the site.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
JS_STAMP := js/node_modules/.installed

.PHONY: install chromium demo test lint bench docs wheel clean

install: chromium $(STAMP) $(JS_STAMP)

chromium:
	@if ! command -v chromium >/dev/null && [ -z "$$CRITIQUE_PAINT_CHROMIUM" ]; then \
	  echo "installing Debian chromium"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --no-compile torch==2.13.0
	$(PY) -m pip install -q --no-compile -e '.[dev]'
	touch $(STAMP)

$(JS_STAMP): js/package.json js/package-lock.json
	npm ci --prefix js --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(JS_STAMP)

demo: install
	$(VENV)/bin/critique-paint demo

# Both cores: xdist workers take whole modules (--dist loadscope), so a module's fixtures are built once, in
# collection order (the `slow` modules first, tests/conftest.py), not by test count.
test: install
	$(PY) -m pytest -q -n auto --dist loadscope --no-loadscope-reorder --durations=25

lint: install
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: install
	$(PY) benchmarks/render_bench.py

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

# dist/critique_paint-*.whl, carrying the pinned JavaScript, prompts/, configs/ and the pool's sketches (setup.py)
wheel: $(STAMP) $(JS_STAMP)
	$(PY) -m pip wheel . --no-deps --no-build-isolation -w dist

clean:
	rm -rf $(VENV) js/node_modules runs build dist .pytest_cache site

# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck bench fast-test clean chromium network-tools

# The browser tests drive Debian's Chromium: installed here when missing (as root), else a clear stop.
CHROMIUM := /usr/bin/chromium

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[all,dev,bench]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/studpoker serve --demo

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update && apt-get install -y chromium; \
	  else \
	    echo "$(CHROMIUM) is missing: the browser tests need it. Run: sudo apt-get update && sudo apt-get install -y chromium" >&2; \
	    exit 1; \
	  fi; \
	fi

# The network test (tests/test_deploy_network.py) runs Caddy and makes network namespaces (iproute2).
network-tools:
	@missing=""; \
	command -v caddy >/dev/null || missing="$$missing caddy"; \
	command -v ip >/dev/null || missing="$$missing iproute2"; \
	command -v certutil >/dev/null || missing="$$missing libnss3-tools"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's$$missing for the network test"; \
	    apt-get update && apt-get install -y $$missing; \
	  else \
	    echo "missing:$$missing (the network test needs them). Run: sudo apt-get update && sudo apt-get install -y$$missing" >&2; \
	    exit 1; \
	  fi; \
	fi

test: $(STAMP) chromium network-tools
	$(VENV)/bin/ruff check src tests benchmarks examples
	$(VENV)/bin/mypy
	$(PY) -m pytest -q -n 2 --dist loadfile

fast-test: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks examples

typecheck: $(STAMP)
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) benchmarks/eval_per_hand.py
	$(PY) benchmarks/wild_eval.py
	$(PY) benchmarks/engine_vs_pokerkit.py
	$(PY) benchmarks/batch_eval.py
	$(PY) benchmarks/enumerate_7card.py
	$(PY) benchmarks/equity_vs_peers.py
	$(PY) benchmarks/env_steps.py
	$(PY) benchmarks/stats_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Two commands matter: `make run` and `make test`. Everything else supports them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
export HOST PORT
# Options for one run of pytest or the bench, not for the processes they start.
unexport PYTEST_ARGS BENCH_ARGS FAULTS_ARGS ROOM_ARGS

# The newest interpreter >= 3.12 that actually runs. pyenv's shims exist on PATH even when
# their version is not selected, so each candidate is tried, not just looked up.
ifndef PYTHON
PYTHON := $(shell for c in python3.14 python3.13 python3.12 \
	$$(ls -d $$HOME/.pyenv/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -Vr) python3 python; do \
	if "$$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; \
	then echo "$$c"; break; fi; done)
endif

.PHONY: push help run test test-fast bench room faults lock vendor-htmx clean

help:
	@echo "make run        install, migrate the SQLite database and serve on http://$(HOST):$(PORT)/"
	@echo "make test       install the test tools and run every check"
	@echo "make push       the async server of the room boards' pushed updates, beside make run's (needs Redis)"
	@echo "make test-fast  lint, types and the tests outside the slow lanes (browser, faults, serving, bench)"
	@echo "make bench      measure throughput and latency under gunicorn"
	@echo "make room       a club night under load: steps at every table, phones following the board"
	@echo "make faults     the app under faults (Redis, PostgreSQL, a full disk, slow clients, floods)"

$(PY):
	@if [ -z "$(PYTHON)" ]; then \
		echo "No Python 3.12 or newer found. Install Python 3.12+ (python.org, your package manager" \
			"or pyenv), or point at one with: make PYTHON=/path/to/python3.12 ..." >&2; exit 1; fi
	@echo "Creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version))"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: $(PY) pyproject.toml constraints.txt
	$(PY) -m pip install --quiet -c constraints.txt -e .
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed-run
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test]"
	@touch $@

# A laptop install keeps its own secret key, so logins survive restarts.
.secret_key: | $(PY)
	@umask 077 && $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@
	@echo "Created .secret_key (keep it private; it is not committed)"

# With HOST=0.0.0.0 the laptop listens on its network too; other phones need its address there
# (read from this machine's own interfaces; nothing is sent anywhere to find it).
LAN_ADDRESS = $(shell hostname -I 2>/dev/null | tr ' ' '\n' \
	| grep -E '^[0-9]+(\.[0-9]+){3}$$' | grep -v '^127\.' | head -n 1)

# On the network, share links use the LAN address and Django accepts it, for this run only.
run: $(VENV)/.installed-run .secret_key
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@echo "Serving the scorekeeper on http://$(HOST):$(PORT)/  (Ctrl+C stops it)"
	@echo "The host's admin is /admin/ (staff only); the first staff account: $(PY) manage.py createsuperuser"
	@lan="$(if $(filter 0.0.0.0 ::,$(HOST)),$(LAN_ADDRESS))"; \
	if [ -n "$$lan" ]; then \
		echo "Other phones on this network: http://$$lan:$(PORT)/ (the share page's links use it)"; \
		export DJANGO_PUBLIC_URL="$${DJANGO_PUBLIC_URL:-http://$$lan:$(PORT)}"; \
		export DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-localhost,127.0.0.1,[::1]},$$lan"; \
	fi; \
	exec $(VENV)/bin/gunicorn --config gunicorn.conf.py

# The room board's pushed updates, for a deployment with Redis (docs/deployment.md, "Processes"):
# an async server beside `make run`'s, on PUSH_PORT, that the proxy sends each board's
# /push/ address to. Both run with DJANGO_BOARD_PUSH=1 and the same DJANGO_CACHE_URL.
PUSH_PORT ?= 8001
push: $(VENV)/.installed-run .secret_key
	@echo "Pushing the boards' updates on http://$(HOST):$(PUSH_PORT)/e/<board>/push/  (Ctrl+C stops it)"
	GUNICORN_PUSH=1 PORT=$(PUSH_PORT) exec $(VENV)/bin/gunicorn --config gunicorn.conf.py

test: $(VENV)/.installed-test .secret_key
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest $(PYTEST_ARGS)

# The quick loop while coding; `make test` (and CI) still run every lane.
FAST_LANE := not browser and not faults and not serving and not bench
test-fast: $(VENV)/.installed-test .secret_key
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -m "$(FAST_LANE)" $(PYTEST_ARGS)

# The harness lives under tests/ (a development tool, not part of the installed app).
# Options go through BENCH_ARGS, e.g. make bench BENCH_ARGS="--duration 10 --connections 4".
bench: $(VENV)/.installed-test .secret_key
	$(PY) -m tests.tools.bench $(BENCH_ARGS)

# A club night under load, beside the bench: make room ROOM_ARGS="--shape hosted --seconds 60".
room: $(VENV)/.installed-test .secret_key
	$(PY) -m tests.tools.room $(ROOM_ARGS)

# Like the bench, a development tool under tests/ and no part of `make test` (a few minutes).
# Options go through FAULTS_ARGS, e.g. make faults FAULTS_ARGS="--seconds 20 --only redis".
faults: $(VENV)/.installed-test .secret_key
	$(PY) -m tests.tools.faults $(FAULTS_ARGS)

# Re-pin every dependency after changing pyproject.toml.
lock: $(PY)
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet -e ".[test]"
	( echo "# Exact versions used by make; regenerate with 'make lock'."; \
	  .lock-venv/bin/pip freeze --exclude-editable ) > constraints.txt
	rm -rf .lock-venv

HTMX_VERSION ?= 2.0.11
HTMX_SSE_VERSION ?= 2.2.4
vendor-htmx:
	rm -rf .htmx-pkg && mkdir .htmx-pkg
	cd .htmx-pkg && npm pack --silent htmx.org@$(HTMX_VERSION) && tar xzf htmx.org-*.tgz
	cp .htmx-pkg/package/dist/htmx.min.js static/vendor/htmx/htmx.min.js
	cp .htmx-pkg/package/LICENSE static/vendor/htmx/LICENSE
	cd .htmx-pkg && npm pack --silent htmx-ext-sse@$(HTMX_SSE_VERSION) && tar xzf htmx-ext-sse-*.tgz
	cp .htmx-pkg/package/dist/sse.min.js static/vendor/htmx/sse.min.js
	cp .htmx-pkg/package/LICENSE static/vendor/htmx/LICENSE-sse
	rm -rf .htmx-pkg
	@echo "Now update the versions in static/vendor/htmx/README.md"

clean:
	rm -rf $(VENV) staticfiles .test-db.sqlite3* *.egg-info

# The two set-up commands: `make run` and `make test`. Each makes .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format messages clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (found " + sys.version.split()[0] + ").")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/mahjong-table serve

test: $(STAMP) lint
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# The gettext catalogs (docs/messages.md): each .po compiled to the .mo the programs read.
messages: $(STAMP)
	$(BIN)/pybabel --quiet compile --use-fuzzy -d engine/locale -D engine
	$(BIN)/pybabel --quiet compile --use-fuzzy -d vision/locale -D vision
	$(BIN)/pybabel --quiet compile --use-fuzzy -d webui/translations -D messages

clean:
	rm -rf $(VENV) build *.egg-info

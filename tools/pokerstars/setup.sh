#!/usr/bin/env bash
# Creates (idempotently) a Python venv with the PyPI package `poker` pinned, its dependencies
# too (requirements.txt): its PokerStarsHandHistory is an independent reader of PokerStars
# text, for parse.py.
# The venv lives at ${POKERSTARS_VENV:-<repo>/target/pokerstars-venv}.
# The last line of stdout is the venv's python.
set -euo pipefail

POKER_VERSION="0.30.0"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${POKERSTARS_VENV:-$repo/target/pokerstars-venv}"
py="$venv/bin/python"

installed_version() {
  "$py" -c 'import importlib.metadata as m, poker.room.pokerstars; print(m.version("poker"))' 2>/dev/null || true
}

if [ -x "$py" ] && [ "$(installed_version)" = "$POKER_VERSION" ]; then
  echo "$py"
  exit 0
fi

python_bin="${PYTHON:-}"
if [ -z "$python_bin" ]; then
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1; then python_bin="$candidate"; break; fi
  done
fi
if [ -z "$python_bin" ]; then
  echo "setup.sh: python3 not found" >&2
  exit 1
fi

if [ ! -x "$py" ]; then
  mkdir -p "$(dirname "$venv")"
  "$python_bin" -m venv "$venv" >&2
fi
"$py" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt" >&2

v="$(installed_version)"
if [ "$v" != "$POKER_VERSION" ]; then
  echo "setup.sh: poker $POKER_VERSION not importable from $py (got '${v:-nothing}')" >&2
  exit 1
fi
echo "$py"

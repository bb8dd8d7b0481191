#!/usr/bin/env bash
# Creates (idempotently) a Python venv with the PyPI package `poker` pinned, its dependencies
# too (requirements.txt): its PokerStarsHandHistory is an independent reader of PokerStars
# text, for parse.py.
# The venv lives at ${POKERSTARS_VENV:-<repo>/target/pokerstars-venv}.
# The last line of stdout is the venv's python.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
exec "$repo/tools/lib/venv.sh" "${POKERSTARS_VENV:-$repo/target/pokerstars-venv}" \
  poker 0.30.0 poker.room.pokerstars -r "$here/requirements.txt"

#!/usr/bin/env bash
# Creates (idempotently) a Python venv with PokerKit pinned, for tools/pokerkit/*.py.
# The venv lives at ${POKERKIT_VENV:-<repo>/target/pokerkit-venv}.
# The last line of stdout is the venv's python.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
exec "$repo/tools/lib/venv.sh" "${POKERKIT_VENV:-$repo/target/pokerkit-venv}" pokerkit 0.7.7 pokerkit

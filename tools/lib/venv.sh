#!/usr/bin/env bash
# Creates (idempotently) a Python venv with one package pinned, for the differential tests.
# Usage: venv.sh VENV PACKAGE VERSION MODULE [PIP-ARGS...]
#   VENV     the venv's folder (made if missing)
#   PACKAGE  the PyPI name whose installed version must equal VERSION
#   MODULE   a module that must import
#   PIP-ARGS what pip installs (default: PACKAGE==VERSION)
# The last line of stdout is the venv's python; everything else goes to stderr.
set -euo pipefail

if [ "$#" -lt 4 ]; then
  echo "venv.sh: usage: venv.sh VENV PACKAGE VERSION MODULE [PIP-ARGS...]" >&2
  exit 2
fi
venv="$1" package="$2" version="$3" module="$4"
shift 4
if [ "$#" -eq 0 ]; then set -- "$package==$version"; fi
py="$venv/bin/python"

installed_version() {
  "$py" -c "import importlib.metadata as m, $module; print(m.version('$package'))" 2>/dev/null || true
}

if [ -x "$py" ] && [ "$(installed_version)" = "$version" ]; then
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
  echo "venv.sh: python3 not found" >&2
  exit 1
fi

# One test at a time makes the venv (tests run side by side and may all want it).
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ -x "$py" ] && [ "$(installed_version)" = "$version" ]; then
  echo "$py"
  exit 0
fi
# A creation cut short (the process killed) leaves python without pip: made again.
if [ -x "$py" ] && ! "$py" -m pip --version >/dev/null 2>&1; then
  echo "venv.sh: $venv has no pip (its creation was cut short): making it again" >&2
  rm -rf "$venv"
fi
if [ ! -x "$py" ]; then
  "$python_bin" -m venv "$venv" >&2
fi
"$py" -m pip install --quiet --disable-pip-version-check "$@" >&2

v="$(installed_version)"
if [ "$v" != "$version" ]; then
  echo "venv.sh: $package $version not importable from $py (got '${v:-nothing}')" >&2
  exit 1
fi
echo "$py"

#!/usr/bin/env bash
# Installs (idempotently) what the browser tests (crates/croupier/tests/browser.rs, e2e.mjs)
# need: Debian's Chromium at /usr/bin/chromium, and playwright-core pinned by this folder's
# package.json and package-lock.json, installed with `npm ci` into a folder of its own:
# the first argument, else ${BROWSER_NODE_DIR:-<repo>/target/browser-node}.
# Playwright's own browsers are never downloaded: e2e.mjs launches /usr/bin/chromium.
# Prints what it did; the last line of stdout is the node_modules folder (for NODE_PATH).
set -euo pipefail

CHROMIUM=/usr/bin/chromium
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
dest="${1:-${BROWSER_NODE_DIR:-$repo/target/browser-node}}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
pinned="$(sed -n 's/.*"playwright-core": *"\([^"]*\)".*/\1/p' "$here/package.json" | head -n1)"

# --- Chromium, from Debian ----------------------------------------------------------------

chromium_version() {
  # Debian's launcher script may complain on stderr; only the version line matters.
  "$CHROMIUM" --version 2>/dev/null | head -n1 || true
}

if [ -x "$CHROMIUM" ]; then
  echo "chromium: already installed ($(chromium_version))"
else
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup.sh: $CHROMIUM is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt_install() {
    apt-get install -y -q -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold chromium >&2
  }
  candidate="$(apt-cache policy chromium 2>/dev/null | sed -n 's/^ *Candidate: *//p')"
  updated=no
  if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    echo "chromium: no candidate in the package lists; running apt-get update"
    apt-get update -q >&2
    updated=yes
  fi
  if ! apt_install; then
    if [ "$updated" = yes ]; then
      echo "setup.sh: apt-get install chromium failed" >&2
      exit 1
    fi
    echo "chromium: install failed with the old package lists; running apt-get update and retrying"
    apt-get update -q >&2
    apt_install
  fi
  if [ ! -x "$CHROMIUM" ]; then
    echo "setup.sh: apt-get installed chromium but $CHROMIUM is not there" >&2
    exit 1
  fi
  echo "chromium: installed with apt-get ($(chromium_version))"
fi

# --- playwright-core, from npm ------------------------------------------------------------

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "setup.sh: node and npm are needed (Node.js 20 or newer)" >&2
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "setup.sh: Node.js 20 or newer is needed, found $(node --version)" >&2
  exit 1
fi

installed_version() {
  node -p 'require(process.argv[1]).version' "$dest/node_modules/playwright-core/package.json" 2>/dev/null || true
}

if [ "$(installed_version)" = "$pinned" ] \
  && cmp -s "$here/package.json" "$dest/package.json" \
  && cmp -s "$here/package-lock.json" "$dest/package-lock.json"; then
  echo "playwright-core: $pinned already installed in $dest"
else
  cp "$here/package.json" "$here/package-lock.json" "$dest/"
  (
    cd "$dest"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund \
      --loglevel=error >&2
  )
  v="$(installed_version)"
  if [ "$v" != "$pinned" ]; then
    echo "setup.sh: playwright-core $pinned not installed in $dest (got '${v:-nothing}')" >&2
    exit 1
  fi
  echo "playwright-core: installed $pinned with npm ci in $dest"
fi

echo "$dest/node_modules"

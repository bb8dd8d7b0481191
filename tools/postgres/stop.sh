#!/usr/bin/env bash
# Stops the PostgreSQL server that tools/postgres/setup.sh started, if it runs; keeps its data.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${CARGO_TARGET_DIR:-$root/target}/postgres
if [[ ! -d $base/data ]]; then
    # The setup script's fallback when the workspace is out of reach of user postgres.
    base=/var/tmp/croupier-postgres-$(echo "$base" | cksum | cut -d' ' -f1)
fi
data=$base/data
if [[ ! -f $data/PG_VERSION ]]; then
    echo "postgres stop: no cluster at $data" >&2
    exit 0
fi
pg_ctl=$(command -v pg_ctl || ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V -r | head -n 1)
run=()
[[ $(id -u) -ne 0 ]] || run=(runuser -u postgres --)
if "${run[@]}" "$pg_ctl" -D "$data" status >/dev/null 2>&1; then
    "${run[@]}" "$pg_ctl" -D "$data" -m fast -w stop >&2
else
    echo "postgres stop: not running" >&2
fi

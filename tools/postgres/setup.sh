#!/usr/bin/env bash
# A PostgreSQL server for Croupier's tests and local runs: installs Debian's `postgresql` when
# its programs are missing, makes a cluster under the workspace's target dir, starts it on
# 127.0.0.1 (trust authentication on loopback only) unless it runs already, and prints the URL
# of its maintenance database as the last line of stdout. Safe to run again, and at once from
# several processes (a lock file). `tools/postgres/stop.sh` stops it. For tests and trials only:
# it runs with fsync off (see croupier.conf below).
#
# Environment: CROUPIER_PG_PORT (default: 54300 to 54899, from the cluster's folder, so that two
# checkouts or target dirs on one machine run two clusters), CARGO_TARGET_DIR (default
# <workspace>/target).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${CARGO_TARGET_DIR:-$root/target}/postgres
# The port from the cluster's folder: two target dirs of one checkout run two clusters.
port=${CROUPIER_PG_PORT:-$((54300 + $(printf '%s' "$base" | cksum | cut -d' ' -f1) % 600))}

say() { echo "postgres setup: $*" >&2; }

# pg_ctl and initdb: on the PATH, else in Debian's versioned directory (newest first).
find_bin() {
    if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"
        return
    fi
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x $dir/pg_ctl && -x $dir/initdb ]]; then
            echo "$dir"
            return
        fi
    done
    return 1
}

if ! bin=$(find_bin); then
    if [[ $(id -u) -ne 0 ]]; then
        say "pg_ctl and initdb not found; install Debian's postgresql package (as root: apt-get install postgresql)"
        exit 1
    fi
    say "installing Debian's postgresql package"
    # Debian's package would start a cluster of its own; this script runs its own one instead.
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
    bin=$(find_bin) || { say "postgresql installed but pg_ctl/initdb not found"; exit 1; }
fi

mkdir -p "$base"
# PostgreSQL refuses to run as root: as root the cluster belongs to the user `postgres`.
run=()
if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || useradd --system --user-group --home-dir /var/lib/postgresql postgres
    run=(runuser -u postgres --)
    # The user `postgres` must be able to reach the data dir; a workspace under a private
    # directory (mode 700) cannot be, so the cluster then lives in /var/tmp instead.
    if ! runuser -u postgres -- test -x "$base"; then
        key=$(echo "$base" | cksum | cut -d' ' -f1)
        base=/var/tmp/croupier-postgres-$key
        say "$root is out of reach of user postgres; the cluster lives in $base"
        mkdir -p "$base"
    fi
    chown postgres: "$base"
fi
data=$base/data
sockets=$base/run
logfile=$base/server.log

exec 9>"$base/setup.lock"
flock 9

if [[ ! -f $data/PG_VERSION ]]; then
    rm -rf "$data"
    "${run[@]}" mkdir -p "$data" "$sockets"
    "${run[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C >&2
    echo "include 'croupier.conf'" | "${run[@]}" tee -a "$data/postgresql.conf" >/dev/null
    # Trust on loopback only: the socket and 127.0.0.1, nothing else.
    "${run[@]}" tee "$data/pg_hba.conf" >/dev/null <<HBA
local all all trust
host all all 127.0.0.1/32 trust
HBA
fi
"${run[@]}" mkdir -p "$sockets"
# Rewritten each time, read at the next start. A cluster for tests: fsync is off because what
# the tests kill is the croupier process, never PostgreSQL, and each test's CREATE and DROP
# DATABASE would otherwise wait on checkpoints synced to disk (seconds each on a busy disk).
"${run[@]}" tee "$data/croupier.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$sockets'
max_connections = 200
fsync = off
full_page_writes = off
CONF

if ! "${run[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    say "starting PostgreSQL on 127.0.0.1:$port (log: $logfile)"
    touch "$logfile"
    [[ ${#run[@]} -eq 0 ]] || chown postgres: "$logfile"
    # The server must not inherit the lock (fd 9), or it would hold it for as long as it runs.
    if ! "${run[@]}" "$bin/pg_ctl" -D "$data" -l "$logfile" -w -t 60 start >&2 9>&-; then
        say "PostgreSQL did not start; the end of its log:"
        tail -n 20 "$logfile" >&2
        exit 1
    fi
fi

# A cluster started earlier listens where it was started: its port as it says it.
running=$(sed -n 4p "$data/postmaster.pid" 2>/dev/null || true)
[[ ! $running =~ ^[0-9]+$ ]] || port=$running

echo "postgresql://postgres@127.0.0.1:$port/postgres"

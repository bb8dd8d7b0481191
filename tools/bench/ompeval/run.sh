#!/usr/bin/env bash
# Issue 38: seven-card evaluation against OMPEval itself (C++), measured as OMPEval's "Rand1"
# benchmark measures it: its ten million random hands as card arrays, a checksum, here each
# round one process of each in turn, OMPEval first in odd rounds.
# Usage: tools/bench/ompeval/run.sh OMPEVAL_CHECKOUT [ROUNDS] [PASSES]
#   OMPEVAL_CHECKOUT  a checkout of OMPEval (its omp/ folder), not fetched here
#   ROUNDS            rounds of each (default 10); PASSES over the hands per round (default 20)
# Croupier is measured twice: built with -C target-cpu=native, as the issue measured it, and as
# it is built by default (x86-64). Prints each round's rates and the medians of the ratios.
set -euo pipefail
omp="${1:?usage: run.sh OMPEVAL_CHECKOUT [ROUNDS] [PASSES]}"
rounds="${2:-10}"
passes="${3:-20}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
out="${CARGO_TARGET_DIR:-$repo/target}/ompeval"
mkdir -p "$out"
# As the issue measured: g++ -O3 -march=native; Rust with -C target-cpu=native (its own
# target folder, so that the flag rebuilds nothing else).
g++ -O3 -march=native -std=c++11 -I"$omp" -o "$out/rand1" "$here/rand1.cpp" "$omp/omp/HandEvaluator.cpp"
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$out/native" \
    cargo build --quiet --release -p eval --example rand1 --manifest-path "$repo/Cargo.toml"
CARGO_TARGET_DIR="$out/default" \
    cargo build --quiet --release -p eval --example rand1 --manifest-path "$repo/Cargo.toml"
native="$out/native/release/examples/rand1"
default="$out/default/release/examples/rand1"
hands="$out/hands.bin"
[ -s "$hands" ] || "$out/rand1" write "$hands"
rate() { local r; r=$("$@"); echo "${r%% *}"; }
: >"$out/ratios"
for ((i = 1; i <= rounds; i++)); do
    if ((i % 2)); then
        o=$(rate "$out/rand1" run "$hands" "$passes")
        n=$(rate "$native" "$hands" "$passes")
        d=$(rate "$default" "$hands" "$passes")
    else
        d=$(rate "$default" "$hands" "$passes")
        n=$(rate "$native" "$hands" "$passes")
        o=$(rate "$out/rand1" run "$hands" "$passes")
    fi
    awk -v o="$o" -v n="$n" -v d="$d" -v i="$i" 'BEGIN {
        printf "round %d: OMPEval %s M/s, croupier native %s M/s (%.2fx), default %s M/s (%.2fx)\n", i, o, n, n / o, d, d / o
        printf "%f %f\n", n / o, d / o >> "'"$out/ratios"'" }'
done
for col in 1 2; do
    name=$([ $col = 1 ] && echo "native" || echo "default")
    awk -v c=$col '{ print $c }' "$out/ratios" | sort -n | awk -v name="$name" '{ r[NR] = $1 } END {
        m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
        printf "croupier (%s) / OMPEval, median over %d rounds: %.2fx (range %.2f-%.2f)\n", name, NR, m, r[1], r[NR] }'
done

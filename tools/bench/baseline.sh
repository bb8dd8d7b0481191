#!/usr/bin/env bash
# Builds the baseline of `croupier bench load --baseline`: the server as it was before the new
# core of issue 19 (commit 793c9ec, the one `Mutex<Hub>`), from a clean copy of that commit with
# its own target directory, so that nothing of the working tree leaks into it. Idempotent: a
# binary already built is kept. Prints the binary's path on its last line.
#
#   tools/bench/baseline.sh            # -> target/baseline/croupier
#   BASELINE_COMMIT=<rev> tools/bench/baseline.sh
set -euo pipefail

commit="${BASELINE_COMMIT:-793c9ec}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
# The workspace's target directory (CARGO_TARGET_DIR when the tree shares one).
target="${CARGO_TARGET_DIR:-$root/target}"
src="$target/baseline-src"
out="$target/baseline/croupier"
stamp="$target/baseline/commit"

full="$(git -C "$root" rev-parse --verify "$commit^{commit}")"
if [[ -x "$out" && -f "$stamp" && "$(cat "$stamp")" == "$full" ]]; then
    echo "baseline $full already built" >&2
    echo "$out"
    exit 0
fi

# A plain copy of the commit's files (git archive): no worktree bookkeeping to clean up.
rm -rf "$src"
mkdir -p "$src"
git -C "$root" archive "$full" | tar -x -C "$src"

echo "building croupier at $full (release, target $target/baseline-target)" >&2
(cd "$src" && nice -n 10 cargo build --release --locked -p croupier \
    --target-dir "$target/baseline-target")

mkdir -p "$(dirname "$out")"
cp "$target/baseline-target/release/croupier" "$out.tmp"
mv "$out.tmp" "$out"
echo "$full" >"$stamp"
echo "$out"

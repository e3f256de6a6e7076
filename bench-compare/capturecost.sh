#!/bin/sh
# Instructions of the capture generator by kind of capture, this crate's and kish's, counted
# by callgrind: for each set of benches/support/capture_kinds.rs, `bench-compare --only
# capturecost` under `valgrind --tool=callgrind`, counting only inside the pass that makes
# one move list of each position of the set (`--toggle-collect='*_pass*'`). One crate and
# one set per process.
#
# Usage, from the repository root: sh bench-compare/capturecost.sh
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin="${BIN:-$here/target/release/bench-compare}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect='*_pass*' \
        "$bin" --only capturecost --crate "$1" --kind "$2" >/dev/null 2>&1
    sed -n 's/^summary: *//p' "$out/cg"
}

echo "one move list of each position of a capture set, instructions (callgrind Ir, inside the pass)"
# (worst-case too: kish takes some 15 G instructions there, minutes under callgrind.)
for kind in ${KINDS:-man-single man-chain king-distance king-chain crown-mid-chain}; do
    ours="$(count ours "$kind")"
    kish="$(count kish "$kind")"
    awk -v s="$kind" -v o="$ours" -v k="$kish" 'BEGIN {
        printf "%-16s ours %12.0f, kish %12.0f, ours / kish %.3f\n", s, o, k, o / k
    }'
done

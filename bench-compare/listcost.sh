#!/bin/sh
# Instructions of the move lists alone, this crate's and kish's, counted by callgrind.
#
# For each crate and each set of positions, runs `bench-compare --only listcost` under
# `valgrind --tool=callgrind`, counting only inside the pass that makes one move list of each
# position (`--toggle-collect='*lists_pass*'`: ours `legal_moves_into`, kish `actions_into`,
# into a list kept from one position to the next). The sets: the 1 024 721 inner nodes of the
# start position's full-list walk to depth 7, and the positions of
# tests/data/game-positions.fen. One crate per process.
#
# Usage, from the repository root: sh bench-compare/listcost.sh
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin="$here/target/release/bench-compare"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Instructions (Ir) inside the pass.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect='*lists_pass*' \
        "$bin" --only listcost --crate "$1" --set "$2" >/dev/null 2>&1
    sed -n 's/^summary: *//p' "$out/cg"
}

echo "one move list of each position, instructions (callgrind Ir, inside the pass)"
for set in walk game; do
    ours="$(count ours "$set")"
    kish="$(count kish "$set")"
    awk -v s="$set" -v o="$ours" -v k="$kish" 'BEGIN {
        printf "%-5s ours %8.2f M, kish %8.2f M, ours / kish %.3f\n", s, o / 1e6, k / 1e6, o / k
    }'
done

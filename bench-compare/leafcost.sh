#!/bin/sh
# Instructions per played leaf move, this crate's and kish's, counted by callgrind.
#
# For each crate, runs `bench-compare --only leafcost` twice under
# `valgrind --tool=callgrind`: the full-list walk from the start position (depth 6 unless
# given) with every leaf move played on a copy and the child handed to `black_box`
# (`--leaves played`), and the same walk with the last ply's moves listed but not played
# (`--leaves listed`). One crate per process. The two runs of a crate differ only by the leaf
# moves, so (played - listed) / leaves is the cost of one played leaf move: the loop step,
# the copy, the play and the store of the child. Ours plays with `after_unchecked`
# (copy-make by value, as kish's `apply`); the line "ours in place" plays with
# `let mut child = *pos; child.play_unchecked(m)` instead.
#
# Usage, from the repository root: sh bench-compare/leafcost.sh [DEPTH]
set -eu
depth="${1:-6}"
here="$(cd "$(dirname "$0")" && pwd)"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin="$here/target/release/bench-compare"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Total instructions (Ir) of one run, and the leaves it printed.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" --only leafcost \
        --crate "$1" --leaves "$2" --leaf-depth "$depth" >"$out/stdout" 2>/dev/null
    ir="$(sed -n 's/^summary: *//p' "$out/cg")"
    leaves="$(sed -n 's/.*: \([0-9]*\)$/\1/p' "$out/stdout")"
    echo "$ir $leaves"
}

echo "start position, depth $depth, instructions (callgrind Ir, whole process)"
for run in "ours played" "ours in-place" "kish played"; do
    set -- $run
    crate="$1" how="$2"
    set -- $(count "$crate" "$how")
    played="$1" leaves="$2"
    set -- $(count "$crate" listed)
    listed="$1"
    awk -v c="$crate $how" -v p="$played" -v l="$listed" -v n="$leaves" 'BEGIN {
        printf "%-14s %6.1f M, listed %6.1f M, %d leaves: %5.2f instructions a leaf move\n",
            c, p / 1e6, l / 1e6, n, (p - l) / n
    }'
done

#!/usr/bin/env bash
# Builds the endgame tables the page carries into web/tables/ (a build product, never
# committed): every material of up to 4 pieces, both rule sets, with the crate's
# `tablebase` example (about a minute in release). Tables already built by CI in
# target/tablebase-ci are reused (linked, not copied) when they are there.
#   bash web/tools/build-tables.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out="web/tables"
mkdir -p "$out"
for rules in default tudaf; do
    if ls target/tablebase-ci/*."$rules".wdl >/dev/null 2>&1; then
        for f in target/tablebase-ci/*."$rules".wdl target/tablebase-ci/*."$rules".dtw; do
            name="$(basename "$f")"
            # Only the tables of up to 4 pieces: the name's K and M letters.
            pieces=$(printf '%s' "${name%%.*}" | tr -cd 'KM' | wc -c)
            if [ "$pieces" -le 4 ]; then
                ln -f "$f" "$out/$name" 2>/dev/null || cp -f "$f" "$out/$name"
            fi
        done
    else
        cargo run --release --quiet --example tablebase -- build --rules "$rules" --pieces 4 --dir "$out"
    fi
done
printf 'web/tables: %s files, %s bytes, %s gzipped\n' \
    "$(ls "$out" | wc -l)" "$(cat "$out"/* | wc -c)" "$(cat "$out"/* | gzip -9 | wc -c)"

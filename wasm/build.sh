#!/usr/bin/env bash
# Builds the npm package's WebAssembly module into wasm/npm/pkg/:
#   cargo build (profile `wasm`, target wasm32-unknown-unknown), wasm-bindgen --target web,
#   then wasm-opt -Oz from the npm package binaryen when wasm/npm/node_modules has it.
# Installs what is missing: the rustup target, and wasm-bindgen-cli of the version that
# wasm/Cargo.toml pins, into target/wasm-tools/ (no wasm-pack, which downloads tools),
# without cargo install's chatter.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$root"

version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' wasm/Cargo.toml)
[ -n "$version" ] || { echo "wasm/Cargo.toml pins no wasm-bindgen version" >&2; exit 1; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

tools="$root/target/wasm-tools"
bindgen="$tools/bin/wasm-bindgen"
if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $version" ]; then
    # Quiet: cargo install's progress and its warnings (a yanked crate in wasm-bindgen-cli's
    # lock file, "add ... to your PATH") are not for the user; its errors still show.
    echo "installing wasm-bindgen-cli $version into target/wasm-tools (once, a few minutes)" >&2
    cargo install --quiet wasm-bindgen-cli --version "=$version" --locked --root "$tools"
fi

cargo build --profile wasm --target wasm32-unknown-unknown -p turkish-draughts-wasm
out="$here/npm/pkg"
rm -rf "$out"
"$bindgen" --target web --no-typescript --out-dir "$out" \
    "$root/target/wasm32-unknown-unknown/wasm/turkish_draughts_wasm.wasm"

opt="$here/npm/node_modules/.bin/wasm-opt"
module="$out/turkish_draughts_wasm_bg.wasm"
if [ -x "$opt" ]; then
    "$opt" -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
        --enable-mutable-globals --enable-multivalue --enable-reference-types \
        "$module" -o "$module.opt"
    mv "$module.opt" "$module"
else
    echo "wasm-opt not found (run npm ci in wasm/npm): the module is left unoptimised" >&2
fi
printf 'module: %s bytes, %s gzipped\n' "$(wc -c <"$module")" "$(gzip -9c "$module" | wc -c)"

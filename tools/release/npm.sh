#!/usr/bin/env bash
# The npm package (dist.sh's part `npm`): the WebAssembly module built (wasm/build.sh), the
# tarball packed (`npm pack`, which copies the licence files in), `npm publish --dry-run` on
# it with no warning, then the tarball installed into a fresh project
# (npm-project/fresh-project.test.js): its files, the README's examples in Node, the type
# declarations through the package's exports, and a page bundled by esbuild in Chromium.
source "$(dirname "$0")/lib.sh"
cd "$root"
out="$DIST/npm"

(cd wasm/npm && npm ci --no-audit --no-fund)
bash wasm/build.sh
(cd wasm/npm && npm pack --pack-destination "$out")
tarball="$out/turkish-draughts-$RELEASE_VERSION.tgz"
[ -f "$tarball" ] || { echo "npm pack wrote no $tarball" >&2; exit 1; }

npm publish --dry-run "$tarball" 2>&1 | tee "$tmp/publish.log"
# Without an account here, npm warns that publishing needs one; any other warning is a defect.
if grep -i 'warn' "$tmp/publish.log" | grep -v 'This command requires you to be logged in .* (dry-run)$'; then
    echo "npm publish --dry-run warned (above)" >&2
    exit 1
fi

if ! [ -x /usr/bin/chromium ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
# From wasm/npm, whose node_modules has playwright-core, esbuild and TypeScript.
(cd wasm/npm && TARBALL="$tarball" node --test ../../tools/release/npm-project/)

record npm "$tarball" \
    '`npm publish --dry-run`: no warning' \
    'installed into a fresh project (`tools/release/npm-project/`): README.md, the licence files, the declarations and the module in it; the README'"'"'s examples in Node; `tsc` through the exports; a page bundled by esbuild, in Chromium'

#!/usr/bin/env bash
# The crate package (dist.sh's part `crate`): `cargo package` packs it and `cargo publish
# --dry-run` goes through the upload but for the upload itself; both build it as the
# registry would, and neither may warn. Then the package alone, unpacked in a temporary
# directory (what docs.rs and a user who reads the source have): its tests, its benchmarks
# built, its documentation as docs.rs builds it with no link leading nowhere, and the
# library built with the toolchain of its `rust-version`.
source "$(dirname "$0")/lib.sh"
cd "$root"
name=turkish-draughts
crate="target/package/$name-$RELEASE_VERSION.crate"

dirty=()
[ "$RELEASE_ALLOW_DIRTY" = 1 ] && dirty=(--allow-dirty)
rm -f "$crate"
cargo package "${dirty[@]}" 2>&1 | tee "$tmp/package.log"
cargo publish --dry-run "${dirty[@]}" 2>&1 | tee "$tmp/publish.log"
# Cargo ends every dry run with the warning that it does not upload; any other is a defect.
if cat "$tmp/package.log" "$tmp/publish.log" | grep -i 'warning' \
    | grep -vx 'warning: aborting upload due to dry run'; then
    echo "cargo package or cargo publish --dry-run warned (above)" >&2
    exit 1
fi
cp "$crate" "$DIST/crate/"

tar xzf "$crate" -C "$tmp"
unpacked="$tmp/$name-$RELEASE_VERSION"
[ -f "$unpacked/Cargo.lock" ] || { echo "the package has no Cargo.lock" >&2; exit 1; }
# The repository's target directory: the dependencies built for its own tests serve again.
export CARGO_TARGET_DIR="$root/target"
(
    cd "$unpacked"
    cargo test --locked
    cargo build --locked --benches --profile test
    RUSTC_BOOTSTRAP=1 RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo doc --locked --no-deps --all-features
)
python3 "$root/.ci/check-doc-links.py" "$CARGO_TARGET_DIR/doc" turkish_draughts

msrv=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' "$unpacked/Cargo.toml" | head -n 1)
[ -n "$msrv" ] || { echo "the package's Cargo.toml has no rust-version" >&2; exit 1; }
if ! rustup run "$msrv" rustc --version >/dev/null 2>&1; then
    rustup toolchain install "$msrv" --profile minimal
fi
(
    cd "$unpacked"
    export CARGO_TARGET_DIR="$root/target/msrv"
    cargo "+$msrv" build --locked --lib
    cargo "+$msrv" build --locked --lib --all-features
    cargo "+$msrv" build --locked --lib --no-default-features
)

record crate "$DIST/crate/$(basename "$crate")" \
    '`cargo package`, `cargo publish --dry-run`: packed and built as the registry does, no warning' \
    'unpacked alone: `cargo test --locked`, `cargo build --locked --benches --profile test`' \
    'unpacked alone: `cargo doc --no-deps --all-features` with `--cfg docsrs -D warnings` (as docs.rs), `.ci/check-doc-links.py` on it' \
    "unpacked alone: the library built with Rust $msrv (its rust-version): default, all and no features"

#!/usr/bin/env bash
# The Python package (dist.sh's part `python`): the source distribution; from it, unpacked
# alone, a wheel for each CPython of RELEASE_PYTHONS and, unless RELEASE_ABI3=0, one for the
# stable ABI (CPython 3.9 and later: pip takes it where no wheel of the interpreter's own
# fits, so for the versions after these), every one linked through zig against glibc 2.17
# so that its tag is manylinux2014 (auditwheel reads it back from the binary); twine's
# check of the metadata; then each wheel installed in a fresh virtual environment whose
# PATH has no cargo or rustc, where the package's tests (python/tests, which read the
# repository's tests/data) pass: the stable-ABI wheel under the last interpreter of
# RELEASE_PYTHONS.
source "$(dirname "$0")/lib.sh"
cd "$root"
out="$DIST/python"
tools="$RELEASE_TOOLS/bin"
sdist="$out/turkish_draughts-$RELEASE_VERSION.tar.gz"

"$tools/maturin" sdist --manifest-path python/Cargo.toml --out "$out"
[ -f "$sdist" ] || { echo "maturin wrote no $sdist" >&2; exit 1; }
# Unpacked in one place from run to run, so that cargo builds again only what changed.
build="$root/target/dist-python"
rm -rf "$build/sdist"
mkdir -p "$build/sdist"
tar xzf "$sdist" -C "$build/sdist"
src="$build/sdist/turkish_draughts-$RELEASE_VERSION"

# The interpreters, by their own path (not a shim or the tools' environment).
declare -A interpreter
last=""
for v in $RELEASE_PYTHONS; do
    if ! interpreter[$v]=$("python$v" -c 'import sys; print(sys.executable)' 2>/dev/null); then
        echo "python$v does not run (with pyenv, name the versions in PYENV_VERSION: RELEASING.md)" >&2
        exit 1
    fi
    last=$v
done

# build_wheel INTERPRETER [MATURIN OPTION...]; maturin finds zig in the tools' environment.
build_wheel() {
    local python="$1"
    shift
    (
        cd "$src"
        PATH="$tools:$PATH" CARGO_TARGET_DIR="$build" \
            nice -n 10 "$tools/maturin" build --zig --compatibility manylinux2014 \
            --interpreter "$python" --out "$out" "$@"
    )
}
for v in $RELEASE_PYTHONS; do
    build_wheel "${interpreter[$v]}"
done
if [ "${RELEASE_ABI3:-1}" = 1 ]; then
    build_wheel "${interpreter[$last]}" --features abi3
fi

for wheel in "$out"/*.whl; do
    "$tools/auditwheel" show "$wheel" | tee "$tmp/auditwheel.txt"
    grep -q 'is consistent with the following platform tag' "$tmp/auditwheel.txt"
    grep -q '"manylinux_2_17_x86_64"' "$tmp/auditwheel.txt"
done
"$tools/twine" check --strict "$out"/*

# PATH without any directory that holds cargo or rustc.
clean_path=""
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    if [ -x "$d/cargo" ] || [ -x "$d/rustc" ]; then
        continue
    fi
    clean_path="${clean_path:+$clean_path:}$d"
done

# check_wheel VERSION WHEEL: installed in a fresh virtual environment of Python VERSION, no
# Rust on PATH, the package's tests. TD_TABLEBASE_REFERENCE (a directory) keeps the
# one-process endgame tables that the cluster test compares with, from one wheel to the next.
check_wheel() {
    local v="$1" wheel="$2"
    local venv
    venv="$tmp/venv-$(basename "$wheel" .whl)"
    "${interpreter[$v]}" -m venv "$venv"
    run() {
        env -u CARGO_HOME -u RUSTUP_HOME -u CARGO_TARGET_DIR PATH="$venv/bin:$clean_path" "$@"
    }
    if run bash -c 'command -v cargo || command -v rustc'; then
        echo "cargo or rustc is still on PATH" >&2
        exit 1
    fi
    # Binary packages only: nothing is compiled on the way.
    run "$venv/bin/python" -m pip install --quiet --progress-bar off --only-binary :all: "$wheel[test]"
    (
        # From an empty directory, so that the installed package is the one imported.
        mkdir "$venv/run" && cd "$venv/run"
        run "$venv/bin/python" -c 'import sys, turkish_draughts as td
assert td._core.__file__.startswith(sys.prefix), td._core.__file__
print("imported", td._core.__file__)'
        run "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
    )
    record python "$wheel" \
        "\`auditwheel show\`: consistent with manylinux_2_17_x86_64; \`twine check --strict\`" \
        "installed with its \`test\` extra (binary packages only) into a fresh Python $v virtual environment, no cargo or rustc on PATH: \`python/tests\` pass"
}
for v in $RELEASE_PYTHONS; do
    tag="cp${v/./}"
    check_wheel "$v" "$(ls "$out"/turkish_draughts-"$RELEASE_VERSION"-"$tag"-"$tag"-*.whl)"
done
if [ "${RELEASE_ABI3:-1}" = 1 ]; then
    check_wheel "$last" "$(ls "$out"/turkish_draughts-"$RELEASE_VERSION"-cp39-abi3-*.whl)"
fi
record python "$sdist" \
    "\`twine check --strict\`; unpacked alone, it built every wheel here (\`maturin build --zig --compatibility manylinux2014\`)"

#!/usr/bin/env bash
# The Python package (dist.sh's part `python`): the source distribution, and from it, unpacked
# alone, one wheel per CPython of RELEASE_PYTHONS, linked through zig against glibc 2.17 so
# that its tag is manylinux2014 (auditwheel reads it back); twine's metadata check; then each
# wheel installed in a fresh virtual environment whose PATH has no cargo or rustc, where the
# package's tests (those of the source distribution) pass.
source "$(dirname "$0")/lib.sh"
cd "$root"
out="$DIST/python"
tools="$RELEASE_TOOLS/bin"
sdist="$out/turkish_draughts-$RELEASE_VERSION.tar.gz"

"$tools/maturin" sdist --manifest-path python/Cargo.toml --out "$out"
[ -f "$sdist" ] || { echo "maturin wrote no $sdist" >&2; exit 1; }
tar xzf "$sdist" -C "$tmp"
src="$tmp/turkish_draughts-$RELEASE_VERSION"

# The interpreters, by their own path (not a shim or the tools' environment).
declare -A interpreter
for v in $RELEASE_PYTHONS; do
    command -v "python$v" >/dev/null || { echo "python$v is not on PATH" >&2; exit 1; }
    interpreter[$v]=$("python$v" -c 'import sys; print(sys.executable)')
done

# Wheels from the unpacked source distribution; maturin finds zig in the tools' environment.
for v in $RELEASE_PYTHONS; do
    (
        cd "$src"
        PATH="$tools:$PATH" CARGO_TARGET_DIR="$root/target/dist-python" \
            nice -n 10 "$tools/maturin" build --zig --compatibility manylinux2014 --strip \
            --interpreter "${interpreter[$v]}" --out "$out"
    )
done

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

for v in $RELEASE_PYTHONS; do
    tag="cp${v/./}"
    wheel=$(ls "$out"/turkish_draughts-"$RELEASE_VERSION"-"$tag"-"$tag"-*.whl)
    venv="$tmp/venv-$v"
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
        mkdir "$tmp/run-$v" && cd "$tmp/run-$v"
        run "$venv/bin/python" -c 'import sys, turkish_draughts as td
assert td._core.__file__.startswith(sys.prefix), td._core.__file__
print("imported", td._core.__file__)'
        run "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
    )
    record python "$wheel" \
        "\`auditwheel show\`: consistent with manylinux_2_17_x86_64; \`twine check --strict\`" \
        "installed with its \`test\` extra (binary packages only) in a fresh Python $v virtual environment, no cargo or rustc on PATH: the source distribution's \`python/tests\` pass"
done
record python "$sdist" \
    "\`twine check --strict\`; unpacked alone, it built every wheel here (\`maturin build --zig --compatibility manylinux2014\`)"

#!/usr/bin/env bash
# Builds every artefact of a release into dist/ and checks each one as its users meet it:
#
#   dist/crate/   the crate package (crate.sh)
#   dist/python/  the Python source distribution, a wheel per interpreter and one for the
#                 stable ABI of the later ones (python.sh)
#   dist/npm/     the npm tarball (npm.sh)
#
# and first that the versions agree and CHANGELOG.md has the release's section
# (versions.py). dist/CHECKS.md lists each artefact with its size and what checked it.
#
#   tools/release/dist.sh [--draft] [--python "3.9 ... 3.13"] [--no-abi3] [--allow-dirty] [PART...]
#
# PART is versions, crate, python or npm (all four when none is given). --draft accepts a
# changelog whose changes are still under [Unreleased] (CI, a try before the release);
# --python names the CPython versions to build wheels for (each found as pythonX.Y on PATH;
# default 3.9 to 3.13); --no-abi3 leaves out the stable-ABI wheel; --allow-dirty lets cargo
# pack files that git has uncommitted.
# Needs cargo with rustup, python3 (3.11 or later, for the tools' virtual environment),
# node and npm (20 or later), and Debian's chromium for the browser check.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

draft=()
allow_dirty=0
abi3=1
pythons="3.9 3.10 3.11 3.12 3.13"
parts=()
while [ $# -gt 0 ]; do
    case "$1" in
        --draft) draft=(--draft) ;;
        --allow-dirty) allow_dirty=1 ;;
        --no-abi3) abi3=0 ;;
        --python) pythons="$2"; shift ;;
        versions|crate|python|npm) parts+=("$1") ;;
        *) echo "usage: $0 [--draft] [--python \"3.9 ... 3.13\"] [--no-abi3] [--allow-dirty] [versions|crate|python|npm]..." >&2; exit 2 ;;
    esac
    shift
done
[ ${#parts[@]} -gt 0 ] || parts=(versions crate python npm)

step() { printf '\n=== release: %s\n' "$*"; }

# The tools' virtual environment, made again when requirements.txt changes.
tools="$root/target/release-tools"
if ! cmp -s "$here/requirements.txt" "$tools/requirements.txt" 2>/dev/null; then
    step "the release tools (tools/release/requirements.txt) into target/release-tools"
    python3 -c 'import sys; assert sys.version_info >= (3, 11), "python3 must be 3.11 or later"'
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --progress-bar off -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$tools/requirements.txt"
fi

step "versions and CHANGELOG.md"
"$tools/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
version=$("$tools/bin/python" "$here/versions.py" "${draft[@]}")
echo "version $version"

export DIST="$root/dist" RELEASE_VERSION="$version" RELEASE_TOOLS="$tools" \
    RELEASE_ALLOW_DIRTY="$allow_dirty" RELEASE_PYTHONS="$pythons" RELEASE_ABI3="$abi3"
mkdir -p "$DIST"
checks="$DIST/CHECKS.md"
for part in "${parts[@]}"; do
    [ "$part" = versions ] && continue
    rm -rf "${DIST:?}/$part" "$DIST/CHECKS-$part.md"
    mkdir -p "$DIST/$part"
    step "$part"
    bash "$here/$part.sh"
done

{
    echo "# Release $version: the artefacts and their checks"
    echo
    for part in crate python npm; do
        if [ -f "$DIST/CHECKS-$part.md" ]; then cat "$DIST/CHECKS-$part.md"; fi
    done
} >"$checks"
step "done: $checks"
cat "$checks"

# Sourced by the part scripts of dist.sh: the environment dist.sh exports, and `record`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
: "${DIST:?run tools/release/dist.sh}" "${RELEASE_VERSION:?}" "${RELEASE_TOOLS:?}"

# record PART FILE CHECK...: a line of dist/CHECKS-PART.md, the file with its size and what
# checked it.
record() {
    local part="$1" file="$2"
    shift 2
    local bytes
    bytes=$(wc -c <"$file")
    {
        printf -- '- `%s`: %s bytes (%s KiB)\n' "${file#"$root"/}" "$bytes" "$(( (bytes + 512) / 1024 ))"
        for check in "$@"; do
            printf -- '  - %s\n' "$check"
        done
    } >>"$DIST/CHECKS-$part.md"
}


# A temporary directory for the part, removed when it exits.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/release.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

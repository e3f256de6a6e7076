"""The release's version, the same in every manifest, and its section in CHANGELOG.md.

    python tools/release/versions.py [--root DIR] [--draft]

Prints the version and exits 0 when every manifest gives the same one:

- Cargo.toml (the crate), python/Cargo.toml (the extension, whose version the Python
  package takes: python/pyproject.toml declares its version dynamic), wasm/Cargo.toml;
- python/pyproject.toml: `version` listed in `dynamic`, or a `version` equal to the others;
- wasm/npm/package.json, and wasm/npm/package-lock.json (its two copies of the version);

and CHANGELOG.md has the release's section, `## [VERSION] - YYYY-MM-DD`. With `--draft`
(a build that is not the release: CI, a try by hand), a changelog whose changes are still
under `## [Unreleased]`, not empty, is accepted with a note. Otherwise prints each
disagreement on stderr, one a line, and exits 1. Needs Python 3.11 or later (tomllib).
"""

import argparse
import json
import pathlib
import re
import sys
import tomllib

#: The manifests whose `[package] version` must agree.
CARGO_MANIFESTS = ["Cargo.toml", "python/Cargo.toml", "wasm/Cargo.toml"]


def read_toml(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def versions(root):
    """Every version the manifests under `root` give, as (where, version) pairs; a
    manifest that gives none has `None`."""
    found = []
    for name in CARGO_MANIFESTS:
        found.append((f"{name} [package] version", read_toml(root / name).get("package", {}).get("version")))
    project = read_toml(root / "python/pyproject.toml").get("project", {})
    if "version" in project:
        found.append(("python/pyproject.toml [project] version", project["version"]))
    elif "version" not in project.get("dynamic", []):
        found.append(("python/pyproject.toml [project] version (neither given nor dynamic)", None))
    package = json.loads((root / "wasm/npm/package.json").read_text())
    found.append(("wasm/npm/package.json version", package.get("version")))
    lock_path = root / "wasm/npm/package-lock.json"
    if lock_path.exists():
        lock = json.loads(lock_path.read_text())
        found.append(("wasm/npm/package-lock.json version", lock.get("version")))
        found.append(('wasm/npm/package-lock.json packages[""].version', lock.get("packages", {}).get("", {}).get("version")))
    return found


def changelog_problem(text, version, draft):
    """What is wrong with CHANGELOG.md's text for a release of `version` (`None` when
    nothing is), and a note for a draft."""
    headings = re.findall(r"^## \[([^\]]+)\](.*)$", text, flags=re.MULTILINE)
    for name, rest in headings:
        if name == version:
            if re.fullmatch(r" - \d{4}-\d{2}-\d{2}\s*", rest):
                return None, None
            return f"CHANGELOG.md: the heading of [{version}] has no date: '## [{version}] - YYYY-MM-DD'", None
    missing = f"CHANGELOG.md has no section '## [{version}] - YYYY-MM-DD'"
    if draft:
        unreleased = re.search(r"^## \[Unreleased\]\s*\n(.*?)(?=^## \[|\Z)", text, flags=re.MULTILINE | re.DOTALL)
        if unreleased and unreleased.group(1).strip():
            return None, f"{missing} yet: its [Unreleased] changes become it at the release"
        return f"{missing}, nor changes under [Unreleased]", None
    return missing, None


def check(root, draft=False):
    """The version, the problems (a list of lines) and the notes for the tree at `root`."""
    found = versions(root)
    problems = []
    for where, v in found:
        if not isinstance(v, str) or not v:
            problems.append(f"{where}: missing")
    given = [v for _, v in found if isinstance(v, str) and v]
    version = given[0] if given else None
    if len(set(given)) > 1:
        problems.append("the versions differ: " + "; ".join(f"{where} = {v}" for where, v in found if v))
    notes = []
    if version is not None and len(set(given)) == 1:
        problem, note = changelog_problem((root / "CHANGELOG.md").read_text(), version, draft)
        if problem:
            problems.append(problem)
        if note:
            notes.append(note)
    return version, problems, notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2])
    parser.add_argument("--draft", action="store_true", help="accept changes still under [Unreleased]")
    args = parser.parse_args(argv)
    version, problems, notes = check(args.root, args.draft)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())

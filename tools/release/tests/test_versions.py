"""versions.py on copies of the repository's manifests, agreeing and not."""

import json
import pathlib
import shutil
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))

import versions  # noqa: E402

FILES = [
    "Cargo.toml",
    "python/Cargo.toml",
    "python/pyproject.toml",
    "wasm/Cargo.toml",
    "wasm/npm/package.json",
    "wasm/npm/package-lock.json",
]

RELEASED = """# Changelog

## [Unreleased]

## [2.3.4] - 2031-05-06

### Added

- Something.
"""


@pytest.fixture
def tree(tmp_path):
    """A copy of the manifests, every version set to 2.3.4, and a changelog with its section."""
    for name in FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    for name in ["Cargo.toml", "python/Cargo.toml", "wasm/Cargo.toml"]:
        set_cargo_version(tmp_path / name, "2.3.4")
    for name in ["wasm/npm/package.json", "wasm/npm/package-lock.json"]:
        data = json.loads((tmp_path / name).read_text())
        data["version"] = "2.3.4"
        if "packages" in data:
            data["packages"][""]["version"] = "2.3.4"
        (tmp_path / name).write_text(json.dumps(data))
    (tmp_path / "CHANGELOG.md").write_text(RELEASED)
    return tmp_path


def set_cargo_version(path, version):
    lines = path.read_text().splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if line.startswith("version = "))
    lines[i] = f'version = "{version}"\n'
    path.write_text("".join(lines))


def test_the_repository_agrees_with_itself():
    version, problems, _ = versions.check(ROOT, draft=True)
    assert problems == []
    assert version == versions.read_toml(ROOT / "Cargo.toml")["package"]["version"]


def test_agreeing_versions_and_a_dated_section(tree, capsys):
    assert versions.check(tree) == ("2.3.4", [], [])
    assert versions.main(["--root", str(tree)]) == 0
    assert capsys.readouterr().out == "2.3.4\n"


@pytest.mark.parametrize("name", ["python/Cargo.toml", "wasm/Cargo.toml", "Cargo.toml"])
def test_a_cargo_manifest_that_differs(tree, name, capsys):
    set_cargo_version(tree / name, "2.3.5")
    version, problems, _ = versions.check(tree)
    assert len(problems) == 1
    assert "the versions differ" in problems[0] and f"{name} [package] version = 2.3.5" in problems[0]
    assert versions.main(["--root", str(tree)]) == 1
    assert "error: the versions differ" in capsys.readouterr().err


def test_package_json_and_its_lock_file(tree):
    package = json.loads((tree / "wasm/npm/package.json").read_text())
    package["version"] = "2.4.0"
    (tree / "wasm/npm/package.json").write_text(json.dumps(package))
    _, problems, _ = versions.check(tree)
    assert len(problems) == 1 and "wasm/npm/package.json version = 2.4.0" in problems[0]
    package["version"] = "2.3.4"
    (tree / "wasm/npm/package.json").write_text(json.dumps(package))
    lock = json.loads((tree / "wasm/npm/package-lock.json").read_text())
    lock["packages"][""]["version"] = "2.3.3"
    (tree / "wasm/npm/package-lock.json").write_text(json.dumps(lock))
    _, problems, _ = versions.check(tree)
    assert len(problems) == 1 and 'packages[""].version = 2.3.3' in problems[0]


def test_pyproject_version_static_or_dynamic(tree):
    path = tree / "python/pyproject.toml"
    text = path.read_text()
    assert 'dynamic = ["version"]' in text
    path.write_text(text.replace('dynamic = ["version"]', 'version = "2.3.4"'))
    assert versions.check(tree)[1] == []
    path.write_text(text.replace('dynamic = ["version"]', 'version = "2.3.0"'))
    assert "python/pyproject.toml [project] version = 2.3.0" in versions.check(tree)[1][0]
    path.write_text(text.replace('dynamic = ["version"]', "dynamic = []"))
    assert versions.check(tree)[1] == [
        "python/pyproject.toml [project] version (neither given nor dynamic): missing"
    ]


def test_the_changelog_section(tree):
    path = tree / "CHANGELOG.md"
    path.write_text(RELEASED.replace("## [2.3.4] - 2031-05-06", "## [2.3.4]"))
    assert versions.check(tree)[1] == [
        "CHANGELOG.md: the heading of [2.3.4] has no date: '## [2.3.4] - YYYY-MM-DD'"
    ]
    path.write_text(RELEASED.replace("2.3.4", "2.3.3"))
    assert versions.check(tree)[1] == ["CHANGELOG.md has no section '## [2.3.4] - YYYY-MM-DD'"]


def test_a_draft_takes_the_unreleased_section(tree):
    path = tree / "CHANGELOG.md"
    path.write_text("# Changelog\n\n## [Unreleased]\n\n### Added\n\n- Something.\n\n## [2.3.3] - 2030-01-01\n")
    assert versions.check(tree)[1] == ["CHANGELOG.md has no section '## [2.3.4] - YYYY-MM-DD'"]
    version, problems, notes = versions.check(tree, draft=True)
    assert (version, problems) == ("2.3.4", [])
    assert notes == [
        "CHANGELOG.md has no section '## [2.3.4] - YYYY-MM-DD' yet: its [Unreleased] changes become it at the release"
    ]
    # An empty [Unreleased] section is no draft of a release.
    path.write_text("# Changelog\n\n## [Unreleased]\n\n## [2.3.3] - 2030-01-01\n\n- Old.\n")
    assert versions.check(tree, draft=True)[1] == [
        "CHANGELOG.md has no section '## [2.3.4] - YYYY-MM-DD', nor changes under [Unreleased]"
    ]

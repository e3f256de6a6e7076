"""The type stubs (`turkish_draughts/_core.pyi`) match the extension module, as mypy's
stubtest sees it: every class, method, property and signature."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("mypy")

HERE = pathlib.Path(__file__).resolve().parent


def test_stubs_match_the_extension_module(tmp_path):
    # Run from an empty folder, so that no project configuration is read.
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "turkish_draughts._core",
         "--allowlist", str(HERE / "stubtest-allowlist.txt")],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr

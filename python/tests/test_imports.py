"""Importing the package (and its Dask helpers) imports no optional dependency, and NumPy
only once an array is asked for."""

import subprocess
import sys

CHECK = """
import sys
import turkish_draughts as td
import turkish_draughts.pdn
import turkish_draughts.distributed
for name in ("numpy", "pettingzoo", "gymnasium", "dask", "distributed"):
    assert name not in sys.modules, name
td.Board().legal_moves
assert "numpy" not in sys.modules
td.Board().planes()
assert "numpy" in sys.modules
print("ok")
"""


def test_optional_dependencies_are_not_imported():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_docstrings_reach_python():
    import turkish_draughts as td

    assert "any notation the crate reads" in td.Board.push_text.__doc__
    assert "read-only sequence" in td.MoveList.__doc__
    assert td.perft.__doc__ and td.playouts.__doc__ and td.Move.__doc__

import pathlib

import pytest

#: The crate's test data (tests/data at the repository root).
DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


@pytest.fixture
def data() -> pathlib.Path:
    return DATA


def fens(name: str):
    """The FENs of a data file: the first field of each line that is not a comment."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split("\t")[0].split(";")[0].strip())
    return out

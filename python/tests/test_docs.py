"""The examples of the documentation run: the `>>>` sessions of python/README.md, of the
repository README's Python section, and of the package's docstrings."""

import doctest
import pathlib

import pytest

import turkish_draughts as td
from turkish_draughts import pdn

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_session(text, name):
    # The ```python code blocks that hold a session, one after the other in one namespace.
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    session = "\n".join(b for b in blocks if ">>>" in b)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(session, {"td": td}, name, name, 0)
    assert test.examples, f"{name} has no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0 and attempted > 0


@pytest.mark.parametrize("path", ["python/README.md", "README.md"])
def test_readme_sessions(path):
    run_session((ROOT / path).read_text(), path)


@pytest.mark.parametrize("module", ["turkish_draughts", "turkish_draughts.pdn", "turkish_draughts.env"])
def test_docstrings(module):
    if module.endswith(".env"):
        pytest.importorskip("pettingzoo")
    mod = __import__(module, fromlist=["_"])
    failed, attempted = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and attempted > 0

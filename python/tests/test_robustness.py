"""Bad input of every kind raises a Python exception of this package (or the standard one
for a wrong type or an out-of-range number), never a panic across the boundary
(pyo3's PanicException is a BaseException, so it would escape the `except` clauses here and
fail the test)."""

import random

import pytest

import turkish_draughts as td
from turkish_draughts import pdn

from conftest import fens

ALPHABET = "WBK:,abcdefghxy0123456789-x .\t\n[]\"{}()*/;%$!?\u00e9\ufeff"


def mutations(rng, text, count):
    """`count` variants of `text`: characters replaced, dropped, doubled or inserted."""
    out = []
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars) + 1)
            op = rng.randrange(4)
            if op == 0 and i < len(chars):
                chars[i] = rng.choice(ALPHABET)
            elif op == 1 and i < len(chars):
                del chars[i]
            elif op == 2 and i < len(chars):
                chars.insert(i, chars[i])
            else:
                chars.insert(i, rng.choice(ALPHABET))
        out.append("".join(chars))
    return out


def test_fens():
    rng = random.Random(1)
    seeds = fens("bench.fen") + fens("game-positions.fen")[::5000] + ["", "W", "W:W:B", "B:W:B"]
    ok = bad = 0
    for fen in seeds:
        for text in mutations(rng, fen, 40) + [fen]:
            for rules in ("default", "tudaf"):
                for relaxed in (False, True):
                    try:
                        board = td.Board(text, rules, relaxed=relaxed)
                    except td.InvalidFenError:
                        bad += 1
                        continue
                    ok += 1
                    board.legal_moves
                    board.outcome()
                    board.planes()
                    board.legal_actions()
                    td.perft(board, 1)
    assert ok > 100 and bad > 100


def test_move_texts():
    rng = random.Random(2)
    board = td.Board("W:WKb2,c3:Bb4,d5,b6,f6,d7")
    legal = [str(m) for m in board.legal_moves]
    texts = []
    for t in legal + ["c3-c4", "b2xb4xb6xd7xf6xd5xa5", "a1-a2-a3", "b2x" * 40 + "b3"]:
        texts += mutations(rng, t, 60)
    texts += ["", " ", "x", "-", "b2", "b2-", "b2xz9", "\x00", "b2\u00e9b3", "b2-b3" * 100]
    played = 0
    for text in texts:
        b = board.copy()
        try:
            b.parse_move(text)
            b.push_text(text)
            played += 1
        except td.DamaError:
            pass
    assert played > 0


def test_pdn_texts(data):
    rng = random.Random(3)
    sources = [p.read_text() for p in sorted((data / "pdn").glob("*.pdn"))]
    read = errors = 0
    for text in sources:
        for variant in mutations(rng, text, 30) + [text]:
            for item in pdn.read_games_str(variant, errors="yield"):
                if isinstance(item, td.PdnError):
                    errors += 1
                    assert item.line >= 1 and item.column >= 1
                else:
                    read += 1
                    item.end_board()
    assert read > 50 and errors > 50
    # Bytes that are not UTF-8, from a binary file object.
    import io

    for blob in [b"\xff\xfe\x00[Event \"x\"]\n1. c3-c4 *", bytes(range(256)) * 3]:
        list(pdn.read_games(io.BytesIO(blob), errors="yield"))


def test_numbers_out_of_range():
    board = td.Board()
    for bad in [-1, 64, 2**70]:
        with pytest.raises(td.DamaError, match=f"square {bad} "):
            board.piece_at(bad)
    with pytest.raises(td.DamaError, match="perft depth 1099511627776 is more than"):
        td.perft(board, 2**40)
    with pytest.raises(td.DamaError):
        td.positions_at(board, 65)
    with pytest.raises(td.DamaError, match="n=-1 is out of range"):
        td.playouts(-1)
    with pytest.raises(td.DamaError):
        board.decode_action(-5)
    with pytest.raises(td.DamaError, match="no_progress_limit=-1 is out of range"):
        td.Board(no_progress_limit=-1)
    with pytest.raises(TypeError):
        td.Board(5)
    # A limit of 0 plies ends a game at once; a huge limit is no limit.
    assert td.Board(no_progress_limit=0).is_game_over()
    r = td.playouts(3, max_plies=2**63, no_progress=2**32 - 1, threads=10**6)
    assert (r.termination != 0).all()
    assert len(td.selfplay(2, first=2**64 - 1)) > 0

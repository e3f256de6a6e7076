"""Random playouts and self-play in bulk: arrays, seeds, threads, and agreement with the
games themselves (read back from PDN and replayed)."""

import sys
import threading
import time

import numpy as np
import pytest

import turkish_draughts as td
from turkish_draughts import pdn


def test_arrays_and_their_meaning():
    r = td.playouts(300, seed=3)
    assert isinstance(r, td.Playouts)
    assert r.winner.dtype == np.int8 and r.plies.dtype == np.uint32 and r.termination.dtype == np.uint8
    assert r.winner.shape == r.plies.shape == r.termination.shape == (300,)
    assert set(np.unique(r.winner)) <= {-1, 0, 1}
    codes = {int(t) for t in [td.Termination.NO_LEGAL_MOVE, td.Termination.KING_AGAINST_LONE_MAN,
                              td.Termination.ONE_KING_EACH, td.Termination.ONE_MAN_EACH,
                              td.Termination.REPETITION, td.Termination.NO_PROGRESS]}
    assert set(np.unique(r.termination)) <= codes | {0}
    # Unfinished games and draws have no winner; wins have a termination that can win.
    assert (r.winner[r.termination == 0] == 0).all()
    assert (r.winner[r.termination == int(td.Termination.REPETITION)] == 0).all()
    assert (r.winner[r.termination == int(td.Termination.NO_LEGAL_MOVE)] != 0).all()
    assert (r.plies[r.termination == 0] == 400).all()
    assert (r.plies <= 400).all() and r.plies.min() > 0


def test_seeds_and_threads():
    a = td.playouts(200, seed=11)
    b = td.playouts(200, seed=11, threads=2)
    c = td.playouts(200, seed=11, threads=0)
    d = td.playouts(200, seed=12)
    for x, y in [(a, b), (a, c)]:
        assert all((p == q).all() for p, q in zip(x, y))
    assert not (a.plies == d.plies).all()
    assert len(td.playouts(0).winner) == 0


def test_playouts_agree_with_the_games_they_stand_for():
    # Game i of a batch depends on the seed and i only: selfplay writes the same games as
    # PDN. Read back and replayed by the PDN reader, each gives the playout's winner, plies
    # and termination.
    n, seed = 60, 5
    r = td.playouts(n, seed=seed, max_plies=150, no_progress=30)
    text = td.selfplay(n, seed=seed, max_plies=150, no_progress=30)
    games = list(pdn.read_games_str(text))
    assert len(games) == n
    for i, g in enumerate(games):
        assert g.tags["Round"] == str(i + 1)
        board = g.end_board()
        assert len(g.moves) == r.plies[i]
        # The PDN board has no no-progress limit: the draw is in the playout only.
        limited = td.Board(no_progress_limit=30)
        for m in g.moves:
            limited.push(m)
        outcome = limited.outcome()
        if outcome is None:
            assert r.termination[i] == 0 and len(g.moves) == 150 and g.result == "*"
        else:
            assert r.termination[i] == int(outcome.termination)
            expected = {True: 1, False: -1, None: 0}[outcome.winner]
            assert r.winner[i] == expected
            if outcome.termination != td.Termination.NO_PROGRESS:
                assert g.result == outcome.result() == board.result()


def test_selfplay_cut_into_batches_is_the_same_batch():
    whole = td.selfplay(20, seed=9)
    parts = [td.selfplay(7, seed=9, first=0), td.selfplay(7, seed=9, first=7),
             td.selfplay(6, seed=9, first=14, threads=2)]
    assert "\n".join(parts) == whole
    assert whole.count("[Event ") == 20


def test_from_a_board_and_under_the_federation_rules():
    board = td.Board("W:Wd4,e4:Bd6,e6", rules="tudaf")
    r = td.playouts(100, board=board, seed=1)
    # Kings cannot appear before a man reaches the far rank; every game ends.
    assert (r.termination != 0).all()
    tudaf = td.selfplay(3, rules="tudaf", seed=1)
    games = list(pdn.read_games_str(tudaf, rules="tudaf"))
    assert len(games) == 3
    with pytest.raises(td.DamaError):
        td.playouts(1, rules="fide")
    # The board's history counts: after a threefold repetition there is nothing to play.
    rep = td.Board("W:WKa1:BKh8,h7")
    for t in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] * 2:
        rep.push_text(t)
    r = td.playouts(5, board=rep)
    assert (r.plies == 0).all() and (r.termination == int(td.Termination.REPETITION)).all()
    rep.pop()
    r = td.playouts(50, board=rep, seed=2)
    assert (r.plies > 0).all()


def test_the_interpreter_is_released():
    # With a switch interval of 100 s, a thread that holds the interpreter keeps it until it
    # blocks or releases it. The worker flags that it is inside the call: if the call kept
    # the interpreter, the main thread could run only when the flag is down again.
    seen = [0]
    in_call = [False]
    done = threading.Event()
    results = []

    def batch():
        in_call[0] = True
        results.append(td.playouts(20000, seed=1))
        in_call[0] = False
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(100)
    try:
        worker = threading.Thread(target=batch)
        worker.start()
        while not done.is_set():
            if in_call[0]:
                seen[0] += 1
            time.sleep(0.001)
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert len(results) == 1 and len(results[0].winner) == 20000
    assert seen[0] > 0


def test_positions_at_has_a_limit():
    # perft(6) from the start is 931 312, perft(7) 10 782 308: the limit is 1 000 000.
    assert len(td.positions_at(td.Board(), 5)) == 85_090
    with pytest.raises(td.DamaError, match="would list 10782308 positions, more than the limit"):
        td.positions_at(td.Board(), 7)
    with pytest.raises(td.DamaError, match="plies -1 is negative"):
        td.positions_at(td.Board(), -1)

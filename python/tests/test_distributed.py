"""Perft and self-play on a local Dask cluster of two worker processes."""

import pytest

distributed = pytest.importorskip("dask.distributed")

import turkish_draughts as td  # noqa: E402
from turkish_draughts import distributed as tdd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_perft_on_the_cluster_equals_perft_here(client):
    board = td.Board()
    assert tdd.perft(client, board, 6) == td.perft(board, 6) == 931_312
    assert tdd.perft(client, board, 5, split=3) == 85_090
    tudaf = td.Board("B:Wd2,Ke1,a4,c5:Bd3,h5,Kh8", rules="tudaf")
    assert tdd.perft(client, tudaf, 5, split=1) == td.perft(tudaf, 5)
    # The workers really ran the tasks: each answered some.
    who = client.run(lambda: 1)
    assert len(who) == 2


def test_perft_tasks_split_exactly():
    board = td.Board()
    tasks = tdd.perft_tasks(board, 6, 3)
    assert sum(n for _, n in tasks) == 708  # every path counted
    assert len(tasks) < 708  # paths that meet are one task
    assert sum(n * tdd.perft_task(t) for t, n in tasks) == td.perft(board, 6)
    with pytest.raises(ValueError):
        tdd.perft_tasks(board, 2, 3)


def test_selfplay_on_the_cluster_equals_selfplay_here(client, tmp_path):
    here = td.selfplay(45, seed=4)
    assert tdd.selfplay(client, 45, seed=4, games_per_task=10) == here
    path = tmp_path / "games.pdn"
    assert tdd.selfplay(client, 45, path, seed=4, games_per_task=7) is None
    assert path.read_text() == here
    games = list(td.pdn.read_games(path))
    assert len(games) == 45 and [g.tags["Round"] for g in games] == [str(i) for i in range(1, 46)]


class _NoClient:
    """A client that fails the test if any work is sent to it."""

    def map(self, *args, **kwargs):
        raise AssertionError("work was sent")

    gather = map


def test_arguments_are_checked_before_any_work_is_sent():
    board = td.Board()
    with pytest.raises(td.DamaError, match="perft depth 65 is more than the maximum of 64"):
        tdd.perft(_NoClient(), board, 65)
    with pytest.raises(td.DamaError, match="perft depth -1 is negative"):
        tdd.perft(_NoClient(), board, -1)
    with pytest.raises(td.DamaError, match="perft depth -1 is negative"):
        tdd.perft_tasks(board, -1, 0)
    with pytest.raises(TypeError):
        tdd.perft(_NoClient(), "W:Wa3:Bh6", 3)
    with pytest.raises(TypeError):
        tdd.perft(_NoClient(), board, 2.5)
    with pytest.raises(ValueError, match="games=-3"):
        tdd.selfplay(_NoClient(), -3)
    with pytest.raises(td.DamaError, match="rule"):
        tdd.selfplay(_NoClient(), 10, rules="fide")
    with pytest.raises(td.DamaError, match="seed=-1 is out of range"):
        tdd.selfplay(_NoClient(), 10, seed=-1)

"""Endgame tables built on a local Dask cluster of two worker processes, slice by slice,
against the one-process build, byte for byte; a task that fails once, or whose worker dies,
is retried and the build still gives the same files."""

import os
import pathlib
import time

import pytest

distributed = pytest.importorskip("dask.distributed")

import turkish_draughts as td  # noqa: E402
from turkish_draughts import distributed as tdd  # noqa: E402


def files(path, rules=None):
    """Every table file of a directory (of one rule set, when given), by name, with its
    bytes."""
    return {
        name: (path / name).read_bytes()
        for name in sorted(os.listdir(path))
        if name.endswith((".wdl", ".dtw")) and (rules is None or f".{rules}." in name)
    }


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_the_plan():
    plan = td.tablebase_plan(3)
    # 2 pieces: KvK and MvM alone, KvM with MvK; 3 pieces: 12 materials in 6 pairs.
    assert [s["name"] for s in plan[:3]] == ["KvK", "KvM+MvK", "MvM"]
    assert len(plan) == 9
    kvk = plan[0]
    assert kvk["materials"] == ["KvK"] and kvk["pieces"] == 2
    assert kvk["positions"] == 64 * 64 and kvk["inputs"] == []
    # A man against a man: the capture ends the game, a crowning gives a king and a man.
    assert plan[2]["inputs"] == ["KvM+MvK"]
    names = [s["name"] for s in plan]
    for i, s in enumerate(plan):
        assert all(names.index(n) < i for n in s["inputs"])
        assert s["memory"] > 6 * s["positions"] and 0 < s["disk"] < s["positions"]
    with pytest.raises(td.TablebaseError, match="7 pieces"):
        td.tablebase_plan(7)
    for bad in [1, -1, 2**64]:
        with pytest.raises(td.DamaError, match=f"pieces={bad} is out of range"):
            td.tablebase_plan(bad)
    with pytest.raises(td.DamaError, match="rule"):
        td.tablebase_plan(3, "fide")


def test_a_missing_input_is_named(tmp_path):
    assert td.build_tablebase_slice(tmp_path, "KvK") is True
    assert td.build_tablebase_slice(str(tmp_path), "KvK") is False
    with pytest.raises(td.TablebaseError, match="reads slice KvM\\+MvK"):
        td.build_tablebase_slice(tmp_path, "MvM")
    with pytest.raises(td.TablebaseError, match="no slice or material named `KvX`"):
        td.build_tablebase_slice(tmp_path, "KvX")
    with pytest.raises(td.DamaError, match="threads=-1 is out of range"):
        td.build_tablebase_slice(tmp_path, "KvK", threads=-1)


def test_four_pieces_on_two_workers_equal_the_one_process_build(client, tmp_path):
    # The one-process build: TD_TABLEBASE_REFERENCE names a directory that holds it
    # already (CI builds it before the Python tests), else it is built here.
    one, many = tmp_path / "one", tmp_path / "many"
    reference = os.environ.get("TD_TABLEBASE_REFERENCE")
    if reference:
        one = pathlib.Path(reference)
    t0 = time.perf_counter()
    td.build_tablebase(one, 4, "default", threads=2)
    t1 = time.perf_counter()
    # The pairs of materials with men of more than 8 000 000 entries split into rank
    # slices: their tables put together on the workers from the rank slices' values must
    # be the one-process build's, which solves them whole.
    split = 8_000_000
    report = tdd.build_tablebase(client, 4, "default", many, threads=1, split_above=split)
    t2 = time.perf_counter()
    print(f"4 pieces, default rules: one process {t1 - t0:.1f} s, two workers {t2 - t1:.1f} s")
    plan = td.tablebase_plan(4, split_above=split)
    kinds = {k: sum(s["kind"] == k for s in plan) for k in ("whole", "ranks", "assembly")}
    assert kinds["whole"] + kinds["assembly"] == 23
    assert kinds["assembly"] >= 3 and kinds["ranks"] > 40
    assert report["built"] == [s["name"] for s in plan]
    assert report["present"] == [] and report["slices"] == len(plan)
    assert report["positions"] == 91_097_664 and report["verified"] == 0
    expected = files(one, "default")
    assert len(expected) == 2 * 41
    assert files(many) == expected
    # Nothing left behind but the rank slices' values: no temporary file.
    assert all(n in expected or n.endswith(".part") for n in os.listdir(many))
    # Again: every slice is there.
    again = tdd.build_tablebase(client, 4, "default", many, split_above=split)
    assert again["built"] == [] and len(again["present"]) == len(plan)


@pytest.mark.parametrize("how", ["raise", "exit"])
def test_a_task_that_fails_once_is_retried(client, tmp_path, how):
    one, many = tmp_path / "one", tmp_path / "many"
    td.build_tablebase(one, 3, "tudaf", threads=1)
    many.mkdir()
    # The test hook of build_slice_task: the slice's next task fails once, raising or
    # ending its worker's process.
    for name in ["KvM+MvK", "KvKM+KMvK"]:
        (many / f"{tdd.FAIL_ONCE_MARKER}.{name}").write_text(how)
    report = tdd.build_tablebase(client, 3, "tudaf", many, threads=1)
    names = [s["name"] for s in td.tablebase_plan(3, "tudaf")]
    if how == "raise":
        assert report["built"] == names
    else:
        # A lost worker takes the results it held with it: Dask runs those tasks again,
        # and they find their slices' files there.
        assert sorted(report["built"] + report["present"]) == sorted(names)
    assert not any(n.startswith(tdd.FAIL_ONCE_MARKER) for n in os.listdir(many))
    assert files(many) == files(one)
    # The cluster has its two workers again (the nanny restarts a lost one).
    client.wait_for_workers(2, timeout=60)


def test_rank_slices_are_verified_on_the_workers(client, tmp_path):
    # Three pieces, pairs of materials with men above 100 000 entries split into rank
    # slices: each slice that solves positions is checked by the task that built it.
    split = 100_000
    report = tdd.build_tablebase(
        client, 3, "default", tmp_path, threads=1, split_above=split, verify=True
    )
    plan = td.tablebase_plan(3, split_above=split)
    solved = [s["name"] for s in plan if s["kind"] != "assembly"]
    assert any(s["kind"] == "ranks" for s in plan)
    # The positions each check counts, as the same checks in this process count them.
    expected = sum(
        td.verify_tablebase_slice(tmp_path, name, threads=1, split_above=split)["positions"]
        for name in solved
    )
    assert report["verified"] == expected > 0
    without = tdd.build_tablebase(client, 3, "default", tmp_path, split_above=split)
    assert without["verified"] == 0 and without["built"] == []


def test_no_retries_gives_the_error(client, tmp_path):
    (tmp_path / f"{tdd.FAIL_ONCE_MARKER}.KvK").write_text("raise")
    with pytest.raises(RuntimeError, match="failed once by the test hook"):
        tdd.build_tablebase(client, 2, "default", tmp_path, retries=0)


class _NoClient:
    """A client that fails the test if any work is sent to it."""

    def submit(self, *args, **kwargs):
        raise AssertionError("work was sent")

    gather = submit


def test_arguments_are_checked_before_any_work_is_sent(tmp_path):
    with pytest.raises(td.TablebaseError, match="7 pieces"):
        tdd.build_tablebase(_NoClient(), 7, "default", tmp_path)
    with pytest.raises(td.DamaError, match="rule"):
        tdd.build_tablebase(_NoClient(), 3, "fide", tmp_path)


def test_slices_go_only_where_their_memory_fits(tmp_path):
    # Two workers of 150 MB each, as a resource; each task asks for its slice's estimated
    # memory, and the build finishes with the same files.
    plan = td.tablebase_plan(3)
    assert max(s["memory"] for s in plan) < 150e6
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=2,
        processes=True,
        dashboard_address=":0",  # a free port: the module's cluster may hold the default
        resources={"MEMORY": 150e6},
    ) as cluster, distributed.Client(cluster) as client:
        report = tdd.build_tablebase(
            client, 3, "default", tmp_path / "many", threads=1, memory_resource="MEMORY"
        )
    assert len(report["built"]) == 9
    one = tmp_path / "one"
    td.build_tablebase(one, 3, "default", threads=1)
    assert files(tmp_path / "many") == files(one)

"""Endgame tables from Python: 3-piece tables built into a temporary directory, probed."""

import pytest

import turkish_draughts as td


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables")
    for rules in ("default", "tudaf"):
        built = td.build_tablebase(path, 3, rules, threads=2)
        assert len(built) == 16
        assert "KMvK" in built
    # A second build keeps every file.
    assert td.build_tablebase(str(path), 3, "default") == []
    return path


def test_values_for_the_side_to_move(tables):
    tb = td.Tablebase(tables)
    assert tb.max_pieces == 3
    assert tb.rules == "default"
    # A lone king against a lone man: the king's side wins at once (default rules).
    board = td.Board("W:WKd4:Bd6")
    assert tb.probe_wdl(board) == "win"
    assert tb.probe_dtw(board) == 0
    assert tb.best_moves(board) == []
    assert tb.probe_wdl(td.Board("B:WKd4:Bd6")) == "loss"
    # Two kings, the side to move captures: a win in one ply, by either landing square.
    board = td.Board("W:WKd4:BKd6")
    assert (tb.probe_wdl(board), tb.probe_dtw(board)) == ("win", 1)
    assert sorted(str(m) for m in tb.best_moves(board)) == ["d4xd7", "d4xd8"]
    # Two kings, no capture: a draw.
    assert tb.probe_dtw(td.Board("W:WKa1:BKh8")) is None


def test_the_federation_rules(tables):
    tb = td.Tablebase(tables, rules="tudaf")
    board = td.Board("W:Wc6:Bc7,Ke8", rules="tudaf")
    assert tb.probe_wdl(board) == "draw"
    assert td.Tablebase(tables).probe_wdl(td.Board("W:Wc6:Bc7,Ke8")) == "win"


def test_best_moves_keep_the_value(tables):
    tb = td.Tablebase(tables)
    board = td.Board("W:WKa1,h7:BKd5")
    wdl, dtw = tb.probe_wdl(board), tb.probe_dtw(board)
    for move in tb.best_moves(board):
        child = board.copy()
        child.push(move)
        assert tb.probe_wdl(child) == {"win": "loss", "loss": "win", "draw": "draw"}[wdl]
        if dtw is not None:
            assert tb.probe_dtw(child) == dtw - 1


def test_a_directory_of_the_other_rules_says_what_it_holds(tmp_path):
    td.build_tablebase(tmp_path, 2, "default", threads=2)
    tb = td.Tablebase(tmp_path, rules="tudaf")
    assert tb.max_pieces == 0
    board = td.Board("W:WKa1,Kb2:BKh8", rules="tudaf")
    expected = f"no table of the tudaf rules in {tmp_path} (it holds the default rules' tables, up to 2 pieces)"
    for probe in (tb.probe_wdl, tb.probe_dtw, tb.best_moves):
        with pytest.raises(td.TablebaseError) as error:
            probe(board)
        assert str(error.value) == expected


def test_errors_are_exceptions(tables, tmp_path):
    tb = td.Tablebase(tables)
    with pytest.raises(td.TablebaseError, match="4 pieces"):
        tb.probe_wdl(td.Board("W:WKd4,e4:Bd6,a6"))
    with pytest.raises(td.TablebaseError, match="rules"):
        tb.probe_wdl(td.Board("W:WKd4:Bd6", rules="tudaf"))
    with pytest.raises(td.TablebaseError):
        td.Tablebase(tmp_path / "missing")
    empty = td.Tablebase(tmp_path)
    assert empty.max_pieces == 0
    with pytest.raises(td.TablebaseError):
        empty.probe_wdl(td.Board("W:WKa1:BKh8"))
    (tmp_path / "KvK.default.dtw").write_bytes(b"DAMA-TB\n" + bytes(100))
    (tmp_path / "KvK.default.wdl").write_bytes(b"not a table")
    broken = td.Tablebase(tmp_path)
    with pytest.raises(td.TablebaseError, match="KvK.default.wdl"):
        broken.probe_wdl(td.Board("W:WKa1:BKh8"))
    # A distance is read after the WDL file says the position is decided.
    (tmp_path / "KvK.default.wdl").write_bytes((tables / "KvK.default.wdl").read_bytes())
    with pytest.raises(td.TablebaseError, match="format version 0"):
        td.Tablebase(tmp_path).probe_dtw(td.Board("W:WKa1:BKa5"))
    with pytest.raises(td.DamaError):
        td.build_tablebase(tmp_path / "big", 9)
    with pytest.raises(ValueError):
        td.Tablebase(tables, rules="fide")


def test_a_memory_limit_refuses_a_slice_before_building(tmp_path):
    plan = td.tablebase_plan(3)
    largest = max(plan, key=lambda s: s["memory"])
    with pytest.raises(td.TablebaseError, match="over the limit") as refused:
        td.build_tablebase(tmp_path / "t", 3, memory_limit=largest["memory"] - 1)
    too_big = [s["name"] for s in plan if s["memory"] == largest["memory"]]
    assert any(f"slice {name} needs" in str(refused.value) for name in too_big)
    assert not (tmp_path / "t").exists()
    with pytest.raises(td.TablebaseError, match="over the limit"):
        td.build_tablebase_slice(tmp_path / "t", "KvK", memory_limit=1000)
    assert td.build_tablebase(tmp_path / "t", 3, memory_limit=largest["memory"])
    with pytest.raises(ValueError):
        td.build_tablebase_slice(tmp_path / "t", "KvK", memory_limit=-1)


def test_a_rank_slice_is_verified_before_its_material_is_put_together(tmp_path):
    split = 100_000
    plan = td.tablebase_plan(3, split_above=split)
    ranks = [s for s in plan if s["kind"] == "ranks"]
    assert ranks
    for s in plan:
        if s["kind"] == "assembly":
            break
        td.build_tablebase_slice(tmp_path, s["name"], threads=1, split_above=split)
    first = ranks[0]["name"]
    report = td.verify_tablebase_slice(tmp_path, first, threads=1, split_above=split)
    assert report["mismatch_count"] == 0 and report["mismatches"] == []
    assert report["positions"] > 0
    # A rank slice's name is unknown to a plan that does not split its material.
    with pytest.raises(td.TablebaseError, match="no slice"):
        td.verify_tablebase_slice(tmp_path, first)
    # In a directory without its files, the error names one.
    with pytest.raises(td.TablebaseError, match=r"\.part"):
        td.verify_tablebase_slice(tmp_path / "none", first, split_above=split)
    with pytest.raises(ValueError):
        td.verify_tablebase_slice(tmp_path, first, rules="fide")

"""What a hostile or hurried user does: readers shared by threads and re-entered, PDN text
given as a path, binary handles, directories, game-over actions, bad sizes, missing extras."""

import io
import os
import subprocess
import sys
import threading

import pytest

import turkish_draughts as td
from turkish_draughts import pdn


def _games_text(n):
    board = td.Board()
    board.push_text("c3-c4")
    one = pdn.write_game(board)
    return "\n".join([one] * n)


def test_a_reader_shared_by_threads_hands_each_game_to_one_thread():
    reader = pdn.read_games(io.StringIO(_games_text(2000)))
    counts = []
    errors = []

    def work():
        n = 0
        try:
            for game in reader:
                assert len(game) == 1
                n += 1
        except Exception as e:  # pragma: no cover - the failure the test looks for
            errors.append(e)
        counts.append(n)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sum(counts) == 2000


def test_a_reader_re_entered_from_its_own_source_refuses_then_goes_on():
    text = _games_text(3)

    class Sneaky(io.StringIO):
        reader = None
        caught = []

        def read(self, n=-1):
            if self.reader is not None and not self.caught:
                try:
                    next(self.reader)
                except RuntimeError as e:
                    self.caught.append(e)
            return super().read(n)

    source = Sneaky(text)
    reader = pdn.read_games(source)
    source.reader = reader
    assert len(list(reader)) == 3
    assert "re-entered" in str(source.caught[0])


def test_write_game_with_tags_that_push_on_the_board():
    board = td.Board()

    def tags():
        board.push_text("c3-c4")
        yield ("White", "ayse")

    text = pdn.write_game(board, tags())
    assert '[White "ayse"]' in text and "1. c3-c4" in text


def test_pdn_text_given_as_a_path_says_to_use_read_games_str():
    with pytest.raises(OSError, match="read_games_str"):
        pdn.read_games('[Event "x"]\n\n1. c3-c4 *\n')


def test_a_directory_is_refused_when_opened_as_a_missing_file_is(tmp_path):
    with pytest.raises(FileNotFoundError):
        pdn.read_games(tmp_path / "missing.pdn")
    with pytest.raises(IsADirectoryError):
        pdn.read_games(tmp_path)


def test_write_games_to_a_binary_handle():
    board = td.Board()
    board.push_text("c3-c4")
    out = io.BytesIO()
    assert pdn.write_games(out, [board, board]) == 2
    assert not out.closed
    games = list(pdn.read_games(io.BytesIO(out.getvalue())))
    assert [len(g) for g in games] == [1, 1]


def test_push_action_after_the_game_is_over_raises_game_over():
    board = td.Board("W:Wd4:Bd5,Kh8")
    board.push_text("d4xd6")
    assert board.is_game_over()
    with pytest.raises(td.GameOverError):
        board.push_action(0)
    with pytest.raises(td.IllegalMoveError):
        td.Board().push_action(td.ACTION_SIZE - 1)


def test_svg_size_is_bounded_as_in_the_example():
    for bad in [0, 100_001]:
        with pytest.raises(td.DamaError, match="size"):
            td.Board().svg(size=bad)
    assert "<svg" in td.Board().svg(size=1)


def test_env_without_its_extra_names_the_extra():
    # A child interpreter where gymnasium cannot be imported.
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "try:\n"
        "    import turkish_draughts.env\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "env extra" in out.stdout and "[env]" in out.stdout


@pytest.mark.parametrize("mode", ["rb", "r"])
def test_a_game_flushed_to_a_pipe_is_read_before_the_pipe_closes(mode):
    r, w = os.pipe()
    got_one = threading.Event()
    source = os.fdopen(r, mode)
    sink = os.fdopen(w, "w")

    def writer():
        sink.write(_games_text(1) + "\n")
        sink.flush()
        # The pipe stays open until the reader has the game (or 10 s, a failure).
        got_one.wait(10)
        sink.close()

    t = threading.Thread(target=writer)
    t.start()
    try:
        reader = pdn.read_games(source)
        game = next(reader)
        closed_before = not t.is_alive()
        got_one.set()
        assert len(game) == 1
        assert not closed_before, "the game came only when the pipe closed"
        assert list(reader) == []
    finally:
        got_one.set()
        t.join()
        source.close()


def test_the_no_progress_limit_goes_through_pdn_equality_and_repr():
    board = td.Board("W:WKa1,a2:BKh8,h7", no_progress_limit=60)
    board.push_text("a1-b1")
    text = pdn.write_game(board)
    assert '[NoProgressLimit "60"]\n' in text
    game = next(iter(pdn.read_games_str(text)))
    back = game.end_board()
    assert back.no_progress_limit == 60 and game.start_board().no_progress_limit == 60
    assert back == board and back.move_stack == board.move_stack
    assert repr(board) == f"Board('{board.fen()}', no_progress_limit=60)"
    assert eval(repr(board), {"Board": td.Board}) == board
    # Equality counts the limit, as repr shows it.
    assert board != td.Board(board.fen())
    assert td.Board(board.fen(), no_progress_limit=60) == board
    assert repr(td.Board(rules="tudaf", no_progress_limit=0)).endswith(
        ", rules='tudaf', no_progress_limit=0)"
    )
    assert "NoProgressLimit" not in pdn.write_game(td.Board())
    # The reader plays under the tag's limit: two king moves reach a limit of 2.
    drawn = '[FEN "W:WKa1,a2:BKh8,h7"]\n[NoProgressLimit "2"]\n\n1. a1-b1 h8-g8 1-1\n'
    end = next(iter(pdn.read_games_str(drawn))).end_board()
    assert end.is_game_over() and end.outcome().termination == td.Termination.NO_PROGRESS
    # A value that is not a number of plies is an error at the value.
    with pytest.raises(td.PdnError, match="NoProgressLimit") as e:
        list(pdn.read_games_str('[NoProgressLimit "sixty"]\n\n1. c3-c4 *\n'))
    assert (e.value.line, e.value.column) == (1, 19)


def _moves_of_a_game():
    """Every legal move of every position of a game with captures, and the moves played."""
    board = td.Board("W:WKa1,c4,a4,h2:Bc5,c7,e6,d6,Kh8,a6")
    seen = []
    for _ in range(30):
        moves = list(board.legal_moves)
        if not moves:
            break
        seen.extend(moves)
        board.push(max(moves, key=lambda m: (len(m.captured), str(m))))
    seen.extend(board.move_stack)
    assert any(len(m.path) > 1 for m in seen) and any(m.is_crowning or m.captured for m in seen)
    return seen


def test_a_move_survives_pickle_and_copy():
    import copy
    import pickle

    moves = _moves_of_a_game()
    tudaf = td.Board(rules="tudaf")
    moves += [tudaf.push_text("c3-c4"), tudaf.peek(), tudaf.pop(), tudaf.parse_move("d3-d4")]
    relaxed = td.Board("W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3:Bh8", relaxed=True)
    moves += list(relaxed.legal_moves)
    for m in moves:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(m, protocol))
            assert back == m and hash(back) == hash(m)
            assert repr(back) == repr(m) and back.path == m.path and back.captured == m.captured
        assert copy.copy(m) == m and copy.deepcopy(m) == m
    assert pickle.loads(pickle.dumps(moves)) == moves


def test_a_capture_too_long_for_its_move_to_hold_shows_its_positions_path():
    import pickle

    board = td.Board("W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5")
    m = list(board.legal_moves)[0]
    assert len(m.captured) == 12
    assert str(m) == "a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2"
    assert len(m.path) == 12 and m.path[-1] == m.destination
    back = pickle.loads(pickle.dumps(m))
    assert back == m and str(back) == str(m) and back.path == m.path
    board.push(m)
    assert board.peek() == m


def test_a_move_goes_through_multiprocessing():
    import copy
    import multiprocessing

    moves = _moves_of_a_game()[:40]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        back = pool.map(copy.copy, moves)
        texts = pool.map(repr, moves)
    assert back == moves and texts == [repr(m) for m in moves]


# Every integer argument of the package, with the name its error must give.
def _integer_arguments(tmp_path):
    board = td.Board()
    return [
        ("depth", lambda v: td.perft(board, v)),
        ("threads", lambda v: td.perft(board, 1, threads=v)),
        ("plies", lambda v: td.positions_at(board, v)),
        ("n", lambda v: td.playouts(v)),
        ("seed", lambda v: td.playouts(1, seed=v)),
        ("threads", lambda v: td.playouts(1, threads=v)),
        ("max_plies", lambda v: td.playouts(1, max_plies=v)),
        ("no_progress", lambda v: td.playouts(1, no_progress=v)),
        ("n", lambda v: td.selfplay(v)),
        ("seed", lambda v: td.selfplay(1, seed=v)),
        ("first", lambda v: td.selfplay(1, first=v)),
        ("threads", lambda v: td.selfplay(1, threads=v)),
        ("max_plies", lambda v: td.selfplay(1, max_plies=v)),
        ("no_progress", lambda v: td.selfplay(1, no_progress=v)),
        ("no_progress_limit", lambda v: td.Board(no_progress_limit=v)),
        ("square", lambda v: board.piece_at(v)),
        ("size", lambda v: board.svg(size=v)),
        ("square", lambda v: board.svg(squares=[v])),
        ("action", lambda v: board.decode_action(v)),
        ("action", lambda v: board.copy().push_action(v)),
        ("pieces", lambda v: td.build_tablebase(str(tmp_path), v)),
        ("threads", lambda v: td.build_tablebase(str(tmp_path), 2, threads=v)),
        ("square", lambda v: td.square_name(v)),
    ]


@pytest.mark.parametrize("value", [2**64, -1, -(2**64), 2**200, -(2**200)])
def test_an_out_of_range_integer_is_a_value_error_naming_the_argument(value, tmp_path):
    for name, call in _integer_arguments(tmp_path):
        with pytest.raises(ValueError) as e:
            call(value)
        message = str(e.value)
        assert name in message, (name, message)
        assert "out of range integral type conversion" not in message, (name, message)
        # The value is quoted (cut when long), so the message says what was given.
        assert str(value)[:20] in message, (name, message)
    assert list((tmp_path).iterdir()) == []


def test_integer_arguments_still_refuse_what_is_not_an_integer(tmp_path):
    for name, call in _integer_arguments(tmp_path):
        with pytest.raises(TypeError):
            call(1.5)

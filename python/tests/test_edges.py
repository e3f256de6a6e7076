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

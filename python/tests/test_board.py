"""Board, Move, Outcome: the python-chess-shaped API on the crate's Game."""

import copy
import pickle

import pytest

import turkish_draughts as td

START = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"


def texts(moves):
    return sorted(str(m) for m in moves)


def test_start_position():
    board = td.Board()
    assert board.fen() == START
    assert board.turn == td.WHITE
    assert board.rules == "default"
    assert board.ply() == 0
    assert texts(board.legal_moves) == sorted(f"{f}3-{f}4" for f in "abcdefgh")
    assert board.outcome() is None
    assert not board.is_game_over()
    assert board.result() == "*"
    assert board.move_stack == []
    assert repr(board) == f"Board('{START}')"
    assert td.Board(rules="tudaf").rules == "tudaf"
    assert repr(td.Board(rules="tudaf")) == f"Board('{START}', rules='tudaf')"


def test_push_pop_peek_and_stack():
    board = td.Board()
    m1 = board.push_text("c3-c4")
    m2 = board.push_text("f6-f5")
    assert board.turn == td.WHITE
    assert board.move_stack == [m1, m2]
    assert board.peek() == m2
    assert board.ply() == 2
    assert board.pop() == m2
    assert board.pop() == m1
    assert board.fen() == START
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    # A move from the list is played with push.
    m = board.legal_moves[3]
    board.push(m)
    assert board.peek() == m
    assert board.turn == td.BLACK


def test_move_attributes():
    # The worked example: only c4xe6 {c5, d6}, by the path c4xc6xe6.
    board = td.Board("W:Wc4,d4:Bc5,Kd6,e4,b4")
    (m,) = board.legal_moves
    assert str(m) == "c4xc6xe6"
    assert m.origin == td.C4 == td.parse_square("c4") == 26
    assert m.destination == td.E6
    assert m.captured == [td.C5, td.D6]
    assert m.path == [td.C6, td.E6]
    assert m.is_capture
    assert not m.is_crowning
    assert repr(m) == "Move(c4xc6xe6 {c5,d6})"
    assert td.square_name(m.destination) == "e6"
    quiet = td.Board().parse_move("d3-d4")
    assert quiet.path == [td.D4] and quiet.captured == [] and not quiet.is_capture
    crown = td.Board("W:Wc7:Bh2").parse_move("c7-c8")
    assert crown.is_crowning


def test_moves_compare_by_result_and_hash():
    # h1xh7: the king may land on h4 or h5 between the jumps; one move, however written.
    board = td.Board("W:WKh1:Bh3,h6")
    a = board.parse_move("h1xh7")
    b = board.parse_move("h1xh5xh7")
    c = board.parse_move("h1xh4xh7")
    assert a == b == c
    assert hash(a) == hash(b) == hash(c)
    assert len({a, b, c}) == 1
    assert len(board.legal_moves) == 2
    assert {m: 1 for m in board.legal_moves}[a] == 1
    assert sorted(board.legal_moves) == sorted(board.legal_moves, key=lambda m: (m.origin, m.destination))
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    with pytest.raises(TypeError):
        td.Move()
    with pytest.raises(AttributeError):
        a.origin = 3


def test_worked_examples_from_the_rules():
    # Maximum capture by a king that comes back to its own square.
    board = td.Board("W:WKb2:Bb4,d5,b6,f6,d7")
    assert texts(m for m in board.legal_moves) and all(len(m.captured) == 5 for m in board.legal_moves)
    assert sorted(td.square_name(m.destination) for m in board.legal_moves) == [
        "a5", "b1", "b2", "b3", "b4", "b5", "c5"
    ]
    # No 180-degree turn.
    board = td.Board("W:WKe4:Bf4,c4")
    assert sorted(td.square_name(m.destination) for m in board.legal_moves) == ["a4", "b4", "g4", "h4"]
    # The two rule sets: crowned mid-capture goes on as a king (default) or as a man.
    default = td.Board("B:Wd2,Ke1:Bd3")
    tudaf = td.Board("B:Wd2,Ke1:Bd3", rules="tudaf")
    assert texts(default.legal_moves) == ["d3xd1xf1", "d3xd1xg1", "d3xd1xh1"]
    assert texts(tudaf.legal_moves) == ["d3xd1xf1"]
    assert all(m.is_crowning for m in list(default.legal_moves) + list(tudaf.legal_moves))


def test_outcomes():
    o = td.Board("B:WKd4:Bd6").outcome()
    assert o is not None
    assert o.winner is True
    assert o.termination == td.Termination.KING_AGAINST_LONE_MAN
    assert o.result() == "2-0"
    assert str(o) == "white wins: a lone king against a lone man"
    assert repr(o) == "Outcome(winner=True, termination=Termination.KING_AGAINST_LONE_MAN)"
    # The same position is a draw for the federation.
    o = td.Board("B:WKd4:Bd6", rules="tudaf").outcome()
    assert o.winner is None and o.result() == "1-1"
    assert o.termination == td.Termination.KING_AGAINST_LONE_MAN
    # Blocked: Black to move has no move and loses.
    board = td.Board("W:Wa7:BKa8,b7,c7")
    o = board.outcome()
    assert o.winner is False and o.termination == td.Termination.NO_LEGAL_MOVE
    assert board.result() == "0-2"
    assert board.is_game_over()
    assert board.legal_moves == []
    assert board.action_mask().sum() == 0


def test_threefold_repetition_and_game_over():
    board = td.Board("W:WKa1:BKh8,h7")
    for text in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] * 2:
        board.push_text(text)
    assert board.repetitions() == 3
    o = board.outcome()
    assert o.winner is None and o.termination == td.Termination.REPETITION
    assert board.legal_moves == []
    with pytest.raises(td.GameOverError) as e:
        board.push_text("a1-b1")
    assert "the game is over (draw: threefold repetition)" in str(e.value)
    assert isinstance(e.value, td.IllegalMoveError)
    board.pop()
    assert not board.is_game_over()


def test_no_progress_limit():
    board = td.Board("W:WKa1,a2:BKh8,h7", no_progress_limit=2)
    assert board.no_progress_limit == 2
    board.push_text("a1-b1")
    board.push_text("h8-g8")
    assert board.outcome().termination == td.Termination.NO_PROGRESS


def test_errors_are_typed_with_the_crate_messages():
    with pytest.raises(td.InvalidFenError, match="at byte 0: expected the side to move"):
        td.Board("X:W:B")
    with pytest.raises(td.InvalidFenError, match="a man stands on a1"):
        td.Board("W:Wa1,b2:Bh7")
    with pytest.raises(td.DamaError, match="unknown rule set"):
        td.Board(rules="fide")
    board = td.Board()
    with pytest.raises(td.InvalidMoveError, match="expected a square"):
        board.push_text("z9-d4")
    with pytest.raises(td.IllegalMoveError, match="the piece on d3 cannot move to d5"):
        board.push_text("d3-d5")
    with pytest.raises(td.AmbiguousMoveError):
        td.Board("W:WKe4:Bf4,c4,Kh8").push_text("e4xf4")
    # A legal move of another position.
    other = td.Board("W:Wd4:Bd5").legal_moves[0]
    with pytest.raises(td.IllegalMoveError, match="illegal move d4xd6"):
        board.push(other)
    assert not board.is_legal(other)
    assert board.ply() == 0 and board.fen() == START
    # Every error is a ValueError.
    for cls in [td.InvalidFenError, td.InvalidMoveError, td.IllegalMoveError,
                td.AmbiguousMoveError, td.GameOverError, td.PdnError]:
        assert issubclass(cls, td.DamaError) and issubclass(cls, ValueError)
    with pytest.raises(td.DamaError):
        board.piece_at(64)
    with pytest.raises(TypeError):
        board.push("d3-d4")


def test_notations_in_push_text():
    # Landing notation, its short form and the federation's captured squares name one move.
    fen = "W:Wf3:Bf4,e5,d6,c7,Kh8"
    moves = []
    for text in ["f3xf4xe5xd6xc7", "f3xf5xd5xd7xb7", "f3xb7"]:
        board = td.Board(fen)
        moves.append(board.push_text(text))
    assert moves[0] == moves[1] == moves[2]



def test_push_text_reads_what_people_type():
    # Upper-case squares and `:` for the capture mark are read as the lower-case text.
    typed = td.Board()
    for t in ["D3-D4", "E6-E5", "D4-D5", "E5:C5"]:
        typed.push_text(t)
    plain = td.Board()
    for t in ["d3-d4", "e6-e5", "d4-d5", "e5xc5"]:
        plain.push_text(t)
    assert typed == plain
    assert [str(m) for m in typed.move_stack] == ["d3-d4", "e6-e5", "d4-d5", "e5xc5"]
    with pytest.raises(td.InvalidMoveError, match="at byte 0: expected a square"):
        td.Board().push_text("I3-I4")

def test_zobrist_follows_the_position():
    a = td.Board()
    for t in ["c3-c4", "f6-f5", "d3-d4"]:
        a.push_text(t)
    b = td.Board()
    for t in ["d3-d4", "f6-f5", "c3-c4"]:
        b.push_text(t)
    assert a.fen() == b.fen() and a.zobrist == b.zobrist
    assert td.Board(a.fen()).zobrist == a.zobrist
    assert a == b and a != td.Board()
    assert td.Board(a.fen(), rules="tudaf") != a


def test_copy_and_pickle():
    board = td.Board(rules="tudaf", no_progress_limit=30)
    for t in ["c3-c4", "f6-f5"]:
        board.push_text(t)
    for other in [board.copy(), copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))]:
        assert other is not board
        assert other.move_stack == board.move_stack
        assert other.fen() == board.fen() and other.rules == "tudaf"
        assert other.no_progress_limit == 30
        other.push_text("d3-d4")
        assert board.ply() == 2
    alone = board.copy(stack=False)
    assert alone.move_stack == [] and alone.root_fen() == board.fen()


def test_text_and_pictures():
    board = td.Board()
    text = str(board)
    assert text.splitlines()[0] == "8  . . . . . . . ."
    assert text.splitlines()[1] == "7  x x x x x x x x"
    assert text.endswith("white to move (default rules)")
    assert board.piece_at(td.A2) == "o" and board.piece_at(td.A7) == "x" and board.piece_at(td.D4) is None
    assert td.Board("W:WKd4:Bh7").piece_at(td.D4) == "O"
    svg = board._repr_svg_()
    assert svg.startswith("<svg ") and svg.count('class="piece ') == 32
    board.push_text("d3-d4")
    svg = board._repr_svg_()
    assert svg.count('class="arrow"') == 1  # the last move is drawn
    capture = td.Board("W:Wd4:Bd5,d7,Kh8")
    m = capture.parse_move("d4xd6xd8")
    svg = capture.svg(size=200, flipped=True, move=m, squares=[td.D4])
    assert 'width="200"' in svg
    assert svg.count('class="arrow"') == 2 and svg.count('class="captured"') == 2
    assert svg.count('class="highlight"') == 1
    with pytest.raises(td.DamaError):
        capture.svg(squares=[99])


def test_perft_matches_the_published_counts(data):
    board = td.Board()
    assert [td.perft(board, d) for d in range(6)] == [1, 8, 64, 708, 7538, 85090]
    assert td.perft(board, 5, threads=2) == 85090
    assert td.perft(board, 5, threads=0) == 85090
    # The first lines of tests/data/perft.tsv: FEN, depth, default count, federation count.
    for line in (data / "perft.tsv").read_text().splitlines()[:12]:
        fen, depth, default, tudaf = line.split("\t")
        assert td.perft(td.Board(fen), int(depth)) == int(default), fen
        assert td.perft(td.Board(fen, "tudaf"), int(depth)) == int(tudaf), fen
    with pytest.raises(td.DamaError, match="more than the maximum"):
        td.perft(board, td.MAX_PERFT_DEPTH + 1)
    with pytest.raises(td.DamaError, match="perft depth -1 is negative"):
        td.perft(board, -1)


def test_positions_at_splits_perft():
    board = td.Board()
    below = td.positions_at(board, 2)
    assert len(below) == 64
    assert sum(td.perft(td.Board(f), 3) for f in below) == td.perft(board, 5)
    assert td.positions_at(board, 0) == [board.fen()]
    # The split counts paths: positions reached twice are listed twice.
    assert len(set(td.positions_at(board, 4))) < len(td.positions_at(board, 4)) == 7538


def test_every_change_keeps_the_board_consistent():
    # Moves played by push, push_text, push_action and taken back by pop: after each, the
    # board's position, outcome and moves agree with a fresh board that replays its stack.
    import random

    rng = random.Random(3)
    board = td.Board()
    for step in range(400):
        moves = board.legal_moves
        if not moves or (board.ply() and rng.random() < 0.2):
            board.pop()
        else:
            m = rng.choice(moves)
            kind = step % 3
            if kind == 0:
                board.push(m)
            elif kind == 1:
                board.push_text(str(m))
            else:
                board.push_action(board.encode_move(m))
        replay = td.Board(board.root_fen())
        for m in board.move_stack:
            replay.push(m)
        assert board.fen() == replay.fen()
        assert board.turn == replay.turn
        assert board.zobrist == replay.zobrist == td.Board(board.fen()).zobrist
        assert board.outcome() == replay.outcome()
        assert board.legal_moves == replay.legal_moves
        assert (board.planes() == replay.planes()).all()


def test_move_list_is_a_read_only_sequence():
    import collections.abc

    board = td.Board()
    moves = board.legal_moves
    assert isinstance(moves, td.MoveList)
    assert isinstance(moves, collections.abc.Sequence)
    assert len(moves) == 8 and bool(moves) and not td.Board("W:Wa7:BKa8,b7,c7").legal_moves
    as_list = list(moves)
    assert moves == as_list and as_list == list(moves) and moves == tuple(as_list)
    assert moves != as_list[:-1] and moves != [1] * 8 and moves != "abcdefgh"
    assert moves[0] == as_list[0] and moves[-1] == as_list[-1]
    assert moves[2:4] == as_list[2:4] and moves[::-1] == as_list[::-1]
    with pytest.raises(IndexError):
        moves[8]
    with pytest.raises(IndexError):
        moves[-9]
    m = as_list[5]
    assert m in moves and moves.index(m) == 5 and moves.count(m) == 1
    assert "d3-d4" not in moves and 3 not in moves
    other = td.Board("W:Wd4:Bd5").legal_moves[0]
    assert other not in moves and moves.count(other) == 0
    with pytest.raises(ValueError):
        moves.index(other)
    assert repr(moves).startswith("MoveList([Move(a3-a4), Move(b3-b4)")
    # A snapshot: playing a move does not change it.
    board.push(m)
    assert len(moves) == 8 and moves[5] == m
    assert moves == td.Board().legal_moves


def test_move_lists_kept_or_dropped_hold_the_same_moves():
    # A MoveList's moves go into a buffer that an earlier, dropped list left behind, or,
    # when none is left (many lists alive), into a new one: both ways give the same moves in
    # the same order, checked here against perft and is_legal.
    from conftest import fens

    positions = fens("game-positions.fen")[::50]
    positions.append("B:Wd4,f4:BKe1,Kh1,Kc2,a5,b5,Kg5,b6,d6,f6,g6,c7,e7,f7,g7,h7")  # 56 moves
    boards = [td.Board(f) for f in positions]
    assert sum(len(b.legal_moves) > 32 for b in boards) > 10  # longer than a kept buffer
    dropped = [[str(m) for m in b.legal_moves] for b in boards]
    kept = [b.legal_moves for b in boards]  # none dropped: the later ones get new buffers
    assert [[str(m) for m in moves] for moves in kept] == dropped
    del kept
    for board, moves in zip(boards, dropped):
        listed = board.legal_moves
        assert [str(m) for m in listed] == moves
        assert len(listed) == td.perft(board, 1) == len(set(listed))
        assert all(board.is_legal(m) for m in listed)

"""Piece planes and the action encoding, checked against definitions written here from the
documentation (FEN parsed by hand, actions computed from the moves' squares)."""

import random

import numpy as np
import pytest

import turkish_draughts as td

from conftest import fens


def parse_fen(fen):
    """(turn, {square: piece char}) read by hand from a PDN FEN."""
    turn, *lists = fen.split(":")
    pieces = {}
    for lst in lists:
        color, squares = lst[0], lst[1:]
        for s in filter(None, squares.split(",")):
            king = s.startswith("K")
            sq = td.parse_square(s[1:] if king else s)
            char = "o" if color == "W" else "x"
            pieces[sq] = char.upper() if king else char
    return turn == "W", pieces


def planes_by_hand(fen, color=None):
    white_to_move, pieces = parse_fen(fen)
    side = white_to_move if color is None else color
    out = np.zeros((4, 8, 8), dtype=np.int8)
    for sq, char in pieces.items():
        own = (char.lower() == "o") == side
        king = char.isupper()
        plane = (0 if own else 2) + (1 if king else 0)
        rank, file = divmod(sq, 8)
        row = rank if side else 7 - rank
        out[plane, row, file] = 1
    return out


def view(sq, white):
    return sq if white else sq ^ 56


def actions_by_hand(board):
    """The action of each legal move, from the definition: slot * 4096 + origin * 64 +
    destination in the side to move's view; the slot numbers moves that share origin and
    destination by their captured set (as a 64-bit number in the same view), then crowning."""
    white = board.turn
    moves = board.legal_moves
    groups = {}
    for m in moves:
        pair = view(m.origin, white) * 64 + view(m.destination, white)
        captured = sum(1 << view(s, white) for s in m.captured)
        groups.setdefault(pair, []).append((captured, m.is_crowning, m))
    out = {}
    for pair, group in groups.items():
        for slot, (_, _, m) in enumerate(sorted(group, key=lambda t: (t[0], t[1]))):
            out[m] = slot * 4096 + pair if slot < td.ACTION_SLOTS else None
    return out


def test_sizes():
    assert td.ACTION_SLOTS == 4 and td.ACTION_SIZE == 4 * 64 * 64


def test_planes_of_the_start_and_of_a_black_position():
    board = td.Board()
    p = board.planes()
    assert p.shape == (4, 8, 8) and p.dtype == np.int8
    assert p[0, 1:3].all() and p[0].sum() == 16  # own men on rows 1 and 2
    assert p[2, 5:7].all() and p[2].sum() == 16  # the opponent's on rows 5 and 6
    assert p[1].sum() == p[3].sum() == 0
    board.push_text("d3-d4")
    # Black to move: Black's men are now "own", on rows 1 and 2 (flipped), files unchanged.
    q = board.planes()
    assert q[0, 1:3].all() and q[0].sum() == 16
    assert q[2, 4, 3] == 1  # White's man on d4 is on Black's row 4 (rank 5 seen from rank 8)
    assert (board.planes(td.WHITE)[2] == board.planes(td.WHITE)[2]).all()
    assert board.planes(td.WHITE)[0, 3, 3] == 1  # d4 from White's side: row 3, column 3


@pytest.mark.parametrize("fen", fens("bench.fen") + fens("game-positions.fen")[::997])
def test_planes_match_the_definition(fen):
    board = td.Board(fen)
    assert (board.planes() == planes_by_hand(fen)).all()
    assert (board.planes(td.WHITE) == planes_by_hand(fen, True)).all()
    assert (board.planes(td.BLACK) == planes_by_hand(fen, False)).all()


def test_a_position_and_its_mirror_look_the_same():
    # The colour-mirrored twin (flipped top to bottom, colours and turn swapped) gives the
    # same planes and the same actions to its side to move.
    def mirrored(fen):
        turn, *lists = fen.split(":")
        flip = {"W": "B", "B": "W"}
        out = []
        for lst in lists:
            squares = []
            for s in filter(None, lst[1:].split(",")):
                king = "K" if s.startswith("K") else ""
                name = s.lstrip("K")
                squares.append(king + name[0] + str(9 - int(name[1])))
            out.append(flip[lst[0]] + ",".join(squares))
        return ":".join([flip[turn]] + out)

    for fen in ["B:Wb3,c4,d3,e5:Bc5,Kh8"] + fens("game-positions.fen")[1::2001]:
        a, b = td.Board(fen), td.Board(mirrored(fen))
        assert a.turn != b.turn
        assert (a.planes() == b.planes()).all()
        assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(
    "name,step",
    [("bench.fen", 1), ("game-positions.fen", 61), ("worst-case-strict.fen", 1)],
)
def test_actions_match_the_definition(name, step):
    for fen in fens(name)[::step]:
        try:
            board = td.Board(fen)
        except td.InvalidFenError:
            continue  # composed positions past the piece limit
        expected = actions_by_hand(board)
        got = {m: board.encode_move(m) for m in board.legal_moves}
        assert got == expected, fen
        actions = [a for a in got.values() if a is not None]
        assert len(set(actions)) == len(actions)  # distinct
        assert board.legal_actions() == sorted(actions)
        mask = board.action_mask()
        assert mask.shape == (td.ACTION_SIZE,) and mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
        for m, a in got.items():
            if a is not None:
                assert board.decode_action(a) == m


def test_captures_that_share_origin_and_destination_get_slots():
    # From tests/data/game-positions.fen: Black's king on d1 reaches h1 by two routes that
    # take different pieces.
    board = td.Board("B:Wa2,b2,c2,d2,f2,g2,h2,b3,c3,e3,g3,Kd4,g4,f5:BKd1,a6,b6,g6,h6,a7,c7,e7,f7,g7,h7")
    shared = [m for m in board.legal_moves if (m.origin, m.destination) == (td.D1, td.H1)]
    assert sorted(str(m) for m in shared) == ["d1xd3xd5xh5xh1", "d1xd3xf3xh3xh1"]
    # Seen from Black, d1 is square 59 (d8) and h1 is 63 (h8).
    pair = 59 * 64 + 63
    actions = {str(m): board.encode_move(m) for m in shared}
    assert sorted(actions.values()) == [pair, 4096 + pair]
    # Slot 0: the captured set that is the smaller number seen from Black. {d2, h2, d4, f5}
    # seen from Black is {d7, h7, d5, f4}; {d2, h2, e3, g3} is {d7, h7, e6, g6}: the first
    # has lower squares (d5 = 35, f4 = 29 against e6 = 44, g6 = 46), so it is the smaller.
    assert actions["d1xd3xd5xh5xh1"] == pair
    assert actions["d1xd3xf3xh3xh1"] == 4096 + pair
    assert board.decode_action(4096 + pair) == board.parse_move("d1xd3xf3xh3xh1")


def test_a_game_played_by_actions():
    rng = random.Random(5)
    board = td.Board()
    by_moves = td.Board()
    while not board.is_game_over():
        action = rng.choice(board.legal_actions())
        m = board.push_action(action)
        by_moves.push(m)
    assert board.move_stack == by_moves.move_stack
    assert board.legal_actions() == [] and board.action_mask().sum() == 0
    with pytest.raises(td.IllegalMoveError):
        board.push_action(0)


def test_bad_actions_and_moves():
    board = td.Board()
    for bad in [-1, td.ACTION_SIZE, 0, 2**40]:
        with pytest.raises(td.IllegalMoveError):
            board.decode_action(bad)
    with pytest.raises(td.IllegalMoveError):
        board.encode_move(td.Board("W:Wd4:Bd5").legal_moves[0])


def test_moves_past_the_last_slot_have_no_action():
    # The worst known positions have many captures with one origin and destination. Line 1
    # of worst-case-found.fen (a legal position: 6 and 16 pieces) has 1904 moves in 16
    # (origin, destination) pairs; only the first 4 of each pair have an action.
    cases = [(f, False) for f in fens("worst-case-found.fen")[:1]]
    cases += [(f, True) for f in fens("worst-case.fen")]  # composed: relaxed positions
    affected = 0
    for fen, relaxed in cases:
        board = td.Board(fen, relaxed=relaxed)
        expected = actions_by_hand(board)
        got = {m: board.encode_move(m) for m in board.legal_moves}
        assert got == expected, fen
        encodable = [a for a in got.values() if a is not None]
        assert len(set(encodable)) == len(encodable)
        assert board.legal_actions() == sorted(encodable)
        assert int(board.action_mask().sum()) == len(encodable)
        pairs = {}
        for m in got:
            pairs[(m.origin, m.destination)] = pairs.get((m.origin, m.destination), 0) + 1
        assert len(encodable) == sum(min(n, td.ACTION_SLOTS) for n in pairs.values())
        affected += len(got) > len(encodable)
    assert len(td.Board(cases[0][0]).legal_moves) == 1904
    assert affected >= 2


def test_planes_of_many_positions_in_one_call():
    some = fens("game-positions.fen")[::1000]
    boards = [td.Board(f) for f in some]
    batch = td.planes_batch(some)
    assert batch.shape == (len(some), 4, 8, 8) and batch.dtype == np.int8
    assert all((batch[i] == b.planes()).all() for i, b in enumerate(boards))
    mixed = td.planes_batch([boards[0], some[1]])
    assert (mixed[0] == boards[0].planes()).all() and (mixed[1] == boards[1].planes()).all()
    assert td.planes_batch([]).shape == (0, 4, 8, 8)
    tudaf = td.planes_batch(["W:Wd4:Bd5"], rules="tudaf")
    assert (tudaf[0] == td.Board("W:Wd4:Bd5", "tudaf").planes()).all()
    with pytest.raises(td.InvalidFenError, match="position 1: "):
        td.planes_batch([some[0], "W:Wz9:B"])
    with pytest.raises(td.DamaError):
        td.planes_batch(some, rules="fide")
    with pytest.raises(TypeError):
        td.planes_batch([3])

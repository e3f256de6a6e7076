"""PDN: games read from paths, file objects and strings, replayed; errors with line and
column; writing and reading back."""

import io
import os
import pathlib
import re
import subprocess
import sys

import pytest

import turkish_draughts as td
from turkish_draughts import pdn


def movetext_tokens(text):
    """The move tokens of a PDN game's movetext, read here by hand (numbers, results and
    tags dropped), to replay a game without the crate's reader."""
    tokens = []
    for line in text.splitlines():
        if line.startswith("["):
            continue
        for word in line.split():
            if word[0].isdigit() and ("." in word or word in ("0-1", "1-0", "2-0", "0-2", "1-1")):
                continue
            if word == "*":
                continue
            tokens.append(word)
    return tokens


def split_games(text):
    """The games of a PDN text, cut at each `[Event` tag (the files here all start games
    with one)."""
    parts = text.split("[Event ")
    return ["[Event " + p for p in parts[1:]]


def test_playok_games_replay_move_by_move(data):
    path = data / "pdn" / "playok.pdn"
    text = path.read_text()
    games = list(pdn.read_games(path))
    by_hand = split_games(text)
    assert len(games) == len(by_hand) == 3
    for game, raw in zip(games, by_hand):
        assert game.tags["Site"] == "PlayOK"
        assert list(game.tags)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        # Replay the movetext with push_text on a fresh board: the same moves, the same end.
        board = td.Board()
        for token in movetext_tokens(raw):
            board.push_text(token)
        assert board.move_stack == game.moves
        end = game.end_board()
        assert end.fen() == board.fen()
        assert end.move_stack == game.moves
        assert game.start_fen == td.Board().fen() == game.start_board().fen()
        assert game.start_board().move_stack == []
        assert len(game) == len(game.moves)
        # PlayOK writes 1-0 / 0-1; they read as 2-0 / 0-2.
        tag = game.tags["Result"]
        assert game.result == {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}.get(tag, tag)
    # The first game, checked against its text: Black's h5xh3xh1 crowns on h1.
    first = games[0]
    assert str(first.moves[0]) == "c3-c4" and str(first.moves[-1]) == "h1-h2"
    crowning = [m for m in first.moves if m.is_crowning]
    assert [str(m) for m in crowning] == ["h5xh3xh1"]
    assert first.end_board().piece_at(td.H2) == "X"
    assert first.line == 1 and games[1].line > 1


def test_federation_notation_and_fen_tags(data):
    games = list(pdn.read_games(data / "pdn" / "federation.pdn"))
    assert games[0].tags["White"] == "Ayse"
    king = games[1]
    assert king.start_fen == "W:WKb2:Bb4,d5,b6,f6,d7"
    (m,) = king.moves
    assert len(m.captured) == 5
    assert king.result == "2-0"
    assert king.end_board().outcome().winner is True


def test_sources_path_text_binary_and_string(data):
    path = data / "pdn" / "playok.pdn"
    expected = [g.moves for g in pdn.read_games(str(path))]
    with open(path, encoding="utf-8") as f:
        assert [g.moves for g in pdn.read_games(f)] == expected
    with open(path, "rb") as f:
        assert [g.moves for g in pdn.read_games(f)] == expected
    assert [g.moves for g in pdn.read_games_str(path.read_text())] == expected
    assert [g.moves for g in pdn.read_games(io.StringIO(path.read_text()))] == expected
    with pytest.raises(FileNotFoundError):
        pdn.read_games(data / "pdn" / "no-such-file.pdn")


def test_rules_option():
    text = '[FEN "B:Wd2,Ke1:Bd3"]\n1... d3xd1xf1 0-2\n'
    (game,) = pdn.read_games_str(text, rules="tudaf")
    assert game.rules == "tudaf" and game.end_board().rules == "tudaf"
    # Under the default rules the man goes on as a king, so d3xd1xf1 is one of three moves,
    # and still legal.
    (game,) = pdn.read_games_str(text)
    assert game.rules == "default"
    with pytest.raises(td.DamaError):
        pdn.read_games_str(text, rules="nope")
    with pytest.raises(td.DamaError):
        pdn.read_games_str(text, errors="ignore")



def test_the_rule_set_travels_with_the_game():
    # A lone king against a lone man: a draw under the federation's rules, a win for the
    # king under the default rules. White's king takes d5 and leaves Black one man.
    board = td.Board("W:WKd4:Bd5,a7", rules="tudaf")
    board.push_text("d4xd6")
    assert board.outcome().termination == td.Termination.KING_AGAINST_LONE_MAN
    assert board.result() == "1-1"
    # The board's rule set is written, whatever the tags say.
    text = pdn.write_game(board, {"White": "ayse", "Rules": "default"})
    assert '[Rules "tudaf"]' in text and '[Rules "default"]' not in text
    assert text.endswith("\n1. d4xd6 1-1\n")
    # Read back with no rule set given: the tag's.
    (back,) = pdn.read_games_str(text)
    assert back.rules == "tudaf" and back.rules_conflict is None
    assert back.result == "1-1" and back.moves == board.move_stack
    end = back.end_board()
    assert end.rules == "tudaf" and end.outcome().winner is None
    assert back.start_board().rules == "tudaf"
    # The same through a file, and after writing many games.
    buffer = io.StringIO()
    pdn.write_games(buffer, [td.Board(), board])
    assert [g.rules for g in pdn.read_games(io.StringIO(buffer.getvalue()))] == [
        "default",
        "tudaf",
    ]
    # Given the default rules, the reader replays the game under them: the king wins
    # there, so the termination 1-1 is wrong, and that is the error.
    with pytest.raises(td.PdnError, match="the result 1-1 contradicts the final position"):
        next(pdn.read_games_str(text, rules="default"))


def test_a_rule_set_given_wins_over_the_tag_and_says_so():
    text = '[Event "x"]\n[Rules "tudaf"]\n\n1. c3-c4 f6-f5 *\n'
    (game,) = pdn.read_games_str(text, rules="default")
    assert game.rules == "default" and game.end_board().rules == "default"
    conflict = game.rules_conflict
    assert isinstance(conflict, pdn.RulesConflict)
    # The tag's value starts on line 2, column 9 (after `[Rules "`).
    assert (conflict.line, conflict.column) == where(text, 'tudaf"]')
    assert (conflict.tag, conflict.chosen) == ("tudaf", "default")
    assert str(conflict) == (
        f'line 2, column {conflict.column}: the Rules tag says "tudaf"; '
        "the game was read under default, as asked"
    )
    assert repr(conflict) == "RulesConflict(line=2, column=9, tag=\"tudaf\", chosen=\"default\")"
    # A choice that agrees with the tag, and a game without the tag: no conflict.
    (same,) = pdn.read_games_str(text, rules="tudaf")
    assert same.rules == "tudaf" and same.rules_conflict is None
    (untagged,) = pdn.read_games_str("1. c3-c4 *\n", rules="tudaf")
    assert untagged.rules == "tudaf" and untagged.rules_conflict is None
    # A tag this package does not know: an error when the reader follows the tag, a
    # conflict when a rule set is given.
    odd = '[Rules "russian"]\n\n1. c3-c4 *\n'
    with pytest.raises(td.PdnError, match="russian") as e:
        next(pdn.read_games_str(odd))
    assert (e.value.line, e.value.column) == (1, 9)
    (game,) = pdn.read_games_str(odd, rules="tudaf")
    assert game.rules_conflict.tag == "russian" and game.rules_conflict.chosen == "tudaf"


def where(text, token, shift=0):
    """Line and column (both from 1) of the first occurrence of `token` in `text`."""
    at = text.index(token) + shift
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, column


# Each broken file, and a token that starts where its error is.
BROKEN = [
    ("broken_tag.pdn", 'ayse"', 0),
    ("broken_illegal.pdn", "c4-c6", 0),
    ("broken_ambiguous.pdn", "e4xf4 *", 0),
    ("broken_gametype.pdn", "20,W,10", 0),
    ("broken_fen.pdn", "W:Wa1", 0),
    ("broken_result.pdn", "xa5 1-1", 4),
    ("broken_repetition.pdn", "a1-b1 *", 0),
    ("broken_comment.pdn", "{this", 0),
]


@pytest.mark.parametrize("name,token,shift", BROKEN)
def test_broken_files_raise_with_line_and_column(data, name, token, shift):
    path = data / "pdn" / name
    text = path.read_text()
    games = pdn.read_games(path)
    with pytest.raises(td.PdnError) as e:
        next(games)
    assert (e.value.line, e.value.column) == where(text, token, shift)
    assert str(e.value).startswith(f"line {e.value.line}, column {e.value.column}: ")
    # The iterator goes on after an error; the last game of each file is good.
    rest = []
    while True:
        try:
            rest.append(next(games))
        except td.PdnError:
            continue
        except StopIteration:
            break
    assert len(rest) == 1 and rest[0].tags["Event"].startswith("good")
    # errors="skip" and errors="yield".
    assert len(list(pdn.read_games(path, errors="skip"))) == 1
    items = list(pdn.read_games(path, errors="yield"))
    assert isinstance(items[0], td.PdnError) and isinstance(items[-1], pdn.PdnGame)
    assert (items[0].line, items[0].column) == (e.value.line, e.value.column)


def test_messages_are_the_crates():
    with pytest.raises(td.PdnError) as e:
        next(pdn.read_games_str('[GameType "20"]\n\n1. c3-c4 *\n'))
    assert str(e.value) == (
        'line 1, column 12: GameType "20" is not Turkish draughts (30, or 30,W,8,8,A0,0)'
    )


def test_a_read_error_of_the_file_object_is_raised_as_it_was():
    class Broken(io.StringIO):
        def read(self, n=-1):
            raise ConnectionResetError("the network went away")

    with pytest.raises(ConnectionResetError, match="the network went away"):
        next(pdn.read_games(Broken()))

    class Numbers:
        def read(self, n=-1):
            return 42

    with pytest.raises(TypeError, match="not str or bytes"):
        next(pdn.read_games(Numbers()))


def test_write_and_read_back(tmp_path):
    board = td.Board()
    for t in ["c3-c4", "f6-f5", "c4-c5", "c6xc4"]:
        board.push_text(t)
    text = pdn.write_game(board, {"White": "ayse", "Black": "can", "Opening": "?"})
    assert text.startswith('[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "ayse"]\n')
    assert '[GameType "30,W,8,8,A0,0"]' in text
    assert text.endswith("1. c3-c4 f6-f5 2. c4-c5 c6xc4 *\n")
    (back,) = pdn.read_games_str(text)
    assert back.moves == board.move_stack and back.tags["Opening"] == "?"
    # The federation's notation writes captured squares.
    captured = pdn.write_game(board, [("White", "ayse")], notation="captured")
    assert captured.endswith("2. c4-c5 c6xc5 *\n")
    with pytest.raises(td.DamaError):
        pdn.write_game(board, notation="short")
    # A game from a FEN gets SetUp and FEN tags; a decided game its result.
    won = td.Board("W:Wd4:Bd5,Kh8")
    won.push_text("d4xd6")
    text = pdn.write_game(won)
    assert '[FEN "W:Wd4:Bd5,Kh8"]' in text and text.endswith("0-2\n")
    # Many games to a path and to a file object; PdnGame keeps its tags.
    path = tmp_path / "out.pdn"
    games = list(pdn.read_games_str(text + "\n" + pdn.write_game(board, {"White": "x"})))
    assert pdn.write_games(path, [board, (won, {"Event": "e"}), games[1]]) == 3
    again = list(pdn.read_games(path))
    assert [g.moves for g in again] == [board.move_stack, won.move_stack, board.move_stack]
    assert again[1].tags["Event"] == "e" and again[2].tags["White"] == "x"
    buffer = io.StringIO()
    pdn.write_games(buffer, [board])
    assert buffer.getvalue() == pdn.write_game(board)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident size from /proc")
def test_games_read_from_a_string_hold_what_their_plies_need():
    # As a user measures it: the resident size of a fresh interpreter before and after
    # reading 100 000 one-move games into a list (python/bench/pdn_memory.py).
    bench = pathlib.Path(__file__).resolve().parents[1] / "bench" / "pdn_memory.py"
    out = subprocess.run([sys.executable, str(bench)], capture_output=True, text=True, check=True)
    found = re.search(r"([0-9.]+) MB for the games", out.stdout)
    assert found, out.stdout
    assert float(found.group(1)) < 60, out.stdout

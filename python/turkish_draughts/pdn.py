"""PDN (Portable Draughts Notation, GameType 30): reading games one at a time, writing them.

Reading::

    >>> import io
    >>> from turkish_draughts import pdn
    >>> text = '[White "ayse"]\\n[Black "can"]\\n\\n1. c3-c4 f6-f5 2. d3-d4 *\\n'
    >>> game = next(pdn.read_games(io.StringIO(text)))
    >>> game.tags["White"], len(game.moves), game.result
    ('ayse', 3, '*')
    >>> board = game.end_board()
    >>> str(board.peek())
    'd3-d4'

A source is a path (``str`` or ``os.PathLike``) or a file object opened in text or binary
mode; :func:`read_games_str` reads a string. Only the game being read is held in memory.
Each game is replayed and every move checked; moves may be in landing notation, its short
form or the federation's captured-square notation. A game that cannot be read raises
:class:`turkish_draughts.PdnError`, with ``line`` and ``column`` (both from 1); the iterator
can be called again after it and goes on with the next game. ``errors="skip"`` leaves such
games out, and ``errors="yield"`` gives the ``PdnError`` in the game's place.

The rule set travels with the game: :func:`write_game` writes it as a ``Rules`` tag
(``[Rules "default"]`` or ``[Rules "tudaf"]``), and :func:`read_games` follows each game's
tag (a game without one is read under the default rules), so a federation game comes back
as one. A rule set given to :func:`read_games` wins over the tags: every game is read under
it, and a game whose tag names another says so in :attr:`PdnGame.rules_conflict` (``None``
otherwise), as python-chess keeps a game's problems on the game rather than raising::

    >>> text = '[Rules "tudaf"]\\n\\n1. c3-c4 *\\n'
    >>> next(pdn.read_games_str(text)).rules
    'tudaf'
    >>> game = next(pdn.read_games_str(text, rules="default"))
    >>> game.rules, game.rules_conflict.tag
    ('default', 'tudaf')
    >>> print(game.rules_conflict)
    line 1, column 9: the Rules tag says "tudaf"; the game was read under default, as asked

Writing: :func:`write_game` gives one game's text, :func:`write_games` writes many to a path
or a file object.
"""

from __future__ import annotations

import io
import os
from typing import IO, Iterable, Mapping, Optional, Tuple, Union

from ._core import Board, PdnError, _read_games, _read_games_str, _write_game
from ._core import GameReader as GameReader
from ._core import PdnGame as PdnGame
from ._core import RulesConflict as RulesConflict

__all__ = [
    "GameReader",
    "PdnError",
    "PdnGame",
    "RulesConflict",
    "read_games",
    "read_games_str",
    "write_game",
    "write_games",
]

Tags = Union[Mapping[str, str], Iterable[Tuple[str, str]]]
Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]


def read_games(
    source: Source, rules: Optional[str] = None, errors: str = "raise"
) -> GameReader:
    """The games of a PDN file, one at a time. Each game is replayed under the rule set its
    ``Rules`` tag names (the default rules without one) or, when ``rules`` is given
    (``"default"`` or ``"tudaf"``), under ``rules``, with :attr:`PdnGame.rules_conflict` set
    for a game whose tag says otherwise. ``source`` is a path or a file object (text or
    binary). ``errors`` is ``"raise"`` (a bad game raises ``PdnError``; iterating again goes
    on with the next game), ``"skip"`` or ``"yield"`` (the ``PdnError`` instance comes in the
    game's place). A string that looks like PDN text rather than a path (it holds a line
    break or starts with ``[``) and names no file raises ``OSError`` saying to use
    :func:`read_games_str`."""
    try:
        return _read_games(source, rules, errors)
    except OSError as e:
        if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("[")):
            raise type(e)(
                e.errno,
                f"{e.strerror}: this looks like PDN text, not a file name; "
                "read it with read_games_str",
            ) from e
        raise


def read_games_str(
    text: str, rules: Optional[str] = None, errors: str = "raise"
) -> GameReader:
    """The games of a PDN text, as :func:`read_games` reads a file."""
    return _read_games_str(text, rules, errors)


def write_game(board: Board, tags: Optional[Tags] = None, notation: str = "landing") -> str:
    """One game as PDN text: the board's first position and every move of its
    ``move_stack``, with ``tags`` (a mapping or (name, value) pairs; the seven standard tags
    are written first, ``?`` when missing, then ``GameType`` and the board's rule set as a
    ``Rules`` tag, which the game says itself and ``tags`` cannot change), in ``"landing"`` notation (``c4xc6xe6``) or the
    federation's ``"captured"`` notation (``c4xc5xd6``). The result is the game's outcome when
    the rules decide it, else the ``Result`` tag, else ``*``. The text ends with a newline.

    >>> import turkish_draughts as td
    >>> board = td.Board()
    >>> _ = board.push_text("c3-c4")
    >>> print(write_game(board, {"White": "ayse"}).splitlines()[-1])
    1. c3-c4 *
    """
    return _write_game(board, tags, notation)


GameLike = Union[Board, PdnGame, Tuple[Board, Tags]]


def _game_text(game: GameLike, notation: str) -> str:
    if isinstance(game, PdnGame):
        return _write_game(game.end_board(), game.tags, notation)
    if isinstance(game, Board):
        return _write_game(game, None, notation)
    board, tags = game
    return _write_game(board, tags, notation)


def write_games(
    dest: Union[str, "os.PathLike[str]", IO[str], IO[bytes]],
    games: Iterable[GameLike],
    notation: str = "landing",
) -> int:
    """Writes games to a path (the file is replaced) or a file object, text or binary (which
    gets UTF-8, as :func:`read_games` reads it), one blank line between games, and returns
    how many were written. Each game is a :class:`Board`, a :class:`PdnGame` (written with
    its tags) or a ``(board, tags)`` pair."""
    if hasattr(dest, "write"):
        mode = getattr(dest, "mode", None)
        if isinstance(dest, (io.RawIOBase, io.BufferedIOBase)) or (
            isinstance(mode, str) and "b" in mode
        ):
            text = io.TextIOWrapper(dest, encoding="utf-8", newline="\n", write_through=True)  # type: ignore[arg-type]
            try:
                return _write_all(text, games, notation)
            finally:
                text.detach()  # the caller's handle stays open
        return _write_all(dest, games, notation)  # type: ignore[arg-type]
    with open(dest, "w", encoding="utf-8", newline="\n") as f:  # type: ignore[arg-type]
        return _write_all(f, games, notation)


def _write_all(f: IO[str], games: Iterable[GameLike], notation: str) -> int:
    count = 0
    for game in games:
        if count:
            f.write("\n")
        f.write(_game_text(game, notation))
        count += 1
    return count


"""Turkish draughts (Dama) for Python, on the turkish-draughts Rust crate.

The exact rules (both readings: ``"default"`` and the federation's ``"tudaf"``), at the
crate's speed, with an API in the manner of python-chess::

    >>> import turkish_draughts as td
    >>> board = td.Board()
    >>> len(board.legal_moves)
    8
    >>> board.push_text("d3-d4")
    Move(d3-d4)
    >>> board.turn == td.BLACK
    True
    >>> td.perft(td.Board(), 4)
    7538

Squares are numbers, ``0`` = a1 to ``63`` = h8 (``td.D4``, ``td.square_name(27)``).

Submodules:

* :mod:`turkish_draughts.pdn`: reading and writing PDN.
* :mod:`turkish_draughts.env`: a PettingZoo environment (needs the ``env`` extra).
* :mod:`turkish_draughts.distributed`: perft and self-play on a Dask cluster (needs the
  ``distributed`` extra).

Importing this package imports NumPy only when an array is asked for, and never imports
the optional dependencies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Optional

from ._core import (
    ACTION_SIZE,
    ACTION_SLOTS,
    MAX_PERFT_DEPTH,
    AmbiguousMoveError,
    Board,
    DamaError,
    GameOverError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    MoveList,
    Outcome,
    PdnError,
    Tablebase,
    TablebaseError,
    Termination,
    _playouts,
    build_tablebase,
    build_tablebase_slice,
    perft,
    planes_batch,
    positions_at,
    selfplay,
    tablebase_plan,
    verify_tablebase_slice,
)

# MoveList has the methods of a read-only sequence.
Sequence.register(MoveList)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "ACTION_SIZE",
    "ACTION_SLOTS",
    "BLACK",
    "MAX_PERFT_DEPTH",
    "SQUARE_NAMES",
    "WHITE",
    "AmbiguousMoveError",
    "Board",
    "DamaError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "MoveList",
    "Outcome",
    "PdnError",
    "Playouts",
    "Tablebase",
    "TablebaseError",
    "Termination",
    "build_tablebase",
    "build_tablebase_slice",
    "parse_square",
    "perft",
    "planes_batch",
    "playouts",
    "positions_at",
    "selfplay",
    "square_name",
    "tablebase_plan",
    "verify_tablebase_slice",
]

#: The side to move as ``Board.turn`` gives it: White.
WHITE = True
#: The side to move as ``Board.turn`` gives it: Black.
BLACK = False

#: The names of the squares by number: ``SQUARE_NAMES[0] == "a1"``, ``SQUARE_NAMES[63] == "h8"``.
SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]

# The square numbers by name: A1 = 0, B1 = 1, ..., H8 = 63.
A1, B1, C1, D1, E1, F1, G1, H1 = range(0, 8)
A2, B2, C2, D2, E2, F2, G2, H2 = range(8, 16)
A3, B3, C3, D3, E3, F3, G3, H3 = range(16, 24)
A4, B4, C4, D4, E4, F4, G4, H4 = range(24, 32)
A5, B5, C5, D5, E5, F5, G5, H5 = range(32, 40)
A6, B6, C6, D6, E6, F6, G6, H6 = range(40, 48)
A7, B7, C7, D7, E7, F7, G7, H7 = range(48, 56)
A8, B8, C8, D8, E8, F8, G8, H8 = range(56, 64)


def square_name(square: int) -> str:
    """The name of a square number: ``square_name(27) == "d4"``."""
    if not 0 <= square < 64:
        raise DamaError(f"square {square} is not a square number 0..63")
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """The number of a square name: ``parse_square("d4") == 27``."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise DamaError(f"{name!r} is not a square name such as 'd4'") from None


class Playouts(NamedTuple):
    """The results of :func:`playouts`, one entry per game, as NumPy arrays."""

    #: ``int8``: 1 if White won, -1 if Black won, 0 for a draw or an unfinished game.
    winner: NDArray[np.int8]
    #: ``uint32``: the plies played in each game.
    plies: NDArray[np.uint32]
    #: ``uint8``: 0 if the game was cut at ``max_plies``, else ``int(Termination.X)`` of how
    #: it ended.
    termination: NDArray[np.uint8]


def playouts(
    n: int,
    *,
    board: Optional[Board] = None,
    rules: str = "default",
    seed: int = 0,
    threads: int = 1,
    max_plies: int = 400,
    no_progress: Optional[int] = 60,
) -> Playouts:
    """Plays ``n`` games of uniformly random legal moves, in Rust, with the interpreter
    released, and returns their results as NumPy arrays (see :class:`Playouts`).

    The games start from ``board`` (its position and history; its rules) or, without one,
    from the start position under ``rules``. A game stops when the rules end it, when
    ``no_progress`` plies in a row pass without a capture or a man move (a draw; ``None``
    turns this off), or after ``max_plies`` plies (unfinished). Game ``i`` depends only on
    ``seed`` and ``i``: the same seed gives the same games with any number of ``threads``
    (``0`` uses every core).

    >>> import turkish_draughts as td
    >>> r = td.playouts(100, seed=1)
    >>> len(r.winner), int(r.plies.sum()) > 0
    (100, True)
    """
    return Playouts(
        *_playouts(
            n,
            board=board,
            rules=rules,
            seed=seed,
            threads=threads,
            max_plies=max_plies,
            no_progress=no_progress,
        )
    )

# PDN is part of the core package (it needs nothing optional).
from . import pdn  # noqa: E402

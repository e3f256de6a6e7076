"""Legal moves of every position of tests/data/game-positions.fen, from Python.

    python python/bench/legal_moves.py [REPS] [LOOP]

Boards are built first. Then each pass runs one loop over all the boards:

* `floor`: reads `board.turn` (a property that makes no object: `True` and `False` are
  shared), the cost of the Python loop and of one call into the extension;
* `legal_moves`: asks every board for `legal_moves` (a `MoveList`, whose `Move` objects are
  made when read);
* `list(legal_moves)`: also reads every move.

Prints the best pass of REPS (default 20) for each loop, or for LOOP alone (then REPS passes
and nothing printed: for instruction counts, run it under callgrind with 1 and 3 passes and
halve the difference). The Rust side of the comparison:
`cargo bench -p turkish-draughts-python --bench rust -- legal-moves`.
"""

import pathlib
import sys
import time

import turkish_draughts as td

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "game-positions.fen"


def best_of(reps, f):
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    only = sys.argv[2] if len(sys.argv) > 2 else None
    fens = [l.strip() for l in DATA.read_text().splitlines() if l.strip() and not l.startswith("#")]
    boards = [td.Board(f) for f in fens]

    def floor():
        for b in boards:
            b.turn

    def listing():
        for b in boards:
            b.legal_moves

    def reading():
        for b in boards:
            list(b.legal_moves)

    loops = {"floor": floor, "legal_moves": listing, "list(legal_moves)": reading}
    if only is not None:
        for _ in range(reps):
            loops[only]()
        return
    moves = sum(len(b.legal_moves) for b in boards)
    for name, f in loops.items():
        secs = best_of(reps, f)
        print(
            f"python {name}: {len(boards)} positions, {moves} moves, best {secs * 1e3:.2f} ms "
            f"({secs * 1e9 / len(boards):.0f} ns a position)"
        )


if __name__ == "__main__":
    main()

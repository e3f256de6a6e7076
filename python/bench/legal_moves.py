"""Legal moves of every position of tests/data/game-positions.fen, from Python.

    python python/bench/legal_moves.py [REPS]

Boards are built first; then each pass asks every board for `legal_moves` (a `MoveList`,
whose `Move` objects are made when read), and a second loop also reads every move
(`list(board.legal_moves)`). Prints the best pass of REPS (default 20). The Rust side of the
comparison: `cargo bench -p turkish-draughts-python --bench rust -- legal-moves`.
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
    fens = [l.strip() for l in DATA.read_text().splitlines() if l.strip() and not l.startswith("#")]
    boards = [td.Board(f) for f in fens]
    moves = sum(len(b.legal_moves) for b in boards)

    def listing():
        for b in boards:
            b.legal_moves

    def reading():
        for b in boards:
            list(b.legal_moves)

    for name, f in [("legal_moves", listing), ("list(legal_moves)", reading)]:
        secs = best_of(reps, f)
        print(
            f"python {name}: {len(boards)} positions, {moves} moves, best {secs * 1e3:.2f} ms "
            f"({secs * 1e9 / len(boards):.0f} ns a position)"
        )


if __name__ == "__main__":
    main()

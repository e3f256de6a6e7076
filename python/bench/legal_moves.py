"""Legal moves of every position of tests/data/game-positions.fen, from Python.

    python python/bench/legal_moves.py [REPS] [LOOP] [--cpu]

Boards are built first. Then each pass runs one loop over all the boards:

* `floor`: reads `board.turn` (a property that makes no object: `True` and `False` are
  shared), the cost of the Python loop and of one call into the extension;
* `legal_moves`: asks every board for `legal_moves` (a `MoveList`, whose `Move` objects are
  made when read);
* `list(legal_moves)`: also reads every move.

Prints the best pass of REPS (default 20) for each loop, by the wall clock or, with `--cpu`,
by the thread's CPU time (`time.thread_time`: on a busy machine, the time the thread ran,
without the time it waited for a core). With LOOP, runs that loop alone REPS times and
prints nothing: for instruction counts, run it under callgrind with 1 and 3 passes and
halve the difference. The Rust side of the comparison:
`cargo bench -p turkish-draughts-python --bench rust -- legal-moves [REPS] [--cpu]`.
"""

import pathlib
import sys
import time

import turkish_draughts as td

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "game-positions.fen"


def best_of(reps, f, clock):
    best = float("inf")
    for _ in range(reps):
        t = clock()
        f()
        best = min(best, clock() - t)
    return best


def main():
    cpu = "--cpu" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--cpu"]
    clock, clock_name = (time.thread_time, "thread CPU") if cpu else (time.perf_counter, "wall")
    reps = int(args[0]) if args else 20
    only = args[1] if len(args) > 1 else None
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
        secs = best_of(reps, f, clock)
        print(
            f"python {name}: {len(boards)} positions, {moves} moves, best {secs * 1e3:.2f} ms {clock_name} "
            f"({secs * 1e9 / len(boards):.0f} ns a position)"
        )


if __name__ == "__main__":
    main()

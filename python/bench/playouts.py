"""Bulk random playouts called from Python (`turkish_draughts.playouts`).

    python python/bench/playouts.py [GAMES] [THREADS] [REPS]

GAMES playouts (default 20 000) from the start position, default rules and limits (400
plies, 60 plies without progress), seed 1, on THREADS threads (default 1); prints the best
wall time of REPS runs (default 5) and the least CPU time of the process (every thread's,
`time.process_time`), which says how much work the call did whatever the machine's load.
The same playouts from Rust:
`cargo bench -p turkish-draughts-python --bench rust -- playouts GAMES THREADS REPS`.
"""

import sys
import time

import turkish_draughts as td


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    best = cpu = float("inf")
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        r = td.playouts(games, seed=1, threads=threads)
        cpu = min(cpu, time.process_time() - c)
        best = min(best, time.perf_counter() - t)
    plies = int(r.plies.sum())
    print(
        f"python playouts: {games} games, {plies} plies, {threads} thread(s), best {best * 1e3:.1f} ms wall "
        f"({plies / best:.0f} plies/s), least CPU time {cpu * 1e3:.1f} ms ({cpu * 1e6 / games:.1f} us a game)"
    )


if __name__ == "__main__":
    main()

"""Bulk random playouts called from Python (`turkish_draughts.playouts`).

    python python/bench/playouts.py [GAMES] [THREADS] [REPS]

GAMES playouts (default 20 000) from the start position, default rules and limits (400
plies, 60 plies without progress), seed 1, on THREADS threads (default 1); prints the best
of REPS (default 5). The same playouts from Rust:
`cargo bench -p turkish-draughts-python --bench rust -- playouts GAMES THREADS REPS`.
"""

import sys
import time

import turkish_draughts as td


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        r = td.playouts(games, seed=1, threads=threads)
        best = min(best, time.perf_counter() - t)
    plies = int(r.plies.sum())
    print(
        f"python playouts: {games} games, {plies} plies, {threads} thread(s), best {best * 1e3:.1f} ms "
        f"({plies / best:,.0f} plies/s)"
    )


if __name__ == "__main__":
    main()
